/* btf-write.c -- the wire image of the finished BTF and .BTF.ext, written
   as raw little-endian bytes or as GNU assembler directives. */
#include "btf-internal.h"
#include "btf-image.h"

#include <stdlib.h>
#include <string.h>

static const char *const kind_names[] = {
  "UNKN", "INT", "PTR", "ARRAY", "STRUCT", "UNION", "ENUM", "FWD",
  "TYPEDEF", "VOLATILE", "CONST", "RESTRICT", "FUNC", "FUNC_PROTO", "VAR",
  "DATASEC", "FLOAT", "DECL_TAG", "TYPE_TAG", "ENUM64"
};

const char *btfb_kind_name(unsigned kind)
{
  return kind < sizeof kind_names / sizeof *kind_names ? kind_names[kind]
                                                       : "?";
}

static int push(struct btfb_image *im, uint32_t v)
{
  if (im->nw == im->cw) {
    size_t c = im->cw ? im->cw * 2 : 256;
    uint32_t *w = realloc(im->w, c * sizeof *w);
    if (!w) {
      im->oom = 1;
      return -1;
    }
    im->w = w;
    im->cw = c;
  }
  im->w[im->nw++] = v;
  return 0;
}

/* Push V, written as the assembler expression EXPR (builder string). */
static int push_expr(struct btfb_image *im, uint32_t v, uint32_t expr)
{
  if (push(im, v))
    return -1;
  if (!expr)
    return 0;
  if (im->cwx < im->cw) {
    uint32_t *wx = realloc(im->wx, im->cw * sizeof *wx);
    if (!wx) {
      im->oom = 1;
      return -1;
    }
    memset(wx + im->cwx, 0, (im->cw - im->cwx) * sizeof *wx);
    im->wx = wx;
    im->cwx = im->cw;
  }
  im->wx[im->nw - 1] = expr;
  return 0;
}

static int xpush(struct btfb_image *im, uint32_t v, const char *label,
                 const char *base, uint8_t mark)
{
  if (im->nx == im->cx) {
    size_t c = im->cx ? im->cx * 2 : 64;
    struct btfb_xword *x = realloc(im->x, c * sizeof *x);
    if (!x) {
      im->oom = 1;
      return -1;
    }
    im->x = x;
    im->cx = c;
  }
  im->x[im->nx].v = v;
  im->x[im->nx].label = label;
  im->x[im->nx].base = base;
  im->x[im->nx].mark = mark;
  im->nx++;
  return 0;
}

void btfb_image_free(struct btfb_image *im)
{
  free(im->w);
  free(im->wx);
  free(im->x);
  free(im->start);
  btfb_strset_fini(&im->strs);
  memset(im, 0, sizeof *im);
}

static uint32_t ostr(struct btf_builder *b, struct btfb_image *im,
                     uint32_t boff, int *err)
{
  uint32_t o = btfb_strset_add(&im->strs, btfb_str(b, boff));
  if (o == (uint32_t)-1) {
    *err = 1;
    return 0;
  }
  return o;
}

static uint32_t fid(const struct btf_builder *b, uint32_t id)
{
  return id < b->nt ? b->final[id] : 0;
}

static int cmp_entry_off(const void *x, const void *y)
{
  const struct btfb_entry *a = x, *c = y;
  if (a->a != c->a)
    return a->a < c->a ? -1 : 1;
  return a->name < c->name ? -1 : a->name > c->name;
}

