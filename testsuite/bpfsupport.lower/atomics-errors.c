/* Atomics the kernel's BPF_ATOMIC cannot do are errors at the call, never
   library calls.  */
/* { dg-do compile } */
char c;
short s;
long l;
__int128 q;

void
f (void)
{
  __sync_fetch_and_add (&c, 1); /* { dg-error "4 and 8 bytes only" } */
  __atomic_exchange_n (&s, 1, __ATOMIC_SEQ_CST); /* { dg-error "4 and 8 bytes only" } */
  __sync_fetch_and_nand (&l, 1); /* { dg-error "no atomic nand" } */
  __atomic_nand_fetch (&l, 1, __ATOMIC_SEQ_CST); /* { dg-error "no atomic nand" } */
  __atomic_test_and_set (&c, __ATOMIC_SEQ_CST); /* { dg-error "4 and 8 bytes only" } */
  __atomic_load_n (&q, __ATOMIC_SEQ_CST); /* { dg-error "16 bytes" } */
}

int
g (void)
{
  /* Plain loads and stores work at any size.  */
  __atomic_store_n (&c, 1, __ATOMIC_SEQ_CST);
  return __atomic_load_n (&s, __ATOMIC_RELAXED) + __atomic_load_n (&c, __ATOMIC_RELAXED);
}
