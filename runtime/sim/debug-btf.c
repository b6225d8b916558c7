/* debug-btf.c - the debugger's view of an object's BTF (through libbpf):
   type names, sizes, members, global variables, map key/value types, and
   gdb-style value printing.  The BTF and symbols are those the loader
   read (obj/bpfobj.h): the file is not opened again, so the debugger
   sees the object bpf-run runs.  Untrusted input: every type id and size
   is checked, recursion is bounded.  */
#include "sim/debug.h"
#include "sim/elf-load.h"
#include "obj/bpfobj.h"

#include <bpf/btf.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct dbtf {
  struct btf *btf;          /* the object's, borrowed */
  uint32_t n;
  /* the ELF symbol table: clang leaves the offsets of DATASEC variables
     0 in objects (libbpf fixes them up at load time, from the same
     symbols) */
  const struct bpfobj *file;
};

/* Offset of variable NAME in section SEC: its data symbol's (from the
   section's start, in executables too), else BTF's.  */
static uint32_t var_off(struct dbtf *t, const char *name, const char *sec, uint32_t btf_off)
{
  const struct bpfobj *f = t->file;
  for (size_t i = 0; f && i < f->nsyms; i++)
    {
      const struct bpfobj_sym *y = &f->syms[i];
      if (y->type != STT_OBJECT || y->shndx == SHN_UNDEF || y->shndx >= SHN_LORESERVE
          || y->shndx >= f->nsec
          || strcmp(y->name, name) || strcmp(f->secs[y->shndx].name, sec))
        continue;
      uint64_t addr = f->secs[y->shndx].sh.sh_addr;
      return (uint32_t)(y->value - (addr <= y->value ? addr : 0));
    }
  return btf_off;
}

void sb_printf(struct sbuf *b, const char *fmt, ...)
{
  va_list ap;
  for (;;)
    {
      va_start(ap, fmt);
      size_t room = b->cap - b->n;
      int k = vsnprintf(b->p ? b->p + b->n : NULL, room, fmt, ap);
      va_end(ap);
      if (k < 0)
        return;
      if ((size_t)k < room)
        {
          b->n += k;
          return;
        }
      size_t cap = (b->cap + k + 64) * 2;
      char *p = realloc(b->p, cap);
      if (!p)
        return;
      b->p = p;
      b->cap = cap;
    }
}

void sb_free(struct sbuf *b)
{
  free(b->p);
  memset(b, 0, sizeof *b);
}

struct dbtf *dbtf_open(const struct elo_object *o)
{
  if (!o || !o->btf)
    return NULL;
  struct dbtf *t = calloc(1, sizeof *t);
  if (!t)
    return NULL;
  t->btf = o->btf;
  t->n = btf__type_cnt(o->btf);
  t->file = o->file;
  return t;
}

void dbtf_close(struct dbtf *t)
{
  free(t);
}

static const struct btf_type *ty(struct dbtf *t, uint32_t id)
{
  if (!t || id == 0 || id >= t->n)
    return NULL;
  return btf__type_by_id(t->btf, id);
}

uint32_t dbtf_strip(struct dbtf *t, uint32_t type)
{
  for (int i = 0; i < 32; i++)
    {
      const struct btf_type *x = ty(t, type);
      if (!x)
        return type;
      int k = btf_kind(x);
      if (k == BTF_KIND_TYPEDEF || k == BTF_KIND_CONST || k == BTF_KIND_VOLATILE
          || k == BTF_KIND_RESTRICT || k == BTF_KIND_TYPE_TAG || k == BTF_KIND_VAR)
        type = x->type;
      else
        return type;
    }
  return 0;
}

int dbtf_kind(struct dbtf *t, uint32_t type)
{
  const struct btf_type *x = ty(t, dbtf_strip(t, type));
  if (!x)
    return DK_VOID;
  switch (btf_kind(x))
    {
    case BTF_KIND_INT: return DK_INT;
    case BTF_KIND_PTR: return DK_PTR;
    case BTF_KIND_ARRAY: return DK_ARRAY;
    case BTF_KIND_STRUCT: return DK_STRUCT;
    case BTF_KIND_UNION: return DK_UNION;
    case BTF_KIND_ENUM: case BTF_KIND_ENUM64: return DK_ENUM;
    case BTF_KIND_FUNC: case BTF_KIND_FUNC_PROTO: return DK_FUNC;
    case BTF_KIND_FLOAT: return DK_FLOAT;
    default: return DK_OTHER;
    }
}

