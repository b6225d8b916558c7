/* bpfsupport.cc: the plugin's entry point.
 *
 * Checks that cc1 is the compiler the plugin was built for (the plugin's
 * headers were generated for one exact bpf-gcc; loaded into another cc1 it
 * would read GCC's data structures at wrong offsets), parses the
 * -fplugin-arg-bpfsupport-* arguments and hands each feature its switch.  */
#include "plugin/gcc-compat.h"
#include "plugin-version.h"
#include "plugin/options.h"

int plugin_is_GPL_compatible;

const char *bpfs_plugin_name = "bpfsupport";
struct bpfs_options bpfs_options;

static struct plugin_info bpfsupport_info = {
  BPFSUPPORT_VERSION,
  "Makes GCC's BPF backend build libbpf programs: see -fplugin-arg-bpfsupport-help"
};

static void
print_help (void)
{
  fputs (
"Usage: bpf-gcc -fplugin=bpfsupport.so [-fplugin-arg-bpfsupport-ARG[=VALUE]]...\n"
"Arguments:\n"
"  help                  print this list and continue\n"
"  version               print the plugin's version and continue\n"
"  helper-calls=off      do not rewrite calls through helper pointers into\n"
"                        `call N' (kernel_helper on declarations still works)\n"
"See doc/plugin.md for details.\n", stderr);
}

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
parse_arguments (struct plugin_name_args *info)
{
  bool ok = true;
  for (int i = 0; i < info->argc; i++)
    {
      const char *key = info->argv[i].key;
      const char *value = info->argv[i].value;
      if (!strcmp (key, "help"))
	print_help ();
      else if (!strcmp (key, "version"))
	fprintf (stderr, "bpfsupport %s for bpf-gcc %s\n",
		 BPFSUPPORT_VERSION, basever);
      else if (!strcmp (key, "helper-calls"))
	ok &= parse_switch (key, value, &bpfs_options.helper_calls);
      else
	{
	  error ("%s: unknown argument %qs (see %<-fplugin-arg-%s-help%>)",
		 bpfs_plugin_name, key, bpfs_plugin_name);
	  ok = false;
	}
    }
  return ok;
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

  register_callback (bpfs_plugin_name, PLUGIN_INFO, NULL, &bpfsupport_info);
  if (!parse_arguments (info))
    return 0;

  bpfs_kernel_helper_attr_init ();
  if (bpfs_options.helper_calls)
    bpfs_helper_calls_init (bpfs_plugin_name);
  return 0;
}
