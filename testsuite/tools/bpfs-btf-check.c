/* bpfs-btf-check: load a BPF object with libbpf and report what the kernel
 * made of its BTF, so tests can check BTF end to end:
 *
 *   bpfs-btf-check OBJECT
 *
 * prints, one per line:
 *   btf: kernel-accepted | rejected      (BTF_LOAD of the object's .BTF;
 *        rejected too when a DATASEC's entries are out of offset order,
 *        which libbpf hides by sorting them)
 *   prog NAME: func_info N line_info M   (what the kernel kept per program)
 * and exits 0 when the object loaded, 3 when its BTF was accepted but a
 * program was refused, 1 on other failures, 77 only when this kernel does
 * not let us load BPF at all (re-probed with a trivial program,
 * bpfs-probe.h).  libbpf's own messages (the
 * kernel's BTF log among them) go to stderr.  */
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "bpfs-probe.h"

static int print_warnings(enum libbpf_print_level level, const char *fmt, va_list ap)
{
  return level == LIBBPF_DEBUG ? 0 : vfprintf(stderr, fmt, ap);
}

/* The first DATASEC of the object's own .BTF whose entries are not in
   increasing offset order, or NULL.  The kernel refuses such a DATASEC
   ("Invalid offset"); libbpf sorts the entries when it opens the object,
   so the copy loaded below would not show it, but not every loader does
   (cilium/ebpf 0.9, bpf2go's library, loads them as they are).  */
static const char *datasec_out_of_order(const struct btf *btf)
{
  for (__u32 id = 1; id < btf__type_cnt(btf); id++)
    {
      const struct btf_type *t = btf__type_by_id(btf, id);
      if (!btf_is_datasec(t))
        continue;
      /* Externs (.kconfig, .ksyms) are all at 0 until libbpf places them,
         in clang's objects too; only the variables defined here count. */
      const struct btf_var_secinfo *v = btf_var_secinfos(t);
      __u64 end = 0;
      for (__u16 i = 0; i < btf_vlen(t); i++)
        {
          const struct btf_type *var = btf__type_by_id(btf, v[i].type);
          if (!var || !btf_is_var(var) || btf_var(var)->linkage == BTF_VAR_GLOBAL_EXTERN)
            continue;
          if (v[i].offset < end)
            return btf__name_by_offset(btf, t->name_off);
          end = (__u64)v[i].offset + v[i].size;
        }
    }
  return NULL;
}

int main(int argc, char **argv)
{
  if (argc != 2 || argv[1][0] == '-')
    {
      fprintf(stderr, "usage: bpfs-btf-check OBJECT\n");
      return argc == 2 && !strcmp(argv[1], "--help") ? 0 : 2;
    }
  libbpf_set_print(print_warnings);
  struct bpf_object *obj = bpf_object__open_file(argv[1], NULL);
  if (!obj)
    {
      fprintf(stderr, "bpfs-btf-check: error: %s: cannot open: %s\n", argv[1], strerror(errno));
      return 1;
    }
  /* The BTF alone first (as libbpf fixed it up at open): the answer does
     not depend on whether the verifier then accepts the programs.  */
  struct btf *btf = bpf_object__btf(obj);
  int btf_err = -ENOENT;
  if (btf)
    {
      /* A copy: the object's own BTF is loaded again by bpf_object__load. */
      __u32 size;
      const void *raw = btf__raw_data(btf, &size);
      struct btf *copy = raw ? btf__new(raw, size) : NULL;
      btf_err = copy ? btf__load_into_kernel(copy) : -EINVAL;
      btf__free(copy);
    }
  if (btf_err == -EPERM && bpfs_kernel_forbids_bpf())
    return 77;
  struct btf *elf_btf = btf__parse_elf(argv[1], NULL);
  const char *unsorted = elf_btf ? datasec_out_of_order(elf_btf) : NULL;
  if (unsorted)
    {
      printf("btf: rejected (DATASEC %s: entries out of offset order)\n", unsorted);
      btf__free(elf_btf);
      bpf_object__close(obj);
      return 1;
    }
  btf__free(elf_btf);
  printf("btf: %s\n", btf_err ? "rejected" : "kernel-accepted");
  int err = bpf_object__load(obj);
  if (err)
    {
      fprintf(stderr, "bpfs-btf-check: error: %s: load failed: %s\n", argv[1], strerror(-err));
      bpf_object__close(obj);
      return bpfs_failure_status(btf_err ? 1 : 3);
    }
  struct bpf_program *prog;
  bpf_object__for_each_program(prog, obj)
    {
      struct bpf_prog_info info;
      __u32 len = sizeof info;
      memset(&info, 0, sizeof info);
      if (bpf_obj_get_info_by_fd(bpf_program__fd(prog), &info, &len))
        {
          printf("prog %s: no info: %s\n", bpf_program__name(prog), strerror(errno));
          continue;
        }
      printf("prog %s: func_info %u line_info %u\n", bpf_program__name(prog),
             info.nr_func_info, info.nr_line_info);
    }
  bpf_object__close(obj);
  return 0;
}
