/* gcc-btf.cc: the plugin's BTF and .BTF.ext, fed from GCC's trees.
 *
 * With -g (or -gbtf), GCC 12 writes DWARF, or its own BTF, which the kernel
 * rejects (char with two encodings, FWDs with a type, anonymous FUNCs),
 * which carries every type of every header, static linkage for every
 * function, no externs in .kconfig/.ksyms and no func_info or line_info.
 * The plugin turns GCC's debug output off (unless the `dwarf' argument
 * keeps DWARF) and writes BTF the way clang does:
 *
 *  - types reachable from what the object defines or references: the
 *    functions it defines (FUNC + FUNC_PROTO with parameter names), the
 *    variables it emits and the externs it uses (VAR, and a DATASEC per
 *    section; sizes and offsets left 0 for libbpf to fill from the ELF
 *    symbols, as clang does), kfuncs declared extern (FUNC, extern);
 *  - .BTF.ext func_info for every function and line_info for every change
 *    of source line, with the text of the line.
 *
 * Instruction offsets come from the assembler: a local label is printed at
 * each line change (through the debug hooks GCC calls while it writes the
 * instructions), and .BTF.ext holds `label - base', where base is the first
 * function of that section in this unit, at offset 0.  No relocation is
 * needed, and nothing here changes an instruction: only labels, sections
 * and debug data.  The type builder itself (btf/btf.h) is plain C.  */
#include "plugin/gcc-compat.h"
#include "btf/btf.h"
#include "btf/gcc-btf.h"
#include "attrs/core.h"

/* What the debug hooks record while final writes the functions.  */
struct line_record
{
  const char *section;   /* the code section of the label */
  unsigned label;        /* .LBPFSl<label> */
  const char *file;
  unsigned line, column;
};

struct function_record
{
  tree decl;
  const char *section;
  const char *symbol;
};

static const struct gcc_debug_hooks *inner_hooks;
static struct gcc_debug_hooks btf_hooks;
static vec<line_record> line_records;
static vec<function_record> function_records;
static unsigned next_label;
/* The last line label has no instruction after it yet: a new line change
   at the same address replaces its record instead of adding one (the
   kernel wants strictly increasing offsets).  */
static bool label_pending;
static void (*inner_postscan) (FILE *, rtx_insn *, rtx *, int);
static section *(*inner_select_section) (tree, int, unsigned HOST_WIDE_INT);
struct btf_gcc_state *bpfs_btf;

/* The name of section S as the assembler knows it, or NULL.  */
const char *
bpfs_section_name (section *s)
{
  if (!s)
    return NULL;
  if (s->common.flags & SECTION_NAMED)
    return s->named.name;
  if (s == text_section)
    return ".text";
  if (s == data_section)
    return ".data";
  if (s == readonly_data_section)
    return ".rodata";
  if (s == bss_section || (s->common.flags & SECTION_NOSWITCH))
    return ".bss";
  return NULL;
}

/* The name DECL has in the assembler output (and the ELF symbol table).  */
const char *
bpfs_symbol_name (tree decl)
{
  rtx rtl = DECL_RTL_IF_SET (decl);
  if (rtl && MEM_P (rtl) && GET_CODE (XEXP (rtl, 0)) == SYMBOL_REF)
    return targetm.strip_name_encoding (XSTR (XEXP (rtl, 0), 0));
  return IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (decl));
}

static void
emit_line_label (const char *file, unsigned line, unsigned column)
{
  if (!current_function_decl || !file || !line || !asm_out_file)
    return;
  const char *sec = bpfs_section_name (in_section);
  if (!sec)
    return;
  if (label_pending && !line_records.is_empty ()
      && line_records.last ().section == sec)
    {
      line_record &r = line_records.last ();
      r.file = file;
      r.line = line;
      r.column = column;
      return;
    }
  line_record r = { sec, next_label++, file, line, column };
  fprintf (asm_out_file, ".LBPFSl%u:\n", r.label);
  line_records.safe_push (r);
  label_pending = true;
}

static void
btf_source_line (unsigned line, unsigned column, const char *file,
		 int discriminator, bool is_stmt)
{
  inner_hooks->source_line (line, column, file, discriminator, is_stmt);
  emit_line_label (file, line, column);
}

