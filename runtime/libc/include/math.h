#ifndef _MATH_H
#define _MATH_H
/* bpf-libc's <math.h>: classification, the exact functions, and the
   exponential family (exp, exp2, log, log2, log10, pow).  Trigonometric
   and hyperbolic functions are not provided (doc/gcc-testsuite.md).  */
#define HUGE_VAL (__builtin_huge_val())
#define HUGE_VALF (__builtin_huge_valf())
#define HUGE_VALL (__builtin_huge_vall())
#define INFINITY (__builtin_inff())
#define NAN (__builtin_nanf(""))
#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4
#define fpclassify(x) __builtin_fpclassify(FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL, FP_ZERO, x)
#define isnan(x) __builtin_isnan(x)
#define isinf(x) __builtin_isinf_sign(x)
#define isfinite(x) __builtin_isfinite(x)
#define isnormal(x) __builtin_isnormal(x)
#define signbit(x) __builtin_signbit(x)
#define isgreater(x, y) __builtin_isgreater(x, y)
#define isgreaterequal(x, y) __builtin_isgreaterequal(x, y)
#define isless(x, y) __builtin_isless(x, y)
#define islessequal(x, y) __builtin_islessequal(x, y)
#define islessgreater(x, y) __builtin_islessgreater(x, y)
#define isunordered(x, y) __builtin_isunordered(x, y)
typedef float float_t;
typedef double double_t;
double fabs(double); float fabsf(float); long double fabsl(long double);
double copysign(double, double); float copysignf(float, float); long double copysignl(long double, long double);
double fmax(double, double); double fmin(double, double);
float fmaxf(float, float); float fminf(float, float);
double floor(double); double ceil(double); double trunc(double); double round(double);
float floorf(float); float ceilf(float); float truncf(float); float roundf(float);
double sqrt(double); float sqrtf(float); long double sqrtl(long double);
double ldexp(double, int); float ldexpf(float, int); long double ldexpl(long double, int);
double scalbn(double, int); float scalbnf(float, int); long double scalbnl(long double, int);
double scalbln(double, long);
double frexp(double, int *); float frexpf(float, int *); long double frexpl(long double, int *);
double modf(double, double *); float modff(float, float *); long double modfl(long double, long double *);
double fmod(double, double); float fmodf(float, float); long double fmodl(long double, long double);
double nan(const char *); float nanf(const char *); long double nanl(const char *);
int ilogb(double); int ilogbf(float); int ilogbl(long double);
double rint(double); float rintf(float); long double rintl(long double);
double nearbyint(double); float nearbyintf(float); long double nearbyintl(long double);
long lrint(double); long lrintf(float); long long llrint(double);
long lround(double); long lroundf(float); long long llround(double);
double exp(double); float expf(float); long double expl(long double);
double exp2(double); float exp2f(float); long double exp2l(long double);
double log(double); float logf(float); long double logl(long double);
double log2(double); float log2f(float); long double log2l(long double);
double log10(double); float log10f(float); long double log10l(long double);
double pow(double, double); float powf(float, float); long double powl(long double, long double);
int __signbit(double); int __signbitf(float);
#endif
