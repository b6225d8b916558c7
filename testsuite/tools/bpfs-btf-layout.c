/* bpfs-btf-layout: the BTF of an object as a canonical, sorted text, so
 * that the plugin's BTF can be compared with clang's by layout and not
 * only by names (testsuite/bpfsupport.btf/btflayout.exp):
 *
 *   bpfs-btf-layout [--strict] OBJECT        print the canonical form
 *   bpfs-btf-layout [--strict] --diff A B    compare two objects
 *
 * The canonical form has one line per fact, sorted, without type ids:
 *
 *   struct NAME size=S                      every named struct/union
 *   struct NAME .MEMBER off=BITS bits=B type=T   (anonymous member: .#I)
 *   fwd struct NAME
 *   enum NAME size=S signed|unsigned        ENUM and ENUM64 alike
 *   enum NAME .VALUE=N
 *   enum (anon) {size=S ...; A=0, B=1}      an anonymous enum, in full
 *   typedef NAME = T
 *   int NAME size=S enc=E off=O bits=B      float NAME size=S
 *   func NAME linkage=L ret=T params=N      every FUNC and its FUNC_PROTO
 *   func NAME param#I NAME type=T
 *   var NAME linkage=L type=T
 *   datasec SEC var NAME size=S             (offsets are 0 in an object
 *   datasec SEC func NAME                    until libbpf fixes them up)
 *   decl_tag VALUE on KIND NAME[ component=I(MEMBER)]
 *
 * A type T is written through names: `struct task_struct', a typedef's
 * name, an integer's name, `ptr(T)', `const(T)', `volatile(T)',
 * `restrict(T)', `type_tag:V(T)', `arr[N](T)', `fn(RET;T1,T2,...)';
 * anonymous structs, unions and enums are written out in full where they
 * are used.  So two objects with the same canonical form have the same
 * layout of every named type, the same functions and variables.
 *
 * --diff prints `- LINE' for a line only in A, `+ LINE' for one only in
 * B, `~ RULE: LINE' for a difference one of the accepted rules below
 * explains, and exits 0 when no difference is left, 1 otherwise, 2 on
 * errors.  The accepted differences are all in this file (look for
 * RULE), each listed in doc/btf.md; --strict turns every one of them off,
 * which is how the test shows they matter.  */
#define _GNU_SOURCE
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool strict;

/* ------------------------------------------------------------ lines */

/* A line of the canonical form, with what it is about: SUBJECT is the
   entity a definition line defines ("struct task_struct", "typedef
   __u32", "int unsigned int", "enum state"; NULL for a FUNC, VAR,
   DATASEC or tag line), REFS the entities its type texts name.  Only the
   accepted-difference rules use them.  */
struct line
{
  char *text;
  char *subject;
  char **refs;
  size_t nrefs;
};

struct lines
{
  struct line *v;
  size_t n, cap;
};

/* The entities named by the type texts written since the last add().  */
static char **pending;
static size_t npending, cappending;

static void note_ref(const char *fmt, const char *name)
{
  char *s;
  if (asprintf(&s, fmt, name) < 0)
    abort();
  if (npending == cappending)
    {
      cappending = cappending ? 2 * cappending : 16;
      pending = realloc(pending, cappending * sizeof *pending);
      if (!pending)
        abort();
    }
  pending[npending++] = s;
}

static void add(struct lines *l, const char *subject, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  char *s;
  if (vasprintf(&s, fmt, ap) < 0)
    abort();
  va_end(ap);
  if (l->n == l->cap)
    {
      l->cap = l->cap ? 2 * l->cap : 256;
      l->v = realloc(l->v, l->cap * sizeof *l->v);
      if (!l->v)
        abort();
    }
  struct line *ln = &l->v[l->n++];
  ln->text = s;
  ln->subject = subject ? strdup(subject) : NULL;
  ln->refs = pending;
  ln->nrefs = npending;
  pending = NULL;
  npending = cappending = 0;
}

static int cmp_line(const void *a, const void *b)
{
  return strcmp(((const struct line *)a)->text, ((const struct line *)b)->text);
}

