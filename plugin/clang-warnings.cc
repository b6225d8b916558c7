/* clang-warnings.cc: GCC's warnings that clang does not give on the same
   BPF code, which fail the -Wall -Werror builds of projects made for
   clang (xdp-tutorial, bcc's libbpf-tools).

   - `static u64 log2(u32 v)' (bcc's bits.bpf.h, and log2l): GCC declares
     the C library's log2 as a builtin and warns "conflicting types for
     built-in function" even for a static function; clang warns only for a
     declaration with external linkage.  BPF has no floating point and no
     libm: the log2 family is not declared as a library builtin
     (__builtin_log2 stays), so the program's own function is just that.
   - "comparison of distinct pointer types lacks a cast" is a GCC warning
     without an option; clang's is -Wcompare-distinct-pointer-types, and
     Makefiles written for clang pass -Wno-compare-distinct-pointer-types
     (an option GCC does not know, and ignores).  With that option on the
     command line, the warning is not given.
   - `char *p = BPF_CORE_READ(t, s, name)' with an array `name': libbpf's
     macro is `({ typeof(...) __r; BPF_CORE_READ_INTO(&__r, ...); __r; })',
     whose value, the array, decays to a pointer to `__r' after its scope
     has ended.  GCC warns (-Wdangling-pointer, in -Wall) and may give the
     stack slot to another variable, so the string read later is
     overwritten; clang neither warns nor reuses the slot there.  A
     variable of a statement expression whose address is the expression's
     value lives, here, as long as the function: no warning, no reuse.
   - `asm volatile (... ::: "r0", ..., "r9")': the kernel selftests'
     __clobber_all lists every register an asm may change.  GCC 12's BPF
     backend makes r9 its stack pointer, a fixed register it never
     allocates, and warns "listing the stack pointer register 'r9' in a
     clobber list is deprecated" (-Wdeprecated; an error under -Werror, 73
     selftests files).  For clang r9 is an ordinary callee-saved register.
     Since GCC never keeps a value in r9, the clobber says nothing to it:
     it is taken out of the list before expansion, and nothing changes in
     the code but the warning.
   - -Waddress through an explicit cast: `if (max && (struct bpf_map_def
     *)&data_heap)' (24 of 94 objects of a production project, under
     -Werror).  GCC looks through every conversion and warns that the
     address "will always evaluate as 'true'"; clang warns
     (-Wpointer-bool-conversion, -Wtautological-pointer-compare) only where
     no explicit cast stands between the test and the address.  The
     warning, and its "declared here" note, is dropped when the source line
     has a cast's `)' right before the name it gives (`(T *)&x', `(T *)arr');
     `if (&x)' still warns, as with clang.
   - An anonymous struct, union or enum declared in a parameter list:
     GCC warns that it "will not be visible outside" (no option), clang
     only for a named one (-Wvisibility); dropped for anonymous ones.
   - An always_inline declaration, then a noinline one (18 of 94 objects):
     GCC warns "ignoring attribute 'noinline' because it conflicts with
     attribute 'always_inline'" (-Wattributes) and inlines; clang is silent
     and calls the function: in LLVM noinline wins.  The warning and its
     note are dropped and the function becomes noinline, as with clang.  */
#include "plugin/gcc-compat.h"
#include "plugin/asm-walk.h"
#include "attrs/core.h"
#include "c-family/c-common.h"
#include "diagnostic.h"
#include "opts.h"
#include "toplev.h"
#include "tree-iterator.h"
#include "intl.h"
#include "varasm.h"

/* The libm names of the log2 family.  */
static const char *const libm_names[] = { "log2", "log2f", "log2l" };

static bool no_distinct_pointer_warning;
static diagnostic_starter_fn prev_starter;
static diagnostic_finalizer_fn prev_finalizer;
static bool dropping;

/* The -Waddress or -Wattributes warning just dropped: the note that
   follows it goes too.  */
static bool dropped_warning;

/* Where the last dropped noinline/always_inline conflict was: the next
   function declared or defined there with always_inline becomes
   noinline.  */
static location_t noinline_conflict = UNKNOWN_LOCATION;

/* The text of the diagnostic being reported, from the printer's chunks
   (pp_format has run; nothing is output yet).  */
