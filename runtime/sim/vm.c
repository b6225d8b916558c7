/* vm.c - the simulated address space (a region table), context access
   rules and machine set-up.  */
#include "sim/sim.h"

#include <linux/bpf.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

int vm_faultf(struct vm *vm, const char *fmt, ...)
{
  if (vm->fault)
    return -1;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(vm->errmsg, sizeof vm->errmsg, fmt, ap);
  va_end(ap);
  vm->fault = 1;
  return -1;
}

static void *xrealloc(void *p, size_t n)
{
  p = realloc(p, n ? n : 1);
  if (!p)
    {
      fprintf(stderr, "bpf-run: error: out of memory\n");
      exit(2);
    }
  return p;
}

void *vm_xcalloc(size_t n, size_t size)
{
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p)
    {
      fprintf(stderr, "bpf-run: error: out of memory (%zu bytes)\n", n * size);
      exit(2);
    }
  return p;
}

/* Region numbers are never reused: a pointer kept past its region's
   free (in a register, on the stack, in a map across --repeat runs)
   would otherwise reach the next object given that number (a ring
   buffer record written after submit landed in the next record).  A
   freed region stays in the table, dead, with its description, and an
   access through it faults naming the freed object.  The table is
   bounded: SIM_MAX_REGIONS allocations per bpf-run.  */
uint32_t vm_region_new(struct vm *vm, void *host, uint32_t size, uint32_t flags,
                       const char *what, int owned)
{
  if (vm->nreg == vm->capreg)
    {
      if (vm->capreg >= SIM_MAX_REGIONS)
        {
          fprintf(stderr, "bpf-run: error: more than %u memory regions allocated (map elements, "
                  "ring buffer records, runs); freed regions are never reused\n", SIM_MAX_REGIONS);
          exit(2);
        }
      vm->capreg = vm->capreg ? vm->capreg * 2 : 64;
      vm->reg = xrealloc(vm->reg, vm->capreg * sizeof *vm->reg);
    }
  uint32_t r = vm->nreg++;
  struct region *g = &vm->reg[r];
  g->host = host;
  g->lo = 0;
  g->hi = size;
  g->flags = flags;
  g->elem = 0;
  g->what = what;
  g->owned = owned;
  return r;
}

void vm_region_free(struct vm *vm, uint32_t r)
{
  if (r == 0 || r >= vm->nreg || (vm->reg[r].flags & RG_DEAD))
    return;
  struct region *g = &vm->reg[r];
  if (g->owned)
    free(g->host);
  g->host = NULL;
  g->lo = g->hi = 0;
  g->flags = RG_DEAD;
  g->owned = 0;
}

/* A deleted map element stays readable until the program ends (the
   kernel frees it after an RCU grace period), within SIM_MAX_DEFERRED
   bytes: past them the oldest are freed now (the kernel's preallocated
   elements are reused as soon as they are free; here a pointer to one
   faults, naming the freed object, rather than reading another's).  */
void vm_region_defer_free(struct vm *vm, uint32_t r)
{
  if (r == 0 || r >= vm->nreg || (vm->reg[r].flags & RG_DEAD))
    return;
  if (vm->ndeferred == vm->capdeferred)
    {
      if (vm->deferred_head)
        {
          /* slide the live part down before growing */
          memmove(vm->deferred, vm->deferred + vm->deferred_head,
                  (vm->ndeferred - vm->deferred_head) * sizeof *vm->deferred);
          vm->ndeferred -= vm->deferred_head;
          vm->deferred_head = 0;
        }
      if (vm->ndeferred == vm->capdeferred)
        {
          vm->capdeferred = vm->capdeferred ? vm->capdeferred * 2 : 64;
          vm->deferred = xrealloc(vm->deferred, vm->capdeferred * sizeof *vm->deferred);
        }
    }
  vm->deferred[vm->ndeferred++] = r;
  vm->deferred_bytes += vm->reg[r].hi;
  while (vm->deferred_bytes > SIM_MAX_DEFERRED && vm->deferred_head < vm->ndeferred)
    {
      uint32_t o = vm->deferred[vm->deferred_head++];
      vm->deferred_bytes -= vm->reg[o].hi;
      vm_region_free(vm, o);
    }
}

void vm_end_run(struct vm *vm)
{
  for (uint32_t i = vm->deferred_head; i < vm->ndeferred; i++)
    vm_region_free(vm, vm->deferred[i]);
  vm->ndeferred = vm->deferred_head = 0;
  vm->deferred_bytes = 0;
}

