/* core-header-forms.cc: libbpf's bpf_core_read.h (1.1 to 1.8), made usable
 * by GCC for array types, array members and bitfields.
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

/* libbpf before 1.5: the type macros in 1.5's GCC form.  */
static const char *const redefinitions[] = {
  "bpf_core_type_id_local(type)=__builtin_btf_type_id(*___bpfs_typeof(type), BPF_TYPE_ID_LOCAL)",
  "bpf_core_type_id_kernel(type)=__builtin_btf_type_id(*___bpfs_typeof(type), BPF_TYPE_ID_TARGET)",
  "bpf_core_type_exists(type)=__builtin_preserve_type_info(*___bpfs_typeof(type), BPF_TYPE_EXISTS)",
  "bpf_core_type_matches(type)=__builtin_preserve_type_info(*___bpfs_typeof(type), BPF_TYPE_MATCHES)",
  "bpf_core_type_size(type)=__builtin_preserve_type_info(*___bpfs_typeof(type), BPF_TYPE_SIZE)",
};

/* Every version: the field as it is (see above).  */
static const char *const field_redefinitions[] = {
  "___bpfs_concat(a, b)=a##b",
  "___bpfs_typeof1(type, n)=({ extern typeof(type) *___bpfs_concat(___bpfs_core_type_, n); ___bpfs_concat(___bpfs_core_type_, n); })",
  "___bpfs_typeof(type)=___bpfs_typeof1(type, __COUNTER__)",
  "___bpf_field_ref1(field)=(field)",
  "___bpf_field_ref2(type, field)=(___bpfs_typeof(type)->field)",
};

static bool
defined_p (cpp_reader *pfile, const char *name)
{
  return cpp_defined (pfile, (const unsigned char *) name, strlen (name));
}

static void
redefine (cpp_reader *pfile, const char *def)
{
  char name[64];
  size_t n = strcspn (def, "(=");
  if (n >= sizeof name)
    return;
  memcpy (name, def, n);
  name[n] = 0;
  if (defined_p (pfile, name))
    cpp_undef (pfile, name);
  cpp_define (pfile, def);
}

static void
redefine_core_macros (cpp_reader *pfile)
{
  if (!defined_p (pfile, "___bpf_field_ref2"))
    return;
  for (const char *def : field_redefinitions)
    redefine (pfile, def);
  if (defined_p (pfile, "___bpf_typeof"))
    return;
  for (const char *def : redefinitions)
    redefine (pfile, def);
}

static void
file_change (cpp_reader *pfile, const line_map_ordinary *map)
{
  if (prev_file_change)
    prev_file_change (pfile, map);
  if (!map)
    return;
  if (map->reason != LC_ENTER && map->reason != LC_LEAVE)
    return;
  /* The file now read: on LC_LEAVE, the includer returned to.  1.5's
     header includes bpf_helpers.h, so leaving a file is not always leaving
     bpf_core_read.h.  */
  const char *f = ORDINARY_MAP_FILE_NAME (map);
  size_t n = f ? strlen (f) : 0;
  bool now = n >= 20 && !strcmp (f + n - 20, "/bpf/bpf_core_read.h");
  bool leaving = map->reason == LC_LEAVE && in_core_header && !now;
  in_core_header = now;
  if (leaving)
    redefine_core_macros (pfile);
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
