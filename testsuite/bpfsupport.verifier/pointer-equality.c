/* Two pointers found equal are still two pointers for the verifier:
   `cur = ctx->sk; if (cur != first) goto out;' where `first' is the
   socket reference the program holds.  clang reads cur's fields through
   `first' (non-null) and releases `first'; RTL's CSE, which also knows
   them equal, chose either register: the release of ctx->sk's ("R1 must
   be referenced when passed to release function": the kernel's
   test_sk_lookup.c, access_ctx_sk) or field reads through the pointer
   that may be null ("invalid mem access 'sock_or_null'").  The plugin
   replaces the later pointer by the earlier where they are equal and
   hides the compare from RTL (verifier-pointer-tests.cc).  Every program
   must load (not at -O0, where clang's code is refused too); the socket
   program checks that the comparisons still compute what they say:
   equal lookups of one key, different of two keys, 1 + 4 = 5.  */
/* { dg-do assemble } */
/* { dg-final { verifier-load-all { -O0 } } } */
/* { dg-final { verifier-run compare_values 5 } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct
{
  __uint (type, BPF_MAP_TYPE_SOCKMAP);
  __uint (max_entries, 2);
  __type (key, __u32);
  __type (value, __u64);
} socks SEC (".maps");

struct
{
  __uint (type, BPF_MAP_TYPE_ARRAY);
  __uint (max_entries, 2);
  __type (key, __u32);
  __type (value, __u64);
} values SEC (".maps");

static const __u32 key_a = 0, key_b = 1;

SEC ("sk_lookup") int
select_twice (struct bpf_sk_lookup *ctx)
{
  struct bpf_sock *first = 0, *second = 0, *cur;
  int verdict = SK_DROP;

  first = bpf_map_lookup_elem (&socks, &key_a);
  if (!first)
    goto out;
  if (bpf_sk_assign (ctx, first, 0))
    goto out;
  cur = ctx->sk;
  if (cur != first)
    goto out;
  if (cur->family != 2 || cur->type != 1 || cur->state != 10)
    goto out;
  if (bpf_sk_assign (ctx, 0, BPF_SK_LOOKUP_F_REPLACE))
    goto out;
  if (ctx->sk)
    goto out;
  second = bpf_map_lookup_elem (&socks, &key_b);
  if (!second)
    goto out;
  if (bpf_sk_assign (ctx, second, BPF_SK_LOOKUP_F_REPLACE))
    goto out;
  cur = ctx->sk;
  if (cur != second)
    goto out;
  if (cur->family != 2 || cur->type != 1 || cur->state != 10)
    goto out;
  verdict = SK_PASS;
out:
  if (first)
    bpf_sk_release (first);
  if (second)
    bpf_sk_release (second);
  return verdict;
}

SEC ("socket") int
compare_values (struct __sk_buff *skb)
{
  __u64 *a = bpf_map_lookup_elem (&values, &key_a);
  __u64 *b = bpf_map_lookup_elem (&values, &key_b);
  __u64 *a2 = bpf_map_lookup_elem (&values, &key_a);
  int r = 0;
  if (!a || !b || !a2)
    return 0;
  if (a == a2)
    r |= 1;
  if (a == b)
    r |= 2;
  if (a != b)
    r |= 4;
  return r;
}

char LICENSE[] SEC ("license") = "GPL";