const char *vm_region_name(struct vm *vm, uint64_t addr)
{
  uint32_t ri = vm_addr_region(vm, addr);
  if (ri == SIM_CODE_REGION)
    return "code";
  if (ri == SIM_MAP_REGION)
    return "map handle";
  if (ri < vm->nreg && vm->reg[ri].what)
    return vm->reg[ri].what;
  return addr < 4096 ? "NULL page" : "unmapped";
}

/* "stack of frame N" for frame stacks, the region's own name otherwise. */
static const char *region_what(struct vm *vm, uint32_t ri, char *buf, size_t n)
{
  if (ri >= vm->stack_reg && ri - vm->stack_reg < (uint32_t)vm->opt.max_depth)
    {
      snprintf(buf, n, "stack of frame %u", ri - vm->stack_reg);
      return buf;
    }
  return vm->reg[ri].what;
}

static int mem_error(struct vm *vm, uint64_t addr, uint64_t size, int write, const char *what)
{
  uint32_t ri = vm_addr_region(vm, addr), off = (uint32_t)addr;
  /* an address just below a region has the tag below its tag */
  uint32_t below = vm_addr_region(vm, addr + (1ull << 32));
  const char *kind = write ? "write" : "read";
  char wbuf[48];
  if (ri == 0 && addr < 65536 && (!vm->obj->is_exec || off < vm->reg[0].lo))
    return vm_faultf(vm, "invalid %s of %llu bytes at %#llx%s%s: %s", kind,
                     (unsigned long long)size, (unsigned long long)addr,
                     what ? " by " : "", what ? what : "",
                     addr == 0 ? "NULL pointer" : "near NULL (a scalar, not a pointer?)");
  if (off >= 0x80000000u && below < vm->nreg && !(vm->reg[below].flags & RG_DEAD) && vm->reg[below].what)
    return vm_faultf(vm, "invalid %s of %llu bytes at %#llx%s%s: outside %s (%u bytes before its start)",
                     kind, (unsigned long long)size, (unsigned long long)addr,
                     what ? " by " : "", what ? what : "", region_what(vm, below, wbuf, sizeof wbuf),
                     (uint32_t)(0u - off));
  if (ri < vm->nreg && !(vm->reg[ri].flags & RG_DEAD) && vm->reg[ri].what && !(ri == 0 && !vm->obj->is_exec))
    {
      const struct region *g = &vm->reg[ri];
      const char *gw = region_what(vm, ri, wbuf, sizeof wbuf);
      if (write && (g->flags & RG_RO) && off >= g->lo && off + size <= g->hi)
        return vm_faultf(vm, "invalid %s of %llu bytes at %#llx%s%s: %s is read-only",
                         kind, (unsigned long long)size, (unsigned long long)addr,
                         what ? " by " : "", what ? what : "", gw);
      if ((g->flags & RG_ELEM) && off >= g->lo && (uint64_t)off + size <= g->hi)
        return vm_faultf(vm, "invalid %s of %llu bytes at %#llx%s%s: crosses the end of an element of %s "
                         "(element size %u, offset %u)", kind, (unsigned long long)size,
                         (unsigned long long)addr, what ? " by " : "", what ? what : "",
                         gw, g->elem, off % g->elem);
      return vm_faultf(vm, "invalid %s of %llu bytes at %#llx%s%s: outside %s "
                       "(offset %u, valid %u..%u)", kind, (unsigned long long)size,
                       (unsigned long long)addr, what ? " by " : "", what ? what : "",
                       gw, off, g->lo, g->hi);
    }
  if (ri < vm->nreg && ri != 0 && (vm->reg[ri].flags & RG_DEAD))
    return vm_faultf(vm, "invalid %s of %llu bytes at %#llx%s%s: memory was freed (%s)",
                     kind, (unsigned long long)size, (unsigned long long)addr,
                     what ? " by " : "", what ? what : "",
                     vm->reg[ri].what ? vm->reg[ri].what : "a freed object");
  return vm_faultf(vm, "invalid %s of %llu bytes at %#llx%s%s: %s", kind,
                   (unsigned long long)size, (unsigned long long)addr,
                   what ? " by " : "", what ? what : "",
                   addr == 0 ? "NULL pointer" : addr < 65536 ? "near NULL (a scalar, not a pointer?)"
                   : vm_region_name(vm, addr));
}

