/* bpf-gcc -mxbpf object: xBPF sdiv/smod encodings need --xbpf (gas 2.40 does
   not set EF_BPF_GNU_XBPF); division by zero follows the kernel rule.  */
long f(long a, long b) { return a / b + a % b; }
int g(int a, int b) { return a / b + a % b; }
__attribute__((section("syscall"))) int prog(long *ctx) { volatile long a = -100, b = 7, z = 0; volatile int c = -100, d = -7; return f(a, b) * 1000 + g(c, d) + f(a, z); }
char LICENSE[] __attribute__((section("license"))) = "GPL";
