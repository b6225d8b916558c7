/* bpfs-btf-loadall: many objects' BTF through libbpf and the kernel, in
 * one process (torture-g.exp has ~950 objects per -O level; a process per
 * object would cost more than the check):
 *
 *   bpfs-btf-loadall LIST        LIST: one object path a line
 *
 * For each object: btf__parse reads its .BTF and .BTF.ext;
 * bpf_object__open opens it as a loader would (and fixes the DATASECs'
 * sizes and offsets up from the ELF symbols); that BTF is loaded into the
 * kernel with btf__load_into_kernel.  Prints a line per failure,
 *   parse FILE: ERROR       open FILE: ERROR       load FILE: KERNEL LOG
 * then `objects N parsed P opened O loaded L', and exits 0 when nothing
 * failed, 1 otherwise, 2 on usage errors, 77 when the kernel lets us load
 * no BPF at all (then only parse and open are checked: `loaded -').  */
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "bpfs-probe.h"

/* What bpf_object__open does to an object's DATASECs (their sizes and
   their variables' offsets are 0 until then), from the ELF section
   headers and symbols of PATH; for the objects it will not open: those
   that call or use symbols defined elsewhere (bpf-run executables' C
   library), which libbpf wants in .ksyms or .kconfig, as it wants them
   from clang.  Returns 0, or -1 when a DATASEC has no section here (an
   extern's), an entry no symbol, or an extern FUNC or VAR is there: then the
   kernel is not asked.  */
static int fixup_datasecs(struct btf *btf, const char *path)
{
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  int ret = 0;
  Elf *elf = elf_begin(fd, ELF_C_READ, NULL);
  size_t shstrndx;
  if (!elf || elf_getshdrstrndx(elf, &shstrndx))
    ret = -1;
  Elf_Scn *symscn = NULL;
  GElf_Shdr symsh;
  for (Elf_Scn *scn = NULL; !ret && (scn = elf_nextscn(elf, scn));)
    if (gelf_getshdr(scn, &symsh) && symsh.sh_type == SHT_SYMTAB)
      {
        symscn = scn;
        break;
      }
  Elf_Data *symdata = symscn ? elf_getdata(symscn, NULL) : NULL;
  for (__u32 id = 1; !ret && id < btf__type_cnt(btf); id++)
    {
      struct btf_type *t = (struct btf_type *)btf__type_by_id(btf, id);
      /* The kernel refuses extern FUNCs ("Invalid func linkage") and
         VARs ("Linkage not supported"), and
         global ones whose parameters have no names, as declarations'
         have not: libbpf loads neither (it rewrites only the kfuncs of
         .ksyms, which it opens).  */
      if ((btf_is_func(t) && btf_vlen(t) == BTF_FUNC_EXTERN)
          || (btf_is_var(t) && btf_var(t)->linkage == BTF_VAR_GLOBAL_EXTERN))
        {
          ret = -1;
          break;
        }
      if (!btf_is_datasec(t) || t->size)
        continue;
      const char *sec = btf__name_by_offset(btf, t->name_off);
      Elf_Scn *scn = NULL;
      GElf_Shdr sh;
      while ((scn = elf_nextscn(elf, scn)))
        if (gelf_getshdr(scn, &sh) && !strcmp(elf_strptr(elf, shstrndx, sh.sh_name), sec))
          break;
      if (!scn || !symdata)
        {
          ret = -1;
          break;
        }
      t->size = sh.sh_size;
      size_t secndx = elf_ndxscn(scn);
      struct btf_var_secinfo *v = btf_var_secinfos(t);
      for (int i = 0; !ret && i < btf_vlen(t); i++, v++)
        {
          const struct btf_type *var = btf__type_by_id(btf, v->type);
          const char *name = btf__name_by_offset(btf, var->name_off);
          bool found = false;
          for (size_t k = 0; btf_is_var(var) && k < symsh.sh_size / symsh.sh_entsize; k++)
            {
              GElf_Sym sym;
              if (gelf_getsym(symdata, (int)k, &sym) && sym.st_shndx == secndx
                  && !strcmp(elf_strptr(elf, symsh.sh_link, sym.st_name), name))
                {
                  v->offset = sym.st_value;
                  found = true;
                  break;
                }
            }
          if (!found)
            ret = -1;
        }
    }
  if (elf)
    elf_end(elf);
  close(fd);
  return ret;
}

