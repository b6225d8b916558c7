/* xBPF only (compiled with -mxbpf): indirect calls, signed division.  */
typedef long (*fn) (long);
long ind (fn f, long x) { return f (x) + 1; }
long sdv (long a, long b) { return a / b + a % b; }
