/* A struct returned by value from an __always_inline function whose local
   has its address taken, as tracee's save_sockaddr_to_buf() and
   get_unix_sock_addr() have it (8 functions over 512 bytes;
   shared/cases/stack-retval-copy).  After inlining GCC kept the callee's
   local and the caller's variable as two 300-byte objects and copied one
   into the other: "eBPF stack limit exceeded" (612 bytes), where clang-19's
   frame is 320.  plugin/stack-merge-copies.cc makes them one object: 316
   bytes, and the program loads.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct addr { unsigned short family; char path[298]; }; /* 300 bytes, 2-byte aligned like sockaddr_un */

struct {
  __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, char[512]);
} buf SEC(".maps");

static __always_inline struct addr get_addr(const void *src)
{
  struct addr a = {};
  bpf_probe_read_kernel(&a.family, sizeof a.family, src);
  bpf_probe_read_kernel(&a.path, sizeof a.path, src + 2);
  return a;
}

SEC("kprobe/do_sys_open")
int retval_copy(void *ctx)
{
  __u32 k = 0;
  char *b = bpf_map_lookup_elem(&buf, &k);
  const void *src;
  if (!b)
    return 0;
  bpf_probe_read_kernel(&src, sizeof src, ctx);
  struct addr a = get_addr(src);     /* the copy bpf-gcc keeps */
  bpf_probe_read_kernel(b, sizeof a, &a);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
