/* clang.c -- the same types and records built with the API and by
   `clang -target bpf -g -O2 -c': same (kind, name, size) multiset, same
   struct layouts and datasec entries, same .BTF.ext layout.  Also: the
   assembler output, assembled by bpf-as, has exactly the raw bytes. */
#include "testutil.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>

static const char csrc[] =
  "typedef unsigned int u32;\n"
  "typedef unsigned long long u64;\n"
  "struct pt { int x, y; };\n"
  "struct flags { unsigned a:1, b:3; int c; unsigned short d:5; };\n"
  "union val { u32 i; float f; char c[4]; };\n"
  "enum color { RED, GREEN = 5, BLUE = -1 };\n"
  "enum big { BIG = 0x80000000u };\n"
  "struct node { struct node *next; const volatile struct pt *pt; union val v;\n"
  "  enum color col; enum big bg; struct flags fl; u64 arr[3][2]; _Bool ok;\n"
  "  signed char sc; unsigned char uc; };\n"
  "struct node nodes[2];\n"
  "int counter = 1;\n"
  "const char msg[] = \"hi\";\n"
  "int __attribute__((section(\"xdp\"))) prog(struct node *n)\n"
  "{ return n->col + counter + nodes[0].v.i + msg[0] + n->fl.b + n->ok; }\n";

/* Read section NAME of ELF file PATH (malloc'ed). */
static void *read_section(const char *path, const char *name, size_t *len)
{
  int fd = open(path, O_RDONLY);
  Elf *e;
  Elf_Scn *scn = NULL;
  size_t shstrndx;
  void *out = NULL;
  if (fd < 0)
    return NULL;
  elf_version(EV_CURRENT);
  e = elf_begin(fd, ELF_C_READ, NULL);
  if (e && !elf_getshdrstrndx(e, &shstrndx))
    while ((scn = elf_nextscn(e, scn))) {
      GElf_Shdr sh;
      Elf_Data *d;
      const char *n;
      if (!gelf_getshdr(scn, &sh))
        break;
      n = elf_strptr(e, shstrndx, sh.sh_name);
      if (n && !strcmp(n, name) && (d = elf_getdata(scn, NULL))) {
        out = malloc(d->d_size ? d->d_size : 1);
        if (out) {
          memcpy(out, d->d_buf, d->d_size);
          *len = d->d_size;
        }
        break;
      }
    }
  if (e)
    elf_end(e);
  close(fd);
  return out;
}

