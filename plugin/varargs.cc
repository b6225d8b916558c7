/* varargs.cc: variadic functions that can read their arguments.
 *
 * GCC 12's BPF backend has no varargs support of its own: va_list is a
 * plain pointer that va_start sets to the incoming-argument area (the
 * caller's frame), but BPF passes every argument in r1-r5 and nothing ever
 * stores them there, so va_arg reads the caller's locals (toolchain bug 2 in
 * doc/gcc-testsuite.md; 33 of GCC's own execute tests fail for it).
 *
 * The plugin installs the usual hook pair of targets that pass arguments in
 * registers: when a variadic function starts (setup_incoming_varargs), the
 * registers after the last named argument are stored, 8 bytes each and in
 * order, in a block of the function's own frame; va_start points at that
 * block.  A BPF argument occupies whole consecutive registers, and GCC's
 * standard va_arg walks 8-byte slots, so it reads each anonymous argument
 * from the slot its register was stored in.  Kernel programs gain little
 * (a variadic function cannot be inlined, and the verifier refuses to read
 * an argument register the caller did not set), but they lose nothing: the
 * old code read out of its frame, which the verifier refuses too.  The
 * switch `varargs=off' gives GCC's own code back.  */
#include "plugin/gcc-compat.h"
#include "plugin/options.h"
#include "memmodel.h"
#include "function.h"
#include "emit-rtl.h"
#include "calls.h"
#include "explow.h"
#include "expr.h"
#include "builtins.h"

#define BPF_ARG_REGS 5

static void (*inner_va_start) (tree, rtx);
/* The first anonymous argument's slot in the function being expanded.  */
static rtx anonymous_area;
static struct function *anonymous_area_fn;
const struct ggc_root_tab bpfs_varargs_root_tab[] = {
  { &anonymous_area, 1, sizeof (rtx), &gt_ggc_mx_rtx_def, &gt_pch_nx_rtx_def },
  LAST_GGC_ROOT_TAB
};

static void
save_anonymous_registers (BPFS_SETUP_VARARGS_PARAMS (cum, last_named,
						    pretend_size,
						    second_time))
{
  /* CUM counts the argument words before the last named argument; the
     backend's own advance hook would repeat its "too many arguments"
     error, so step over the argument here.  */
  int first = *get_cumulative_args (cum);
  if (last_named.type)
    first += CEIL (last_named.type_size_in_bytes ().to_constant (),
		   UNITS_PER_WORD);
  /* The block is in the frame, not in a pretend-argument area.  */
  *pretend_size = 0;
  if (second_time)
    return;
  int slots = BPF_ARG_REGS - first;
  rtx block = assign_stack_local (BLKmode,
				  (slots > 0 ? slots : 1) * UNITS_PER_WORD,
				  BITS_PER_WORD);
  for (int i = 0; i < slots; i++)
    emit_move_insn (adjust_address (block, DImode, i * UNITS_PER_WORD),
		    gen_rtx_REG (DImode, first + i + 1));
  anonymous_area = XEXP (block, 0);
  anonymous_area_fn = cfun;
}

static void
start_at_saved_registers (tree valist, rtx nextarg)
{
  if (anonymous_area && anonymous_area_fn == cfun)
    nextarg = copy_rtx (anonymous_area);
  if (inner_va_start)
    inner_va_start (valist, nextarg);
  else
    std_expand_builtin_va_start (valist, nextarg);
}

void
bpfs_varargs_init (void)
{
  if (!bpfs_options.varargs)
    return;
  targetm.calls.setup_incoming_varargs = save_anonymous_registers;
  inner_va_start = targetm.expand_builtin_va_start;
  targetm.expand_builtin_va_start = start_at_saved_registers;
}
