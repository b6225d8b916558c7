/* maps.c - BPF maps: array, per-CPU array, hash, per-CPU hash, LRU hash,
   queue, stack, ring buffer, perf event array, prog array, array of maps.
   Error codes are the kernel's (negative errno).  */
#include "sim/sim.h"

#include <errno.h>
#include <linux/bpf.h>
#include <stdlib.h>
#include <string.h>

struct hent {
  struct hent *next;
  struct hent *lprev, *lnext;   /* LRU order: head = most recent */
  struct hent *zombie_next;     /* deleted while the map is iterated */
  int dead;                     /* unlinked; kept until the iteration ends */
  int exposed;                  /* its value's address was given to the program */
  uint32_t reg;
  uint8_t *val;
  uint8_t key[];
};

static int is_array(uint32_t t)
{
  return t == BPF_MAP_TYPE_ARRAY || t == BPF_MAP_TYPE_PERCPU_ARRAY;
}
static int is_hash(uint32_t t)
{
  return t == BPF_MAP_TYPE_HASH || t == BPF_MAP_TYPE_PERCPU_HASH
         || t == BPF_MAP_TYPE_LRU_HASH || t == BPF_MAP_TYPE_LRU_PERCPU_HASH
         || t == BPF_MAP_TYPE_HASH_OF_MAPS;
}
static int is_percpu(uint32_t t)
{
  return t == BPF_MAP_TYPE_PERCPU_ARRAY || t == BPF_MAP_TYPE_PERCPU_HASH
         || t == BPF_MAP_TYPE_LRU_PERCPU_HASH;
}
static int is_lru(uint32_t t)
{
  return t == BPF_MAP_TYPE_LRU_HASH || t == BPF_MAP_TYPE_LRU_PERCPU_HASH;
}

static uint64_t array_addr(struct vm *vm, struct smap *m, uint32_t idx, int cpu)
{
  if (m->per_elem)
    return vm_addr(vm, m->regs[(uint64_t)cpu * m->max + idx], 0);
  return vm_addr(vm, m->regs[cpu], (uint64_t)idx * m->vstride);
}

int map_dumpable(const struct smap *m)
{
  return is_array(m->type) || (is_hash(m->type) && m->type != BPF_MAP_TYPE_HASH_OF_MAPS);
}

static int ncpus(struct vm *vm, struct smap *m)
{
  return is_percpu(m->type) ? (vm->opt.ncpus > 0 ? vm->opt.ncpus : 1) : 1;
}

static void free_zombies(struct smap *m);

#define KMALLOC_MAX_SIZE (4u << 20)     /* x86-64: 1 << (PAGE_SHIFT + MAX_PAGE_ORDER) */
#define PCPU_MIN_UNIT_SIZE (32u << 10)

/* The kernel's hash (htab_map_hash: jhash2 on 4-byte multiples, else
   jhash) with seed 0, the seed a map created with BPF_F_ZERO_SEED has:
   elements fall in the kernel's buckets, so that a walk of the map
   (bpf_for_each_map_elem, get_next_key) meets them in the kernel's
   order, and a callback that changes the map sees what the kernel's
   would.  Without BPF_F_ZERO_SEED the kernel's seed is random; seed 0 is
   one of its orders.  */
static uint32_t rol32(uint32_t w, int s) { return w << s | w >> (32 - s); }
#define JHASH_MIX(a, b, c) do { \
    a -= c; a ^= rol32(c, 4); c += b;  b -= a; b ^= rol32(a, 6); a += c; \
    c -= b; c ^= rol32(b, 8); b += a;  a -= c; a ^= rol32(c, 16); c += b; \
    b -= a; b ^= rol32(a, 19); a += c; c -= b; c ^= rol32(b, 4); b += a; } while (0)
