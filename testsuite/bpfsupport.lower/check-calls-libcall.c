/* A library routine GCC itself introduces is an error at the statement
   that caused it (here __popcountdi2: BPF has no popcount instruction).  */
/* { dg-do compile } */
int
pop (unsigned long x)
{
  return __builtin_popcountl (x); /* { dg-error "library routine .__popcountdi2." } */
}
