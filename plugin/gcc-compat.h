/* gcc-compat.h: the one place that knows which GCC the plugin is built for.
 *
 * Every plugin source includes this header instead of GCC's headers directly,
 * the way the Linux kernel's scripts/gcc-plugins/gcc-common.h does: GCC's
 * internal API changes between releases (pass classes, cgraph accessors,
 * file extensions of the generated headers), and keeping the differences
 * here leaves the feature files readable.  bpfsupport is built and tested
 * against GCC 12 (Debian 12's gcc-bpf); a port to GCC 13/14 starts here.  */
#ifndef BPFSUPPORT_GCC_COMPAT_H
#define BPFSUPPORT_GCC_COMPAT_H

#include "gcc-plugin.h"
#include "bversion.h"
#include "config.h"
#include "system.h"
#include "coretypes.h"
/* c-common.h must precede diagnostic-core.h (format checking).  */
#include "c-family/c-common.h"
#include "c-family/c-pragma.h"
#include "backend.h"
#include "rtl.h"
#include "target.h"
#include "tree.h"
#include "gimple.h"
#include "tree-pass.h"
#include "context.h"
#include "ssa.h"
#include "cgraph.h"
#include "gimple-iterator.h"
#include "gimple-pretty-print.h"
#include "tree-pretty-print.h"
#include "diagnostic-core.h"
#include "diagnostic.h"
#include "attribs.h"
#include "stringpool.h"
#include "stor-layout.h"
#include "fold-const.h"
#include "tree-ssanames.h"
#include "tree-ssa-operands.h"
#include "tree-dfa.h"
#include "tree-eh.h"
#include "tree-into-ssa.h"
#include "langhooks.h"
#include "options.h"
#include "output.h"
#include "varasm.h"
#include "debug.h"

#if BUILDING_GCC_MAJOR != 12 && !defined(BPFSUPPORT_ALLOW_OTHER_GCC)
#error "bpfsupport is written for GCC 12; review gcc-compat.h before building for another release"
#endif

/* GCC 12 still passes `struct function *' to pass execute hooks and gates;
   later releases keep the same signature, so one macro suffices today.  */
#define BPFS_PASS_EXECUTE(fn) unsigned int execute (function *fn) final override
#define BPFS_PASS_GATE(fn) bool gate (function *fn) final override

/* targetm.calls.setup_incoming_varargs's parameters: since GCC 11 the last
   named argument comes as a function_arg_info (GCC 10: mode and type).  */
#define BPFS_SETUP_VARARGS_PARAMS(cum, last, pretend, second)		\
  cumulative_args_t cum, const function_arg_info &last, int *pretend,	\
  int second

/* Iterate over the symbols that refer to NODE (ipa-ref lists).  */
#define BPFS_FOR_EACH_REFERRING(node, i, ref) \
  for ((i) = 0; (node)->iterate_referring ((i), (ref)); (i)++)

/* The plugin name GCC knows us by (the .so basename).  */
extern const char *bpfs_plugin_name;

#include "plugin/options.h"
#include "plugin/pipeline.h"

/* Run PASS just after (or before) the first instance of GCC's pass
   REFERENCE ("ssa", "optimized", "final"...).  */
static inline void
bpfs_register_pass (opt_pass *pass, const char *reference,
		    enum pass_positioning_ops where)
{
  struct register_pass_info info;
  info.pass = pass;
  info.reference_pass_name = reference;
  info.ref_pass_instance_number = 1;
  info.pos_op = where;
  register_callback (bpfs_plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}

#endif