int64_t dbtf_size(struct dbtf *t, uint32_t type)
{
  type = dbtf_strip(t, type);
  if (!ty(t, type))
    return -1;
  if (dbtf_kind(t, type) == DK_PTR)
    return 8;
  long long s = btf__resolve_size(t->btf, type);
  return s < 0 ? -1 : s;
}

int dbtf_signed(struct dbtf *t, uint32_t type)
{
  const struct btf_type *x = ty(t, dbtf_strip(t, type));
  if (!x)
    return 1;
  if (btf_is_int(x))
    return (btf_int_encoding(x) & BTF_INT_SIGNED) != 0;
  if (btf_is_enum(x) || btf_is_enum64(x))
    return btf_kflag(x);
  return 0;
}

uint32_t dbtf_pointee(struct dbtf *t, uint32_t type)
{
  const struct btf_type *x = ty(t, dbtf_strip(t, type));
  return x && btf_is_ptr(x) ? x->type : 0;
}

int dbtf_array(struct dbtf *t, uint32_t type, uint32_t *elem, uint32_t *n)
{
  const struct btf_type *x = ty(t, dbtf_strip(t, type));
  if (!x || !btf_is_array(x))
    return -1;
  const struct btf_array *a = btf_array(x);
  *elem = a->type;
  *n = a->nelems;
  return 0;
}

static int member_rec(struct dbtf *t, uint32_t type, const char *name, uint32_t *mtype,
                      uint32_t *bitoff, uint32_t *bitsz, int depth)
{
  const struct btf_type *x = ty(t, dbtf_strip(t, type));
  if (!x || !btf_is_composite(x) || depth > 16)
    return -1;
  const struct btf_member *m = btf_members(x);
  for (int i = 0; i < btf_vlen(x); i++)
    {
      const char *mn = btf__name_by_offset(t->btf, m[i].name_off);
      uint32_t off = btf_member_bit_offset(x, i);
      if (mn && *mn)
        {
          if (!strcmp(mn, name))
            {
              *mtype = m[i].type;
              *bitoff = off;
              *bitsz = btf_member_bitfield_size(x, i);
              return 0;
            }
        }
      else if (member_rec(t, m[i].type, name, mtype, bitoff, bitsz, depth + 1) == 0)
        {
          *bitoff += off;   /* anonymous struct or union */
          return 0;
        }
    }
  return -1;
}

int dbtf_member(struct dbtf *t, uint32_t type, const char *name, uint32_t *mtype,
                uint32_t *bitoff, uint32_t *bitsz)
{
  return member_rec(t, type, name, mtype, bitoff, bitsz, 0);
}

static void name_rec(struct dbtf *t, uint32_t type, struct sbuf *b, int depth)
{
  const struct btf_type *x = ty(t, type);
  if (!x || depth > 16)
    {
      sb_printf(b, "void");
      return;
    }
  const char *n = btf__name_by_offset(t->btf, x->name_off);
  if (!n)
    n = "";
  switch (btf_kind(x))
    {
    case BTF_KIND_STRUCT: sb_printf(b, "struct %s", *n ? n : "{...}"); break;
    case BTF_KIND_UNION: sb_printf(b, "union %s", *n ? n : "{...}"); break;
    case BTF_KIND_ENUM: case BTF_KIND_ENUM64: sb_printf(b, "enum %s", *n ? n : "{...}"); break;
    case BTF_KIND_PTR: name_rec(t, x->type, b, depth + 1); sb_printf(b, " *"); break;
    case BTF_KIND_CONST: sb_printf(b, "const "); name_rec(t, x->type, b, depth + 1); break;
    case BTF_KIND_VOLATILE: sb_printf(b, "volatile "); name_rec(t, x->type, b, depth + 1); break;
    case BTF_KIND_ARRAY:
      name_rec(t, btf_array(x)->type, b, depth + 1);
      sb_printf(b, " [%u]", btf_array(x)->nelems);
      break;
    case BTF_KIND_FUNC_PROTO: sb_printf(b, "function"); break;
    default: sb_printf(b, "%s", *n ? n : "?"); break;
    }
}