/* The start of a function: its symbol is the func_info offset, and the
   kernel wants a line_info record at that very instruction too.  */
static void
btf_begin_prologue (unsigned line, unsigned column, const char *file)
{
  inner_hooks->begin_prologue (line, column, file);
  if (!current_function_decl)
    return;
  function_record f = { current_function_decl, bpfs_section_name (in_section),
			bpfs_symbol_name (current_function_decl) };
  if (f.section)
    {
      function_records.safe_push (f);
      /* Now, while the parameters are still there: GCC drops a function's
	 DECL_ARGUMENTS once its body is released.  */
      bpfs_btf_add_function (bpfs_btf, f.decl, f.section, f.symbol);
    }
  label_pending = false;
  emit_line_label (file, line, column);
}

/* Called after each instruction is printed: the pending label now has an
   instruction after it.  An asm statement with an empty template prints
   nothing.  */
static void
btf_postscan (FILE *file, rtx_insn *insn, rtx *ops, int nops)
{
  if (inner_postscan)
    inner_postscan (file, insn, ops, nops);
  rtx body = PATTERN (insn);
  if (GET_CODE (body) == PARALLEL)
    body = XVECEXP (body, 0, 0);
  if (GET_CODE (body) == SET)
    body = SET_SRC (body);
  if ((GET_CODE (body) == ASM_OPERANDS && !*ASM_OPERANDS_TEMPLATE (body))
      || (GET_CODE (body) == ASM_INPUT && !*XSTR (body, 0)))
    return;
  label_pending = false;
  /* A CO-RE instruction: label its end, the relocation points at it.  */
  if (GET_CODE (body) == ASM_OPERANDS)
    {
      const char *sec = bpfs_section_name (in_section);
      if (sec && bpfs_core_note_asm (ASM_OPERANDS_TEMPLATE (body), sec,
				     next_label))
	fprintf (file, ".LBPFSc%u:\n", next_label++);
    }
}

/* const volatile globals are read-only configuration (libbpf skeletons'
   skel->rodata->...): GCC puts them in .data because they are volatile;
   clang and libbpf expect .rodata.  */
static section *
btf_select_section (tree decl, int reloc, unsigned HOST_WIDE_INT align)
{
  if (VAR_P (decl) && TREE_READONLY (decl) && TREE_THIS_VOLATILE (decl)
      && TREE_STATIC (decl) && !DECL_SECTION_NAME (decl))
    return readonly_data_section;
  return inner_select_section (decl, reloc, align);
}

static hash_map<nofree_string_hash, const char *> *section_bases;

/* Labels at offset 0 of every data section, so that .BTF can give each
   variable's offset as `symbol - label' (libbpf 1.1 fills in only global
   variables' offsets; a static one needs the compiler's).  Named sections
   get theirs the first time GCC switches to them; .data, .bss (where
   .lcomm variables go too) and .rodata at the start of the unit.  */
static hash_map<nofree_string_hash, unsigned> *data_bases;
static void (*inner_named_section) (const char *, unsigned int, tree);

static void
note_section_start (const char *name)
{
  if (data_bases->get (name))
    return;
  data_bases->put (ggc_strdup (name), next_label);
  fprintf (asm_out_file, ".LBPFSl%u:\n", next_label++);
}

static void
btf_named_section (const char *name, unsigned int flags, tree decl)
{
  inner_named_section (name, flags, decl);
  note_section_start (name);
}

/* .data, .bss and .rodata are unnamed sections: GCC switches to them
   through a callback, which we wrap.  (Switching to them eagerly would
   leave empty sections behind, which libbpf's static linker mishandles.) */
struct unnamed_hook
{
  unnamed_section_callback callback;
  const char *name;
};
static struct unnamed_hook data_hook, bss_hook, rodata_hook;

static void
enter_unnamed (struct unnamed_hook *h, const char *data)
{
  h->callback (data);
  note_section_start (h->name);
}
static void data_section_entered (const char *d) { enter_unnamed (&data_hook, d); }
static void bss_section_entered (const char *d) { enter_unnamed (&bss_hook, d); }
static void rodata_section_entered (const char *d) { enter_unnamed (&rodata_hook, d); }

