/* A memory builtin whose size is not known at compile time, or over 4096
   bytes, is an error naming the call.  */
/* { dg-do compile } */
void
f (char *a, const char *b, unsigned long n)
{
  __builtin_memcpy (a, b, n); /* { dg-error ".__builtin_memcpy. with a size that is not a compile-time constant" } */
  __builtin_memset (a, 0, n); /* { dg-error ".__builtin_memset. with a size" } */
  __builtin_memmove (a, b, 5000); /* { dg-error ".__builtin_memmove. of 5000 bytes is too large" } */
}