#define JHASH_FINAL(a, b, c) do { \
    c ^= b; c -= rol32(b, 14); a ^= c; a -= rol32(c, 11); b ^= a; b -= rol32(a, 25); \
    c ^= b; c -= rol32(b, 16); a ^= c; a -= rol32(c, 4); b ^= a; b -= rol32(a, 14); \
    c ^= b; c -= rol32(b, 24); } while (0)

static uint32_t get32(const uint8_t *k) { uint32_t w; memcpy(&w, k, 4); return w; }

static uint32_t hashkey(const uint8_t *k, uint32_t n)
{
  uint32_t a, b, c;
  a = b = c = 0xdeadbeefu + n;   /* JHASH_INITVAL + length in bytes + seed 0 */
  while (n > 12)
    {
      a += get32(k); b += get32(k + 4); c += get32(k + 8);
      JHASH_MIX(a, b, c);
      n -= 12;
      k += 12;
    }
  if (n == 0)
    return c;
  /* jhash's byte tail; on whole words it sums what jhash2 does */
  switch (n)
    {
    case 12: c += (uint32_t)k[11] << 24; /* fall through */
    case 11: c += (uint32_t)k[10] << 16; /* fall through */
    case 10: c += (uint32_t)k[9] << 8;   /* fall through */
    case 9:  c += k[8];                  /* fall through */
    case 8:  b += (uint32_t)k[7] << 24;  /* fall through */
    case 7:  b += (uint32_t)k[6] << 16;  /* fall through */
    case 6:  b += (uint32_t)k[5] << 8;   /* fall through */
    case 5:  b += k[4];                  /* fall through */
    case 4:  a += (uint32_t)k[3] << 24;  /* fall through */
    case 3:  a += (uint32_t)k[2] << 16;  /* fall through */
    case 2:  a += (uint32_t)k[1] << 8;   /* fall through */
    case 1:  a += k[0];
    }
  JHASH_FINAL(a, b, c);
  return c;
}

