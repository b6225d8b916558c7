/* Atomic adds (xadd).  */
long cnt64; int cnt32;
void add (long v, int w) { __sync_fetch_and_add (&cnt64, v); __sync_fetch_and_add (&cnt32, w); }
void addp (long *p, int *q) { __atomic_add_fetch (p, 3, __ATOMIC_RELAXED); __sync_fetch_and_add (q, 1); }
