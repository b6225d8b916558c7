/* A helper pointer the program writes is not a helper call: it stays an
   indirect call, an error at the call (and GCC's own diagnostic).  */
/* { dg-do compile } */
static long (*maybe) (void) = (void *) 5;

void set_maybe (long (*f) (void)) { maybe = f; }

int
use (void)
{
  return maybe (); /* { dg-error "indirect call: the callee is not known" } */
} /* { dg-error "indirect call" } */
