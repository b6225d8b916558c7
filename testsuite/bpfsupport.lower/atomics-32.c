/* 32-bit __sync_* and __atomic_* builtins: wrap-around at 32 bits, signed
   results, every operation with the result used and unused.  */
/* { dg-do assemble } */
/* { dg-final { object-no-undefined } } */
/* { dg-final { object-insn c3 0x01 } } */
/* { dg-final { object-insn c3 0x41 } } */
/* { dg-final { object-insn c3 0x51 } } */
/* { dg-final { object-insn c3 0xa1 } } */
/* { dg-final { object-insn c3 0x40 } } */
/* { dg-final { object-insn c3 0x50 } } */
/* { dg-final { object-insn c3 0xa0 } } */
/* { dg-final { object-insn c3 0xe1 } } */
/* { dg-final { object-insn c3 0xf1 } } */
/* { dg-final { kernel-run test_sync32 0x7fff } } */
/* { dg-final { kernel-run test_atomic32 0x1ffff } } */
#include "lower-test.h"

__u32 pad;
__u32 gw[2];
int gi;

SEC ("syscall")
int test_sync32 (void *ctx)
{
  CHECK_START;
  __u32 *p = &gw[1];
  *p = OPAQUE (0xfffffffeU);
  CHECK (__sync_fetch_and_add (p, 3) == 0xfffffffeU && *p == 1);    /* 0 */
  CHECK (__sync_add_and_fetch (p, 0xffffffffU) == 0);               /* 1 */
  CHECK (__sync_fetch_and_sub (p, 1) == 0 && *p == 0xffffffffU);    /* 2 */
  CHECK (__sync_fetch_and_and (p, 0xf0f0f0f0U) == 0xffffffffU);     /* 3 */
  CHECK (__sync_fetch_and_or (p, 0x0f) == 0xf0f0f0f0U);             /* 4 */
  CHECK (__sync_fetch_and_xor (p, 0xff) == 0xf0f0f0ffU && *p == 0xf0f0f000U); /* 5 */
  __sync_fetch_and_and (p, 0xffff);
  __sync_fetch_and_or (p, 0x10000);
  __sync_fetch_and_xor (p, 1);
  CHECK (*p == 0x1f001U);                                           /* 6 */
  CHECK (__sync_val_compare_and_swap (p, 0x1f001U, 0x80000000U) == 0x1f001U); /* 7 */
  CHECK (!__sync_bool_compare_and_swap (p, 0, 1) && *p == 0x80000000U); /* 8 */
  CHECK (__sync_lock_test_and_set (p, 7) == 0x80000000U && *p == 7); /* 9 */
  gi = OPAQUE (-3);
  CHECK (__sync_fetch_and_add (&gi, -4) == -3 && gi == -7);          /* 10 */
  CHECK (__sync_sub_and_fetch (&gi, 0x7ffffff9) == (int) 0x80000000U); /* 11 */
  CHECK (__sync_val_compare_and_swap (&gi, (int) 0x80000000U, -1) < 0 && gi == -1); /* 12 */
  CHECK (__sync_and_and_fetch (&gi, 0x7fffffff) == 0x7fffffff);      /* 13 */
  CHECK (pad == 0 && gw[0] == 0);                                    /* 14 */
  CHECK_END;
}

SEC ("syscall")
int test_atomic32 (void *ctx)
{
  CHECK_START;
  __u32 *p = &gw[1];
  __atomic_store_n (p, OPAQUE (100U), __ATOMIC_SEQ_CST);
  CHECK (__atomic_load_n (p, __ATOMIC_ACQUIRE) == 100);              /* 0 */
  CHECK (__atomic_fetch_add (p, 1, __ATOMIC_RELAXED) == 100);        /* 1 */
  __atomic_fetch_add (p, 1, __ATOMIC_RELAXED);
  CHECK (__atomic_add_fetch (p, 1, __ATOMIC_SEQ_CST) == 103);        /* 2 */
  CHECK (__atomic_fetch_sub (p, 3, __ATOMIC_SEQ_CST) == 103);        /* 3 */
  CHECK (__atomic_sub_fetch (p, 101, __ATOMIC_SEQ_CST) == 0xffffffffU); /* 4 */
  CHECK (__atomic_fetch_and (p, 0xff00, __ATOMIC_SEQ_CST) == 0xffffffffU); /* 5 */
  CHECK (__atomic_and_fetch (p, 0xf000, __ATOMIC_SEQ_CST) == 0xf000); /* 6 */
  CHECK (__atomic_fetch_or (p, 1, __ATOMIC_SEQ_CST) == 0xf000);       /* 7 */
  CHECK (__atomic_or_fetch (p, 2, __ATOMIC_SEQ_CST) == 0xf003);       /* 8 */
  CHECK (__atomic_fetch_xor (p, 3, __ATOMIC_SEQ_CST) == 0xf003);      /* 9 */
  CHECK (__atomic_xor_fetch (p, 0xf000, __ATOMIC_SEQ_CST) == 0);      /* 10 */
  CHECK (__atomic_exchange_n (p, 0xdeadbeefU, __ATOMIC_SEQ_CST) == 0
	 && *p == 0xdeadbeefU);                                       /* 11 */
  __u32 expected = OPAQUE (5U);
  CHECK (!__atomic_compare_exchange_n (p, &expected, 6, 0, __ATOMIC_SEQ_CST,
				       __ATOMIC_SEQ_CST));          /* 12 */
  CHECK (expected == 0xdeadbeefU && *p == 0xdeadbeefU);               /* 13 */
  CHECK (__atomic_compare_exchange_n (p, &expected, 6, 1, __ATOMIC_SEQ_CST,
				      __ATOMIC_SEQ_CST));           /* 14 */
  CHECK (*p == 6 && expected == 0xdeadbeefU);                         /* 15 */
  __atomic_thread_fence (__ATOMIC_SEQ_CST);
  __atomic_signal_fence (__ATOMIC_SEQ_CST);
  CHECK (gw[0] == 0);                                                 /* 16 */
  CHECK_END;
}
