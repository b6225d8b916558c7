/* bpfs-kernel-check: exit 0 when this kernel lets us load a BPF program.
 *
 * Tests that need the kernel ask this once, and report UNSUPPORTED where the
 * answer is no.  It loads the smallest socket filter (r0 = 0; exit) through
 * libbpf's bpf_prog_load, so the answer is the kernel's, not a guess from
 * uid or capabilities.  */
#include <bpf/bpf.h>
#include <errno.h>
#include <linux/bpf.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void)
{
  struct bpf_insn prog[] = {
    { .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .imm = 0 },
    { .code = BPF_JMP | BPF_EXIT },
  };
  int fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, "check", "GPL", prog, 2, NULL);
  if (fd < 0)
    {
      printf("no: %s\n", strerror(errno));
      return 1;
    }
  close(fd);
  printf("yes\n");
  return 0;
}
