/* lower-global-offsets.cc: addresses of global variables that libbpf
   relocates right.
 *
 * For `lddw %r1,var+8' with var a global (STB_GLOBAL) symbol, bpf-as 2.40
 * writes var's offset in its section plus 8 into the immediate AND emits
 * an R_BPF_INSN_64 relocation against var.  libbpf computes the address in
 * the map as immediate + st_value(var) (bpf_object__relocate_data: insn[1]
 * .imm = insn[0].imm + sym_off), so var's offset counts twice: any global
 * that is not first in .data/.bss/.rodata is read at the wrong place, or
 * the verifier rejects the access ("invalid access to map value pointer,
 * value_size=16 off=24").  For static variables bpf-as relocates against
 * the section symbol with the offset in the immediate, which is right
 * (and is what clang emits for statics; for globals clang relocates against
 * the symbol with only the addend in the immediate).
 *
 * So code refers to each global data variable through a local alias:
 * while a function is compiled (PLUGIN_ALL_PASSES_START .. _END) the
 * variable's DECL_RTL names `.Lbpfs.VAR' instead of VAR, and at the end of
 * the file `.set .Lbpfs.VAR, VAR' defines the alias.  bpf-as resolves an
 * equated local symbol to section + offset, so the relocation is the
 * static-variable form: against .data/.bss/.rodata, with VAR's offset plus
 * the constant in the immediate, and libbpf adds nothing (a section
 * symbol's value is 0).  The variable itself is still emitted under its own
 * name (its DECL_RTL is restored before variables are output), so the
 * symbol table, BTF and skeletons see no difference, and alias analysis
 * sees the same declaration.  Only defined, non-common, public variables
 * in libbpf's data sections (.data*, .bss*, .rodata*, or no section
 * attribute) are aliased: map definitions (.maps) are found by libbpf
 * through their own symbol and are left alone, as are externs (.kconfig,
 * .ksyms), which libbpf resolves by name.
 *
 * Calls to (and addresses of) defined global functions have the same
 * fault: for `call twice' bpf-as 2.40 writes twice's byte offset minus 1
 * into the immediate and relocates against `twice', and libbpf computes
 * the callee as st_value/8 + imm + 1, which is no function at all ("no
 * .text section found yet sub-program call exists").  For a local symbol
 * bpf-as writes the section-relative instruction offset minus 1 against
 * the section symbol, which is what libbpf expects.  So functions get the
 * same local alias, except the function being compiled (its own label
 * must keep its name).
 *
 * bpf-asm encodes `lddw %r1,var+8' and `call twice' as clang does (the
 * relocation against the symbol, only the addend in the immediate), so
 * these callbacks are registered only when the assembler is bpf-as
 * (plugin/pipeline.def, plugin/assembler.cc).  With bpf-asm the aliases
 * would be wrong, not just useless: a static link of several objects
 * (bpftool gen object) keeps one definition of a weak variable, and the
 * references of the other objects must follow the symbol to it, not stay
 * in their own section (the kernel's linked_vars and linked_funcs tests
 * read a value the user space set in the kept copy and saw 0).  */
#include "plugin/gcc-compat.h"
#include "plugin/lower.h"

struct swapped_rtl
{
  tree decl;
  rtx rtl;
};
static vec<swapped_rtl> swapped;
/* Variables given an alias at some point: `.set' lines at the end.  */
static vec<tree> aliased;
static hash_set<tree> *aliased_set;
static tree offsets_gc_roots;
const struct ggc_root_tab bpfs_offsets_root_tab[] = {
  { &offsets_gc_roots, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};

static bool
data_section_p (tree decl)
{
  const char *sec = DECL_SECTION_NAME (decl);
  if (!sec)
    return true;
  return !strncmp (sec, ".data", 5) || !strncmp (sec, ".bss", 4)
	 || !strncmp (sec, ".rodata", 7);
}

static bool
needs_alias (varpool_node *node)
{
  tree decl = node->decl;
  return node->definition && !node->alias && VAR_P (decl)
	 && TREE_STATIC (decl) && TREE_PUBLIC (decl) && !DECL_EXTERNAL (decl)
	 && !DECL_COMMON (decl) && !DECL_HARD_REGISTER (decl)
	 && !DECL_THREAD_LOCAL_P (decl) && data_section_p (decl);
}

static const char *
var_name (tree decl)
{
  return targetm.strip_name_encoding
	   (IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (decl)));
}

static bool
function_needs_alias (cgraph_node *node)
{
  tree decl = node->decl;
  return node->definition && !node->alias && !node->thunk
	 && TREE_PUBLIC (decl) && !DECL_EXTERNAL (decl)
	 && decl != current_function_decl;
}

/* DECL's RTL (a MEM of its SYMBOL_REF) swapped for one naming
   `.Lbpfs.NAME', remembered to be restored and defined.  DECL_RTL makes
   the RTL of a function not expanded yet (at -O0 functions are expanded
   in source order, so a callee defined after its caller has none), as the
   caller's expansion would.  */
static void
swap_in_alias (tree decl)
{
  rtx rtl = DECL_RTL (decl);
  if (!MEM_P (rtl) || GET_CODE (XEXP (rtl, 0)) != SYMBOL_REF)
    return;
  rtx old_sym = XEXP (rtl, 0);
  char *name = ACONCAT ((".Lbpfs.", var_name (decl), NULL));
  rtx sym = gen_rtx_SYMBOL_REF (Pmode, ggc_strdup (name));
  SYMBOL_REF_FLAGS (sym) = SYMBOL_REF_FLAGS (old_sym);
  SET_SYMBOL_REF_DECL (sym, decl);
  rtx mem = shallow_copy_rtx (rtl);
  XEXP (mem, 0) = sym;
  swapped_rtl s = { decl, rtl };
  swapped.safe_push (s);
  SET_DECL_RTL (decl, mem);
  if (!aliased_set->add (decl))
    {
      aliased.safe_push (decl);
      offsets_gc_roots = tree_cons (NULL_TREE, decl, offsets_gc_roots);
    }
}

void
bpfs_swap_in_aliases (void *, void *)
{
  cgraph_node *fn;
  FOR_EACH_FUNCTION (fn)
    if (function_needs_alias (fn))
      swap_in_alias (fn->decl);
  varpool_node *node;
  FOR_EACH_VARIABLE (node)
    {
      if (needs_alias (node))
	swap_in_alias (node->decl);
    }
}

void
bpfs_restore_rtl (void *, void *)
{
  while (!swapped.is_empty ())
    {
      swapped_rtl s = swapped.pop ();
      SET_DECL_RTL (s.decl, s.rtl);
    }
}

void
bpfs_define_aliases (void *, void *)
{
  bpfs_restore_rtl (NULL, NULL);
  if (!asm_out_file || seen_error ())
    return;
  for (unsigned i = 0; i < aliased.length (); i++)
    {
      const char *name = var_name (aliased[i]);
      fprintf (asm_out_file, "\t.set\t.Lbpfs.%s, %s\n", name, name);
    }
}

void
bpfs_global_offsets_init (void)
{
  aliased_set = new hash_set<tree>;
}
