/* An array index keeps bounds the verifier can follow: GCC synthesised
   `idx * 28' as `((idx << 3) - idx) << 2' (multiplication cost five
   instructions), and the verifier lost the bounds ("math between
   map_value pointer and register with unbounded min value").  From the
   kernel's test_tc_dtime.c.  */
/* { dg-do assemble } */
/* { dg-final { verifier-run count_error 0x103 { -O0 } } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define NTESTS 10
#define NERRS 7
int errs[NTESTS][NERRS];
volatile unsigned test_no = 3;

static __attribute__ ((noinline)) void
inc_err (unsigned test, unsigned idx)
{
  if (test < NTESTS && idx < NERRS)
    errs[test][idx]++;
}

SEC ("tc")
int count_error (struct __sk_buff *skb)
{
  inc_err (test_no, 2);
  inc_err (test_no, 2);
  inc_err (test_no, 9);
  return 0x100 | (errs[3][2] + (errs[3][2] == 2));
}

char _license[] SEC ("license") = "GPL";
