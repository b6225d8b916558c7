/* The bpf-run simulator services (doc/bpf-run.md), as bpf-gcc helpers.  */
long sim_exit(long code) __attribute__((kernel_helper(0x7f000000)));
long sim_write(long fd, const void *buf, long len) __attribute__((kernel_helper(0x7f000001)));
void sim_abort(void) __attribute__((kernel_helper(0x7f000002)));
void *sim_sbrk(long incr) __attribute__((kernel_helper(0x7f000003)));
long sim_read(long fd, void *buf, long len) __attribute__((kernel_helper(0x7f000004)));
