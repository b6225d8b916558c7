/* helpers.c - kernel helpers (numbers from <linux/bpf.h>) and the
   simulator services for plain executables (0x7f000000 + N).  */
#include "sim/sim.h"

#include <errno.h>
#include <linux/bpf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/helper-names.h"

#define NHELPER_NAMES (sizeof helper_names / sizeof *helper_names)
#define H(name) static uint64_t h_##name(struct vm *vm, uint64_t r1, uint64_t r2, \
                                         uint64_t r3, uint64_t r4, uint64_t r5)
#define NEG(e) ((uint64_t)(int64_t)(e))

const char *helper_name(int64_t id)
{
  if (id >= 0 && (uint64_t)id < NHELPER_NAMES)
    return helper_names[id];
  if (id >= SIM_SERVICE_BASE && id < SIM_SERVICE_BASE + 16)
    {
      static const char *const sn[] = { "sim_exit", "sim_write", "sim_abort", "sim_sbrk", "sim_read" };
      if (id - SIM_SERVICE_BASE < 5)
        return sn[id - SIM_SERVICE_BASE];
    }
  return NULL;
}

static struct smap *MAP(struct vm *vm, uint64_t p) { return map_from_ptr(vm, p); }

/* ---- maps ---- */
H(map_lookup_elem)
{
  struct smap *m = MAP(vm, r1);
  if (!m) return 0;
  if (m->type == BPF_MAP_TYPE_QUEUE || m->type == BPF_MAP_TYPE_STACK || m->type == BPF_MAP_TYPE_RINGBUF
      || m->type == BPF_MAP_TYPE_PROG_ARRAY || m->type == BPF_MAP_TYPE_PERF_EVENT_ARRAY)
    {
      vm_faultf(vm, "bpf_map_lookup_elem on map '%s' of type %u is not allowed", m->name, m->type);
      return 0;
    }
  const void *k = vm_mem(vm, r2, m->ks, 0, "bpf_map_lookup_elem key");
  if (!k) return 0;
  return map_lookup(vm, m, k, 0);
}
/* The kernel's verifier lets a program use a prog array only through
   bpf_tail_call, and a map of maps only through bpf_map_lookup_elem
   (check_map_func_compatibility): a program that updates or deletes in
   one is refused.  A value stored so would index the program table.  */
static int map_writable_by_prog(struct vm *vm, struct smap *m, const char *helper)
{
  if (m->type == BPF_MAP_TYPE_PROG_ARRAY || m->type == BPF_MAP_TYPE_ARRAY_OF_MAPS
      || m->type == BPF_MAP_TYPE_HASH_OF_MAPS)
    {
      vm_faultf(vm, "%s on map '%s' of type %s is not allowed (the kernel refuses the program; "
                "a %s is filled from user space)", helper, m->name,
                m->type == BPF_MAP_TYPE_PROG_ARRAY ? "prog_array" : m->type == BPF_MAP_TYPE_ARRAY_OF_MAPS
                ? "array_of_maps" : "hash_of_maps",
                m->type == BPF_MAP_TYPE_PROG_ARRAY ? "prog array" : "map of maps");
      return 0;
    }
  return 1;
}
H(map_update_elem)
{
  struct smap *m = MAP(vm, r1);
  if (!m) return 0;
  if (!map_writable_by_prog(vm, m, "bpf_map_update_elem")) return 0;
  const void *k = vm_mem(vm, r2, m->ks, 0, "bpf_map_update_elem key");
  if (!k) return 0;
  const void *v = vm_mem(vm, r3, m->vs, 0, "bpf_map_update_elem value");
  if (!v) return 0;
  /* copy first: value may alias the element being replaced */
  uint8_t tmp[4096], *buf = m->vs <= sizeof tmp ? tmp : vm_xcalloc(1, m->vs);
  memcpy(buf, v, m->vs);
  int r = map_update(vm, m, k, buf, r4, 0);
  if (buf != tmp) free(buf);
  return NEG(r);
}
H(map_delete_elem)
{
  struct smap *m = MAP(vm, r1);
  if (!m) return 0;
  if (!map_writable_by_prog(vm, m, "bpf_map_delete_elem")) return 0;
  const void *k = vm_mem(vm, r2, m->ks, 0, "bpf_map_delete_elem key");
  if (!k) return 0;
  return NEG(map_delete(vm, m, k));
}
H(map_push_elem)
{
  struct smap *m = MAP(vm, r1);
  if (!m) return 0;
  const void *v = vm_mem(vm, r2, m->vs, 0, "bpf_map_push_elem value");
  if (!v) return 0;
  return NEG(map_push(vm, m, v, r3));
}
static uint64_t popx(struct vm *vm, uint64_t r1, uint64_t r2, int peek)
{
  struct smap *m = MAP(vm, r1);
  if (!m) return 0;
  void *v = vm_mem(vm, r2, m->vs, 1, peek ? "bpf_map_peek_elem value" : "bpf_map_pop_elem value");
  if (!v) return 0;
  return NEG(map_pop(vm, m, v, peek));
}
H(map_pop_elem) { return popx(vm, r1, r2, 0); }
H(map_peek_elem) { return popx(vm, r1, r2, 1); }
H(map_lookup_percpu_elem)
{
  struct smap *m = MAP(vm, r1);
  if (!m) return 0;
  const void *k = vm_mem(vm, r2, m->ks, 0, "bpf_map_lookup_percpu_elem key");
  if (!k) return 0;
  int nc = vm->opt.ncpus > 0 ? vm->opt.ncpus : 1;
  if (r3 >= (uint64_t)nc) return 0;
  return map_lookup(vm, m, k, (int)r3);
}

