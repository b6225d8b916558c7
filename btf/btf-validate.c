/* btf-validate.c -- the kernel's common BTF checks (kernel/bpf/btf.c),
   run on the wire image so that what is checked is what is written. */
#include "btf-image.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct vctx {
  struct btf_builder *b;
  const struct btfb_image *im;
  uint32_t n;           /* number of types; ids 1..n */
  char *msg;
  size_t msz;
};

static int fail(struct vctx *v, uint32_t id, const char *fmt, ...)
#ifdef __GNUC__
  __attribute__((format(printf, 3, 4)))
#endif
  ;
static int fail(struct vctx *v, uint32_t id, const char *fmt, ...)
{
  char buf[200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (id)
    btfb_set_error(v->b, "[%u] %s", id, buf);
  else
    btfb_set_error(v->b, "%s", buf);
  if (v->msz)
    snprintf(v->msg, v->msz, "%s", btfb_error(v->b));
  return -1;
}

static const uint32_t *tw(const struct vctx *v, uint32_t id)
{
  return v->im->w + v->im->start[id];
}

static const char *s_at(const struct vctx *v, uint32_t off)
{
  return off < v->im->strs.len ? v->im->strs.data + off : NULL;
}

/* C identifier; DOT_OK also allows '.', as every kernel does for VAR
   names (recent kernels allow it everywhere, older ones only there). */
static int valid_name(const char *s, int dot_ok)
{
  size_t i;
  if (!s || !*s)
    return 0;
  if (!(s[0] == '_' || (s[0] >= 'a' && s[0] <= 'z')
        || (s[0] >= 'A' && s[0] <= 'Z') || (dot_ok && s[0] == '.')))
    return 0;
  for (i = 1; s[i]; i++)
    if (!(s[i] == '_' || (s[i] >= 'a' && s[i] <= 'z')
          || (s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9')
          || (dot_ok && s[i] == '.')))
      return 0;
  return i < 128;
}

static int valid_ident(const char *s)
{
  return valid_name(s, 0);
}

/* Kernel: datasec names and the like: printable, non-empty. */
static int valid_section(const char *s)
{
  size_t i;
  if (!s || !*s)
    return 0;
  for (i = 0; s[i]; i++)
    if ((unsigned char)s[i] < 0x21 || (unsigned char)s[i] > 0x7e)
      return 0;
  return i < 128;
}

static unsigned kind_of(const struct vctx *v, uint32_t id)
{
  return id && id <= v->n ? tw(v, id)[1] >> 24 & 0x1f : 0;
}

static int ref_ok(struct vctx *v, uint32_t id, uint32_t ref, const char *what)
{
  if (ref > v->n)
    return fail(v, id, "%s refers to invalid type id %u", what, ref);
  return 0;
}

/* Byte size of a type (following modifiers); 0 if unsized; -1 loops. */
static int64_t type_size(const struct vctx *v, uint32_t id)
{
  uint32_t guard = 0;
  while (id && id <= v->n && guard++ <= v->n) {
    const uint32_t *w = tw(v, id);
    switch (w[1] >> 24 & 0x1f) {
    case BTFB_KIND_INT: case BTFB_KIND_STRUCT: case BTFB_KIND_UNION:
    case BTFB_KIND_ENUM: case BTFB_KIND_ENUM64: case BTFB_KIND_FLOAT:
    case BTFB_KIND_DATASEC:
      return w[2];
    case BTFB_KIND_PTR:
      return 8;
    case BTFB_KIND_ARRAY: {
      int64_t e = type_size(v, w[3]);
      return e < 0 ? e : e * (int64_t)w[5];
    }
    case BTFB_KIND_TYPEDEF: case BTFB_KIND_VOLATILE: case BTFB_KIND_CONST:
    case BTFB_KIND_RESTRICT: case BTFB_KIND_TYPE_TAG:
      id = w[2];
      continue;
    default:
      return 0;
    }
  }
  return id ? -1 : 0;
}

/* Whether ID, through typedefs and modifiers, is a FWD or void/FUNC:
   no size, so not usable by value (member, variable, array element). */
static int unsized(const struct vctx *v, uint32_t id)
{
  uint32_t guard = 0;
  while (id && id <= v->n && guard++ <= v->n) {
    const uint32_t *w = tw(v, id);
    switch (w[1] >> 24 & 0x1f) {
    case BTFB_KIND_TYPEDEF: case BTFB_KIND_VOLATILE: case BTFB_KIND_CONST:
    case BTFB_KIND_RESTRICT: case BTFB_KIND_TYPE_TAG:
      id = w[2];
      continue;
    case BTFB_KIND_FWD: case BTFB_KIND_FUNC: case BTFB_KIND_FUNC_PROTO:
    case BTFB_KIND_VAR: case BTFB_KIND_DATASEC: case BTFB_KIND_DECL_TAG:
      return 1;
    default:
      return 0;
    }
  }
  return 1;
}

static int check_type(struct vctx *v, uint32_t id)
{
  const uint32_t *w = tw(v, id);
  uint32_t info = w[1], kind = info >> 24 & 0x1f, vlen = info & 0xffff;
  int kflag = info >> 31;
  const char *name = s_at(v, w[0]);
  uint32_t i;

  if (!name)
    return fail(v, id, "invalid name offset %u", w[0]);
  if (info & 0x60ff0000u)
    return fail(v, id, "unused info bits set");
  switch (kind) {
  case BTFB_KIND_INT: {
    uint32_t enc = w[3] >> 24, off = w[3] >> 16 & 0xff, bits = w[3] & 0xff;
    if (!*name)
      return fail(v, id, "INT without a name");
    if (vlen || kflag)
      return fail(v, id, "INT: vlen/kind_flag != 0");
    if (w[3] & 0xf000ff00u)
      return fail(v, id, "INT %s: unused bits set in %#x", name, w[3]);
    if (enc & ~7u || (enc & (enc - 1)))
      return fail(v, id, "INT %s: unsupported encoding %#x (at most one of "
                  "SIGNED/CHAR/BOOL)", name, enc);
    if (!(w[2] == 1 || w[2] == 2 || w[2] == 4 || w[2] == 8 || w[2] == 16))
      return fail(v, id, "INT %s: invalid size %u", name, w[2]);
    if (!bits || bits > 128 || off + bits > w[2] * 8)
      return fail(v, id, "INT %s: nr_bits %u + offset %u exceed size %u",
                  name, bits, off, w[2]);
    return 0;
  }
  case BTFB_KIND_FLOAT:
    /* names like "long double" have blanks: only require one */
    if (!*name)
      return fail(v, id, "FLOAT without a name");
    if (!(w[2] == 2 || w[2] == 4 || w[2] == 8 || w[2] == 12 || w[2] == 16))
      return fail(v, id, "FLOAT %s: invalid size %u", name, w[2]);
    return 0;
  case BTFB_KIND_PTR: case BTFB_KIND_VOLATILE: case BTFB_KIND_CONST:
  case BTFB_KIND_RESTRICT:
    if (*name)
      return fail(v, id, "%s with a name", btfb_kind_name(kind));
    if (vlen || kflag)
      return fail(v, id, "%s: vlen/kind_flag != 0", btfb_kind_name(kind));
    return ref_ok(v, id, w[2], btfb_kind_name(kind));
  case BTFB_KIND_TYPEDEF:
    if (!valid_ident(name))
      return fail(v, id, "TYPEDEF: invalid name \"%s\"", name);
    return ref_ok(v, id, w[2], "TYPEDEF");
  case BTFB_KIND_TYPE_TAG:
    if (!*name)
      return fail(v, id, "TYPE_TAG without a value");
    return ref_ok(v, id, w[2], "TYPE_TAG");
  case BTFB_KIND_ARRAY:
    if (*name || vlen || kflag || w[2])
      return fail(v, id, "ARRAY: name/vlen/kind_flag/size != 0");
    if (ref_ok(v, id, w[3], "ARRAY elem") || ref_ok(v, id, w[4], "ARRAY index"))
      return -1;
    if (!w[3] || unsized(v, w[3]))
      return fail(v, id, "ARRAY of an incomplete type");
    if (kind_of(v, w[4]) != BTFB_KIND_INT)
      return fail(v, id, "ARRAY index type %u is not an INT", w[4]);
    return 0;
  case BTFB_KIND_STRUCT: case BTFB_KIND_UNION: {
    uint64_t bits = (uint64_t)w[2] * 8;
    if (*name && !valid_ident(name))
      return fail(v, id, "%s: invalid name \"%s\"", btfb_kind_name(kind), name);
    for (i = 0; i < vlen; i++) {
      const uint32_t *m = w + 3 + 3 * i;
      const char *mn = s_at(v, m[0]);
      uint32_t off = kflag ? m[2] & 0xffffff : m[2];
      uint32_t bsz = kflag ? m[2] >> 24 : 0;
      int64_t msz;
      if (!mn || (*mn && !valid_ident(mn)))
        return fail(v, id, "member %u: invalid name", i);
      if (ref_ok(v, id, m[1], "member"))
        return -1;
      if (!m[1])
        return fail(v, id, "member %s: void type", mn);
      if (unsized(v, m[1]))
        return fail(v, id, "member %s: incomplete type (%s)", mn,
                    btfb_kind_name(kind_of(v, m[1])));
      if (kind == BTFB_KIND_UNION && off)
        return fail(v, id, "union member %s at offset %u", mn, off);
      if (bsz) {
        if (off + (uint64_t)bsz > bits)
          return fail(v, id, "member %s: bitfield %u+%u exceeds struct size %u",
                      mn, off, bsz, w[2]);
        continue;
      }
      msz = type_size(v, m[1]);
      if (msz < 0)
        return fail(v, id, "member %s: type loops", mn);
      if (!kflag && off % 8 == 0 && off / 8 + (uint64_t)msz > w[2])
        return fail(v, id, "member %s: offset %u + size %lld exceeds struct "
                    "size %u", mn, off / 8, (long long)msz, w[2]);
      if (off + (uint64_t)msz * 8 > bits)
        return fail(v, id, "member %s exceeds struct size", mn);
    }
    return 0;
  }
  case BTFB_KIND_ENUM: case BTFB_KIND_ENUM64:
    if (*name && !valid_ident(name))
      return fail(v, id, "ENUM: invalid name \"%s\"", name);
    if (!(w[2] == 1 || w[2] == 2 || w[2] == 4 || w[2] == 8))
      return fail(v, id, "ENUM %s: invalid size %u", name, w[2]);
    for (i = 0; i < vlen; i++) {
      const uint32_t *e = w + 3 + (kind == BTFB_KIND_ENUM ? 2 : 3) * i;
      if (!valid_ident(s_at(v, e[0])))
        return fail(v, id, "enumerator %u: invalid name", i);
    }
    return 0;
  case BTFB_KIND_FWD:
    if (!valid_ident(name))
      return fail(v, id, "FWD: invalid name \"%s\"", name);
    if (vlen || w[2])
      return fail(v, id, "FWD %s: vlen/type != 0", name);
    return 0;
  case BTFB_KIND_FUNC_PROTO:
    if (*name || kflag)
      return fail(v, id, "FUNC_PROTO with a name/kind_flag");
    if (ref_ok(v, id, w[2], "FUNC_PROTO return"))
      return -1;
    for (i = 0; i < vlen; i++) {
      const uint32_t *p = w + 3 + 2 * i;
      const char *pn = s_at(v, p[0]);
      if (ref_ok(v, id, p[1], "param"))
        return -1;
      if (!p[1]) {
        if (i != vlen - 1 || p[0])
          return fail(v, id, "param %u: void type", i);
        continue;
      }
      if (!pn || (*pn && !valid_ident(pn)))
        return fail(v, id, "param %u: invalid name", i);
    }
    return 0;
  case BTFB_KIND_FUNC:
    if (!valid_ident(name))
      return fail(v, id, "FUNC: invalid or no name \"%s\"", name);
    if (vlen > BTFB_FUNC_EXTERN || kflag)
      return fail(v, id, "FUNC %s: invalid linkage %u", name, vlen);
    if (kind_of(v, w[2]) != BTFB_KIND_FUNC_PROTO)
      return fail(v, id, "FUNC %s: type %u is not a FUNC_PROTO", name, w[2]);
    return 0;
  case BTFB_KIND_VAR:
    if (!valid_name(name, 1))
      return fail(v, id, "VAR: invalid or no name \"%s\"", name);
    if (vlen || kflag)
      return fail(v, id, "VAR %s: vlen/kind_flag != 0", name);
    if (w[3] > BTFB_VAR_EXTERN)
      return fail(v, id, "VAR %s: invalid linkage %u", name, w[3]);
    if (ref_ok(v, id, w[2], "VAR"))
      return -1;
    if (!w[2] || unsized(v, w[2]))
      return fail(v, id, "VAR %s: incomplete or invalid type %u", name, w[2]);
    return 0;
  case BTFB_KIND_DATASEC: {
    uint64_t end = 0;
    if (!valid_section(name))
      return fail(v, id, "DATASEC: invalid name \"%s\"", name);
    if (!vlen)
      return fail(v, id, "DATASEC %s: no entries", name);
    for (i = 0; i < vlen; i++) {
      const uint32_t *e = w + 3 + 3 * i;
      unsigned k = kind_of(v, e[0]);
      if (k != BTFB_KIND_VAR && k != BTFB_KIND_FUNC)
        return fail(v, id, "DATASEC %s entry %u: type %u is not a VAR", name,
                    i, e[0]);
      /* Size 0: left for libbpf to fill in, with the entries' sizes, from
         the ELF sections and symbols (as clang does).  The offsets the
         assembler wrote must still be in order: the kernel refuses
         entries out of order, and not every loader sorts them
         (cilium/ebpf 0.9 does not). */
      if (!w[2]) {
        if (e[1] < end)
          return fail(v, id, "DATASEC %s entry %u: offset %u is out of order",
                      name, i, e[1]);
        end = e[1];
        continue;
      }
      if (e[1] < end)
        return fail(v, id, "DATASEC %s entry %u: offset %u overlaps or is "
                    "out of order", name, i, e[1]);
      if (!e[2] && k == BTFB_KIND_VAR)
        return fail(v, id, "DATASEC %s entry %u: size 0", name, i);
      end = (uint64_t)e[1] + e[2];
      if (end > w[2])
        return fail(v, id, "DATASEC %s entry %u: %u+%u exceeds section size "
                    "%u", name, i, e[1], e[2], w[2]);
      if (k == BTFB_KIND_VAR) {
        int64_t sz = type_size(v, tw(v, e[0])[2]);
        if (sz > 0 && (uint64_t)sz > e[2])
          return fail(v, id, "DATASEC %s entry %u: size %u smaller than the "
                      "variable (%lld)", name, i, e[2], (long long)sz);
      }
    }
    return 0;
  }
  case BTFB_KIND_DECL_TAG: {
    int32_t ci = (int32_t)w[3];
    unsigned tk = kind_of(v, w[2]);
    const uint32_t *tt;
    if (!*name)
      return fail(v, id, "DECL_TAG without a value");
    if (!w[2] || ref_ok(v, id, w[2], "DECL_TAG"))
      return w[2] ? -1 : fail(v, id, "DECL_TAG on void");
    if (ci < -1)
      return fail(v, id, "DECL_TAG: invalid component_idx %d", (int)ci);
    if (ci == -1)
      return 0;
    tt = tw(v, w[2]);
    if (tk == BTFB_KIND_FUNC)
      tt = tw(v, tt[2]);
    if ((tk == BTFB_KIND_STRUCT || tk == BTFB_KIND_UNION
         || tk == BTFB_KIND_FUNC) && (uint32_t)ci < (tt[1] & 0xffff))
      return 0;
    return fail(v, id, "DECL_TAG: component_idx %d out of range", (int)ci);
  }
  default:
    return fail(v, id, "unknown kind %u", kind);
  }
}

/* By-value edges (modifiers, typedefs, array elements, members) must not
   form a cycle: the kernel reports "Loop detected". */
static uint32_t value_edges(const struct vctx *v, uint32_t id, uint32_t i)
{
  const uint32_t *w = tw(v, id);
  switch (w[1] >> 24 & 0x1f) {
  case BTFB_KIND_TYPEDEF: case BTFB_KIND_VOLATILE: case BTFB_KIND_CONST:
  case BTFB_KIND_RESTRICT: case BTFB_KIND_TYPE_TAG: case BTFB_KIND_VAR:
    return i == 0 ? w[2] : (uint32_t)-1;
  case BTFB_KIND_ARRAY:
    return i == 0 ? w[3] : (uint32_t)-1;
  case BTFB_KIND_STRUCT: case BTFB_KIND_UNION:
    return i < (w[1] & 0xffff) ? w[3 + 3 * i + 1] : (uint32_t)-1;
  default:
    return (uint32_t)-1;
  }
}

static int check_loops(struct vctx *v)
{
  uint8_t *color = calloc(v->n + 1, 1);
  uint32_t *stk = malloc((v->n + 1) * 2 * sizeof *stk), root;
  int rc = 0;
  if (!color || !stk) {
    free(color);
    free(stk);
    return fail(v, 0, "out of memory (validate)");
  }
  for (root = 1; root <= v->n && !rc; root++) {
    size_t sp = 0;
    if (color[root])
      continue;
    color[root] = 1;
    stk[sp++] = root;
    stk[sp++] = 0;
    while (sp && !rc) {
      uint32_t id = stk[sp - 2], i = stk[sp - 1], to = value_edges(v, id, i);
      if (to == (uint32_t)-1) {
        color[id] = 2;
        sp -= 2;
        continue;
      }
      stk[sp - 1]++;
      if (!to || to > v->n)
        continue;
      if (color[to] == 1)
        rc = fail(v, to, "loop of types through %s (not a pointer)",
                  btfb_kind_name(kind_of(v, to)));
      else if (!color[to]) {
        color[to] = 1;
        stk[sp++] = to;
        stk[sp++] = 0;
      }
    }
  }
  free(color);
  free(stk);
  return rc;
}

struct lkey {
  uint32_t sec, off;
};

static int cmp_lkey(const void *x, const void *y)
{
  const struct lkey *a = x, *c = y;
  if (a->sec != c->sec)
    return a->sec < c->sec ? -1 : 1;
  return a->off < c->off ? -1 : a->off > c->off;
}

static int check_ext(struct vctx *v)
{
  struct btf_builder *b = v->b;
  size_t i, j;
  for (i = 0; i < b->nr; i++) {
    struct btfb_rec *r = &b->r[i];
    uint32_t f = r->type < b->nt ? b->final[r->type] : 0;
    if (!r->label && r->off % 8)
      return fail(v, 0, ".BTF.ext record at %u: offset not a multiple of 8",
                  r->off);
    if (r->what == BTFB_EXT_FUNC) {
      if (kind_of(v, f) != BTFB_KIND_FUNC)
        return fail(v, 0, "func_info at %u: not a FUNC", r->off);
      for (j = 0; j < i; j++) {
        struct btfb_rec *q = &b->r[j];
        if (q->what != BTFB_EXT_FUNC)
          continue;
        if (q->type < b->nt && b->final[q->type] == f && q->sec == r->sec
            && (q->off != r->off || (q->label && r->label
                                     && strcmp(q->label, r->label))))
          return fail(v, 0, "func_info: two records for FUNC %s",
                      btfb_str(b, b->t[btfb_resolve(b, r->type)].name));
        if (q->sec == r->sec && !q->label && !r->label && q->off == r->off)
          return fail(v, 0, "func_info: two functions at offset %u in %s",
                      r->off, btfb_str(b, r->sec));
      }
    } else if (r->what == BTFB_EXT_CORE) {
      if (!f)
        return fail(v, 0, "core_relo at %u: bad type", r->off);
      if (r->n1 > 13)
        return fail(v, 0, "core_relo at %u: unknown kind %u", r->off, r->n1);
    } else if (!valid_section(btfb_str(b, r->sec)))
      return fail(v, 0, "line_info: invalid section name");
  }
  /* The kernel wants strictly increasing line_info offsets, and (when a
     program has line_info) a line at the first insn of every function.
     Only numeric offsets can be checked here. */
  {
    struct lkey *k = malloc((b->nr + 1) * sizeof *k);
    size_t n = 0, lo, hi;
    int rc = 0;
    if (!k)
      return fail(v, 0, "out of memory (validate)");
    for (i = 0; i < b->nr; i++)
      if (b->r[i].what == BTFB_EXT_LINE && !b->r[i].label) {
        k[n].sec = b->r[i].sec;
        k[n].off = b->r[i].off;
        n++;
      }
    qsort(k, n, sizeof *k, cmp_lkey);
    for (i = 1; i < n && !rc; i++)
      if (!cmp_lkey(&k[i - 1], &k[i]))
        rc = fail(v, 0, "line_info: two records at offset %u in %s",
                  k[i].off, btfb_str(b, k[i].sec));
    for (i = 0; i < b->nr && !rc; i++) {
      struct btfb_rec *r = &b->r[i];
      struct lkey key;
      int has_lines;
      if (r->what != BTFB_EXT_FUNC || r->label)
        continue;
      key.sec = r->sec;
      key.off = 0;
      for (lo = 0, hi = n; lo < hi;) { /* first line of the section */
        size_t mid = lo + (hi - lo) / 2;
        if (cmp_lkey(&k[mid], &key) < 0)
          lo = mid + 1;
        else
          hi = mid;
      }
      has_lines = lo < n && k[lo].sec == r->sec;
      key.off = r->off;
      if (has_lines && !bsearch(&key, k, n, sizeof *k, cmp_lkey))
        rc = fail(v, 0, "line_info: no record at the start of FUNC %s "
                  "(offset %u in %s)", btfb_str(b, b->t[btfb_resolve(b, r->type)].name),
                  r->off, btfb_str(b, r->sec));
    }
    free(k);
    if (rc)
      return rc;
  }
  return 0;
}

int btfb_validate(struct btf_builder *b, char *msg, size_t n)
{
  struct btfb_image im;
  struct vctx v;
  uint32_t id;
  int rc = 0;
  if (n)
    msg[0] = 0;
  if (btfb_image_build(b, &im)) {
    if (n)
      snprintf(msg, n, "%s", btfb_error(b));
    return -1;
  }
  v.b = b;
  v.im = &im;
  v.n = b->nfinal;
  v.msg = msg;
  v.msz = n;
  if (im.strs.len > 0x7fffffffu / 2)
    rc = fail(&v, 0, "string section too large");
  for (id = 1; !rc && id <= v.n; id++)
    rc = check_type(&v, id);
  if (!rc)
    rc = check_loops(&v);
  if (!rc)
    rc = check_ext(&v);
  btfb_image_free(&im);
  return rc;
}
