/* objcmp.c - compare a bpf-asm object (A) with a bpf-as 2.40 object (B)
   section by section, by what a loader sees.

   Each relocated field is replaced by its target as libbpf computes it:
   (section or undefined symbol name, offset).  For A that is the standard
   REL meaning: in-place addend + st_value(symbol).  For B's lddw
   relocations (R_BPF_INSN_64) bpf-as 2.40 already put st_value+addend in
   the instruction while relocating against the symbol, which libbpf
   would add again: the intended target is the imm alone.  This is the one
   intended difference in section contents; it is normalised here and
   counted ("lddw-fixed").  Relocation type numbers are mapped from
   binutils 2.40 (12 DATA_64, 11 DATA_32) to LLVM's (2 ABS64, 3 ABS32).
   Symbols are compared by name, binding, type, size, section and value.
   Usage: objcmp A.o B.o   exit 0 when equivalent.  */
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct obj { Elf *e; size_t shstrndx; Elf_Scn *symscn; size_t symstr; };

static int
open_obj (const char *p, struct obj *o)
{
  int fd = open (p, O_RDONLY);
  if (fd < 0) { perror (p); return -1; }
  o->e = elf_begin (fd, ELF_C_READ, NULL);
  if (!o->e) return -1;
  elf_getshdrstrndx (o->e, &o->shstrndx);
  o->symscn = NULL;
  for (Elf_Scn *s = elf_nextscn (o->e, NULL); s; s = elf_nextscn (o->e, s))
    {
      GElf_Shdr h; gelf_getshdr (s, &h);
      if (h.sh_type == SHT_SYMTAB) { o->symscn = s; o->symstr = h.sh_link; }
    }
  return 0;
}

static const char *
scn_name (struct obj *o, Elf_Scn *s)
{
  GElf_Shdr h; gelf_getshdr (s, &h);
  return elf_strptr (o->e, o->shstrndx, h.sh_name);
}

static Elf_Scn *
find_scn (struct obj *o, const char *name)
{
  for (Elf_Scn *s = elf_nextscn (o->e, NULL); s; s = elf_nextscn (o->e, s))
    if (!strcmp (scn_name (o, s), name)) return s;
  return NULL;
}

static int
get_sym (struct obj *o, size_t i, GElf_Sym *sym)
{
  Elf_Data *d = elf_getdata (o->symscn, NULL);
  return gelf_getsym (d, (int) i, sym) != NULL;
}

/* Describe a symbol's location: "sec" name or "*undef:name".  */
static void
sym_where (struct obj *o, GElf_Sym *sym, char *buf, size_t n)
{
  if (sym->st_shndx == SHN_UNDEF)
    snprintf (buf, n, "*undef:%s", elf_strptr (o->e, o->symstr, sym->st_name));
  else if (sym->st_shndx == SHN_ABS)
    snprintf (buf, n, "*abs");
  else if (sym->st_shndx == SHN_COMMON)
    snprintf (buf, n, "*common:%s", elf_strptr (o->e, o->symstr, sym->st_name));
  else
    snprintf (buf, n, "%s", scn_name (o, elf_getscn (o->e, sym->st_shndx)));
}

static int strict;

struct rel { uint64_t off; int type; char where[256]; int64_t add; };

static int
map_type (int t, int is_b)
{
  /* Against bpf-as, NODYLD32 and ABS32 are the same thing (binutils 2.40
     has one DATA_32); they differ only for dynamic loaders.  */
  if (!is_b) return t == 4 && !strict ? 3 : t;
  switch (t) { case 12: return 2; case 11: return 3; default: return t; }
}

/* -l: against llvm-mc, sections it generates from directives bpf-asm
   ignores (.loc, .cfi_*, .addrsig), and gas-style padding of section
   sizes to their alignment, are not differences.  */
static int llvm_mode;
static int
llvm_ignored (const char *n)
{
  return llvm_mode && (!strcmp (n, ".llvm_addrsig") || !strcmp (n, ".debug_line")
                       || !strcmp (n, ".debug_frame") || !strcmp (n, ".debug_line_str")
                       || !strcmp (n, ".rel.debug_line") || !strcmp (n, ".rel.debug_frame"));
}

/* Collect the normalised relocations of section S and patch the relocated
   fields in BUF to zero.  */