static uint32_t rd32(const unsigned char *p)
{
  return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

struct ids {
  uint32_t prog, node;
};

/* What the walker would make of csrc. */
static void build(struct btf_builder *b, struct ids *ids)
{
  uint32_t i_int = btfb_int(b, "int", 4, BTFB_INT_SIGNED);
  uint32_t i_uint = btfb_int(b, "unsigned int", 4, 0);
  uint32_t i_char = btfb_int(b, "char", 1, BTFB_INT_SIGNED);
  uint32_t i_ushort = btfb_int(b, "unsigned short", 2, 0);
  uint32_t i_ull = btfb_int(b, "unsigned long long", 8, 0);
  uint32_t i_bool = btfb_int(b, "_Bool", 1, BTFB_INT_BOOL);
  uint32_t i_sc = btfb_int(b, "signed char", 1, BTFB_INT_SIGNED);
  uint32_t i_uc = btfb_int(b, "unsigned char", 1, 0);
  uint32_t idx = btfb_int(b, "__ARRAY_SIZE_TYPE__", 4, 0);
  uint32_t f_float = btfb_float(b, "float", 4);
  uint32_t u32 = btfb_typedef(b, "u32", i_uint);
  uint32_t u64 = btfb_typedef(b, "u64", i_ull);
  uint32_t pt = btfb_fwd(b, "pt", BTFB_FWD_STRUCT);
  uint32_t cvpt = btfb_ptr(b, btfb_qual(b, BTFB_KIND_CONST,
                                        btfb_qual(b, BTFB_KIND_VOLATILE, pt)));
  uint32_t flags, val, color, big, node, proto, prog, v;
  flags = btfb_struct_begin(b, 0, "flags", 12);
  btfb_member(b, flags, "a", i_uint, 0, 1);
  btfb_member(b, flags, "b", i_uint, 1, 3);
  btfb_member(b, flags, "c", i_int, 32, 0);
  btfb_member(b, flags, "d", i_ushort, 64, 5);
  val = btfb_struct_begin(b, 1, "val", 4);
  btfb_member(b, val, "i", u32, 0, 0);
  btfb_member(b, val, "f", f_float, 0, 0);
  btfb_member(b, val, "c", btfb_array(b, i_char, idx, 4), 0, 0);
  color = btfb_enum(b, "color", 4, 1, 0);
  btfb_enum_value(b, color, "RED", 0);
  btfb_enum_value(b, color, "GREEN", 5);
  btfb_enum_value(b, color, "BLUE", -1);
  big = btfb_enum(b, "big", 4, 0, 0);
  btfb_enum_value(b, big, "BIG", 0x80000000u);
  node = btfb_struct_begin(b, 0, "node", 96);
  btfb_member(b, node, "next", btfb_ptr(b, node), 0, 0);
  btfb_member(b, node, "pt", cvpt, 64, 0);
  btfb_member(b, node, "v", val, 128, 0);
  btfb_member(b, node, "col", color, 160, 0);
  btfb_member(b, node, "bg", big, 192, 0);
  btfb_member(b, node, "fl", flags, 224, 0);
  btfb_member(b, node, "arr", btfb_array(b, btfb_array(b, u64, idx, 2), idx, 3), 320, 0);
  btfb_member(b, node, "ok", i_bool, 704, 0);
  btfb_member(b, node, "sc", i_sc, 712, 0);
  btfb_member(b, node, "uc", i_uc, 720, 0);
  proto = btfb_func_proto_begin(b, i_int);
  btfb_func_proto_param(b, proto, "n", btfb_ptr(b, node));
  prog = btfb_func(b, "prog", proto, BTFB_FUNC_GLOBAL);
  btfb_mark_root(b, prog);
  v = btfb_var(b, "counter", i_int, BTFB_VAR_GLOBAL);
  btfb_datasec_add(b, ".data", v, 0, 4);
  v = btfb_var(b, "msg", btfb_array(b, btfb_qual(b, BTFB_KIND_CONST, i_char), idx, 3),
               BTFB_VAR_GLOBAL);
  btfb_datasec_add(b, ".rodata", v, 0, 3);
  v = btfb_var(b, "nodes", btfb_array(b, node, idx, 2), BTFB_VAR_GLOBAL);
  btfb_datasec_add(b, ".bss", v, 0, 192);
  /* unreferenced: pruned like clang does not emit it */
  btfb_struct_begin(b, 0, "unused", 4);
  ids->prog = prog;
  ids->node = node;
}

static const char *btfb_kind_name_test(unsigned k)
{
  static const char *const n[] = {
    "UNKN", "INT", "PTR", "ARRAY", "STRUCT", "UNION", "ENUM", "FWD",
    "TYPEDEF", "VOLATILE", "CONST", "RESTRICT", "FUNC", "FUNC_PROTO", "VAR",
    "DATASEC", "FLOAT", "DECL_TAG", "TYPE_TAG", "ENUM64" };
  return k < 20 ? n[k] : "?";
}

static int cmp_str(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One line per type: kind, name, size, and layout details. */
static char **describe(const struct btf *btf, uint32_t *n)
{
  uint32_t cnt = btf__type_cnt(btf), id, k;
  char **v = calloc(cnt, sizeof *v);
  for (id = 1; id < cnt; id++) {
    const struct btf_type *t = btf__type_by_id(btf, id);
    char buf[2048];
    size_t o = 0;
    o += snprintf(buf + o, sizeof buf - o, "%s %s", btfb_kind_name_test(btf_kind(t)),
                  t_name(btf, t));
    if (btf_is_int(t) || btf_is_composite(t) || btf_is_any_enum(t)
        || btf_is_float(t))
      o += snprintf(buf + o, sizeof buf - o, " size=%u", t->size);
    if (btf_is_int(t))
      o += snprintf(buf + o, sizeof buf - o, " enc=%u bits=%u",
                    btf_int_encoding(t), btf_int_bits(t));
    if (btf_is_composite(t))
      for (k = 0; k < btf_vlen(t); k++)
        o += snprintf(buf + o, sizeof buf - o, " %s@%u:%u",
                      btf__name_by_offset(btf, btf_members(t)[k].name_off),
                      btf_member_bit_offset(t, k), btf_member_bitfield_size(t, k));
    if (btf_is_enum(t))
      for (k = 0; k < btf_vlen(t); k++)
        o += snprintf(buf + o, sizeof buf - o, " %s=%u",
                      btf__name_by_offset(btf, btf_enum(t)[k].name_off),
                      (uint32_t)btf_enum(t)[k].val);
    if (btf_is_datasec(t))
      for (k = 0; k < btf_vlen(t); k++)
        o += snprintf(buf + o, sizeof buf - o, " %s@%u+%u",
                      t_name(btf, btf__type_by_id(btf, btf_var_secinfos(t)[k].type)),
                      btf_var_secinfos(t)[k].offset, btf_var_secinfos(t)[k].size);
    if (btf_is_array(t))
      o += snprintf(buf + o, sizeof buf - o, " n=%u", btf_array(t)->nelems);
    if (btf_is_func(t) || btf_is_var(t))
      o += snprintf(buf + o, sizeof buf - o, " linkage=%u",
                    btf_is_func(t) ? btf_vlen(t) : btf_var(t)->linkage);
    if (btf_is_func_proto(t))
      for (k = 0; k < btf_vlen(t); k++)
        o += snprintf(buf + o, sizeof buf - o, " %s",
                      btf__name_by_offset(btf, btf_params(t)[k].name_off));
    v[id - 1] = strdup(buf);
  }
  *n = cnt - 1;
  qsort(v, *n, sizeof *v, cmp_str);
  return v;
}

/* Same number of members and, member by member, the same offset word (with
   kind_flag set: bitfield size << 24 | bit offset).  Names and type ids
   are per object and compared by describe() instead.  */
static int same_member_words(const struct btf_type *t, const struct btf_type *ct)
{
  if (btf_vlen(t) != btf_vlen(ct))
    return 0;
  for (unsigned i = 0; i < btf_vlen(t); i++)
    if (btf_members(t)[i].offset != btf_members(ct)[i].offset)
      return 0;
  return 1;
}

static void free_desc(char **v, uint32_t n)
{
  uint32_t i;
  for (i = 0; i < n; i++)
    free(v[i]);
  free(v);
}

/* .BTF.ext subsection at OFF/LEN of EXT as text lines, names resolved. */
static char *ext_text(const unsigned char *ext, uint32_t off, uint32_t len,
                      const struct btf *btf, int what)
{
  const unsigned char *p = ext + rd32(ext + 4) + off, *end = p + len;
  size_t cap = 1 << 16, o = 0;
  char *s = malloc(cap);
  uint32_t rs;
  s[0] = 0;
  if (!len)
    return s;
  rs = rd32(p);
  o += snprintf(s + o, cap - o, "rec_size %u\n", rs);
  p += 4;
  while (p < end && o < cap - 512) {
    uint32_t n = rd32(p + 4), i;
    o += snprintf(s + o, cap - o, "sec %s n=%u\n",
                  btf__name_by_offset(btf, rd32(p)), n);
    p += 8;
    for (i = 0; i < n && o < cap - 512; i++, p += rs) {
      if (what == 0)
        o += snprintf(s + o, cap - o, " %u %s\n", rd32(p),
                      t_name(btf, btf__type_by_id(btf, rd32(p + 4))));
      else
        o += snprintf(s + o, cap - o, " %u %s |%s| %u:%u\n", rd32(p),
                      btf__name_by_offset(btf, rd32(p + 4)),
                      btf__name_by_offset(btf, rd32(p + 8)),
                      rd32(p + 12) >> 10, rd32(p + 12) & 0x3ff);
    }
  }
  return s;
}

int main(void)
{
  char dir[] = "/tmp/btf-clang-XXXXXX", path[256], cmd[700];
  FILE *f;
  struct btf *cb = NULL, *ob = NULL;
  struct btf_builder *b;
  struct ids ids;
  void *raw = NULL, *ext = NULL;
  size_t n = 0, en = 0, cel = 0;
  unsigned char *cext = NULL;
  char **cv, **ov;
  uint32_t cn, on, i;
  int same;

  t_init();
  if (!mkdtemp(dir)) {
    check(0, "mkdtemp");
    return 0;
  }
  snprintf(path, sizeof path, "%s/c.c", dir);
  f = fopen(path, "w");
  fputs(csrc, f);
  fclose(f);
  snprintf(cmd, sizeof cmd, "clang -target bpf -g -O2 -c %s/c.c -o %s/c.o", dir, dir);
  if (system(cmd)) {
    printf("UNSUPPORTED: clang -target bpf compiles the reference\n");
    goto out;
  }
  snprintf(path, sizeof path, "%s/c.o", dir);
  cb = btf__parse_elf(path, NULL);
  check(cb && !libbpf_get_error(cb), "libbpf reads clang's .BTF");
  cext = read_section(path, ".BTF.ext", &cel);
  check(cext && cel > 32, "clang wrote .BTF.ext");
  if (!cb || libbpf_get_error(cb) || !cext)
    goto out;

  /* Types. */
  b = btfb_new();
  build(b, &ids);
  ob = t_parse(b, 0, &raw, &n);
  check(ob != NULL, "libbpf parses ours");
  if (!ob) {
    btfb_free(b);
    goto out;
  }
  cv = describe(cb, &cn);
  ov = describe(ob, &on);
  same = cn == on;
  for (i = 0; same && i < cn; i++)
    same = !strcmp(cv[i], ov[i]);
  check(same, "same types as clang (%u vs %u): kinds, names, sizes, "
        "encodings, members, bitfields, enumerators, datasec entries", on, cn);
  if (!same) {
    for (i = 0; i < cn || i < on; i++)
      printf("# %-60s | %s\n", i < cn ? cv[i] : "", i < on ? ov[i] : "");
  }
  free_desc(cv, cn);
  free_desc(ov, on);
  {
    int id = btf__find_by_name_kind(ob, "flags", BTF_KIND_STRUCT);
    int cid = btf__find_by_name_kind(cb, "flags", BTF_KIND_STRUCT);
    const struct btf_type *t = id > 0 ? btf__type_by_id(ob, id) : NULL;
    const struct btf_type *ct = cid > 0 ? btf__type_by_id(cb, cid) : NULL;
    check(t && ct && btf_kflag(t) == btf_kflag(ct) && btf_kflag(t)
          && same_member_words(t, ct),
          "bitfield struct: kind_flag and member words as clang");
    id = btf__find_by_name_kind(ob, "node", BTF_KIND_STRUCT);
    cid = btf__find_by_name_kind(cb, "node", BTF_KIND_STRUCT);
    t = id > 0 ? btf__type_by_id(ob, id) : NULL;
    ct = cid > 0 ? btf__type_by_id(cb, cid) : NULL;
    check(t && ct && !btf_kflag(t) && !btf_kflag(ct)
          && btf_members(t)[9].offset == btf_members(ct)[9].offset,
          "plain struct: kind_flag 0 and bit offsets as clang");
  }
  btf__free(ob);
  ob = NULL;
  free(raw);
  raw = NULL;

  /* .BTF.ext: the records clang wrote, fed through the API. */
  {
    uint32_t fo = rd32(cext + 8), fl = rd32(cext + 12), lo = rd32(cext + 16),
             ll = rd32(cext + 20);
    const unsigned char *p;
    char *a, *c;
    check(rd32(cext + 4) == 32, "clang's .BTF.ext hdr_len is 32 like ours");
    p = cext + 32 + lo + 4;
    while (p < cext + 32 + lo + ll) {
      const char *sec = btf__name_by_offset(cb, rd32(p));
      uint32_t k, nrec = rd32(p + 4);
      p += 8;
      for (k = 0; k < nrec; k++, p += 16)
        btfb_line_info(b, sec, rd32(p), NULL, NULL,
                       btf__name_by_offset(cb, rd32(p + 4)),
                       btf__name_by_offset(cb, rd32(p + 8)),
                       rd32(p + 12) >> 10, rd32(p + 12) & 0x3ff);
    }
    p = cext + 32 + fo + 4;
    while (p < cext + 32 + fo + fl) {
      const char *sec = btf__name_by_offset(cb, rd32(p));
      uint32_t k, nrec = rd32(p + 4);
      p += 8;
      for (k = 0; k < nrec; k++, p += 8)
        btfb_func_info(b, sec, rd32(p), NULL, NULL, ids.prog);
    }
    check(btfb_write_raw(b, &raw, &n, &ext, &en) == 0 && ext, "ours with clang's records");
    ob = btf__new(raw, (uint32_t)n);
    if (ext && ob && !libbpf_get_error(ob)) {
      unsigned char *e = ext;
      check(rd32(e + 4) == 32 && rd32(e + 8) == fo && rd32(e + 12) == fl
            && rd32(e + 16) == lo && rd32(e + 20) == ll
            && rd32(e + 28) == rd32(cext + 28) && en == cel,
            "same .BTF.ext header and lengths as clang (%zu bytes)", en);
      a = ext_text(e, fo, fl, ob, 0);
      c = ext_text(cext, fo, fl, cb, 0);
      check(!strcmp(a, c), "same func_info records as clang");
      if (strcmp(a, c))
        printf("# ours:\n%s# clang:\n%s", a, c);
      free(a);
      free(c);
      a = ext_text(e, lo, ll, ob, 1);
      c = ext_text(cext, lo, ll, cb, 1);
      check(!strcmp(a, c), "same line_info records as clang");
      if (strcmp(a, c))
        printf("# ours:\n%s# clang:\n%s", a, c);
      free(a);
      free(c);
    }
  }

  /* Assembler output = raw bytes. */
  snprintf(path, sizeof path, "%s/o.s", dir);
  f = fopen(path, "w");
  check(btfb_write_asm(b, f) == 0, "asm written");
  fclose(f);
  snprintf(cmd, sizeof cmd, "bpf-as %s/o.s -o %s/o.o", dir, dir);
  if (system(cmd) == 0) {
    size_t al = 0, xl = 0;
    void *ab, *xb;
    snprintf(path, sizeof path, "%s/o.o", dir);
    ab = read_section(path, ".BTF", &al);
    xb = read_section(path, ".BTF.ext", &xl);
    /* gas pads the section to its 4-byte alignment */
    check(ab && al >= n && al - n < 4 && !memcmp(ab, raw, n)
          && !memcmp((char *)ab + n, "\0\0\0", al - n),
          "bpf-as output of the asm text: .BTF equals the raw bytes "
          "(+%zu bytes of section padding)", al - n);
    check(xb && xl == en && !memcmp(xb, ext, en),
          "bpf-as output of the asm text: .BTF.ext equals the raw bytes");
    free(ab);
    free(xb);
  } else
    check(0, "bpf-as assembles the asm text");
  snprintf(cmd, sizeof cmd, "clang -target bpf -c %s/o.s -o %s/o2.o 2>/dev/null", dir, dir);
  if (system(cmd) == 0) {
    size_t al = 0;
    void *ab;
    snprintf(path, sizeof path, "%s/o2.o", dir);
    ab = read_section(path, ".BTF", &al);
    check(ab && al == n && !memcmp(ab, raw, n),
          "clang's assembler reads the asm text too: .BTF equals the raw bytes");
    free(ab);
  }
  btfb_free(b);
out:
  if (ob && !libbpf_get_error(ob))
    btf__free(ob);
  if (cb && !libbpf_get_error(cb))
    btf__free(cb);
  free(raw);
  free(ext);
  free(cext);
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  if (system(cmd)) {
  }
  return t_done();
}
