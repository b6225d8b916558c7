/* bpfs-probe.h: the one question every test tool asks before it exits 77.
 *
 * A load or run that fails may be the verifier refusing the program (a
 * FAIL for the test) or a kernel that does not let this process use BPF
 * at all (a skip).  Only the second is exit 77, and the only way to tell
 * them apart is to ask the kernel again with the smallest program there
 * is: a socket filter "r0 = 0; exit".  If the kernel loads that, BPF is
 * allowed here and the failure is the program's (or libbpf's).
 * Called on the failure paths only, so it costs nothing when all goes
 * well.  */
#ifndef BPFS_PROBE_H
#define BPFS_PROBE_H
#include <bpf/bpf.h>
#include <linux/bpf.h>
#include <unistd.h>

static int bpfs_kernel_forbids_bpf(void)
{
  struct bpf_insn ret0[] = {
    { .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
    { .code = BPF_JMP | BPF_EXIT },
  };
  int fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, NULL, "GPL", ret0, 2, NULL);
  if (fd < 0)
    return 1;
  close(fd);
  return 0;
}

/* The exit status of a tool whose load or run failed: 77 when the kernel
   forbids BPF, FAIL_STATUS otherwise.  */
static __attribute__((unused)) int bpfs_failure_status(int fail_status)
{
  return bpfs_kernel_forbids_bpf() ? 77 : fail_status;
}
#endif