static int types_image(struct btf_builder *b, struct btfb_image *im)
{
  uint32_t k, j;
  int err = 0;
  im->start = calloc(b->nfinal + 2, sizeof *im->start);
  if (!im->start)
    return -1;
  for (k = 1; k <= b->nfinal; k++) {
    struct btfb_type *t = &b->t[b->order[k]];
    unsigned kind = t->kind, kflag = t->kflag;
    uint32_t vlen = btfb_kind_has_vlen(kind) ? t->ne : 0, size = t->st;
    im->start[k] = (uint32_t)im->nw;
    if (kind == BTFB_KIND_STRUCT || kind == BTFB_KIND_UNION) {
      kflag = 0;
      for (j = 0; j < t->ne; j++)
        if (t->e[j].b)
          kflag = 1;
    }
    if (kind == BTFB_KIND_FUNC)
      vlen = t->x[0];
    if (kind == BTFB_KIND_DATASEC) {
      qsort(t->e, t->ne, sizeof *t->e, cmp_entry_off);
      if (!t->size_set) {
        size = 0;
        for (j = 0; j < t->ne; j++)
          if (t->e[j].a + t->e[j].b > size)
            size = t->e[j].a + t->e[j].b;
      }
    }
    push(im, ostr(b, im, t->name, &err));
    push(im, (uint32_t)kflag << 31 | (uint32_t)kind << 24 | vlen);
    switch (kind) {
    case BTFB_KIND_INT:
      push(im, size);
      push(im, t->x[0]);
      break;
    case BTFB_KIND_ARRAY:
      push(im, 0);
      push(im, fid(b, t->x[0]));
      push(im, fid(b, t->x[1]));
      push(im, t->x[2]);
      break;
    case BTFB_KIND_STRUCT: case BTFB_KIND_UNION:
      push(im, size);
      for (j = 0; j < t->ne; j++) {
        struct btfb_entry *e = &t->e[j];
        if (kflag && e->a > 0xffffff) {
          btfb_set_error(b, "member %s: bit offset %u too large for a "
                         "struct with bitfields", btfb_str(b, e->name), e->a);
          return -1;
        }
        push(im, ostr(b, im, e->name, &err));
        push(im, fid(b, e->type));
        push(im, kflag ? e->b << 24 | e->a : e->a);
      }
      break;
    case BTFB_KIND_ENUM: case BTFB_KIND_ENUM64:
      push(im, size);
      for (j = 0; j < t->ne; j++) {
        push(im, ostr(b, im, t->e[j].name, &err));
        push(im, t->e[j].a);
        if (kind == BTFB_KIND_ENUM64)
          push(im, t->e[j].b);
      }
      break;
    case BTFB_KIND_FWD:
      push(im, 0);
      break;
    case BTFB_KIND_FUNC_PROTO:
      push(im, fid(b, t->st));
      for (j = 0; j < t->ne; j++) {
        push(im, ostr(b, im, t->e[j].name, &err));
        push(im, fid(b, t->e[j].type));
      }
      break;
    case BTFB_KIND_VAR:
      push(im, fid(b, t->st));
      push(im, t->x[0]);
      break;
    case BTFB_KIND_DATASEC:
      push(im, size);
      for (j = 0; j < t->ne; j++) {
        push(im, fid(b, t->e[j].type));
        push_expr(im, t->e[j].a, t->e[j].expr);
        push(im, t->e[j].b);
      }
      break;
    case BTFB_KIND_FLOAT:
      push(im, size);
      break;
    case BTFB_KIND_DECL_TAG:
      push(im, fid(b, t->st));
      push(im, t->x[0]);
      break;
    default: /* PTR, TYPEDEF, qualifiers, FUNC, TYPE_TAG */
      push(im, fid(b, t->st));
      break;
    }
  }
  im->start[b->nfinal + 1] = (uint32_t)im->nw;
  if (err || im->oom || im->nw > 0xffffffffu / 4)
    return btfb_set_error(b, "out of memory (image)");
  return 0;
}

/* Records of one kind, in section order then (off, seq). */
struct rref {
  struct btfb_rec *r;
  uint32_t secidx;
};

static int cmp_rref(const void *x, const void *y)
{
  const struct rref *a = x, *c = y;
  if (a->secidx != c->secidx)
    return a->secidx < c->secidx ? -1 : 1;
  if (a->r->off != c->r->off)
    return a->r->off < c->r->off ? -1 : 1;
  return a->r->seq < c->r->seq ? -1 : a->r->seq > c->r->seq;
}

