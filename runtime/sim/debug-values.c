/* debug-values.c - bpf-run --debug: values, the expression parser and value printing.
   See debug-int.h for how the debugger is split.  */
#include "sim/debug-int.h"

/* ---------------------------------------------------------------- values */


/* Nesting limit of the recursive-descent parser: a deeper expression is
   an error, not a stack overflow.  */


void exerr(struct ex *e, const char *fmt, ...)
{
  if (e->err[0])
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(e->err, sizeof e->err, fmt, ap);
  va_end(ap);
}

void norm(struct dbg *d, struct val *v)
{
  for (int i = 0; i < 16 && v->type; i++)
    {
      if (dbtf_kind(d->btf, v->type) != DK_PTR)
        break;
      v->type = dbtf_pointee(d->btf, v->type);
      v->ptrs++;
    }
}

int64_t val_size(struct dbg *d, const struct val *v)
{
  if (v->ptrs || !v->type)
    return 8;
  return dbtf_size(d->btf, v->type);
}

int val_kind(struct dbg *d, const struct val *v)
{
  if (v->ptrs)
    return DK_PTR;
  if (!v->type)
    return DK_INT;
  return dbtf_kind(d->btf, v->type);
}

/* Registers of the selected frame.  */
int frame_reg(struct dbg *d, int r, uint64_t *out)
{
  if (d->sel < 0 || d->sel > d->m.nf)
    d->sel = 0;
  if (d->sel == 0)
    {
      *out = d->m.R[r];
      return 0;
    }
  const struct frame *f = dbg_frame(d, d->m.nf - d->sel);
  switch (r)
    {
    case 6: *out = f->r6; return 0;
    case 7: *out = f->r7; return 0;
    case 8: *out = f->r8; return 0;
    case 9: *out = f->r9; return 0;
    case 10: *out = f->fp; return 0;
    }
  return -1;
}

uint32_t frame_pc(struct dbg *d, int k)
{
  if (k < 0 || k > d->m.nf)
    k = 0;
  return k == 0 ? d->m.pc : (uint32_t)(dbg_frame(d, d->m.nf - k)->ret - d->vm->code) - 1;
}

int scalar(struct ex *e, const struct val *v, uint64_t *out)
{
  struct dbg *d = e->d;
  if (e->err[0])
    return -1;
  switch (v->lv)
    {
    case LV_NONE:
      *out = v->v;
      return 0;
    case LV_REG:
      if (d->state == 0)
        {
          exerr(e, "No registers.");
          return -1;
        }
      if (frame_reg(d, v->reg, out))
        {
          exerr(e, "value of r%d is not saved in frame %d", v->reg, d->sel);
          return -1;
        }
      return 0;
    case LV_MAP:
      exerr(e, "a map is not a scalar value (index it: MAP[key])");
      return -1;
    }
  int k = val_kind(d, v);
  if (k == DK_STRUCT || k == DK_UNION || k == DK_ARRAY)
    {
      if (k == DK_ARRAY)
        {
          *out = v->addr;   /* arrays decay to their address */
          return 0;
        }
      exerr(e, "a struct or union is not a scalar value");
      return -1;
    }
  int64_t sz = val_size(d, v);
  if (v->bitsz)
    {
      uint32_t first = v->bitoff / 8, last = (v->bitoff + v->bitsz - 1) / 8;
      uint8_t b[16] = {0};
      if (last - first >= 9 || dbg_read(d, v->addr + first, b, last - first + 1))
        {
          exerr(e, "Cannot access memory at address %#llx", (unsigned long long)v->addr);
          return -1;
        }
      unsigned __int128 w = 0;
      for (uint32_t i = 0; i <= last - first; i++)
        w |= (unsigned __int128)b[i] << (8 * i);
      uint64_t x = (uint64_t)(w >> (v->bitoff % 8));
      if (v->bitsz < 64)
        x &= (1ull << v->bitsz) - 1;
      if (dbtf_signed(d->btf, v->type) && v->bitsz < 64 && (x >> (v->bitsz - 1)) & 1)
        x |= ~((1ull << v->bitsz) - 1);
      *out = x;
      return 0;
    }
  if (sz <= 0 || sz > 8)
    {
      exerr(e, "value of %lld bytes is not a scalar", (long long)sz);
      return -1;
    }
  uint64_t x = 0;
  if (dbg_read(d, v->addr, &x, sz))
    {
      exerr(e, "Cannot access memory at address %#llx", (unsigned long long)v->addr);
      return -1;
    }
  if (sz < 8 && k != DK_PTR && dbtf_signed(d->btf, v->type) && (x >> (8 * sz - 1)) & 1)
    x |= ~((1ull << (8 * sz)) - 1);
  *out = x;
  return 0;
}