int maps_init(struct vm *vm, char *err, size_t errlen)
{
  struct elo_object *o = vm->obj;
  vm->nmaps = o->nmaps;
  vm->maps = calloc(o->nmaps + 1, sizeof *vm->maps);
  if (!vm->maps)
    {
      snprintf(err, errlen, "%s: error: out of memory", o->name);
      vm->nmaps = 0;
      return -1;
    }
  for (uint32_t i = 0; i < o->nmaps; i++)
    {
      struct smap *m = &vm->maps[i];
      const struct elo_map *d = &o->maps[i];
      m->def = *d;
      m->index = i;
      snprintf(m->name, sizeof m->name, "%s", d->name);
      m->type = d->type; m->ks = d->key_size; m->vs = d->value_size;
      m->max = d->max_entries; m->flags = d->flags;
      m->vstride = is_percpu(m->type) ? (m->vs + 7) & ~7u : m->vs;
      int nc = ncpus(vm, m);
      if (m->ks > 512 || m->vs > (1u << 28) || m->max > (1u << 24))
        {
          snprintf(err, errlen, "%s: error: map '%s': unsupported sizes (key %u, value %u, max_entries %u)",
                   o->name, m->name, m->ks, m->vs, m->max);
          return -1;
        }
      /* the kernel's value size limits (array_map_alloc_check,
         htab_map_alloc_check, queue_stack_map_alloc_check: E2BIG): they
         also bound what one helper call copies (a probe_read's
         destination, an update's value) */
      uint64_t vlim = is_percpu(m->type) ? PCPU_MIN_UNIT_SIZE
                      : is_hash(m->type) ? KMALLOC_MAX_SIZE - 512 - 48 - 1   /* - MAX_BPF_STACK - htab_elem */
                      : KMALLOC_MAX_SIZE;
      if (!o->is_exec && m->type != BPF_MAP_TYPE_PROG_ARRAY && m->type != BPF_MAP_TYPE_ARRAY_OF_MAPS
          && m->type != BPF_MAP_TYPE_RINGBUF && m->type != BPF_MAP_TYPE_PERF_EVENT_ARRAY
          && (uint64_t)m->vstride > vlim)
        {
          snprintf(err, errlen, "%s: error: map '%s': values of %u bytes are more than the kernel takes "
                   "for this map type (%llu; it refuses the map with E2BIG)", o->name, m->name, m->vs,
                   (unsigned long long)vlim);
          return -1;
        }
      /* all CPUs' copies of one value, in 64 bits: 256 CPUs of a 256 MiB
         value wrapped a 32-bit size to 0 */
      if ((uint64_t)m->vstride * (uint64_t)nc > (1u << 28))
        {
          snprintf(err, errlen, "%s: error: map '%s' is too large (%u CPUs of %u-byte values)",
                   o->name, m->name, nc, m->vs);
          return -1;
        }
      switch (m->type)
        {
        case BPF_MAP_TYPE_ARRAY: case BPF_MAP_TYPE_PERCPU_ARRAY:
          {
            if (m->ks != 4 || m->vs == 0 || m->max == 0)
              {
                snprintf(err, errlen, "%s: error: map '%s': array needs 4-byte keys, a value and max_entries",
                         o->name, m->name);
                return -1;
              }
            uint64_t total = (uint64_t)m->vstride * m->max;
            if (total * (uint64_t)nc > (1u << 30))
              {
                snprintf(err, errlen, "%s: error: map '%s' is too large", o->name, m->name);
                return -1;
              }
            m->vals = calloc(nc, total);
            char *what = m->what;
            snprintf(what, sizeof m->what, "%s '%s'", d->internal ? "global data" : "value of map", m->name);
            /* one region per element (exact bounds), or for big arrays
               one per CPU with element checks */
            m->per_elem = m->max <= 65536;
            uint32_t nr = m->per_elem ? (uint32_t)nc * m->max : (uint32_t)nc;
            m->regs = calloc(nr, sizeof *m->regs);
            if (!m->vals || !m->regs)
              {
                snprintf(err, errlen, "%s: error: map '%s': out of memory", o->name, m->name);
                return -1;
              }
            for (uint32_t r = 0; r < nr; r++)
              {
                uint8_t *host = m->per_elem ? m->vals + (uint64_t)(r / m->max) * total
                                              + (uint64_t)(r % m->max) * m->vstride
                                            : m->vals + (uint64_t)r * total;
                m->regs[r] = vm_region_new(vm, host, m->per_elem ? m->vs : total,
                                           (d->readonly ? RG_RO : 0) | (m->per_elem ? 0 : RG_ELEM),
                                           what, 0);
                vm->reg[m->regs[r]].elem = m->vstride;
              }
            if (d->init)
              memcpy(m->vals, d->init, m->vs);
          }
          break;
        case BPF_MAP_TYPE_HASH: case BPF_MAP_TYPE_PERCPU_HASH: case BPF_MAP_TYPE_LRU_HASH:
        case BPF_MAP_TYPE_LRU_PERCPU_HASH: case BPF_MAP_TYPE_HASH_OF_MAPS:
          if (m->ks == 0 || m->vs == 0 || m->max == 0)
            {
              snprintf(err, errlen, "%s: error: map '%s': hash needs key, value and max_entries",
                       o->name, m->name);
              return -1;
            }
          /* the kernel's roundup_pow_of_two (max_entries) */
          m->nbuckets = 1;
          while (m->nbuckets < m->max && m->nbuckets < (1u << 20))
            m->nbuckets *= 2;
          m->buckets = calloc(m->nbuckets, sizeof *m->buckets);
          if (!m->buckets)
            {
              snprintf(err, errlen, "%s: error: map '%s': out of memory", o->name, m->name);
              return -1;
            }
          break;
        case BPF_MAP_TYPE_QUEUE: case BPF_MAP_TYPE_STACK:
          if (m->ks != 0 || m->vs == 0 || m->max == 0)
            {
              snprintf(err, errlen, "%s: error: map '%s': queue/stack needs no key, a value and max_entries",
                       o->name, m->name);
              return -1;
            }
          if ((uint64_t)m->max * m->vs > (1u << 30))
            {
              snprintf(err, errlen, "%s: error: map '%s' is too large", o->name, m->name);
              return -1;
            }
          m->ring = calloc(m->max, m->vs);
          if (!m->ring)
            {
              snprintf(err, errlen, "%s: error: map '%s': out of memory", o->name, m->name);
              return -1;
            }
          break;
        case BPF_MAP_TYPE_RINGBUF:
          m->rb_size = m->max;
          break;
        case BPF_MAP_TYPE_PERF_EVENT_ARRAY:
          break;
        case BPF_MAP_TYPE_PROG_ARRAY: case BPF_MAP_TYPE_ARRAY_OF_MAPS:
          if (m->ks != 4 || m->max == 0)
            {
              snprintf(err, errlen, "%s: error: map '%s': needs 4-byte keys and max_entries",
                       o->name, m->name);
              return -1;
            }
          m->slots = calloc(m->max, sizeof *m->slots);
          if (!m->slots)
            {
              snprintf(err, errlen, "%s: error: map '%s': out of memory", o->name, m->name);
              return -1;
            }
          break;
        default:
          snprintf(err, errlen, "%s: error: map '%s': map type %u is not supported by bpf-run",
                   o->name, m->name, m->type);
          return -1;
        }
    }
  /* initial values of prog arrays and map-in-maps */
  for (uint32_t i = 0; i < o->nmaps; i++)
    {
      struct smap *m = &vm->maps[i];
      if (!m->slots || !m->def.init_names)
        continue;
      for (uint32_t k = 0; k < m->def.ninit && k < m->max; k++)
        {
          const char *n = m->def.init_names[k];
          if (!n)
            continue;
          if (m->type == BPF_MAP_TYPE_PROG_ARRAY)
            {
              for (uint32_t p = 0; p < o->nprogs; p++)
                if (!strcmp(o->progs[p].name, n))
                  m->slots[k] = p + 1;
            }
          else
            for (uint32_t p = 0; p < o->nmaps; p++)
              if (!strcmp(o->maps[p].name, n))
                m->slots[k] = p + 1;
        }
    }
  return 0;
}