void dbtf_type_name(struct dbtf *t, uint32_t type, int ptrs, char *buf, size_t n)
{
  struct sbuf b = {0};
  if (!t || !type)
    sb_printf(&b, "long");
  else
    name_rec(t, type, &b, 0);
  if (ptrs)
    sb_printf(&b, " %.*s", ptrs > 8 ? 8 : ptrs, "********");
  snprintf(buf, n, "%s", b.p ? b.p : "");
  sb_free(&b);
}

int dbtf_find_type(struct dbtf *t, const char *name, uint32_t *type)
{
  if (!t)
    return -1;
  int kind = -1;
  if (!strncmp(name, "struct ", 7)) kind = BTF_KIND_STRUCT, name += 7;
  else if (!strncmp(name, "union ", 6)) kind = BTF_KIND_UNION, name += 6;
  else if (!strncmp(name, "enum ", 5)) kind = BTF_KIND_ENUM, name += 5;
  while (*name == ' ')
    name++;
  for (uint32_t i = 1; i < t->n; i++)
    {
      const struct btf_type *x = btf__type_by_id(t->btf, i);
      int k = btf_kind(x);
      const char *n = btf__name_by_offset(t->btf, x->name_off);
      if (!n || strcmp(n, name))
        continue;
      if (kind >= 0 ? (k == kind || (kind == BTF_KIND_ENUM && k == BTF_KIND_ENUM64))
                    : (k == BTF_KIND_INT || k == BTF_KIND_TYPEDEF || k == BTF_KIND_FLOAT))
        {
          *type = i;
          return 0;
        }
    }
  return -1;
}

int dbtf_find_var(struct dbtf *t, const char *name, char *sec, size_t seclen,
                  uint32_t *off, uint32_t *type)
{
  if (!t)
    return -1;
  for (uint32_t i = 1; i < t->n; i++)
    {
      const struct btf_type *x = btf__type_by_id(t->btf, i);
      if (!btf_is_datasec(x))
        continue;
      const char *sn = btf__name_by_offset(t->btf, x->name_off);
      const struct btf_var_secinfo *v = btf_var_secinfos(x);
      for (int k = 0; k < btf_vlen(x); k++)
        {
          const struct btf_type *var = ty(t, v[k].type);
          if (!var || !btf_is_var(var))
            continue;
          const char *vn = btf__name_by_offset(t->btf, var->name_off);
          if (vn && !strcmp(vn, name))
            {
              snprintf(sec, seclen, "%s", sn ? sn : "");
              *off = var_off(t, vn, sn ? sn : "", v[k].offset);
              *type = var->type;
              return 0;
            }
        }
    }
  return -1;
}

int dbtf_var_at(struct dbtf *t, const char *sec, uint32_t off, char *name, size_t n, uint32_t *voff)
{
  if (!t)
    return -1;
  for (uint32_t i = 1; i < t->n; i++)
    {
      const struct btf_type *x = btf__type_by_id(t->btf, i);
      if (!btf_is_datasec(x))
        continue;
      const char *sn = btf__name_by_offset(t->btf, x->name_off);
      if (!sn || strcmp(sn, sec))
        continue;
      const struct btf_var_secinfo *v = btf_var_secinfos(x);
      for (int k = 0; k < btf_vlen(x); k++)
        {
          const struct btf_type *var = ty(t, v[k].type);
          const char *vn = var ? btf__name_by_offset(t->btf, var->name_off) : NULL;
          if (!vn)
            continue;
          uint32_t vo = var_off(t, vn, sn, v[k].offset);
          if (off >= vo && off < vo + v[k].size)
            {
              snprintf(name, n, "%s", vn);
              *voff = off - vo;
              return 0;
            }
        }
    }
  return -1;
}

