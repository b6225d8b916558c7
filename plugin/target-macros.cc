/* target-macros.cc: the macros clang defines for the BPF target, where
 * bpf-gcc + bpfsupport provides the feature they announce.
 *
 * Sources test features, not compiler names: libbpf's bpf_helpers.h
 * defines bpf_tail_call_static only `#if defined(__bpf__)', pyperf180.c
 * picks its unroll count from __BPF_CPU_VERSION__, bpf_experimental.h
 * writes can_loop with `may_goto' when __BPF_FEATURE_MAY_GOTO says the
 * assembler knows it.  bpf-gcc 12 defines only __BPF__, so such sources
 * took the other branch with GCC.  Defined here, per the instruction set
 * the compilation targets (bpfs_options.cpu: the plugin's cpu= argument,
 * else bpf-gcc's own -mcpu), as clang 19 defines them:
 *
 *   __bpf__, __BPF_CPU_VERSION__            always
 *   __BPF_FEATURE_JMP_EXT                   v2 and up (jlt, jle, jslt, jsle)
 *   __BPF_FEATURE_JMP32, _ALU32             v3 and up
 *   __BPF_FEATURE_BSWAP, _LDSX, _MOVSX,
 *     _SDIV_SMOD, _GOTOL, _ST               v4 (bpf-asm assembles them;
 *                                           the plugin emits sdiv/smod)
 *
 * Not defined, because the feature is not there: __BPF_FEATURE_MAY_GOTO
 * (bpf-asm has no `may_goto' mnemonic; bpf_experimental.h's other branch
 * writes the same instruction as bytes) and __BPF_FEATURE_ADDR_SPACE_CAST
 * (GCC 12 has no address_space attribute for BPF).
 *
 * When: -E never reaches PLUGIN_START_UNIT, so the macros are defined on
 * the preprocessor's first file change after PLUGIN_PRAGMAS (both modes
 * reach that event, in c_common_init): entering an -include file or the
 * main file, after GCC's own builtins and the command line's -D and -U.
 * A name the command line defined keeps the user's value.  */
#include "plugin/gcc-compat.h"
#include "plugin/options.h"
#include "c-family/c-common.h"
#include "cpplib.h"

static void (*next_file_change) (cpp_reader *, const line_map_ordinary *);
static bool defined_macros;

static void
define_once (cpp_reader *pfile, const char *name, const char *value)
{
  if (cpp_defined (pfile, (const unsigned char *) name, strlen (name)))
    return;
  char def[96];
  snprintf (def, sizeof def, "%s=%s", name, value);
  cpp_define (pfile, def);
}

static void
define_target_macros (cpp_reader *pfile)
{
  static const char *const v4_features[] = {
    "__BPF_FEATURE_BSWAP", "__BPF_FEATURE_LDSX", "__BPF_FEATURE_MOVSX",
    "__BPF_FEATURE_SDIV_SMOD", "__BPF_FEATURE_GOTOL", "__BPF_FEATURE_ST",
  };
  int cpu = bpfs_options.cpu;
  char version[8];
  snprintf (version, sizeof version, "%d", cpu);
  define_once (pfile, "__bpf__", "1");
  define_once (pfile, "__BPF_CPU_VERSION__", version);
  if (cpu >= 2)
    define_once (pfile, "__BPF_FEATURE_JMP_EXT", "1");
  if (cpu >= 3)
    {
      define_once (pfile, "__BPF_FEATURE_JMP32", "1");
      define_once (pfile, "__BPF_FEATURE_ALU32", "1");
    }
  if (cpu >= 4)
    for (const char *name : v4_features)
      define_once (pfile, name, "1");
}

static void
file_change (cpp_reader *pfile, const line_map_ordinary *map)
{
  if (!defined_macros && map && !cpp_get_options (pfile)->preprocessed)
    {
      defined_macros = true;
      define_target_macros (pfile);
    }
  if (next_file_change)
    next_file_change (pfile, map);
}

void
bpfs_target_macros_install (void *, void *)
{
  if (!parse_in || next_file_change)
    return;
  cpp_callbacks *cb = cpp_get_callbacks (parse_in);
  next_file_change = cb->file_change;
  cb->file_change = file_change;
}
