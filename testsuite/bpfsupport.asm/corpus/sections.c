/* Programs in sections with '/' in their names, a shared static function
   and global data referenced from several sections.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
int hits[4];
static __attribute__ ((noinline)) int bump (int i) { hits[i & 3]++; return hits[i & 3]; }
SEC ("tracepoint/syscalls/sys_enter_openat") int t1 (void *ctx) { return bump (1); }
SEC ("kprobe/do_sys_open") int t2 (void *ctx) { return bump (2) + hits[0]; }
SEC ("tc/ingress") int t3 (struct __sk_buff *skb) { return skb->len > 100 ? bump (3) : 0; }
char _license[] SEC ("license") = "GPL";
