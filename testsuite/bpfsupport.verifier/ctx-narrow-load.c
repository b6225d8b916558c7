/* A context field used in part is still read whole: `__u16 port =
   skops->local_port' was a 16-bit load of the 32-bit field ("invalid
   bpf_context access off=68 size=2").  From the kernel's
   test_misc_tcp_hdr_options.c.  sockops programs cannot run: loaded.  */
/* { dg-do run } */
/* { dg-final { scan-assembler-not "ldxh\t%r\[0-9\],\\\[%r\[0-9\]\\+68\\\]" } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

__u16 passive_lport_h, passive_lport_n;

SEC ("sockops")
int record_ports (struct bpf_sock_ops *skops)
{
  if (skops->op != BPF_SOCK_OPS_PASSIVE_ESTABLISHED_CB)
    return 1;
  passive_lport_h = skops->local_port;
  passive_lport_n = __builtin_bswap16 (passive_lport_h);
  return 1;
}

char _license[] SEC ("license") = "GPL";