static int ext_sub(struct btf_builder *b, struct btfb_image *im,
                   unsigned what, uint32_t rec_size, uint32_t *len)
{
  size_t n = 0, k, i, start = im->nx;
  struct rref *v;
  uint32_t *secs;
  size_t nsecs = 0;
  int err = 0;
  for (k = 0; k < b->nr; k++)
    n += b->r[k].what == what;
  *len = 0;
  if (!n)
    return 0;
  v = malloc(n * sizeof *v);
  secs = malloc(n * sizeof *secs);
  if (!v || !secs) {
    free(v);
    free(secs);
    return btfb_set_error(b, "out of memory (ext)");
  }
  n = 0;
  for (k = 0; k < b->nr; k++) {
    if (b->r[k].what != what)
      continue;
    for (i = 0; i < nsecs && secs[i] != b->r[k].sec; i++)
      ;
    if (i == nsecs)
      secs[nsecs++] = b->r[k].sec;
    v[n].r = &b->r[k];
    v[n].secidx = (uint32_t)i;
    n++;
  }
  qsort(v, n, sizeof *v, cmp_rref);
  xpush(im, rec_size, NULL, NULL, 1);
  for (k = 0; k < n;) {
    size_t e = k;
    while (e < n && v[e].secidx == v[k].secidx)
      e++;
    xpush(im, ostr(b, im, v[k].r->sec, &err), NULL, NULL, 2);
    xpush(im, (uint32_t)(e - k), NULL, NULL, 0);
    for (; k < e; k++) {
      struct btfb_rec *r = v[k].r;
      xpush(im, r->off, r->label, r->base, 3);
      switch (what) {
      case BTFB_EXT_FUNC:
        xpush(im, fid(b, r->type), NULL, NULL, 0);
        break;
      case BTFB_EXT_LINE:
        xpush(im, ostr(b, im, r->s1, &err), NULL, NULL, 0);
        xpush(im, ostr(b, im, r->s2, &err), NULL, NULL, 0);
        xpush(im, r->n1, NULL, NULL, 0);
        break;
      default:
        xpush(im, fid(b, r->type), NULL, NULL, 0);
        xpush(im, ostr(b, im, r->s1, &err), NULL, NULL, 0);
        xpush(im, r->n1, NULL, NULL, 0);
        break;
      }
    }
  }
  free(v);
  free(secs);
  if (err || im->oom)
    return btfb_set_error(b, "out of memory (ext)");
  *len = (uint32_t)((im->nx - start) * 4);
  return 0;
}

int btfb_image_build(struct btf_builder *b, struct btfb_image *im)
{
  size_t k;
  memset(im, 0, sizeof *im);
  if (!b->finished && btfb_finish(b, 0))
    return -1;
  for (k = 0; k < b->nr; k++)
    if (b->r[k].type && !fid(b, b->r[k].type))
      return btfb_set_error(b, ".BTF.ext record refers to pruned type %u",
                            b->r[k].type);
  if (btfb_strset_init(&im->strs))
    return btfb_set_error(b, "out of memory (image)");
  if (types_image(b, im)
      || ext_sub(b, im, BTFB_EXT_FUNC, 8, &im->func_len)
      || ext_sub(b, im, BTFB_EXT_LINE, 16, &im->line_len)
      || ext_sub(b, im, BTFB_EXT_CORE, 16, &im->core_len)) {
    btfb_image_free(im);
    return -1;
  }
  /* The kernel wants hdr + types + strings to be the whole section, and
     GNU as (bpf-as) pads a section to its alignment (4): pad the string
     table with NULs to a multiple of 4 so the two agree.  */
  while (im->strs.len % 4) {
    if (im->strs.len == im->strs.cap) {
      char *d = realloc(im->strs.data, im->strs.cap + 4);
      if (!d) {
        btfb_image_free(im);
        return btfb_set_error(b, "out of memory (image)");
      }
      im->strs.data = d;
      im->strs.cap += 4;
    }
    im->strs.data[im->strs.len++] = 0;
  }
  return 0;
}

/* ------------------------------------------------------------- raw */
static void put32(unsigned char *p, uint32_t v)
{
  p[0] = v & 0xff;
  p[1] = v >> 8 & 0xff;
  p[2] = v >> 16 & 0xff;
  p[3] = v >> 24;
}

static void put_hdr(unsigned char *p, uint32_t hdr_len)
{
  p[0] = 0x9f;
  p[1] = 0xeb;
  p[2] = 1;
  p[3] = 0;
  put32(p + 4, hdr_len);
}

int btfb_write_raw(struct btf_builder *b, void **btf, size_t *btf_len,
                   void **ext, size_t *ext_len)
{
  struct btfb_image im;
  unsigned char *p, *q = NULL;
  size_t tl, sl, k;
  if (btfb_image_build(b, &im))
    return -1;
  if (ext)
    for (k = 0; k < im.nx; k++)
      if (im.x[k].label) {
        const char *l = im.x[k].label;
        btfb_image_free(&im);
        return btfb_set_error(b, "raw output: record at label %s needs the "
                              "assembler (use btfb_write_asm)", l);
      }
  for (k = 0; k < im.cwx; k++)
    if (im.wx[k]) {
      btfb_image_free(&im);
      return btfb_set_error(b, "raw output: a DATASEC offset needs the "
                            "assembler (use btfb_write_asm)");
    }
  tl = im.nw * 4;
  sl = im.strs.len;
  p = malloc(24 + tl + sl);
  if (ext && im.nx)
    q = malloc(32 + im.nx * 4);
  if (!p || (ext && im.nx && !q)) {
    free(p);
    free(q);
    btfb_image_free(&im);
    return btfb_set_error(b, "out of memory (raw)");
  }
  put_hdr(p, 24);
  put32(p + 8, 0);
  put32(p + 12, (uint32_t)tl);
  put32(p + 16, (uint32_t)tl);
  put32(p + 20, (uint32_t)sl);
  for (k = 0; k < im.nw; k++)
    put32(p + 24 + 4 * k, im.w[k]);
  memcpy(p + 24 + tl, im.strs.data, sl);
  *btf = p;
  *btf_len = 24 + tl + sl;
  if (ext) {
    *ext = q;
    *ext_len = 0;
    if (q) {
      put_hdr(q, 32);
      put32(q + 8, 0);
      put32(q + 12, im.func_len);
      put32(q + 16, im.func_len);
      put32(q + 20, im.line_len);
      put32(q + 24, im.func_len + im.line_len);
      put32(q + 28, im.core_len);
      for (k = 0; k < im.nx; k++)
        put32(q + 32 + 4 * k, im.x[k].v);
      *ext_len = 32 + im.nx * 4;
    }
  }
  btfb_image_free(&im);
  return 0;
}