void skipws(struct ex *e)
{
  while (isspace((unsigned char)*e->s))
    e->s++;
}

int ident(struct ex *e, char *buf, size_t n)
{
  skipws(e);
  size_t k = 0;
  if (!(isalpha((unsigned char)*e->s) || *e->s == '_'))
    return 0;
  while (isalnum((unsigned char)*e->s) || *e->s == '_')
    {
      if (k + 1 < n)
        buf[k++] = *e->s;
      e->s++;
    }
  buf[k] = 0;
  return (int)k;
}

int find_map(struct dbg *d, const char *name)
{
  for (uint32_t i = 0; i < d->vm->nmaps; i++)
    if (!strcmp(d->vm->maps[i].name, name) || !strcmp(d->vm->maps[i].def.name, name))
      return i;
  return -1;
}

int reg_name(const char *s)
{
  if (s[0] == 'r' && isdigit((unsigned char)s[1]))
    {
      char *end;
      long r = strtol(s + 1, &end, 10);
      if (!*end && r >= 0 && r <= 10)
        return r;
    }
  if (!strcmp(s, "fp") || !strcmp(s, "sp"))
    return 10;
  if (!strcmp(s, "pc"))
    return 11;
  return -1;
}


struct val mkint(uint64_t v)
{
  struct val r;
  memset(&r, 0, sizeof r);
  r.v = v;
  return r;
}

/* Variable NAME: a global (its data map), a map, an enum constant.  */
int lookup_name(struct ex *e, const char *name, struct val *out)
{
  struct dbg *d = e->d;
  char sec[64];
  uint32_t off, type;
  memset(out, 0, sizeof *out);
  if (dbtf_find_var(d->btf, name, sec, sizeof sec, &off, &type) == 0 && strcmp(sec, ".maps"))
    {
      int mi = find_map(d, sec);
      if (mi < 0)
        {
          /* map names of data sections are truncated as the kernel's */
          for (uint32_t i = 0; i < d->vm->nmaps && mi < 0; i++)
            if (d->vm->maps[i].def.internal && !strncmp(d->vm->maps[i].name, sec, 15)
                && strlen(d->vm->maps[i].name) >= 15)
              mi = i;
        }
      struct smap *m = mi >= 0 ? &d->vm->maps[mi] : NULL;
      if (!m || !m->regs)
        {
          exerr(e, "the data section %s of '%s' is not loaded", sec, name);
          return -1;
        }
      out->lv = LV_MEM;
      out->addr = vm_addr(d->vm, m->regs[0], off);
      out->type = type;
      norm(d, out);
      return 0;
    }
  int mi = find_map(d, name);
  if (mi >= 0 && !d->vm->maps[mi].def.internal)
    {
      out->lv = LV_MAP;
      out->map = mi;
      return 0;
    }
  int64_t ev;
  if (dbtf_enum_const(d->btf, name, &ev, &type) == 0)
    {
      out->v = (uint64_t)ev;
      out->type = type;
      return 0;
    }
  return -1;
}

struct val deref(struct ex *e, struct val p)
{
  struct val r;
  memset(&r, 0, sizeof r);
  if (p.lv == LV_MEM && !p.ptrs && val_kind(e->d, &p) == DK_ARRAY)
    {
      uint32_t el, n;
      dbtf_array(e->d->btf, p.type, &el, &n);
      r.lv = LV_MEM;
      r.addr = p.addr;
      r.type = el;
      norm(e->d, &r);
      return r;
    }
  if (!p.ptrs)
    {
      exerr(e, "Attempt to take contents of a non-pointer value.");
      return r;
    }
  if (!p.type && p.ptrs == 1)
    {
      exerr(e, "Attempt to take contents of a non-pointer value.");
      return r;
    }
  uint64_t a;
  if (scalar(e, &p, &a))
    return r;
  r.lv = LV_MEM;
  r.addr = a;
  r.type = p.type;
  r.ptrs = p.ptrs - 1;
  return r;
}