/* ---- time, ids, random ---- */
static uint64_t now(struct vm *vm) { return vm->clock + vm->insns; }
H(ktime_get_ns) { return now(vm); }
H(jiffies64) { return now(vm) / 4000000; }
H(get_prandom_u32)
{
  uint64_t x = vm->rng;
  x ^= x >> 12; x ^= x << 25; x ^= x >> 27;
  vm->rng = x;
  return (uint32_t)((x * 0x2545f4914f6cdd1dull) >> 32);
}
H(get_smp_processor_id) { return 0; }
H(get_numa_node_id) { return 0; }
H(get_current_pid_tgid) { return vm->opt.pid_tgid; }
H(get_current_uid_gid) { return vm->opt.uid_gid; }
H(get_current_comm)
{
  if (r2 == 0) return NEG(-EINVAL);
  char *d = vm_mem(vm, r1, r2, 1, "bpf_get_current_comm buffer");
  if (!d) return 0;
  size_t n = strnlen(vm->opt.comm, sizeof vm->opt.comm);
  if (n >= r2) n = r2 - 1;
  memset(d, 0, r2);
  memcpy(d, vm->opt.comm, n);
  return 0;
}
static uint32_t task_region(struct vm *vm)
{
  if (!vm->task_reg)
    vm->task_reg = vm_region_new(vm, vm_xcalloc(1, 8192), 8192, RG_RO, "simulated task_struct", 1);
  return vm->task_reg;
}
H(get_current_task) { return vm->opt.task ? vm->opt.task : vm_addr(vm, task_region(vm), 0); }

/* ---- probe reads: a bad source is an error code, not a fault ---- */
/* The error for an unreadable source: kernel variants refuse user-space
   addresses (the low 4 GiB here, where no simulated memory is) with
   -ERANGE, as copy_from_kernel_nofault does; otherwise -EFAULT.  */
static int64_t bad_src(uint64_t src, const char *who)
{
  return (src >> 32) == 0 && strstr(who, "kernel") ? -ERANGE : -EFAULT;
}

static uint64_t probe_read(struct vm *vm, uint64_t dst, uint64_t size, uint64_t src, const char *who)
{
  void *d = vm_mem(vm, dst, size, 1, who);
  if (!d) return 0;
  if (size == 0) return 0;
  if (vm_mem_avail(vm, src, 0) < size)
    {
      memset(d, 0, size);
      return NEG(bad_src(src, who));
    }
  const void *sp = vm_mem(vm, src, size, 0, who);
  if (!sp) return 0;   /* the helper budget */
  memcpy(d, sp, size);
  return 0;
}
static uint64_t probe_read_str(struct vm *vm, uint64_t dst, uint64_t size, uint64_t src, const char *who)
{
  if (size == 0) return 0;
  char *d = vm_mem(vm, dst, size, 1, who);
  if (!d) return 0;
  uint64_t avail = vm_mem_avail(vm, src, 0);
  if (!avail)
    {
      memset(d, 0, size);
      return NEG(bad_src(src, who));
    }
  const char *s = vm_mem(vm, src, 1, 0, who);
  if (!s) return 0;   /* the helper budget */
  uint64_t n = 0;
  while (n + 1 < size && n < avail && s[n])
    {
      d[n] = s[n];
      n++;
    }
  if (n < avail || n + 1 >= size)
    {
      d[n] = 0;
      return n + 1;
    }
  memset(d, 0, size);
  return NEG(-EFAULT);
}
H(probe_read) { return probe_read(vm, r1, r2, r3, "bpf_probe_read"); }
H(probe_read_user) { return probe_read(vm, r1, r2, r3, "bpf_probe_read_user"); }
H(probe_read_kernel) { return probe_read(vm, r1, r2, r3, "bpf_probe_read_kernel"); }
H(probe_read_str) { return probe_read_str(vm, r1, r2, r3, "bpf_probe_read_str"); }
H(probe_read_user_str) { return probe_read_str(vm, r1, r2, r3, "bpf_probe_read_user_str"); }
H(probe_read_kernel_str) { return probe_read_str(vm, r1, r2, r3, "bpf_probe_read_kernel_str"); }

/* ---- formatted output (the kernel's bpf_bprintf_prepare rules) ---- */
#define FIELD_WIDTH_MAX ((1 << 23) - 1)   /* lib/vsprintf.c */
/* Format FMT with ARGS into OUT (size CAP).  Returns length, or -EINVAL
   for a format the kernel refuses.  */