/* libbpf's messages for the current object (the kernel's BTF log among
   them), shown only when that object fails.  */
static char msgs[8192];
static size_t nmsgs;

static int collect(enum libbpf_print_level level, const char *fmt, va_list ap)
{
  if (level == LIBBPF_DEBUG || nmsgs >= sizeof msgs - 1)
    return 0;
  int n = vsnprintf(msgs + nmsgs, sizeof msgs - nmsgs, fmt, ap);
  if (n > 0)
    nmsgs = nmsgs + n < sizeof msgs - 1 ? nmsgs + n : sizeof msgs - 1;
  return 0;
}

int main(int argc, char **argv)
{
  if (argc != 2 || argv[1][0] == '-')
    {
      fprintf(stderr, "usage: bpfs-btf-loadall LIST\n");
      return 2;
    }
  FILE *list = fopen(argv[1], "r");
  if (!list)
    {
      fprintf(stderr, "bpfs-btf-loadall: error: %s: %s\n", argv[1], strerror(errno));
      return 2;
    }
  libbpf_set_print(collect);
  char path[4096];
  unsigned objects = 0, parsed = 0, opened = 0, loaded = 0, failed = 0;
  unsigned empties = 0, externs = 0, not_loadable = 0;
  int kernel = 1;                  /* 0 once the kernel forbids BPF */
  while (fgets(path, sizeof path, list))
    {
      path[strcspn(path, "\n")] = '\0';
      if (!*path)
        continue;
      objects++;
      nmsgs = 0;
      msgs[0] = '\0';
      struct btf_ext *ext = NULL;
      struct btf *btf = btf__parse(path, &ext);
      if (!btf)
        {
          printf("parse %s: %s\n%s", path, strerror(errno), msgs);
          failed++;
          continue;
        }
      parsed++;
      btf_ext__free(ext);

      /* The kernel refuses a BTF with no types, and so would load none
         of an object whose BTF is empty (libbpf then goes on without).  */
      bool empty = btf__type_cnt(btf) <= 1;
      empties += empty;
      struct bpf_object *obj = bpf_object__open_file(path, NULL);
      struct btf *copy = NULL;
      if (obj)
        {
          /* A copy, as bpfs-btf-check loads it: the object's BTF as libbpf
             fixed it up at open, whatever the programs are.  */
          __u32 size;
          struct btf *obtf = bpf_object__btf(obj);
          const void *raw = obtf ? btf__raw_data(obtf, &size) : NULL;
          copy = raw ? btf__new(raw, size) : NULL;
          opened++;
        }
      else if (strstr(msgs, "failed to find BTF for extern"))
        {
          /* An extern libbpf resolves only in .ksyms or .kconfig (so it
             opens clang's build of this source no more): the BTF fixed
             up here as libbpf would.  */
          if (fixup_datasecs(btf, path) == 0)
            {
              copy = btf;
              btf = NULL;
            }
          else
            not_loadable++;
          externs++;
        }
      else
        {
          printf("open %s: %s\n%s", path, strerror(errno), msgs);
          failed++;
        }
      btf__free(btf);
      if (kernel && copy && !empty)
        {
          int err = btf__load_into_kernel(copy);
          if (err == -EPERM && bpfs_kernel_forbids_bpf())
            kernel = 0;
          else if (err)
            {
              printf("load %s: %s\n%s", path, strerror(-err), msgs);
              failed++;
            }
          else
            loaded++;
        }
      btf__free(copy);
      bpf_object__close(obj);
    }
  fclose(list);
  printf("objects %u parsed %u opened %u with-externs %u (not loadable %u) empty %u loaded ",
         objects, parsed, opened, externs, not_loadable, empties);
  if (kernel)
    printf("%u\n", loaded);
  else
    printf("-\n");
  return failed ? 1 : kernel ? 0 : 77;
}
