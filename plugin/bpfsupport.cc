/* bpfsupport.cc: the plugin's entry point.
 *
 * Checks that cc1 is the compiler the plugin was built for (the plugin's
 * headers were generated for one exact bpf-gcc; loaded into another cc1 it
 * would read GCC's data structures at wrong offsets), parses the
 * -fplugin-arg-bpfsupport-* arguments, runs each feature's setup (target
 * hooks, options, its data), and registers the passes and callbacks of
 * plugin/pipeline.def, the one table of what the plugin adds to GCC and
 * in which order; -fplugin-arg-bpfsupport-passes prints it.  */
#include "plugin/gcc-compat.h"
#include "plugin/lower.h"
#include "plugin-version.h"

int plugin_is_GPL_compatible;

const char *bpfs_plugin_name = "bpfsupport";
struct bpfs_options bpfs_options;
/* cpu= given on the command line (else bpf-gcc's -mcpu decides).  */
static bool cpu_given;

static struct plugin_info bpfsupport_info = {
  BPFSUPPORT_VERSION,
  "Makes GCC's BPF backend build libbpf programs: see -fplugin-arg-bpfsupport-help"
};

/* The plugin's arguments: -fplugin-arg-bpfsupport-NAME[=VALUE].  */
enum arg_kind { ARG_SWITCH, ARG_FLAG, ARG_CPU, ARG_ASSEMBLER, ARG_ACTION };
struct plugin_arg
{
  const char *name;
  enum arg_kind kind;
  bool *flag;
  const char *help;
};

static const struct plugin_arg plugin_args[] = {
  { "help", ARG_ACTION, NULL, "print this list and go on compiling" },
  { "version", ARG_ACTION, NULL, "print the plugin's version" },
  { "passes", ARG_ACTION, NULL,
    "print the plugin's passes and callbacks (plugin/pipeline.def) and\n"
    "                        the order the passes run in, and go on compiling" },
  { "helper-calls", ARG_SWITCH, &bpfs_options.helper_calls,
    "calls through helper pointers become `call N' (default on)" },
  { "atomics", ARG_SWITCH, &bpfs_options.atomics,
    "__sync_*/__atomic_* builtins become BPF atomic instructions (default on)" },
  { "division", ARG_SWITCH, &bpfs_options.division,
    "signed division and modulo without library calls (default on)" },
  { "memory", ARG_SWITCH, &bpfs_options.memory,
    "memcpy/memset/memmove/memcmp of known size inlined (default on)" },
  { "inline-args", ARG_SWITCH, &bpfs_options.inline_args,
    "always-inline functions may take more than 5 arguments (default on)" },
  { "global-offsets", ARG_SWITCH, &bpfs_options.global_offsets,
    "addresses of globals plus offsets that libbpf relocates right (default on)" },
  { "check-calls", ARG_SWITCH, &bpfs_options.check_calls,
    "error for calls to functions that are neither defined nor helpers (default on)" },
  { "allow-extern-calls", ARG_FLAG, &bpfs_options.allow_extern_calls,
    "allow calls to extern functions (kfuncs declared __ksym)" },
  { "assembler", ARG_ASSEMBLER, NULL,
    "=auto|bpf-as|bpf-asm: the assembler bpf-gcc runs (default auto:\n"
    "                        bpf-asm when a -B directory holds it); for bpf-as,\n"
    "                        global calls it relocates right, and clang-syntax\n"
    "                        inline asm is an error naming the fix" },
  { "cpu", ARG_CPU, NULL,
    "=v1|v2|v3|v4|probe: the kernel instruction set to target (default v3;\n"
    "                        v4 has signed division and, with bpf-asm, gotol\n"
    "                        for jumps beyond a 16-bit offset; kernel 6.6+;\n"
    "                        probe: bpf-gcc's -mcpu, and clang's\n"
    "                        __BPF_CPU_VERSION__ 0)" },
  { "btf", ARG_SWITCH, &bpfs_options.btf,
    "with -g, the plugin's BTF and .BTF.ext instead of GCC's (default on)" },
  { "dwarf", ARG_FLAG, &bpfs_options.dwarf,
    "keep GCC's DWARF .debug_* sections next to the BTF" },
  { "core", ARG_SWITCH, &bpfs_options.core,
    "CO-RE builtins and relocations (default on)" },
  { "float-constants", ARG_SWITCH, &bpfs_options.float_constants,
    "floating-point constants in instructions as their IEEE bits (GCC 12\n"
    "                        prints them wrongly; default on)" },
  { "varargs", ARG_SWITCH, &bpfs_options.varargs,
    "variadic functions store r1-r5's anonymous arguments for va_arg\n"
    "                        (GCC 12 alone does not; default on)" },
  { "bswap", ARG_SWITCH, &bpfs_options.bswap,
    "__builtin_bswap16/32/64 as BPF byte-swap instructions, not library\n"
    "                        calls (default on)" },
  { "distinct-functions", ARG_SWITCH, &bpfs_options.distinct_functions,
    "no identical code folding: every program and function stays itself\n"
    "                        (default on)" },
  { "used-libcalls", ARG_SWITCH, &bpfs_options.used_libcalls,
    "declare (.global) only the library routines the code calls (default on)" },
  { "verifier", ARG_SWITCH, &bpfs_options.verifier,
    "steer GCC away from code the kernel verifier cannot prove (context\n"
    "                        accesses keep their size, ...; default on)" },
  { "source-order", ARG_SWITCH, &bpfs_options.source_order,
    "global variables laid out in declaration order, as clang lays them\n"
    "                        out (map definitions always are; default on)" },
  { "backend-fixes", ARG_SWITCH, &bpfs_options.backend_fixes,
    "rewrite what bpf-gcc 12's backend computes wrong: `<'/`<=' at v1, u32\n"
    "                        zero-extension below v3 (default on)" },
  { "enum64", ARG_SWITCH, &bpfs_options.enum64,
    "64-bit enums as BTF ENUM64 (kernel 6.0+, as clang 15 and later write\n"
    "                        them; default on); off cuts their values to 32 bits\n"
    "                        in an ENUM, as clang 14 does" },
};