static int bformat(struct vm *vm, const char *fmt, uint64_t fmtlen, const uint64_t *args, int nargs,
                   char *out, size_t cap)
{
  size_t o = 0;
  int ai = 0;
#define PUT(c) do { if (o + 1 < cap) out[o] = (c); o++; } while (0)
#define PUTN(c, k) do { uint64_t k_ = (k), j_ = 0; \
    for (; j_ < k_ && o + 1 < cap; j_++) out[o++] = (c); \
    o += k_ - j_; } while (0)
  for (uint64_t i = 0; i < fmtlen && fmt[i]; i++)
    {
      char c = fmt[i];
      if (c != '%')
        {
          PUT(c);
          continue;
        }
      if (fmt[i + 1] == '%')
        {
          PUT('%');
          i++;
          continue;
        }
      /* flags and width, as bpf_bprintf_prepare takes them: "0+- " and
         digits; no precision, no '#' (the kernel refuses the format).
         The width is clamped as the kernel's vsnprintf clamps it
         (FIELD_WIDTH_MAX), and padding is counted, not formatted: a
         width of 999999999 took the host's snprintf 9 s.  */
      int left = 0, zero = 0;
      char sign[3] = "";
      size_t sgl = 0;
      i++;
      while (i < fmtlen && strchr("-+ 0", fmt[i]) && fmt[i])
        {
          if (fmt[i] == '-') left = 1;
          else if (fmt[i] == '0') zero = 1;
          else if (sgl < 2 && !strchr(sign, fmt[i])) sign[sgl++] = fmt[i];
          i++;
        }
      uint64_t width = 0;
      while (i < fmtlen && fmt[i] >= '0' && fmt[i] <= '9')
        {
          width = width * 10 + (uint64_t)(fmt[i] - '0');
          if (width > FIELD_WIDTH_MAX)
            width = FIELD_WIDTH_MAX;
          i++;
        }
      if (i < fmtlen && (fmt[i] == '.' || fmt[i] == '#'))
        return -EINVAL;
      int lng = 0;
      while (i < fmtlen && fmt[i] == 'l' && lng < 2)
        {
          lng++;
          i++;
        }
      if (i >= fmtlen)
        return -EINVAL;
      char conv = fmt[i];
      if (ai >= nargs)
        return -EINVAL;
      uint64_t a = args[ai++];
      char tmp[256];
      int n, numeric = 0;
      if (conv == 'p')
        {
          /* %p, %px, %pK, %pks, %pus, %pi4/%pI4 */
          char nx = i + 1 < fmtlen ? fmt[i + 1] : 0;
          if (nx == 'x' || nx == 'K')
            i++;
          if ((nx == 'k' || nx == 'u') && i + 2 < fmtlen && fmt[i + 2] == 's')
            {
              i += 2;
              goto string;
            }
          if ((nx == 'i' || nx == 'I') && i + 2 < fmtlen && (fmt[i + 2] == '4' || fmt[i + 2] == '6'))
            {
              i += 2;
              const uint8_t *ip = vm_mem(vm, a, fmt[i] == '4' ? 4 : 16, 0, "format %pI");
              if (!ip)
                return -EINVAL;
              if (fmt[i] == '4')
                n = snprintf(tmp, sizeof tmp, "%u.%u.%u.%u", ip[0], ip[1], ip[2], ip[3]);
              else
                {
                  n = 0;
                  for (int k = 0; k < 16; k += 2)
                    n += snprintf(tmp + n, sizeof tmp - n, "%s%02x%02x", k ? ":" : "", ip[k], ip[k + 1]);
                }
              goto emit;
            }
          n = snprintf(tmp, sizeof tmp, "%#llx", (unsigned long long)a);
          if (!a)
            n = snprintf(tmp, sizeof tmp, "(null)");
          goto emit;
        }
      if (conv == 's')
        {
        string:;
          uint64_t avail = vm_mem_avail(vm, a, 0);
          const char *str = avail ? vm_mem(vm, a, 1, 0, "format %s") : NULL;
          if (!str)
            {
              n = snprintf(tmp, sizeof tmp, "(invalid)");
              goto emit;
            }
          size_t k = 0;
          for (; k < avail && str[k] && k < sizeof tmp - 1; k++)
            tmp[k] = str[k];
          tmp[k] = 0;
          n = (int)k;
          goto emit;
        }
      if (conv == 'c')
        {
          tmp[0] = (char)a;
          tmp[1] = 0;
          n = 1;
          goto emit;
        }
      if (!strchr("diuxX", conv))
        return -EINVAL;
      numeric = 1;
      {
        char spec[8];
        snprintf(spec, sizeof spec, "%%%sll%c", conv == 'd' || conv == 'i' ? sign : "", conv);
        if (conv == 'd' || conv == 'i')
          n = snprintf(tmp, sizeof tmp, spec, lng ? (long long)a : (long long)(int32_t)a);
        else
          n = snprintf(tmp, sizeof tmp, spec, lng ? (unsigned long long)a : (unsigned long long)(uint32_t)a);
      }
    emit:
      {
        uint64_t pad = width > (uint64_t)n ? width - (uint64_t)n : 0;
        int q = 0;
        if (!left && zero && numeric && pad && (tmp[0] == '-' || tmp[0] == '+' || tmp[0] == ' '))
          PUT(tmp[q++]);   /* the sign goes before the zeros */
        if (!left)
          PUTN(zero && numeric ? '0' : ' ', pad);
        for (; q < n; q++)
          PUT(tmp[q]);
        if (left)
          PUTN(' ', pad);
      }
    }
  if (cap)
    out[o < cap ? o : cap - 1] = 0;
  return (int)o;