void maps_free(struct vm *vm)
{
  for (uint32_t i = 0; i < vm->nmaps; i++)
    {
      struct smap *m = &vm->maps[i];
      free(m->vals);
      free(m->regs);
      if (m->buckets)
        for (uint32_t b = 0; b < m->nbuckets; b++)
          for (struct hent *e = m->buckets[b], *n; e; e = n)
            {
              n = e->next;
              free(e);
            }
      free_zombies(m);
      free(m->buckets);
      free(m->ring);
      free(m->slots);
    }
  free(vm->maps);
}

struct smap *map_from_ptr(struct vm *vm, uint64_t p)
{
  if (vm_addr_region(vm, p) != SIM_MAP_REGION || (uint32_t)p >= vm->nmaps)
    {
      vm_faultf(vm, "%#llx is not a map", (unsigned long long)p);
      return NULL;
    }
  return &vm->maps[(uint32_t)p];
}

static struct hent *hfind(struct smap *m, const void *key, struct hent ***link)
{
  uint32_t b = hashkey(key, m->ks) & (m->nbuckets - 1);
  struct hent **pp = &m->buckets[b];
  for (; *pp; pp = &(*pp)->next)
    if (!memcmp((*pp)->key, key, m->ks))
      {
        if (link)
          *link = pp;
        return *pp;
      }
  if (link)
    *link = pp;
  return NULL;
}