static int
collect (struct obj *o, Elf_Scn *s, uint8_t *buf, size_t size, struct rel **out,
         int is_b, int *fixed)
{
  size_t idx = elf_ndxscn (s), n = 0;
  struct rel *r = NULL;
  for (Elf_Scn *x = elf_nextscn (o->e, NULL); x; x = elf_nextscn (o->e, x))
    {
      GElf_Shdr h; gelf_getshdr (x, &h);
      if (h.sh_type != SHT_REL || h.sh_info != idx) continue;
      Elf_Data *d = elf_getdata (x, NULL);
      size_t cnt = h.sh_size / h.sh_entsize;
      r = realloc (r, (n + cnt) * sizeof *r);
      for (size_t i = 0; i < cnt; i++)
        {
          GElf_Rel rl; gelf_getrel (d, (int) i, &rl);
          GElf_Sym sym; get_sym (o, GELF_R_SYM (rl.r_info), &sym);
          struct rel *q = &r[n++];
          q->off = rl.r_offset;
          q->type = map_type ((int) GELF_R_TYPE (rl.r_info), is_b);
          sym_where (o, &sym, q->where, sizeof q->where);
          int64_t inplace = 0;
          size_t fo = q->off, fl = 0;
          if (q->type == 1 || q->type == 10) { fo += 4; fl = 4; }
          else if (q->type == 2) fl = 8;
          else fl = 4;
          if (fo + fl > size) { fprintf (stderr, "reloc out of range\n"); return -1; }
          for (size_t k = 0; k < fl; k++) inplace |= (int64_t) buf[fo + k] << (8 * k);
          if (fl == 4) inplace = (int32_t) inplace;
          int defined = sym.st_shndx != SHN_UNDEF && sym.st_shndx != SHN_COMMON;
          int64_t value = defined ? (int64_t) sym.st_value : 0;
          if (q->type == 10)
            {
              /* bpf-to-bpf call: libbpf's target is st_value/8 + imm + 1
                 (in instructions).  */
              if (!defined)
                q->add = inplace;
              else if (is_b && GELF_ST_TYPE (sym.st_info) != STT_SECTION)
                {
                  /* bpf-as 2.40 puts a meaningless imm in calls to a
                     defined global function; the intent is the symbol.  */
                  q->add = value;
                  (*fixed)++;
                }
              else
                q->add = value + (inplace + 1) * 8;
              if (!strict && defined && sym.st_shndx == idx)
                {
                  /* A call within the section: bpf-as resolves it itself
                     (no relocation), bpf-asm relocates against the global
                     function as LLVM does.  Both reach the same
                     instruction: compare the resolved call.  */
                  int64_t imm = ((int64_t) q->add - (int64_t) (q->off + 8)) / 8;
                  for (size_t k = 0; k < 4; k++)
                    buf[fo + k] = (uint8_t) ((uint64_t) imm >> (8 * k));
                  n--;
                  continue;
                }
            }
          else if (is_b && GELF_ST_TYPE (sym.st_info) != STT_SECTION
                   && defined)
            {
              q->add = inplace;        /* bpf-as baked st_value in already */
              (*fixed)++;
            }
          else
            q->add = inplace + value;
          memset (buf + fo, 0, fl);
        }
    }
  *out = r;
  return (int) n;
}

static int
cmp_rel (const void *a, const void *b)
{
  const struct rel *x = a, *y = b;
  return x->off < y->off ? -1 : x->off > y->off;
}