static void
message_text (diagnostic_context *dc, char *buf, size_t n)
{
  buf[0] = '\0';
  chunk_info *c = pp_buffer (dc->printer)->cur_chunk_array;
  size_t len = 0;
  for (int i = 0; c && c->args[i] && len + 1 < n; i++)
    {
      size_t k = strlen (c->args[i]);
      if (k > n - 1 - len)
	k = n - 1 - len;
      memcpy (buf + len, c->args[i], k);
      len += k;
    }
  buf[len] = '\0';
}

/* The first quoted name in TEXT (between GCC's quotes, ASCII or UTF-8),
   into NAME.  */
static bool
quoted_name (const char *text, char *name, size_t n)
{
  static const char *const opens[] = { "\xe2\x80\x98", "'", "`" };
  for (const char *o : opens)
    {
      const char *b = strstr (text, o);
      if (!b)
	continue;
      b += strlen (o);
      size_t k = 0;
      while ((ISALNUM (b[k]) || b[k] == '_') && k + 1 < n)
	{
	  name[k] = b[k];
	  k++;
	}
      name[k] = '\0';
      return k > 0;
    }
  return false;
}

/* Whether the source line of LOC has NAME right after a cast's `)':
   `) &NAME' or `) NAME', as a whole word.  */
static bool
cast_before_name_p (location_t loc, const char *name)
{
  loc = linemap_resolve_location (line_table, loc, LRK_MACRO_EXPANSION_POINT,
				  NULL);
  expanded_location x = expand_location (loc);
  if (!x.file || x.line <= 0)
    return false;
  char_span line = location_get_source_line (x.file, x.line);
  if (!line)
    return false;
  const char *s = line.get_buffer ();
  size_t n = line.length (), len = strlen (name);
  for (size_t i = 0; i + len <= n; i++)
    {
      if (memcmp (s + i, name, len) || (i > 0 && (ISALNUM (s[i - 1]) || s[i - 1] == '_'))
	  || (i + len < n && (ISALNUM (s[i + len]) || s[i + len] == '_')))
	continue;
      size_t j = i;
      while (j > 0 && ISSPACE (s[j - 1]))
	j--;
      if (j > 0 && s[j - 1] == '&')
	j--;
      while (j > 0 && ISSPACE (s[j - 1]))
	j--;
      if (j > 0 && s[j - 1] == ')')
	return true;
    }
  return false;
}

static bool
address_through_cast_p (diagnostic_context *dc, diagnostic_info *d)
{
  if (d->option_index != OPT_Waddress)
    return false;
  char text[512], name[128];
  message_text (dc, text, sizeof text);
  return (strstr (text, "will always evaluate as")
	  || strstr (text, "will never be NULL"))
	 && quoted_name (strstr (text, "address of"), name, sizeof name)
	 && cast_before_name_p (diagnostic_location (d), name);
}

static bool
noinline_conflict_p (diagnostic_context *dc, diagnostic_info *d)
{
  if (d->option_index != OPT_Wattributes)
    return false;
  char text[512];
  message_text (dc, text, sizeof text);
  const char *a = strstr (text, "noinline");
  return a && strstr (text, "conflicts with attribute")
	 && strstr (a, "always_inline");
}

/* "anonymous struct declared inside parameter list will not be visible
   outside of this definition or declaration" (no option; struct, union or
   enum): clang warns only for a named one (-Wvisibility), and the
   kernel's selftests declare anonymous ones in parameters (7 sites,
   make check-warnings).  */
static bool
anonymous_in_parameters_p (diagnostic_context *dc, diagnostic_info *d)
{
  /* Under -Werror it arrives as an error already.  */
  if (d->option_index != 0)
    return false;
  char text[512];
  message_text (dc, text, sizeof text);
  return !strncmp (text, "anonymous ", 10)
	 && strstr (text, "declared inside parameter list");
}

static bool
distinct_pointer_diagnostic_p (diagnostic_info *d)
{
  const char *f = d->message.format_spec;
  return f && (!strcmp (f, "comparison of distinct pointer types lacks a cast")
	       || !strcmp (f, _("comparison of distinct pointer types lacks a "
				"cast")));
}

