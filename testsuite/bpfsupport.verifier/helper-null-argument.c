/* A NULL helper argument stays the constant 0: with constants at the
   default cost of one instruction, CSE replaced it by a register a branch
   had proved to be 0 (the option name), and the verifier refused the call
   ("R3 type=scalar expected=fp, ..."). From the kernel's
   sockopt_inherit.c.  cgroup sockopt programs cannot run: loaded.  */
/* { dg-do run } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define CUSTOM_INHERIT1 0
#define CUSTOM_INHERIT2 1

struct sockopt_inherit { __u8 val; };
int page_size = 4096;
struct {
  __uint (type, BPF_MAP_TYPE_SK_STORAGE);
  __uint (map_flags, BPF_F_NO_PREALLOC);
  __type (key, int);
  __type (value, struct sockopt_inherit);
} cloned1_map SEC (".maps"), cloned2_map SEC (".maps"),
  listener_only_map SEC (".maps");

static __inline struct sockopt_inherit *
get_storage (struct bpf_sockopt *ctx)
{
  if (ctx->optname == CUSTOM_INHERIT1)
    return bpf_sk_storage_get (&cloned1_map, ctx->sk, 0,
			       BPF_SK_STORAGE_GET_F_CREATE);
  else if (ctx->optname == CUSTOM_INHERIT2)
    return bpf_sk_storage_get (&cloned2_map, ctx->sk, 0,
			       BPF_SK_STORAGE_GET_F_CREATE);
  return bpf_sk_storage_get (&listener_only_map, ctx->sk, 0,
			     BPF_SK_STORAGE_GET_F_CREATE);
}

SEC ("cgroup/getsockopt")
int getsockopt_inherit (struct bpf_sockopt *ctx)
{
  __u8 *optval_end = ctx->optval_end, *optval = ctx->optval;
  if (ctx->level != 0xdeadbeef)
    goto out;
  if (optval + 1 > optval_end)
    return 0;
  struct sockopt_inherit *storage = get_storage (ctx);
  if (!storage)
    return 0;
  ctx->retval = 0;
  optval[0] = storage->val;
  ctx->optlen = 1;
  return 1;
out:
  if (ctx->optlen > page_size)
    ctx->optlen = 0;
  return 1;
}

char _license[] SEC ("license") = "GPL";
