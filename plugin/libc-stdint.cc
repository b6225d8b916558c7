/* libc-stdint.cc: <stdint.h> from the C library when clang would take it.
 *
 * bpf-gcc's own <stdint.h> is a freestanding one (GCC's stdint-gcc.h):
 * int64_t is `long' (the BPF port's INT64_TYPE, and clang's __INT64_TYPE__
 * too), and int8_t was `char' (INT8_TYPE) until plugin/type-macros.cc
 * made __INT8_TYPE__ clang's `signed char'.  clang's <stdint.h> instead defers to the next one on the
 * path when the compilation is hosted (`#if __STDC_HOSTED__ &&
 * __has_include_next(<stdint.h>)'), i.e. to glibc's under -idirafter
 * /usr/include, which is what libbpf projects and the kernel's selftests
 * pass.  A program that includes <stdint.h> and also gets glibc's
 * <sys/types.h> (through <linux/if.h>, <sys/socket.h>...) then has two
 * definitions of int8_t and int64_t: glibc's bits/stdint-intn.h says
 * `signed char' and `long long' (glibc's x86 wordsize.h sees no __x86_64__
 * on BPF), and GCC stops at "conflicting types for 'int8_t'"
 * (test_cls_redirect*.c of the BPF selftests).  With clang both come from
 * glibc, so they agree.
 *
 * So, as clang: when GCC's own stdint.h is about to be read, hosted, and a
 * later directory of the #include <...> chain has a stdint.h, that one is
 * read instead.  Another compiler's own stdint.h on the chain is passed
 * over: the selftests Makefile's GCC rule adds the host gcc's include
 * directory (-idirafter /usr/lib/gcc/x86_64-linux-gnu/12/include) ahead of
 * /usr/include, and that header is a wrapper whose `#include_next
 * <stdint.h>' goes nowhere once it is read by its path (uint8_t unknown,
 * twfw.c); the wrapper would defer to glibc's anyway.  Only when glibc's headers can be used at all: on BPF its
 * features.h asks for <gnu/stubs-32.h>, which no distribution installs;
 * clang users provide a gnu/stubs.h of their own (the selftests' dummy one)
 * ahead of glibc's.  Without one, GCC's freestanding header stays, and
 * programs that build today keep building.  -ffreestanding keeps it too.
 *
 * The substitution uses the preprocessor's include-translation hook (C++
 * modules' header units; unused in C): it returns the text to read in
 * place of the file, here an #include of the libc header by its path.  */
#include "plugin/gcc-compat.h"
#include "incpath.h"
#include "plugin/options.h"

static char *gcc_stdint;    /* GCC's own <stdint.h>, as the chain finds it */
static char *libc_stdint;   /* the next one on the chain */

static bool
file_in (const cpp_dir *dir, const char *name)
{
  char *path = concat (dir->name, "/", name, NULL);
  bool found = access (path, R_OK) == 0;
  free (path);
  return found;
}

/* The first directory of CHAIN holding NAME, or NULL.  */
static const cpp_dir *
first_with (const cpp_dir *chain, const char *name)
{
  for (const cpp_dir *d = chain; d; d = d->next)
    if (file_in (d, name))
      return d;
  return NULL;
}

/* Whether DIR's stdint.h is a compiler's wrapper (it defers to the next
   one with #include_next), not a C library's.  */
static bool
wrapper_in (const cpp_dir *dir)
{
  char *path = concat (dir->name, "/stdint.h", NULL);
  FILE *f = fopen (path, "r");
  free (path);
  if (!f)
    return false;
  char line[512];
  bool wrapper = false;
  while (!wrapper && fgets (line, sizeof line, f))
    wrapper = strstr (line, "include_next") != NULL;
  fclose (f);
  return wrapper;
}

/* Can glibc's headers be read for BPF with this chain?  glibc's own
   gnu/stubs.h (next to stubs-64.h) includes gnu/stubs-32.h on BPF.  */
static bool
libc_usable (const cpp_dir *chain)
{
  const cpp_dir *stubs = first_with (chain, "gnu/stubs.h");
  if (!stubs)
    return true;   /* not glibc: nothing known to be missing */
  if (!file_in (stubs, "gnu/stubs-64.h"))
    return true;   /* a gnu/stubs.h of the user's, as clang users have */
  return first_with (chain, "gnu/stubs-32.h") != NULL;
}

static char *
translate_stdint (cpp_reader *pfile, line_maps *, location_t loc,
		  const char *path)
{
  if (!libc_stdint || strcmp (path, gcc_stdint))
    return NULL;
  /* The text is read from a buffer that has no file of its own, and
     GCC 12's _cpp_find_file looks at the current buffer's file for any
     header it has not seen yet: look the libc header up now, from the
     including file, so the #include below finds it in the cache.  */
  if (!cpp_probe_header_unit (pfile, libc_stdint, false, loc))
    return NULL;
  /* The caller overwrites the terminating NUL with a newline.  */
  return xasprintf ("#include \"%s\"", libc_stdint);
}

/* The libc header is read through its absolute path, so libcpp does not
   see it as a system header (its directory's flag is not consulted), and
   `__INT64_C redefined' and the like would be warned about, as they are
   not with clang.  Entering it, mark it as #pragma GCC system_header
   does.  */
static void (*next_file_change) (cpp_reader *, const line_map_ordinary *);

static void
file_change (cpp_reader *pfile, const line_map_ordinary *map)
{
  if (next_file_change)
    next_file_change (pfile, map);
  if (map && map->reason == LC_ENTER && !map->sysp
      && !strcmp (ORDINARY_MAP_FILE_NAME (map), libc_stdint))
    cpp_make_system_header (pfile, 1, 0);
}

/* PLUGIN_PRAGMAS (plugin/pipeline.def) runs in c_common_init: the include
   chains exist, and nothing has been read yet, with -E as well.  */
void
bpfs_libc_stdint_setup (void *, void *)
{
  if (!parse_in || !flag_hosted)
    return;
  /* After register_include_chains, the bracket head is the whole
     #include <...> chain (-I, system, -idirafter directories).  */
  const cpp_dir *chain = get_added_cpp_dirs (INC_BRACKET);
  if (!chain)
    chain = get_added_cpp_dirs (INC_SYSTEM);
  const cpp_dir *first = first_with (chain, "stdint.h");
  /* A stdint.h of the user's own (-I, -isystem) is theirs to keep.  */
  if (!first || first->user_supplied_p)
    return;
  const cpp_dir *next = first_with (first->next, "stdint.h");
  while (next && wrapper_in (next))
    next = first_with (next->next, "stdint.h");
  if (!next || !libc_usable (chain))
    return;
  cpp_callbacks *cb = cpp_get_callbacks (parse_in);
  if (cb->translate_include)
    return;   /* not ours to replace (C++ modules) */
  gcc_stdint = concat (first->name, "/stdint.h", NULL);
  libc_stdint = concat (next->name, "/stdint.h", NULL);
  cb->translate_include = translate_stdint;
  next_file_change = cb->file_change;
  cb->file_change = file_change;
}