/* Helpers' work is bounded with the instructions: every byte a helper
   reads or writes is charged here (vm_mem, ring buffer records),
   SIM_HELPER_BYTES_PER_INSN per instruction of the budget (a loop of
   64 MiB probe reads ran for as long as the budget allowed calls).  */
int vm_charge(struct vm *vm, uint64_t bytes)
{
  uint64_t hb = vm->opt.max_insns > UINT64_MAX / SIM_HELPER_BYTES_PER_INSN ? UINT64_MAX
                : vm->opt.max_insns * SIM_HELPER_BYTES_PER_INSN;
  vm->helper_bytes += bytes;
  if (vm->helper_bytes <= hb && vm->helper_bytes >= bytes)
    return 0;
  return vm_faultf(vm, "helper budget of %llu bytes exhausted (%u bytes per instruction of the "
                   "budget of %llu; use --max-insns)", (unsigned long long)hb,
                   SIM_HELPER_BYTES_PER_INSN, (unsigned long long)vm->opt.max_insns);
}

void *vm_mem(struct vm *vm, uint64_t addr, uint64_t size, int write, const char *what)
{
  uint32_t ri = vm_addr_region(vm, addr), off = (uint32_t)addr;
  static uint8_t empty[8];
  if (size == 0)
    return empty;   /* non-NULL; nothing may be read or written */
  if (vm_charge(vm, size))
    return NULL;
  if (ri < vm->nreg && size <= 0xffffffffu)
    {
      struct region *g = &vm->reg[ri];
      if (!(g->flags & RG_DEAD) && off >= g->lo && (uint64_t)off + size <= g->hi
          && !(write && (g->flags & RG_RO)) && !(g->flags & RG_CTX))
        {
          if (!(g->flags & RG_ELEM) || (off % g->elem) + size <= g->elem)
            return g->host + off;
        }
    }
  mem_error(vm, addr, size, write, what);
  return NULL;
}

uint64_t vm_mem_avail(struct vm *vm, uint64_t addr, int write)
{
  uint32_t ri = vm_addr_region(vm, addr), off = (uint32_t)addr;
  if (ri >= vm->nreg)
    return 0;
  struct region *g = &vm->reg[ri];
  if ((g->flags & (RG_DEAD | RG_CTX)) || off < g->lo || off >= g->hi || (write && (g->flags & RG_RO)))
    return 0;
  uint64_t n = g->hi - off;
  if (g->flags & RG_ELEM)
    n = g->elem - off % g->elem;
  return n;
}

/* ---- context access ---- */

#define SKB_OFF(f) offsetof(struct __sk_buff, f)

static int ctx_is_skb(uint32_t t)
{
  return t == BPF_PROG_TYPE_SOCKET_FILTER || t == BPF_PROG_TYPE_SCHED_CLS
         || t == BPF_PROG_TYPE_SCHED_ACT || t == BPF_PROG_TYPE_CGROUP_SKB
         || t == BPF_PROG_TYPE_LWT_IN || t == BPF_PROG_TYPE_LWT_OUT
         || t == BPF_PROG_TYPE_LWT_XMIT;
}

static int ctx_load(struct vm *vm, uint32_t off, int size, uint64_t *val)
{
  uint32_t t = vm->prog_type;
  if (t == BPF_PROG_TYPE_XDP)
    {
      /* __is_valid_xdp_access: only 4-byte reads of one field (an
         8-byte read across two fields is refused) */
      if ((uint64_t)off + size > sizeof(struct xdp_md) || size != 4)
        return vm_faultf(vm, "invalid read of %d bytes at offset %u of the xdp_md context "
                         "(the kernel allows 4-byte reads of its fields)", size, off);
      if (size == 4 && (off == 0 || off == 4 || off == 8))
        {
          uint32_t o = off == 0 ? vm->pkt_data : off == 4 ? vm->pkt_end : vm->pkt_meta;
          *val = vm_addr(vm, vm->pkt_reg, o);
          return 0;
        }
      if (off < 12)
        return vm_faultf(vm, "invalid %d-byte read of xdp_md pointer field at offset %u", size, off);
    }
  else if (ctx_is_skb(t))
    {
      if ((uint64_t)off + size > sizeof(struct __sk_buff))
        return vm_faultf(vm, "invalid read of %d bytes at offset %u of the __sk_buff context", size, off);
      if (size == 4 && (off == SKB_OFF(data) || off == SKB_OFF(data_end) || off == SKB_OFF(data_meta)))
        {
          if (t == BPF_PROG_TYPE_SOCKET_FILTER || t == BPF_PROG_TYPE_CGROUP_SKB)
            {
              if (off != SKB_OFF(data_end) || t == BPF_PROG_TYPE_SOCKET_FILTER)
                return vm_faultf(vm, "direct packet access (__sk_buff field at offset %u) is not "
                                 "allowed in %s programs", off, t == BPF_PROG_TYPE_SOCKET_FILTER
                                 ? "socket filter" : "cgroup_skb");
            }
          uint32_t o = off == SKB_OFF(data) ? vm->pkt_data : off == SKB_OFF(data_end) ? vm->pkt_end : vm->pkt_meta;
          *val = vm_addr(vm, vm->pkt_reg, o);
          return 0;
        }
      if (size == 8 && (off == SKB_OFF(flow_keys) || off == SKB_OFF(sk)))
        {
          *val = 0;
          return 0;
        }
      if (off == SKB_OFF(len) && size == 4)
        {
          *val = vm->pkt_end - vm->pkt_data;
          return 0;
        }
    }
  else if ((uint64_t)off + size > vm->ctx_size)
    return vm_faultf(vm, "invalid read of %d bytes at offset %u: context is %u bytes", size, off, vm->ctx_size);
  uint64_t v = 0;
  memcpy(&v, vm->ctx + off, size);
  *val = v;
  return 0;
}

