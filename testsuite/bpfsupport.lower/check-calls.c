/* Calls the lowerings removed (atomics, memcpy, division, trap) are not
   reported, at every -O level; a function the file declares extern
   (not_here) is another object's, for a static link to resolve, and is
   allowed as in clang (check-calls-extern-link.c runs one; a callee
   declared in a system header or implicitly is an error:
   check-calls-system.c).  */
/* { dg-do compile } */
extern int not_here (int);
int defined_later (int);
static __attribute__ ((noinline)) int
defined_here (int x)
{
  return x * 3;
}

long gl;

int
caller (int x, long d)
{
  char buf[100];
  __builtin_memcpy (buf, &gl, 8);
  __builtin_memset (buf + 8, x, 92);
  __sync_fetch_and_add (&gl, d);
  if (x == 42)
    __builtin_trap ();
  return not_here (x)
	 + defined_here (x) + buf[50] + (int) (gl / d)
	 + __sync_val_compare_and_swap (&gl, 1, 2);
}

int
caller2 (int x)
{
  return defined_later (x);
}

__attribute__ ((noinline)) int
defined_later (int x)
{
  return x - 1;
}