static void
hook_unnamed (section *sec, struct unnamed_hook *h, const char *name,
	      unnamed_section_callback wrapper)
{
  if (!sec || SECTION_STYLE (sec) != SECTION_UNNAMED)
    return;
  h->callback = sec->unnamed.callback;
  h->name = name;
  sec->unnamed.callback = wrapper;
}

/* Zero-initialized statics are written as `.lcomm', which the assembler
   places in .bss: make sure .bss has its label first.  */
static noswitch_section_callback noswitch_hooks[2];

static bool
enter_noswitch (int which, tree decl, const char *name,
		unsigned HOST_WIDE_INT size, unsigned HOST_WIDE_INT rounded)
{
  if (!data_bases->get (".bss") && bss_section)
    switch_to_section (bss_section);
  return noswitch_hooks[which] (decl, name, size, rounded);
}
static bool
lcomm_entered (tree decl, const char *name, unsigned HOST_WIDE_INT size,
	       unsigned HOST_WIDE_INT rounded)
{
  return enter_noswitch (0, decl, name, size, rounded);
}
static bool
bss_noswitch_entered (tree decl, const char *name, unsigned HOST_WIDE_INT size,
		      unsigned HOST_WIDE_INT rounded)
{
  return enter_noswitch (1, decl, name, size, rounded);
}

const char *
bpfs_btf_data_base (const char *section)
{
  unsigned *n = data_bases ? data_bases->get (section) : NULL;
  if (!n)
    return NULL;
  char buf[32];
  snprintf (buf, sizeof buf, ".LBPFSl%u", *n);
  return ggc_strdup (buf);
}

static const char *
section_base (const char *section)
{
  const char **base = section_bases->get (section);
  return base ? *base : NULL;
}

static void
btf_finish (const char *filename)
{
  inner_hooks->finish (filename);
  if (seen_error ())
    return;
  struct btf_gcc_state *st = bpfs_btf;
  bpfs_btf_add_variables (st);

  /* Offsets are relative to the first function of each section.  */
  for (unsigned i = 0; i < function_records.length (); i++)
    if (!section_bases->get (function_records[i].section))
      section_bases->put (function_records[i].section,
			  function_records[i].symbol);
  hash_map<nofree_string_hash, const char *> &bases = *section_bases;
  for (unsigned i = 0; i < function_records.length (); i++)
    bpfs_btf_add_func_info (st, function_records[i].section,
			    function_records[i].symbol,
			    *bases.get (function_records[i].section),
			    function_records[i].decl);
  for (unsigned i = 0; i < line_records.length (); i++)
    {
      line_record &r = line_records[i];
      const char **base = bases.get (r.section);
      if (!base)
	continue;
      char label[32];
      snprintf (label, sizeof label, ".LBPFSl%u", r.label);
      bpfs_btf_add_line_info (st, r.section, label, *base, r.file, r.line,
			      r.column);
    }
  bpfs_core_emit (st, bpfs_btf_builder (st), asm_out_file, section_base);
  bpfs_btf_write (st, asm_out_file);
  bpfs_core_emit_type_ids (st, bpfs_btf_builder (st), asm_out_file);
  bpfs_btf_state_free (st);
  bpfs_btf = NULL;
  /* We printed section directives behind GCC's back.  */
  in_section = NULL;
}

void
bpfs_btf_install_hooks (void *, void *)
{
  bpfs_btf = bpfs_btf_state_new ();
  section_bases = new hash_map<nofree_string_hash, const char *>;
  inner_hooks = debug_hooks;
  btf_hooks = *debug_hooks;
  btf_hooks.source_line = btf_source_line;
  btf_hooks.begin_prologue = btf_begin_prologue;
  btf_hooks.finish = btf_finish;
  debug_hooks = &btf_hooks;

  data_bases = new hash_map<nofree_string_hash, unsigned>;
  inner_named_section = targetm.asm_out.named_section;
  targetm.asm_out.named_section = btf_named_section;
  hook_unnamed (data_section, &data_hook, ".data", data_section_entered);
  hook_unnamed (bss_section, &bss_hook, ".bss", bss_section_entered);
  hook_unnamed (readonly_data_section, &rodata_hook, ".rodata",
		rodata_section_entered);
  for (unsigned i = 0; i < ARRAY_SIZE (noswitch_hooks); i++)
    {
      section *sec = i == 0 ? lcomm_section : bss_noswitch_section;
      if (sec && SECTION_STYLE (sec) == SECTION_NOSWITCH)
	{
	  noswitch_hooks[i] = sec->noswitch.callback;
	  sec->noswitch.callback = i == 0 ? lcomm_entered : bss_noswitch_entered;
	}
    }
}

