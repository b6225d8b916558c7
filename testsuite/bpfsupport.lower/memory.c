/* memcpy, memset, memmove, memcmp/bcmp and struct copies of known size
   (large enough that GCC would call the library) inlined, in the kernel;
   __builtin_trap and abort return 0 from the function.  */
/* { dg-do assemble } */
/* { dg-final { object-no-undefined } } */
/* { dg-final { kernel-run test_copy 0x1ff } } */
/* { dg-final { kernel-run test_zero 0x1 } } */
/* { dg-final { kernel-run test_move 0x7 } } */
/* { dg-final { kernel-run test_cmp 0x3fff } } */
/* { dg-final { kernel-run test_move_big 0x7 } } */
/* { dg-final { kernel-run test_trap 0x7 } } */
#include "lower-test.h"

struct big { __u64 a[37]; __u8 tail[4]; };   /* 300 bytes */
struct big gsrc, gdst;
__u8 bytes[256];
unsigned long words[32];
/* No initialization loops: at -O0 GCC keeps the index on the stack and the
   verifier loses its bounds.  */
const unsigned long iota_words[32] = {
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
  16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31 };
const __u8 iota_bytes[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };

SEC ("syscall")
int test_copy (void *ctx)
{
  CHECK_START;
  for (int i = 0; i < 37; i++)
    gsrc.a[i] = OPAQUE (0x0101010101010101ULL * i);
  gsrc.tail[3] = OPAQUE (0xab);
  gdst = gsrc;                                                /* struct copy */
  CHECK (gdst.a[0] == 0 && gdst.a[36] == 0x2424242424242424ULL); /* 0 */
  CHECK (gdst.tail[3] == 0xab);                                /* 1 */
  CHECK (1);                                                   /* 2 */
  __builtin_memset (bytes + 1, OPAQUE (0x5a), 200);            /* unaligned, variable byte */
  CHECK (bytes[0] == 0 && bytes[1] == 0x5a && bytes[200] == 0x5a && bytes[201] == 0); /* 3 */
  __builtin_memset (words, 0xff, 200);
  CHECK (words[24] == ~0UL && words[25] == 0);                 /* 4 */
  gdst.a[36] = OPAQUE (0);
  gdst.tail[3] = OPAQUE (1);
  __builtin_memcpy (&gdst, &gsrc, 296);
  CHECK (gdst.a[36] == 0x2424242424242424ULL && gdst.tail[3] == 1); /* 5 */
  struct { __u64 a[20]; } local;
  local = *(__typeof__ (local) *) &gsrc;                       /* to the stack */
  CHECK (local.a[17] == 0x1111111111111111ULL);                /* 6 */
  __builtin_memcpy (bytes + 3, &local.a[1], 100);
  CHECK (bytes[3] == 1 && bytes[11] == 2 && bytes[102] == 0x0d && bytes[103] == 0x5a); /* 7 */
  CHECK (__builtin_memcmp (&local, &gsrc, 150) == 0
	 && __builtin_bcmp (&local, &gsrc, sizeof local) == 0);  /* 8 */
  CHECK_END;
}

SEC ("syscall")
int test_zero (void *ctx)
{
  CHECK_START;
  gdst.a[20] = OPAQUE (1);
  gdst.tail[3] = OPAQUE (2);
  gdst = (struct big) { 0 };                                   /* zeroing */
  CHECK (gdst.a[20] == 0 && gdst.tail[3] == 0);                /* 0 */
  CHECK_END;
}

SEC ("syscall")
int test_move (void *ctx)
{
  CHECK_START;
  __builtin_memcpy (words, iota_words, sizeof words);
  __builtin_memmove (&words[1], &words[0], 16 * 8);            /* forward overlap */
  CHECK (words[0] == 0 && words[1] == 0 && words[2] == 1 && words[16] == 15 && words[17] == 17); /* 0 */
  __builtin_memmove (&words[0], &words[2], 16 * 8);            /* backward overlap */
  CHECK (words[0] == 1 && words[1] == 2 && words[15] == 17 && words[16] == 15); /* 1 */
  __builtin_memcpy (bytes, iota_bytes, sizeof iota_bytes);
  __builtin_memmove (bytes + 1, bytes, 12);                    /* unaligned */
  CHECK (bytes[1] == 0 && bytes[2] == 1 && bytes[12] == 11 && bytes[13] == 13); /* 2 */
  CHECK_END;
}

