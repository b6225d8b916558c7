/* clang's loop pragmas under -Wall -Werror: GCC warned "ignoring
   '#pragma unroll'" (-Wunknown-pragmas), failing the build, and did not
   unroll.  Now honoured as '#pragma GCC unroll': sum_full keeps no loop
   (a 32-iteration loop GCC does not unroll by itself), the counted forms
   and nounroll compile and compute the same sums.  */
/* { dg-do assemble } */
/* { dg-options "-Wall -Werror" } */
/* { dg-final { werror-run "--prog sum_full --data-hex 0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f200000000000000000000000000000000000000000000000000000000000000000" 12824 { -O0 } } } */
/* { dg-final { werror-run "--prog sum_counted --data-hex 0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f200000000000000000000000000000000000000000000000000000000000000000" 1094 { -O0 } } } */
/* { dg-final { unrolled sum_full { -O0 -Og } } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC ("xdp")
int sum_full (struct xdp_md *ctx)
{
  unsigned char *data = (void *) (long) ctx->data;
  void *end = (void *) (long) ctx->data_end;
  unsigned int sum = 0;
  if (data + 32 > (unsigned char *) end)
    return 0;
#pragma unroll
  for (int i = 0; i < 32; i++)
    sum += data[i] * (i + 1);
#pragma clang loop unroll(full)
  for (int i = 0; i < 16; i++)
    sum += data[i] ^ 0x5a;
  return sum;
}

SEC ("xdp")
int sum_counted (struct xdp_md *ctx)
{
  unsigned char *data = (void *) (long) ctx->data;
  void *end = (void *) (long) ctx->data_end;
  unsigned int sum = 0;
  if (data + 32 > (unsigned char *) end)
    return 0;
#pragma unroll(4)
  for (int i = 0; i < 16; i++)
    sum += data[i];
#pragma nounroll
  for (int i = 0; i < 8; i++)
    sum += data[i] ^ 0x5a;
  int i = 0;
#pragma unroll 2
  while (i < 12)
    {
      sum += data[i] * 3;
      i++;
    }
  return sum;
}

char _license[] SEC ("license") = "GPL";
