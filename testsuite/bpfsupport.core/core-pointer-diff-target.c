/* The target BTF for core-pointer-diff.bpf.c, built by clang -g (only its
   BTF is used): the fields moved, so each relocated offset differs from
   the local one (a: 8 -> 40, b: 16 -> 32, pid: 0 -> 24, nest.y: 28 ->
   56, arr[2]: 48 -> 80, arr[3] - b: 40 -> 56).  */
struct in___pd {
  long pad;
  int y;
  int x;
};
struct task___pd {
  long pad[3];
  int pid;
  void *b;
  long a;
  struct in___pd nest;
  long arr[4];
};
struct task___pd pd_target;
