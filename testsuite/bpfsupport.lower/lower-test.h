/* lower-test.h: shared by the lowering tests.  A test program computes
   with values the compiler cannot see (OPAQUE), checks each result with
   CHECK and returns the bitmask of the checks that held; the .exp driver's
   kernel-run compares it with the mask of all checks.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* X, but hidden from the optimizers (no constant folding).  */
#define OPAQUE(x)                                                       \
  ({ __typeof__ (x) opaque_v_ = (x); __asm__ volatile ("" : "+r" (opaque_v_)); opaque_v_; })

#define CHECK_START unsigned int pass_ = 0, n_ = 0
#define CHECK(cond) do { if (cond) pass_ |= 1u << n_; n_++; } while (0)
#define CHECK_END return pass_

char LICENSE[] SEC ("license") = "GPL";
