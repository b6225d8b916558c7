/* div-body.h: signed division and modulo checks, included by div.c
   (inline unsigned sequence) and div-v4.c (cpu v4 sdiv/smod).  Division
   by zero and MIN / -1 are undefined in C; the lowering gives the kernel's
   results: x / 0 == 0, x % 0 == x, MIN / -1 == MIN, MIN % -1 == 0.  */
#include "lower-test.h"

/* The results go through OPAQUE too: value-range propagation knows that
   x % y lies strictly between -|y| and |y| (true only for y != 0) and
   would fold the comparisons of the undefined cases.  */
#define D(T, a, b) OPAQUE ((T) ((T) OPAQUE ((T) (a)) / (T) OPAQUE ((T) (b))))
#define M(T, a, b) OPAQUE ((T) ((T) OPAQUE ((T) (a)) % (T) OPAQUE ((T) (b))))

#define L_MIN (-0x7fffffffffffffffL - 1)
#define L_MAX 0x7fffffffffffffffL
#define I_MIN (-0x7fffffff - 1)
#define I_MAX 0x7fffffff

SEC ("syscall")
int test_div64 (void *ctx)
{
  CHECK_START;
  CHECK (D (long, 7, 2) == 3);                        /* 0 */
  CHECK (D (long, -7, 2) == -3);                      /* 1 */
  CHECK (D (long, 7, -2) == -3);                      /* 2 */
  CHECK (D (long, -7, -2) == 3);                      /* 3 */
  CHECK (M (long, -7, 2) == -1);                      /* 4 */
  CHECK (M (long, 7, -2) == 1);                       /* 5 */
  CHECK (M (long, -7, -2) == -1);                     /* 6 */
  CHECK (D (long, L_MIN, -1) == L_MIN);               /* 7 */
  CHECK (M (long, L_MIN, -1) == 0);                   /* 8 */
  CHECK (D (long, -12345, 0) == 0);                   /* 9 */
  CHECK (M (long, -12345, 0) == -12345);              /* 10 */
  CHECK (M (long, L_MIN, 0) == L_MIN);                /* 11 */
  CHECK (D (long, L_MIN, 1) == L_MIN);                /* 12 */
  CHECK (D (long, L_MAX, -1) == -L_MAX);              /* 13 */
  CHECK (D (long, L_MIN, L_MIN) == 1);                /* 14 */
  CHECK (M (long, L_MIN, L_MAX) == -1);               /* 15 */
  CHECK (D (long, L_MAX, L_MIN) == 0);                /* 16 */
  CHECK (D (long, -0x123456789abL, 0x10001) == -0x123456789abL / 0x10001); /* 17 */
  long x = OPAQUE (-100L);
  CHECK (x / 7 == -14 && x % 7 == -2);                /* 18: constant divisor */
  CHECK (-x / -3 == -33 && -x % -3 == 1);             /* 19 */
  CHECK (x / 4 == -25 && x % -8 == -4);               /* 20: powers of two */
  CHECK_END;
}

SEC ("syscall")
int test_div32 (void *ctx)
{
  CHECK_START;
  CHECK (D (int, 7, 2) == 3);                         /* 0 */
  CHECK (D (int, -7, 2) == -3);                       /* 1 */
  CHECK (D (int, 7, -2) == -3);                       /* 2 */
  CHECK (D (int, -7, -2) == 3);                       /* 3 */
  CHECK (M (int, -7, 2) == -1);                       /* 4 */
  CHECK (M (int, 7, -2) == 1);                        /* 5 */
  CHECK (D (int, I_MIN, -1) == I_MIN);                /* 6 */
  CHECK (M (int, I_MIN, -1) == 0);                    /* 7 */
  CHECK (D (int, -5, 0) == 0);                        /* 8 */
  CHECK (M (int, -5, 0) == -5);                       /* 9 */
  CHECK (D (int, I_MIN, I_MIN) == 1);                 /* 10 */
  CHECK (M (int, I_MIN, I_MAX) == -1);                /* 11 */
  long wide = D (int, -9, 3);                         /* sign-extended */
  CHECK (wide == -3);                                 /* 12 */
  int y = OPAQUE (-1000);
  CHECK (y / 7 == -142 && y % 7 == -6);               /* 13 */
  short s = OPAQUE ((short) -300), t = OPAQUE ((short) 7);
  CHECK (s / t == -42 && s % t == -6);                /* 14 */
  CHECK_END;
}