static void
print_help (void)
{
  fputs ("Usage: bpf-gcc -fplugin=bpfsupport.so "
	 "[-fplugin-arg-bpfsupport-ARG[=VALUE]]...\nArguments:\n", stderr);
  for (size_t i = 0; i < ARRAY_SIZE (plugin_args); i++)
    {
      const struct plugin_arg *a = &plugin_args[i];
      char left[32];
      snprintf (left, sizeof left, "%s%s", a->name,
		a->kind == ARG_SWITCH ? "=on|off" : "");
      fprintf (stderr, "  %-22s%s%s\n", left,
	       strlen (left) > 21 ? "\n                        " : "", a->help);
    }
  fputs ("See doc/plugin.md for details.\n", stderr);
}

static bool print_passes;

static bool
parse_switch (const char *key, const char *value, bool *out)
{
  if (!value || !strcmp (value, "on") || !strcmp (value, "yes"))
    *out = true;
  else if (!strcmp (value, "off") || !strcmp (value, "no"))
    *out = false;
  else
    {
      error ("%s: argument %qs takes %<on%> or %<off%>, not %qs",
	     bpfs_plugin_name, key, value);
      return false;
    }
  return true;
}

static bool
parse_argument (const char *key, const char *value)
{
  for (size_t i = 0; i < ARRAY_SIZE (plugin_args); i++)
    {
      const struct plugin_arg *a = &plugin_args[i];
      if (strcmp (key, a->name))
	continue;
      switch (a->kind)
	{
	case ARG_ACTION:
	  if (!strcmp (key, "help"))
	    print_help ();
	  else if (!strcmp (key, "passes"))
	    print_passes = true;   /* once the setup has decided WHEN */
	  else
	    fprintf (stderr, "bpfsupport %s for bpf-gcc %s\n",
		     BPFSUPPORT_VERSION, basever);
	  return true;
	case ARG_SWITCH:
	  return parse_switch (key, value, a->flag);
	case ARG_FLAG:
	  if (value)
	    {
	      error ("%s: argument %qs takes no value", bpfs_plugin_name, key);
	      return false;
	    }
	  *a->flag = true;
	  return true;
	case ARG_ASSEMBLER:
	  if (value && !strcmp (value, "auto"))
	    bpfs_options.assembler = BPFS_AS_AUTO;
	  else if (value && !strcmp (value, "bpf-as"))
	    bpfs_options.assembler = BPFS_AS_BINUTILS;
	  else if (value && !strcmp (value, "bpf-asm"))
	    bpfs_options.assembler = BPFS_AS_BPF_ASM;
	  else
	    {
	      error ("%s: argument %<assembler%> takes auto, bpf-as or "
		     "bpf-asm, not %qs", bpfs_plugin_name, value ? value : "");
	      return false;
	    }
	  return true;
	case ARG_CPU:
	  if (value && value[0] == 'v' && value[1] >= '1' && value[1] <= '4'
	      && !value[2])
	    {
	      bpfs_options.cpu = value[1] - '0';
	      cpu_given = true;
	      return true;
	    }
	  /* clang's -mcpu=probe: the code is bpf-gcc's -mcpu's, and the
	     macros say what clang's do (plugin/target-macros.cc).  */
	  if (value && !strcmp (value, "probe"))
	    {
	      bpfs_options.cpu_probe = true;
	      return true;
	    }
	  error ("%s: argument %<cpu%> takes v1, v2, v3, v4 or probe, not %qs",
		 bpfs_plugin_name, value ? value : "");
	  return false;
	}
    }
  error ("%s: unknown argument %qs (see %<-fplugin-arg-%s-help%>)",
	 bpfs_plugin_name, key, bpfs_plugin_name);
  return false;
}