#undef PUT
#undef PUTN
}

static int count_specs(const char *fmt, uint64_t len)
{
  int n = 0;
  for (uint64_t i = 0; i + 1 < len && fmt[i]; i++)
    if (fmt[i] == '%')
      {
        if (fmt[i + 1] == '%')
          i++;
        else
          n++;
      }
  return n;
}

static uint64_t do_printk(struct vm *vm, uint64_t fmtp, uint64_t fmtlen, const uint64_t *args, int nargs,
                          int maxargs)
{
  const char *fmt = vm_mem(vm, fmtp, fmtlen, 0, "trace_printk format");
  if (!fmt) return 0;
  if (!memchr(fmt, 0, fmtlen))
    return NEG(-EINVAL);
  if (count_specs(fmt, fmtlen) > maxargs)
    return NEG(-EINVAL);
  /* the kernel formats into MAX_BPRINTF_BUF (512) bytes and answers the
     length the whole output would have */
  char buf[512];
  int n = bformat(vm, fmt, fmtlen, args, nargs, buf, sizeof buf);
  if (n < 0)
    return NEG(n);
  int shown = n < (int)sizeof buf ? n : (int)sizeof buf - 1;
  /* like trace_pipe: one line per call */
  FILE *f = vm->opt.json ? stderr : vm->out;
  fwrite(buf, 1, shown, f);
  if (shown == 0 || buf[shown - 1] != '\n')
    fputc('\n', f);
  vm->printed = 1;
  return n;
}
H(trace_printk)
{
  uint64_t a[3] = { r3, r4, r5 };
  return do_printk(vm, r1, r2, a, 3, 3);
}
H(trace_vprintk)
{
  if (r4 % 8 || r4 > 8 * 12 || (r3 == 0 && r4))
    return NEG(-EINVAL);
  uint64_t a[12] = { 0 };
  if (r4)
    {
      const void *d = vm_mem(vm, r3, r4, 0, "trace_vprintk data");
      if (!d) return 0;
      memcpy(a, d, r4);
    }
  return do_printk(vm, r1, r2, a, r4 / 8, 12);
}
H(snprintf)
{
  if (r5 % 8 || r5 > 8 * 12 || (r4 == 0 && r5))
    return NEG(-EINVAL);
  uint64_t a[12] = { 0 };
  if (r5)
    {
      const void *d = vm_mem(vm, r4, r5, 0, "bpf_snprintf data");
      if (!d) return 0;
      memcpy(a, d, r5);
    }
  const char *fmt = vm_mem(vm, r3, 1, 0, "bpf_snprintf format");
  if (!fmt) return 0;
  uint64_t fl = vm_mem_avail(vm, r3, 0);
  if (!memchr(fmt, 0, fl))
    return NEG(-EINVAL);
  if (count_specs(fmt, fl) > (int)(r5 / 8))
    return NEG(-EINVAL);
  char *out = r2 ? vm_mem(vm, r1, r2, 1, "bpf_snprintf buffer") : NULL;
  if (r2 && !out) return 0;
  /* formatted at the size of the program's buffer (a fixed buffer
     shorter than it was read past its end); apart from it, since the
     format or the arguments may be in it */
  char *buf = vm_xcalloc(1, r2 ? r2 : 1);
  int n = bformat(vm, fmt, fl, a, r5 / 8, buf, r2 ? r2 : 1);
  if (n >= 0 && out)
    {
      size_t k = (size_t)n < r2 - 1 ? (size_t)n : r2 - 1;
      memcpy(out, buf, k);
      out[k] = 0;
    }
  free(buf);
  if (n < 0)
    return NEG(n);
  return n + 1;
}

