/* elf-load.c - load a BPF ELF object the way libbpf loads it, from what
   the object reader (obj/bpfobj.h) read: code, maps, relocations applied,
   programs.  See elf-load.h.  What the reader leaves to its users is
   checked here: whether the object can run (its type, code sizes, which
   relocation fits which instruction, map definitions), and every offset
   into a section's bytes.  */
#include "sim/elf-load.h"
#include "obj/bpfobj.h"
#include <bpf/btf.h>
#include <linux/bpf.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/version.h>


/* Program types are <linux/bpf.h>'s; headers older than Linux 6.4 lack
   the netfilter type (an enumerator, hence the version test).  */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 4, 0)
#define BPF_PROG_TYPE_NETFILTER 32
#endif

/* Section prefixes as in libbpf's section_defs (order matters: first
   match wins; entries ending in '/' or '+' accept suffixes).  */
static const struct { const char *pfx; uint32_t type; int exact; } sec_defs[] = {
  { "socket", BPF_PROG_TYPE_SOCKET_FILTER, 0 },
  { "sk_reuseport/migrate", BPF_PROG_TYPE_SK_REUSEPORT, 1 },
  { "sk_reuseport", BPF_PROG_TYPE_SK_REUSEPORT, 1 },
  { "kprobe/", BPF_PROG_TYPE_KPROBE, 0 }, { "uprobe/", BPF_PROG_TYPE_KPROBE, 0 },
  { "uprobe.s/", BPF_PROG_TYPE_KPROBE, 0 }, { "kretprobe/", BPF_PROG_TYPE_KPROBE, 0 },
  { "uretprobe/", BPF_PROG_TYPE_KPROBE, 0 }, { "uretprobe.s/", BPF_PROG_TYPE_KPROBE, 0 },
  { "kprobe.multi/", BPF_PROG_TYPE_KPROBE, 0 }, { "kretprobe.multi/", BPF_PROG_TYPE_KPROBE, 0 },
  { "ksyscall/", BPF_PROG_TYPE_KPROBE, 0 }, { "kretsyscall/", BPF_PROG_TYPE_KPROBE, 0 },
  { "usdt/", BPF_PROG_TYPE_KPROBE, 0 }, { "kprobe", BPF_PROG_TYPE_KPROBE, 1 },
  { "uprobe", BPF_PROG_TYPE_KPROBE, 1 },
  { "tc", BPF_PROG_TYPE_SCHED_CLS, 1 }, { "tc/", BPF_PROG_TYPE_SCHED_CLS, 0 },
  { "classifier", BPF_PROG_TYPE_SCHED_CLS, 0 }, { "action", BPF_PROG_TYPE_SCHED_ACT, 0 },
  { "tracepoint/", BPF_PROG_TYPE_TRACEPOINT, 0 }, { "tp/", BPF_PROG_TYPE_TRACEPOINT, 0 },
  { "raw_tracepoint/", BPF_PROG_TYPE_RAW_TRACEPOINT, 0 },
  { "raw_tp/", BPF_PROG_TYPE_RAW_TRACEPOINT, 0 },
  { "raw_tracepoint.w/", BPF_PROG_TYPE_RAW_TRACEPOINT_WRITABLE, 0 },
  { "raw_tp.w/", BPF_PROG_TYPE_RAW_TRACEPOINT_WRITABLE, 0 },
  { "tp_btf/", BPF_PROG_TYPE_TRACING, 0 }, { "fentry/", BPF_PROG_TYPE_TRACING, 0 },
  { "fmod_ret/", BPF_PROG_TYPE_TRACING, 0 }, { "fexit/", BPF_PROG_TYPE_TRACING, 0 },
  { "fentry.s/", BPF_PROG_TYPE_TRACING, 0 }, { "fmod_ret.s/", BPF_PROG_TYPE_TRACING, 0 },
  { "fexit.s/", BPF_PROG_TYPE_TRACING, 0 }, { "freplace/", BPF_PROG_TYPE_EXT, 0 },
  { "lsm/", BPF_PROG_TYPE_LSM, 0 }, { "lsm.s/", BPF_PROG_TYPE_LSM, 0 },
  { "lsm_cgroup/", BPF_PROG_TYPE_LSM, 0 },
  { "iter/", BPF_PROG_TYPE_TRACING, 0 }, { "iter.s/", BPF_PROG_TYPE_TRACING, 0 },
  { "syscall", BPF_PROG_TYPE_SYSCALL, 1 },
  { "xdp.frags/devmap", BPF_PROG_TYPE_XDP, 1 }, { "xdp/devmap", BPF_PROG_TYPE_XDP, 1 },
  { "xdp.frags/cpumap", BPF_PROG_TYPE_XDP, 1 }, { "xdp/cpumap", BPF_PROG_TYPE_XDP, 1 },
  { "xdp.frags", BPF_PROG_TYPE_XDP, 1 }, { "xdp", BPF_PROG_TYPE_XDP, 0 },
  { "perf_event", BPF_PROG_TYPE_PERF_EVENT, 0 },
  { "lwt_in", BPF_PROG_TYPE_LWT_IN, 0 }, { "lwt_out", BPF_PROG_TYPE_LWT_OUT, 0 },
  { "lwt_xmit", BPF_PROG_TYPE_LWT_XMIT, 0 }, { "lwt_seg6local", BPF_PROG_TYPE_LWT_SEG6LOCAL, 0 },
  { "sockops", BPF_PROG_TYPE_SOCK_OPS, 0 }, { "sk_skb", BPF_PROG_TYPE_SK_SKB, 0 },
  { "sk_msg", BPF_PROG_TYPE_SK_MSG, 0 }, { "lirc_mode2", BPF_PROG_TYPE_LIRC_MODE2, 0 },
  { "flow_dissector", BPF_PROG_TYPE_FLOW_DISSECTOR, 0 },
  { "cgroup_skb/", BPF_PROG_TYPE_CGROUP_SKB, 0 }, { "cgroup/skb", BPF_PROG_TYPE_CGROUP_SKB, 1 },
  { "cgroup/", BPF_PROG_TYPE_CGROUP_SOCK, 0 },  /* approximate for the cgroup family */
  { "struct_ops", BPF_PROG_TYPE_STRUCT_OPS, 0 }, { "sk_lookup", BPF_PROG_TYPE_SK_LOOKUP, 0 },
  { "netfilter", BPF_PROG_TYPE_NETFILTER, 1 },
};

