/* kernel-helper.cc: the kernel_helper(N) attribute.
 *
 * kernel_helper(N) says "calls through this are BPF helper N": the backend
 * then emits `call N'.  GCC 12's BPF backend registers the attribute itself,
 * but only for function declarations: on a function-pointer variable (the
 * form most BPF documentation shows) it warns "only applies to functions",
 * drops the attribute and the call later becomes `call 0' or an "indirect
 * call" error.  We extend the existing attribute rather than registering a
 * second one (registering a name twice trips an assertion in GCC): its
 * handler is replaced by ours, which accepts function declarations,
 * function-pointer variables, parameters, struct members and typedefs, and
 * reports bad uses as errors.  Where the compiler lacks the attribute (a
 * non-BPF GCC, or a future one that dropped it) we register it ourselves.
 *
 * The calls themselves are rewritten in helper-calls.cc.  */
#include "plugin/gcc-compat.h"
#include <sys/mman.h>
#include <unistd.h>

/* A function type, or a pointer to one (through any number of typedefs).  */
static bool
function_or_pointer_type_p (tree type)
{
  if (!type)
    return false;
  if (TREE_CODE (type) == FUNCTION_TYPE)
    return true;
  return POINTER_TYPE_P (type) && TREE_CODE (TREE_TYPE (type)) == FUNCTION_TYPE;
}

static tree
handle_kernel_helper (tree *node, tree name, tree args, int, bool *no_add_attrs)
{
  tree decl = *node;
  location_t loc = DECL_P (decl) ? DECL_SOURCE_LOCATION (decl) : input_location;
  tree arg = args ? TREE_VALUE (args) : NULL_TREE;

  if (arg && TREE_CODE (arg) != INTEGER_CST)
    arg = fold (arg);
  if (!arg || TREE_CODE (arg) != INTEGER_CST
      || !INTEGRAL_TYPE_P (TREE_TYPE (arg)))
    {
      error_at (loc, "%qE attribute argument is not an integer constant", name);
      *no_add_attrs = true;
      return NULL_TREE;
    }
  if (tree_int_cst_sgn (arg) <= 0 || !tree_fits_shwi_p (arg)
      || tree_to_shwi (arg) > 0x7fffffff)
    {
      error_at (loc, "%qE attribute argument %E is not a valid helper number "
		"(it must be between 1 and 2147483647)", name, arg);
      *no_add_attrs = true;
      return NULL_TREE;
    }

  switch (TREE_CODE (decl))
    {
    case FUNCTION_DECL:
      return NULL_TREE;
    case VAR_DECL:
    case PARM_DECL:
    case FIELD_DECL:
    case TYPE_DECL:
      if (function_or_pointer_type_p (TREE_TYPE (decl)))
	return NULL_TREE;
      error_at (loc, "%qE attribute applies to functions and function "
		"pointers, not to %qD of type %qT", name, decl, TREE_TYPE (decl));
      break;
    default:
      error_at (loc, "%qE attribute applies to functions and function "
		"pointers only", name);
      break;
    }
  *no_add_attrs = true;
  return NULL_TREE;
}

static const struct attribute_spec kernel_helper_spec =
  { "kernel_helper", 1, 1, true, false, false, false,
    handle_kernel_helper, NULL };

/* Point the compiler's own attribute_spec at our handler.  The table lives
   in relocated read-only data (RELRO), so the page is made writable for the
   store and read-only again afterwards.  */
static bool
replace_handler (const struct attribute_spec *spec)
{
  long pagesize = sysconf (_SC_PAGESIZE);
  uintptr_t field = (uintptr_t) &spec->handler;
  uintptr_t start = field & ~(uintptr_t) (pagesize - 1);
  size_t len = field + sizeof spec->handler - start;
  if (mprotect ((void *) start, len, PROT_READ | PROT_WRITE) != 0)
    return false;
  ((struct attribute_spec *) spec)->handler = handle_kernel_helper;
  mprotect ((void *) start, len, PROT_READ);
  return true;
}

static void
register_attributes (void *, void *)
{
  const struct attribute_spec *existing
    = lookup_attribute_spec (get_identifier ("kernel_helper"));
  if (!existing)
    register_attribute (&kernel_helper_spec);
  else if (existing->handler != handle_kernel_helper
	   && (existing->min_length != 1 || existing->max_length != 1
	       || !existing->decl_required || !replace_handler (existing)))
    error ("%s: cannot extend the compiler's %<kernel_helper%> attribute",
	   bpfs_plugin_name);
}

void
bpfs_kernel_helper_attr_init (void)
{
  register_callback (bpfs_plugin_name, PLUGIN_ATTRIBUTES,
		     register_attributes, NULL);
}

/* kernel_helper(N) on DECL (or on the typedef that names its type): N, or 0. */
static HOST_WIDE_INT
attr_number (tree attrs)
{
  tree a = lookup_attribute ("kernel_helper", attrs);
  if (!a || !TREE_VALUE (a))
    return 0;
  tree n = TREE_VALUE (TREE_VALUE (a));
  return n && TREE_CODE (n) == INTEGER_CST && tree_fits_shwi_p (n)
	 ? tree_to_shwi (n) : 0;
}

HOST_WIDE_INT
bpfs_kernel_helper_number (const_tree decl)
{
  if (!decl || !DECL_P (decl))
    return 0;
  return attr_number (DECL_ATTRIBUTES (decl));
}
