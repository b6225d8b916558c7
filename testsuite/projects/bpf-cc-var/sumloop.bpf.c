// SPDX-License-Identifier: GPL-2.0
/* A syscall program, run from user space with BPF_PROG_TEST_RUN: it reads
   its arguments from the context, loops with bpf_loop (a callback passed
   by address), calls a global and a static subprogram, updates a map and
   .data/.bss globals atomically, and asks CO-RE about a kernel struct.
   Everything comes from the vendored libbpf headers.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_endian.h>

struct args {
	__u32 n;
	__u32 mul;
	__u64 out;
};

struct task_struct {
	int pid;
	int tgid;
} __attribute__((preserve_access_index));

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 8);
	__type(key, __u32);
	__type(value, __u64);
} hist SEC(".maps");

__u64 calls = 0;
__u32 seed = 7;
__u64 core_info[4];

struct loop_ctx {
	__u64 sum;
	__u32 mul;
};

static __attribute__((noinline)) __u64 mix(__u64 x, __u32 k)
{
	return (x ^ (x >> 3)) + k;
}

__attribute__((noinline)) int step(struct loop_ctx *lc, __u32 i)
{
	if (!lc)	/* the verifier checks global functions on their own */
		return 0;
	lc->sum += mix(i * lc->mul, seed);
	return 0;
}

static long loop_body(__u32 i, void *data)
{
	struct loop_ctx *lc = data;
	__u32 bucket = i & 7;
	__u64 *h = bpf_map_lookup_elem(&hist, &bucket);

	if (h)
		__sync_fetch_and_add(h, i);
	step(lc, i);
	return 0;
}

SEC("syscall")
int sum_loop(struct args *ctx)
{
	struct loop_ctx lc = { .sum = 0, .mul = ctx->mul };

	if (ctx->n > 1000)
		return -1;
	bpf_loop(ctx->n, loop_body, &lc, 0);
	ctx->out = lc.sum;
	__sync_fetch_and_add(&calls, 1);
	core_info[0] = bpf_core_field_exists(struct task_struct, pid);
	core_info[1] = bpf_core_field_size(struct task_struct, tgid);
	core_info[2] = bpf_core_type_exists(struct task_struct);
	core_info[3] = bpf_htons(0x1234);
	return (int)(lc.sum & 0xffff);
}

char LICENSE[] SEC("license") = "GPL";