int dbtf_enum_const(struct dbtf *t, const char *name, int64_t *val, uint32_t *type)
{
  if (!t)
    return -1;
  for (uint32_t i = 1; i < t->n; i++)
    {
      const struct btf_type *x = btf__type_by_id(t->btf, i);
      if (btf_is_enum(x))
        {
          const struct btf_enum *e = btf_enum(x);
          for (int k = 0; k < btf_vlen(x); k++)
            {
              const char *n = btf__name_by_offset(t->btf, e[k].name_off);
              if (n && !strcmp(n, name))
                {
                  *val = btf_kflag(x) ? (int64_t)e[k].val : (int64_t)(uint32_t)e[k].val;
                  *type = i;
                  return 0;
                }
            }
        }
    }
  return -1;
}

int dbtf_map_types(struct dbtf *t, const char *map, uint32_t *ktype, uint32_t *vtype)
{
  char sec[64];
  uint32_t off, type, bo, bs, mt;
  if (dbtf_find_var(t, map, sec, sizeof sec, &off, &type) || strcmp(sec, ".maps"))
    return -1;
  *ktype = *vtype = 0;
  if (dbtf_member(t, type, "key", &mt, &bo, &bs) == 0)
    *ktype = dbtf_pointee(t, mt);
  if (dbtf_member(t, type, "value", &mt, &bo, &bs) == 0)
    *vtype = dbtf_pointee(t, mt);
  return 0;
}

int dbtf_func_params(struct dbtf *t, const char *func, char names[5][32])
{
  if (!t)
    return -1;
  for (uint32_t i = 1; i < t->n; i++)
    {
      const struct btf_type *x = btf__type_by_id(t->btf, i);
      if (!btf_is_func(x))
        continue;
      const char *n = btf__name_by_offset(t->btf, x->name_off);
      if (!n || strcmp(n, func))
        continue;
      const struct btf_type *p = ty(t, x->type);
      if (!p || !btf_is_func_proto(p))
        return -1;
      const struct btf_param *pa = btf_params(p);
      int k;
      for (k = 0; k < btf_vlen(p) && k < 5; k++)
        {
          const char *pn = btf__name_by_offset(t->btf, pa[k].name_off);
          snprintf(names[k], 32, "%s", pn && *pn ? pn : "?");
        }
      return k;
    }
  return -1;
}

static void fmt_enum(struct dbtf *t, const struct btf_type *x, uint64_t v, int fmt, struct sbuf *out)
{
  if (fmt == 'x')
    {
      sb_printf(out, "0x%llx", (unsigned long long)v);
      return;
    }
  int n = btf_vlen(x);
  int sz = x->size < 8 ? x->size : 8;
  if (sz < 8)
    v &= (1ull << (8 * sz)) - 1;
  for (int k = 0; k < n; k++)
    {
      uint64_t ev;
      const char *en;
      if (btf_is_enum64(x))
        {
          const struct btf_enum64 *e = btf_enum64(x) + k;
          ev = btf_enum64_value(e);
          en = btf__name_by_offset(t->btf, e->name_off);
        }
      else
        {
          const struct btf_enum *e = btf_enum(x) + k;
          ev = (uint32_t)e->val;
          en = btf__name_by_offset(t->btf, e->name_off);
        }
      if (sz < 8)
        ev &= (1ull << (8 * sz)) - 1;
      if (ev == v && en)
        {
          sb_printf(out, "%s", en);
          return;
        }
    }
  /* gdb: a flag enum prints the set bits, else the number */
  uint64_t rest = v;
  struct sbuf tmp = {0};
  int parts = 0;
  for (int k = 0; k < n && !btf_is_enum64(x); k++)
    {
      const struct btf_enum *e = btf_enum(x) + k;
      uint64_t ev = (uint32_t)e->val;
      if (ev && (ev & (ev - 1)) == 0 && (rest & ev))
        {
          sb_printf(&tmp, "%s%s", parts++ ? " | " : "", btf__name_by_offset(t->btf, e->name_off));
          rest &= ~ev;
        }
    }
  if (parts && !rest)
    sb_printf(out, "(%s)", tmp.p);
  else if (parts)
    sb_printf(out, "(%s | unknown: 0x%llx)", tmp.p, (unsigned long long)rest);
  else
    sb_printf(out, "%lld", (long long)(btf_kflag(x) ? (int64_t)v : (int64_t)v));
  sb_free(&tmp);
}