static void lru_unlink(struct smap *m, struct hent *e)
{
  if (e->lprev) e->lprev->lnext = e->lnext; else m->lru_head = e->lnext;
  if (e->lnext) e->lnext->lprev = e->lprev; else m->lru_tail = e->lprev;
  e->lprev = e->lnext = NULL;
}
static void lru_front(struct smap *m, struct hent *e)
{
  e->lnext = m->lru_head;
  e->lprev = NULL;
  if (m->lru_head) m->lru_head->lprev = e; else m->lru_tail = e;
  m->lru_head = e;
}

/* Unlink E.  While bpf_for_each_map_elem walks the map, E stays
   allocated with its next link intact (the kernel's RCU lists: a walk
   standing on a deleted element continues from it), and is freed when
   the last walk ends: a callback deleting the next element, or evicting
   it by an LRU insert, must not leave the walk on freed memory.  */
static void hremove(struct vm *vm, struct smap *m, struct hent *e)
{
  /* by identity: a replaced element shares its key with the new one */
  struct hent **pp = &m->buckets[hashkey(e->key, m->ks) & (m->nbuckets - 1)];
  while (*pp != e)
    pp = &(*pp)->next;
  *pp = e->next;
  lru_unlink(m, e);
  /* the value stays readable while the program can hold a pointer to it
     (the kernel frees it after an RCU grace period); a value whose
     address never reached the program is freed now: replacing an
     element in a loop does not keep every old value */
  if (e->exposed)
    vm_region_defer_free(vm, e->reg);
  else
    vm_region_free(vm, e->reg);
  m->count--;
  if (m->iterating)
    {
      e->dead = 1;
      e->zombie_next = m->zombies;
      m->zombies = e;
    }
  else
    free(e);
}

static void free_zombies(struct smap *m)
{
  for (struct hent *e = m->zombies, *n; e; e = n)
    {
      n = e->zombie_next;
      free(e);
    }
  m->zombies = NULL;
}

uint64_t map_lookup(struct vm *vm, struct smap *m, const void *key, int cpu)
{
  if (is_array(m->type))
    {
      uint32_t idx;
      memcpy(&idx, key, 4);
      if (idx >= m->max)
        return 0;
      int c = cpu < ncpus(vm, m) ? cpu : 0;
      return array_addr(vm, m, idx, c);
    }
  if (is_hash(m->type))
    {
      struct hent *e = hfind(m, key, NULL);
      if (!e)
        return 0;
      if (is_lru(m->type))
        {
          lru_unlink(m, e);
          lru_front(m, e);
        }
      if (m->type == BPF_MAP_TYPE_HASH_OF_MAPS)
        {
          uint32_t id;
          memcpy(&id, e->val, 4);
          return id && id <= vm->nmaps ? vm_addr(vm, SIM_MAP_REGION, id - 1) : 0;
        }
      int c = cpu < ncpus(vm, m) ? cpu : 0;
      e->exposed = 1;
      return vm_addr(vm, e->reg, (uint64_t)c * m->vstride);
    }
  if (m->type == BPF_MAP_TYPE_ARRAY_OF_MAPS)
    {
      uint32_t idx;
      memcpy(&idx, key, 4);
      if (idx >= m->max || !m->slots[idx])
        return 0;
      return vm_addr(vm, SIM_MAP_REGION, m->slots[idx] - 1);
    }
  return 0;
}

uint8_t *map_value_host(struct vm *vm, struct smap *m, uint32_t index, int cpu)
{
  return m->vals + (uint64_t)cpu * m->vstride * m->max + (uint64_t)index * m->vstride;
}

/* FROM_USER: VAL holds values for every CPU (syscall side); else only
   the current CPU's value.  */
