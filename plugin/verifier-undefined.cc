/* verifier-undefined.cc: a variable's undefined value, where it meets a
   defined one, becomes 0.

   `unsigned long long val; switch (size) { case 1: val = ...; ... }' with
   no default (libbpf 1.1's BPF_CORE_READ_BITFIELD) leaves a PHI one of
   whose arguments is the variable's undefined default definition.  Out of
   SSA, GCC gives the PHI's register no value on that path, and may spill
   it there: the verifier refuses the store of a register never written
   ("R4 !read_ok"), and the program clang builds loads.  LLVM's undef lets
   clang's backend pick any value, so it never reads the register; any
   value is right for the program too, and 0 is the one that costs a
   single move.  Parameters are defined (their registers are set at entry),
   as are hard register variables.  */
#include "plugin/gcc-compat.h"
#include "plugin/verifier.h"

bool
bpfs_verifier_undefined_phis (function *fun)
{
  bool changed = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gphi_iterator gsi = gsi_start_phis (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gphi *phi = gsi.phi ();
	if (virtual_operand_p (gimple_phi_result (phi)))
	  continue;
	for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
	  {
	    tree arg = gimple_phi_arg_def (phi, i);
	    if (TREE_CODE (arg) != SSA_NAME || !SSA_NAME_IS_DEFAULT_DEF (arg))
	      continue;
	    tree var = SSA_NAME_VAR (arg);
	    if (!var || TREE_CODE (var) != VAR_DECL || DECL_HARD_REGISTER (var))
	      continue;
	    tree type = TREE_TYPE (arg);
	    if (!INTEGRAL_TYPE_P (type) && !POINTER_TYPE_P (type)
		&& !SCALAR_FLOAT_TYPE_P (type))
	      continue;
	    SET_PHI_ARG_DEF (phi, i, build_zero_cst (type));
	    changed = true;
	  }
      }
  return changed;
}