static bool
parse_arguments (struct plugin_name_args *info)
{
  bool ok = true;
  for (int i = 0; i < info->argc; i++)
    ok &= parse_argument (info->argv[i].key, info->argv[i].value);
  return ok;
}

/* The passes of plugin/pipeline.def: one class per BPFS_PASS row, GIMPLE
   and RTL alike (as the kernel's gcc-generate-*-pass.h make them).  A
   GIMPLE pass needs the CFG in SSA form; an RTL pass asks for nothing.  */
#define BPFS_PASS_BASE_GIMPLE gimple_opt_pass
#define BPFS_PASS_BASE_RTL rtl_opt_pass
#define BPFS_PASS_PROPERTIES_GIMPLE (PROP_cfg | PROP_ssa)
#define BPFS_PASS_PROPERTIES_RTL 0
#define BPFS_PASS(file, kind, name, execute, reference, position, when)	\
  namespace {								\
  const pass_data execute##_data = {					\
    kind##_PASS, name, OPTGROUP_NONE, TV_NONE,				\
    BPFS_PASS_PROPERTIES_##kind, 0, 0, 0, 0				\
  };									\
  class execute##_pass : public BPFS_PASS_BASE_##kind			\
  {									\
  public:								\
    execute##_pass (gcc::context *ctx)					\
      : BPFS_PASS_BASE_##kind (execute##_data, ctx) {}			\
    BPFS_PASS_EXECUTE (fun) { return execute (fun); }			\
  };									\
  }
#define BPFS_CALLBACK(file, event, function, when)
#define BPFS_ROOTS(file, table, when)
#define BPFS_SELF(file, function, when)
#include "plugin/pipeline.def"
#undef BPFS_PASS
#undef BPFS_CALLBACK
#undef BPFS_ROOTS
#undef BPFS_SELF

