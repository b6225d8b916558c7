/* elfw.c - write the assembled object as ELF64 little-endian EM_BPF
   relocatable, through libelf.  A regular file is written to a temporary
   beside it, renamed at the end, so that an error never leaves a partial
   object.  Anything else (/dev/null, another character device, a FIFO)
   is written through, as gas does: renaming over it would replace the
   device with a regular file (as root, /dev/null itself).  The object is
   then built in an anonymous temporary first, since libelf seeks and a
   FIFO cannot, and copied through whole.  */
#include "asm/asm.h"

#include <elf.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct strtab { char *buf; size_t len, cap; };

static size_t
str_add (struct strtab *t, const char *s)
{
  size_t n = strlen (s) + 1;
  if (t->len + n > t->cap)
    {
      while (t->len + n > t->cap)
        t->cap = t->cap ? t->cap * 2 : 256;
      t->buf = realloc (t->buf, t->cap);
      if (!t->buf)
        abort ();
    }
  memcpy (t->buf + t->len, s, n);
  t->len += n;
  return t->len - n;
}

static Elf_Scn *
new_scn (Elf *e, const char *name, struct strtab *sh, uint32_t type,
         uint64_t flags, void *buf, size_t size, uint64_t align,
         uint64_t entsize, Elf_Type dtype)
{
  Elf_Scn *scn = elf_newscn (e);
  if (!scn)
    return NULL;
  Elf_Data *d = elf_newdata (scn);
  d->d_buf = buf;
  d->d_size = size;
  d->d_align = align ? align : 1;
  d->d_type = dtype;
  d->d_version = EV_CURRENT;
  GElf_Shdr sh_;
  gelf_getshdr (scn, &sh_);
  sh_.sh_name = str_add (sh, name);
  sh_.sh_type = type;
  sh_.sh_flags = flags;
  sh_.sh_addralign = align ? align : 1;
  sh_.sh_entsize = entsize;
  gelf_update_shdr (scn, &sh_);
  return scn;
}

int
asm_same_file (const char *out, const char *in)
{
  struct stat so, si;
  if (stat (out, &so) != 0)
    return 0;
  if (strcmp (in, "-") ? stat (in, &si) != 0 : fstat (0, &si) != 0)
    return 0;
  /* Only a regular input can be destroyed by writing the output (reading
     /dev/null and writing it is fine); inode 0 is no inode.  */
  return S_ISREG (si.st_mode) && si.st_ino != 0
         && si.st_ino == so.st_ino && si.st_dev == so.st_dev;
}

void
asm_remove_output (const char *path)
{
  /* Like gas's unlink_if_ordinary: never a device, FIFO or directory.  */
  struct stat st;
  if (lstat (path, &st) == 0 && (S_ISREG (st.st_mode) || S_ISLNK (st.st_mode)))
    unlink (path);
}

/* Copy the finished image in FD to PATH, which is not a regular file, with
   plain sequential writes.  0 on success.  */
static int
copy_through (int fd, const char *path)
{
  if (lseek (fd, 0, SEEK_SET) != 0)
    {
      fprintf (stderr, "bpf-asm: error: temporary object: %s\n", strerror (errno));
      return -1;
    }
  int out = open (path, O_WRONLY);
  if (out < 0)
    {
      fprintf (stderr, "bpf-asm: error: %s: %s\n", path, strerror (errno));
      return -1;
    }
  char buf[65536];
  int rc = 0;
  for (;;)
    {
      ssize_t n = read (fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          if (n < 0)
            {
              fprintf (stderr, "bpf-asm: error: temporary object: %s\n", strerror (errno));
              rc = -1;
            }
          break;
        }
      for (ssize_t done = 0; done < n;)
        {
          ssize_t w = write (out, buf + done, (size_t) (n - done));
          if (w < 0 && errno == EINTR)
            continue;
          if (w <= 0)
            {
              fprintf (stderr, "bpf-asm: error: writing %s: %s\n", path,
                       w < 0 ? strerror (errno) : "nothing written");
              close (out);
              return -1;
            }
          done += w;
        }
    }
  if (close (out) != 0 && rc == 0)
    {
      fprintf (stderr, "bpf-asm: error: writing %s: %s\n", path, strerror (errno));
      rc = -1;
    }
  return rc;
}

