/* kernel_helper(N) on a parameter: calls through it are `call N' whatever
   the caller passes (the attribute says what is called, as for a member).
   An argument known to be another helper, or a function, was silently
   replaced by helper N (issue 20, item 7): it is an error at the call,
   with a note at the parameter.  The same helper, a null pointer or an
   unknown value pass.  */
/* { dg-do compile } */
typedef unsigned long long u64;

static u64 (*get_pid) (void) = (void *) 14;	/* libbpf's form of helper 14 */
static u64 (*ktime) (void) = (void *) 5;
u64 pid_helper (void) __attribute__((kernel_helper(14)));
u64 time_helper (void) __attribute__((kernel_helper(5)));
extern u64 (*unknown_fn) (void);

static __attribute__((noinline)) u64 local_function (void) { return 3; }

static __attribute__((noinline)) u64
call_pid (int x, u64 (*fn) (void) __attribute__((kernel_helper(14)))) /* { dg-message "note: .fn. declared here" } */
{
  return fn () + x;
}

__attribute__((section("xdp"), used)) int
prog (void *ctx)
{
  u64 r = call_pid (1, get_pid);		/* helper 14: fine */
  r += call_pid (2, pid_helper);		/* helper 14: fine */
  r += call_pid (3, 0);				/* null: fine */
  r += call_pid (4, unknown_fn);		/* unknown: fine */
  r += call_pid (5, ktime);	/* { dg-error "argument 2 of .call_pid. is helper 5, but parameter .fn. is .kernel_helper.14.." } */
  r += call_pid (6, time_helper);	/* { dg-error "argument 2 of .call_pid. is helper 5, but parameter .fn. is .kernel_helper.14.." } */
  r += call_pid (7, local_function);	/* { dg-error "argument 2 of .call_pid. is the function .local_function., but parameter .fn. is .kernel_helper.14.." } */
  return r;
}