static void fmt_char(uint8_t c, struct sbuf *out, char q)
{
  if (c == (uint8_t)q || c == '\\')
    sb_printf(out, "\\%c", c);
  else if (c >= 0x20 && c < 0x7f)
    sb_printf(out, "%c", c);
  else if (c == '\n')
    sb_printf(out, "\\n");
  else if (c == '\t')
    sb_printf(out, "\\t");
  else
    sb_printf(out, "\\%03o", c);
}

void dbtf_format_scalar(struct dbtf *t, uint32_t type, uint64_t value, int fmt, struct sbuf *out)
{
  uint32_t id = dbtf_strip(t, type);
  const struct btf_type *x = ty(t, id);
  if (x && (btf_is_enum(x) || btf_is_enum64(x)))
    {
      fmt_enum(t, x, value, fmt, out);
      return;
    }
  int64_t sz = x ? dbtf_size(t, id) : 8;
  if (sz <= 0 || sz > 8)
    sz = 8;
  if (sz < 8)
    value &= (1ull << (8 * sz)) - 1;
  if (fmt == 'x' || (x && btf_is_ptr(x)))
    {
      sb_printf(out, "0x%llx", (unsigned long long)value);
      return;
    }
  int sgn = x ? dbtf_signed(t, id) : 1;
  if (x && btf_is_int(x) && (btf_int_encoding(x) & BTF_INT_BOOL))
    {
      sb_printf(out, value ? "true" : "false");
      return;
    }
  int64_t sv = (int64_t)value;
  if (sgn && sz < 8 && (value >> (8 * sz - 1)) & 1)
    sv = (int64_t)(value | ~((1ull << (8 * sz)) - 1));
  if (sgn)
    sb_printf(out, "%lld", (long long)sv);
  else
    sb_printf(out, "%llu", (unsigned long long)value);
  if (x && btf_is_int(x) && sz == 1 && (btf_int_encoding(x) & BTF_INT_CHAR
                                       || strstr(btf__name_by_offset(t->btf, x->name_off), "char")))
    {
      sb_printf(out, " '");
      fmt_char((uint8_t)value, out, '\'');
      sb_printf(out, "'");
    }
}

static int is_char_type(struct dbtf *t, uint32_t type)
{
  const struct btf_type *x = ty(t, dbtf_strip(t, type));
  if (!x || !btf_is_int(x) || x->size != 1)
    return 0;
  const char *n = btf__name_by_offset(t->btf, x->name_off);
  return (btf_int_encoding(x) & BTF_INT_CHAR) || (n && strstr(n, "char"));
}

