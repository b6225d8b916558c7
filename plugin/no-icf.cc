/* no-icf.cc: identical functions stay distinct (no identical code folding).
 *
 * GCC's IPA ICF pass (-fipa-icf, on from -O2 and at -Os) merges functions
 * whose bodies are the same: one keeps the code, the other becomes an
 * alias of it or a thunk that calls it.  For BPF each function is
 * something the loader must see on its own:
 *   - two identical global functions become one symbol with two names, and
 *     the second has no func_info of its own (libbpf: "missing .BTF.ext
 *     function info");
 *   - at -Os two identical programs (two SEC()s) become one program that
 *     calls the other across sections (libbpf: "bad call relo against 'a'
 *     in section 'xdp'").
 * clang never folds them, so neither does the plugin: -fipa-icf-functions
 * is switched off for the unit, and for every function that has options of
 * its own (__attribute__((optimize))), before the IPA passes run.
 *
 * Identical read-only variables stay distinct too (-fipa-icf-variables):
 * a merged one becomes `.set b, a', a second name at a's address, which
 * GCC keeps when the variables are laid out in source order (source-order,
 * btf/gcc-btf.cc); the BTF then has two VARs at one
 * offset of .rodata and the kernel refuses the whole BTF ("Invalid
 * offset": the kernel's bpf_cubic.c, whose three `static int x = 1'
 * flags were merged).  clang gives each its own storage.  */
#include "plugin/gcc-compat.h"

void
bpfs_disable_function_folding (void *, void *)
{
  global_options.x_flag_ipa_icf_functions = 0;
  global_options.x_flag_ipa_icf_variables = 0;
  if (optimization_default_node)
    {
      TREE_OPTIMIZATION (optimization_default_node)->x_flag_ipa_icf_functions
	= 0;
      TREE_OPTIMIZATION (optimization_default_node)->x_flag_ipa_icf_variables
	= 0;
    }
  cgraph_node *node;
  FOR_EACH_FUNCTION (node)
    {
      tree opts = DECL_FUNCTION_SPECIFIC_OPTIMIZATION (node->decl);
      if (opts)
	{
	  TREE_OPTIMIZATION (opts)->x_flag_ipa_icf_functions = 0;
	  TREE_OPTIMIZATION (opts)->x_flag_ipa_icf_variables = 0;
	}
    }
}

void
bpfs_no_icf_init (void)
{
  global_options.x_flag_ipa_icf_functions = 0;
  global_options.x_flag_ipa_icf_variables = 0;
}