int map_update(struct vm *vm, struct smap *m, const void *key, const void *val, uint64_t flags, int from_user)
{
  if ((flags & ~(uint64_t)BPF_F_LOCK) > BPF_EXIST || (flags & BPF_F_LOCK))
    return -EINVAL;   /* no bpf_spin_lock in values here */
  int nc = ncpus(vm, m);
  if (is_array(m->type))
    {
      uint32_t idx;
      memcpy(&idx, key, 4);
      if (idx >= m->max)
        return -E2BIG;
      if (flags == BPF_NOEXIST)
        return -EEXIST;
      if (m->def.readonly && !from_user)
        return -EPERM;
      if (is_percpu(m->type) && from_user)
        for (int c = 0; c < nc; c++)
          memcpy(map_value_host(vm, m, idx, c), (const uint8_t *)val + c * m->vstride, m->vs);
      else
        memcpy(map_value_host(vm, m, idx, 0), val, m->vs);
      return 0;
    }
  if (is_hash(m->type))
    {
      struct hent *e = hfind(m, key, NULL);
      if (e && flags == BPF_NOEXIST)
        return -EEXIST;
      if (!e && flags == BPF_EXIST)
        return -ENOENT;
      struct hent *old = NULL;
      if (e && is_percpu(m->type))
        {
          if (!from_user)
            memcpy(e->val, val, m->vs);   /* this CPU (0) */
          else
            for (int c = 0; c < nc; c++)
              memcpy(e->val + c * m->vstride, (const uint8_t *)val + c * m->vstride, m->vs);
          if (is_lru(m->type))
            {
              lru_unlink(m, e);
              lru_front(m, e);
            }
          return 0;
        }
      if (e)
        old = e;   /* replaced below: a new element, the old one removed */
      else if (m->count >= m->max)
        {
          if (!is_lru(m->type) || !m->lru_tail)
            return -E2BIG;
          hremove(vm, m, m->lru_tail);
        }
      uint32_t total = m->vstride * nc;   /* at most 2^28: maps_init */
      e = calloc(1, sizeof *e + m->ks);
      if (!e)
        return -ENOMEM;
      e->val = calloc(1, total);
      if (!e->val)
        {
          free(e);
          return -ENOMEM;
        }
      memcpy(e->key, key, m->ks);
      if (is_percpu(m->type) && from_user)
        for (int c = 0; c < nc; c++)
          memcpy(e->val + c * m->vstride, (const uint8_t *)val + c * m->vstride, m->vs);
      else
        memcpy(e->val, val, m->vs);
      char *what = m->what;
      if (!what[0])
        snprintf(what, sizeof m->what, "value of map '%s'", m->name);
      e->reg = vm_region_new(vm, e->val, total, nc > 1 ? RG_ELEM : 0, what, 1);
      vm->reg[e->reg].elem = m->vstride;
      /* at the head of its bucket, as the kernel adds it: a walk of the
         map does not meet an element its callback inserts in the bucket
         being walked */
      uint32_t b = hashkey(key, m->ks) & (m->nbuckets - 1);
      e->next = m->buckets[b];
      m->buckets[b] = e;
      lru_front(m, e);
      m->count++;
      /* the kernel replaces an element by a new one at the head of the
         bucket and unlinks the old (a walk standing on it goes on from
         it); values already looked up keep the old copy while a pointer
         to it can be live (hremove) */
      if (old)
        hremove(vm, m, old);
      return 0;
    }
  if (m->type == BPF_MAP_TYPE_PROG_ARRAY || m->type == BPF_MAP_TYPE_ARRAY_OF_MAPS)
    {
      /* the host side (a program index or a map index where the kernel
         takes an fd): only a real program of a compatible type, or a
         real map, as the kernel checks the fd at update */
      uint32_t idx, v;
      memcpy(&idx, key, 4);
      memcpy(&v, val, 4);
      if (idx >= m->max)
        return -E2BIG;
      if (m->type == BPF_MAP_TYPE_PROG_ARRAY ? !map_prog_compatible(vm, v) : v >= vm->nmaps)
        return -EINVAL;
      m->slots[idx] = v + 1;
      return 0;
    }
  return -EINVAL;
}

/* Whether program P may sit in a prog array used by the running program:
   a program of the object, of the running program's type (the kernel's
   bpf_prog_map_compatible; a section of unknown type takes the type
   given with --type).  */
