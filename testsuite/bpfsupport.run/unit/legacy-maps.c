/* Legacy `maps' section (struct bpf_map_def), no BTF: built by bpf-gcc
   without -gbtf.  libbpf 1.x no longer loads these; bpf-run does.  */
#include <linux/bpf.h>

struct bpf_map_def { unsigned type, key_size, value_size, max_entries, map_flags; };
struct bpf_map_def __attribute__((section("maps"), used)) counts = { BPF_MAP_TYPE_ARRAY, 4, 8, 4, 0 };
struct bpf_map_def __attribute__((section("maps"), used)) seen = { BPF_MAP_TYPE_HASH, 4, 4, 16, 0 };
static void *(*lookup)(void *, const void *) = (void *)1;
static long (*update)(void *, const void *, const void *, unsigned long) = (void *)2;
int total;

__attribute__((section("xdp"), used)) int legacy(struct xdp_md *ctx)
{
  unsigned k = 2, len = ctx->data_end - ctx->data;
  unsigned long long *v = lookup(&counts, &k);
  if (v)
    *v += len;
  update(&seen, &len, &k, 0);
  total += len;
  return total;
}
char LICENSE[] __attribute__((section("license"), used)) = "GPL";
