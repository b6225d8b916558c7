/* Every 64-bit __sync_* builtin the kernel's BPF_ATOMIC implements, with
   the result used and unused, run in the kernel on a global at a non-zero
   offset and on the stack.  */
/* { dg-do assemble } */
/* { dg-final { object-no-undefined } } */
/* { dg-final { kernel-run test_sync 0x3ffff } } */
/* { dg-final { kernel-run test_stack 0xf } } */
#include "lower-test.h"

__u64 gv[3];

SEC ("syscall")
int test_sync (void *ctx)
{
  CHECK_START;
  __u64 *p = &gv[1];
  __u64 big = OPAQUE (0x123456789ULL);
  *p = OPAQUE (10);
  CHECK (__sync_fetch_and_add (p, 5) == 10 && *p == 15);          /* 0 */
  __sync_fetch_and_add (p, OPAQUE (1));                           /* unused */
  CHECK (*p == 16);                                               /* 1 */
  CHECK (__sync_add_and_fetch (p, big) == 16 + 0x123456789ULL);   /* 2 */
  CHECK (__sync_fetch_and_sub (p, big) == 16 + 0x123456789ULL && *p == 16); /* 3 */
  CHECK (__sync_sub_and_fetch (p, OPAQUE (20)) == (__u64) -4);    /* 4 */
  *p = OPAQUE (0xf0f0f0f0f0ULL);
  CHECK (__sync_fetch_and_or (p, 0x0f00000000000001ULL) == 0xf0f0f0f0f0ULL
	 && *p == 0x0f0000f0f0f0f0f1ULL);                          /* 5 */
  CHECK (__sync_fetch_and_and (p, 0xff000000ffULL) == 0x0f0000f0f0f0f0f1ULL
	 && *p == 0xf0000000f1ULL);                                 /* 6 */
  CHECK (__sync_fetch_and_xor (p, OPAQUE (0xffULL)) == 0xf0000000f1ULL
	 && *p == 0xf00000000eULL);                                 /* 7 */
  CHECK (__sync_or_and_fetch (p, 1) == 0xf00000000fULL);          /* 8 */
  CHECK (__sync_and_and_fetch (p, 0xff0000000cULL) == 0xf00000000cULL); /* 9 */
  CHECK (__sync_xor_and_fetch (p, 0xf000000000ULL) == 0xc);       /* 10 */
  CHECK (__sync_val_compare_and_swap (p, 0xc, big) == 0xc && *p == big); /* 11 */
  CHECK (__sync_val_compare_and_swap (p, 0xc, 7) == big && *p == big);    /* 12 */
  CHECK (__sync_bool_compare_and_swap (p, big, 99) && *p == 99);  /* 13 */
  CHECK (!__sync_bool_compare_and_swap (p, big, 98) && *p == 99); /* 14 */
  CHECK (__sync_lock_test_and_set (p, big << 4) == 99 && *p == big << 4); /* 15 */
  __sync_synchronize ();
  __sync_lock_release (p);
  CHECK (*p == 0);                                                /* 16 */
  CHECK (gv[0] == 0 && gv[2] == 0);                               /* 17 */
  CHECK_END;
}

SEC ("syscall")
int test_stack (void *ctx)
{
  CHECK_START;
  long v = OPAQUE (-5L);
  CHECK (__sync_fetch_and_add (&v, -1) == -5 && v == -6);         /* 0 */
  CHECK (__sync_sub_and_fetch (&v, -10) == 4);                    /* 1 */
  CHECK (__sync_val_compare_and_swap (&v, 4, -1L << 40) == 4);    /* 2 */
  CHECK (v == -1L << 40);                                         /* 3 */
  CHECK_END;
}
