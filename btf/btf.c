/* btf.c -- BTF builder: strings, types, forward references, dedup,
   pruning and renumbering.  See doc/btf.md. */
#include "btf-internal.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static char *dupstr(const char *s)
{
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d)
    memcpy(d, s, n);
  return d;
}

/* ------------------------------------------------------------ errors */
int btfb_set_error(struct btf_builder *b, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(b->err, sizeof b->err, fmt, ap);
  va_end(ap);
  return -1;
}

const char *btfb_error(const struct btf_builder *b)
{
  return b ? b->err : "no builder";
}

/* ----------------------------------------------------------- strings */
static uint32_t hash_str(const char *s)
{
  uint32_t h = 2166136261u;
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

static int strset_grow_slots(struct btfb_strset *s)
{
  size_t n = s->nslots ? s->nslots * 2 : 256, i;
  uint32_t *ns = calloc(n, sizeof *ns);
  if (!ns)
    return -1;
  for (i = 0; i < s->nslots; i++)
    if (s->slots[i]) {
      size_t j = hash_str(s->data + s->slots[i] - 1) & (n - 1);
      while (ns[j])
        j = (j + 1) & (n - 1);
      ns[j] = s->slots[i];
    }
  free(s->slots);
  s->slots = ns;
  s->nslots = n;
  return 0;
}

int btfb_strset_init(struct btfb_strset *s)
{
  memset(s, 0, sizeof *s);
  s->cap = 1024;
  s->data = malloc(s->cap);
  if (!s->data)
    return -1;
  s->data[0] = 0;
  s->len = 1;
  return 0;
}

void btfb_strset_fini(struct btfb_strset *s)
{
  free(s->data);
  free(s->slots);
  memset(s, 0, sizeof *s);
}

uint32_t btfb_strset_add(struct btfb_strset *s, const char *str)
{
  size_t n, j;
  if (!str || !*str)
    return 0;
  if ((s->used + 1) * 2 > s->nslots && strset_grow_slots(s))
    return (uint32_t)-1;
  j = hash_str(str) & (s->nslots - 1);
  while (s->slots[j]) {
    if (!strcmp(s->data + s->slots[j] - 1, str))
      return s->slots[j] - 1;
    j = (j + 1) & (s->nslots - 1);
  }
  n = strlen(str) + 1;
  if (s->len + n > 0xffffffffu - 1)
    return (uint32_t)-1;
  if (s->len + n > s->cap) {
    size_t c = s->cap;
    char *d;
    while (s->len + n > c)
      c *= 2;
    d = realloc(s->data, c);
    if (!d)
      return (uint32_t)-1;
    s->data = d;
    s->cap = c;
  }
  memcpy(s->data + s->len, str, n);
  s->slots[j] = (uint32_t)s->len + 1;
  s->used++;
  s->len += n;
  return (uint32_t)(s->len - n);
}

const char *btfb_str(const struct btf_builder *b, uint32_t off)
{
  return off < b->strs.len ? b->strs.data + off : "";
}

/* ---------------------------------------------------------- lifetime */
struct btf_builder *btfb_new(void)
{
  struct btf_builder *b = calloc(1, sizeof *b);
  if (!b)
    return NULL;
  if (btfb_strset_init(&b->strs)) {
    free(b);
    return NULL;
  }
  b->ct = 64;
  b->t = calloc(b->ct, sizeof *b->t);
  if (!b->t) {
    btfb_strset_fini(&b->strs);
    free(b);
    return NULL;
  }
  b->nt = 1; /* id 0 is void */
  return b;
}

void btfb_free(struct btf_builder *b)
{
  uint32_t i;
  size_t k;
  if (!b)
    return;
  for (i = 0; i < b->nt; i++)
    free(b->t[i].e);
  for (k = 0; k < b->nr; k++) {
    free(b->r[k].label);
    free(b->r[k].base);
  }
  free(b->t);
  free(b->r);
  free(b->cons);
  free(b->ds);
  free(b->final);
  free(b->order);
  btfb_strset_fini(&b->strs);
  free(b);
}

/* ------------------------------------------------------------ helpers */
int btfb_kind_has_vlen(unsigned kind)
{
  return kind == BTFB_KIND_STRUCT || kind == BTFB_KIND_UNION
         || kind == BTFB_KIND_ENUM || kind == BTFB_KIND_ENUM64
         || kind == BTFB_KIND_FUNC_PROTO || kind == BTFB_KIND_DATASEC;
}

static int st_is_type(unsigned kind)
{
  switch (kind) {
  case BTFB_KIND_PTR: case BTFB_KIND_TYPEDEF: case BTFB_KIND_VOLATILE:
  case BTFB_KIND_CONST: case BTFB_KIND_RESTRICT: case BTFB_KIND_FUNC:
  case BTFB_KIND_FUNC_PROTO: case BTFB_KIND_VAR: case BTFB_KIND_DECL_TAG:
  case BTFB_KIND_TYPE_TAG:
    return 1;
  default:
    return 0;
  }
}

static int entries_have_types(unsigned kind)
{
  return kind == BTFB_KIND_STRUCT || kind == BTFB_KIND_UNION
         || kind == BTFB_KIND_FUNC_PROTO || kind == BTFB_KIND_DATASEC;
}

uint32_t btfb_nrefs(const struct btfb_type *t)
{
  uint32_t n = 0;
  if (st_is_type(t->kind))
    n++;
  if (t->kind == BTFB_KIND_ARRAY)
    n += 2;
  if (entries_have_types(t->kind))
    n += t->ne;
  return n;
}

uint32_t *btfb_ref_slot(struct btfb_type *t, uint32_t i)
{
  if (st_is_type(t->kind)) {
    if (i == 0)
      return &t->st;
    i--;
  }
  if (t->kind == BTFB_KIND_ARRAY) {
    if (i < 2)
      return &t->x[i];
    i -= 2;
  }
  return &t->e[i].type;
}

uint32_t btfb_resolve(const struct btf_builder *b, uint32_t id)
{
  uint32_t guard = 0;
  while (id && id < b->nt && b->t[id].kind == BTFB_KIND_RESERVED
         && b->t[id].x[0] && guard++ < b->nt)
    id = b->t[id].x[0];
  return id;
}

static int check_open(struct btf_builder *b)
{
  if (b->finished)
    return btfb_set_error(b, "BTF already finished: no more types");
  return 0;
}

static int check_ref(struct btf_builder *b, uint32_t id, const char *what)
{
  if (id >= b->nt)
    return btfb_set_error(b, "%s: unknown type id %u", what, id);
  return 0;
}

static uint32_t name_off(struct btf_builder *b, const char *name)
{
  uint32_t o = btfb_strset_add(&b->strs, name);
  if (o == (uint32_t)-1)
    btfb_set_error(b, "out of memory (strings)");
  return o;
}

static uint32_t new_type(struct btf_builder *b, unsigned kind,
                         const char *name)
{
  struct btfb_type *t;
  uint32_t n;
  if (check_open(b))
    return 0;
  n = name_off(b, name);
  if (n == (uint32_t)-1)
    return 0;
  if (b->nt >= 0x7fffffffu) {
    btfb_set_error(b, "too many types");
    return 0;
  }
  if (b->nt == b->ct) {
    struct btfb_type *nt = realloc(b->t, 2 * b->ct * sizeof *nt);
    if (!nt) {
      btfb_set_error(b, "out of memory (types)");
      return 0;
    }
    b->t = nt;
    b->ct *= 2;
  }
  t = &b->t[b->nt];
  memset(t, 0, sizeof *t);
  t->kind = (uint8_t)kind;
  t->name = n;
  return b->nt++;
}

static int add_entry(struct btf_builder *b, uint32_t id, const char *name,
                     uint32_t type, uint32_t a, uint32_t c)
{
  struct btfb_type *t = &b->t[id];
  uint32_t n;
  if (t->ne >= 0xffff)
    return btfb_set_error(b, "type %u: too many members (max 65535)", id);
  n = name_off(b, name);
  if (n == (uint32_t)-1)
    return -1;
  t = &b->t[id];
  if (t->ne == t->ce) {
    uint32_t c2 = t->ce ? t->ce * 2 : 4;
    struct btfb_entry *e = realloc(t->e, c2 * sizeof *e);
    if (!e)
      return btfb_set_error(b, "out of memory (members)");
    t->e = e;
    t->ce = c2;
  }
  t->e[t->ne].name = n;
  t->e[t->ne].type = type;
  t->e[t->ne].a = a;
  t->e[t->ne].b = c;
  t->e[t->ne].expr = 0;
  t->ne++;
  return 0;
}

/* ------------------------------------------------------ hash-consing */
static uint32_t cons_hash(const struct btfb_type *t)
{
  uint32_t h = 2166136261u, v[7], i;
  v[0] = t->kind; v[1] = t->kflag; v[2] = t->name; v[3] = t->st;
  v[4] = t->x[0]; v[5] = t->x[1]; v[6] = t->x[2];
  for (i = 0; i < 7; i++)
    h = (h ^ v[i]) * 16777619u;
  return h;
}

static int cons_eq(const struct btfb_type *a, const struct btfb_type *c)
{
  return a->kind == c->kind && a->kflag == c->kflag && a->name == c->name
         && a->st == c->st && a->x[0] == c->x[0] && a->x[1] == c->x[1]
         && a->x[2] == c->x[2];
}

/* Return an existing identical type for the freshly made last id, dropping
   the fresh one, or the fresh id itself. */
static uint32_t cons(struct btf_builder *b, uint32_t id)
{
  size_t j;
  if ((b->usedcons + 1) * 2 > b->ncons) {
    size_t n = b->ncons ? b->ncons * 2 : 256, i;
    uint32_t *s = calloc(n, sizeof *s);
    if (!s)
      return id; /* no consing, still correct */
    for (i = 0; i < b->ncons; i++)
      if (b->cons[i]) {
        size_t k = cons_hash(&b->t[b->cons[i]]) & (n - 1);
        while (s[k])
          k = (k + 1) & (n - 1);
        s[k] = b->cons[i];
      }
    free(b->cons);
    b->cons = s;
    b->ncons = n;
  }
  j = cons_hash(&b->t[id]) & (b->ncons - 1);
  while (b->cons[j]) {
    if (cons_eq(&b->t[b->cons[j]], &b->t[id])) {
      if (id == b->nt - 1)
        b->nt--;
      return b->cons[j];
    }
    j = (j + 1) & (b->ncons - 1);
  }
  b->cons[j] = id;
  b->usedcons++;
  return id;
}

/* ------------------------------------------------------------- types */
uint32_t btfb_int_bits(struct btf_builder *b, const char *name,
                       uint32_t size_bytes, uint32_t encoding,
                       uint32_t bit_offset, uint32_t nr_bits)
{
  uint32_t id;
  if (encoding & ~7u) {
    btfb_set_error(b, "int %s: bad encoding %#x", name ? name : "", encoding);
    return 0;
  }
  if (encoding & (encoding - 1)) {
    btfb_set_error(b, "int %s: at most one of SIGNED/CHAR/BOOL", name ? name : "");
    return 0;
  }
  if (!(size_bytes == 1 || size_bytes == 2 || size_bytes == 4
        || size_bytes == 8 || size_bytes == 16)
      || nr_bits == 0 || nr_bits > 128 || bit_offset > 255
      || bit_offset + nr_bits > size_bytes * 8) {
    btfb_set_error(b, "int %s: bad size %u / bits %u+%u", name ? name : "",
                   size_bytes, bit_offset, nr_bits);
    return 0;
  }
  id = new_type(b, BTFB_KIND_INT, name);
  if (!id)
    return 0;
  b->t[id].st = size_bytes;
  b->t[id].x[0] = encoding << 24 | bit_offset << 16 | nr_bits;
  return cons(b, id);
}

uint32_t btfb_int(struct btf_builder *b, const char *name,
                  uint32_t size_bytes, uint32_t encoding)
{
  return btfb_int_bits(b, name, size_bytes, encoding, 0, size_bytes * 8);
}

uint32_t btfb_float(struct btf_builder *b, const char *name,
                    uint32_t size_bytes)
{
  uint32_t id;
  if (!(size_bytes == 2 || size_bytes == 4 || size_bytes == 8
        || size_bytes == 12 || size_bytes == 16)) {
    btfb_set_error(b, "float %s: bad size %u", name ? name : "", size_bytes);
    return 0;
  }
  id = new_type(b, BTFB_KIND_FLOAT, name);
  if (!id)
    return 0;
  b->t[id].st = size_bytes;
  return cons(b, id);
}

static uint32_t ref_type(struct btf_builder *b, unsigned kind,
                         const char *name, uint32_t type, const char *what)
{
  uint32_t id;
  if (check_ref(b, type, what))
    return 0;
  id = new_type(b, kind, name);
  if (!id)
    return 0;
  b->t[id].st = type;
  return cons(b, id);
}

uint32_t btfb_ptr(struct btf_builder *b, uint32_t type)
{
  return ref_type(b, BTFB_KIND_PTR, NULL, type, "ptr");
}

uint32_t btfb_typedef(struct btf_builder *b, const char *name,
                      uint32_t type)
{
  return ref_type(b, BTFB_KIND_TYPEDEF, name, type, "typedef");
}

uint32_t btfb_qual(struct btf_builder *b, enum btfb_kind kind,
                   uint32_t type)
{
  if (kind != BTFB_KIND_VOLATILE && kind != BTFB_KIND_CONST
      && kind != BTFB_KIND_RESTRICT) {
    btfb_set_error(b, "qual: kind %d is not a qualifier", (int)kind);
    return 0;
  }
  return ref_type(b, kind, NULL, type, "qual");
}

uint32_t btfb_type_tag(struct btf_builder *b, const char *value,
                       uint32_t type)
{
  if (!value || !*value) {
    btfb_set_error(b, "type_tag: empty value");
    return 0;
  }
  return ref_type(b, BTFB_KIND_TYPE_TAG, value, type, "type_tag");
}

uint32_t btfb_decl_tag(struct btf_builder *b, const char *value,
                       uint32_t type, int32_t component_idx)
{
  uint32_t id;
  if (!value || !*value) {
    btfb_set_error(b, "decl_tag: empty value");
    return 0;
  }
  if (check_ref(b, type, "decl_tag") || component_idx < -1)
    return component_idx < -1
           ? (btfb_set_error(b, "decl_tag: bad component %d", (int)component_idx), 0)
           : 0;
  if (!type) {
    btfb_set_error(b, "decl_tag: on void");
    return 0;
  }
  id = new_type(b, BTFB_KIND_DECL_TAG, value);
  if (!id)
    return 0;
  b->t[id].st = type;
  b->t[id].x[0] = (uint32_t)component_idx;
  return cons(b, id);
}

uint32_t btfb_array(struct btf_builder *b, uint32_t elem,
                    uint32_t index_type, uint32_t nelems)
{
  uint32_t id;
  if (check_ref(b, elem, "array") || check_ref(b, index_type, "array index"))
    return 0;
  id = new_type(b, BTFB_KIND_ARRAY, NULL);
  if (!id)
    return 0;
  b->t[id].x[0] = elem;
  b->t[id].x[1] = index_type;
  b->t[id].x[2] = nelems;
  return cons(b, id);
}

uint32_t btfb_fwd(struct btf_builder *b, const char *name,
                  enum btfb_fwd_kind kind)
{
  uint32_t id;
  if (!name || !*name) {
    btfb_set_error(b, "fwd: anonymous");
    return 0;
  }
  if (kind == BTFB_FWD_ENUM) {
    id = new_type(b, BTFB_KIND_ENUM, name);
    if (!id)
      return 0;
    b->t[id].st = 4;
  } else {
    id = new_type(b, BTFB_KIND_FWD, name);
    if (!id)
      return 0;
    b->t[id].kflag = kind == BTFB_FWD_UNION;
  }
  return cons(b, id);
}

static int check_kind(struct btf_builder *b, uint32_t id, unsigned kind,
                      const char *what)
{
  if (!id || id >= b->nt || b->t[id].kind != kind)
    return btfb_set_error(b, "%s: id %u is not the right kind", what, id);
  return check_open(b);
}

uint32_t btfb_struct_begin(struct btf_builder *b, int is_union,
                           const char *name, uint32_t size_bytes)
{
  uint32_t id = new_type(b, is_union ? BTFB_KIND_UNION : BTFB_KIND_STRUCT,
                         name);
  if (id)
    b->t[id].st = size_bytes;
  return id;
}

int btfb_member(struct btf_builder *b, uint32_t sid, const char *name,
                uint32_t type, uint32_t bit_offset, uint32_t bitfield_size)
{
  if (!sid || sid >= b->nt
      || (b->t[sid].kind != BTFB_KIND_STRUCT
          && b->t[sid].kind != BTFB_KIND_UNION))
    return btfb_set_error(b, "member: id %u is not a struct/union", sid);
  if (check_open(b) || check_ref(b, type, "member"))
    return -1;
  if (bitfield_size > 255)
    return btfb_set_error(b, "member %s: bitfield size %u > 255",
                          name ? name : "", bitfield_size);
  return add_entry(b, sid, name, type, bit_offset, bitfield_size);
}

uint32_t btfb_enum(struct btf_builder *b, const char *name,
                   uint32_t size_bytes, int is_signed, int is64)
{
  uint32_t id;
  if (!(size_bytes == 1 || size_bytes == 2 || size_bytes == 4
        || size_bytes == 8)) {
    btfb_set_error(b, "enum %s: bad size %u", name ? name : "", size_bytes);
    return 0;
  }
  id = new_type(b, is64 ? BTFB_KIND_ENUM64 : BTFB_KIND_ENUM, name);
  if (id) {
    b->t[id].st = size_bytes;
    b->t[id].kflag = is_signed != 0;
  }
  return id;
}

int btfb_enum_value(struct btf_builder *b, uint32_t eid, const char *name,
                    int64_t value)
{
  struct btfb_type *t;
  if (!eid || eid >= b->nt
      || (b->t[eid].kind != BTFB_KIND_ENUM
          && b->t[eid].kind != BTFB_KIND_ENUM64))
    return btfb_set_error(b, "enum_value: id %u is not an enum", eid);
  if (check_open(b))
    return -1;
  if (!name || !*name)
    return btfb_set_error(b, "enum_value: anonymous enumerator");
  t = &b->t[eid];
  if (t->kind == BTFB_KIND_ENUM) {
    if (t->kflag ? (value < INT32_MIN || value > INT32_MAX)
                 : (value < INT32_MIN || value > (int64_t)UINT32_MAX))
      return btfb_set_error(b, "enum_value %s: %lld does not fit a 32-bit "
                            "ENUM (use ENUM64)", name, (long long)value);
  }
  return add_entry(b, eid, name, 0, (uint32_t)((uint64_t)value & 0xffffffffu),
                   (uint32_t)((uint64_t)value >> 32));
}

uint32_t btfb_func_proto_begin(struct btf_builder *b, uint32_t ret_type)
{
  uint32_t id;
  if (check_ref(b, ret_type, "func_proto"))
    return 0;
  id = new_type(b, BTFB_KIND_FUNC_PROTO, NULL);
  if (id)
    b->t[id].st = ret_type;
  return id;
}

int btfb_func_proto_param(struct btf_builder *b, uint32_t pid,
                          const char *name, uint32_t type)
{
  struct btfb_type *t;
  if (check_kind(b, pid, BTFB_KIND_FUNC_PROTO, "func_proto_param")
      || check_ref(b, type, "param"))
    return -1;
  t = &b->t[pid];
  if (t->ne && !t->e[t->ne - 1].type && !t->e[t->ne - 1].name)
    return btfb_set_error(b, "func_proto %u: parameter after `...'", pid);
  if (!type)
    return btfb_set_error(b, "func_proto %u: void parameter", pid);
  return add_entry(b, pid, name, type, 0, 0);
}

int btfb_func_proto_variadic(struct btf_builder *b, uint32_t pid)
{
  struct btfb_type *t;
  if (check_kind(b, pid, BTFB_KIND_FUNC_PROTO, "func_proto_variadic"))
    return -1;
  t = &b->t[pid];
  if (t->ne && !t->e[t->ne - 1].type && !t->e[t->ne - 1].name)
    return 0;
  return add_entry(b, pid, NULL, 0, 0, 0);
}

uint32_t btfb_func(struct btf_builder *b, const char *name, uint32_t proto,
                   enum btfb_func_linkage linkage)
{
  uint32_t id;
  if (!name || !*name) {
    btfb_set_error(b, "func: anonymous");
    return 0;
  }
  if ((unsigned)linkage > BTFB_FUNC_EXTERN) {
    btfb_set_error(b, "func %s: bad linkage %d", name, (int)linkage);
    return 0;
  }
  if (check_ref(b, proto, "func"))
    return 0;
  id = new_type(b, BTFB_KIND_FUNC, name);
  if (!id)
    return 0;
  b->t[id].st = proto;
  b->t[id].x[0] = linkage;
  return cons(b, id);
}

uint32_t btfb_var(struct btf_builder *b, const char *name, uint32_t type,
                  enum btfb_var_linkage linkage)
{
  uint32_t id;
  if (!name || !*name) {
    btfb_set_error(b, "var: anonymous");
    return 0;
  }
  if ((unsigned)linkage > BTFB_VAR_EXTERN) {
    btfb_set_error(b, "var %s: bad linkage %d", name, (int)linkage);
    return 0;
  }
  if (check_ref(b, type, "var"))
    return 0;
  id = new_type(b, BTFB_KIND_VAR, name);
  if (!id)
    return 0;
  b->t[id].st = type;
  b->t[id].x[0] = linkage;
  return id; /* VARs are never merged */
}

static uint32_t find_datasec(struct btf_builder *b, const char *secname)
{
  uint32_t i, n;
  n = btfb_strset_add(&b->strs, secname);
  if (n == (uint32_t)-1 || n == 0)
    return 0;
  for (i = 0; i < b->nds; i++)
    if (b->t[b->ds[i]].name == n)
      return b->ds[i];
  return 0;
}

uint32_t btfb_datasec(struct btf_builder *b, const char *secname)
{
  uint32_t id;
  if (!secname || !*secname) {
    btfb_set_error(b, "datasec: anonymous");
    return 0;
  }
  id = find_datasec(b, secname);
  if (id)
    return id;
  if (b->nds == b->cds) {
    uint32_t c = b->cds ? b->cds * 2 : 8, *d = realloc(b->ds, c * sizeof *d);
    if (!d) {
      btfb_set_error(b, "out of memory (datasecs)");
      return 0;
    }
    b->ds = d;
    b->cds = c;
  }
  id = new_type(b, BTFB_KIND_DATASEC, secname);
  if (id)
    b->ds[b->nds++] = id;
  return id;
}

int btfb_datasec_add(struct btf_builder *b, const char *secname,
                     uint32_t var_id, uint32_t offset, uint32_t size)
{
  uint32_t id;
  if (!var_id || check_ref(b, var_id, "datasec_add"))
    return var_id ? -1 : btfb_set_error(b, "datasec_add: void entry");
  id = btfb_datasec(b, secname);
  if (!id || check_open(b))
    return -1;
  b->t[id].root = 1; /* a DATASEC with entries is a root */
  if (add_entry(b, id, NULL, var_id, offset, size))
    return -1;
  /* DATASEC entries have no name: keep the insertion order there, so
     that sorting by offset is stable (all offsets may be 0 when libbpf is
     left to fill them in from the symbol table). */
  b->t[id].e[b->t[id].ne - 1].name = b->t[id].ne - 1;
  return 0;
}

int btfb_datasec_add_expr(struct btf_builder *b, const char *secname,
                          uint32_t var_id, const char *offset_expr,
                          uint32_t size)
{
  uint32_t id, x;
  if (btfb_datasec_add(b, secname, var_id, 0, size))
    return -1;
  x = name_off(b, offset_expr);
  if (x == (uint32_t)-1)
    return -1;
  id = btfb_datasec(b, secname);
  b->t[id].e[b->t[id].ne - 1].expr = x;
  return 0;
}

int btfb_datasec_size(struct btf_builder *b, const char *secname,
                      uint32_t size)
{
  uint32_t id = btfb_datasec(b, secname);
  if (!id || check_open(b))
    return -1;
  b->t[id].st = size;
  b->t[id].size_set = 1;
  return 0;
}

uint32_t btfb_reserve(struct btf_builder *b)
{
  return new_type(b, BTFB_KIND_RESERVED, NULL);
}

int btfb_fill(struct btf_builder *b, uint32_t reserved, uint32_t id)
{
  if (!reserved || reserved >= b->nt
      || b->t[reserved].kind != BTFB_KIND_RESERVED)
    return btfb_set_error(b, "fill: id %u was not reserved", reserved);
  if (b->t[reserved].x[0])
    return btfb_set_error(b, "fill: id %u already filled", reserved);
  if (check_ref(b, id, "fill") || check_open(b))
    return -1;
  if (!id)
    return btfb_set_error(b, "fill: id %u with void", reserved);
  if (btfb_resolve(b, id) == reserved)
    return btfb_set_error(b, "fill: id %u would refer to itself", reserved);
  b->t[reserved].x[0] = id;
  return 0;
}

int btfb_mark_root(struct btf_builder *b, uint32_t id)
{
  if (!id || id >= b->nt)
    return btfb_set_error(b, "mark_root: unknown id %u", id);
  b->t[id].root = 1;
  return 0;
}

enum btfb_kind btfb_kind_of(const struct btf_builder *b, uint32_t id)
{
  id = btfb_resolve(b, id);
  if (!id || id >= b->nt || b->t[id].kind == BTFB_KIND_RESERVED)
    return BTFB_KIND_UNKN;
  return (enum btfb_kind)b->t[id].kind;
}

uint32_t btfb_nr_types(const struct btf_builder *b)
{
  return b->nt - 1;
}

/* ------------------------------------------------------------ finish */

/* Partition refinement: cls[i] for every real type i (0 for void).
   Types are equal iff same local content and pointwise-equal classes of
   what they reference (the largest bisimulation), which handles cycles. */

struct sigtab {
  uint32_t *pool;     /* signatures back to back: len, words... */
  size_t npool, cpool;
  uint32_t *slot;     /* pool index + 1 */
  uint32_t *slotcls;
  size_t nslot;
  uint32_t ncls;
};

static uint32_t sig_hash(const uint32_t *w, uint32_t n)
{
  uint32_t h = 2166136261u, i;
  for (i = 0; i < n; i++) {
    h ^= w[i];
    h *= 16777619u;
    h ^= h >> 15;
  }
  return h;
}

/* Class of the signature W[0..N) (new class if unseen); 0 on OOM. */
static uint32_t sig_class(struct sigtab *s, const uint32_t *w, uint32_t n)
{
  size_t j = sig_hash(w, n) & (s->nslot - 1);
  while (s->slot[j]) {
    const uint32_t *p = s->pool + s->slot[j] - 1;
    if (p[0] == n && !memcmp(p + 1, w, n * sizeof *w))
      return s->slotcls[j];
    j = (j + 1) & (s->nslot - 1);
  }
  if (s->npool + n + 1 > s->cpool) {
    size_t c = s->cpool ? s->cpool : 1024;
    uint32_t *p;
    while (s->npool + n + 1 > c)
      c *= 2;
    p = realloc(s->pool, c * sizeof *p);
    if (!p)
      return 0;
    s->pool = p;
    s->cpool = c;
  }
  s->pool[s->npool] = n;
  memcpy(s->pool + s->npool + 1, w, n * sizeof *w);
  s->slot[j] = (uint32_t)s->npool + 1;
  s->slotcls[j] = ++s->ncls;
  s->npool += n + 1;
  return s->ncls;
}

static int refine(struct btf_builder *b, uint32_t *cls, uint32_t *res)
{
  uint32_t n = b->nt, i, k, maxw = 16, prev = 0, *w, *ncls;
  struct sigtab s;
  int rc = -1;
  size_t nslot = 16;

  for (i = 1; i < n; i++) {
    uint32_t need = 16 + 3 * b->t[i].ne + btfb_nrefs(&b->t[i]);
    if (need > maxw)
      maxw = need;
  }
  while (nslot < 2 * (size_t)n)
    nslot *= 2;
  memset(&s, 0, sizeof s);
  w = malloc(maxw * sizeof *w);
  ncls = calloc(n, sizeof *ncls);
  s.slot = malloc(nslot * sizeof *s.slot);
  s.slotcls = malloc(nslot * sizeof *s.slotcls);
  s.nslot = nslot;
  if (!w || !ncls || !s.slot || !s.slotcls)
    goto out;

  /* Initial classes: local content. */
  memset(s.slot, 0, nslot * sizeof *s.slot);
  for (i = 1; i < n; i++) {
    struct btfb_type *t = &b->t[i];
    uint32_t m = 0;
    if (t->kind == BTFB_KIND_RESERVED || t->kind == BTFB_KIND_VAR
        || t->kind == BTFB_KIND_DATASEC || res[i] != i) {
      w[m++] = 0xffffffffu; /* unique */
      w[m++] = i;
    } else {
      w[m++] = t->kind;
      w[m++] = t->kflag;
      w[m++] = t->name;
      w[m++] = st_is_type(t->kind) ? 0 : t->st;
      w[m++] = t->kind == BTFB_KIND_ARRAY ? 0 : t->x[0];
      w[m++] = t->kind == BTFB_KIND_ARRAY ? 0 : t->x[1];
      w[m++] = t->x[2];
      w[m++] = t->ne;
      for (k = 0; k < t->ne; k++) {
        w[m++] = t->e[k].name;
        w[m++] = t->e[k].a;
        w[m++] = t->e[k].b;
      }
    }
    cls[i] = sig_class(&s, w, m);
    if (!cls[i])
      goto out;
  }
  prev = s.ncls;
  for (;;) {
    memset(s.slot, 0, nslot * sizeof *s.slot);
    s.npool = 0;
    s.ncls = 0;
    for (i = 1; i < n; i++) {
      struct btfb_type *t = &b->t[i];
      uint32_t m = 0, nr = btfb_nrefs(t);
      w[m++] = cls[i];
      if (t->kind != BTFB_KIND_RESERVED && res[i] == i)
        for (k = 0; k < nr; k++) {
          uint32_t r = res[*btfb_ref_slot(t, k)];
          w[m++] = r ? cls[r] : 0;
        }
      ncls[i] = sig_class(&s, w, m);
      if (!ncls[i])
        goto out;
    }
    memcpy(cls, ncls, n * sizeof *cls);
    if (s.ncls == prev)
      break;
    prev = s.ncls;
  }
  rc = 0;
out:
  if (rc)
    btfb_set_error(b, "out of memory (dedup)");
  free(w);
  free(ncls);
  free(s.slot);
  free(s.slotcls);
  free(s.pool);
  return rc;
}

/* rep[i]: smallest id of i's class (for non-aliases). */
static void reps_from_classes(struct btf_builder *b, const uint32_t *cls,
                              uint32_t *first, uint32_t *rep)
{
  uint32_t i;
  memset(first, 0, b->nt * sizeof *first);
  for (i = 1; i < b->nt; i++) {
    if (!first[cls[i]])
      first[cls[i]] = i;
    rep[i] = first[cls[i]];
  }
}

struct aggkey {
  uint32_t kind, name, cls, id;
};

static int cmp_aggkey(const void *x, const void *y)
{
  const struct aggkey *a = x, *c = y;
  if (a->kind != c->kind)
    return a->kind < c->kind ? -1 : 1;
  if (a->name != c->name)
    return a->name < c->name ? -1 : 1;
  return a->id < c->id ? -1 : a->id > c->id;
}

static void mark_ext_roots(struct btf_builder *b)
{
  size_t k;
  for (k = 0; k < b->nr; k++)
    if (b->r[k].type && b->r[k].type < b->nt)
      b->t[b->r[k].type].root = 1;
}

int btfb_finish(struct btf_builder *b, unsigned flags)
{
  uint32_t n = b->nt, i, k;
  uint32_t *res = NULL, *rep = NULL, *cls = NULL, *tmp = NULL, *stack = NULL;
  uint8_t *live = NULL;
  size_t sp = 0;
  int rc = -1;

  if (b->finished)
    return 0;
  mark_ext_roots(b);
  res = malloc(n * sizeof *res);
  rep = malloc(n * sizeof *rep);
  cls = calloc(n, sizeof *cls);
  tmp = calloc(n + 1, sizeof *tmp);
  stack = malloc(n * sizeof *stack);
  live = calloc(n, 1);
  b->final = calloc(n, sizeof *b->final);
  b->order = calloc(n, sizeof *b->order);
  if (!res || !rep || !cls || !tmp || !stack || !live || !b->final
      || !b->order) {
    btfb_set_error(b, "out of memory (finish)");
    goto out;
  }
  for (i = 0; i < n; i++) {
    res[i] = btfb_resolve(b, i);
    rep[i] = i;
  }

  if (!(flags & BTFB_NO_DEDUP)) {
    if (refine(b, cls, res))
      goto out;
    /* FWD collapse: a FWD whose name has exactly one struct (union)
       class in the unit stands for it. */
    {
      int changed = 0;
      uint32_t na = 0;
      struct aggkey *ag = malloc(n * sizeof *ag);
      if (!ag) {
        btfb_set_error(b, "out of memory (finish)");
        goto out;
      }
      for (i = 1; i < n; i++)
        if ((b->t[i].kind == BTFB_KIND_STRUCT
             || b->t[i].kind == BTFB_KIND_UNION) && b->t[i].name
            && res[i] == i) {
          ag[na].kind = b->t[i].kind;
          ag[na].name = b->t[i].name;
          ag[na].cls = cls[i];
          ag[na].id = i;
          na++;
        }
      qsort(ag, na, sizeof *ag, cmp_aggkey);
      for (i = 1; i < n; i++) {
        struct btfb_type *f = &b->t[i];
        struct aggkey key;
        uint32_t lo = 0, hi = na, j;
        int unique = 1;
        if (f->kind != BTFB_KIND_FWD || res[i] != i)
          continue;
        key.kind = f->kflag ? BTFB_KIND_UNION : BTFB_KIND_STRUCT;
        key.name = f->name;
        key.id = 0;
        while (lo < hi) { /* first entry >= (kind, name, 0) */
          uint32_t mid = lo + (hi - lo) / 2;
          if (cmp_aggkey(&ag[mid], &key) < 0)
            lo = mid + 1;
          else
            hi = mid;
        }
        if (lo == na || ag[lo].kind != key.kind || ag[lo].name != key.name)
          continue;
        for (j = lo + 1; j < na && ag[j].kind == key.kind
                         && ag[j].name == key.name; j++)
          if (ag[j].cls != ag[lo].cls)
            unique = 0;
        if (unique) {
          res[i] = ag[lo].id;
          changed = 1;
        }
      }
      free(ag);
      /* Resolve through res again for FWD targets. */
      if (changed) {
        for (i = 1; i < n; i++)
          res[i] = res[res[i]];
        if (refine(b, cls, res))
          goto out;
      }
    }
    reps_from_classes(b, cls, tmp, rep);
  }

  /* Canonical id of every id: its representative after aliasing. */
  for (i = 0; i < n; i++)
    tmp[i] = i ? rep[res[i]] : 0;
  /* Reachability. */
  for (i = 1; i < n; i++) {
    uint32_t c = tmp[i];
    if ((flags & BTFB_NO_PRUNE) || b->t[i].root) {
      if (b->t[c].kind == BTFB_KIND_RESERVED && (b->t[i].root || flags & BTFB_NO_PRUNE)) {
        if (b->t[i].root) {
          btfb_set_error(b, "root %u is a reserved id never filled", i);
          goto out;
        }
        continue;
      }
      if (!live[c]) {
        live[c] = 1;
        stack[sp++] = c;
      }
    }
  }
  for (;;) {
    while (sp) {
      uint32_t c = stack[--sp], nr = btfb_nrefs(&b->t[c]);
      for (k = 0; k < nr; k++) {
        uint32_t r = tmp[*btfb_ref_slot(&b->t[c], k)];
        if (!r || live[r])
          continue;
        if (b->t[r].kind == BTFB_KIND_RESERVED) {
          btfb_set_error(b, "type %u refers to reserved id %u never filled",
                         c, *btfb_ref_slot(&b->t[c], k));
          goto out;
        }
        live[r] = 1;
        stack[sp++] = r;
      }
    }
    /* DECL_TAGs on live types are live. */
    for (i = 1; i < n; i++)
      if (b->t[i].kind == BTFB_KIND_DECL_TAG && tmp[i] == i && !live[i]
          && live[tmp[b->t[i].st]]) {
        live[i] = 1;
        stack[sp++] = i;
      }
    if (!sp)
      break;
  }

  /* Renumber. */
  b->nfinal = 0;
  for (i = 1; i < n; i++)
    if (live[i] && tmp[i] == i) {
      b->final[i] = ++b->nfinal;
      b->order[b->nfinal] = i;
    }
  for (i = 1; i < n; i++)
    b->final[i] = live[tmp[i]] ? b->final[tmp[i]] : 0;
  /* Rewrite the references of kept types to canonical ids. */
  for (k = 1; k <= b->nfinal; k++) {
    struct btfb_type *t = &b->t[b->order[k]];
    uint32_t nr = btfb_nrefs(t), j;
    for (j = 0; j < nr; j++) {
      uint32_t *p = btfb_ref_slot(t, j);
      *p = tmp[*p];
    }
  }
  b->finished = 1;
  rc = 0;
out:
  if (rc) {
    free(b->final);
    free(b->order);
    b->final = b->order = NULL;
  }
  free(res);
  free(rep);
  free(cls);
  free(tmp);
  free(stack);
  free(live);
  return rc;
}

uint32_t btfb_final_id(const struct btf_builder *b, uint32_t id)
{
  if (!b->finished || id >= b->nt)
    return 0;
  return b->final[id];
}

uint32_t btfb_final_count(const struct btf_builder *b)
{
  return b->finished ? b->nfinal : 0;
}

/* ------------------------------------------------------- ext records */
static int add_rec(struct btf_builder *b, uint8_t what, const char *secname,
                   uint32_t off, const char *label, const char *base,
                   struct btfb_rec **out)
{
  struct btfb_rec *r;
  uint32_t s;
  if (!secname || !*secname)
    return btfb_set_error(b, "ext record: empty section name");
  if (label && (!base || !*label || !*base))
    return btfb_set_error(b, "ext record: label without base label");
  s = name_off(b, secname);
  if (s == (uint32_t)-1)
    return -1;
  if (b->nr == b->cr) {
    size_t c = b->cr ? b->cr * 2 : 64;
    struct btfb_rec *nr = realloc(b->r, c * sizeof *nr);
    if (!nr)
      return btfb_set_error(b, "out of memory (records)");
    b->r = nr;
    b->cr = c;
  }
  r = &b->r[b->nr];
  memset(r, 0, sizeof *r);
  r->what = what;
  r->sec = s;
  r->off = off;
  r->seq = (uint32_t)b->nr;
  if (label) {
    r->label = dupstr(label);
    r->base = dupstr(base);
    if (!r->label || !r->base) {
      free(r->label);
      free(r->base);
      return btfb_set_error(b, "out of memory (labels)");
    }
  }
  b->nr++;
  *out = r;
  return 0;
}

static int ext_type_ok(struct btf_builder *b, uint32_t id, const char *what)
{
  if (!id || id >= b->nt)
    return btfb_set_error(b, "%s: unknown type id %u", what, id);
  if (b->finished && !b->final[id])
    return btfb_set_error(b, "%s: type %u was pruned (add records before "
                          "btfb_finish or mark it a root)", what, id);
  return 0;
}

int btfb_func_info(struct btf_builder *b, const char *secname,
                   uint32_t off, const char *label, const char *base,
                   uint32_t func_id)
{
  struct btfb_rec *r;
  if (ext_type_ok(b, func_id, "func_info"))
    return -1;
  if (btfb_kind_of(b, func_id) != BTFB_KIND_FUNC)
    return btfb_set_error(b, "func_info: id %u is not a FUNC", func_id);
  {
    /* The same record twice is one record. */
    uint32_t sec = btfb_strset_add(&b->strs, secname);
    size_t k;
    for (k = 0; k < b->nr; k++) {
      struct btfb_rec *q = &b->r[k];
      if (q->what == BTFB_EXT_FUNC && q->type == func_id && q->sec == sec
          && q->off == off && !q->label == !label
          && (!label || (base && !strcmp(q->label, label)
                         && !strcmp(q->base, base))))
        return 0;
    }
  }
  if (add_rec(b, BTFB_EXT_FUNC, secname, off, label, base, &r))
    return -1;
  r->type = func_id;
  if (!b->finished)
    b->t[func_id].root = 1;
  return 0;
}

int btfb_line_info(struct btf_builder *b, const char *secname,
                   uint32_t off, const char *label, const char *base,
                   const char *file, const char *line_text,
                   uint32_t line, uint32_t col)
{
  struct btfb_rec *r;
  uint32_t f = name_off(b, file), l = name_off(b, line_text);
  if (f == (uint32_t)-1 || l == (uint32_t)-1)
    return -1;
  if (line > 0x3fffff)
    return btfb_set_error(b, "line_info: line %u too large", line);
  if (add_rec(b, BTFB_EXT_LINE, secname, off, label, base, &r))
    return -1;
  r->s1 = f;
  r->s2 = l;
  r->n1 = line << 10 | (col > 0x3ff ? 0x3ff : col);
  return 0;
}

int btfb_core_relo(struct btf_builder *b, const char *secname,
                   uint32_t off, const char *label, const char *base,
                   uint32_t type_id, const char *access, uint32_t kind)
{
  struct btfb_rec *r;
  uint32_t a;
  if (ext_type_ok(b, type_id, "core_relo"))
    return -1;
  if (!access || !*access)
    return btfb_set_error(b, "core_relo: empty access string");
  a = name_off(b, access);
  if (a == (uint32_t)-1)
    return -1;
  if (add_rec(b, BTFB_EXT_CORE, secname, off, label, base, &r))
    return -1;
  r->type = type_id;
  r->s1 = a;
  r->n1 = kind;
  if (!b->finished)
    b->t[type_id].root = 1;
  return 0;
}