/* ------------------------------------------------------------- asm */
static void asm_string(FILE *out, const char *s)
{
  fputs("\t.string\t\"", out);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(out, "\\%c", c);
    else if (c < 0x20 || c >= 0x7f)
      fprintf(out, "\\%03o", c);
    else
      fputc(c, out);
  }
  fputs("\"\n", out);
}

static void asm_hdr(FILE *out, const char *sec, uint32_t hdr_len)
{
  fprintf(out, "\t.section\t%s,\"\",@progbits\n\t.balign\t4\n", sec);
  fprintf(out, "\t.short\t0xeb9f\t/* magic */\n\t.byte\t1\t/* version */\n"
               "\t.byte\t0\t/* flags */\n\t.long\t%u\t/* hdr_len */\n",
          hdr_len);
}

int btfb_write_asm(struct btf_builder *b, FILE *out)
{
  struct btfb_image im;
  size_t k, s;
  uint32_t id = 1;
  if (btfb_image_build(b, &im))
    return -1;
  asm_hdr(out, ".BTF", 24);
  fprintf(out, "\t.long\t0\t/* type_off */\n\t.long\t%lu\t/* type_len */\n"
               "\t.long\t%lu\t/* str_off */\n\t.long\t%lu\t/* str_len */\n",
          (unsigned long)(im.nw * 4), (unsigned long)(im.nw * 4),
          (unsigned long)im.strs.len);
  for (k = 0; k < im.nw; k++) {
    if (id <= b->nfinal && k == im.start[id]) {
      fprintf(out, "\t.long\t%u\t/* BTF_KIND_%s(id = %u) */\n", im.w[k],
              btfb_kind_name(im.w[k + 1] >> 24 & 0x1f), id);
      id++;
    } else
      if (k < im.cwx && im.wx[k])
        fprintf(out, "\t.long\t%s\n", btfb_str(b, im.wx[k]));
      else
        fprintf(out, "\t.long\t%u\n", im.w[k]);
  }
  fputs("\t.byte\t0\t/* string offset=0 */\n", out);
  for (s = 1; s < im.strs.len; s += strlen(im.strs.data + s) + 1)
    asm_string(out, im.strs.data + s);
  if (im.nx) {
    asm_hdr(out, ".BTF.ext", 32);
    fprintf(out, "\t.long\t0\t/* func_info_off */\n\t.long\t%u\n"
                 "\t.long\t%u\t/* line_info_off */\n\t.long\t%u\n"
                 "\t.long\t%u\t/* core_relo_off */\n\t.long\t%u\n",
            im.func_len, im.func_len, im.line_len,
            im.func_len + im.line_len, im.core_len);
    for (k = 0; k < im.nx; k++) {
      if (im.x[k].label)
        fprintf(out, "\t.long\t%s-%s\n", im.x[k].label, im.x[k].base);
      else if (im.x[k].mark == 1)
        fprintf(out, "\t.long\t%u\t/* rec_size */\n", im.x[k].v);
      else if (im.x[k].mark == 2 && !strchr(im.strs.data + im.x[k].v, '*'))
        fprintf(out, "\t.long\t%u\t/* section \"%s\" */\n", im.x[k].v,
                im.strs.data + im.x[k].v);
      else
        fprintf(out, "\t.long\t%u\n", im.x[k].v);
    }
  }
  btfb_image_free(&im);
  if (ferror(out))
    return btfb_set_error(b, "write error on assembler output");
  return 0;
}