struct val member(struct ex *e, struct val s, const char *name)
{
  struct val r;
  memset(&r, 0, sizeof r);
  int k = val_kind(e->d, &s);
  if (s.lv != LV_MEM || (k != DK_STRUCT && k != DK_UNION))
    {
      exerr(e, "Attempt to extract a component of a value that is not a structure.");
      return r;
    }
  uint32_t mt, bo, bs;
  if (dbtf_member(e->d->btf, s.type, name, &mt, &bo, &bs))
    {
      char tn[128];
      dbtf_type_name(e->d->btf, s.type, 0, tn, sizeof tn);
      exerr(e, "There is no member named %s.", name);
      return r;
    }
  r.lv = LV_MEM;
  r.type = mt;
  if (bs || bo % 8)
    {
      r.addr = s.addr;
      r.bitoff = bo;
      r.bitsz = bs ? bs : (uint32_t)(8 * dbtf_size(e->d->btf, mt));
    }
  else
    r.addr = s.addr + bo / 8;
  norm(e->d, &r);
  return r;
}

int mapfind_cb(struct vm *vm, struct smap *m, const uint8_t *key, uint64_t val_addr, void *arg)
{
  struct mapfind *f = arg;
  if (!memcmp(key, f->key, f->ks))
    {
      f->addr = val_addr;
      f->found = 1;
      return 1;
    }
  return 0;
}

int map_indexable(const struct smap *m)
{
  return map_dumpable(m);
}

struct val index_map(struct ex *e, struct val m, struct val k)
{
  struct dbg *d = e->d;
  struct val r;
  memset(&r, 0, sizeof r);
  struct smap *sm = &d->vm->maps[m.map];
  if (!map_indexable(sm))
    {
      exerr(e, "map '%s' cannot be indexed (not an array or hash map)", sm->name);
      return r;
    }
  uint8_t key[512];
  if (sm->ks > sizeof key)
    {
      exerr(e, "key of map '%s' is too large", sm->name);
      return r;
    }
  memset(key, 0, sizeof key);
  if (k.lv == LV_MEM && val_size(d, &k) == sm->ks && !k.bitsz)
    {
      if (dbg_read(d, k.addr, key, sm->ks))
        {
          exerr(e, "Cannot access memory at address %#llx", (unsigned long long)k.addr);
          return r;
        }
    }
  else
    {
      uint64_t kv;
      if (scalar(e, &k, &kv))
        return r;
      memcpy(key, &kv, sm->ks < 8 ? sm->ks : 8);
    }
  struct mapfind f = { key, sm->ks, 0, 0 };
  map_for_each(d->vm, sm, mapfind_cb, &f);
  if (!f.found)
    {
      struct sbuf b = {0};
      uint32_t kt = 0, vt = 0;
      dbtf_map_types(d->btf, sm->name, &kt, &vt);
      dbtf_format(d->btf, kt, key, sm->ks, 0, &b);
      exerr(e, "no element with key %s in map '%s'", b.p ? b.p : "?", sm->name);
      sb_free(&b);
      return r;
    }
  uint32_t kt = 0, vt = 0;
  dbtf_map_types(d->btf, sm->name, &kt, &vt);
  r.lv = LV_MEM;
  r.addr = f.addr;
  r.type = vt;
  if (!vt)
    {
      /* no BTF: the value as an array of bytes is shown raw */
      r.type = 0;
      r.ptrs = 0;
      r.bitsz = 0;
      r.map = -1 - (int)m.map;   /* marks a raw value of map */
    }
  norm(d, &r);
  return r;
}

