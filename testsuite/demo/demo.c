/* demo.c: a libbpf XDP program as it is written for clang, built here by
   bpf-gcc with the bpfsupport plugin.  It counts packets per size class in
   an array map and drops runt frames (shorter than the 60 bytes Ethernet
   requires before its checksum).  The
   helper calls go through libbpf's `(void *) N' pointers, which GCC 12 alone
   rejects as indirect calls.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 2);
  __type(key, __u32);
  __type(value, __u64);
} sizes SEC(".maps");

SEC("xdp")
int count_sizes(struct xdp_md *ctx)
{
  void *data = (void *)(long)ctx->data;
  void *end = (void *)(long)ctx->data_end;
  __u32 key = end - data >= 64;
  __u64 *count = bpf_map_lookup_elem(&sizes, &key);

  if (count)
    *count += 1;
  else
    bpf_map_update_elem(&sizes, &key, &(__u64){1}, BPF_ANY);
  bpf_printk("packet of %d bytes", (int)(end - data));
  return end - data < 60 ? XDP_DROP : XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
