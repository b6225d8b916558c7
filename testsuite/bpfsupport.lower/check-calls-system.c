/* A function declared in a system header has no BPF definition anywhere
   (no static link can resolve it): the call is an error at the call, as
   is a call to an implicitly declared function.  Functions the program
   declares itself are allowed (check-calls-extern-link.c).  */
/* { dg-do compile } */
/* { dg-options "-Wno-implicit-function-declaration" } */
#include "link/libc-like.h"

int
caller (const char *s)
{
  return libc_like_atoi (s) /* { dg-error "call to .libc_like_atoi., declared in a system header, which is neither defined" } */
	 + not_declared (s); /* { dg-error "call to .not_declared., declared implicitly, which is neither defined" } */
}