int
asm_write_elf (struct asm_ctx *c, const char *path)
{
  if (elf_version (EV_CURRENT) == EV_NONE)
    return -1;
  struct stat pst;
  int through = stat (path, &pst) == 0 && !S_ISREG (pst.st_mode);
  if (through && S_ISDIR (pst.st_mode))
    {
      fprintf (stderr, "bpf-asm: error: %s: %s\n", path, strerror (EISDIR));
      return -1;
    }
  char *tmp = NULL;
  FILE *anon = NULL;
  int fd;
  if (through)
    {
      anon = tmpfile ();
      fd = anon ? fileno (anon) : -1;
      if (fd < 0)
        {
          fprintf (stderr, "bpf-asm: error: temporary object: %s\n", strerror (errno));
          return -1;
        }
    }
  else
    {
      size_t plen = strlen (path);
      tmp = malloc (plen + 32);
      if (!tmp)
        return -1;
      snprintf (tmp, plen + 32, "%s.tmp%ld", path, (long) getpid ());
      fd = open (tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (fd < 0)
        {
          fprintf (stderr, "bpf-asm: error: %s: %s\n", tmp, strerror (errno));
          free (tmp);
          return -1;
        }
    }
  Elf *e = elf_begin (fd, ELF_C_WRITE, NULL);
  int rc = -1;
  struct strtab sh = { 0 }, st = { 0 };
  str_add (&sh, "");
  str_add (&st, "");
  GElf_Sym *syms = NULL;
  size_t nsym = 0;
  GElf_Rel **rels = NULL;
  Elf_Scn **scns = NULL, **rscns = NULL;
  int *keep = NULL;
  size_t ns = asm_nsecs (c);
  if (!e)
    goto out;
  GElf_Ehdr eh;
  if (!gelf_newehdr (e, ELFCLASS64))
    goto out;
  gelf_getehdr (e, &eh);
  eh.e_ident[EI_DATA] = ELFDATA2LSB;
  eh.e_ident[EI_OSABI] = ELFOSABI_NONE;
  eh.e_type = ET_REL;
  eh.e_machine = EM_BPF;
  eh.e_version = EV_CURRENT;
  eh.e_flags = asm_eflags (c);
  gelf_update_ehdr (e, &eh);

  /* Every section is written, as gas does (.text, .data and .bss always
     exist), except with --omit-empty-sections an empty .data or .bss that
     no symbol is in and no relocation names: clang writes neither.  */
  keep = calloc (ns + 1, sizeof *keep);
  for (size_t i = 0; i < ns; i++)
    {
      struct asm_sec *s = asm_sec_at (c, i);
      keep[i] = 1;
      if (!asm_omit_empty (c) || s->size || s->nrel
          || (strcmp (s->name, ".data") && strcmp (s->name, ".bss")))
        continue;
      keep[i] = 0;
      for (size_t k = 0; k < asm_nsyms (c) && !keep[i]; k++)
        if (asm_sym_at (c, k)->sec == (int) i)
          keep[i] = 1;
      for (size_t t = 0; t < ns && !keep[i]; t++)
        {
          struct asm_sec *o = asm_sec_at (c, t);
          for (size_t r = 0; r < o->nrel; r++)
            if (o->rels[r].sym == -1 - (int) i)
              keep[i] = 1;
        }
    }
  rels = calloc (ns + 1, sizeof *rels);
  size_t elfidx = 1;
  scns = calloc (ns + 1, sizeof *scns);
  rscns = calloc (ns + 1, sizeof *rscns);
  for (size_t i = 0; i < ns; i++)
    {
      struct asm_sec *s = asm_sec_at (c, i);
      if (!keep[i])
        {
          s->elf_index = 0;
          continue;
        }
      scns[i] = new_scn (e, s->name, &sh, s->type, s->flags,
                         s->type == SHT_NOBITS ? NULL : s->data, s->size,
                         s->align, s->entsize, ELF_T_BYTE);
      s->elf_index = (int) elf_ndxscn (scns[i]);
      elfidx++;
    }
  /* Symbol table: null, FILE, section symbols, locals, then globals.  */
  size_t nsyms = asm_nsyms (c);
  syms = calloc (nsyms + ns + 2, sizeof *syms);
  nsym = 1;
  for (size_t i = 0; i < nsyms; i++)
    {
      struct asm_sym *y = asm_sym_at (c, i);
      if (y->is_file)
        {
          GElf_Sym *g = &syms[nsym];
          g->st_name = str_add (&st, y->name + 6);
          g->st_info = GELF_ST_INFO (STB_LOCAL, STT_FILE);
          g->st_shndx = SHN_ABS;
          y->elf_index = (int) nsym++;
        }
    }
  for (size_t i = 0; i < ns; i++)
    {
      struct asm_sec *s = asm_sec_at (c, i);
      if (!keep[i])
        continue;
      GElf_Sym *g = &syms[nsym];
      g->st_info = GELF_ST_INFO (STB_LOCAL, STT_SECTION);
      g->st_shndx = (Elf64_Section) s->elf_index;
      s->sym_index = (int) nsym++;
    }
  for (int pass = 0; pass < 2; pass++)
    {
      for (size_t i = 0; i < nsyms; i++)
        {
          struct asm_sym *y = asm_sym_at (c, i);
          if (y->is_file || y->temp)
            continue;
          int local = y->bind == STB_LOCAL && y->sec != ASM_SEC_UNDEF
                      && y->sec != ASM_SEC_COMMON;
          if (local != (pass == 0))
            continue;
          if (y->sec == ASM_SEC_UNDEF && !y->referenced && y->bind == STB_LOCAL)
            continue;
          GElf_Sym *g = &syms[nsym];
          g->st_name = str_add (&st, y->name);
          int bind = local ? STB_LOCAL : (y->bind == STB_WEAK ? STB_WEAK : STB_GLOBAL);
          g->st_info = GELF_ST_INFO (bind, y->type);
          g->st_other = y->vis;
          g->st_size = y->size;
          if (y->sec >= 0)
            {
              g->st_shndx = (Elf64_Section) asm_sec_at (c, (size_t) y->sec)->elf_index;
              g->st_value = y->value;
            }
          else if (y->sec == ASM_SEC_ABS)
            {
              g->st_shndx = SHN_ABS;
              g->st_value = y->value;
            }
          else if (y->sec == ASM_SEC_COMMON)
            {
              g->st_shndx = SHN_COMMON;
              g->st_value = y->common_align;
            }
          else
            g->st_shndx = SHN_UNDEF;
          y->elf_index = (int) nsym++;
        }
      if (pass == 0)
        eh.e_entry = 0;
    }
  size_t first_global = 1;
  while (first_global < nsym && GELF_ST_BIND (syms[first_global].st_info) == STB_LOCAL)
    first_global++;
  /* Relocation sections, right after their target (like gas).  Rebuild
     the section list in that order: libelf appends, so create the rel
     sections now and fix indexes with the recorded numbering.  */
  size_t symtab_idx = elfidx, strtab_idx = elfidx + 1;
  for (size_t i = 0; i < ns; i++)
    {
      struct asm_sec *s = asm_sec_at (c, i);
      if (!s->nrel)
        continue;
      rels[i] = calloc (s->nrel, sizeof (GElf_Rel));
      for (size_t r = 0; r < s->nrel; r++)
        {
          struct asm_reloc *x = &s->rels[r];
          int si = x->sym < 0 ? asm_sec_at (c, (size_t) (-1 - x->sym))->sym_index
                              : asm_sym_at (c, (size_t) x->sym)->elf_index;
          rels[i][r].r_offset = x->off;
          rels[i][r].r_info = GELF_R_INFO ((uint64_t) si, (uint64_t) x->type);
        }
    }
  (void) rscns;
  /* libelf numbers sections in creation order; we created the user
     sections first (elfidx counted them), so the rel sections come after
     them.  */
  for (size_t i = 0; i < ns; i++)
    {
      struct asm_sec *s = asm_sec_at (c, i);
      if (!s->nrel)
        continue;
      char *nm = malloc (strlen (s->name) + 5);
      sprintf (nm, ".rel%s", s->name);
      Elf_Scn *r = new_scn (e, nm, &sh, SHT_REL, SHF_INFO_LINK, rels[i],
                            s->nrel * sizeof (Elf64_Rel), 8, sizeof (Elf64_Rel),
                            ELF_T_REL);
      free (nm);
      GElf_Shdr rh;
      gelf_getshdr (r, &rh);
      rh.sh_info = (Elf64_Word) elf_ndxscn (scns[i]);
      rh.sh_link = 0; /* set below */
      gelf_update_shdr (r, &rh);
      elfidx++;
    }
  symtab_idx = elfidx;
  strtab_idx = elfidx + 1;
  /* Convert relocs to the file representation.  */
  for (size_t i = 0; i < ns; i++)
    if (rels[i])
      {
        Elf64_Rel *out = (Elf64_Rel *) rels[i];
        struct asm_sec *s = asm_sec_at (c, i);
        for (size_t r = 0; r < s->nrel; r++)
          {
            GElf_Rel g = rels[i][r];
            out[r].r_offset = g.r_offset;
            out[r].r_info = g.r_info;
          }
      }
  Elf64_Sym *fsyms = calloc (nsym, sizeof *fsyms);
  for (size_t i = 0; i < nsym; i++)
    {
      fsyms[i].st_name = (Elf64_Word) syms[i].st_name;
      fsyms[i].st_info = syms[i].st_info;
      fsyms[i].st_other = syms[i].st_other;
      fsyms[i].st_shndx = syms[i].st_shndx;
      fsyms[i].st_value = syms[i].st_value;
      fsyms[i].st_size = syms[i].st_size;
    }
  Elf_Scn *symscn = new_scn (e, ".symtab", &sh, SHT_SYMTAB, 0, fsyms,
                             nsym * sizeof (Elf64_Sym), 8, sizeof (Elf64_Sym),
                             ELF_T_SYM);
  GElf_Shdr hh;
  gelf_getshdr (symscn, &hh);
  hh.sh_link = (Elf64_Word) strtab_idx;
  hh.sh_info = (Elf64_Word) first_global;
  gelf_update_shdr (symscn, &hh);
  new_scn (e, ".strtab", &sh, SHT_STRTAB, 0, st.buf, st.len, 1, 0, ELF_T_BYTE);
  /* The section header string table must be complete before its data is
     set: add its own name first.  */
  size_t shname = str_add (&sh, ".shstrtab");
  Elf_Scn *shs = elf_newscn (e);
  Elf_Data *shd = elf_newdata (shs);
  shd->d_buf = sh.buf;
  shd->d_size = sh.len;
  shd->d_align = 1;
  shd->d_type = ELF_T_BYTE;
  GElf_Shdr shh;
  gelf_getshdr (shs, &shh);
  shh.sh_name = shname;
  shh.sh_type = SHT_STRTAB;
  shh.sh_addralign = 1;
  gelf_update_shdr (shs, &shh);
  if (elf_ndxscn (shs) >= SHN_LORESERVE)
    {
      /* Past 65279 sections ELF needs extended section numbering
         (SHN_XINDEX, SHT_SYMTAB_SHNDX), which this writer does not do:
         an error, never an object whose section indexes wrap.  */
      fprintf (stderr, "%s: error: %zu sections in the object: more than %d, "
               "which needs ELF extended section numbering (not supported)\n",
               asm_file (c), elf_ndxscn (shs) + 1, SHN_LORESERVE - 1);
      free (fsyms);
      goto out;
    }
  gelf_getehdr (e, &eh);
  eh.e_shstrndx = (Elf64_Half) elf_ndxscn (shs);
  gelf_update_ehdr (e, &eh);
  /* Link rel sections to the symtab.  */
  for (Elf_Scn *s = elf_nextscn (e, NULL); s; s = elf_nextscn (e, s))
    {
      GElf_Shdr x;
      gelf_getshdr (s, &x);
      if (x.sh_type == SHT_REL)
        {
          x.sh_link = (Elf64_Word) elf_ndxscn (symscn);
          gelf_update_shdr (s, &x);
        }
    }
  (void) symtab_idx;
  if (elf_update (e, ELF_C_WRITE) < 0)
    {
      fprintf (stderr, "bpf-asm: libelf: %s\n", elf_errmsg (-1));
      free (fsyms);
      goto out;
    }
  rc = 0;
  elf_end (e);
  e = NULL;
  free (fsyms);
out:
  if (e)
    elf_end (e);
  if (anon)
    {
      if (rc == 0)
        rc = copy_through (fd, path);
      fclose (anon);
    }
  else
    {
      if (close (fd) != 0)
        {
          fprintf (stderr, "bpf-asm: error: writing %s: %s\n", tmp, strerror (errno));
          rc = -1;
        }
      if (rc == 0 && rename (tmp, path) != 0)
        {
          fprintf (stderr, "bpf-asm: error: %s: %s\n", path, strerror (errno));
          rc = -1;
        }
      if (rc != 0)
        unlink (tmp);
      free (tmp);
    }
  free (sh.buf);
  free (st.buf);
  free (syms);
  if (rels)
    for (size_t i = 0; i < ns; i++)
      free (rels[i]);
  free (rels);
  free (scns);
  free (rscns);
  free (keep);
  return rc;
}
