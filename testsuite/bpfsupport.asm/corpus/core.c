/* CO-RE accesses (with -mco-re: .BTF.ext relocation records).  */
struct task { int pid; long state; struct task *parent; } __attribute__((preserve_access_index));
int f (struct task *t) { return __builtin_preserve_access_index (t->parent->pid) + (int) __builtin_preserve_access_index (t->state); }
