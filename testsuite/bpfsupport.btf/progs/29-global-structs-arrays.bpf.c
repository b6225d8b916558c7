/* Global data of every default kind: initialised structs and arrays in
 * .data, zeroed ones in .bss, const tables in .rodata, const volatile
 * knobs set by the loader, static and global variables. */
#include <linux/bpf.h>
#include <stdbool.h>
#include <bpf/bpf_helpers.h>

struct point {
	__s32 x, y;
};

struct window {
	struct point origin;
	struct point size;
	char title[12];
	__u8 flags;
};

struct window main_win = {
	.origin = { 10, -20 },
	.size = { 640, 480 },
	.title = "main",
	.flags = 3,
};
struct point path[8] = { { 1, 2 }, { 3, 4 }, [7] = { -1, -1 } };
__u16 small_counts[5] = { 1, 2, 3 };
static __u32 static_seq = 100;

struct window scratch_win;		/* .bss */
__u64 bss_hist[16];
static bool initialised;

const __u32 primes[8] = { 2, 3, 5, 7, 11, 13, 17, 19 };	/* .rodata */
const struct point origin = { 0, 0 };

const volatile __u32 max_moves = 7;	/* set by the loader */
const volatile bool enable_moves = true;
const volatile char mode[4] = "rw";

SEC("tp/syscalls/sys_enter_getpgid")
int on_getpgid(void *ctx)
{
	__u32 i = static_seq++ & 7;
	__u32 p = primes[i];

	if (!initialised) {
		scratch_win = main_win;
		scratch_win.origin = origin;
		initialised = true;
	}
	bss_hist[p & 15]++;
	small_counts[(p % 5) & 3] += mode[0] == 'r';
	if (!enable_moves || i > max_moves)
		return 0;
	scratch_win.origin.x += path[i].x;
	scratch_win.origin.y += path[i].y;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
