/* dbg.c - the debugger's test program: a subprogram, a loop, globals of
   struct, union, bitfield, enum and array types, and a typed hash map.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

enum color { RED = 1, GREEN = 2, BLUE = 4 };

struct flags {
  unsigned int lo : 3;
  unsigned int mid : 5;
  unsigned int hi : 8;
};

union word {
  unsigned int u;
  unsigned char b[4];
};

struct point {
  int x;
  int y;
  enum color c;
  struct flags f;
  union word w;
};

struct stats {
  unsigned long long packets;
  unsigned long long bytes;
};

struct {
  __uint(type, BPF_MAP_TYPE_HASH);
  __uint(max_entries, 16);
  __type(key, unsigned int);
  __type(value, struct stats);
} counts SEC(".maps");

struct point origin = { 3, 4, GREEN, { 5, 17, 200 }, { 0x11223344 } };
int table[4] = { 10, 20, 30, 40 };
volatile int hits;
enum color shade = BLUE;

static __attribute__((noinline)) int scale(int v, int k)
{
  int r = v * k;
  hits += 1;
  return r + 1;
}

SEC("xdp")
int prog(struct xdp_md *ctx)
{
  int sum = 0;
  for (int i = 0; i < 4; i++)
    sum += table[i];
  origin.x = scale(origin.x, 2);
  unsigned int key = 7;
  struct stats st = { 1, (unsigned long long)sum };
  bpf_map_update_elem(&counts, &key, &st, BPF_ANY);
  hits += sum;
  return XDP_PASS;
}

char _license[] SEC("license") = "GPL";
