/* clang-macros.cc: no -Wundef warning for clang's own macros.
 *
 * libbpf's headers test `#if __GNUC__ && !__clang__' and
 * `#if __clang_major__ >= 8' (bpf_helpers.h of 1.1 and 1.5).  clang defines
 * those macros, so a project that builds with -Wundef -Werror under clang
 * and vendors libbpf under its own -I (its headers are then not system
 * headers) failed with bpf-gcc: `"__clang__" is not defined, evaluates to 0
 * [-Werror=undef]'.  The test's value is right for GCC (0); only the
 * warning is wrong, so it is dropped for identifiers that start with
 * `__clang' and kept for every other name.  The preprocessor reports
 * through its diagnostic callback, with the identifier as the message's
 * first argument; the plugin wraps that callback.  */
#include "plugin/gcc-compat.h"
#include "plugin/options.h"

static bool (*next_diagnostic) (cpp_reader *, enum cpp_diagnostic_level,
				enum cpp_warning_reason, rich_location *,
				const char *, va_list *);

static bool
clang_macro_p (const char *name)
{
  return name && !strncmp (name, "__clang", 7);
}

static bool
filter_diagnostic (cpp_reader *pfile, enum cpp_diagnostic_level level,
		   enum cpp_warning_reason reason, rich_location *richloc,
		   const char *msg, va_list *ap)
{
  if (reason == CPP_W_UNDEF && level == CPP_DL_WARNING && ap)
    {
      va_list copy;
      va_copy (copy, *ap);
      const char *name = va_arg (copy, const char *);
      va_end (copy);
      if (clang_macro_p (name))
	return false;
    }
  return next_diagnostic (pfile, level, reason, richloc, msg, ap);
}

void
bpfs_clang_macros_wrap_diagnostic (void *, void *)
{
  if (!parse_in)
    return;
  cpp_callbacks *cb = cpp_get_callbacks (parse_in);
  if (!cb->diagnostic || cb->diagnostic == filter_diagnostic)
    return;
  next_diagnostic = cb->diagnostic;
  cb->diagnostic = filter_diagnostic;
}

void
bpfs_clang_macros_init (void)
{
  /* parse_in exists when plugins load (c_common_init_options); -E never
     reaches PLUGIN_START_UNIT, compilation does, after the C front end
     has set its callbacks.  */
  bpfs_clang_macros_wrap_diagnostic (NULL, NULL);
}