static void fmt_rec(struct dbtf *t, uint32_t type, const uint8_t *d, size_t len, int fmt,
                    struct sbuf *out, int depth)
{
  uint32_t id = dbtf_strip(t, type);
  const struct btf_type *x = ty(t, id);
  if (!x || depth > 24)
    {
      sb_printf(out, "<unknown type>");
      return;
    }
  int64_t size = dbtf_size(t, id);
  if (btf_is_composite(x))
    {
      if (size < 0 || (size_t)size > len)
        {
          sb_printf(out, "<incomplete>");
          return;
        }
      sb_printf(out, "{");
      const struct btf_member *m = btf_members(x);
      for (int i = 0; i < btf_vlen(x); i++)
        {
          const char *mn = btf__name_by_offset(t->btf, m[i].name_off);
          uint32_t bo = btf_member_bit_offset(x, i), bs = btf_member_bitfield_size(x, i);
          if (i)
            sb_printf(out, ", ");
          if (mn && *mn)
            sb_printf(out, "%s = ", mn);
          if (bs)
            {
              uint64_t v = 0;
              uint32_t first = bo / 8, last = (bo + bs - 1) / 8;
              if (last >= len || bs > 64)
                {
                  sb_printf(out, "<error>");
                  continue;
                }
              unsigned __int128 w = 0;
              for (uint32_t k = first; k <= last; k++)
                w |= (unsigned __int128)d[k] << (8 * (k - first));
              v = (uint64_t)(w >> (bo % 8));
              if (bs < 64)
                v &= (1ull << bs) - 1;
              if (dbtf_signed(t, m[i].type) && bs < 64 && (v >> (bs - 1)) & 1)
                v |= ~((1ull << bs) - 1);
              dbtf_format_scalar(t, m[i].type, v, fmt, out);
            }
          else if (bo % 8 == 0 && bo / 8 <= len)
            fmt_rec(t, m[i].type, d + bo / 8, len - bo / 8, fmt, out, depth + 1);
          else
            sb_printf(out, "<error>");
        }
      sb_printf(out, "}");
      return;
    }
  if (btf_is_array(x))
    {
      const struct btf_array *a = btf_array(x);
      int64_t es = dbtf_size(t, a->type);
      if (es <= 0)
        {
          sb_printf(out, "{}");
          return;
        }
      uint32_t n = a->nelems;
      if ((uint64_t)n * es > len)
        n = len / es;
      if (is_char_type(t, a->type) && fmt != 'x')
        {
          uint32_t end = n;
          while (end > 0 && d[end - 1] == 0)
            end--;
          sb_printf(out, "\"");
          for (uint32_t k = 0; k < end; k++)
            fmt_char(d[k], out, '"');
          sb_printf(out, "\"");
          if (end + 1 < n)
            sb_printf(out, ", '\\000' <repeats %u times>", n - end - 1);
          return;
        }
      sb_printf(out, "{");
      for (uint32_t k = 0; k < n; k++)
        {
          /* gdb's <repeats N times> for runs of 10 or more */
          uint32_t r = 1;
          while (k + r < n && !memcmp(d + k * es, d + (k + r) * es, es))
            r++;
          if (k)
            sb_printf(out, ", ");
          if (k >= 200)
            {
              sb_printf(out, "...");
              break;
            }
          fmt_rec(t, a->type, d + k * es, es, fmt, out, depth + 1);
          if (r >= 10)
            {
              sb_printf(out, " <repeats %u times>", r);
              k += r - 1;
            }
        }
      sb_printf(out, "}");
      return;
    }
  if (btf_is_int(x) || btf_is_enum(x) || btf_is_enum64(x) || btf_is_ptr(x))
    {
      if (size <= 0 || size > 8 || (size_t)size > len)
        {
          if (size == 16 && len >= 16)
            {
              uint64_t lo, hi;
              memcpy(&lo, d, 8);
              memcpy(&hi, d + 8, 8);
              sb_printf(out, "0x%016llx%016llx", (unsigned long long)hi, (unsigned long long)lo);
            }
          else
            sb_printf(out, "<error>");
          return;
        }
      uint64_t v = 0;
      memcpy(&v, d, size);
      if (btf_is_ptr(x))
        {
          if (depth == 0)
            {
              char tn[128];
              dbtf_type_name(t, id, 0, tn, sizeof tn);
              sb_printf(out, "(%s) ", tn);
            }
          sb_printf(out, "0x%llx", (unsigned long long)v);
          return;
        }
      dbtf_format_scalar(t, id, v, fmt, out);
      return;
    }
  if (btf_is_float(x) && (size == 4 || size == 8) && (size_t)size <= len)
    {
      if (size == 4)
        {
          float f;
          memcpy(&f, d, 4);
          sb_printf(out, "%g", f);
        }
      else
        {
          double f;
          memcpy(&f, d, 8);
          sb_printf(out, "%g", f);
        }
      return;
    }
  sb_printf(out, "<unprintable>");
}

void dbtf_format(struct dbtf *t, uint32_t type, const uint8_t *data, size_t len, int fmt,
                 struct sbuf *out)
{
  if (!t || !type)
    {
      /* untyped bytes */
      sb_printf(out, "{");
      for (size_t i = 0; i < len; i++)
        sb_printf(out, "%s0x%02x", i ? ", " : "", data[i]);
      sb_printf(out, "}");
      return;
    }
  fmt_rec(t, type, data, len, fmt, out, 0);
}
