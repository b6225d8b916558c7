/* XDP with an array map and a per-CPU hash: lookups, updates, deletes.  */
/* { dg-do run } */
/* { dg-final { object-calls "1 1 2 3" } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 4);
  __type(key, __u32);
  __type(value, __u64);
} stats SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_PERCPU_HASH);
  __uint(max_entries, 128);
  __type(key, __u32);
  __type(value, __u32);
} seen SEC(".maps");

SEC("xdp")
int count_packets (struct xdp_md *ctx)
{
  void *data = (void *) (long) ctx->data;
  void *end = (void *) (long) ctx->data_end;
  __u32 key = (end - data) > 64;
  __u64 *v = bpf_map_lookup_elem (&stats, &key);
  if (v)
    __sync_fetch_and_add (v, 1);
  __u32 len = end - data, one = 1;
  if (bpf_map_lookup_elem (&seen, &len))
    bpf_map_delete_elem (&seen, &len);
  else
    bpf_map_update_elem (&seen, &len, &one, BPF_NOEXIST);
  return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
