/* bpfobj-btf.c - the BTF of a BPF object read by bpfobj.c: .BTF through
   libbpf (btf__new validates the whole section: header, string table,
   every type record and reference; the reader the kernel's tools trust),
   and the line info of .BTF.ext, whose records are read here with every
   length and offset checked.  Apart from bpfobj.c so that bpf-asm, which
   shows no BTF, does not link libbpf.  */
#include "obj/bpfobj.h"

#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <linux/bpf.h>
#include <linux/btf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* .BTF.ext's header (libbpf's struct btf_ext_header is not public):
   magic, version, flags, then the header's length and the func_info,
   line_info (and CO-RE relocation) subsections' offsets and lengths,
   from the end of the header.  */
enum { EXT_MAGIC = 0 /* 16 bits */, EXT_HDR_LEN = 4, EXT_LINE_OFF = 16, EXT_LINE_LEN = 20, EXT_MIN_HDR = 32 };

static uint32_t rd32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }

static const char *str_at(struct btf *b, uint32_t off)
{
  const char *n = btf__str_by_offset(b, off);
  return n ? n : "";
}

/* The line info of one .BTF.ext: 0 when read (lines kept in B), -1 when
   its header is not one (the next .BTF.ext is tried).  A record group
   that would run past the subsection ends the reading; what came before
   it is kept.  */
static int read_lines(struct bpfobj_btf *b, const uint8_t *ext, size_t len)
{
  if (len < EXT_MIN_HDR || (rd32(ext + EXT_MAGIC) & 0xffff) != BTF_MAGIC)
    return -1;
  uint32_t hdr = rd32(ext + EXT_HDR_LEN);
  if (hdr < EXT_MIN_HDR || hdr > len)
    return -1;
  uint32_t lio = rd32(ext + EXT_LINE_OFF), lil = rd32(ext + EXT_LINE_LEN);
  if ((uint64_t)hdr + lio + lil > len || lil < 4)
    return -1;
  const uint8_t *p = ext + hdr + lio, *end = p + lil;
  uint32_t rec = rd32(p);   /* the size of a record: struct bpf_line_info or more */
  p += 4;
  if (rec < sizeof(struct bpf_line_info))
    return -1;
  size_t cap = 64;
  b->lines = bpfobj_xcalloc(cap, sizeof *b->lines);
  while (p + 8 <= end)
    {
      /* a group: section name, record count, records */
      const char *sec = str_at(b->btf, rd32(p));
      uint32_t n = rd32(p + 4);
      p += 8;
      if ((uint64_t)n * rec > (uint64_t)(end - p))
        break;
      for (uint32_t k = 0; k < n; k++, p += rec)
        {
          if (b->nlines == cap)
            {
              struct bpfobj_line *nl = realloc(b->lines, 2 * cap * sizeof *nl);
              if (!nl)
                return 0;   /* what was read stays */
              b->lines = nl;
              cap *= 2;
            }
          struct bpfobj_line *L = &b->lines[b->nlines++];
          uint32_t line_col = rd32(p + offsetof(struct bpf_line_info, line_col));
          L->sec = sec;
          L->off = rd32(p + offsetof(struct bpf_line_info, insn_off));
          L->file = str_at(b->btf, rd32(p + offsetof(struct bpf_line_info, file_name_off)));
          L->text = str_at(b->btf, rd32(p + offsetof(struct bpf_line_info, line_off)));
          L->line = BPF_LINE_INFO_LINE_NUM(line_col);
          L->col = BPF_LINE_INFO_LINE_COL(line_col);
        }
    }
  return 0;
}

static int silent_print(enum libbpf_print_level l, const char *f, va_list ap)
{
  (void)l; (void)f; (void)ap;
  return 0;
}

struct bpfobj_btf *bpfobj_btf_read(const struct bpfobj *o)
{
  struct bpfobj_btf *b = bpfobj_xcalloc(1, sizeof *b);
  const struct bpfobj_sec *S = bpfobj_sec_by_name(o, ".BTF");
  if (!S || !S->data)
    return b;
  /* The kernel takes BTF version 1 only; libbpf 1.1 does not check the
     version, so it is checked here, as the kernel would.  libbpf's
     diagnostics are not ours: its users say what invalid BTF costs.  */
  libbpf_set_print(silent_print);
  struct btf *t = S->size >= 4 && S->data[2] == 1 ? btf__new(S->data, S->size) : NULL;
  if (!t || libbpf_get_error(t))
    {
      b->refused = 1;
      return b;
    }
  b->btf = t;
  for (size_t s = 1; s < o->nsec; s++)
    if (!strcmp(o->secs[s].name, ".BTF.ext") && o->secs[s].data
        && read_lines(b, o->secs[s].data, o->secs[s].size) == 0)
      break;   /* only the first well-formed .BTF.ext counts */
  return b;
}

void bpfobj_btf_free(struct bpfobj_btf *b)
{
  if (!b)
    return;
  btf__free(b->btf);
  free(b->lines);
  free(b);
}