/* ---- callbacks ---- */
H(loop)
{
  if (r4) return NEG(-EINVAL);
  if (r1 > (1u << 23)) return NEG(-E2BIG);
  uint64_t i;
  for (i = 0; i < r1; i++)
    {
      uint64_t a[5] = { i, r3, 0, 0, 0 }, ret;
      if (vm_call(vm, r2, a, &ret))
        return 0;
      if (vm->exited)
        return 0;
      if (ret)
        return i + 1;
    }
  return i;
}
struct fe { uint64_t cb, ctx; uint32_t keyreg; };
static int fe_one(struct vm *vm, struct smap *m, const uint8_t *key, uint64_t val, void *arg)
{
  struct fe *f = arg;
  memcpy(vm->reg[f->keyreg].host, key, m->ks);
  uint64_t a[5] = { vm_addr(vm, SIM_MAP_REGION, m->index), vm_addr(vm, f->keyreg, 0), val, f->ctx, 0 }, ret;
  if (vm_call(vm, f->cb, a, &ret))
    return 1;
  return ret != 0;
}
H(for_each_map_elem)
{
  struct smap *m = MAP(vm, r1);
  if (!m) return 0;
  if (r4) return NEG(-EINVAL);
  struct fe f = { r2, r3, 0 };
  uint8_t *kb = vm_xcalloc(1, m->ks + 8);
  f.keyreg = vm_region_new(vm, kb, m->ks ? m->ks : 4, RG_RO, "for_each_map_elem key", 1);
  int n = map_for_each(vm, m, fe_one, &f);
  vm_region_defer_free(vm, f.keyreg);
  return NEG(n);
}

/* ---- tail calls ---- */
H(tail_call)
{
  struct smap *m = MAP(vm, r2);
  if (!m) return 0;
  if (m->type != BPF_MAP_TYPE_PROG_ARRAY)
    {
      vm_faultf(vm, "bpf_tail_call on map '%s' which is not a prog array", m->name);
      return 0;
    }
  uint32_t idx = (uint32_t)r3;
  if (idx >= m->max || !m->slots[idx] || vm->tail_cnt >= 33)
    return NEG(-ENOENT);
  /* the slot names a program of the object (maps_check_prog_arrays and
     map_update keep it so; checked again where it is used) */
  if (!map_prog_compatible(vm, (uint32_t)m->slots[idx] - 1))
    {
      vm_faultf(vm, "bpf_tail_call: slot %u of prog array '%s' holds no program this one may call",
                idx, m->name);
      return 0;
    }
  vm->tail_cnt++;
  vm->tail_prog = m->slots[idx];
  return r1;
}

/* ---- ring buffer and perf output ---- */
static void record(struct vm *vm, const char *kind, struct smap *m, const uint8_t *p, uint64_t n)
{
  FILE *f = vm->opt.ringbuf_out ? vm->opt.ringbuf_out : vm->opt.json ? stderr : vm->out;
  fprintf(f, "%s %s: ", kind, m->name);
  for (uint64_t i = 0; i < n; i++)
    fprintf(f, "%02x", p[i]);
  fputc('\n', f);
}
H(ringbuf_output)
{
  struct smap *m = MAP(vm, r1);
  if (!m) return 0;
  if (m->type != BPF_MAP_TYPE_RINGBUF)
    return NEG(-EINVAL);
  const uint8_t *p = vm_mem(vm, r2, r3, 0, "bpf_ringbuf_output data");
  if (!p && r3) return 0;
  if (r3 + 8 > m->rb_size)
    return NEG(-EAGAIN);
  record(vm, "ringbuf", m, p, r3);
  return 0;
}
#define rsvs (vm->rsvs)
#define nrsv (vm->nrsv)
H(ringbuf_reserve)
{
  struct smap *m = MAP(vm, r1);
  if (!m) return 0;
  if (m->type != BPF_MAP_TYPE_RINGBUF || r3)
    return 0;
  if (r2 + 8 + m->rb_used > m->rb_size || nrsv >= 256 || r2 > (1u << 28))
    return 0;
  if (vm_charge(vm, r2 * 2))   /* the record, and its output at submit */
    return 0;
  uint8_t *b = vm_xcalloc(1, r2 ? r2 : 1);
  uint32_t reg = vm_region_new(vm, b, r2, 0, "ring buffer record", 1);
  rsvs[nrsv].reg = reg;
  rsvs[nrsv].map = m->index;
  rsvs[nrsv].size = r2;
  nrsv++;
  m->rb_used += (r2 + 8 + 7) & ~7ull;
  return vm_addr(vm, reg, 0);
}
static uint64_t rb_finish(struct vm *vm, uint64_t p, int submit)
{
  for (int i = 0; i < nrsv; i++)
    if (vm_addr(vm, rsvs[i].reg, 0) == p)
      {
        struct smap *m = &vm->maps[rsvs[i].map];
        if (submit)
          record(vm, "ringbuf", m, vm->reg[rsvs[i].reg].host, rsvs[i].size);
        m->rb_used -= (rsvs[i].size + 8 + 7) & ~7ull;
        vm_region_free(vm, rsvs[i].reg);
        rsvs[i] = rsvs[--nrsv];
        return 0;
      }
  vm_faultf(vm, "%s of %#llx which is not a reserved ring buffer record",
            submit ? "bpf_ringbuf_submit" : "bpf_ringbuf_discard", (unsigned long long)p);
  return 0;
}
H(ringbuf_submit) { return rb_finish(vm, r1, 1); }
H(ringbuf_discard) { return rb_finish(vm, r1, 0); }
H(ringbuf_query)
{
  struct smap *m = MAP(vm, r1);
  if (!m) return 0;
  switch (r2)
    {
    case 0: return m->rb_used;  /* BPF_RB_AVAIL_DATA */
    case 1: return m->rb_size;  /* BPF_RB_RING_SIZE */
    default: return 0;
    }
}
H(perf_event_output)
{
  struct smap *m = MAP(vm, r2);
  if (!m) return 0;
  if (m->type != BPF_MAP_TYPE_PERF_EVENT_ARRAY)
    return NEG(-EINVAL);
  const uint8_t *p = vm_mem(vm, r4, r5, 0, "bpf_perf_event_output data");
  if (!p && r5) return 0;
  record(vm, "perf_event", m, p, r5);
  /* no perf event is attached to the array, as in the kernel's test run:
     the kernel answers -ENOENT (the record is shown anyway) */
  return NEG(-ENOENT);
}

