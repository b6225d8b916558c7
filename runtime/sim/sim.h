/* sim.h - bpf-run's simulated machine: regions, maps, the interpreter.  */
#ifndef BPFSUPPORT_SIM_H
#define BPFSUPPORT_SIM_H

#include <stdint.h>
#include <stdio.h>
#include "sim/elf-load.h"

/* Simulated addresses: a region's tag in the high 32 bits, the offset in
   the low 32 bits.  The tag is a keyed bijection of the region index
   (vm_addr/vm_addr_region below; the key is chosen per run), so that an
   integer, or a pointer moved by k * 2^32, names a live region only by a
   chance of about nregions / 2^32: a pointer stays in the object it was
   derived from, and regions cannot be named by their index.  Tag 0 is
   region 0: NULL (or an executable's image at its link addresses).  */
#define SIM_CODE_REGION 0xfffffff0u   /* function pointers: code index */
#define SIM_MAP_REGION 0xfffffff1u    /* map handles: map index */

/* Limits of the simulated stack (each frame is a region).  */
#define SIM_MAX_DEPTH 65536
#define SIM_MAX_STACK_SIZE (1u << 20)
#define SIM_MAX_STACK_TOTAL (1u << 30)
/* Bytes of deleted or replaced map values kept readable until the run
   ends (vm_region_defer_free).  */
#define SIM_MAX_DEFERRED (64u << 20)
/* Bytes helpers may read and write per instruction of the budget.  */
#define SIM_HELPER_BYTES_PER_INSN 64u
/* Memory regions one bpf-run may allocate (never reused: vm.c).  */
#define SIM_MAX_REGIONS (1u << 22)

enum {
  RG_RO = 1,        /* writes fault */
  RG_CTX = 2,       /* accesses go through the context handler */
  RG_ELEM = 4,      /* an access stays within one element of size elem */
  RG_DEAD = 8,      /* freed; any access faults */
  RG_NOREAD = 16,
};

struct region {
  uint8_t *host;
  uint32_t lo, hi;        /* valid offsets [lo, hi) */
  uint32_t flags;
  uint32_t elem;
  const char *what;       /* "stack", "packet", "map value of 'x'"... */
  int owned;              /* host freed with the region */
};

/* Instruction after decoding.  */
struct xi {
  const void *lab;        /* direct threading: the handler's label */
  uint16_t op;
  uint8_t dst, src;
  int32_t imm;
  int64_t aux;            /* offset, jump target pointer, 64-bit immediate */
  /* Memory instructions: the last region tag seen (low 32 bits) and its
     region index (high 32 bits), so that the next access through the
     same tag skips decoding it (fast_mem).  Also pads to 32 bytes:
     pointer differences are shifts.  */
  uint64_t tag_cache;
};

struct hent;
struct smap {
  struct elo_map def;
  char name[64];
  uint32_t type, ks, vs, max, flags;
  uint32_t vstride;       /* per-CPU value stride */
  /* array kinds */
  uint8_t *vals;
  uint32_t *regs;         /* arrays: region per element (per_elem) or per CPU */
  int per_elem;
  /* hash kinds */
  struct hent **buckets;
  uint32_t nbuckets, count;
  struct hent *lru_head, *lru_tail;
  uint64_t lru_clock;
  int iterating;          /* bpf_for_each_map_elem walks in progress */
  struct hent *zombies;   /* elements deleted during them */
  /* queue / stack */
  uint8_t *ring; uint32_t qhead, qcount;
  /* prog array / map-in-map */
  int32_t *slots;
  /* ring buffer */
  uint64_t rb_size, rb_used;
  uint32_t index;
  char what[96];           /* region description for messages */
};

/* The kernel's may_goto budget (BPF_MAX_LOOPS, kernel/bpf/verifier.c):
   each frame's counter starts there, each may_goto falls through and
   takes one, and the may_goto that finds it at 0 jumps.  Kernels with
   the x86 JIT's timed may_goto (6.15) count 0xffff and then look at the
   clock, so a loop of more than 65535 turns may end elsewhere there.  */
#define VM_MAY_GOTO_LOOPS (8ull * 1024 * 1024)

struct frame {            /* a bpf-to-bpf call frame */
  uint64_t r6, r7, r8, r9, fp;
  uint64_t may_goto_left;  /* the caller's may_goto budget */
  const struct xi *ret;
};

struct vm_opts {
  uint64_t max_insns;
  int xbpf;
  int trace;
  int json;                /* trace_printk and records go to stderr */
  int ncpus;
  uint32_t stack_size;    /* per frame */
  int max_depth;
  int stack_size_set, max_depth_set;
  uint64_t clock_ns;
  uint64_t seed;
  uint64_t pid_tgid, uid_gid, task;
  char comm[16];
  FILE *ringbuf_out;
  FILE *out;
  uint64_t heap_max;
  uint64_t region_key;     /* key of the region tags; 0: random per run */
};

