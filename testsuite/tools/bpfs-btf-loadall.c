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
 * (open: libbpf refused the object for its BTF), and a `not opened FILE'
 * line for an object libbpf refuses for another reason (not counted);
 * then `objects N parsed P opened O loaded L', and exits 0 when nothing
 * failed, 1 otherwise, 2 on usage errors, 77 when the kernel lets us load
 * no BPF at all (then only parse and open are checked: `loaded -').  */
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bpfs-probe.h"

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
  unsigned empties = 0, not_opened = 0;
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
      /* libbpf's open is quadratic in a DATASEC's variables: GCC's
         limits-externalid.c (65535 of them) takes it 35 s.  Parsed only.  */
      if (btf__type_cnt(btf) > 20000)
        {
          printf("not opened %s: %u types, too many for libbpf's open\n", path,
                 btf__type_cnt(btf));
          not_opened++;
          btf__free(btf);
          continue;
        }
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
      else if (strstr(msgs, "BTF") && !strstr(msgs, "failed to find BTF for extern"))
        {
          printf("open %s: %s\n%s", path, strerror(errno), msgs);
          failed++;
        }
      else
        {
          /* Refused for what is no BTF's: a call to a C library function
             (an extern libbpf resolves only in .ksyms or .kconfig, from
             clang's objects too), main in .text.startup, a static
             program in .init.text...: the BTF was parsed, no loader would
             load it.  Listed, not failed.  */
          printf("not opened %s: %s\n", path, strerror(errno));
          not_opened++;
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
  printf("objects %u parsed %u opened %u (not opened %u) empty %u loaded ", objects, parsed,
         opened, not_opened, empties);
  if (kernel)
    printf("%u\n", loaded);
  else
    printf("-\n");
  return failed ? 1 : kernel ? 0 : 77;
}
