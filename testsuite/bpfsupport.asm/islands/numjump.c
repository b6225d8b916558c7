/* Jumps written with a number inside the span of a far jump (islands.exp).
   Each program takes a far `if' over 7,000 inline asm steps whose
   `goto +1' skips the `+= 1000000' written after it.  Below cpu v4 the
   far `if' goes through branch islands, which stand in front of some
   instruction about 15,000 instructions on; once in front of the skipped
   `+= 1000000', the `+1' landed on the island's hop and left the block
   (5), or ran the wrong instruction.  The islands fall every third
   instruction of the block: the three programs put 0, 1 and 2
   instructions before it, so that one of them puts an island in front of
   the skipped instruction whatever the cpu's code before it.  Each must
   return 7000 at every cpu, in bpf-run and in the kernel.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define STEP "%[n] += 1\n\tif %[x] != 0 goto +1\n\t%[n] += 1000000\n\t"
#define S10 STEP STEP STEP STEP STEP STEP STEP STEP STEP STEP
#define S100 S10 S10 S10 S10 S10 S10 S10 S10 S10 S10
#define S1000 S100 S100 S100 S100 S100 S100 S100 S100 S100 S100
#define S7000 S1000 S1000 S1000 S1000 S1000 S1000 S1000

#define PROG(name, extra)                                               \
  SEC ("xdp") int                                                       \
  name (struct xdp_md *ctx)                                             \
  {                                                                     \
    long n = 0, x = ctx->ingress_ifindex | 1;                           \
    if (ctx->rx_queue_index == 77777)                                   \
      return 5;                                                         \
    asm volatile (extra : [x] "+r" (x));                                \
    asm volatile (S7000 : [n] "+r" (n) : [x] "r" (x));                  \
    return n;                                                           \
  }

PROG (numjump0, "")
PROG (numjump1, "%[x] += 2")
PROG (numjump2, "%[x] += 2\n\t%[x] ^= 4")

char _license[] SEC ("license") = "GPL";