struct val postfix(struct ex *e, struct val v)
{
  for (;;)
    {
      skipws(e);
      if (e->err[0])
        return v;
      if (*e->s == '.' || (e->s[0] == '-' && e->s[1] == '>'))
        {
          int arrow = *e->s == '-';
          e->s += arrow ? 2 : 1;
          char name[128];
          if (!ident(e, name, sizeof name))
            {
              exerr(e, "A syntax error in expression, near `%s'.", e->s);
              return v;
            }
          if (arrow)
            v = deref(e, v);
          v = member(e, v, name);
          continue;
        }
      if (*e->s == '[')
        {
          e->s++;
          struct val k = assign(e);
          skipws(e);
          if (*e->s != ']')
            {
              exerr(e, "A syntax error in expression, near `%s'.", e->s);
              return v;
            }
          e->s++;
          if (v.lv == LV_MAP)
            {
              v = index_map(e, v, k);
              continue;
            }
          uint64_t i;
          if (scalar(e, &k, &i))
            return v;
          int kind = val_kind(e->d, &v);
          if (kind == DK_ARRAY && v.lv == LV_MEM)
            {
              uint32_t el, n;
              dbtf_array(e->d->btf, v.type, &el, &n);
              int64_t es = dbtf_size(e->d->btf, el);
              struct val r;
              memset(&r, 0, sizeof r);
              r.lv = LV_MEM;
              r.addr = v.addr + (int64_t)i * es;
              r.type = el;
              norm(e->d, &r);
              v = r;
              continue;
            }
          if (v.ptrs)
            {
              uint64_t base;
              if (scalar(e, &v, &base))
                return v;
              struct val t = v;
              t.ptrs--;
              int64_t es = val_size(e->d, &t);
              if (es <= 0)
                es = 1;
              struct val p = mkint(base + (int64_t)i * es);
              p.type = v.type;
              p.ptrs = v.ptrs;
              v = deref(e, p);
              continue;
            }
          exerr(e, "cannot subscript something of type `%s'", "long");
          return v;
        }
      return v;
    }
}

/* Try to parse "(type *)" at e->s; returns 1 with *type and *ptrs.  */
int parse_cast(struct ex *e, uint32_t *type, int *ptrs)
{
  const char *save = e->s;
  skipws(e);
  if (*e->s != '(')
    return 0;
  e->s++;
  char name[160] = "";
  size_t k = 0;
  skipws(e);
  while (*e->s && *e->s != ')' && *e->s != '*' && k + 1 < sizeof name)
    name[k++] = *e->s++;
  while (k && name[k - 1] == ' ')
    k--;
  name[k] = 0;
  int np = 0;
  skipws(e);
  while (*e->s == '*' || *e->s == ' ')
    np += *e->s++ == '*';
  if (*e->s != ')' || !k)
    {
      e->s = save;
      return 0;
    }
  uint32_t t = 0;
  if (!strcmp(name, "void"))
    t = 0;
  else if (!strcmp(name, "long") || !strcmp(name, "unsigned long") || !strcmp(name, "u64"))
    {
      if (dbtf_find_type(e->d->btf, name, &t))
        t = 0;
    }
  else if (dbtf_find_type(e->d->btf, name, &t))
    {
      e->s = save;
      return 0;
    }
  e->s++;
  *type = t;
  *ptrs = np;
  if (!t && !np && strcmp(name, "long"))
    return 0;
  return 1;
}

struct val unary(struct ex *e)
{
  if (e->depth >= EX_MAX_DEPTH)
    {
      struct val r;
      memset(&r, 0, sizeof r);
      exerr(e, "expression nested more than %d levels deep", EX_MAX_DEPTH);
      return r;
    }
  e->depth++;
  struct val v = unary1(e);
  e->depth--;
  return v;
}

