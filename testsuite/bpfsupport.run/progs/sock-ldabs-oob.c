/* Socket filter: an out-of-bounds LD_ABS ends the program with 0.  */
/// ARGS: --data-hex @UDP
#include "common.h"

unsigned long long load_word(void *skb, unsigned long long off) asm("llvm.bpf.load.word");
SEC("socket")
int lo(struct __sk_buff *skb)
{
  __u64 a = load_word(skb, 4);
  __u64 b = load_word(skb, 5000);
  return (int)(a + b + 1);
}
