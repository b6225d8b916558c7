/* C23's keywords as clang-19 takes them under -std=gnu2x and gnu23
   (c23-keywords.exp): bool, true, false, nullptr, static_assert with and
   without its message, alignas, alignof, typeof, [[attributes]], digit
   separators, binary literals.  GCC 12 knows the first seven by their
   C11 spellings only (plugin/c23-keywords.cc).  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
static_assert(sizeof(int) == 4, "int");
static_assert(sizeof(long) == 8);
struct s { alignas(8) char c; };
[[maybe_unused]] static int unused_fn(void) { return 0; }
SEC("xdp") int prog(struct xdp_md *ctx)
{
	bool flag = true;
	int *p = nullptr;
	typeof(flag) g = false;
	int big = 1'000'000;
	int bin = 0b1010;
	unsigned al = alignof(struct s);
	if (p == nullptr && flag && !g)
		return big / 1000 + bin + al;
	return 0;
}
char LICENSE[] SEC("license") = "GPL";