int
elo_prog_type_is_xdp(uint32_t type)
{
  return type == BPF_PROG_TYPE_XDP;
}

uint32_t
elo_sec_prog_type(const char *sec)
{
  for (size_t i = 0; i < sizeof sec_defs / sizeof *sec_defs; i++)
    {
      const char *p = sec_defs[i].pfx;
      size_t n = strlen(p);
      if (sec_defs[i].exact)
        {
          /* exact name, or name followed by '/' (libbpf's SEC_ATTACHABLE) */
          if (!strcmp(sec, p) || (!strncmp(sec, p, n) && sec[n] == '/'))
            return sec_defs[i].type;
        }
      else if (!strncmp(sec, p, n))
        {
          /* "xdp" matches "xdp" and "xdp/..." but not "xdpfoo" */
          if (p[n - 1] == '/' || sec[n] == 0 || sec[n] == '/')
            return sec_defs[i].type;
        }
    }
  return BPF_PROG_TYPE_UNSPEC;
}

static const struct { const char *name; uint32_t type; } type_names[] = {
  { "socket", BPF_PROG_TYPE_SOCKET_FILTER }, { "socket_filter", BPF_PROG_TYPE_SOCKET_FILTER },
  { "kprobe", BPF_PROG_TYPE_KPROBE }, { "tc", BPF_PROG_TYPE_SCHED_CLS },
  { "sched_cls", BPF_PROG_TYPE_SCHED_CLS }, { "classifier", BPF_PROG_TYPE_SCHED_CLS },
  { "action", BPF_PROG_TYPE_SCHED_ACT }, { "sched_act", BPF_PROG_TYPE_SCHED_ACT },
  { "tracepoint", BPF_PROG_TYPE_TRACEPOINT }, { "xdp", BPF_PROG_TYPE_XDP },
  { "perf_event", BPF_PROG_TYPE_PERF_EVENT },
  { "cgroup_skb", BPF_PROG_TYPE_CGROUP_SKB }, { "raw_tracepoint", BPF_PROG_TYPE_RAW_TRACEPOINT },
  { "raw_tp", BPF_PROG_TYPE_RAW_TRACEPOINT }, { "tracing", BPF_PROG_TYPE_TRACING },
  { "syscall", BPF_PROG_TYPE_SYSCALL }, { "exec", BPF_PROG_TYPE_UNSPEC },
  { "unspec", BPF_PROG_TYPE_UNSPEC },
};

int elo_type_from_name(const char *name, uint32_t *type)
{
  for (size_t i = 0; i < sizeof type_names / sizeof *type_names; i++)
    if (!strcmp(name, type_names[i].name))
      {
        *type = type_names[i].type;
        return 0;
      }
  return -1;
}

const char *elo_type_name(uint32_t type)
{
  for (size_t i = 0; i < sizeof type_names / sizeof *type_names; i++)
    if (type_names[i].type == type)
      return type_names[i].name;
  return "unknown";
}

/* ---- error and allocation helpers ---- */
struct ld {
  struct elo_object *o;
  char *err; size_t errlen;
  size_t nsec;
  struct sec {
    /* the reader's section (struct bpfobj_sec) */
    const char *name;
    Elf64_Shdr sh;
    const uint8_t *data; size_t size;  /* NULL data for NOBITS */
    const struct bpfobj_rel *rels; size_t nrels;
    /* what the loader makes of it */
    int64_t code_base;                  /* insn index, -1 if not code */
    int map;                            /* data map index, -1 */
    int kind;                           /* 1 .maps, 2 legacy maps */
  } *secs;
  const struct bpfobj_sym *syms; size_t nsyms;
  /* BTF */
  struct btf *btfp;        /* libbpf's reading of .BTF; owned by the object */
  int btf_refused;          /* .BTF present but libbpf refused it */
};

#define xcalloc bpfobj_xcalloc   /* out of memory: a message and exit 2 */