int map_prog_compatible(struct vm *vm, uint32_t p)
{
  if (p >= vm->obj->nprogs)
    return 0;
  uint32_t t = vm->obj->progs[p].type;
  return p == (uint32_t)vm->prog || t == 0 || t == vm->prog_type;
}

/* Prog arrays' initial values (libbpf puts them in after loading every
   program, and the kernel refuses a program of another type): checked
   once the running program's type is known.  */
int maps_check_prog_arrays(struct vm *vm, char *err, size_t errlen)
{
  for (uint32_t i = 0; i < vm->nmaps; i++)
    {
      struct smap *m = &vm->maps[i];
      if (m->type != BPF_MAP_TYPE_PROG_ARRAY)
        continue;
      for (uint32_t k = 0; k < m->max; k++)
        if (m->slots[k] && !map_prog_compatible(vm, m->slots[k] - 1))
          {
            const struct elo_prog *p = &vm->obj->progs[m->slots[k] - 1];
            snprintf(err, errlen, "%s: error: prog array '%s' slot %u holds program '%s' of type %s, "
                     "which a %s program cannot tail-call (the kernel refuses it)", vm->obj->name,
                     m->name, k, p->name, elo_type_name(p->type), elo_type_name(vm->prog_type));
            return -1;
          }
    }
  return 0;
}

int map_delete(struct vm *vm, struct smap *m, const void *key)
{
  if (is_array(m->type))
    return -EINVAL;
  if (is_hash(m->type))
    {
      struct hent *e = hfind(m, key, NULL);
      if (!e)
        return -ENOENT;
      hremove(vm, m, e);
      return 0;
    }
  if (m->type == BPF_MAP_TYPE_PROG_ARRAY || m->type == BPF_MAP_TYPE_ARRAY_OF_MAPS)
    {
      uint32_t idx;
      memcpy(&idx, key, 4);
      if (idx >= m->max)
        return -E2BIG;
      if (!m->slots[idx])
        return -ENOENT;
      m->slots[idx] = 0;
      return 0;
    }
  return -EINVAL;
}

int map_get_next_key(struct vm *vm, struct smap *m, const void *key, void *next)
{
  if (is_array(m->type))
    {
      uint32_t idx = 0;
      if (key)
        {
          memcpy(&idx, key, 4);
          idx = idx >= m->max ? 0 : idx + 1;
        }
      if (idx >= m->max)
        return -ENOENT;
      memcpy(next, &idx, 4);
      return 0;
    }
  if (is_hash(m->type))
    {
      uint32_t b = 0;
      struct hent *e = key ? hfind(m, key, NULL) : NULL;
      if (e)
        {
          if (e->next)
            {
              memcpy(next, e->next->key, m->ks);
              return 0;
            }
          b = (hashkey(key, m->ks) & (m->nbuckets - 1)) + 1;
        }
      for (; b < m->nbuckets; b++)
        if (m->buckets[b])
          {
            memcpy(next, m->buckets[b]->key, m->ks);
            return 0;
          }
      return -ENOENT;
    }
  return -EINVAL;
}

int map_push(struct vm *vm, struct smap *m, const void *val, uint64_t flags)
{
  if (m->type != BPF_MAP_TYPE_QUEUE && m->type != BPF_MAP_TYPE_STACK)
    return -EINVAL;
  if (flags & ~(uint64_t)BPF_EXIST)
    return -EINVAL;
  if (m->qcount == m->max)
    {
      if (!(flags & BPF_EXIST))
        return -E2BIG;
      /* overwrite the oldest */
      m->qhead = (m->qhead + 1) % m->max;
      m->qcount--;
    }
  uint32_t slot = (m->qhead + m->qcount) % m->max;
  memcpy(m->ring + (uint64_t)slot * m->vs, val, m->vs);
  m->qcount++;
  return 0;
}

