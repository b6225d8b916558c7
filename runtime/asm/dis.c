/* dis.c - bpf-asm -d: print an ELF BPF object as source that bpf-asm
   assembles back to the same section contents, relocations and symbols.
   The object is read by the reader bpf-run uses (obj/bpfobj.h), which
   refuses a file it cannot read before anything is printed; objects
   bpf-run would not run are shown all the same.  */
#include "asm/asm.h"
#include "obj/bpfobj.h"

#include <stdlib.h>
#include <string.h>

struct drel { uint64_t off; int type; const char *name; int is_section; int defined; };

static int
cmp_rel (const void *a, const void *b)
{
  const struct drel *x = a, *y = b;
  return x->off < y->off ? -1 : x->off > y->off;
}

static int
cmp_sym (const void *a, const void *b)
{
  const struct bpfobj_sym *const *x = a, *const *y = b;
  if ((*x)->value != (*y)->value)
    return (*x)->value < (*y)->value ? -1 : 1;
  return 0;
}

/* Symbols need quoting when they are not plain identifiers.  */
static int
plain_name (const char *s)
{
  if (!*s)
    return 0;
  for (const char *p = s; *p; p++)
    if (!(((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_'
           || *p == '.' || *p == '$') || (p != s && *p >= '0' && *p <= '9')))
      return 0;
  return 1;
}

static void
sym_attrs (FILE *out, const struct bpfobj_sym *y)
{
  if (y->bind == STB_GLOBAL)
    fprintf (out, "\t.globl\t%s\n", y->name);
  else if (y->bind == STB_WEAK)
    fprintf (out, "\t.weak\t%s\n", y->name);
  if (y->vis == STV_HIDDEN)
    fprintf (out, "\t.hidden\t%s\n", y->name);
  else if (y->vis == STV_PROTECTED)
    fprintf (out, "\t.protected\t%s\n", y->name);
  else if (y->vis == STV_INTERNAL)
    fprintf (out, "\t.internal\t%s\n", y->name);
  if (y->type == STT_FUNC)
    fprintf (out, "\t.type\t%s, @function\n", y->name);
  else if (y->type == STT_OBJECT)
    fprintf (out, "\t.type\t%s, @object\n", y->name);
  if (y->size)
    fprintf (out, "\t.size\t%s, %llu\n", y->name, (unsigned long long) y->size);
}

static void
target_str (const struct drel *r, int64_t add, char *buf, size_t n)
{
  const char *q = plain_name (r->name) ? "" : "\"";
  if (add)
    snprintf (buf, n, "%s%s%s%+lld", q, r->name, q, (long long) add);
  else
    snprintf (buf, n, "%s%s%s", q, r->name, q);
}

/* Names that can be written quoted: no quote, no newline, not empty.  */
static int
quotable (const char *s)
{
  return *s && !strpbrk (s, "\"\n\\");
}

static void
bytes_line (FILE *out, const uint8_t *p, size_t n)
{
  fputs ("\t.byte\t", out);
  for (size_t i = 0; i < n; i++)
    fprintf (out, "%s0x%02x", i ? "," : "", p[i]);
}

int
dis_file (const char *path, enum bpf_syntax syntax, int show_bytes, FILE *out)
{
  char err[1024];
  struct bpfobj *o = bpfobj_read_file (path, err, sizeof err);
  if (!o)
    {
      fprintf (stderr, "%s\n", err);
      return -1;
    }
  const Elf64_Ehdr eh = o->eh;
  fprintf (out, "# bpf-asm -d %s\n", path);
  /* e_flags survive the round trip through bpf-asm's .eflags.  */
  if (eh.e_flags)
    fprintf (out, "\t.eflags\t0x%x%s\n", (unsigned) eh.e_flags,
             eh.e_flags == EF_BPF_GNU_XBPF ? "\t# EF_BPF_GNU_XBPF" : "");
  for (size_t i = 0; i < o->nsyms; i++)
    {
      const struct bpfobj_sym *y = &o->syms[i];
      if (i == 0 || y->type == STT_SECTION)
        continue;
      if (y->type == STT_FILE && y->name[0])
        fprintf (out, "\t.file\t\"%s\"\n", y->name);
      else if (y->shndx == SHN_UNDEF && y->name[0])
        fprintf (out, "\t.%s\t%s\n", y->bind == STB_WEAK ? "weak" : "globl", y->name);
      else if (y->shndx == SHN_COMMON)
        {
          sym_attrs (out, y);
          fprintf (out, "\t.comm\t%s,%llu,%llu\n", y->name,
                   (unsigned long long) y->size, (unsigned long long) y->value);
        }
      else if (y->shndx == SHN_ABS && y->name[0])
        {
          fprintf (out, "\t.set\t%s, %lld\n", y->name, (long long) y->value);
          sym_attrs (out, y);
        }
    }
  int rc = 0;
  FILE *real_out = out, *nullf = NULL;
  for (size_t idx = 1; idx < o->nsec; idx++)
    {
      const struct bpfobj_sec *S = &o->secs[idx];
      const Elf64_Shdr h = S->sh;
      if (h.sh_type != SHT_PROGBITS && h.sh_type != SHT_NOBITS && h.sh_type != SHT_NOTE
          && h.sh_type != SHT_INIT_ARRAY)
        continue;
      const char *nm = S->name;
      char flags[16];
      int nf = 0;
      if (h.sh_flags & SHF_ALLOC) flags[nf++] = 'a';
      if (h.sh_flags & SHF_WRITE) flags[nf++] = 'w';
      if (h.sh_flags & SHF_EXECINSTR) flags[nf++] = 'x';
      if (h.sh_flags & SHF_MERGE) flags[nf++] = 'M';
      if (h.sh_flags & SHF_STRINGS) flags[nf++] = 'S';
      if (h.sh_flags & SHF_EXCLUDE) flags[nf++] = 'e';
      flags[nf] = 0;
      const char *ty = h.sh_type == SHT_NOBITS ? "nobits"
                       : h.sh_type == SHT_NOTE ? "note"
                       : h.sh_type == SHT_INIT_ARRAY ? "init_array" : "progbits";
      fprintf (out, "\n\t.section\t\"%s\",\"%s\",@%s", nm, flags, ty);
      if (h.sh_flags & SHF_MERGE)
        fprintf (out, ",%llu", (unsigned long long) h.sh_entsize);
      fputc ('\n', out);
      if (h.sh_addralign > 1 && !(h.sh_addralign & (h.sh_addralign - 1)))
        fprintf (out, "\t.balign\t%llu\n", (unsigned long long) h.sh_addralign);
      /* Relocations of this section.  */
      size_t nrel = S->nrels;
      struct drel *rels = calloc (nrel + 1, sizeof *rels);
      for (size_t i = 0; rels && i < nrel; i++)
        {
          const struct bpfobj_sym *y = &o->syms[S->rels[i].sym];
          struct drel *q = &rels[i];
          q->off = S->rels[i].off;
          q->type = (int) S->rels[i].type;
          q->name = y->name;
          q->is_section = y->type == STT_SECTION;
          q->defined = y->shndx != SHN_UNDEF;
        }
      if (!rels)
        nrel = 0;
      if (nrel)
        qsort (rels, nrel, sizeof *rels, cmp_rel);
      /* Symbols defined here, by value.  */
      const struct bpfobj_sym **here = calloc (o->nsyms + 1, sizeof *here);
      size_t nhere = 0;
      for (size_t i = 1; here && i < o->nsyms; i++)
        if (o->syms[i].shndx == idx && o->syms[i].type != STT_SECTION
            && o->syms[i].type != STT_FILE && o->syms[i].name[0]
            && plain_name (o->syms[i].name))
          here[nhere++] = &o->syms[i];
      qsort (here, nhere, sizeof *here, cmp_sym);
      const uint8_t *buf = S->data;
      size_t size = h.sh_type == SHT_NOBITS ? h.sh_size : S->size;
      int exec = (h.sh_flags & SHF_EXECINSTR) != 0;
      /* Jump and pc-relative call targets print as labels .LdisS_OFF.  A
         first pass over an executable section, its output discarded,
         finds where lines start (a label can only go there) and where
         jumps go.  */
      uint8_t *starts = NULL, *targets = NULL;
      int first_pass = 1;
      if (exec && buf && size)
        {
          if (!nullf)
            nullf = fopen ("/dev/null", "w");
          starts = nullf ? calloc (size + 1, 1) : NULL;
          targets = nullf ? calloc (size + 1, 1) : NULL;
          if (starts && targets)
            first_pass = 0;
        }
      for (int pass = first_pass; pass < 2; pass++)
        {
          FILE *out = pass ? real_out : nullf;
          size_t off = 0, ri = 0, si = 0;
          while (off < size || si < nhere)
            {
              while (si < nhere && here[si]->value <= off)
                {
                  if (here[si]->value == off)
                    {
                      sym_attrs (out, here[si]);
                      fprintf (out, "%s:\n", here[si]->name);
                    }
                  si++;
                }
              if (starts && off < size)
                {
                  if (pass == 0)
                    starts[off] = 1;
                  else if (targets[off] && starts[off])
                    {
                      fprintf (out, ".Ldis%zu_%zx:\n", idx, off);
                      targets[off] = 0;
                    }
                }
              if (off >= size)
                {
                  if (si < nhere)
                    {
                      /* Symbols past the end (e.g. end labels).  */
                      uint64_t v = here[si]->value;
                      if (h.sh_type == SHT_NOBITS && v > off && v - off < (1u << 30))
                        fprintf (out, "\t.zero\t%llu\n", (unsigned long long) (v - off));
                      else
                        fprintf (out, "\t.set\t%s, . + %llu\n", here[si]->name,
                                 (unsigned long long) (v - off)), si++;
                      if (h.sh_type == SHT_NOBITS && v > off)
                        off = v;
                      continue;
                    }
                  break;
                }
              size_t next = size;
              if (si < nhere && here[si]->value < next)
                next = here[si]->value;
              while (ri < nrel && rels[ri].off < off)
                ri++;
              if (h.sh_type == SHT_NOBITS)
                {
                  fprintf (out, "\t.zero\t%llu\n", (unsigned long long) (next - off));
                  off = next;
                  continue;
                }
              if (exec && off + 8 <= size && next - off >= 8)
                {
                  struct bpf_insn in;
                  int n = bpf_insn_decode (buf + off, size - off, &in);
                  int has_rel = ri < nrel && rels[ri].off == off;
                  int rel_inside = ri < nrel && rels[ri].off > off
                                   && rels[ri].off < off + (n > 0 ? (size_t) n : 8);
                  char tgt[512];
                  const char *target = NULL;
                  int ok = n > 0 && (size_t) n <= next - off && bpf_insn_canonical (&in)
                           && !rel_inside;
                  if (ok && has_rel)
                    {
                      const struct drel *r = &rels[ri];
                      if (r->type == R_BPF_64_64 && in.op->fmt == BPF_F_LDDW && in.src == 0
                          && in.imm2 == 0)
                        {
                          target_str (r, in.imm, tgt, sizeof tgt);
                          target = tgt;
                        }
                      else if (r->type == R_BPF_64_32 && in.op->fmt == BPF_F_CALL)
                        {
                          if (in.src == BPF_PSEUDO_KFUNC_CALL || (!r->is_section && in.imm == -1))
                            target_str (r, 0, tgt, sizeof tgt);
                          else if (r->is_section)
                            target_str (r, ((int64_t) in.imm + 1) * 8, tgt, sizeof tgt);
                          else
                            target_str (r, 0, tgt, sizeof tgt);
                          target = tgt;
                        }
                      else
                        ok = 0;
                      if (target && !quotable (r->name))
                        ok = 0;
                    }
                  /* An xBPF encoding in an object without EF_BPF_GNU_XBPF
                     (bytes from .uleb128 or .byte in code) stays bytes:
                     written as the instruction, it would be assembled
                     again into an xBPF object.  */
                  int xbpf_bytes = ok && (in.op->flags & BPF_OPF_XBPF)
                                   && !(eh.e_flags & EF_BPF_GNU_XBPF);
                  if (xbpf_bytes)
                    ok = 0;
                  int64_t dest = -1;
                  if (ok && !target && (in.op->fmt == BPF_F_JA || in.op->fmt == BPF_F_JR
                                        || in.op->fmt == BPF_F_JI))
                    dest = (int64_t) off + 8 + (int64_t) in.off * 8;
                  else if (ok && !target && in.op->fmt == BPF_F_JAL)
                    dest = (int64_t) off + 8 + (int64_t) in.imm * 8;
                  else if (ok && !target && in.op->fmt == BPF_F_CALL && in.src == BPF_PSEUDO_CALL)
                    dest = (int64_t) off + 8 + (int64_t) in.imm * 8;
                  char lab[64];
                  if (dest >= 0 && dest < (int64_t) size && starts)
                    {
                      if (pass == 0)
                        targets[dest] = 1;
                      else if (starts[dest])
                        {
                          snprintf (lab, sizeof lab, ".Ldis%zu_%llx", idx,
                                    (unsigned long long) dest);
                          target = lab;
                        }
                    }
                  if (ok)
                    {
                      char text[600];
                      bpf_insn_print (&in, syntax, target, text, sizeof text);
                      fprintf (out, "\t%s", text);
                      if (show_bytes)
                        {
                          fprintf (out, "\t# %04zx:", off);
                          for (int k = 0; k < n; k++)
                            fprintf (out, " %02x", buf[off + (size_t) k]);
                        }
                      if (dest >= 0)
                        {
                          fprintf (out, "%s-> 0x%llx", show_bytes ? " " : "\t# ",
                                   (unsigned long long) dest);
                          /* The enclosing symbol, for readers.  */
                          const struct bpfobj_sym *best = NULL;
                          for (size_t k = 0; k < nhere; k++)
                            if ((int64_t) here[k]->value <= dest)
                              best = here[k];
                          if (best)
                            fprintf (out, " <%s+0x%llx>", best->name,
                                     (unsigned long long) dest - (unsigned long long) best->value);
                        }
                      fputc ('\n', out);
                      if (has_rel)
                        ri++;
                      off += (size_t) n;
                      continue;
                    }
                  if (!has_rel && !rel_inside)
                    {
                      bytes_line (out, buf + off, 8);
                      fprintf (out, "\t# 0x%04zx: %s\n", off,
                               xbpf_bytes ? "xBPF encoding, not an xBPF object"
                               : in.op ? "non-canonical encoding" : "unknown opcode");
                      off += 8;
                      continue;
                    }
                }
              /* Data: a relocated word, or a run of bytes up to the next
                 relocation/symbol.  */
              if (ri < nrel && rels[ri].off == off)
                {
                  const struct drel *r = &rels[ri];
                  int sz = (r->type == R_BPF_64_ABS64 || r->type == R_BPF_DATA_64) ? 8
                           : (r->type == R_BPF_64_ABS32 || r->type == R_BPF_64_NODYLD32
                              || r->type == R_BPF_DATA_32) ? 4 : 0;
                  if (sz && off + (size_t) sz <= size && quotable (r->name))
                    {
                      uint64_t u = 0;
                      for (int k = 0; k < sz; k++)
                        u |= (uint64_t) buf[off + (size_t) k] << (8 * k);
                      int64_t v = sz == 4 ? (int64_t) (int32_t) (uint32_t) u : (int64_t) u;
                      char t[512];
                      target_str (r, v, t, sizeof t);
                      fprintf (out, "\t.%s\t%s\n", sz == 8 ? "dword" : "word", t);
                      off += (size_t) sz;
                      ri++;
                      continue;
                    }
                  /* An lddw assembled into a data section (R_BPF_64_64 at
                     a BPF_LD | BPF_DW | BPF_IMM word, src 0, second half
                     zero but its imm):
                     written back as the instruction it was.  */
                  if (r->type == R_BPF_64_64 && off + 16 <= size && buf[off] == (BPF_LD | BPF_DW | BPF_IMM)
                      && (buf[off + 1] & 0xf0) == 0 && (buf[off + 1] & 0x0f) <= 10
                      && !buf[off + 2] && !buf[off + 3] && !buf[off + 8] && !buf[off + 9]
                      && !buf[off + 10] && !buf[off + 11] && quotable (r->name))
                    {
                      uint64_t u = 0;
                      for (int k = 0; k < 4; k++)
                        u |= (uint64_t) buf[off + 4 + (size_t) k] << (8 * k)
                             | (uint64_t) buf[off + 12 + (size_t) k] << (8 * k + 32);
                      char t[512];
                      target_str (r, (int64_t) u, t, sizeof t);
                      if (syntax == BPF_SYNTAX_PSEUDOC)
                        fprintf (out, "\tr%d = %s ll\n", buf[off + 1] & 0x0f, t);
                      else
                        fprintf (out, "\tlddw\t%%r%d,%s\n", buf[off + 1] & 0x0f, t);
                      off += 16;
                      ri++;
                      continue;
                    }
                  if (pass)
                    fprintf (stderr, "bpf-asm: %s: %s+0x%zx: relocation type %d not representable\n",
                             path, nm, (size_t) off, r->type);
                  rc = 1;
                  ri++;
                }
              size_t end = next;
              if (ri < nrel && rels[ri].off < end)
                end = rels[ri].off;
              if (end > off + 16)
                end = off + 16;
              if (end <= off)
                end = off + 1;
              if (end > size)
                end = size;
              bytes_line (out, buf + off, end - off);
              fputc ('\n', out);
              off = end;
            }
        }
      free (starts);
      free (targets);
      free (here);
      free (rels);
    }
  if (nullf)
    fclose (nullf);
  bpfobj_free (o);
  return rc;
}
