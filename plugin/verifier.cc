/* verifier.cc: registers what steers GCC toward code the kernel verifier
   can prove: the shapes clang's BPF backend avoids with its own IR
   adjustments (LLVM's BPFAdjustOpt, BPFCheckAndAdjustIR), each undone or
   prevented at the GCC pass that creates it.  See doc/verifier.md.

   The late pass runs right after "optimized" (the last GIMPLE pass, at
   every -O level): what it puts in place no GIMPLE optimizer undoes.  */
#include "plugin/gcc-compat.h"
#include "plugin/verifier.h"

unsigned int
bpfs_verifier_late (function *fun)
{
  bool changed = bpfs_verifier_context_constants (fun);
  changed |= bpfs_verifier_pointer_tests (fun);
  changed |= bpfs_verifier_pointer_offsets (fun);
  changed |= bpfs_verifier_pointer_equality (fun);
  changed |= bpfs_verifier_parameter_widening (fun);
  changed |= bpfs_verifier_signed_compares (fun);
  changed |= bpfs_verifier_packet_arithmetic (fun);
  changed |= bpfs_verifier_nonnegative_indexes (fun);
  changed |= bpfs_verifier_undefined_phis (fun);
  return changed ? TODO_update_ssa : 0;
}

/* GCC passes whose only effect on BPF is code the verifier cannot prove.
   - uncprop (tree-ssa-uncprop.cc) undoes constant propagation on purpose:
     where a branch proved `x == 0', a 0 flowing into a PHI becomes x, to
     save a constant load.  The verifier does not know that x is 0 there
     (it learned it about a copy of x, or x is a map value pointer whose
     null check it tracks): `return 0' became `return x' and the program
     was refused ("At program exit the register R0 has smin=-2147483648
     smax=2147483647 should have been in [0, 1]").  */
static const char *const disabled_passes[] = { "uncprop" };

void
bpfs_verifier_override_gate (void *gcc_data, void *)
{
  bool *gate = (bool *) gcc_data;
  if (!*gate || !current_pass || !current_pass->name)
    return;
  for (size_t i = 0; i < ARRAY_SIZE (disabled_passes); i++)
    if (!strcmp (current_pass->name, disabled_passes[i]))
      *gate = false;
}

void
bpfs_verifier_init (void)
{
  /* BPF has no vector registers: GCC's vectorizers (SLP from -O2 on) only
     emulate 2 x 32-bit vectors in a 64-bit register, which merges adjacent
     context fields into one access the verifier refuses ("invalid
     bpf_context access off=32 size=8").  LLVM's vectorizers do nothing on
     BPF (no vector registers); neither do GCC's now.  The options are
     decoded before plugins are initialised: this overrides the -O level's
     defaults (and -ftree-vectorize).  */
  global_options.x_flag_tree_slp_vectorize = 0;
  global_options.x_flag_tree_loop_vectorize = 0;
  /* IPA-SRA replaces a static function's pointer parameter by the values
     it loads through it: `skb_get_type (skb)' became a call with
     skb->data and skb->data_end, __u32 context fields, as 32-bit
     arguments, which the callee zero-extends (`w2 = w2') and the verifier
     then sees as scalars ("R2 invalid mem access 'scalar'").  */
  global_options.x_flag_ipa_sra = 0;
  /* IVOPTs rewrites a counted loop over packet or map data into a walk
     of a pointer up to an end pointer (`if r5 != r2'): the verifier cannot
     bound a loop by a pointer compare and follows it past the checked
     range ("R1 offset is outside of the packet", "invalid write to stack
     R1 off=0 size=2" at -Os); with the counter it can.  */
  global_options.x_flag_ivopts = 0;
  /* A packet read written before the bounds check that guards it, and
     used only after it (`int hl = iph->ihl << 2; if (iph + 1 > end)
     return ...;', loxilb's dp_parse_ipv4): clang sinks the load below the
     check and the verifier accepts it; GCC's sink pass moves a statement
     only into a block executed clearly less often (75% by default), and
     the fall-through of an early-exit check is not, so the load stayed
     first ("R2 offset is outside of the packet").  At 100% anything used
     only after a check that may leave sinks below it.  A --param of the
     user's wins.  */
  if (!global_options_set.x_param_sink_frequency_threshold)
    global_options.x_param_sink_frequency_threshold = 100;
  bpfs_verifier_compare_init ();
}