int
main (int argc, char **argv)
{
  while (argc > 3 && argv[1][0] == '-')
    {
      /* -s strict: B is another bpf-asm object (round trip) or an LLVM
         one: no bpf-as corrections.  -l: B comes from llvm-mc.  */
      if (!strcmp (argv[1], "-s"))
        strict = 1;
      else if (!strcmp (argv[1], "-l"))
        strict = llvm_mode = 1;
      argv++;
      argc--;
    }
  if (argc != 3) { fprintf (stderr, "usage: objcmp [-s] A.o B.o\n"); return 2; }
  elf_version (EV_CURRENT);
  struct obj a, b;
  if (open_obj (argv[1], &a) || open_obj (argv[2], &b)) return 2;
  int bad = 0, fixed = 0, nsec = 0;
  for (Elf_Scn *s = elf_nextscn (b.e, NULL); s; s = elf_nextscn (b.e, s))
    {
      GElf_Shdr hb; gelf_getshdr (s, &hb);
      const char *nm = scn_name (&b, s);
      if (hb.sh_type == SHT_SYMTAB || hb.sh_type == SHT_STRTAB || hb.sh_type == SHT_REL
          || hb.sh_type == SHT_RELA)
        continue;
      if (llvm_ignored (nm))
        continue;
      Elf_Scn *sa = find_scn (&a, nm);
      if (!sa) { printf ("missing section %s\n", nm); bad++; continue; }
      GElf_Shdr ha; gelf_getshdr (sa, &ha);
      nsec++;
      if (llvm_mode && hb.sh_addralign > 1 && ha.sh_size != hb.sh_size
          && ha.sh_size == (hb.sh_size + hb.sh_addralign - 1) / hb.sh_addralign * hb.sh_addralign)
        {
          /* gas-style padding: the extra bytes must be zero.  */
          if (ha.sh_type != SHT_NOBITS)
            {
              Elf_Data *dd = elf_getdata (sa, NULL);
              for (size_t k = hb.sh_size; k < ha.sh_size; k++)
                if (((uint8_t *) dd->d_buf)[k]) { printf ("%s: non-zero padding\n", nm); bad++; break; }
            }
          ha.sh_size = hb.sh_size;
        }
      if (ha.sh_type != hb.sh_type || ha.sh_size != hb.sh_size
          || (ha.sh_flags & ~(uint64_t) SHF_INFO_LINK) != (hb.sh_flags & ~(uint64_t) SHF_INFO_LINK)
          || ha.sh_entsize != hb.sh_entsize)
        {
          printf ("%s: header differs (type %u/%u size %lu/%lu flags %lx/%lx)\n", nm,
                  ha.sh_type, hb.sh_type, (unsigned long) ha.sh_size, (unsigned long) hb.sh_size,
                  (unsigned long) ha.sh_flags, (unsigned long) hb.sh_flags);
          bad++;
          continue;
        }
      if (hb.sh_type == SHT_NOBITS) continue;
      Elf_Data *da = elf_getdata (sa, NULL), *db = elf_getdata (s, NULL);
      size_t size = hb.sh_size;
      uint8_t *ba = calloc (1, size + 1), *bb = calloc (1, size + 1);
      if (size) { memcpy (ba, da->d_buf, size); memcpy (bb, db->d_buf, size); }
      struct rel *ra, *rb;
      int na = collect (&a, sa, ba, size, &ra, 0, &fixed);
      int nb = collect (&b, s, bb, size, &rb, !strict, &fixed);
      if (na < 0 || nb < 0) return 2;
      qsort (ra, (size_t) na, sizeof *ra, cmp_rel);
      qsort (rb, (size_t) nb, sizeof *rb, cmp_rel);
      if (na != nb) { printf ("%s: %d relocations vs %d\n", nm, na, nb); bad++; }
      for (int i = 0; i < na && i < nb; i++)
        if (ra[i].off != rb[i].off || ra[i].type != rb[i].type
            || strcmp (ra[i].where, rb[i].where) || ra[i].add != rb[i].add)
          {
            printf ("%s+0x%lx: reloc %d %s%+ld vs %d %s%+ld\n", nm, (unsigned long) ra[i].off,
                    ra[i].type, ra[i].where, (long) ra[i].add, rb[i].type, rb[i].where,
                    (long) rb[i].add);
            bad++;
          }
      if (memcmp (ba, bb, size))
        {
          for (size_t i = 0; i < size; i++)
            if (ba[i] != bb[i])
              {
                printf ("%s: contents differ at 0x%lx (%02x vs %02x)\n", nm, (unsigned long) i, ba[i], bb[i]);
                break;
              }
          bad++;
        }
      free (ba); free (bb); free (ra); free (rb);
    }
  /* Symbols.  */
  GElf_Shdr hs; gelf_getshdr (b.symscn, &hs);
  size_t nsb = hs.sh_size / sizeof (Elf64_Sym);
  gelf_getshdr (a.symscn, &hs);
  size_t nsa = hs.sh_size / sizeof (Elf64_Sym);
  for (size_t i = 1; i < nsb; i++)
    {
      GElf_Sym sb; get_sym (&b, i, &sb);
      if (GELF_ST_TYPE (sb.st_info) == STT_SECTION) continue;
      const char *nm = elf_strptr (b.e, b.symstr, sb.st_name);
      int found = 0;
      for (size_t j = 1; j < nsa; j++)
        {
          GElf_Sym sa; get_sym (&a, j, &sa);
          if (GELF_ST_TYPE (sa.st_info) == STT_SECTION) continue;
          if (strcmp (nm, elf_strptr (a.e, a.symstr, sa.st_name))) continue;
          char wa[256], wb[256];
          sym_where (&a, &sa, wa, sizeof wa);
          sym_where (&b, &sb, wb, sizeof wb);
          found = 1;
          if (sa.st_info != sb.st_info || sa.st_size != sb.st_size || sa.st_value != sb.st_value
              || strcmp (wa, wb) || sa.st_other != sb.st_other)
            {
              printf ("symbol %s differs: info %x/%x size %lu/%lu value %lx/%lx in %s/%s\n", nm,
                      sa.st_info, sb.st_info, (unsigned long) sa.st_size, (unsigned long) sb.st_size,
                      (unsigned long) sa.st_value, (unsigned long) sb.st_value, wa, wb);
              bad++;
            }
          break;
        }
      if (!found) { printf ("symbol %s missing\n", nm); bad++; }
    }
  printf ("%s: %d sections compared, %d bpf-as relocations corrected, %d differences\n", argv[1], nsec, fixed, bad);
  return bad ? 1 : 0;
}