static int ctx_store(struct vm *vm, uint32_t off, int size, uint64_t val)
{
  uint32_t t = vm->prog_type;
  if (ctx_is_skb(t))
    {
      int ok = 0;
      if (off >= SKB_OFF(cb) && (uint64_t)off + size <= SKB_OFF(cb) + sizeof(((struct __sk_buff *)0)->cb))
        ok = 1;
      if (size == 4 && (off == SKB_OFF(mark) || off == SKB_OFF(priority)
                        || off == SKB_OFF(tc_index) || off == SKB_OFF(tc_classid)
                        || off == SKB_OFF(queue_mapping)))
        ok = 1;
      if (size == 8 && off == SKB_OFF(tstamp))
        ok = 1;
      if (!ok)
        return vm_faultf(vm, "invalid write of %d bytes at offset %u of the __sk_buff context "
                         "(field is read-only)", size, off);
      memcpy(vm->ctx + off, &val, size);
      return 0;
    }
  return vm_faultf(vm, "invalid write of %d bytes at offset %u of the %s context (read-only)",
                   size, off, t == BPF_PROG_TYPE_XDP ? "xdp_md" : "program");
}

/* Legacy packet loads (LD_ABS, LD_IND): the kernel's may_access_skb.  */
int vm_ldabs_allowed(struct vm *vm)
{
  uint32_t t = vm->prog_type;
  if (t == BPF_PROG_TYPE_SOCKET_FILTER || t == BPF_PROG_TYPE_SCHED_CLS || t == BPF_PROG_TYPE_SCHED_ACT)
    return 1;
  vm_faultf(vm, "BPF_LD_ABS and BPF_LD_IND are not allowed in %s programs (only socket filters and tc)",
            elo_type_name(t));
  return 0;
}

int vm_slow_load(struct vm *vm, uint64_t addr, int size, uint64_t *val)
{
  uint32_t ri = vm_addr_region(vm, addr), off = (uint32_t)addr;
  if (ri < vm->nreg && (vm->reg[ri].flags & RG_CTX) && ri == vm->ctx_reg)
    {
      if (off % size)
        return vm_faultf(vm, "misaligned %d-byte read of the context at offset %u", size, off);
      return ctx_load(vm, off, size, val);
    }
  void *p = vm_mem(vm, addr, size, 0, NULL);
  if (!p)
    return -1;
  uint64_t v = 0;
  memcpy(&v, p, size);
  *val = v;
  return 0;
}

int vm_slow_store(struct vm *vm, uint64_t addr, int size, uint64_t val)
{
  uint32_t ri = vm_addr_region(vm, addr), off = (uint32_t)addr;
  if (ri < vm->nreg && (vm->reg[ri].flags & RG_CTX) && ri == vm->ctx_reg)
    {
      if (off % size)
        return vm_faultf(vm, "misaligned %d-byte write of the context at offset %u", size, off);
      return ctx_store(vm, off, size, val);
    }
  void *p = vm_mem(vm, addr, size, 1, NULL);
  if (!p)
    return -1;
  memcpy(p, &val, size);
  return 0;
}

/* ---- set-up ---- */

