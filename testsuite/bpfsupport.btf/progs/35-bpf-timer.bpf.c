/* struct bpf_timer in an array value: a tc program arms a timer whose
 * callback resets the window counter (needs map value BTF). */
#include <linux/bpf.h>
#include <linux/pkt_cls.h>
#include <bpf/bpf_helpers.h>

#define CLOCK_MONOTONIC 1

struct window {
	struct bpf_timer timer;
	__u64 packets;
	__u64 resets;
	__u32 armed;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct window);
} windows SEC(".maps");

const volatile __u64 window_ns = 1000000000ULL;
const volatile __u64 max_packets = 100000;

static int window_expired(void *map, __u32 *key, struct window *w)
{
	w->packets = 0;
	w->resets++;
	bpf_timer_start(&w->timer, window_ns, 0);
	return 0;
}

SEC("tc")
int police(struct __sk_buff *skb)
{
	__u32 zero = 0;
	struct window *w = bpf_map_lookup_elem(&windows, &zero);

	if (!w)
		return TC_ACT_OK;
	if (!w->armed) {
		w->armed = 1;
		bpf_timer_init(&w->timer, &windows, CLOCK_MONOTONIC);
		bpf_timer_set_callback(&w->timer, window_expired);
		bpf_timer_start(&w->timer, window_ns, 0);
	}
	if (++w->packets > max_packets)
		return TC_ACT_SHOT;
	return TC_ACT_OK;
}

char LICENSE[] SEC("license") = "GPL";