struct vm {
  /* region tags: tag = (index * tag_m + tag_k) ^ tag_k, and back
     index = ((tag ^ tag_k) - tag_k) * tag_minv (tag_m odd, tag_minv its
     inverse): a bijection with tag 0 for index 0, two constants (the
     interpreter keeps them in registers) */
  uint32_t tag_k, tag_m, tag_minv;
  struct elo_object *obj;
  struct vm_opts opt;
  struct xi *code;
  uint32_t ncode;
  struct region *reg;
  uint32_t nreg, capreg;
  uint32_t *deferred; uint32_t ndeferred, capdeferred;
  uint32_t deferred_head;  /* deferred[deferred_head..ndeferred) still held */
  uint64_t deferred_bytes;
  /* stack */
  uint8_t *stack;
  uint32_t stack_reg;     /* frame D's stack is region stack_reg + D */
  size_t stack_total;     /* max_depth * stack_size bytes at stack */
  uint64_t fp;            /* current frame pointer (R10) */
  int depth;
  struct frame *frames;   /* max_depth call frames */
  uint64_t may_goto_left; /* may_goto instructions the running frame may
                             fall through before one jumps */
  int threaded;           /* code[].lab filled in */
  uint32_t task_reg;      /* simulated task_struct region, 0 = none yet */
  struct rsv { uint32_t reg; uint32_t map; uint64_t size; } rsvs[256];
  int nrsv;               /* outstanding ring buffer reservations */
  /* context */
  uint32_t prog_type;
  int prog;               /* current program index */
  uint8_t *ctx; uint32_t ctx_size; uint32_t ctx_reg;
  uint8_t *pkt; uint32_t pkt_cap, pkt_reg;
  uint32_t pkt_data, pkt_end, pkt_meta, pkt_hard_start;
  uint32_t skb_l2_pull;   /* bytes of L2 header pulled (socket filters) */
  /* maps */
  struct smap *maps; uint32_t nmaps;
  /* run state */
  uint64_t insns;
  uint64_t helper_bytes;  /* bytes helpers read and wrote this run (vm_mem) */
  uint64_t clock;
  uint64_t rng;
  int fault;              /* set by helpers/memory: stop with errmsg */
  char errmsg[1024];
  uint32_t fault_pc;
  int fault_pc_set;        /* fault_pc is the innermost run's (a callback's) */
  int exited; int64_t exit_code;
  int tail_prog; uint32_t tail_cnt;
  uint32_t cur_pc;        /* pc of the current helper call */
  /* heap (simulator services) */
  uint8_t *heap; uint32_t heap_reg; uint64_t heap_brk, heap_cap;
  /* trace output buffer for trace_printk */
  FILE *out;
  int printed;
  struct vm_stepper *stepper;   /* the run vm_run_stepped drives, else NULL */
};

static inline uint64_t vm_addr(const struct vm *vm, uint32_t region, uint64_t off)
{
  uint32_t tag = (region * vm->tag_m + vm->tag_k) ^ vm->tag_k;
  return ((uint64_t)tag << 32) | (uint32_t)off;
}

/* Region index of ADDR (any value: an unknown tag gives an index that is
   almost surely >= nreg).  */
static inline uint32_t vm_addr_region(const struct vm *vm, uint64_t addr)
{
  return (((uint32_t)(addr >> 32) ^ vm->tag_k) - vm->tag_k) * vm->tag_minv;
}

/* R10 of call frame DEPTH: the top of that frame's own stack region.  */
static inline uint64_t vm_frame_fp(const struct vm *vm, int depth)
{
  return vm_addr(vm, vm->stack_reg + (uint32_t)depth, vm->opt.stack_size);
}

/* vm.c */
int vm_init(struct vm *vm, struct elo_object *obj, const struct vm_opts *opt, char *err, size_t errlen);
void vm_free(struct vm *vm);
/* calloc that stops bpf-run (exit 2, "out of memory") when it fails.  */
void *vm_xcalloc(size_t n, size_t size);
uint32_t vm_region_new(struct vm *vm, void *host, uint32_t size, uint32_t flags,
                       const char *what, int owned);
