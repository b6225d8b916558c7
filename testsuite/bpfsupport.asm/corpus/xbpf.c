/* Signed division and indirect calls (xBPF with -mxbpf).  */
long sdv (long a, long b) { return a / b + a % b; }
int sdv32 (int a, int b) { return a / b - a % b; }
#ifdef __BPF_XBPF__
typedef long (*fn) (long);
long ind (fn f, long x) { return f (x) + 1; }
#endif
