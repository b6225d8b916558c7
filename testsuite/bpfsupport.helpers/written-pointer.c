/* A helper pointer the program writes is not a helper call: it stays an
   indirect call: GCC's own error at the end of the function, the plugin's
   note at the call.  */
/* { dg-do compile } */
static long (*maybe) (void) = (void *) 5;

void set_maybe (long (*f) (void)) { maybe = f; }

int
use (void)
{
  return maybe (); /* { dg-message "note: the indirect call: its callee is not known" } */
} /* { dg-error "indirect call in function, which are not supported" } */