void vm_region_free(struct vm *vm, uint32_t r);
void vm_region_defer_free(struct vm *vm, uint32_t r);
void vm_end_run(struct vm *vm);
/* Translate [addr, addr+size) for a helper; NULL + fault when invalid.  */
void *vm_mem(struct vm *vm, uint64_t addr, uint64_t size, int write, const char *what);
/* Charge BYTES of helper work; -1 and a fault past the budget.  */
int vm_charge(struct vm *vm, uint64_t bytes);
/* Bytes readable from ADDR (for strings), 0 when invalid.  */
uint64_t vm_mem_avail(struct vm *vm, uint64_t addr, int write);
int vm_faultf(struct vm *vm, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int vm_ldabs_allowed(struct vm *vm);
int vm_slow_load(struct vm *vm, uint64_t addr, int size, uint64_t *val);
int vm_slow_store(struct vm *vm, uint64_t addr, int size, uint64_t val);
const char *vm_region_name(struct vm *vm, uint64_t addr);

/* interp.c */
int vm_decode(struct vm *vm, char *err, size_t errlen);
/* Run code at ENTRY with r1..r5; returns 0 and *ret, or -1 on fault.  */
int vm_run(struct vm *vm, uint32_t entry, const uint64_t args[5], uint64_t *ret);
/* Call a BPF function from a helper (bpf_loop callbacks): same stack.  */
int vm_call(struct vm *vm, uint64_t fnptr, const uint64_t args[5], uint64_t *ret);

/* A run that stops and resumes between instructions, for bpf-run --debug
   and --trace=calls/regs.  It is interp-body.h's third build (interp.c),
   so the debugger executes the very instructions a plain run does; HOOK
   is called before every instruction (VM_EV_INSN: nonzero stops the run
   there) and at the points where the debugger keeps its own books.
   Between runs the machine is R, pc and nf: the bpf-to-bpf frames are
   vm->frames[vm->depth ..][0..nf), pushed by the interpreter itself.  */
enum vm_event {
  VM_EV_INSN,         /* before the instruction at pc */
  VM_EV_CALL,         /* a bpf-to-bpf call pushed frame nf - 1; pc is the callee */
  VM_EV_RETURN,       /* the exit at pc is about to pop frame nf - 1 */
  VM_EV_HELPER,       /* the helper call at pc is about to run (r1-r5 its arguments) */
  VM_EV_HELPER_DONE,  /* ... and has returned r0, or faulted, or exited */
  VM_EV_TAIL,         /* a tail call enters the program at pc */
  VM_EV_LEAVE         /* the run ends: exit or fault at pc */
};

struct vm_stepper {
  uint64_t R[11];
  uint32_t pc;        /* next instruction; when the run ended, the last one */
  int nf;             /* frames pushed */
  int (*hook)(struct vm_stepper *st, enum vm_event ev);
  void *arg;          /* the hook's */
};

/* Set ST's machine to a fresh start at ENTRY with r1..r5 = ARGS (frame 0).  */
void vm_stepper_start(struct vm *vm, struct vm_stepper *st, uint32_t entry, const uint64_t args[5]);
/* Run from ST's machine: 0 at the program's exit (r0 in ST->R[0]), -1 on
   a fault, 1 when the hook stopped the run before ST->pc.  */
int vm_run_stepped(struct vm *vm, struct vm_stepper *st);

/* maps.c */
int maps_init(struct vm *vm, char *err, size_t errlen);
void maps_free(struct vm *vm);
uint64_t map_lookup(struct vm *vm, struct smap *m, const void *key, int cpu);
int map_update(struct vm *vm, struct smap *m, const void *key, const void *val, uint64_t flags, int from_user);
int map_delete(struct vm *vm, struct smap *m, const void *key);
int map_get_next_key(struct vm *vm, struct smap *m, const void *key, void *next);
int map_push(struct vm *vm, struct smap *m, const void *val, uint64_t flags);
int map_pop(struct vm *vm, struct smap *m, void *val, int peek);
struct smap *map_from_ptr(struct vm *vm, uint64_t p);
int map_prog_compatible(struct vm *vm, uint32_t prog);
int maps_check_prog_arrays(struct vm *vm, char *err, size_t errlen);
/* Iterate entries in key order for output.  */
void map_dump_json(struct vm *vm, struct smap *m, FILE *f);
int map_dumpable(const struct smap *m);
uint8_t *map_value_host(struct vm *vm, struct smap *m, uint32_t index, int cpu);
typedef int (*map_iter_fn)(struct vm *vm, struct smap *m, const uint8_t *key, uint64_t val_addr, void *arg);
int map_for_each(struct vm *vm, struct smap *m, map_iter_fn fn, void *arg);

/* helpers.c */
typedef uint64_t (*helper_fn)(struct vm *vm, uint64_t r1, uint64_t r2, uint64_t r3,
                              uint64_t r4, uint64_t r5);
helper_fn helper_get(int64_t id);
const char *helper_name(int64_t id);
#define SIM_SERVICE_BASE 0x7f000000

#endif
