/* __builtin_preserve_access_index around more than one access: a
   statement expression, as the selftests' kfree_skb.c writes
   (`__builtin_preserve_access_index(({ users = skb->users.refs.counter;
   data = skb->data; ... }))'), and arithmetic on two accesses.  clang
   relocates every access in the argument; the plugin relocated only an
   argument that was itself one access, and left these reading the local
   struct's offsets on every kernel, without a word.  The struct has no
   preserve_access_index attribute: the builtin alone must relocate.  A
   bitfield read in it is a relocated load of the unit that holds it, then
   shifts, as clang does (out[5]).  A comparison of bitfields is folded
   by GCC into a masked compare of the unit that holds them (a
   BIT_FIELD_REF: the field is gone); the plugin reads the fields inside
   it, each relocated (out[6..8]: through a preserve_access_index type,
   as vmlinux.h's are, and in the builtin).  Members of a local object of
   a CO-RE type are relocated too, as clang relocates them (a kfunc given
   &opts sees the kernel's layout): out[9..11] write them, then read them
   back through a pointer, relocated as well; only the same layout on both
   sides gives the values back.  So are members of a global array's
   element of variable index (`entries[i].from', get_branch_snapshot.c):
   out[12].  An initializer that is not all constants stores its members
   relocated too, as clang does (xfrm_info.c's `info = { .if_id =
   req_if_id }' given to a kfunc): out[13..14].  `&pa[2]' in the builtin
   (bpf_core_read (dst, n, &p[2]), test_core_reloc_misc.c) is the access
   "2" on the element type, whose size differs in the target: out[15].
   core-stmt-expr.exp runs it against core-target.c's layout.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct core_t {
  int a;
  long b;
  char c[8];
  unsigned int bf1 : 3, bf2 : 5;
  int d;
  int gone;
};

/* The same struct through the attribute (libbpf drops the ___ suffix).  */
struct core_t___pai {
  int a;
  long b;
  char c[8];
  unsigned int bf1 : 3, bf2 : 5;
  int d;
  int gone;
} __attribute__((preserve_access_index));

long out[16];
char objbuf[sizeof (struct core_t___pai)] = { 1 };   /* .data, as buf */
struct core_t___pai garr[2] = { { .gone = 1 } };     /* .data too */
char objbuf2[sizeof (struct core_t___pai)] = { 1 };

struct core_arr___pai {
  int x;
} __attribute__((preserve_access_index));
char buf[64] = { 1 };   /* .data: `out' alone is in .bss */

SEC("syscall")
int core_stmt_expr(void *ctx)
{
  struct core_t *cp = (void *) buf;
  int a, d;
  long b, bf;
  char *c;

  for (unsigned long i = 0; i < 64; i++)
    buf[i & 63] = i * 7 + 3;
  __builtin_preserve_access_index(({
    a = cp->a;
    b = cp->b;
    d = cp->d;
    c = (char *) &cp->c;
    bf = cp->bf1;
  }));
  out[0] = a;
  out[1] = b;
  out[2] = d;
  out[3] = c[1];
  out[4] = __builtin_preserve_access_index(cp->a + cp->d);
  out[5] = bf;

  struct core_t___pai *pp = (void *) buf;
  out[6] = pp->bf1 == 7;
  out[7] = __builtin_preserve_access_index(cp->bf1 == 7);
  /* Two fields in one unit: one folded compare of both.  */
  out[8] = pp->bf1 == 7 && pp->bf2 == 24;

  struct core_t___pai o = {};
  o.a = 0x11223344;
  o.d = 0x55667788;
  o.b = 0x0102030405060708;
  __builtin_memcpy (objbuf, &o, sizeof o);
  struct core_t___pai *q = (void *) objbuf;
  out[9] = q->a;
  out[10] = q->d;
  out[11] = q->b;

  unsigned long k = buf[0] & 1;   /* 1, not known to the compiler */
  garr[k].d = 0x13572468;
  q = (void *) ((char *) garr + sizeof garr[0]);
  out[12] = q->d;

  struct core_t___pai o2 = { .a = (int) k + 0x100, .d = (int) k + 0x200 };
  __builtin_memcpy (objbuf2, &o2, sizeof o2);
  q = (void *) objbuf2;
  out[13] = q->a;
  out[14] = q->d;

  struct core_arr___pai *pa = (void *) buf;
  struct core_arr___pai *pa2 = __builtin_preserve_access_index (&pa[2]);
  out[15] = pa2->x;
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