SEC ("syscall")
int test_cmp (void *ctx)
{
  CHECK_START;
  CHECK (1);
  CHECK (1);
  CHECK (1);
  char a[24], b[24];
  __builtin_memset (a, OPAQUE (7), sizeof a);
  __builtin_memset (b, OPAQUE (7), sizeof b);
  CHECK (__builtin_memcmp (a, b, sizeof a) == 0);              /* 3 */
  b[23] = OPAQUE (9);
  CHECK (__builtin_memcmp (a, b, 24) < 0);                     /* 4 */
  CHECK (__builtin_memcmp (b, a, 24) > 0);                     /* 5 */
  CHECK (__builtin_memcmp (a, b, 23) == 0);                    /* 6 */
  a[0] = OPAQUE ((char) 0x80);                                  /* unsigned compare */
  CHECK (__builtin_memcmp (a, b, 24) > 0);                     /* 7 */
  CHECK (__builtin_memcmp (a, b, 24) == 0x80 - 7);             /* 8: byte difference */
  CHECK (__builtin_bcmp (a, b, 1) != 0);                       /* 9 */
  CHECK (__builtin_memcmp (a + 1, b + 1, 22) == 0);            /* 10 */
  CHECK (__builtin_memcmp (a, b, 24) != 0 && __builtin_memcmp (a, a, 24) == 0); /* 11 */
  struct { __u64 a[6]; __u8 tail[4]; } x, y;
  __builtin_memset (&x, 0, sizeof x);
  __builtin_memset (&y, 0, sizeof y);
  y.tail[3] = OPAQUE (1);
  CHECK (__builtin_memcmp (&x, &y, 48) == 0);                  /* 12 */
  CHECK (__builtin_memcmp (&x.tail, &y.tail, 4) == -1);        /* 13 */
  CHECK_END;
}

/* memmoves too large to hold in registers, between pointers the compiler
   cannot see through: the direction is chosen at run time.  */
SEC ("syscall")
int test_move_big (void *ctx)
{
  CHECK_START;
  __builtin_memcpy (bytes + 1, iota_words, 200);              /* bytes[1 + 8i] = i */
  __u8 *p = OPAQUE (bytes + 1), *q = OPAQUE (bytes + 2);
  __builtin_memmove (q, p, 100);                               /* forward overlap */
  CHECK (bytes[2] == 0 && bytes[10] == 1 && bytes[18] == 2 && bytes[98] == 12
	 && bytes[102] == 0);                                     /* 0 */
  __builtin_memmove (p, q + 7, 120);                           /* backward overlap */
  CHECK (bytes[1] == 0 && bytes[2] == 1 && bytes[10] == 2 && bytes[113] == 15
	 && bytes[121] == 15);                                    /* 1 */
  __builtin_memcpy (words, iota_words, sizeof words);
  unsigned long *w0 = OPAQUE (&words[0]), *w3 = OPAQUE (&words[3]);
  __builtin_memmove (w0, w3, 200);                             /* 25 words */
  __builtin_memmove (w0 + 4, w0, 208);                         /* 26 words */
  CHECK (words[0] == 3 && words[4] == 3 && words[28] == 27 && words[29] == 25
	 && words[30] == 30);                                     /* 2 */
  CHECK_END;
}

static __attribute__ ((noinline)) int
trap_if (int x)
{
  if (x)
    __builtin_trap ();
  return 5;
}

static __attribute__ ((noinline)) int
abort_if (int x)
{
  extern void abort (void);
  if (x)
    abort ();
  return 6;
}

/* At -O2 GCC isolates the path that dereferences NULL into a trap of its
   own (-fisolate-erroneous-paths-dereference): no abort in the object
   (object-no-undefined).  Not run: the verifier rightly rejects the NULL
   dereference that GCC keeps before the trap.  */
__attribute__ ((noinline)) int
implicit_trap (int x)
{
  static int y = 9;
  int *p = 0;
  if (x)
    p = &y;
  return *p;
}

SEC ("syscall")
int test_trap (void *ctx)
{
  CHECK_START;
  CHECK (trap_if (OPAQUE (0)) == 5);                           /* 0 */
  CHECK (trap_if (OPAQUE (1)) == 0);                           /* 1 */
  CHECK (abort_if (OPAQUE (1)) == 0 && abort_if (OPAQUE (0)) == 6); /* 2 */
  CHECK_END;
}
