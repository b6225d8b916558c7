/* Socket filter: legacy LD_ABS/LD_IND packet loads.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

unsigned long long load_byte(void *skb, unsigned long long off) asm("llvm.bpf.load.byte");
unsigned long long load_half(void *skb, unsigned long long off) asm("llvm.bpf.load.half");
unsigned long long load_word(void *skb, unsigned long long off) asm("llvm.bpf.load.word");
SEC("socket")
int la(struct __sk_buff *skb)
{
  __u64 proto = load_byte(skb, 9);
  __u64 len = load_half(skb, 2);
  __u64 src = load_word(skb, 12);
  __u64 ihl = (load_byte(skb, 0) & 0xf) * 4;
  __u64 sport = load_half(skb, ihl);
  return (int)(proto + len * 3 + (src & 0xffff) * 7 + sport);
}