static int fail(struct ld *l, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int n = snprintf(l->err, l->errlen, "%s: error: ", l->o->name);
  if (n < 0 || (size_t)n >= l->errlen)
    n = 0;
  vsnprintf(l->err + n, l->errlen - n, fmt, ap);
  va_end(ap);
  return -1;
}

/* ---- BTF ----
   Read through libbpf (btf__new validates the whole section: header,
   string table, every type record and reference), the reader the
   kernel's tools trust; the debugger uses the same library.  */

static uint32_t rd32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }

static const char *btf_name(struct ld *l, uint32_t off)
{
  const char *n = l->btfp ? btf__str_by_offset(l->btfp, off) : NULL;
  return n ? n : "";
}

/* The type ID after typedefs, qualifiers and VAR; 0 when invalid.  */
static uint32_t btf_skip(struct ld *l, uint32_t id)
{
  int r = btf__resolve_type(l->btfp, id);
  return r > 0 ? (uint32_t)r : 0;
}

static const struct btf_type *btf_type_of(struct ld *l, uint32_t id)
{
  return id ? btf__type_by_id(l->btfp, id) : NULL;
}

/* Value of an __uint(name, N) member: pointer to array of N.  */
static int btf_uint_member(struct ld *l, uint32_t tid, uint32_t *val)
{
  const struct btf_type *t = btf_type_of(l, btf_skip(l, tid));
  if (!t || !btf_is_ptr(t))
    return -1;
  t = btf_type_of(l, btf_skip(l, t->type));
  if (!t || !btf_is_array(t))
    return -1;
  *val = btf_array(t)->nelems;
  return 0;
}

static int parse_map_struct(struct ld *l, uint32_t tid, struct elo_map *m, int depth)
{
  if (depth > 2)
    return fail(l, "map '%s': nested map definitions too deep", m->name);
  const struct btf_type *t = btf_type_of(l, btf_skip(l, tid));
  if (!t || !btf_is_struct(t))
    return fail(l, "map '%s': BTF definition is not a struct", m->name);
  uint32_t vlen = btf_vlen(t);
  const struct btf_member *mem = btf_members(t);
  m->inner = -1;
  for (uint32_t i = 0; i < vlen; i++)
    {
      const char *mn = btf_name(l, mem[i].name_off);
      uint32_t mt = mem[i].type, v;
      if (!strcmp(mn, "type") || !strcmp(mn, "max_entries") || !strcmp(mn, "map_flags")
          || !strcmp(mn, "key_size") || !strcmp(mn, "value_size")
          || !strcmp(mn, "numa_node") || !strcmp(mn, "pinning") || !strcmp(mn, "map_extra"))
        {
          if (btf_uint_member(l, mt, &v))
            return fail(l, "map '%s': member '%s' is not __uint()", m->name, mn);
          if (!strcmp(mn, "type")) m->type = v;
          else if (!strcmp(mn, "max_entries")) m->max_entries = v;
          else if (!strcmp(mn, "map_flags")) m->flags = v;
          else if (!strcmp(mn, "key_size")) m->key_size = v;
          else if (!strcmp(mn, "value_size")) m->value_size = v;
        }
      else if (!strcmp(mn, "key") || !strcmp(mn, "value"))
        {
          const struct btf_type *p = btf_type_of(l, btf_skip(l, mt));
          if (!p || !btf_is_ptr(p))
            return fail(l, "map '%s': member '%s' is not __type()", m->name, mn);
          int64_t sz = btf__resolve_size(l->btfp, p->type);
          if (sz < 0 || sz > (1 << 24))
            return fail(l, "map '%s': cannot size '%s'", m->name, mn);
          if (!strcmp(mn, "key")) m->key_size = sz; else m->value_size = sz;
        }
      else if (!strcmp(mn, "values"))
        {
          m->values_off = btf_member_bit_offset(t, i) / 8;
          /* __array(values, struct inner): array of pointers to a def */
          const struct btf_type *a = btf_type_of(l, btf_skip(l, mt));
          if (!a || !btf_is_array(a))
            return fail(l, "map '%s': 'values' is not an array", m->name);
          const struct btf_type *p = btf_type_of(l, btf_skip(l, btf_array(a)->type));
          if (!p || !btf_is_ptr(p))
            return fail(l, "map '%s': 'values' is not an array of pointers", m->name);
          const struct btf_type *in = btf_type_of(l, btf_skip(l, p->type));
          if (in && btf_is_struct(in) && m->type != BPF_MAP_TYPE_PROG_ARRAY)
            {
              /* map-in-map: remember the inner definition as a map
                 of its own (appended by the caller) */
              struct elo_map inner;
              memset(&inner, 0, sizeof inner);
              snprintf(inner.name, sizeof inner.name, "%.50s.inner", m->name);
              if (parse_map_struct(l, p->type, &inner, depth + 1))
                return -1;
              struct elo_object *o = l->o;
              struct elo_map *nm = realloc(o->maps, (o->nmaps + 1) * sizeof *o->maps);
              if (!nm)
                return fail(l, "out of memory");
              o->maps = nm;
              inner.sec = -1;
              inner.inner = -1;
              o->maps[o->nmaps] = inner;
              m->inner = o->nmaps++;
            }
          if (m->key_size == 0)
            m->key_size = 4;
          if (m->value_size == 0)
            m->value_size = 4;
        }
    }
  return 0;
}