/* SEC(".rodata.cfg") on a const volatile variable: read-only, like the
   section's name says (GCC would mark it writable for the volatile, and
   the assembler warns about .rodata* flags).  */
static unsigned int (*inner_section_type_flags) (tree, const char *, int);

static unsigned int
btf_section_type_flags (tree decl, const char *name, int reloc)
{
  unsigned int flags = inner_section_type_flags (decl, name, reloc);
  if (startswith (name, ".rodata") && decl && VAR_P (decl)
      && TREE_READONLY (decl))
    flags &= ~SECTION_WRITE;
  return flags;
}

/* Always: const volatile -> .rodata, and CO-RE instructions noticed (an
   object without BTF that has them is an error).  */
void
bpfs_btf_section_rules (void *, void *)
{
  inner_select_section = targetm.asm_out.select_section;
  targetm.asm_out.select_section = btf_select_section;
  inner_section_type_flags = targetm.section_type_flags;
  targetm.section_type_flags = btf_section_type_flags;
  inner_postscan = targetm.asm_out.final_postscan_insn;
  targetm.asm_out.final_postscan_insn = btf_postscan;
}

/* Variables in source order, as clang lays them out: GCC emits them in
   reverse.  Map definitions: libbpf 1.1 creates maps in section order, so
   a map-in-map's outer map would come before the inner maps it is
   initialized with ("failed to initialize slot").  Data: user space that
   reads a .data/.bss map without a skeleton takes the first variable to
   be at offset 0 (the kernel's prog_tests/core_reloc.c maps `data' of
   test_core_reloc_type_id.c so, and saw zeros where the program wrote
   the type ids, since GCC had put the six variables declared after it
   first).  no_reorder puts them out in their declaration order; unlike
   -fno-toplevel-reorder it does not keep unreferenced statics.  The data
   only with source-order (on by default): off, GCC's own layout.  */
void
bpfs_keep_variables_in_order (void *, void *)
{
  varpool_node *node;
  FOR_EACH_VARIABLE (node)
    if (bpfs_options.source_order
	|| (DECL_SECTION_NAME (node->decl)
	    && !strcmp (DECL_SECTION_NAME (node->decl), ".maps")))
      node->no_reorder = 1;
}

void
bpfs_finish_without_btf (void *, void *)
{
  bpfs_core_check_without_btf ();
}

/* Whether the plugin writes BTF (btf=on and -g or -gbtf): decided by
   bpfs_btf_init, read by plugin/pipeline.def.  */
bool bpfs_btf_wanted;

/* Called from plugin_init, after GCC has parsed its options and before it
   acts on them: this is where -g is turned into "BTF only".  The section
   rules (const volatile -> .rodata) hold with or without -g.  */
void
bpfs_btf_init (void)
{
  if (!bpfs_options.btf)
    return;
  /* GCC's own CO-RE (-mco-re) writes records against GCC's BTF, which the
     plugin replaces, and insists on -gbtf: the plugin's CO-RE takes over. */
  if (bpfs_options.core)
    target_flags &= ~MASK_BPF_CORE;
  bool wanted = debug_info_level > DINFO_LEVEL_NONE
		|| (write_symbols & (BTF_DEBUG | CTF_DEBUG));
  if (!wanted)
    return;
  bpfs_btf_wanted = true;
  if (bpfs_options.dwarf && (write_symbols & DWARF2_DEBUG))
    write_symbols = DWARF2_DEBUG;
  else
    {
      write_symbols = NO_DEBUG;
      debug_info_level = DINFO_LEVEL_NONE;
    }
}