struct val unary1(struct ex *e)
{
  skipws(e);
  struct val r;
  memset(&r, 0, sizeof r);
  if (e->err[0])
    return r;
  if (*e->s == '-')
    {
      e->s++;
      struct val v = unary(e);
      uint64_t x;
      if (scalar(e, &v, &x))
        return r;
      return mkint(-x);
    }
  if (*e->s == '~')
    {
      e->s++;
      struct val v = unary(e);
      uint64_t x;
      if (scalar(e, &v, &x))
        return r;
      return mkint(~x);
    }
  if (*e->s == '*')
    {
      e->s++;
      struct val v = unary(e);
      if (e->err[0])
        return r;
      return deref(e, v);
    }
  if (*e->s == '&')
    {
      e->s++;
      struct val v = unary(e);
      if (e->err[0])
        return r;
      if (v.lv != LV_MEM || v.bitsz)
        {
          exerr(e, v.bitsz ? "Attempt to take address of value not located in memory."
                           : "Attempt to take address of value not located in memory.");
          return r;
        }
      r.v = v.addr;
      r.type = v.type;
      r.ptrs = v.ptrs + 1;
      return r;
    }
  uint32_t ct;
  int cp;
  if (parse_cast(e, &ct, &cp))
    {
      struct val v = unary(e);
      uint64_t x;
      if (scalar(e, &v, &x))
        return r;
      r.v = x;
      r.type = ct;
      r.ptrs = cp;
      norm(e->d, &r);
      return r;
    }
  if (*e->s == '(')
    {
      e->s++;
      struct val v = assign(e);
      skipws(e);
      if (*e->s != ')')
        {
          exerr(e, "A syntax error in expression, near `%s'.", e->s);
          return r;
        }
      e->s++;
      return postfix(e, v);
    }
  if (isdigit((unsigned char)*e->s))
    {
      char *end;
      errno = 0;
      unsigned long long x = strtoull(e->s, &end, 0);
      if (errno || isalpha((unsigned char)*end) || *end == '_')
        {
          exerr(e, "Invalid number \"%.*s\".", (int)strcspn(e->s, " )]+-*/"), e->s);
          return r;
        }
      e->s = end;
      return postfix(e, mkint(x));
    }
  if (*e->s == '\'' && e->s[1] && e->s[2] == '\'')
    {
      r = mkint((unsigned char)e->s[1]);
      e->s += 3;
      return r;
    }
  if (*e->s == '$')
    {
      e->s++;
      char name[64];
      if (!ident(e, name, sizeof name))
        {
          exerr(e, "A syntax error in expression, near `%s'.", e->s);
          return r;
        }
      int reg = reg_name(name);
      if (reg == 11)
        return mkint(frame_pc(e->d, e->d->sel));
      if (reg < 0)
        {
          exerr(e, "no register $%s (registers are $r0..$r10, $fp, $sp, $pc)", name);
          return r;
        }
      r.lv = LV_REG;
      r.reg = reg;
      return postfix(e, r);
    }
  char name[128];
  if (ident(e, name, sizeof name))
    {
      if (lookup_name(e, name, &r) == 0)
        return postfix(e, r);
      if (e->err[0])
        return r;
      int reg = reg_name(name);
      if (reg == 11)
        return mkint(frame_pc(e->d, e->d->sel));
      if (reg >= 0)
        {
          r.lv = LV_REG;
          r.reg = reg;
          return postfix(e, r);
        }
      exerr(e, "No symbol \"%s\" in current context.", name);
      return r;
    }
  if (!*e->s)
    exerr(e, "Argument required (expression to compute).");
  else
    exerr(e, "A syntax error in expression, near `%s'.", e->s);
  return r;
}

struct val term(struct ex *e)
{
  struct val a = unary(e);
  for (;;)
    {
      skipws(e);
      char c = *e->s;
      if (e->err[0] || (c != '*' && c != '/' && c != '%'))
        return a;
      e->s++;
      struct val b = unary(e);
      uint64_t x, y;
      if (scalar(e, &a, &x) || scalar(e, &b, &y))
        return a;
      if ((c == '/' || c == '%') && y == 0)
        {
          exerr(e, "Division by zero");
          return a;
        }
      if ((int64_t)y == -1)   /* no INT64_MIN / -1 overflow */
        a = mkint(c == '*' ? x * y : c == '/' ? (uint64_t)0 - x : 0);
      else
        a = mkint(c == '*' ? x * y : c == '/' ? (uint64_t)((int64_t)x / (int64_t)y)
                                              : (uint64_t)((int64_t)x % (int64_t)y));
    }
}

struct val sum(struct ex *e)
{
  struct val a = term(e);
  for (;;)
    {
      skipws(e);
      char c = *e->s;
      if (e->err[0] || (c != '+' && c != '-') || e->s[1] == '>')
        return a;
      e->s++;
      struct val b = term(e);
      uint64_t x, y;
      if (scalar(e, &a, &x) || scalar(e, &b, &y))
        return a;
      int64_t scale = 1;
      struct val res = mkint(0);
      if (a.ptrs && a.lv != LV_REG)
        {
          struct val t = a;
          t.ptrs--;
          scale = val_size(e->d, &t) > 0 ? val_size(e->d, &t) : 1;
          res.type = a.type;
          res.ptrs = a.ptrs;
        }
      res.v = c == '+' ? x + y * scale : x - y * scale;
      a = res;
    }
}

struct val expr(struct ex *e)
{
  struct val a = sum(e);
  for (;;)
    {
      skipws(e);
      const char *s = e->s;
      int op = 0;
      if (!strncmp(s, "==", 2)) op = 1;
      else if (!strncmp(s, "!=", 2)) op = 2;
      else if (!strncmp(s, "<=", 2)) op = 3;
      else if (!strncmp(s, ">=", 2)) op = 4;
      else if (*s == '<') op = 5;
      else if (*s == '>') op = 6;
      if (!op || e->err[0])
        return a;
      e->s += op <= 4 ? 2 : 1;
      struct val b = sum(e);
      uint64_t x, y;
      if (scalar(e, &a, &x) || scalar(e, &b, &y))
        return a;
      int64_t sx = x, sy = y;
      a = mkint(op == 1 ? x == y : op == 2 ? x != y : op == 3 ? sx <= sy : op == 4 ? sx >= sy
                : op == 5 ? sx < sy : sx > sy);
    }
}