/* ---- the loader ---- */
static int add_map(struct ld *l, struct elo_map *m)
{
  struct elo_object *o = l->o;
  struct elo_map *n = realloc(o->maps, (o->nmaps + 1) * sizeof *o->maps);
  if (!n)
    return fail(l, "out of memory");
  o->maps = n;
  o->maps[o->nmaps] = *m;
  return o->nmaps++;
}

static int is_data_sec(const char *n)
{
  return !strcmp(n, ".data") || !strcmp(n, ".bss") || !strcmp(n, ".rodata")
         || !strncmp(n, ".data.", 6) || !strncmp(n, ".rodata.", 8)
         || !strncmp(n, ".bss.", 5);
}

static int sym_cmp_value;
static int find_map_by_sec(struct ld *l, int sec, uint64_t off)
{
  for (uint32_t i = 0; i < l->o->nmaps; i++)
    if (l->o->maps[i].sec == sec && !l->o->maps[i].internal && l->o->maps[i].sec_off == off)
      return i;
  return -1;
}

static int load_maps(struct ld *l)
{
  struct elo_object *o = l->o;
  (void)sym_cmp_value;
  for (size_t s = 1; s < l->nsec; s++)
    {
      struct sec *S = &l->secs[s];
      if (!strcmp(S->name, "maps") && S->sh.sh_type == SHT_PROGBITS)
        {
          S->kind = 2;
          /* legacy struct bpf_map_def, one per symbol */
          int nmapsyms = 0;
          for (size_t i = 0; i < l->nsyms; i++)
            if (l->syms[i].shndx == s && l->syms[i].type != STT_SECTION && l->syms[i].name[0])
              nmapsyms++;
          if (!nmapsyms)
            continue;
          for (size_t i = 0; i < l->nsyms; i++)
            {
              const struct bpfobj_sym *y = &l->syms[i];
              if (y->shndx != s || y->type == STT_SECTION || !y->name[0])
                continue;
              if (y->value + 16 > S->size || !S->data)
                return fail(l, "legacy map '%s' outside section 'maps'", y->name);
              struct elo_map m;
              memset(&m, 0, sizeof m);
              snprintf(m.name, sizeof m.name, "%s", y->name);
              const uint8_t *d = S->data + y->value;
              m.type = rd32(d); m.key_size = rd32(d + 4);
              m.value_size = rd32(d + 8); m.max_entries = rd32(d + 12);
              if (y->value + 20 <= S->size)
                m.flags = rd32(d + 16);
              m.sec = s; m.sec_off = y->value; m.inner = -1;
              if (add_map(l, &m) < 0)
                return -1;
            }
        }
    }
  for (size_t s = 1; s < l->nsec; s++)
    {
      struct sec *S = &l->secs[s];
      if (strcmp(S->name, ".maps"))
        continue;
      S->kind = 1;
      int dsid = l->btfp ? btf__find_by_name_kind(l->btfp, ".maps", BTF_KIND_DATASEC) : -1;
      const struct btf_type *ds = dsid > 0 ? btf_type_of(l, dsid) : NULL;
      if (!ds)
        {
          /* no usable BTF: every symbol is a map we cannot describe */
          for (size_t i = 0; i < l->nsyms; i++)
            if (l->syms[i].shndx == s && l->syms[i].type == STT_OBJECT)
              return fail(l, l->btf_refused ? "map '%s' in .maps needs BTF to read its definition, "
                          "and the object's .BTF is invalid (libbpf refuses it)"
                          : "map '%s' in .maps needs BTF to read its definition "
                          "(build with -g for clang, -gbtf for bpf-gcc)", l->syms[i].name);
          continue;
        }
      uint32_t vlen = btf_vlen(ds);
      const struct btf_var_secinfo *vs = btf_var_secinfos(ds);
      for (uint32_t i = 0; i < vlen; i++)
        {
          const struct btf_type *var = btf_type_of(l, vs[i].type);
          if (!var || !btf_is_var(var))
            return fail(l, "bad BTF for .maps");
          struct elo_map m;
          memset(&m, 0, sizeof m);
          snprintf(m.name, sizeof m.name, "%s", btf_name(l, var->name_off));
          m.sec = s;
          m.sec_off = vs[i].offset;
          /* clang leaves DATASEC offsets 0 in objects; libbpf takes them
             from the symbols, so do we */
          for (size_t k = 0; k < l->nsyms; k++)
            if (l->syms[k].shndx == s && !strcmp(l->syms[k].name, m.name))
              m.sec_off = l->syms[k].value;
          if (parse_map_struct(l, var->type, &m, 0))
            return -1;
          if (add_map(l, &m) < 0)
            return -1;
        }
    }
  /* global data */
  for (size_t s = 1; s < l->nsec; s++)
    {
      struct sec *S = &l->secs[s];
      if (!is_data_sec(S->name) || !(S->sh.sh_flags & SHF_ALLOC))
        continue;
      if (S->sh.sh_flags & SHF_EXECINSTR)
        continue;
      struct elo_map m;
      memset(&m, 0, sizeof m);
      snprintf(m.name, sizeof m.name, "%.15s", S->name);
      m.type = BPF_MAP_TYPE_ARRAY;
      m.key_size = 4;
      m.value_size = S->sh.sh_size;
      if (S->sh.sh_size > (1u << 28))
        return fail(l, "section %s too large", S->name);
      m.max_entries = 1;
      m.internal = 1;
      m.readonly = !strncmp(S->name, ".rodata", 7);
      m.sec = s;
      m.inner = -1;
      m.init = xcalloc(1, m.value_size);
      if (S->data && S->sh.sh_type != SHT_NOBITS)
        memcpy(m.init, S->data, m.value_size < S->size ? m.value_size : S->size);
      if (m.value_size == 0)
        {
          free(m.init);
          continue;
        }
      int idx = add_map(l, &m);
      if (idx < 0)
        return -1;
      S->map = idx;
    }
  /* .kconfig externs */
  int kcid = l->btfp ? btf__find_by_name_kind(l->btfp, ".kconfig", BTF_KIND_DATASEC) : -1;
  const struct btf_type *kc = kcid > 0 ? btf_type_of(l, kcid) : NULL;
  if (kc)
    {
      uint32_t vlen = btf_vlen(kc);
      const struct btf_var_secinfo *kvs = btf_var_secinfos(kc);
      uint64_t off = 0;
      o->externs = xcalloc(vlen, sizeof *o->externs);
      for (uint32_t i = 0; i < vlen; i++)
        {
          const struct btf_type *var = btf_type_of(l, kvs[i].type);
          if (!var || !btf_is_var(var))
            continue;
          int64_t sz = btf__resolve_size(l->btfp, var->type);
          if (sz <= 0 || sz > 4096)
            sz = 8;
          uint64_t al = sz >= 8 ? 8 : sz >= 4 ? 4 : sz >= 2 ? 2 : 1;
          off = (off + al - 1) & ~(al - 1);
          struct elo_extern *e = &o->externs[o->nexterns++];
          snprintf(e->name, sizeof e->name, "%s", btf_name(l, var->name_off));
          e->size = sz;
          e->off = off;
          off += sz;
        }
      if (off)
        {
          struct elo_map m;
          memset(&m, 0, sizeof m);
          snprintf(m.name, sizeof m.name, ".kconfig");
          m.type = BPF_MAP_TYPE_ARRAY; m.key_size = 4; m.value_size = off; m.max_entries = 1;
          m.internal = 1; m.readonly = 1; m.sec = -1; m.inner = -1;
          m.init = xcalloc(1, off);
          int idx = add_map(l, &m);
          if (idx < 0)
            return -1;
          o->kconfig_map = idx;
        }
    }
  return 0;
}