static void
starter (diagnostic_context *dc, diagnostic_info *d)
{
  if (d->kind == DK_NOTE)
    dropping = dropped_warning;
  else
    {
      dropping = no_distinct_pointer_warning && distinct_pointer_diagnostic_p (d);
      dropped_warning = false;
      /* Not a warning, but the plugin's own: attrs/core-pointer-diff.cc.  */
      if (!dropping && bpfs_core_pointer_diff_error_p (d))
	dropping = true;
      if (!dropping && (address_through_cast_p (dc, d)
			|| anonymous_in_parameters_p (dc, d)))
	dropping = dropped_warning = true;
      else if (!dropping && noinline_conflict_p (dc, d))
	{
	  dropping = dropped_warning = true;
	  noinline_conflict = diagnostic_location (d);
	}
    }
  if (!dropping)
    prev_starter (dc, d);
}

/* FNDECL, declared always_inline and now noinline, made noinline as clang
   makes it: always_inline off, noinline on.  */
static void
make_noinline (tree fndecl)
{
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL
      || noinline_conflict == UNKNOWN_LOCATION
      || !lookup_attribute ("always_inline", DECL_ATTRIBUTES (fndecl)))
    return;
  expanded_location w = expand_location (noinline_conflict);
  expanded_location f = expand_location (DECL_SOURCE_LOCATION (fndecl));
  /* The warning points at the definition's `{' or the declaration's end,
     the decl at its name: a few lines apart at most.  */
  if (!w.file || !f.file || strcmp (w.file, f.file) || f.line < w.line - 8
      || f.line > w.line + 8)
    return;
  noinline_conflict = UNKNOWN_LOCATION;
  DECL_ATTRIBUTES (fndecl) = remove_attribute ("always_inline",
					       DECL_ATTRIBUTES (fndecl));
  DECL_ATTRIBUTES (fndecl)
    = tree_cons (get_identifier ("noinline"), NULL_TREE, DECL_ATTRIBUTES (fndecl));
  DECL_DISREGARD_INLINE_LIMITS (fndecl) = 0;
  DECL_UNINLINABLE (fndecl) = 1;
}

void
bpfs_noinline_wins_decl (void *gcc_data, void *)
{
  make_noinline ((tree) gcc_data);
}

static void
finalizer (diagnostic_context *dc, diagnostic_info *d, diagnostic_t orig)
{
  if (!dropping)
    {
      prev_finalizer (dc, d, orig);
      return;
    }
  /* Its text is in the printer's buffer, not yet written; it was counted
     (as a -Werror error when it became one).  */
  dropping = false;
  pp_clear_output_area (dc->printer);
  diagnostic_t counted = d->kind == DK_ERROR && orig == DK_WARNING
			 ? DK_WERROR : d->kind;
  if (diagnostic_kind_count (dc, counted) > 0)
    diagnostic_kind_count (dc, counted)--;
}

/* -Wno-compare-distinct-pointer-types, the last of it and
   -Wcompare-distinct-pointer-types winning.  */
static bool
asked_no_distinct_pointer_warning (void)
{
  bool no = false;
  for (unsigned i = 0; i < save_decoded_options_count; i++)
    {
      const char *t = save_decoded_options[i].orig_option_with_args_text;
      if (!t)
	continue;
      if (!strcmp (t, "-Wno-compare-distinct-pointer-types"))
	no = true;
      else if (!strcmp (t, "-Wcompare-distinct-pointer-types"))
	no = false;
    }
  return no;
}

/* TARGET_EXPR <D, { T v[N]; ...; D = (P) &v; }>: v is the value's
   object.  */
static tree
value_object (tree bind, tree slot)
{
  tree body = BIND_EXPR_BODY (bind);
  tree last = body;
  if (TREE_CODE (body) == STATEMENT_LIST)
    {
      last = NULL_TREE;
      for (tree_stmt_iterator i = tsi_start (body); !tsi_end_p (i); tsi_next (&i))
	if (TREE_CODE (tsi_stmt (i)) != DEBUG_BEGIN_STMT)
	  last = tsi_stmt (i);
    }
  if (!last || TREE_CODE (last) != MODIFY_EXPR || TREE_OPERAND (last, 0) != slot)
    return NULL_TREE;
  tree v = TREE_OPERAND (last, 1);
  STRIP_NOPS (v);
  if (TREE_CODE (v) != ADDR_EXPR)
    return NULL_TREE;
  v = TREE_OPERAND (v, 0);
  if (!VAR_P (v) || TREE_STATIC (v) || DECL_EXTERNAL (v))
    return NULL_TREE;
  for (tree d = BIND_EXPR_VARS (bind); d; d = DECL_CHAIN (d))
    if (d == v)
      return v;
  return NULL_TREE;
}