void watch_refresh(struct dbg *d)
{
  for (int i = 0; i < d->nbps; i++)
    if (d->bps[i].kind == BP_WATCH)
      d->bps[i].valid = dbg_read(d, d->bps[i].addr, d->bps[i].old, d->bps[i].size) == 0;
}

int store_val(struct ex *e, struct val *l, uint64_t x)
{
  int r = store_mem(e, l, x);
  if (r == 0)
    watch_refresh(e->d);   /* the debugger's own writes do not trigger */
  return r;
}

int store_mem(struct ex *e, struct val *l, uint64_t x)
{
  struct dbg *d = e->d;
  if (l->lv == LV_REG)
    {
      if (d->state == 0)
        {
          exerr(e, "The program has no registers now.");
          return -1;
        }
      if (d->sel != 0)
        {
          exerr(e, "registers can only be set in frame 0");
          return -1;
        }
      if (l->reg == 10)
        {
          exerr(e, "r10 is read-only");
          return -1;
        }
      d->m.R[l->reg] = x;
      return 0;
    }
  if (l->lv != LV_MEM)
    {
      exerr(e, "Left operand of assignment is not an lvalue.");
      return -1;
    }
  int k = val_kind(d, l);
  if (k == DK_STRUCT || k == DK_UNION || k == DK_ARRAY)
    {
      exerr(e, "Invalid cast.");
      return -1;
    }
  if (l->bitsz)
    {
      uint32_t first = l->bitoff / 8, last = (l->bitoff + l->bitsz - 1) / 8;
      uint8_t b[16] = {0};
      if (last - first >= 9 || dbg_read(d, l->addr + first, b, last - first + 1))
        goto bad;
      unsigned __int128 w = 0;
      for (uint32_t i = 0; i <= last - first; i++)
        w |= (unsigned __int128)b[i] << (8 * i);
      unsigned __int128 mask = (((unsigned __int128)1 << l->bitsz) - 1) << (l->bitoff % 8);
      w = (w & ~mask) | (((unsigned __int128)x << (l->bitoff % 8)) & mask);
      for (uint32_t i = 0; i <= last - first; i++)
        b[i] = (uint8_t)(w >> (8 * i));
      if (dbg_write(d, l->addr + first, b, last - first + 1))
        goto bad;
      return 0;
    }
  int64_t sz = val_size(d, l);
  if (sz <= 0 || sz > 8 || dbg_write(d, l->addr, &x, sz))
    goto bad;
  return 0;
bad:
  exerr(e, "Cannot access memory at address %#llx", (unsigned long long)l->addr);
  return -1;
}

struct val assign(struct ex *e)
{
  struct val l = expr(e);
  skipws(e);
  if (e->err[0] || *e->s != '=' || e->s[1] == '=')
    return l;
  e->s++;
  if (e->depth >= EX_MAX_DEPTH)
    {
      exerr(e, "expression nested more than %d levels deep", EX_MAX_DEPTH);
      return l;
    }
  e->depth++;
  struct val r = assign(e);
  e->depth--;
  uint64_t x;
  if (scalar(e, &r, &x))
    return l;
  store_val(e, &l, x);
  return l;
}

int eval(struct dbg *d, const char *s, struct val *out, char *err, size_t errlen)
{
  struct ex e;
  memset(&e, 0, sizeof e);
  e.d = d;
  e.s = s;
  *out = assign(&e);
  skipws(&e);
  if (!e.err[0] && *e.s)
    exerr(&e, "A syntax error in expression, near `%s'.", e.s);
  if (e.err[0])
    {
      snprintf(err, errlen, "%s", e.err);
      return -1;
    }
  return 0;
}

