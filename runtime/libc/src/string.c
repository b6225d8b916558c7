/* String and memory functions: one object per function (compiled with
   -DL_name), so that a test's own definition of one of them (GCC's
   builtins harness) replaces only that one.  No function here calls
   another public one.  */
#include <stddef.h>
typedef unsigned char uc;

#ifdef L_memcpy
void *memcpy(void *d, const void *s, size_t n)
{ uc *p = d; const uc *q = s; while (n--) *p++ = *q++; return d; }
#endif
#ifdef L_mempcpy
void *mempcpy(void *d, const void *s, size_t n)
{ uc *p = d; const uc *q = s; while (n--) *p++ = *q++; return p; }
#endif
#ifdef L_memmove
void *memmove(void *d, const void *s, size_t n)
{
  uc *p = d; const uc *q = s;
  if (p < q) while (n--) *p++ = *q++;
  else if (p > q) { p += n; q += n; while (n--) *--p = *--q; }
  return d;
}
#endif
#ifdef L_bcopy
void bcopy(const void *s, void *d, size_t n)
{
  uc *p = d; const uc *q = s;
  if (p < q) while (n--) *p++ = *q++;
  else if (p > q) { p += n; q += n; while (n--) *--p = *--q; }
}
#endif
#ifdef L_memset
void *memset(void *d, int c, size_t n)
{ uc *p = d; while (n--) *p++ = (uc)c; return d; }
#endif
#ifdef L_bzero
void bzero(void *d, size_t n)
{ uc *p = d; while (n--) *p++ = 0; }
#endif
#ifdef L_memcmp
int memcmp(const void *a, const void *b, size_t n)
{
  const uc *p = a, *q = b;
  for (; n; n--, p++, q++) if (*p != *q) return *p - *q;
  return 0;
}
#endif
#ifdef L_bcmp
int bcmp(const void *a, const void *b, size_t n)
{
  const uc *p = a, *q = b;
  for (; n; n--, p++, q++) if (*p != *q) return *p - *q;
  return 0;
}
#endif
#ifdef L_memchr
void *memchr(const void *s, int c, size_t n)
{
  const uc *p = s;
  for (; n; n--, p++) if (*p == (uc)c) return (void *)p;
  return 0;
}
#endif
#ifdef L_strlen
size_t strlen(const char *s)
{ const char *p = s; while (*p) p++; return p - s; }
#endif
#ifdef L_strnlen
size_t strnlen(const char *s, size_t n)
{ size_t i = 0; while (i < n && s[i]) i++; return i; }
#endif
#ifdef L_strcpy
char *strcpy(char *d, const char *s)
{ char *p = d; while ((*p++ = *s++)) ; return d; }
#endif
#ifdef L_stpcpy
char *stpcpy(char *d, const char *s)
{ while ((*d = *s++)) d++; return d; }
#endif
#ifdef L_strncpy
char *strncpy(char *d, const char *s, size_t n)
{
  size_t i = 0;
  for (; i < n && s[i]; i++) d[i] = s[i];
  for (; i < n; i++) d[i] = 0;
  return d;
}
#endif
#ifdef L_stpncpy
char *stpncpy(char *d, const char *s, size_t n)
{
  size_t i = 0;
  for (; i < n && s[i]; i++) d[i] = s[i];
  char *r = d + i;
  for (; i < n; i++) d[i] = 0;
  return r;
}
#endif
#ifdef L_strcat
char *strcat(char *d, const char *s)
{ char *p = d; while (*p) p++; while ((*p++ = *s++)) ; return d; }
#endif
#ifdef L_strncat
char *strncat(char *d, const char *s, size_t n)
{
  char *p = d; while (*p) p++;
  while (n-- && *s) *p++ = *s++;
  *p = 0;
  return d;
}
#endif
#ifdef L_strcmp
int strcmp(const char *a, const char *b)
{
  while (*a && *a == *b) a++, b++;
  return (uc)*a - (uc)*b;
}
#endif
#ifdef L_strcoll
int strcoll(const char *a, const char *b)
{
  while (*a && *a == *b) a++, b++;
  return (uc)*a - (uc)*b;
}
#endif
#ifdef L_strncmp
int strncmp(const char *a, const char *b, size_t n)
{
  for (; n; n--, a++, b++)
    if (*a != *b || !*a) return (uc)*a - (uc)*b;
  return 0;
}
#endif
#ifdef L_strcasecmp
static int lc(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }
int strcasecmp(const char *a, const char *b)
{
  while (*a && lc((uc)*a) == lc((uc)*b)) a++, b++;
  return lc((uc)*a) - lc((uc)*b);
}
#endif
#ifdef L_strncasecmp
static int lc(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }
int strncasecmp(const char *a, const char *b, size_t n)
{
  for (; n; n--, a++, b++)
    if (lc((uc)*a) != lc((uc)*b) || !*a) return lc((uc)*a) - lc((uc)*b);
  return 0;
}
#endif
#ifdef L_strchr
char *strchr(const char *s, int c)
{
  for (;; s++) { if (*s == (char)c) return (char *)s; if (!*s) return 0; }
}
#endif
#ifdef L_index
char *index(const char *s, int c)
{
  for (;; s++) { if (*s == (char)c) return (char *)s; if (!*s) return 0; }
}
#endif
#ifdef L_strrchr
char *strrchr(const char *s, int c)
{
  const char *r = 0;
  for (;; s++) { if (*s == (char)c) r = s; if (!*s) return (char *)r; }
}
#endif
#ifdef L_rindex
char *rindex(const char *s, int c)
{
  const char *r = 0;
  for (;; s++) { if (*s == (char)c) r = s; if (!*s) return (char *)r; }
}
#endif
#ifdef L_strspn
size_t strspn(const char *s, const char *set)
{
  size_t n = 0;
  for (; s[n]; n++) { const char *t = set; while (*t && *t != s[n]) t++; if (!*t) break; }
  return n;
}
#endif
#ifdef L_strcspn
size_t strcspn(const char *s, const char *set)
{
  size_t n = 0;
  for (; s[n]; n++) { const char *t = set; while (*t && *t != s[n]) t++; if (*t) break; }
  return n;
}
#endif
#ifdef L_strpbrk
char *strpbrk(const char *s, const char *set)
{
  for (; *s; s++) { const char *t = set; while (*t && *t != *s) t++; if (*t) return (char *)s; }
  return 0;
}
#endif
#ifdef L_strstr
char *strstr(const char *h, const char *n)
{
  if (!*n) return (char *)h;
  for (; *h; h++) {
    const char *a = h, *b = n;
    while (*a && *a == *b) a++, b++;
    if (!*b) return (char *)h;
  }
  return 0;
}
#endif
#ifdef L_strtok
static char *save;
char *strtok(char *s, const char *set)
{
  if (!s) s = save;
  if (!s) return 0;
  for (;; s++) { const char *t = set; while (*t && *t != *s) t++; if (!*t) break; }
  if (!*s) { save = 0; return 0; }
  char *r = s;
  for (; *s; s++) { const char *t = set; while (*t && *t != *s) t++; if (*t) { *s++ = 0; save = s; return r; } }
  save = 0;
  return r;
}
#endif
#ifdef L_strdup
extern void *malloc(size_t);
char *strdup(const char *s)
{
  size_t n = 0; while (s[n]) n++;
  char *p = malloc(n + 1);
  if (p) for (size_t i = 0; i <= n; i++) p[i] = s[i];
  return p;
}
#endif
#ifdef L_strndup
extern void *malloc(size_t);
char *strndup(const char *s, size_t m)
{
  size_t n = 0; while (n < m && s[n]) n++;
  char *p = malloc(n + 1);
  if (p) { for (size_t i = 0; i < n; i++) p[i] = s[i]; p[n] = 0; }
  return p;
}
#endif
#ifdef L_strerror
char *strerror(int e) { (void)e; return (char *)"error"; }
#endif
#ifdef L_ffs
int ffs(int x)
{
  unsigned u = x;
  if (!u) return 0;
  int n = 1;
  while (!(u & 1)) { u >>= 1; n++; }
  return n;
}
#endif
#ifdef L_wcslen
size_t wcslen(const int *s) { size_t n = 0; while (s[n]) n++; return n; }
#endif
