/* target-macros.cc: the macros clang defines for the BPF target, where
 * bpf-gcc + bpfsupport provides the feature they announce.
 *
 * Sources test features, not compiler names: libbpf's bpf_helpers.h
 * defines bpf_tail_call_static only `#if defined(__bpf__)', pyperf180.c
 * picks its unroll count from __BPF_CPU_VERSION__, bpf_experimental.h
 * writes can_loop with `may_goto' when __BPF_FEATURE_MAY_GOTO says the
 * assembler knows it, and projects' ntohs/ntohl swap bytes only
 * `#ifdef __LITTLE_ENDIAN__'.  bpf-gcc 12 defines only __BPF__ and
 * __BYTE_ORDER__, so such sources took the other branch with GCC (for
 * ntohs: no swap, a silently wrong port).  Defined here, per the
 * instruction set the compilation targets (bpfs_options.cpu: the plugin's
 * cpu= argument, else bpf-gcc's own -mcpu), as clang 19 defines them:
 *
 *   __bpf__, __BPF_CPU_VERSION__            always
 *   __LITTLE_ENDIAN__ or __BIG_ENDIAN__     per byte order (-mbig-endian)
 *   __BPF_FEATURE_JMP_EXT                   v2 and up (jlt, jle, jslt, jsle)
 *   __BPF_FEATURE_MAY_GOTO                  v2 and up, when bpf-asm assembles
 *                                           (it knows may_goto; binutils'
 *                                           bpf-as does not)
 *   __BPF_FEATURE_JMP32, _ALU32             v3 and up
 *   __BPF_FEATURE_BSWAP, _LDSX, _MOVSX,
 *     _SDIV_SMOD, _GOTOL, _ST               v4 (bpf-asm assembles them;
 *                                           the plugin emits sdiv/smod)
 *   __GCC_CONSTRUCTIVE_SIZE, _DESTRUCTIVE_  32, clang's (GCC has no value
 *                                           for BPF; advice, no ABI)
 *
 * With cpu=probe (bpf-cc -mcpu=probe) the code is bpf-gcc's -mcpu's and,
 * as clang's, __BPF_CPU_VERSION__ is 0 and no feature is announced.
 *
 * Not defined, because the feature is not there:
 * __BPF_FEATURE_ADDR_SPACE_CAST (GCC 12 has no address_space attribute for
 * BPF), and __BPF_FEATURE_MAY_GOTO under binutils' bpf-as
 * (bpf_experimental.h's other branch writes the same instruction as
 * bytes).  The C type macros
 * follow, from plugin/type-macros.cc; doc/bpf-cc.md lists every clang
 * macro left as it is, and why.
 *
 * When: -E never reaches PLUGIN_START_UNIT, so the macros are defined on
 * the preprocessor's first file change after PLUGIN_PRAGMAS (both modes
 * reach that event, in c_common_init): entering an -include file or the
 * main file, after GCC's own builtins and the command line's -D and -U.
 * A name the command line defines or undefines keeps the user's choice.  */
#include "plugin/gcc-compat.h"
#include "plugin/options.h"
#include "plugin/lower.h"
#include "c-family/c-common.h"
#include "cpplib.h"
#include "opts.h"
#include "toplev.h"
#include "plugin/macros.h"

static void (*next_file_change) (cpp_reader *, const line_map_ordinary *);
static bool defined_macros;

/* Whether the command line's -D or -U names NAME.  */
static bool
user_macro_p (const char *name)
{
  size_t len = strlen (name);
  for (unsigned i = 1; i < save_decoded_options_count; i++)
    {
      const cl_decoded_option *opt = &save_decoded_options[i];
      if ((opt->opt_index == OPT_D || opt->opt_index == OPT_U) && opt->arg
	  && !strncmp (opt->arg, name, len)
	  && (!opt->arg[len] || opt->arg[len] == '=' || opt->arg[len] == '('))
	return true;
    }
  return false;
}

void
bpfs_predefine (cpp_reader *pfile, const char *name, const char *value)
{
  if (user_macro_p (name))
    return;
  size_t len = strlen (name);
  if (cpp_defined (pfile, (const unsigned char *) name, len))
    cpp_undef (pfile, name);
  char *def = concat (name, "=", value, NULL);
  cpp_define (pfile, def);
  free (def);
  /* A builtin, as GCC's own: defined while the main file is entered, it
     would count as the main file's (-Wunused-macros, and "previous
     definition" notes pointing there).  */
  cpp_hashnode *node = cpp_lookup (pfile, (const unsigned char *) name, len);
  if (cpp_macro_p (node) && !cpp_builtin_macro_p (node))
    {
      node->value.macro->used = 1;
      node->value.macro->line = BUILTINS_LOCATION;
    }
}

static void
define_target_macros (cpp_reader *pfile)
{
  static const char *const v4_features[] = {
    "__BPF_FEATURE_BSWAP", "__BPF_FEATURE_LDSX", "__BPF_FEATURE_MOVSX",
    "__BPF_FEATURE_SDIV_SMOD", "__BPF_FEATURE_GOTOL", "__BPF_FEATURE_ST",
  };
  /* clang's probe: version 0, nothing announced.  */
  int cpu = bpfs_options.cpu_probe ? 0 : bpfs_options.cpu;
  char version[8];
  snprintf (version, sizeof version, "%d", cpu);
  bpfs_predefine (pfile, "__bpf__", "1");
  bpfs_predefine (pfile, "__BPF_CPU_VERSION__", version);
  if (cpu >= 2)
    bpfs_predefine (pfile, "__BPF_FEATURE_JMP_EXT", "1");
  if (cpu >= 2 && !bpfs_assembler_is_binutils ())
    bpfs_predefine (pfile, "__BPF_FEATURE_MAY_GOTO", "1");
  if (cpu >= 3)
    {
      bpfs_predefine (pfile, "__BPF_FEATURE_JMP32", "1");
      bpfs_predefine (pfile, "__BPF_FEATURE_ALU32", "1");
    }
  if (cpu >= 4)
    for (const char *name : v4_features)
      bpfs_predefine (pfile, name, "1");
  bpfs_predefine (pfile, BYTES_BIG_ENDIAN ? "__BIG_ENDIAN__"
					  : "__LITTLE_ENDIAN__", "1");
  if (!cpp_defined (pfile, (const unsigned char *) "__GCC_DESTRUCTIVE_SIZE",
		    strlen ("__GCC_DESTRUCTIVE_SIZE")))
    {
      bpfs_predefine (pfile, "__GCC_CONSTRUCTIVE_SIZE", "32");
      bpfs_predefine (pfile, "__GCC_DESTRUCTIVE_SIZE", "32");
    }
  bpfs_define_type_macros (pfile);
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
