/* Every 64-bit __sync_* and __atomic_* builtin the kernel's BPF_ATOMIC implements, with
   the result used and unused, run in the kernel on a global at a non-zero
   offset and on the stack.  */
/* { dg-do assemble } */
/* { dg-final { object-no-undefined } } */
/* { dg-final { object-insn db 0x01 } } */
/* { dg-final { object-insn db 0x41 } } */
/* { dg-final { object-insn db 0x51 } } */
/* { dg-final { object-insn db 0xa1 } } */
/* { dg-final { object-insn db 0x40 } } */
/* { dg-final { object-insn db 0x50 } } */
/* { dg-final { object-insn db 0xa0 } } */
/* { dg-final { object-insn db 0xe1 } } */
/* { dg-final { object-insn db 0xf1 } } */
/* { dg-final { kernel-run test_sync 0x3ffff } } */
/* { dg-final { kernel-run test_stack 0xf } } */
/* { dg-final { kernel-run test_atomic64 0x3fff } } */
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

struct counters { __u32 pad; __u64 a, b; } gc;

SEC ("syscall")
int test_atomic64 (void *ctx)
{
  CHECK_START;
  __u64 *p = &gc.b;
  __u64 big = OPAQUE (0x8000000000000001ULL);
  __atomic_store_n (p, big, __ATOMIC_RELEASE);
  CHECK (__atomic_load_n (p, __ATOMIC_ACQUIRE) == big);                 /* 0 */
  CHECK (__atomic_fetch_add (p, 0xffffffffULL, __ATOMIC_SEQ_CST) == big); /* 1 */
  CHECK (__atomic_add_fetch (p, 1, __ATOMIC_SEQ_CST) == 0x8000000100000001ULL); /* 2 */
  CHECK (__atomic_fetch_sub (p, 2, __ATOMIC_SEQ_CST) == 0x8000000100000001ULL
	 && *p == 0x80000000ffffffffULL);                                /* 3 */
  CHECK (__atomic_sub_fetch (p, 0x80000000ffffffffULL, __ATOMIC_SEQ_CST) == 0); /* 4 */
  CHECK (__atomic_fetch_or (p, big, __ATOMIC_SEQ_CST) == 0);            /* 5 */
  CHECK (__atomic_or_fetch (p, 6, __ATOMIC_SEQ_CST) == 0x8000000000000007ULL); /* 6 */
  CHECK (__atomic_fetch_and (p, ~1ULL, __ATOMIC_SEQ_CST) == 0x8000000000000007ULL); /* 7 */
  CHECK (__atomic_and_fetch (p, 0xff00000000000006ULL, __ATOMIC_SEQ_CST)
	 == 0x8000000000000006ULL);                                      /* 8 */
  CHECK (__atomic_xor_fetch (p, big, __ATOMIC_SEQ_CST) == 7
	 && __atomic_fetch_xor (p, 7, __ATOMIC_SEQ_CST) == 7 && *p == 0); /* 9 */
  /* Results unused: the non-fetch encodings (and GCC's xadd for add).  */
  __atomic_fetch_or (p, 0xf0, __ATOMIC_RELAXED);
  __atomic_fetch_and (p, 0x3c, __ATOMIC_RELAXED);
  __atomic_fetch_xor (p, 0x100000000ULL, __ATOMIC_RELAXED);
  __atomic_fetch_sub (p, 0x30, __ATOMIC_RELAXED);
  __atomic_fetch_add (p, 0x1, __ATOMIC_RELAXED);
  __sync_fetch_and_or (p, 0x200000000ULL);
  __sync_fetch_and_sub (p, 1);
  CHECK (*p == 0x300000000ULL);                                          /* 10 */
  CHECK (__atomic_exchange_n (p, big, __ATOMIC_SEQ_CST) == 0x300000000ULL
	 && *p == big);                                                  /* 11 */
  __u64 expected = OPAQUE (0ULL);
  CHECK (!__atomic_compare_exchange_n (p, &expected, 5, 0, __ATOMIC_SEQ_CST,
				       __ATOMIC_RELAXED) && expected == big); /* 12 */
  CHECK (__atomic_compare_exchange_n (p, &expected, 5, 0, __ATOMIC_SEQ_CST,
				      __ATOMIC_RELAXED) && *p == 5
	 && gc.a == 0 && gc.pad == 0);                                   /* 13 */
  CHECK_END;
}