static int func_cmp(const void *a, const void *b)
{
  const struct elo_func *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start;
}

static int apply_relocs(struct ld *l, uint8_t *done)
{
  struct elo_object *o = l->o;
  for (size_t s = 1; s < l->nsec; s++)
    {
      struct sec *T = &l->secs[s];
      int is_maps = T->kind == 1;
      if (T->code_base < 0 && !is_maps)
        continue;
      for (size_t i = 0; i < T->nrels; i++)
        {
          /* the reader checked the symbol index */
          const struct bpfobj_rel *rel = &T->rels[i];
          uint32_t type = rel->type;
          const struct bpfobj_sym *y = &l->syms[rel->sym];
          const char *yn = y->name;
          if (is_maps)
            {
              /* .rel.maps: initial values of prog arrays / map-in-maps */
              if (type != R_BPF_64_ABS64 && type != R_BPF_64_64 && type != R_BPF_DATA_64)
                continue;
              int mi = -1;
              uint64_t best = 0;
              for (uint32_t k = 0; k < o->nmaps; k++)
                if (o->maps[k].sec == (int)s && o->maps[k].sec_off <= rel->off
                    && o->maps[k].sec_off >= best)
                  {
                    best = o->maps[k].sec_off;
                    mi = k;
                  }
              if (mi < 0)
                continue;
              struct elo_map *m = &o->maps[mi];
              uint64_t rel_off = rel->off - m->sec_off;
              if (rel_off < m->values_off)
                continue;
              uint64_t slot = (rel_off - m->values_off) / 8;
              if (!m->init_names)
                {
                  m->ninit = m->max_entries < 65536 ? m->max_entries : 65536;
                  m->init_names = xcalloc(m->ninit, sizeof(char *));
                }
              if (slot < m->ninit)
                {
                  free(m->init_names[slot]);
                  m->init_names[slot] = strdup(yn);
                }
              continue;
            }
          if (rel->off % 8 || rel->off + 8 > T->size)
            return fail(l, "relocation offset %#llx outside section %s",
                        (unsigned long long)rel->off, T->name);
          uint64_t idx = T->code_base + rel->off / 8;
          struct elo_insn *in = &o->code[idx];
          int ys = y->shndx;
          if (type == R_BPF_64_32 && in->code == (BPF_JMP | BPF_K | BPF_CALL))
            {
              if (ys <= 0 || (size_t)ys >= l->nsec || l->secs[ys].code_base < 0)
                return fail(l, "call relocation against '%s' which is not code", yn);
              int64_t tgt = l->secs[ys].code_base + (int64_t)(y->value / 8) + in->imm + 1;
              if (tgt < 0 || tgt >= (int64_t)o->ncode)
                return fail(l, "call target of '%s' outside the code", yn);
              in->regs = (in->regs & 0x0f) | (BPF_PSEUDO_CALL << 4);
              in->imm = tgt;
              done[idx] = 1;
            }
          else if (type == R_BPF_64_64 && in->code == (BPF_LD | BPF_DW | BPF_IMM))
            {
              if (idx + 1 >= o->ncode)
                return fail(l, "lddw relocation at end of section %s", T->name);
              struct elo_insn *in2 = in + 1;
              if (ys == SHN_UNDEF)
                {
                  int found = 0;
                  for (uint32_t k = 0; k < o->nexterns; k++)
                    if (!strcmp(o->externs[k].name, yn) && o->kconfig_map >= 0)
                      {
                        in->regs = (in->regs & 0x0f) | (BPF_PSEUDO_MAP_VALUE << 4);
                        in->imm = o->kconfig_map;
                        in2->imm = o->externs[k].off;
                        found = 1;
                      }
                  if (!found)
                    return fail(l, "unresolved extern '%s' (only .kconfig externs are supported)", yn);
                }
              else if (ys >= (int)l->nsec || ys == SHN_ABS || ys >= SHN_LORESERVE)
                return fail(l, "relocation against '%s' in unsupported section", yn);
              else if (l->secs[ys].kind)
                {
                  int mi = find_map_by_sec(l, ys, y->value);
                  if (mi < 0)
                    return fail(l, "relocation against '%s' which is not a map", yn);
                  in->regs = (in->regs & 0x0f) | (BPF_PSEUDO_MAP_FD << 4);
                  in->imm = mi;
                  in2->imm = 0;
                }
              else if (l->secs[ys].map >= 0)
                {
                  in->regs = (in->regs & 0x0f) | (BPF_PSEUDO_MAP_VALUE << 4);
                  int64_t off = (int64_t)y->value + in->imm;
                  in->imm = l->secs[ys].map;
                  in2->imm = (int32_t)off;
                }
              else if (l->secs[ys].code_base >= 0)
                {
                  int64_t tgt = l->secs[ys].code_base + (int64_t)((y->value + in->imm) / 8);
                  if (tgt < 0 || tgt >= (int64_t)o->ncode)
                    return fail(l, "function reference '%s' outside the code", yn);
                  in->regs = (in->regs & 0x0f) | (BPF_PSEUDO_FUNC << 4);
                  in->imm = tgt;
                  in2->imm = 0;
                }
              else
                return fail(l, "relocation against '%s' in section %s which is neither a map nor data",
                            yn, l->secs[ys].name);
              done[idx] = 1;
            }
          else if (type == R_BPF_64_64 || type == R_BPF_64_32)
            return fail(l, "relocation type %u at insn %llu of %s does not fit the instruction",
                        type, (unsigned long long)(rel->off / 8), T->name);
        }
    }
  return 0;
}

