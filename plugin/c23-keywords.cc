/* c23-keywords.cc: C23's keywords that GCC 12's C2X mode does not have
 * yet, as clang-19 has them under -std=c2x, gnu2x (and c23, gnu23).
 *
 * BPF code written for clang with -std=gnu2x uses bool, true, false,
 * nullptr, static_assert (with or without its message), alignas, alignof
 * and thread_local as keywords, without <stdbool.h> and the like.  GCC 12
 * knows them only by their C11 spellings (_Bool, _Static_assert,
 * _Alignas, _Alignof, _Thread_local; GCC 13 made them keywords).  In C2X
 * mode the plugin predefines each as a macro for that spelling: bool as
 * _Bool, true and false as 1 and 0 (what <stdbool.h> says, so including it
 * redefines nothing), nullptr as ((void *) 0), and typeof as __typeof__
 * for strict -std=c2x (GNU modes have typeof already).  A -D or -U of the
 * same name on the command line wins.  What is left: nullptr_t, constexpr,
 * _BitInt and typeof_unqual have no GCC 12 spelling.  */
#include "plugin/gcc-compat.h"
#include "c-family/c-common.h"
#include "plugin/macros.h"

void
bpfs_c23_keywords (void *, void *)
{
  if (!flag_isoc2x || !parse_in)
    return;
  static const char *const keywords[][2] = {
    { "bool", "_Bool" },
    { "true", "1" },
    { "false", "0" },
    { "nullptr", "((void *) 0)" },
    { "static_assert", "_Static_assert" },
    { "alignas", "_Alignas" },
    { "alignof", "_Alignof" },
    { "thread_local", "_Thread_local" },
  };
  for (auto &k : keywords)
    bpfs_predefine (parse_in, k[0], k[1]);
  if (flag_iso)
    bpfs_predefine (parse_in, "typeof", "__typeof__");
}
