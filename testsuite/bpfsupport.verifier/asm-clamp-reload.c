/* An offset kept in a map value, clamped in place by inline asm ("+r" on
   the lvalue), then used again, as tracee's save_str_arr_to_buf() has it
   (8 programs; shared/cases/asm-clamp-reload).  bpf-gcc stored the clamped
   register and read the field again from the map value, where the
   verifier tracks no bounds ("invalid access to map value"); clang uses
   the clamped register.  Loads since the plugin's sink threshold
   (plugin/verifier.cc), at -mcpu=v2 as tracee builds.  clang's -O0 object
   is refused too; plain bpf-gcc -Og (no sink pass) is an XFAIL.  */
/* { dg-do assemble } */
/* { dg-options "-mcpu=v2" } */
/* { dg-final { verifier-load-all { -O0 } { -Og } "GCC's -Og runs no sink pass; bpf-cc gives -Og as -O1, clang's -Og" } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct abuf { __u8 argnum; char args[1000]; __u16 off; };
struct ev { char hdr[136]; struct abuf ab; };

struct {
  __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, struct ev);
} bufs SEC(".maps");

#define update_min(v, max) \
  asm volatile("if %[size] <= %[max_size] goto +1;\n" \
               "%[size] = %[max_size];\n" : [size] "+r"(v) : [max_size] "r"(max))

static __always_inline int save_arr(struct abuf *buf, const char *const *ptr)
{
  #pragma unroll
  for (int i = 0; i < 4; i++) {
    const char *argp = 0;
    bpf_probe_read_kernel(&argp, sizeof argp, &ptr[i]);
    if (!argp)
      return 0;
    if (buf->off > 1000 - 64 - 4)
      return 0;
    int sz = bpf_probe_read_kernel_str(&buf->args[buf->off + 4], 64, argp);
    if (sz <= 0)
      return 0;
    buf->off += sz + 4;
  }
  char ell[] = "...";
  update_min(buf->off, 1000 - 64 - 4);
  bpf_probe_read_kernel_str(&buf->args[buf->off + 4], 64, ell);
  return 1;
}

SEC("kprobe/do_sys_open")
int asm_out_mem(void *ctx)
{
  __u32 k = 0;
  struct ev *e = bpf_map_lookup_elem(&bufs, &k);
  const char *const *src;
  if (!e)
    return 0;
  bpf_probe_read_kernel(&src, sizeof src, ctx);
  save_arr(&e->ab, src);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
