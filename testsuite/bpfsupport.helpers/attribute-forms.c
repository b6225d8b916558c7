/* kernel_helper on every declaration that can name a helper: a function,
   a typedef of a pointer, a typedef of a function type, a struct member and
   a parameter.  Each call is a direct `call N'.  */
/* { dg-do assemble } */
/* { dg-final { object-calls "7 8 5 6 14 7 sym:.text" } } */
typedef unsigned int u32;
typedef unsigned long long u64;

u32 prandom (void) __attribute__((kernel_helper(7)));
typedef u32 (*cpu_fn) (void) __attribute__((kernel_helper(8)));
typedef u64 ktime_fn (void) __attribute__((kernel_helper(5)));
struct tracer { long (*printk) (const char *, u32, ...) __attribute__((kernel_helper(6))); };

extern cpu_fn get_cpu;
extern ktime_fn *ktime;
extern struct tracer tracer;

static __attribute__((noinline)) u64
pid (u64 (*fn) (void) __attribute__((kernel_helper(14))))
{
  return fn ();
}

__attribute__((section("xdp"), used)) int
prog (void *ctx)
{
  static const char fmt[] = "x";
  u64 r = prandom () + get_cpu () + ktime ();
  tracer.printk (fmt, sizeof fmt);
  return r + pid (0) + prandom ();
}