/* Line info: the reader's records, at their instructions in the code
   array; records of sections that are not code, or past their end, are
   dropped.  */
static void load_lines(struct ld *l, const struct bpfobj_btf *b)
{
  struct elo_object *o = l->o;
  if (!b->nlines)
    return;
  o->lines = xcalloc(b->nlines, sizeof *o->lines);
  const char *sec = NULL;
  int64_t base = -1;
  for (size_t i = 0; i < b->nlines; i++)
    {
      const struct bpfobj_line *R = &b->lines[i];
      if (R->sec != sec)
        {
          /* records come in groups, one a section: look it up once */
          sec = R->sec;
          base = -1;
          for (size_t s = 1; s < l->nsec; s++)
            if (!strcmp(l->secs[s].name, sec) && l->secs[s].code_base >= 0)
              base = l->secs[s].code_base;
        }
      uint32_t insn = R->off / 8;
      if (base < 0 || base + insn >= o->ncode)
        continue;
      struct elo_line *L = &o->lines[o->nlines++];
      L->insn = base + insn;
      L->file = R->file;
      L->text = R->text;
      L->line = R->line;
      L->col = R->col;
    }
}

static int line_cmp(const void *a, const void *b)
{
  const struct elo_line *x = a, *y = b;
  return x->insn < y->insn ? -1 : x->insn > y->insn;
}