static uint64_t splitmix64(uint64_t *s)
{
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* The key of the region tags: --region-key, or a random one per run so
   that a program cannot know another region's tag in advance.  */
static void tag_init(struct vm *vm, uint64_t key)
{
  if (!key && getrandom(&key, sizeof key, GRND_NONBLOCK) != sizeof key)
    {
      struct timespec ts;
      clock_gettime(CLOCK_REALTIME, &ts);
      key = (uint64_t)ts.tv_nsec * 0x9e3779b97f4a7c15ull ^ (uint64_t)ts.tv_sec ^ (uint64_t)getpid() << 32;
    }
  uint64_t s = key;
  uint64_t r = splitmix64(&s);
  vm->tag_k = (uint32_t)r;
  vm->tag_m = (uint32_t)(r >> 32) | 1;
  /* inverse of an odd number modulo 2^32 (Newton: each step doubles the
     correct bits) */
  uint32_t inv = vm->tag_m;
  for (int i = 0; i < 5; i++)
    inv *= 2 - vm->tag_m * inv;
  vm->tag_minv = inv;
}

int vm_init(struct vm *vm, struct elo_object *obj, const struct vm_opts *opt, char *err, size_t errlen)
{
  memset(vm, 0, sizeof *vm);
  vm->obj = obj;
  vm->opt = *opt;
  vm->out = opt->out ? opt->out : stdout;
  vm->rng = opt->seed ? opt->seed : 0x853c49e6748fea9bull;
  vm->clock = opt->clock_ns;
  tag_init(vm, opt->region_key);
  /* region 0: NULL, or the executable's image */
  uint32_t r0 = vm_region_new(vm, NULL, 0, RG_DEAD, NULL, 0);
  if (obj->is_exec && obj->image)
    {
      struct region *g = &vm->reg[r0];
      g->host = obj->image - obj->image_lo;   /* offsets are link addresses */
      g->lo = obj->image_lo < 4096 ? 4096 : obj->image_lo;
      g->hi = obj->image_hi;
      g->flags = 0;
      g->what = "program image";
      if (g->lo >= g->hi)
        g->flags = RG_DEAD;
      else
        g->host = obj->image - obj->image_lo;
    }
  if (obj->is_exec || obj->xbpf)
    {
      /* plain C programs: xBPF encodings, larger stacks, deep recursion */
      vm->opt.xbpf = 1;
      if (!opt->stack_size_set)
        vm->opt.stack_size = 16384;
      if (!opt->max_depth_set)
        vm->opt.max_depth = 1024;
    }
  opt = &vm->opt;
  if (opt->max_depth < 1 || opt->max_depth > SIM_MAX_DEPTH || opt->stack_size < 8
      || opt->stack_size > SIM_MAX_STACK_SIZE
      || (uint64_t)opt->stack_size * (uint64_t)opt->max_depth > SIM_MAX_STACK_TOTAL)
    {
      snprintf(err, errlen, "bpf-run: error: a stack of %d frames of %u bytes is more than %u bytes "
               "(lower --max-depth or --stack-size)", opt->max_depth, opt->stack_size, SIM_MAX_STACK_TOTAL);
      return -1;
    }
  vm->frames = calloc(opt->max_depth + 1, sizeof *vm->frames);
  /* stack: max_depth frames, each its own region (a frame pointer cannot
     reach another frame's stack; a pointer passed down still can) */
  vm->stack_total = (size_t)opt->stack_size * (size_t)opt->max_depth;
  vm->stack = calloc(1, vm->stack_total);
  if (!vm->frames || !vm->stack)
    {
      snprintf(err, errlen, "bpf-run: error: out of memory for a stack of %zu bytes", vm->stack_total);
      return -1;
    }
  for (int d = 0; d < opt->max_depth; d++)
    {
      uint32_t r = vm_region_new(vm, vm->stack + (size_t)d * opt->stack_size, opt->stack_size, 0, "stack", 0);
      if (d == 0)
        vm->stack_reg = r;
    }
  if (maps_init(vm, err, errlen))
    return -1;
  if (vm_decode(vm, err, errlen))
    return -1;
  return 0;
}

void vm_free(struct vm *vm)
{
  maps_free(vm);
  for (uint32_t i = 1; i < vm->nreg; i++)
    if (vm->reg[i].owned)
      free(vm->reg[i].host);
  free(vm->reg);
  free(vm->deferred);
  free(vm->stack);
  free(vm->pkt);
  vm->pkt = NULL;
  free(vm->code);
  free(vm->frames);
}