/* ---- packets ---- */
static int is_skb(struct vm *vm)
{
  return vm->prog_type != BPF_PROG_TYPE_XDP && vm->pkt;
}
H(xdp_adjust_head)
{
  if (vm->prog_type != BPF_PROG_TYPE_XDP) return NEG(-EINVAL);
  int64_t off = (int32_t)r2;
  uint32_t metalen = vm->pkt_data - vm->pkt_meta;
  int64_t start = vm->pkt_hard_start + 40 + metalen;  /* sizeof(struct xdp_frame) */
  int64_t nd = (int64_t)vm->pkt_data + off;
  if (nd < start || nd > (int64_t)vm->pkt_end - 14)
    return NEG(-EINVAL);
  if (metalen)
    memmove(vm->pkt + vm->pkt_meta + off, vm->pkt + vm->pkt_meta, metalen);
  vm->pkt_meta += off;
  vm->pkt_data = nd;
  vm->reg[vm->pkt_reg].lo = vm->pkt_meta;
  return 0;
}
H(xdp_adjust_meta)
{
  if (vm->prog_type != BPF_PROG_TYPE_XDP) return NEG(-EINVAL);
  int64_t off = (int32_t)r2;
  int64_t nm = (int64_t)vm->pkt_meta + off;
  int64_t frame_end = vm->pkt_hard_start + 40;
  if (nm < frame_end || nm > vm->pkt_data)
    return NEG(-EINVAL);
  if (vm->pkt_data - nm > 32)
    return NEG(-EACCES);
  vm->pkt_meta = nm;
  vm->reg[vm->pkt_reg].lo = vm->pkt_meta;
  return 0;
}
H(xdp_adjust_tail)
{
  if (vm->prog_type != BPF_PROG_TYPE_XDP) return NEG(-EINVAL);
  int64_t off = (int32_t)r2;
  int64_t hard_end = vm->pkt_hard_start + 4096 - 320;
  int64_t ne = (int64_t)vm->pkt_end + off;
  if (ne > hard_end || ne > (int64_t)vm->pkt_cap)
    return NEG(-EINVAL);
  if (ne < (int64_t)vm->pkt_data + 14)
    return NEG(-EINVAL);
  if (off > 0)
    memset(vm->pkt + vm->pkt_end, 0, off);
  vm->pkt_end = ne;
  vm->reg[vm->pkt_reg].hi = vm->pkt_end;
  return 0;
}
H(xdp_get_buff_len) { return vm->pkt_end - vm->pkt_data; }
H(skb_load_bytes)
{
  if (!vm->pkt) return NEG(-EINVAL);
  uint32_t len = r4;
  void *d = vm_mem(vm, r3, len, 1, "bpf_skb_load_bytes buffer");
  if (!d) return 0;
  int64_t off = (int32_t)r2;
  uint32_t plen = vm->pkt_end - vm->pkt_data;
  if (off < 0 || off > 0xffff || len == 0 || (uint64_t)off + len > plen)
    {
      memset(d, 0, len);
      return NEG(-EFAULT);
    }
  memcpy(d, vm->pkt + vm->pkt_data + off, len);
  return 0;
}
H(skb_store_bytes)
{
  if (!is_skb(vm)) return NEG(-EINVAL);
  uint32_t len = r4;
  const void *s = vm_mem(vm, r3, len, 0, "bpf_skb_store_bytes data");
  if (!s && len) return 0;
  int64_t off = (int32_t)r2;
  uint32_t plen = vm->pkt_end - vm->pkt_data;
  if (r5 & ~(uint64_t)(BPF_F_RECOMPUTE_CSUM | BPF_F_INVALIDATE_HASH))
    return NEG(-EINVAL);
  if (off < 0 || off > 0xffff || (uint64_t)off + len > plen)
    return NEG(-EFAULT);
  memmove(vm->pkt + vm->pkt_data + off, s, len);
  return 0;
}
static uint64_t csum_add32(uint64_t sum, const uint8_t *p, uint32_t n)
{
  for (uint32_t i = 0; i + 4 <= n; i += 4)
    {
      uint32_t w;
      memcpy(&w, p + i, 4);
      sum += w;
    }
  return sum;
}
static uint32_t fold32(uint64_t s)
{
  while (s >> 32)
    s = (s & 0xffffffffu) + (s >> 32);
  return (uint32_t)s;
}
H(csum_diff)
{
  if ((r2 | r4) & 3 || r2 > 512 || r4 > 512)
    return NEG(-EINVAL);
  const uint8_t *from = r2 ? vm_mem(vm, r1, r2, 0, "bpf_csum_diff from") : NULL;
  const uint8_t *to = r4 ? vm_mem(vm, r3, r4, 0, "bpf_csum_diff to") : NULL;
  if ((r2 && !from) || (r4 && !to)) return 0;
  uint64_t sum = (uint32_t)r5;
  for (uint32_t i = 0; i + 4 <= r2; i += 4)
    {
      uint32_t w;
      memcpy(&w, from + i, 4);
      sum += (uint32_t)~w;
    }
  sum = csum_add32(sum, to, r4);
  return fold32(sum);
}
static uint16_t csum_fold16(uint32_t s)
{
  s = (s & 0xffff) + (s >> 16);
  s = (s & 0xffff) + (s >> 16);
  return (uint16_t)~s;
}
static uint64_t csum_replace(struct vm *vm, uint64_t off, uint64_t from, uint64_t to, uint64_t flags, int l4)
{
  if (!is_skb(vm)) return NEG(-EINVAL);
  uint32_t sz = flags & 0xf;  /* BPF_F_HDR_FIELD_MASK */
  int64_t o = (int64_t)off;
  uint32_t plen = vm->pkt_end - vm->pkt_data;
  if (o < 0 || (uint64_t)o + 2 > plen)
    return NEG(-EFAULT);
  uint8_t *p = vm->pkt + vm->pkt_data + o;
  uint16_t cur = (uint16_t)(p[0] << 8 | p[1]);
  if (l4 && (flags & BPF_F_MARK_MANGLED_0) && cur == 0)
    return 0;
  /* RFC 1624: HC' = ~(~HC + ~m + m'), all in network order */
  uint64_t s = (uint16_t)~cur;
  if (sz == 0)
    {
      uint32_t diff = (uint32_t)to;  /* a csum_diff result, host order words */
      /* fold the 32-bit partial sum (host-order words) into network order */
      uint32_t f = fold32(diff);
      uint32_t h32 = (f & 0xffff) + (f >> 16);
      uint16_t h = (uint16_t)((h32 & 0xffff) + (h32 >> 16));
      h = __builtin_bswap16(h);
      s += h;
    }
  else if (sz == 2)
    {
      s += (uint16_t)~__builtin_bswap16((uint16_t)from);
      s += __builtin_bswap16((uint16_t)to);
    }
  else if (sz == 4)
    {
      uint32_t f = __builtin_bswap32((uint32_t)from), t = __builtin_bswap32((uint32_t)to);
      s += (uint16_t)~(f >> 16); s += (uint16_t)~(f & 0xffff);
      s += t >> 16; s += t & 0xffff;
    }
  else
    return NEG(-EINVAL);
  uint16_t r = csum_fold16(fold32(s));
  if (l4 && (flags & BPF_F_MARK_MANGLED_0) && r == 0)
    r = 0xffff;
  p[0] = r >> 8;
  p[1] = r & 0xff;
  return 0;
}
H(l3_csum_replace) { return csum_replace(vm, r2, r3, r4, r5, 0); }
H(l4_csum_replace) { return csum_replace(vm, r2, r3, r4, r5, 1); }
H(redirect)
{
  if (r2) return vm->prog_type == BPF_PROG_TYPE_XDP ? 0 /* XDP_ABORTED */ : 2 /* TC_ACT_SHOT */;
  return vm->prog_type == BPF_PROG_TYPE_XDP ? 4 /* XDP_REDIRECT */ : 7 /* TC_ACT_REDIRECT */;
}
H(get_hash_recalc) { return 0; }
H(strncmp)
{
  const char *a = vm_mem(vm, r1, r2, 0, "bpf_strncmp s1");
  if (!a) return 0;
  uint64_t avail = vm_mem_avail(vm, r3, 0);
  const char *b = avail ? vm_mem(vm, r3, 1, 0, "bpf_strncmp s2") : NULL;
  if (!b || !memchr(b, 0, avail))
    {
      vm_faultf(vm, "bpf_strncmp: s2 is not a NUL-terminated string in readable memory");
      return 0;
    }
  int r = strncmp(a, b, r2);
  return NEG(r < 0 ? -1 : r > 0);
}