/* Name of the global at a simulated address: " <origin+4>" or "".  */
void sym_suffix(struct dbg *d, uint64_t addr, char *buf, size_t n)
{
  buf[0] = 0;
  uint32_t ri = vm_addr_region(d->vm, addr);
  if (ri == SIM_CODE_REGION)
    {
      const struct elo_func *f = elo_func_at(d->obj, (uint32_t)addr);
      if (f)
        snprintf(buf, n, " <%s>", f->name);
      return;
    }
  for (uint32_t i = 0; i < d->vm->nmaps; i++)
    {
      struct smap *m = &d->vm->maps[i];
      if (m->def.internal && m->regs && m->regs[0] == ri)
        {
          char name[128];
          uint32_t off;
          if (dbtf_var_at(d->btf, m->def.name, (uint32_t)addr, name, sizeof name, &off) == 0
              || dbtf_var_at(d->btf, m->name, (uint32_t)addr, name, sizeof name, &off) == 0)
            {
              if (off)
                snprintf(buf, n, " <%s+%u>", name, off);
              else
                snprintf(buf, n, " <%s>", name);
            }
          return;
        }
    }
}

int mapdump_cb(struct vm *vm, struct smap *m, const uint8_t *key, uint64_t val_addr, void *arg)
{
  struct mapdump *md = arg;
  uint8_t *buf = malloc(m->vs ? m->vs : 1);
  if (!buf)
    return 1;
  sb_printf(md->out, "%s[", md->n++ ? ", " : "");
  dbtf_format(md->d->btf, md->kt, key, m->ks, md->fmt, md->out);
  sb_printf(md->out, "] = ");
  if (dbg_read(md->d, val_addr, buf, m->vs))
    sb_printf(md->out, "<unreadable>");
  else
    dbtf_format(md->d->btf, md->vt, buf, m->vs, md->fmt, md->out);
  free(buf);
  return md->n >= 200;
}

/* Format a value as gdb's print does.  */
int format_val(struct dbg *d, struct val *v, int fmt, struct sbuf *out, char *err, size_t errlen)
{
  struct ex e;
  memset(&e, 0, sizeof e);
  e.d = d;
  if (v->lv == LV_MAP)
    {
      struct smap *m = &d->vm->maps[v->map];
      if (!map_dumpable(m))
        {
          sb_printf(out, "<%s map, %u entries max>", elo_type_name(m->type) ? "map" : "map", m->max);
          return 0;
        }
      struct mapdump md = { d, 0, 0, fmt, out, 0 };
      dbtf_map_types(d->btf, m->name, &md.kt, &md.vt);
      sb_printf(out, "{");
      map_for_each(d->vm, m, mapdump_cb, &md);
      sb_printf(out, "}");
      return 0;
    }
  int k = val_kind(d, v);
  if (v->lv == LV_MEM && (k == DK_STRUCT || k == DK_UNION || k == DK_ARRAY || (v->map < 0)))
    {
      int64_t sz = v->map < 0 ? d->vm->maps[-1 - v->map].vs : val_size(d, v);
      if (sz < 0 || sz > (1 << 20))
        {
          snprintf(err, errlen, "value of unknown or too large size");
          return -1;
        }
      uint8_t *buf = malloc(sz ? sz : 1);
      if (dbg_read(d, v->addr, buf, sz))
        {
          free(buf);
          snprintf(err, errlen, "Cannot access memory at address %#llx", (unsigned long long)v->addr);
          return -1;
        }
      dbtf_format(d->btf, v->map < 0 ? 0 : v->type, buf, sz, fmt, out);
      free(buf);
      return 0;
    }
  uint64_t x;
  if (scalar(&e, v, &x))
    {
      snprintf(err, errlen, "%s", e.err);
      return -1;
    }
  if (v->ptrs)
    {
      char tn[160], sym[160];
      dbtf_type_name(d->btf, v->type ? v->type : 0, v->ptrs, tn, sizeof tn);
      if (!v->type)
        snprintf(tn, sizeof tn, "void %.*s", v->ptrs > 8 ? 8 : v->ptrs, "********");
      sym_suffix(d, x, sym, sizeof sym);
      sb_printf(out, "(%s) 0x%llx%s", tn, (unsigned long long)x, sym);
      return 0;
    }
  if (!v->type)
    {
      if (fmt == 'x')
        sb_printf(out, "0x%llx", (unsigned long long)x);
      else if (fmt == 'u')
        sb_printf(out, "%llu", (unsigned long long)x);
      else
        sb_printf(out, "%lld", (long long)x);
      return 0;
    }
  dbtf_format_scalar(d->btf, v->type, x, fmt, out);
  return 0;
}
