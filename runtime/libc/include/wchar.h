#ifndef _WCHAR_H
#define _WCHAR_H
#include <stddef.h>
typedef unsigned int wint_t;
#define WEOF ((wint_t)-1)
size_t wcslen(const wchar_t *);
#endif