/* Sorted by text, each text once (the refs of equal lines merged).  */
static void sort_unique(struct lines *l)
{
  qsort(l->v, l->n, sizeof *l->v, cmp_line);
  size_t k = 0;
  for (size_t i = 0; i < l->n; i++)
    if (k == 0 || strcmp(l->v[k - 1].text, l->v[i].text))
      l->v[k++] = l->v[i];
    else
      {
        struct line *keep = &l->v[k - 1];
        keep->refs = realloc(keep->refs, (keep->nrefs + l->v[i].nrefs + 1) * sizeof *keep->refs);
        memcpy(keep->refs + keep->nrefs, l->v[i].refs, l->v[i].nrefs * sizeof *keep->refs);
        keep->nrefs += l->v[i].nrefs;
        free(l->v[i].text);
      }
  l->n = k;
}

static bool has(const struct lines *l, const char *s)
{
  struct line key = { .text = (char *)s };
  return bsearch(&key, l->v, l->n, sizeof *l->v, cmp_line) != NULL;
}

/* Whether some line of L starts with PREFIX (L sorted).  */
static bool has_prefix(const struct lines *l, const char *prefix)
{
  size_t lo = 0, hi = l->n, n = strlen(prefix);
  while (lo < hi)
    {
      size_t mid = (lo + hi) / 2;
      if (strcmp(l->v[mid].text, prefix) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < l->n && !strncmp(l->v[lo].text, prefix, n);
}

/* Whether some line of L defines SUBJECT.  */
static bool defines(const struct lines *l, const char *subject)
{
  for (size_t i = 0; i < l->n; i++)
    if (l->v[i].subject && !strcmp(l->v[i].subject, subject))
      return true;
  return false;
}

/* ------------------------------------------------------------ names */

/* RULE int-names: GCC names integer types `long unsigned int', clang
   `unsigned long'; the same type.  Both are written as clang's.  */
static const char *int_name(const char *name)
{
  static const char *const map[][2] = {
    { "long unsigned int", "unsigned long" },
    { "long int", "long" },
    { "short unsigned int", "unsigned short" },
    { "short int", "short" },
    { "long long unsigned int", "unsigned long long" },
    { "long long int", "long long" },
    { "__int128 unsigned", "unsigned __int128" },
  };
  if (strict)
    return name;
  for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
    if (!strcmp(name, map[i][0]))
      return map[i][1];
  return name;
}

/* RULE static-local-names: a function-scope static is `fmt.0' in GCC's
   symbols and BTF, `func.fmt' in clang's; both become `fmt'.  (A
   variable's own name has no dot in C, so only these are changed.)  */
static const char *var_name(const char *name, char *buf, size_t size)
{
  if (strict)
    return name;
  const char *dot = strchr(name, '.');
  if (dot && dot != name && dot[1] != '\0' && !(dot[1] >= '0' && dot[1] <= '9'))
    name = dot + 1;                            /* clang: func.fmt */
  snprintf(buf, size, "%s", name);
  char *end = strrchr(buf, '.');
  if (end && end[1] != '\0' && strspn(end + 1, "0123456789") == strlen(end + 1))
    *end = '\0';                               /* GCC: fmt.0 */
  return buf;
}

/* ------------------------------------------------------------ types */
static const char *name_of(const struct btf *btf, const struct btf_type *t)
{
  const char *n = btf__name_by_offset(btf, t->name_off);
  return n ? n : "";
}

static void type_str(const struct btf *btf, __u32 id, FILE *out, int depth);

/* The members of struct/union T, in order, into OUT.  */
static void members_str(const struct btf *btf, const struct btf_type *t, FILE *out, int depth)
{
  const struct btf_member *m = btf_members(t);
  for (int i = 0; i < btf_vlen(t); i++, m++)
    {
      const char *mn = btf__name_by_offset(btf, m->name_off);
      if (mn && *mn)
        fprintf(out, "%s.%s", i ? "; " : "", mn);
      else
        fprintf(out, "%s.#%d", i ? "; " : "", i);
      fprintf(out, "@%u:%u=", btf_member_bit_offset(t, i), btf_member_bitfield_size(t, i));
      type_str(btf, m->type, out, depth + 1);
    }
}

static void enum_values(const struct btf *btf, const struct btf_type *t, FILE *out,
                        const char *sep, const char *prefix)
{
  bool is_signed = btf_kflag(t);
  for (int i = 0; i < btf_vlen(t); i++)
    {
      const char *n;
      long long sv;
      unsigned long long uv;
      if (btf_is_enum(t))
        {
          const struct btf_enum *e = btf_enum(t) + i;
          n = btf__name_by_offset(btf, e->name_off);
          sv = e->val;
          uv = (__u32)e->val;
        }
      else
        {
          const struct btf_enum64 *e = btf_enum64(t) + i;
          n = btf__name_by_offset(btf, e->name_off);
          uv = btf_enum64_value(e);
          sv = (long long)uv;
        }
      /* Written as the value it stands for: the same enumerator is -1
         in a signed 4-byte ENUM and in a signed ENUM64.  */
      if (is_signed)
        fprintf(out, "%s%s%s=%lld", i ? sep : "", prefix, n ? n : "", sv);
      else
        fprintf(out, "%s%s%s=%llu", i ? sep : "", prefix, n ? n : "", uv);
    }
}

static const char *qual_name(int kind)
{
  switch (kind)
    {
    case BTF_KIND_CONST: return "const";
    case BTF_KIND_VOLATILE: return "volatile";
    case BTF_KIND_RESTRICT: return "restrict";
    }
  return "?";
}

/* Whether qualifier KIND is already in the type ID stands for, through
   qualifiers and typedefs (not through a pointer).  */
static bool carries_qual(const struct btf *btf, __u32 id, int kind, int depth)
{
  const struct btf_type *t = id ? btf__type_by_id(btf, id) : NULL;
  if (!t || depth > 64)
    return false;
  if (btf_kind(t) == kind)
    return true;
  if (btf_is_mod(t) || btf_is_typedef(t))
    return carries_qual(btf, t->type, kind, depth + 1);
  return false;
}

/* RULE typedef-qualifier: a qualifier over a typedef that has it already
   says nothing (C merges them).  GCC's trees cannot tell `volatile
   vhits_t' from `vhits_t' when vhits_t is `volatile hits_t': the plugin
   writes the qualifier either way, clang as the source has it.  Such a
   qualifier is left out of the canonical text.  */
static bool redundant_qual(const struct btf *btf, const struct btf_type *t)
{
  if (strict)
    return false;
  __u32 inner = t->type;
  for (int depth = 0; depth < 64; depth++)
    {
      const struct btf_type *i = inner ? btf__type_by_id(btf, inner) : NULL;
      if (!i)
        return false;
      if (btf_is_typedef(i))
        return carries_qual(btf, i->type, btf_kind(t), 0);
      if (!btf_is_const(i) && !btf_is_volatile(i) && !btf_is_restrict(i))
        return false;
      inner = i->type;
    }
  return false;
}

/* The canonical text of type ID, through names (see the top).  */
static void type_str(const struct btf *btf, __u32 id, FILE *out, int depth)
{
  if (depth > 64)
    {
      fputs("...", out);           /* only a malformed BTF loops here */
      return;
    }
  if (id == 0)
    {
      fputs("void", out);
      return;
    }
  const struct btf_type *t = btf__type_by_id(btf, id);
  if (!t)
    {
      fprintf(out, "bad-id-%u", id);
      return;
    }
  const char *n = name_of(btf, t);
  switch (btf_kind(t))
    {
    case BTF_KIND_INT:
      fputs(int_name(n), out);
      note_ref("int %s", int_name(n));
      break;
    case BTF_KIND_FLOAT:
      fputs(n, out);
      note_ref("float %s", n);
      break;
    case BTF_KIND_TYPEDEF:
      fputs(n, out);
      note_ref("typedef %s", n);
      break;
    case BTF_KIND_STRUCT:
    case BTF_KIND_UNION:
      fputs(btf_is_struct(t) ? "struct" : "union", out);
      if (*n)
        {
          fprintf(out, " %s", n);
          note_ref(btf_is_struct(t) ? "struct %s" : "union %s", n);
        }
      else
        {
          fprintf(out, "{size=%u; ", t->size);
          members_str(btf, t, out, depth);
          fputc('}', out);
        }
      break;
    case BTF_KIND_FWD:
      /* A FWD stands for the struct of that name: the same text.  */
      fprintf(out, "%s %s", btf_kflag(t) ? "union" : "struct", n);
      note_ref(btf_kflag(t) ? "union %s" : "struct %s", n);
      break;
    case BTF_KIND_ENUM:
    case BTF_KIND_ENUM64:
      if (*n)
        {
          fprintf(out, "enum %s", n);
          note_ref("enum %s", n);
        }
      else
        {
          fprintf(out, "enum{size=%u %s; ", t->size, btf_kflag(t) ? "signed" : "unsigned");
          enum_values(btf, t, out, ", ", "");
          fputc('}', out);
        }
      break;
    case BTF_KIND_PTR:
      fputs("ptr(", out);
      type_str(btf, t->type, out, depth + 1);
      fputc(')', out);
      break;
    case BTF_KIND_CONST:
    case BTF_KIND_VOLATILE:
    case BTF_KIND_RESTRICT:
      if (redundant_qual(btf, t))
        {
          type_str(btf, t->type, out, depth + 1);
          break;
        }
      fprintf(out, "%s(", qual_name(btf_kind(t)));
      type_str(btf, t->type, out, depth + 1);
      fputc(')', out);
      break;
    case BTF_KIND_TYPE_TAG:
      fprintf(out, "type_tag:%s(", n);
      type_str(btf, t->type, out, depth + 1);
      fputc(')', out);
      break;
    case BTF_KIND_ARRAY:
      /* The index type is not layout (clang and the plugin both use
         __ARRAY_SIZE_TYPE__, and the kernel only checks it is an INT).  */
      fprintf(out, "arr[%u](", btf_array(t)->nelems);
      type_str(btf, btf_array(t)->type, out, depth + 1);
      fputc(')', out);
      break;
    case BTF_KIND_FUNC_PROTO:
      {
        /* A prototype reached through a pointer: types only (parameter
           names of function pointers are no layout, and neither compiler
           need write them).  */
        fputs("fn(", out);
        type_str(btf, t->type, out, depth + 1);
        const struct btf_param *p = btf_params(t);
        for (int i = 0; i < btf_vlen(t); i++, p++)
          {
            fputs(i ? "," : ";", out);
            if (p->type == 0 && i == btf_vlen(t) - 1)
              fputs("...", out);
            else
              type_str(btf, p->type, out, depth + 1);
          }
        fputc(')', out);
        break;
      }
    default:
      fprintf(out, "kind%u:%s", btf_kind(t), n);
      break;
    }
}

static char *type_text(const struct btf *btf, __u32 id)
{
  char *s;
  size_t len;
  FILE *f = open_memstream(&s, &len);
  if (!f)
    abort();
  type_str(btf, id, f, 0);
  fclose(f);
  return s;
}

static const char *linkage(int l)
{
  switch (l)
    {
    case 0: return "static";
    case 1: return "global";
    case 2: return "extern";
    }
  return "?";
}

static const char *kind_word(const struct btf_type *t)
{
  switch (btf_kind(t))
    {
    case BTF_KIND_STRUCT: return "struct";
    case BTF_KIND_UNION: return "union";
    case BTF_KIND_FUNC: return "func";
    case BTF_KIND_VAR: return "var";
    case BTF_KIND_TYPEDEF: return "typedef";
    }
  return "type";
}

/* The canonical lines of BTF into L.  */
static void canon(const struct btf *btf, struct lines *l)
{
  __u32 n = btf__type_cnt(btf);
  char vbuf[512], subj[600];
  for (__u32 id = 1; id < n; id++)
    {
      const struct btf_type *t = btf__type_by_id(btf, id);
      const char *name = name_of(btf, t);
      switch (btf_kind(t))
        {
        case BTF_KIND_INT:
          snprintf(subj, sizeof subj, "int %s", int_name(name));
          add(l, subj, "int %s size=%u enc=%u off=%u bits=%u", int_name(name), t->size,
              btf_int_encoding(t), btf_int_offset(t), btf_int_bits(t));
          break;
        case BTF_KIND_FLOAT:
          snprintf(subj, sizeof subj, "float %s", name);
          add(l, subj, "float %s size=%u", name, t->size);
          break;
        case BTF_KIND_STRUCT:
        case BTF_KIND_UNION:
          {
            /* Anonymous ones are written where they are used.  */
            if (!*name)
              break;
            const char *k = kind_word(t);
            snprintf(subj, sizeof subj, "%s %s", k, name);
            add(l, subj, "%s %s size=%u", k, name, t->size);
            const struct btf_member *m = btf_members(t);
            for (int i = 0; i < btf_vlen(t); i++, m++)
              {
                char *ty = type_text(btf, m->type);
                const char *mn = btf__name_by_offset(btf, m->name_off);
                char idx[16];
                snprintf(idx, sizeof idx, "#%d", i);
                add(l, subj, "%s %s .%s off=%u bits=%u type=%s", k, name, mn && *mn ? mn : idx,
                    btf_member_bit_offset(t, i), btf_member_bitfield_size(t, i), ty);
                free(ty);
              }
            break;
          }
        case BTF_KIND_FWD:
          snprintf(subj, sizeof subj, "%s %s", btf_kflag(t) ? "union" : "struct", name);
          add(l, subj, "fwd %s", subj);
          break;
        case BTF_KIND_ENUM:
        case BTF_KIND_ENUM64:
          /* RULE none: ENUM and ENUM64 are the same `enum' here, which
             is no exception: the size and every value are compared.  */
          if (*name)
            {
              snprintf(subj, sizeof subj, "enum %s", name);
              add(l, subj, "enum %s size=%u %s", name, t->size, btf_kflag(t) ? "signed" : "unsigned");
              char *s;
              size_t len;
              FILE *f = open_memstream(&s, &len);
              /* One line per value: written all at once, split here.  */
              enum_values(btf, t, f, "\n", "");
              fclose(f);
              for (char *p = s, *e; p && *p; p = e ? e + 1 : NULL)
                {
                  e = strchr(p, '\n');
                  if (e)
                    *e = '\0';
                  add(l, subj, "enum %s .%s", name, p);
                }
              free(s);
            }
          else
            {
              char *ty = type_text(btf, id);
              add(l, NULL, "enum (anon) %s", ty + strlen("enum"));
              free(ty);
            }
          break;
        case BTF_KIND_TYPEDEF:
          {
            char *ty = type_text(btf, t->type);
            snprintf(subj, sizeof subj, "typedef %s", name);
            add(l, subj, "typedef %s = %s", name, ty);
            free(ty);
            break;
          }
        case BTF_KIND_FUNC:
          {
            const struct btf_type *p = btf__type_by_id(btf, t->type);
            if (!p || !btf_is_func_proto(p))
              {
                add(l, NULL, "func %s proto=bad", name);
                break;
              }
            char *ret = type_text(btf, p->type);
            add(l, NULL, "func %s linkage=%s ret=%s params=%u", name, linkage(btf_vlen(t)), ret,
                btf_vlen(p));
            free(ret);
            const struct btf_param *pa = btf_params(p);
            for (int i = 0; i < btf_vlen(p); i++, pa++)
              {
                const char *pn = btf__name_by_offset(btf, pa->name_off);
                if (pa->type == 0 && i == btf_vlen(p) - 1)
                  {
                    add(l, NULL, "func %s param#%d ...", name, i);
                    continue;
                  }
                char *ty = type_text(btf, pa->type);
                add(l, NULL, "func %s param#%d %s type=%s", name, i, pn && *pn ? pn : "(anon)", ty);
                free(ty);
              }
            break;
          }
        case BTF_KIND_VAR:
          {
            char *ty = type_text(btf, t->type);
            add(l, NULL, "var %s linkage=%s type=%s", var_name(name, vbuf, sizeof vbuf),
                linkage(btf_var(t)->linkage), ty);
            free(ty);
            break;
          }
        case BTF_KIND_DATASEC:
          {
            const struct btf_var_secinfo *v = btf_var_secinfos(t);
            for (int i = 0; i < btf_vlen(t); i++, v++)
              {
                const struct btf_type *vt = btf__type_by_id(btf, v->type);
                const char *vn = vt ? name_of(btf, vt) : "?";
                if (vt && btf_is_var(vt))
                  add(l, NULL, "datasec %s var %s size=%u", name, var_name(vn, vbuf, sizeof vbuf),
                      v->size);
                else
                  add(l, NULL, "datasec %s %s %s", name, vt ? kind_word(vt) : "?", vn);
              }
            break;
          }
        case BTF_KIND_DECL_TAG:
          {
            const struct btf_type *tt = btf__type_by_id(btf, t->type);
            int comp = btf_decl_tag(t)->component_idx;
            const char *tn = tt ? name_of(btf, tt) : "?";
            if (tt && btf_is_var(tt))
              tn = var_name(tn, vbuf, sizeof vbuf);
            if (comp < 0 || !tt)
              {
                add(l, NULL, "decl_tag %s on %s %s", name, tt ? kind_word(tt) : "?", tn);
                break;
              }
            /* The component by name: a member, or a FUNC's parameter.  */
            const char *cn = "?";
            if (btf_is_composite(tt) && comp < btf_vlen(tt))
              cn = btf__name_by_offset(btf, btf_members(tt)[comp].name_off);
            else if (btf_is_func(tt))
              {
                const struct btf_type *p = btf__type_by_id(btf, tt->type);
                if (p && btf_is_func_proto(p) && comp < btf_vlen(p))
                  cn = btf__name_by_offset(btf, btf_params(p)[comp].name_off);
              }
            add(l, NULL, "decl_tag %s on %s %s component=%d(%s)", name, kind_word(tt), tn, comp,
                cn ? cn : "?");
            break;
          }
        default:
          /* PTR, qualifiers, TYPE_TAG, ARRAY, FUNC_PROTO: written where
             they are used.  */
          break;
        }
    }
  sort_unique(l);
}

static int load(const char *path, struct lines *l)
{
  struct btf *btf = btf__parse(path, NULL);
  if (!btf)
    {
      fprintf(stderr, "bpfs-btf-layout: error: %s: no BTF: %s\n", path, strerror(errno));
      return -1;
    }
  canon(btf, l);
  btf__free(btf);
  return 0;
}

/* ------------------------------------------------------------- diff */

/* The name of the struct or union a line is about: "struct NAME ..." or
   "fwd struct NAME" (also union); NULL for other lines.  Into BUF as
   "struct NAME".  */
static const char *tag_of(const char *line, char *buf, size_t size)
{
  if (!strncmp(line, "fwd ", 4))
    line += 4;
  if (strncmp(line, "struct ", 7) && strncmp(line, "union ", 6))
    return NULL;
  size_t k = strcspn(line, " ");
  k += 1 + strcspn(line + k + 1, " ");
  if (k >= size)
    return NULL;
  memcpy(buf, line, k);
  buf[k] = '\0';
  return buf;
}

/* Why the line S, only in THIS and not in OTHER, is an accepted
   difference; NULL if it is not.  B_SIDE: S is from the second object
   (clang's in the test).  */
static const char *accepted(const char *s, const struct lines *self, const struct lines *other,
                            bool b_side)
{
  char tag[512], p[600];
  if (strict)
    return NULL;
  /* RULE fwd-or-complete: a struct or union reached only through
     pointers is a FWD in one compiler's BTF and complete in the other's,
     depending on the order each met it; pointers to it read the same
     (`struct NAME').  Its layout is compared wherever both have it.  */
  if (tag_of(s, tag, sizeof tag))
    {
      snprintf(p, sizeof p, "%s size=", tag);
      bool self_complete = has_prefix(self, p);
      bool other_complete = has_prefix(other, p);
      snprintf(p, sizeof p, "fwd %s", tag);
      bool self_fwd = has(self, p);
      bool other_fwd = has(other, p);
      /* Complete here, only a FWD there; or the other way round.  */
      if (self_complete && !other_complete && other_fwd)
        return "fwd-or-complete";
      if (self_fwd && !self_complete && other_complete)
        return "fwd-or-complete";
    }
  /* RULE clang-O0-helper-pointers: clang at -O0 keeps libbpf's helper
     declarations (`static long (*bpf_map_update_elem)(...) = (void *) 2')
     as static variables in .data; bpf-gcc with the plugin calls the
     helpers and never has these variables (nor does clang above -O0).
     Only a static pointer-to-function `bpf_*' the first object does not
     have at all.  */
  if (b_side && (!strncmp(s, "var bpf_", 8) || !strncmp(s, "datasec .data var bpf_", 22)))
    {
      const char *nm = strstr(s, "var ") + 4;
      size_t k = strcspn(nm, " ");
      snprintf(p, sizeof p, "var %.*s ", (int)k, nm);
      bool helper = !strncmp(s, "datasec", 7) ? strstr(s, " size=8") != NULL
                    : strstr(s, " linkage=static type=ptr(fn(") != NULL;
      if (helper && !has_prefix(other, p))
        return "clang-O0-helper-pointers";
    }
  /* RULE clang-O0-param-names: clang at -O0 writes a FUNC's parameters
     without names (its BTF takes them from variables -O0 does not
     list); the plugin names them at every level.  A parameter named in
     the first object and anonymous in the second, with the same type.  */
  if (!strncmp(s, "func ", 5) && strstr(s, " param#"))
    {
      const char *hash = strstr(s, " param#");
      const char *nm = hash + 7 + strcspn(hash + 7, " ") + 1;
      const char *ty = nm + strcspn(nm, " ");
      if (b_side && !strncmp(nm, "(anon) ", 7))
        {
          snprintf(p, sizeof p, "%.*s", (int)(nm - s), s);
          for (size_t i = 0; i < other->n; i++)
            if (!strncmp(other->v[i].text, p, strlen(p)))
              {
                const char *ot = other->v[i].text + strlen(p);
                ot += strcspn(ot, " ");
                if (!strcmp(ot, ty))
                  return "clang-O0-param-names";
              }
        }
      else if (!b_side)
        {
          snprintf(p, sizeof p, "%.*s(anon)%s", (int)(nm - s), s, ty);
          if (has(other, p))
            return "clang-O0-param-names";
        }
    }
  return NULL;
}

static void diff_side(const struct lines *self, const struct lines *other, bool b_side,
                      const char **why)
{
  for (size_t i = 0; i < self->n; i++)
    why[i] = has(other, self->v[i].text) ? "" : accepted(self->v[i].text, self, other, b_side);
  /* RULE reached-from-accepted: a type only one object has at all (no
     definition and no FWD of that name in the other), whose every use in
     that object is itself an accepted difference: the struct fred_cs
     inside a pt_regs that only one object has complete, the `long' of a
     clang -O0 helper pointer.  Every use elsewhere is compared (a type
     text names the types it uses), so its absence is no other
     difference.  Until nothing changes: a use may be accepted this way.  */
  if (strict)
    return;
  for (bool changed = true; changed;)
    {
      changed = false;
      for (size_t i = 0; i < self->n; i++)
        {
          const char *subj = self->v[i].subject;
          if (why[i] || !subj || defines(other, subj))
            continue;
          bool all_accepted = true;
          for (size_t j = 0; j < self->n && all_accepted; j++)
            {
              if (self->v[j].subject && !strcmp(self->v[j].subject, subj))
                continue;
              for (size_t r = 0; r < self->v[j].nrefs; r++)
                if (!strcmp(self->v[j].refs[r], subj) && (!why[j] || !*why[j]))
                  {
                    all_accepted = false;
                    break;
                  }
            }
          if (all_accepted)
            {
              for (size_t j = 0; j < self->n; j++)
                if (!why[j] && self->v[j].subject && !strcmp(self->v[j].subject, subj))
                  why[j] = "reached-from-accepted";
              changed = true;
            }
        }
    }
}

static int diff(const char *a, const char *b)
{
  struct lines la = { 0 }, lb = { 0 };
  if (load(a, &la) || load(b, &lb))
    return 2;
  const char **wa = calloc(la.n + 1, sizeof *wa), **wb = calloc(lb.n + 1, sizeof *wb);
  if (!wa || !wb)
    abort();
  /* "" marks a line both have; NULL one only here and not accepted.  */
  diff_side(&la, &lb, false, wa);
  diff_side(&lb, &la, true, wb);
  int left = 0;
  for (size_t i = 0; i < la.n; i++)
    if (!wa[i])
      printf("- %s\n", la.v[i].text), left++;
    else if (*wa[i])
      printf("~ %s: - %s\n", wa[i], la.v[i].text);
  for (size_t i = 0; i < lb.n; i++)
    if (!wb[i])
      printf("+ %s\n", lb.v[i].text), left++;
    else if (*wb[i])
      printf("~ %s: + %s\n", wb[i], lb.v[i].text);
  printf("%d difference%s (%zu lines in %s, %zu in %s)\n", left, left == 1 ? "" : "s", la.n, a,
         lb.n, b);
  return left ? 1 : 0;
}

int main(int argc, char **argv)
{
  int i = 1;
  bool want_diff = false;
  for (; i < argc && argv[i][0] == '-'; i++)
    if (!strcmp(argv[i], "--strict"))
      strict = true;
    else if (!strcmp(argv[i], "--diff"))
      want_diff = true;
    else
      break;
  libbpf_set_strict_mode(LIBBPF_STRICT_ALL);
  if (want_diff && argc - i == 2)
    return diff(argv[i], argv[i + 1]);
  if (!want_diff && argc - i == 1)
    {
      struct lines l = { 0 };
      if (load(argv[i], &l))
        return 2;
      for (size_t k = 0; k < l.n; k++)
        puts(l.v[k].text);
      return 0;
    }
  fprintf(stderr, "usage: bpfs-btf-layout [--strict] OBJECT\n"
                  "       bpfs-btf-layout [--strict] --diff OBJECT-A OBJECT-B\n");
  return 2;
}