/* Register every row of plugin/pipeline.def whose WHEN holds, in the
   table's order.  */
static void
register_pipeline (void)
{
#define BPFS_PASS(file, kind, name, execute, reference, position, when)	\
  if (when)								\
    bpfs_register_pass (new execute##_pass (g), reference,		\
			PASS_POS_INSERT_##position);
#define BPFS_CALLBACK(file, event, function, when)			\
  if (when)								\
    register_callback (bpfs_plugin_name, PLUGIN_##event, function, NULL);
#define BPFS_ROOTS(file, table, when)					\
  if (when)								\
    register_callback (bpfs_plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL, \
		       (void *) table);
#define BPFS_SELF(file, function, when)					\
  if (when)								\
    function ();
#include "plugin/pipeline.def"
#undef BPFS_PASS
#undef BPFS_CALLBACK
#undef BPFS_ROOTS
#undef BPFS_SELF
}

/* One row of plugin/pipeline.def, for -fplugin-arg-bpfsupport-passes.  */
struct pipeline_row
{
  const char *file, *kind, *what, *reference, *position, *when;
  bool enabled;
};

/* GCC 12's passes the table inserts at, in the order they run.  */
static const char *const reference_order[] = {
  "ssa", "store-merging", "optimized", "postreload", "final"
};

/* Print the table, in registration order, and then the passes in the
   order GCC runs them: at one reference pass, those inserted before it
   in the table's order, those inserted after it in the reverse (each is
   put right after the reference, ahead of the earlier ones).  */
static void
print_pipeline (void)
{
  static const struct pipeline_row rows_template[] = {
#define BPFS_PASS(file, kind, name, execute, reference, position, when)	\
    { #file, #kind " pass", name, reference, #position, #when, false },
#define BPFS_CALLBACK(file, event, function, when)			\
    { #file, "callback", #function, #event, NULL, #when, false },
#define BPFS_ROOTS(file, table, when)					\
    { #file, "GGC roots", #table, "REGISTER_GGC_ROOTS", NULL, #when, false },
#define BPFS_SELF(file, function, when)					\
    { #file, "registers", #function "()", "(its own)", NULL, #when, false },
#include "plugin/pipeline.def"
#undef BPFS_PASS
#undef BPFS_CALLBACK
#undef BPFS_ROOTS
#undef BPFS_SELF
  };
  const size_t n = ARRAY_SIZE (rows_template);
  struct pipeline_row rows[ARRAY_SIZE (rows_template)];
  memcpy (rows, rows_template, sizeof rows);
  size_t i = 0;
#define BPFS_PASS(file, kind, name, execute, reference, position, when)	\
  rows[i++].enabled = (when);
#define BPFS_CALLBACK(file, event, function, when) rows[i++].enabled = (when);
#define BPFS_ROOTS(file, table, when) rows[i++].enabled = (when);
#define BPFS_SELF(file, function, when) rows[i++].enabled = (when);
#include "plugin/pipeline.def"
#undef BPFS_PASS
#undef BPFS_CALLBACK
#undef BPFS_ROOTS
#undef BPFS_SELF
  gcc_assert (i == n);

  fputs ("bpfsupport pipeline (plugin/pipeline.def), in registration "
	 "order:\n", stderr);
  for (i = 0; i < n; i++)
    {
      const struct pipeline_row *r = &rows[i];
      char where[64];
      if (r->position)
	snprintf (where, sizeof where, "%s \"%s\"", r->position, r->reference);
      else
	snprintf (where, sizeof where, "%s", r->reference);
      fprintf (stderr, "%3zu %-3s %-10s %-34s %-26s %-30s when %s\n", i + 1,
	       r->enabled ? "on" : "off", r->kind, r->what, where, r->file,
	       r->when);
    }
  fputs ("Passes in the order GCC runs them (GCC's own in parentheses):\n",
	 stderr);
  for (i = 0; i < n; i++)
    {
      bool known = !rows[i].position;
      for (size_t k = 0; k < ARRAY_SIZE (reference_order); k++)
	known |= !strcmp (rows[i].reference, reference_order[k]);
      if (!known)
	error ("%s: pass %qs is inserted at %qs, which the printed order "
	       "does not know", bpfs_plugin_name, rows[i].what,
	       rows[i].reference);
    }
  for (size_t k = 0; k < ARRAY_SIZE (reference_order); k++)
    {
      const char *ref = reference_order[k];
      for (i = 0; i < n; i++)
	if (rows[i].position && !strcmp (rows[i].position, "BEFORE")
	    && !strcmp (rows[i].reference, ref))
	  fprintf (stderr, "    %-34s %s%s\n", rows[i].what, rows[i].kind,
		   rows[i].enabled ? "" : " (off)");
      fprintf (stderr, "  (%s)\n", ref);
      for (i = n; i-- > 0; )
	if (rows[i].position && !strcmp (rows[i].position, "AFTER")
	    && !strcmp (rows[i].reference, ref))
	  fprintf (stderr, "    %-34s %s%s\n", rows[i].what, rows[i].kind,
		   rows[i].enabled ? "" : " (off)");
    }
}

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  if (!plugin_default_version_check (version, &gcc_version))
    {
      /* One line, and no use of GCC's diagnostics: they are not safe to
	 call from a compiler whose data structures we cannot read.  */
      bool bpf = strstr (version->configuration_arguments, "--target=bpf");
      fprintf (stderr, "%s: error: this plugin was built for bpf-gcc %s and "
	       "cannot be loaded into this compiler (gcc %s%s); rebuild it "
	       "for this compiler\n", info->base_name, basever,
	       version->basever, bpf ? ", configured differently"
				     : ", not a BPF compiler");
      return 1;
    }
  bpfs_plugin_name = info->base_name;
  bpfs_options.helper_calls = true;
  bpfs_options.atomics = true;
  bpfs_options.division = true;
  bpfs_options.memory = true;
  bpfs_options.inline_args = true;
  bpfs_options.global_offsets = true;
  bpfs_options.check_calls = true;
  bpfs_options.cpu = 3;
  bpfs_options.btf = true;
  bpfs_options.core = true;
  bpfs_options.float_constants = true;
  bpfs_options.varargs = true;
  bpfs_options.bswap = true;
  bpfs_options.distinct_functions = true;
  bpfs_options.used_libcalls = true;
  bpfs_options.verifier = true;
  bpfs_options.source_order = true;
  bpfs_options.backend_fixes = true;
  bpfs_options.enum64 = true;

  register_callback (bpfs_plugin_name, PLUGIN_INFO, NULL, &bpfsupport_info);
  if (!parse_arguments (info))
    return 0;
  /* Without cpu=, the instruction set is bpf-gcc's own -mcpu (v1..v3;
     decoded before plugins load): code the plugin adds and the target
     macros then agree with the code GCC emits.  */
  if (!cpu_given)
    bpfs_options.cpu = (int) bpf_isa - (int) ISA_V1 + 1;

  /* Each feature's setup (target hooks, options, its data), then what
     the features add to GCC, from plugin/pipeline.def.  */
  if (bpfs_options.helper_calls)
    bpfs_helper_calls_init ();
  bpfs_lowering_init ();
  bpfs_btf_init ();
  bpfs_core_init ();
  bpfs_float_constants_init ();
  bpfs_varargs_init ();
  bpfs_clang_macros_init ();
  bpfs_assembler_init ();
  if (bpfs_options.used_libcalls)
    bpfs_libcall_externs_init ();
  if (bpfs_options.distinct_functions)
    bpfs_no_icf_init ();
  bpfs_naked_init ();
  bpfs_clang_warnings_init ();
  if (bpfs_options.verifier)
    bpfs_verifier_init ();
  register_pipeline ();
  if (print_passes)
    print_pipeline ();
  return 0;
}
