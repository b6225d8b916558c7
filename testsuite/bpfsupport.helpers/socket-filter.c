/* A socket filter reading the packet with bpf_skb_load_bytes (helper 26)
   and a ring buffer (reserve 131, submit 132).  */
/* { dg-do run } */
/* { dg-final { object-calls "26 131 132" } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
  __uint(type, BPF_MAP_TYPE_RINGBUF);
  __uint(max_entries, 4096);
} events SEC(".maps");

SEC("socket")
int filter (struct __sk_buff *skb)
{
  __u8 hdr[14];
  if (bpf_skb_load_bytes (skb, 0, hdr, sizeof hdr) < 0)
    return 0;
  __u8 *e = bpf_ringbuf_reserve (&events, 2, 0);
  if (!e)
    return 0;
  e[0] = hdr[12];
  e[1] = hdr[13];
  bpf_ringbuf_submit (e, 0);
  return skb->len;
}

char LICENSE[] SEC("license") = "GPL";
