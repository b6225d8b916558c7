#ifndef _ALLOCA_H
#define _ALLOCA_H
#include <stddef.h>
#undef alloca
#define alloca(n) __builtin_alloca(n)
#endif
