/* clang-loop-pragmas.cc: clang's loop pragmas, honoured as GCC's
   `#pragma GCC unroll'.

   BPF programs written for clang (xdp-tutorial, Cilium, bcc) put
   `#pragma unroll' before loops the verifier of older kernels could not
   follow; GCC does not know the pragma and warns (-Wunknown-pragmas, in
   -Wall), which fails their -Werror builds, and the loop is not unrolled.
   Here
     #pragma unroll          unroll fully (GCC's largest count, 65534)
     #pragma unroll N        #pragma unroll (N)   unroll N times
     #pragma nounroll        do not unroll (count 1)
     #pragma clang loop unroll(full|enable|disable) unroll_count(N)
   (clang loop's other hints, vectorize and interleave, mean nothing on
   BPF and are accepted) are read where they stand; when the function is
   complete (PLUGIN_PRE_GENERICIZE, before c_genericize lowers the loops)
   the first loop after each pragma gets the annotation GCC's own pragma
   gives its condition: ANNOTATE_EXPR <cond, unroll, N>.  A loop without a
   condition (`for (;;)') has nothing to unroll on.  */
#include "plugin/gcc-compat.h"
#include "c-family/c-common.h"
#include "c-family/c-pragma.h"

/* Full unrolling: the largest count `#pragma GCC unroll' takes.  */
#define UNROLL_FULL 65534

struct loop_pragma
{
  location_t loc;
  unsigned short count;
};

static vec<loop_pragma> pending;

static void
note (location_t loc, unsigned short count)
{
  loop_pragma p = { loc, count };
  pending.safe_push (p);
}

/* A count N, bare or in parentheses; -1 when there is none (CPP_EOF),
   -2 when what follows is not one.  */
static int
read_count (location_t *loc)
{
  tree x;
  enum cpp_ttype t = pragma_lex (&x, loc);
  bool paren = t == CPP_OPEN_PAREN;
  if (paren)
    t = pragma_lex (&x);
  if (t == CPP_EOF && !paren)
    return -1;
  if (t != CPP_NUMBER || TREE_CODE (x) != INTEGER_CST || !tree_fits_shwi_p (x)
      || tree_to_shwi (x) < 0 || tree_to_shwi (x) > UNROLL_FULL)
    return -2;
  int n = tree_to_shwi (x);
  if (paren && pragma_lex (&x) != CPP_CLOSE_PAREN)
    return -2;
  if (pragma_lex (&x) != CPP_EOF)
    return -2;
  return n;
}

static void
handle_unroll (cpp_reader *)
{
  location_t loc = input_location;
  int n = read_count (&loc);
  if (n == -2)
    {
      warning_at (loc, OPT_Wpragmas, "%<#pragma unroll%> takes nothing, "
		  "a count or a count in parentheses");
      return;
    }
  note (loc, n < 0 ? UNROLL_FULL : n == 0 ? 1 : n);
}

static void
handle_nounroll (cpp_reader *)
{
  tree x;
  location_t loc = input_location;
  pragma_lex (&x, &loc);
  note (loc, 1);
}

/* #pragma clang loop HINT(VALUE) ...  */
static void
handle_clang_loop (cpp_reader *)
{
  tree x;
  location_t loc = input_location, first = UNKNOWN_LOCATION;
  int count = -1;
  enum cpp_ttype t;
  while ((t = pragma_lex (&x, &loc)) != CPP_EOF)
    {
      if (first == UNKNOWN_LOCATION)
	first = loc;
      if (t != CPP_NAME)
	continue;
      const char *hint = IDENTIFIER_POINTER (x);
      if (pragma_lex (&x) != CPP_OPEN_PAREN)
	break;
      t = pragma_lex (&x);
      if (!strcmp (hint, "unroll") && t == CPP_NAME)
	{
	  const char *v = IDENTIFIER_POINTER (x);
	  count = !strcmp (v, "disable") ? 1 : UNROLL_FULL;
	}
      else if (!strcmp (hint, "unroll_count") && t == CPP_NUMBER
	       && TREE_CODE (x) == INTEGER_CST && tree_fits_shwi_p (x)
	       && tree_to_shwi (x) >= 0 && tree_to_shwi (x) <= UNROLL_FULL)
	count = MAX (1, (int) tree_to_shwi (x));
      while (t != CPP_CLOSE_PAREN && t != CPP_EOF)
	t = pragma_lex (&x);
      if (t == CPP_EOF)
	break;
    }
  if (count > 0)
    note (first != UNKNOWN_LOCATION ? first : loc, count);
}

void
bpfs_clang_loop_pragmas_register (void *, void *)
{
  c_register_pragma (NULL, "unroll", handle_unroll);
  c_register_pragma (NULL, "nounroll", handle_nounroll);
  c_register_pragma ("clang", "loop", handle_clang_loop);
}

struct loop_walk
{
  location_t after;
  tree *best;
  location_t best_loc;
};

static tree *
cond_of (tree loop)
{
  switch (TREE_CODE (loop))
    {
    case FOR_STMT: return &FOR_COND (loop);
    case WHILE_STMT: return &WHILE_COND (loop);
    case DO_STMT: return &DO_COND (loop);
    default: return NULL;
    }
}

static tree
find_loop (tree *tp, int *, void *data)
{
  loop_walk *w = (loop_walk *) data;
  tree t = *tp;
  if (!cond_of (t))
    return NULL_TREE;
  location_t l = expansion_point_location_if_in_system_header (EXPR_LOCATION (t));
  l = linemap_resolve_location (line_table, l, LRK_MACRO_EXPANSION_POINT, NULL);
  if (linemap_compare_locations (line_table, w->after, l) > 0
      && (!w->best
	  || linemap_compare_locations (line_table, l, w->best_loc) > 0))
    {
      w->best = tp;
      w->best_loc = l;
    }
  return NULL_TREE;
}

void
bpfs_clang_loop_annotate (void *gcc_data, void *)
{
  tree fndecl = (tree) gcc_data;
  if (pending.is_empty () || !fndecl || TREE_CODE (fndecl) != FUNCTION_DECL
      || !DECL_SAVED_TREE (fndecl))
    return;
  for (loop_pragma &p : pending)
    {
      loop_walk w = { p.loc, NULL, UNKNOWN_LOCATION };
      walk_tree_without_duplicates (&DECL_SAVED_TREE (fndecl), find_loop, &w);
      if (!w.best)
	continue;
      tree *cond = cond_of (*w.best);
      if (!*cond || TREE_CODE (*cond) == ANNOTATE_EXPR)
	continue;
      *cond = build3 (ANNOTATE_EXPR, TREE_TYPE (*cond), *cond,
		      build_int_cst (integer_type_node, annot_expr_unroll_kind),
		      build_int_cst (integer_type_node, p.count));
    }
  pending.truncate (0);
}
