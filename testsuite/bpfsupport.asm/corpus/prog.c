/* A libbpf-style program with BTF-defined maps and helpers.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
struct {
  __uint (type, BPF_MAP_TYPE_ARRAY);
  __uint (max_entries, 4);
  __type (key, int);
  __type (value, long);
} amap SEC (".maps");
struct {
  __uint (type, BPF_MAP_TYPE_HASH);
  __uint (max_entries, 16);
  __type (key, int);
  __type (value, long);
} hmap SEC (".maps");
struct cfg { int a; long b; int c; } cfg = { 1, 2, 3 };
static volatile int seen;
char _license[] SEC ("license") = "GPL";
SEC ("socket")
int prog (struct __sk_buff *skb)
{
  int k = 1;
  long *v = bpf_map_lookup_elem (&amap, &k);
  if (v)
    *v += cfg.b + cfg.c;
  long nv = skb->len;
  bpf_map_update_elem (&hmap, &k, &nv, BPF_ANY);
  seen = 1;
  return 0;
}
SEC ("xdp")
int xprog (struct xdp_md *ctx)
{
  return ctx->data_end - ctx->data > 64 ? 2 : 1;
}
