/* bpfobj.c - read a BPF ELF object: header, sections, symbols and
   relocations (see bpfobj.h).  One reader for bpf-run, its debugger and
   bpf-asm -d, so that a check made here is made for all of them.  The
   file is untrusted: every offset, size and index is checked before it is
   used, and a file that fails a check is refused whole.  */
/* program_invocation_short_name, for the out-of-memory message, whatever
   the compiler's flags (the tests build this file without -D_GNU_SOURCE) */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "obj/bpfobj.h"

#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Larger objects are refused before they are read (bpf-run's limit).  */
#define MAX_OBJECT_FILE (512u << 20)
/* More sections than ELF numbers without extended numbering.  */
#define MAX_SECTIONS 65536

void *bpfobj_xcalloc(size_t n, size_t s)
{
  void *p = calloc(n ? n : 1, s ? s : 1);
  if (!p)
    {
      /* no caller can do better than stop */
      fprintf(stderr, "%s: error: out of memory\n", program_invocation_short_name);
      exit(2);
    }
  return p;
}

static int fail(const struct bpfobj *o, char *err, size_t errlen, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int n = snprintf(err, errlen, "%s: error: ", o->name);
  if (n < 0 || (size_t)n >= errlen)
    n = 0;
  vsnprintf(err + n, errlen - n, fmt, ap);
  va_end(ap);
  return -1;
}

#define FAIL(...) fail(o, err, errlen, __VA_ARGS__)

/* The symbol table: the first SHT_SYMTAB (ELF allows one).  */
static int read_syms(struct bpfobj *o, Elf *e, char *err, size_t errlen)
{
  for (size_t s = 1; s < o->nsec; s++)
    if (o->secs[s].sh.sh_type == SHT_SYMTAB)
      {
        o->symtab = s;
        break;
      }
  if (!o->symtab)
    return 0;
  const struct bpfobj_sec *S = &o->secs[o->symtab];
  Elf_Data *d = elf_getdata(elf_getscn(e, o->symtab), NULL);
  if (!d || !S->sh.sh_entsize)
    return FAIL("bad symbol table");
  o->nsyms = S->size / sizeof(Elf64_Sym);
  o->syms = bpfobj_xcalloc(o->nsyms, sizeof *o->syms);
  for (size_t i = 0; i < o->nsyms; i++)
    {
      GElf_Sym g;
      if (!gelf_getsym(d, (int)i, &g))
        return FAIL("bad symbol %zu", i);
      struct bpfobj_sym *y = &o->syms[i];
      const char *n = elf_strptr(e, S->sh.sh_link, g.st_name);
      y->name = n ? n : "";
      y->value = g.st_value;
      y->size = g.st_size;
      y->shndx = g.st_shndx;
      y->bind = GELF_ST_BIND(g.st_info);
      y->type = GELF_ST_TYPE(g.st_info);
      y->vis = GELF_ST_VISIBILITY(g.st_other);
      /* relocations name section symbols by their sections */
      if (y->type == STT_SECTION && y->shndx < o->nsec)
        y->name = o->secs[y->shndx].name;
    }
  return 0;
}

/* Each SHT_REL section's entries go to the section they apply to.  */
static int read_rels(struct bpfobj *o, Elf *e, char *err, size_t errlen)
{
  for (size_t s = 1; s < o->nsec; s++)
    {
      const struct bpfobj_sec *R = &o->secs[s];
      if (R->sh.sh_type != SHT_REL)
        continue;
      if (R->sh.sh_info == 0)
        continue;   /* dynamic relocations (.rel.dyn): no section's, none of ours */
      if (R->sh.sh_info >= o->nsec)
        return FAIL("relocation section %s applies to section %u, which does not exist",
                    R->name, (unsigned)R->sh.sh_info);
      if (!o->symtab || R->sh.sh_link != o->symtab)
        return FAIL("relocation section %s does not use the symbol table", R->name);
      if (R->sh.sh_entsize != sizeof(Elf64_Rel))
        return FAIL("relocation section %s has entries of %llu bytes, not %zu", R->name,
                    (unsigned long long)R->sh.sh_entsize, sizeof(Elf64_Rel));
      Elf_Data *d = elf_getdata(elf_getscn(e, s), NULL);
      size_t n = R->size / sizeof(Elf64_Rel);
      if (n && !d)
        return FAIL("bad relocation section %s", R->name);
      struct bpfobj_sec *T = &o->secs[R->sh.sh_info];
      struct bpfobj_rel *nr = realloc(T->rels, (T->nrels + n + 1) * sizeof *nr);
      if (!nr)
        return FAIL("out of memory");
      T->rels = nr;
      for (size_t i = 0; i < n; i++)
        {
          GElf_Rel r;
          if (!gelf_getrel(d, (int)i, &r))
            return FAIL("bad relocation %zu in %s", i, R->name);
          size_t symi = GELF_R_SYM(r.r_info);
          if (symi >= o->nsyms)
            return FAIL("relocation against bad symbol %zu", symi);
          struct bpfobj_rel *q = &T->rels[T->nrels++];
          q->off = r.r_offset;
          q->type = GELF_R_TYPE(r.r_info);
          q->sym = symi;
        }
    }
  return 0;
}