static tree
hoist_value_objects (tree *tp, int *, void *data)
{
  tree outer = (tree) data;
  tree t = *tp;
  /* `const char *p = BPF_CORE_READ (...)': the initializer hangs off the
     declaration, where walk_tree does not go.  */
  if (TREE_CODE (t) == DECL_EXPR && VAR_P (DECL_EXPR_DECL (t))
      && DECL_INITIAL (DECL_EXPR_DECL (t)))
    walk_tree (&DECL_INITIAL (DECL_EXPR_DECL (t)), hoist_value_objects, data,
	       NULL);
  if (TREE_CODE (t) != TARGET_EXPR || !TARGET_EXPR_INITIAL (t)
      || TREE_CODE (TARGET_EXPR_INITIAL (t)) != BIND_EXPR)
    return NULL_TREE;
  tree bind = TARGET_EXPR_INITIAL (t);
  tree v = value_object (bind, TARGET_EXPR_SLOT (t));
  if (!v || bind == outer)
    return NULL_TREE;
  /* Unlink V from the inner scope (BIND_EXPR_VARS and its BLOCK's vars
     are one chain in the C front end, or two) and give it to the
     function's outermost one.  */
  tree block = BIND_EXPR_BLOCK (bind);
  for (tree *p = &BIND_EXPR_VARS (bind); *p; p = &DECL_CHAIN (*p))
    if (*p == v)
      {
	*p = DECL_CHAIN (v);
	break;
      }
  if (block && BLOCK_VARS (block) != BIND_EXPR_VARS (bind))
    for (tree *p = &BLOCK_VARS (block); *p; p = &DECL_CHAIN (*p))
      if (*p == v)
	{
	  *p = DECL_CHAIN (v);
	  break;
	}
  tree oblock = BIND_EXPR_BLOCK (outer);
  bool shared = oblock && BLOCK_VARS (oblock) == BIND_EXPR_VARS (outer);
  DECL_CHAIN (v) = BIND_EXPR_VARS (outer);
  BIND_EXPR_VARS (outer) = v;
  if (shared)
    BLOCK_VARS (oblock) = v;
  return NULL_TREE;
}

void
bpfs_hoist_statement_expression_values (void *gcc_data, void *)
{
  tree fndecl = (tree) gcc_data;
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL)
    return;
  tree body = DECL_SAVED_TREE (fndecl);
  if (!body || TREE_CODE (body) != BIND_EXPR)
    return;
  walk_tree_without_duplicates (&BIND_EXPR_BODY (body), hoist_value_objects,
				body);
}

/* Take the stack pointer out of an asm's clobbers.  */
static void
drop_stack_pointer_clobber (tree asm_expr)
{
  for (tree *c = &ASM_CLOBBERS (asm_expr); *c; )
    {
      tree name = TREE_VALUE (*c);
      if (TREE_CODE (name) == STRING_CST
	  && decode_reg_name (TREE_STRING_POINTER (name))
	     == STACK_POINTER_REGNUM)
	*c = TREE_CHAIN (*c);
      else
	c = &TREE_CHAIN (*c);
    }
}

void
bpfs_drop_stack_pointer_clobbers (void *gcc_data, void *)
{
  bpfs_for_each_asm (gcc_data, drop_stack_pointer_clobber);
}

void
bpfs_clang_warnings_start_unit (void *, void *)
{
  no_distinct_pointer_warning = asked_no_distinct_pointer_warning ();
  if (!prev_starter)
    {
      prev_starter = diagnostic_starter (global_dc);
      prev_finalizer = diagnostic_finalizer (global_dc);
      diagnostic_starter (global_dc) = starter;
      diagnostic_finalizer (global_dc) = finalizer;
    }
}

void
bpfs_clang_warnings_init (void)
{
  /* Before the front end declares the builtins (c_common_nodes_and_builtins
     runs after the plugins are initialised).  */
  for (const char *name : libm_names)
    disable_builtin_function (name);
}
