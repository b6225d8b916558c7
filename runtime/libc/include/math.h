#ifndef _MATH_H
#define _MATH_H
/* The basics: builtins and classification.  Functions that need real
   implementations (sin, exp...) are not provided.  */
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
double ldexp(double, int); float ldexpf(float, int);
double frexp(double, int *);
double scalbn(double, int); float scalbnf(float, int);
double modf(double, double *);
double fmod(double, double);
double nan(const char *); float nanf(const char *);
int ilogb(double); int ilogbf(float); int ilogbl(long double);
double inf(void);
long lrint(double); long lround(double); long long llrint(double); long long llround(double);
double rint(double); double nearbyint(double);
double pow(double, double);
int __signbit(double); int __signbitf(float);
#endif
