/* Loads and stores of all sizes, stack use, memcpy/memset expansions.  */
struct s { unsigned char b; unsigned short h; unsigned int w; unsigned long d; signed char sb; short sh; int sw; };
void st (struct s *p, int v)
{
  p->b = v; p->h = v; p->w = v; p->d = v;
  p->sb = -1; p->sh = -2; p->sw = -3;
}
long ld (struct s *p) { return p->b + p->h + p->w + p->d + p->sb + p->sh + p->sw; }
long stack (long x)
{
  volatile long a[8];
  for (int i = 0; i < 8; i++) a[i] = x + i;
  return a[3] + a[(x & 7)];
}
void cp (struct s *d, const struct s *s) { __builtin_memcpy (d, s, sizeof *d); }
void zero (struct s *d) { __builtin_memset (d, 0, sizeof *d); }
void imm (long *p) { p[0] = 5; p[1] = -7; ((int *) p)[4] = 9; ((short *) p)[10] = 3; ((char *) p)[22] = 1; }