/* ---- simulator services for plain executables (0x7f000000 + N) ---- */
H(sim_exit)
{
  vm->exited = 1;
  vm->exit_code = (int64_t)r1;
  return 0;
}
H(sim_write)
{
  if (r1 != 1 && r1 != 2)
    return NEG(-EBADF);
  if (r3 == 0)
    return 0;
  const void *p = vm_mem(vm, r2, r3, 0, "sim_write buffer");
  if (!p) return 0;
  FILE *f = r1 == 1 ? vm->out : stderr;
  fwrite(p, 1, r3, f);
  fflush(f);
  return r3;
}
H(sim_read)
{
  if (r1 != 0)
    return NEG(-EBADF);
  if (r3 == 0)
    return 0;
  void *p = vm_mem(vm, r2, r3, 1, "sim_read buffer");
  if (!p) return 0;
  fflush(vm->out);
  ssize_t n = read(0, p, r3);
  return n < 0 ? NEG(-errno) : (uint64_t)n;
}
H(sim_abort)
{
  vm_faultf(vm, "program called abort()");
  vm->exit_code = 134;
  return 0;
}
H(sim_sbrk)
{
  if (!vm->heap)
    {
      vm->heap_cap = vm->opt.heap_max ? vm->opt.heap_max : (64u << 20);
      vm->heap = calloc(1, vm->heap_cap);
      if (!vm->heap)
        return NEG(-1);
      vm->heap_reg = vm_region_new(vm, vm->heap, 0, 0, "heap", 0);
      vm->reg[vm->heap_reg].lo = 0;
      vm->reg[vm->heap_reg].hi = 16;   /* keep offset 0..15 reserved */
      vm->heap_brk = 16;
    }
  int64_t inc = (int64_t)r1;
  uint64_t old = vm->heap_brk;
  if ((inc > 0 && old + (uint64_t)inc > vm->heap_cap) || (inc < 0 && (uint64_t)0 - (uint64_t)inc > old - 16))
    return (uint64_t)-1;
  vm->heap_brk = old + inc;
  vm->reg[vm->heap_reg].hi = vm->heap_brk;
  vm->reg[vm->heap_reg].lo = 16;
  return vm_addr(vm, vm->heap_reg, old);
}