static int read_elf(struct bpfobj *o, size_t len, char *err, size_t errlen)
{
  elf_version(EV_CURRENT);
  Elf *e = elf_memory((char *)o->file, len);
  o->elf = e;
  if (!e || elf_kind(e) != ELF_K_ELF)
    return FAIL("not an ELF file");
  GElf_Ehdr eh;
  if (!gelf_getehdr(e, &eh))
    return FAIL("bad ELF header");
  if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_ident[EI_DATA] != ELFDATA2LSB)
    return FAIL("not a 64-bit little-endian ELF file");
  if (eh.e_machine != EM_BPF)
    return FAIL("not a BPF object (e_machine %u)", eh.e_machine);
  o->eh = eh;   /* GElf_Ehdr is Elf64_Ehdr */
  size_t shstrndx;
  if (elf_getshdrnum(e, &o->nsec) || elf_getshdrstrndx(e, &shstrndx))
    return FAIL("bad section table");
  if (o->nsec > MAX_SECTIONS)
    return FAIL("too many sections");
  o->secs = bpfobj_xcalloc(o->nsec, sizeof *o->secs);
  for (size_t s = 0; s < o->nsec; s++)
    {
      struct bpfobj_sec *S = &o->secs[s];
      S->name = "";
      Elf_Scn *scn = elf_getscn(e, s);
      if (!scn || !gelf_getshdr(scn, &S->sh))
        return FAIL("bad section header %zu", s);
      const char *nm = elf_strptr(e, shstrndx, S->sh.sh_name);
      S->name = nm ? nm : "";
      if (s && S->sh.sh_type != SHT_NOBITS && S->sh.sh_type != SHT_NULL)
        {
          if (S->sh.sh_offset > len || S->sh.sh_size > len - S->sh.sh_offset)
            return FAIL("section %s extends past the end of the file", S->name);
          S->data = o->file + S->sh.sh_offset;
          S->size = S->sh.sh_size;
        }
    }
  if (read_syms(o, e, err, errlen) || read_rels(o, e, err, errlen))
    return -1;
  return 0;
}

struct bpfobj *bpfobj_read(const void *buf, size_t len, const char *name,
                           char *err, size_t errlen)
{
  struct bpfobj *o = bpfobj_xcalloc(1, sizeof *o);
  snprintf(o->name, sizeof o->name, "%s", name);
  /* a private copy: names and section data point into it, and libelf
     keeps reading it, for as long as the object lives */
  o->file = bpfobj_xcalloc(1, len + 1);
  memcpy(o->file, buf, len);
  if (read_elf(o, len, err, errlen))
    {
      bpfobj_free(o);
      return NULL;
    }
  return o;
}

struct bpfobj *bpfobj_read_file(const char *path, char *err, size_t errlen)
{
  FILE *f = fopen(path, "rb");
  struct stat st;
  if (!f || fstat(fileno(f), &st))
    {
      snprintf(err, errlen, "%s: error: %s", path, strerror(errno));
      if (f)
        fclose(f);
      return NULL;
    }
  if (S_ISDIR(st.st_mode))
    {
      snprintf(err, errlen, "%s: error: is a directory", path);
      fclose(f);
      return NULL;
    }
  /* regular files are read at their size, others (pipes, /proc/self/fd)
     until their end */
  size_t cap = S_ISREG(st.st_mode) && st.st_size > 0 ? (size_t)st.st_size + 1 : 4096, n = 0;
  uint8_t *b = NULL;
  for (;;)
    {
      if (cap > (size_t)MAX_OBJECT_FILE + 1)
        cap = (size_t)MAX_OBJECT_FILE + 1;
      uint8_t *nb = realloc(b, cap);
      if (!nb)
        {
          snprintf(err, errlen, "%s: error: out of memory", path);
          goto out;
        }
      b = nb;
      size_t k = fread(b + n, 1, cap - n, f);
      n += k;
      if (n > MAX_OBJECT_FILE)
        {
          snprintf(err, errlen, "%s: error: file too large (more than %u bytes)", path,
                   MAX_OBJECT_FILE);
          goto out;
        }
      if (k == 0 || n < cap)
        break;
      cap *= 2;
    }
  if (ferror(f))
    {
      snprintf(err, errlen, "%s: error: %s", path, strerror(errno));
      goto out;
    }
  fclose(f);
  struct bpfobj *o = bpfobj_read(b, n, path, err, errlen);
  free(b);
  return o;
out:
  free(b);
  fclose(f);
  return NULL;
}

void bpfobj_free(struct bpfobj *o)
{
  if (!o)
    return;
  if (o->elf)
    elf_end(o->elf);
  for (size_t s = 0; s < o->nsec; s++)
    free(o->secs[s].rels);
  free(o->secs);
  free(o->syms);
  free(o->file);
  free(o);
}

const struct bpfobj_sec *bpfobj_sec_by_name(const struct bpfobj *o, const char *name)
{
  for (size_t s = 1; s < o->nsec; s++)
    if (!strcmp(o->secs[s].name, name))
      return &o->secs[s];
  return NULL;
}