static int load(struct ld *l, const struct bpfobj *f, const struct bpfobj_btf *bt)
{
  struct elo_object *o = l->o;
  const Elf64_Ehdr eh = f->eh;
  if (eh.e_type != ET_REL && eh.e_type != ET_EXEC)
    return fail(l, "neither a relocatable object nor an executable");
  o->is_exec = eh.e_type == ET_EXEC;
  o->xbpf = (eh.e_flags & EF_BPF_GNU_XBPF) != 0;
  l->nsec = f->nsec;
  l->secs = xcalloc(l->nsec, sizeof *l->secs);
  for (size_t s = 0; s < l->nsec; s++)
    {
      const struct bpfobj_sec *F = &f->secs[s];
      struct sec *S = &l->secs[s];
      S->name = F->name;
      S->sh = F->sh;
      S->data = F->data;
      S->size = F->size;
      S->rels = F->rels;
      S->nrels = F->nrels;
      S->code_base = -1;
      S->map = -1;
    }
  l->syms = f->syms;
  l->nsyms = f->nsyms;
  /* invalid BTF is no BTF: maps in .maps then need it and fail */
  l->btfp = bt->btf;
  l->btf_refused = bt->refused;
  o->btf = bt->btf;
  o->has_btf = bt->btf != NULL;
  /* code */
  uint64_t total = 0;
  for (size_t s = 1; s < l->nsec; s++)
    {
      struct sec *S = &l->secs[s];
      if (S->sh.sh_type == SHT_PROGBITS && (S->sh.sh_flags & SHF_EXECINSTR) && S->size)
        {
          if (S->size % 8)
            return fail(l, "code section %s size %zu is not a multiple of 8", S->name, S->size);
          S->code_base = total;
          total += S->size / 8;
        }
    }
  o->csecs = xcalloc(l->nsec, sizeof *o->csecs);
  for (size_t s = 1; s < l->nsec; s++)
    if (l->secs[s].code_base >= 0)
      {
        struct elo_codesec *c = &o->csecs[o->ncsecs++];
        c->addr = l->secs[s].sh.sh_addr;
        c->base = l->secs[s].code_base;
        c->n = l->secs[s].size / 8;
      }
  if (total > (1u << 24))
    return fail(l, "too much code");
  o->code = xcalloc(total + 1, sizeof *o->code);
  o->ncode = total;
  for (size_t s = 1; s < l->nsec; s++)
    if (l->secs[s].code_base >= 0)
      memcpy(o->code + l->secs[s].code_base, l->secs[s].data, l->secs[s].size);
  o->kconfig_map = -1;
  if (!o->is_exec)
    {
      if (load_maps(l))
        return -1;
      uint8_t *done = xcalloc(total + 1, 1);
      if (apply_relocs(l, done))
        {
          free(done);
          return -1;
        }
      for (uint64_t i = 0; i < total; i++)
        {
          struct elo_insn *in = &o->code[i];
          if (in->code == (BPF_JMP | BPF_K | BPF_CALL) && ELO_SRC(in) == BPF_PSEUDO_CALL && !done[i])
            {
              int64_t tgt = (int64_t)i + in->imm + 1;
              in->imm = (tgt < 0 || tgt >= (int64_t)total) ? -1 : tgt;  /* checked at decode */
            }
          if (in->code == (BPF_LD | BPF_DW | BPF_IMM) && !done[i] && ELO_SRC(in) != 0)
            {
              free(done);
              return fail(l, "lddw at insn %llu has pseudo source %u without a relocation",
                          (unsigned long long)i, ELO_SRC(in));
            }
          if (in->code == (BPF_LD | BPF_DW | BPF_IMM))
            i++;
        }
      free(done);
    }
  else
    {
      /* executable: map every SHF_ALLOC section at its address */
      uint64_t lo = UINT64_MAX, hi = 0;
      for (size_t s = 1; s < l->nsec; s++)
        {
          struct sec *S = &l->secs[s];
          if (!(S->sh.sh_flags & SHF_ALLOC) || !S->sh.sh_size)
            continue;
          if (S->sh.sh_addr < lo) lo = S->sh.sh_addr;
          if (S->sh.sh_addr + S->sh.sh_size > hi) hi = S->sh.sh_addr + S->sh.sh_size;
        }
      if (lo == UINT64_MAX)
        lo = hi = 0;
      if (hi - lo > (1u << 28) || hi > (1ull << 32))
        return fail(l, "executable image too large or above 4 GiB");
      o->image_lo = lo;
      o->image_hi = hi;
      o->image = xcalloc(1, hi - lo + 1);
      for (size_t s = 1; s < l->nsec; s++)
        {
          struct sec *S = &l->secs[s];
          if ((S->sh.sh_flags & SHF_ALLOC) && S->sh.sh_size && S->data
              && S->sh.sh_type != SHT_NOBITS)
            memcpy(o->image + (S->sh.sh_addr - lo), S->data, S->sh.sh_size);
        }
      for (uint64_t i = 0; i < total; i++)
        {
          struct elo_insn *in = &o->code[i];
          if (in->code == (BPF_JMP | BPF_K | BPF_CALL) && ELO_SRC(in) == BPF_PSEUDO_CALL)
            {
              int64_t tgt = (int64_t)i + in->imm + 1;
              in->imm = (tgt < 0 || tgt >= (int64_t)total) ? -1 : tgt;
            }
          if (in->code == (BPF_LD | BPF_DW | BPF_IMM))
            i++;
        }
    }
  /* functions and programs */
  o->funcs = xcalloc(l->nsyms + 1, sizeof *o->funcs);
  o->progs = xcalloc(l->nsyms + l->nsec + 1, sizeof *o->progs);
  for (size_t i = 0; i < l->nsyms; i++)
    {
      const struct bpfobj_sym *y = &l->syms[i];
      if (y->type != STT_FUNC || y->shndx == SHN_UNDEF || y->shndx >= l->nsec)
        continue;
      struct sec *S = &l->secs[y->shndx];
      if (S->code_base < 0)
        continue;
      uint64_t off = y->value;
      if (o->is_exec)
        off -= S->sh.sh_addr;
      if (off % 8 || off >= S->size)
        continue;
      struct elo_func *f = &o->funcs[o->nfuncs++];
      snprintf(f->name, sizeof f->name, "%s", y->name);
      f->start = S->code_base + off / 8;
      uint64_t sz = y->size / 8;
      f->end = f->start + (sz ? sz : 1);
      if (f->end > S->code_base + S->size / 8)
        f->end = S->code_base + S->size / 8;
      int is_prog = 0;
      if (o->is_exec)
        is_prog = !strcmp(f->name, "_start");
      else if (strcmp(S->name, ".text") && y->bind != STB_LOCAL)
        is_prog = 1;
      if (is_prog)
        {
          struct elo_prog *p = &o->progs[o->nprogs++];
          snprintf(p->name, sizeof p->name, "%s", f->name);
          snprintf(p->sec, sizeof p->sec, "%s", S->name);
          p->type = o->is_exec ? BPF_PROG_TYPE_UNSPEC : elo_sec_prog_type(S->name);
          p->start = f->start;
          p->end = S->code_base + S->size / 8;
        }
    }
  /* program sections without function symbols (hand-written asm) */
  if (!o->is_exec)
    for (size_t s = 1; s < l->nsec; s++)
      {
        struct sec *S = &l->secs[s];
        if (S->code_base < 0 || !strcmp(S->name, ".text"))
          continue;
        int has = 0;
        for (uint32_t k = 0; k < o->nprogs; k++)
          if (!strcmp(o->progs[k].sec, S->name))
            has = 1;
        if (has)
          continue;
        struct elo_prog *p = &o->progs[o->nprogs++];
        snprintf(p->name, sizeof p->name, "%s", S->name);
        snprintf(p->sec, sizeof p->sec, "%s", S->name);
        p->type = elo_sec_prog_type(S->name);
        p->start = S->code_base;
        p->end = S->code_base + S->size / 8;
      }
  if (o->is_exec && !o->nprogs && total)
    {
      /* no _start symbol: use e_entry */
      for (size_t s = 1; s < l->nsec; s++)
        {
          struct sec *S = &l->secs[s];
          if (S->code_base >= 0 && eh.e_entry >= S->sh.sh_addr
              && eh.e_entry < S->sh.sh_addr + S->size && (eh.e_entry - S->sh.sh_addr) % 8 == 0)
            {
              struct elo_prog *p = &o->progs[o->nprogs++];
              snprintf(p->name, sizeof p->name, "_start");
              snprintf(p->sec, sizeof p->sec, "%s", S->name);
              p->start = S->code_base + (eh.e_entry - S->sh.sh_addr) / 8;
              p->end = S->code_base + S->size / 8;
            }
        }
    }
  qsort(o->funcs, o->nfuncs, sizeof *o->funcs, func_cmp);
  load_lines(l, bt);
  if (o->nlines)
    qsort(o->lines, o->nlines, sizeof *o->lines, line_cmp);
  return 0;
}