int map_pop(struct vm *vm, struct smap *m, void *val, int peek)
{
  if (m->type != BPF_MAP_TYPE_QUEUE && m->type != BPF_MAP_TYPE_STACK)
    return -EINVAL;
  if (!m->qcount)
    return -ENOENT;
  uint32_t slot = m->type == BPF_MAP_TYPE_QUEUE ? m->qhead : (m->qhead + m->qcount - 1) % m->max;
  memcpy(val, m->ring + (uint64_t)slot * m->vs, m->vs);
  if (!peek)
    {
      if (m->type == BPF_MAP_TYPE_QUEUE)
        m->qhead = (m->qhead + 1) % m->max;
      m->qcount--;
    }
  return 0;
}

int map_for_each(struct vm *vm, struct smap *m, map_iter_fn fn, void *arg)
{
  int n = 0;
  if (is_array(m->type))
    {
      for (uint32_t i = 0; i < m->max; i++)
        {
          n++;
          if (fn(vm, m, (const uint8_t *)&i, array_addr(vm, m, i, 0), arg) || vm->fault)
            break;
        }
      return n;
    }
  if (is_hash(m->type))
    {
      /* as the kernel's bpf_for_each_hash_elem
         (hlist_nulls_for_each_entry_safe): the next element is taken
         before the callback runs, and visited even if the callback
         deleted it or an LRU insert evicted it (the kernel's element
         memory outlives the walk); here deleted elements stay allocated
         until the walk ends */
      m->iterating++;
      for (uint32_t b = 0; b < m->nbuckets; b++)
        for (struct hent *e = m->buckets[b], *nx; e; e = nx)
          {
            nx = e->next;
            n++;
            e->exposed = 1;
            if (fn(vm, m, e->key, vm_addr(vm, e->reg, 0), arg) || vm->fault)
              goto out;
          }
    out:
      if (--m->iterating == 0)
        free_zombies(m);
      return n;
    }
  return -EINVAL;
}

struct dent { const uint8_t *k, *v; uint32_t ks; };
static int dcmp(const void *a, const void *b)
{
  const struct dent *x = a, *y = b;
  return memcmp(x->k, y->k, x->ks);
}

static void hexout(FILE *f, const uint8_t *p, uint32_t n)
{
  static const char hx[] = "0123456789abcdef";
  for (uint32_t i = 0; i < n; i++)
    {
      fputc(hx[p[i] >> 4], f);
      fputc(hx[p[i] & 15], f);
    }
}

void map_dump_json(struct vm *vm, struct smap *m, FILE *f)
{
  fputc('[', f);
  size_t n = 0;
  struct dent *d = NULL;
  uint32_t *idx = NULL;
  if (is_array(m->type))
    {
      d = calloc(m->max, sizeof *d);
      idx = calloc(m->max, sizeof *idx);
      for (uint32_t i = 0; i < m->max; i++)
        {
          idx[i] = i;
          d[n].k = (const uint8_t *)&idx[i];
          d[n].v = map_value_host(vm, m, i, 0);
          d[n].ks = 4;
          n++;
        }
    }
  else if (is_hash(m->type))
    {
      d = calloc(m->count + 1, sizeof *d);
      for (uint32_t b = 0; b < m->nbuckets; b++)
        for (struct hent *e = m->buckets[b]; e; e = e->next)
          {
            d[n].k = e->key;
            d[n].v = e->val;
            d[n].ks = m->ks;
            n++;
          }
    }
  if (n)
    qsort(d, n, sizeof *d, dcmp);
  for (size_t i = 0; i < n; i++)
    {
      fprintf(f, "%s{\"key\":\"", i ? "," : "");
      hexout(f, d[i].k, d[i].ks);
      fputs("\",\"value\":\"", f);
      hexout(f, d[i].v, m->vs);
      fputs("\"}", f);
    }
  fputc(']', f);
  free(d);
  free(idx);
}
