/* The target BTF for core-pointer-diff.bpf.c, built by clang -g (only its
   BTF is used): the fields moved, so each relocated offset differs from
   the local one (a: 8 -> 40, b: 16 -> 32, pid: 0 -> 24).  */
struct task___pd {
  long pad[3];
  int pid;
  void *b;
  long a;
};
struct task___pd pd_target;