struct elo_object *elo_open(const void *buf, size_t len, const char *name,
                            char *err, size_t errlen)
{
  struct bpfobj *f = bpfobj_read(buf, len, name, err, errlen);
  if (!f)
    return NULL;
  struct ld l;
  memset(&l, 0, sizeof l);
  struct elo_object *o = xcalloc(1, sizeof *o);
  snprintf(o->name, sizeof o->name, "%s", name);
  o->kconfig_map = -1;
  /* the reading stays with the object: the debugger's symbols, the
     strings of line info (in the BTF) */
  o->file = f;
  o->file_btf = bpfobj_btf_read(f);
  l.o = o;
  l.err = err;
  l.errlen = errlen;
  int r = load(&l, f, o->file_btf);
  free(l.secs);
  if (r)
    {
      elo_close(o);
      return NULL;
    }
  return o;
}

void elo_close(struct elo_object *o)
{
  if (!o)
    return;
  for (uint32_t i = 0; i < o->nmaps; i++)
    {
      free(o->maps[i].init);
      if (o->maps[i].init_names)
        for (uint32_t k = 0; k < o->maps[i].ninit; k++)
          free(o->maps[i].init_names[k]);
      free(o->maps[i].init_names);
    }
  free(o->maps);
  free(o->code);
  free(o->progs);
  free(o->funcs);
  free(o->lines);
  free(o->externs);
  free(o->image);
  free(o->csecs);
  bpfobj_btf_free(o->file_btf);
  bpfobj_free(o->file);
  free(o);
}

const struct elo_func *elo_func_at(const struct elo_object *o, uint32_t pc)
{
  const struct elo_func *best = NULL;
  for (uint32_t i = 0; i < o->nfuncs; i++)
    if (o->funcs[i].start <= pc && (!best || o->funcs[i].start >= best->start))
      best = &o->funcs[i];
  return best;
}

const struct elo_line *elo_line_at(const struct elo_object *o, uint32_t pc)
{
  const struct elo_line *best = NULL;
  const struct elo_func *f = elo_func_at(o, pc);
  for (uint32_t i = 0; i < o->nlines; i++)
    {
      if (o->lines[i].insn > pc)
        break;
      if (f && o->lines[i].insn < f->start)
        continue;
      best = &o->lines[i];
    }
  return best;
}
