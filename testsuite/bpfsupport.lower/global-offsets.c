/* Global structs and arrays accessed at non-zero offsets, in .data, .bss
   and .rodata, none of them first in its section: bpf-as 2.40 would put
   the variable's offset in the lddw immediate and relocate against the
   variable too, so libbpf would add the offset twice.  The plugin makes
   the relocation section-relative; the kernel reads the right values.  */
/* { dg-do assemble } */
/* { dg-final { object-no-undefined } } */
/* { dg-final { kernel-run test_offsets 0x3ff } } */
#include "lower-test.h"

struct rec { __u32 a; __u64 b; __u16 c[4]; };

long data_first = 1;
struct rec data_rec = { 11, 22, { 33, 44, 55, 66 } };
int data_arr[5] = { 100, 101, 102, 103, 104 };

__u64 bss_first;
struct rec bss_rec;
__u64 bss_arr[6];

const volatile __u64 ro_first = 7;
const volatile __u64 ro_arr[3] = { 70, 71, 72 };

static long static_first = 5;
static struct rec static_rec = { 1, 2, { 3, 4, 5, 6 } };

SEC ("syscall")
int test_offsets (void *ctx)
{
  CHECK_START;
  CHECK (data_rec.a == 11 && data_rec.b == 22);                /* 0 */
  CHECK (data_rec.c[3] == 66);                                 /* 1 */
  unsigned int i = OPAQUE (4U) & 4;  /* bounded for the verifier */
  CHECK (data_arr[i] == 104 && data_arr[2] == 102);            /* 2 */
  bss_rec.b = OPAQUE (0x1122334455667788ULL);
  bss_arr[5] = OPAQUE (9ULL);
  CHECK (bss_rec.b == 0x1122334455667788ULL && bss_first == 0); /* 3 */
  CHECK (bss_arr[5] == 9 && bss_arr[4] == 0);                   /* 4 */
  CHECK (ro_arr[2] == 72 && ro_first == 7);                    /* 5 */
  CHECK (static_rec.c[1] == 4 && static_first == 5);           /* 6 */
  struct rec *p = OPAQUE (&data_rec);
  CHECK (p->c[0] == 33);                                       /* 7 */
  __u64 *q = OPAQUE (&bss_arr[3]);
  *q = OPAQUE (3ULL);
  CHECK (bss_arr[3] == 3 && data_first == 1);                  /* 8 */
  __sync_fetch_and_add (&bss_rec.b, 1);
  CHECK (bss_rec.b == 0x1122334455667789ULL);                  /* 9 */
  CHECK_END;
}
