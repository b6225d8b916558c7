/* The bpf-run simulator services (doc/bpf-run.md, "Simulator services"),
   as bpf-gcc kernel helpers.  Internal to the runtime library.  */
#ifndef BPF_LIBC_SIM_H
#define BPF_LIBC_SIM_H
long __sim_exit(long code) __attribute__((kernel_helper(0x7f000000)));
long __sim_write(long fd, const void *buf, long len) __attribute__((kernel_helper(0x7f000001)));
void __sim_abort(void) __attribute__((kernel_helper(0x7f000002)));
void *__sim_sbrk(long incr) __attribute__((kernel_helper(0x7f000003)));
long __sim_read(long fd, void *buf, long len) __attribute__((kernel_helper(0x7f000004)));
#endif
