/* core-header-forms.cc: libbpf 1.1's bpf_core_read.h, made usable by GCC
 * for array types and array members.
 *
 * libbpf before 1.5 names a type for the CO-RE builtins as clang reads it:
 * `*(typeof(T) *)0' and `((typeof(T) *)0)->field'.  When T is an array, or
 * the field an array member, the argument decays to a pointer, and GCC's C
 * front end folds `&((T *)0)->arr[0]' (build_unary_op's offsetof rule,
 * applied while the call's arguments are parsed) and `(E *)(T (*)[N])0'
 * into integer constants before the builtin's resolver sees them: the type
 * or field is gone.  libbpf 1.5 names the type through an extern pointer
 * variable for GCC (`___bpf_typeof') and passes fields by address; the
 * builtins accept those forms (attrs/core.cc).  Here, when an older
 * bpf_core_read.h has been read (it does not define ___bpf_typeof), the
 * few macros concerned are redefined in 1.5's GCC form, right after the
 * header, so that the same source works with either libbpf.  */
#include "plugin/gcc-compat.h"
#include "c-family/c-common.h"
#include "cpplib.h"

static void (*prev_file_change) (cpp_reader *, const line_map_ordinary *);
static bool in_core_header;

static const char *const redefinitions[] = {
  "___bpfs_concat(a, b)=a##b",
  "___bpfs_typeof1(type, n)=({ extern typeof(type) *___bpfs_concat(___bpfs_core_type_, n); ___bpfs_concat(___bpfs_core_type_, n); })",
  "___bpfs_typeof(type)=___bpfs_typeof1(type, __COUNTER__)",
  "___bpf_field_ref2(type, field)=(&(___bpfs_typeof(type)->field))",
  "bpf_core_type_id_local(type)=__builtin_btf_type_id(*___bpfs_typeof(type), BPF_TYPE_ID_LOCAL)",
  "bpf_core_type_id_kernel(type)=__builtin_btf_type_id(*___bpfs_typeof(type), BPF_TYPE_ID_TARGET)",
  "bpf_core_type_exists(type)=__builtin_preserve_type_info(*___bpfs_typeof(type), BPF_TYPE_EXISTS)",
  "bpf_core_type_matches(type)=__builtin_preserve_type_info(*___bpfs_typeof(type), BPF_TYPE_MATCHES)",
  "bpf_core_type_size(type)=__builtin_preserve_type_info(*___bpfs_typeof(type), BPF_TYPE_SIZE)",
};

static bool
defined_p (cpp_reader *pfile, const char *name)
{
  return cpp_defined (pfile, (const unsigned char *) name, strlen (name));
}

static void
redefine_core_macros (cpp_reader *pfile)
{
  if (defined_p (pfile, "___bpf_typeof") || !defined_p (pfile, "___bpf_field_ref2"))
    return;
  for (const char *def : redefinitions)
    {
      char name[64];
      size_t n = strcspn (def, "(=");
      if (n >= sizeof name)
	continue;
      memcpy (name, def, n);
      name[n] = 0;
      if (defined_p (pfile, name))
	cpp_undef (pfile, name);
      cpp_define (pfile, def);
    }
}

static void
file_change (cpp_reader *pfile, const line_map_ordinary *map)
{
  if (prev_file_change)
    prev_file_change (pfile, map);
  if (!map)
    return;
  if (map->reason == LC_ENTER)
    {
      const char *f = ORDINARY_MAP_FILE_NAME (map);
      size_t n = f ? strlen (f) : 0;
      in_core_header = n >= 20 && !strcmp (f + n - 20, "/bpf/bpf_core_read.h");
    }
  else if (map->reason == LC_LEAVE && in_core_header)
    {
      /* bpf_core_read.h includes nothing: this is its end.  */
      in_core_header = false;
      redefine_core_macros (pfile);
    }
}

static void
install (void *, void *)
{
  if (!parse_in)
    return;
  cpp_callbacks *cb = cpp_get_callbacks (parse_in);
  prev_file_change = cb->file_change;
  cb->file_change = file_change;
}

void
bpfs_core_header_forms_init (void)
{
  if (bpfs_options.core)
    register_callback (bpfs_plugin_name, PLUGIN_START_UNIT, install, NULL);
}