struct hdef { int64_t id; helper_fn fn; };
#define D(n) { BPF_FUNC_##n, h_##n }
static const struct hdef table[] = {
  D(map_lookup_elem), D(map_update_elem), D(map_delete_elem), D(probe_read),
  D(ktime_get_ns), D(trace_printk), D(get_prandom_u32), D(get_smp_processor_id),
  D(skb_store_bytes), D(l3_csum_replace), D(l4_csum_replace), D(tail_call),
  D(get_current_pid_tgid), D(get_current_uid_gid), D(get_current_comm),
  D(redirect), D(perf_event_output), D(skb_load_bytes), D(csum_diff),
  D(get_hash_recalc), D(get_current_task), D(get_numa_node_id),
  D(xdp_adjust_head), D(probe_read_str), D(xdp_adjust_meta), D(xdp_adjust_tail),
  D(map_push_elem), D(map_pop_elem), D(map_peek_elem), D(probe_read_user),
  D(probe_read_kernel), D(probe_read_user_str), D(probe_read_kernel_str),
  D(jiffies64), D(ringbuf_output), D(ringbuf_reserve), D(ringbuf_submit),
  D(ringbuf_discard), D(ringbuf_query), D(for_each_map_elem), D(snprintf),
  D(trace_vprintk), D(loop), D(strncmp), D(xdp_get_buff_len),
  D(map_lookup_percpu_elem),
  { BPF_FUNC_ktime_get_boot_ns, h_ktime_get_ns },
  { BPF_FUNC_ktime_get_coarse_ns, h_ktime_get_ns },
  { BPF_FUNC_ktime_get_tai_ns, h_ktime_get_ns },
  { BPF_FUNC_get_current_task_btf, h_get_current_task },
  { SIM_SERVICE_BASE + 0, h_sim_exit },
  { SIM_SERVICE_BASE + 1, h_sim_write },
  { SIM_SERVICE_BASE + 2, h_sim_abort },
  { SIM_SERVICE_BASE + 3, h_sim_sbrk },
  { SIM_SERVICE_BASE + 4, h_sim_read },
};

static helper_fn fast[256];
static int fast_init;

helper_fn helper_get(int64_t id)
{
  if (!fast_init)
    {
      for (size_t i = 0; i < sizeof table / sizeof *table; i++)
        if (table[i].id >= 0 && table[i].id < 256)
          fast[table[i].id] = table[i].fn;
      fast_init = 1;
    }
  if (id >= 0 && id < 256)
    return fast[id];
  for (size_t i = 0; i < sizeof table / sizeof *table; i++)
    if (table[i].id == id)
      return table[i].fn;
  return NULL;
}

/* For the documentation and --list-helpers.  */
void helper_list(FILE *f);
void helper_list(FILE *f)
{
  for (size_t i = 0; i < sizeof table / sizeof *table; i++)
    {
      const char *n = helper_name(table[i].id);
      if (table[i].id >= SIM_SERVICE_BASE)
        fprintf(f, "%#llx %s\n", (unsigned long long)table[i].id, n ? n : "?");
      else
        fprintf(f, "%lld %s\n", (long long)table[i].id, n ? n : "?");
    }
}
