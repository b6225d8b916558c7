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
 * A declaration says one helper number or it is an error, with GCC's
 * error/note pair at both places: two kernel_helper attributes with
 * different numbers (in one list or on two declarations of one name), a
 * typedef saying N and the variable saying M, a pointer initialized to a
 * constant M and declared kernel_helper(N).  A function declared through a
 * typedef (of a typedef ...) of a kernel_helper function type gets the
 * attribute itself, so that the backend prints `call N' for it.
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

/* kernel_helper(N) in the attribute list ATTRS: N, or 0 (the first one).  */
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

tree
bpfs_type_helper_typedef (tree type)
{
  for (int depth = 0; type && depth < 32; depth++)
    {
      tree name = TYPE_NAME (type);
      if (name && TREE_CODE (name) == TYPE_DECL)
	{
	  if (attr_number (DECL_ATTRIBUTES (name)))
	    return name;
	  if (DECL_ORIGINAL_TYPE (name))
	    {
	      type = DECL_ORIGINAL_TYPE (name);
	      continue;
	    }
	}
      if (POINTER_TYPE_P (type))
	type = TREE_TYPE (type);
      else
	break;
    }
  return NULL_TREE;
}

HOST_WIDE_INT
bpfs_type_helper_number (tree type)
{
  tree name = bpfs_type_helper_typedef (type);
  return name ? attr_number (DECL_ATTRIBUTES (name)) : 0;
}

/* The constant helper number a pointer's initializer INIT holds, or 0.  */
static HOST_WIDE_INT
initializer_number (tree init)
{
  if (!init)
    return 0;
  STRIP_NOPS (init);
  if (TREE_CODE (init) != INTEGER_CST || !tree_fits_shwi_p (init))
    return 0;
  return tree_to_shwi (init);
}

/* Report a second helper number for DECL (being declared at LOC with N)
   against what it already says elsewhere.  Returns true on a conflict.  */
static bool
conflicting_number (tree decl, location_t loc, tree name, HOST_WIDE_INT n)
{
  /* Another kernel_helper in the same attribute list.  */
  HOST_WIDE_INT other = attr_number (DECL_ATTRIBUTES (decl));
  if (other && other != n)
    {
      error_at (loc, "conflicting %qE numbers %wd and %wd for %qD",
		name, other, n, decl);
      return true;
    }
  /* The typedef that names the declaration's type.  */
  if (TREE_CODE (decl) != TYPE_DECL)
    {
      tree td = bpfs_type_helper_typedef (TREE_TYPE (decl));
      other = td ? attr_number (DECL_ATTRIBUTES (td)) : 0;
      if (other && other != n)
	{
	  auto_diagnostic_group d;
	  error_at (loc, "%<kernel_helper(%wd)%> on %qD conflicts with its "
		    "type %qT, which is BPF helper %wd", n, decl,
		    TREE_TYPE (td), other);
	  inform (DECL_SOURCE_LOCATION (td),
		  "%qD declared %<kernel_helper(%wd)%> here", td, other);
	  return true;
	}
    }
  /* An earlier declaration of the same file-scope name (the attribute is
     applied before the C front end merges the two).  */
  if ((TREE_CODE (decl) == VAR_DECL || TREE_CODE (decl) == FUNCTION_DECL)
      && !current_function_decl && DECL_NAME (decl))
    {
      tree prev = lookup_name (DECL_NAME (decl));
      if (prev && prev != decl && TREE_CODE (prev) == TREE_CODE (decl))
	{
	  auto_diagnostic_group d;
	  other = attr_number (DECL_ATTRIBUTES (prev));
	  if (other && other != n)
	    {
	      error_at (loc, "%<kernel_helper(%wd)%> on %qD conflicts with "
			"its previous declaration as BPF helper %wd",
			n, decl, other);
	      inform (DECL_SOURCE_LOCATION (prev), "previous declaration of "
		      "%qD with %<kernel_helper(%wd)%>", prev, other);
	      return true;
	    }
	  other = TREE_CODE (prev) == VAR_DECL
		  ? initializer_number (DECL_INITIAL (prev)) : 0;
	  if (other && other != n)
	    {
	      error_at (loc, "%<kernel_helper(%wd)%> on %qD conflicts with "
			"its initial value %wd", n, decl, other);
	      inform (DECL_SOURCE_LOCATION (prev), "%qD initialized to "
		      "%wd here", prev, other);
	      return true;
	    }
	}
    }
  return false;
}

/* Where each file-scope variable got its kernel_helper (by DECL_UID: the
   C front end merges a redeclaration into the first declaration, which
   keeps its uid), for the note when a later initializer conflicts.  */
static hash_map<int_hash<int, -1, -2>, location_t> *attribute_locations;

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

  if (DECL_P (decl) && conflicting_number (decl, loc, name, tree_to_shwi (arg)))
    {
      *no_add_attrs = true;
      return NULL_TREE;
    }

  if (VAR_P (decl) && !current_function_decl)
    {
      if (!attribute_locations)
	attribute_locations = new hash_map<int_hash<int, -1, -2>, location_t>;
      attribute_locations->put (DECL_UID (decl), loc);
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

void
bpfs_kernel_helper_attributes (void *, void *)
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

/* After each declaration: a function declared through kernel_helper
   typedefs gets the attribute (the C front end copies it only from the
   typedef that names the type directly); a helper pointer whose
   initializer says another number is an error.  */
void
bpfs_kernel_helper_finish_decl (void *event_data, void *)
{
  tree decl = (tree) event_data;
  if (!decl || (TREE_CODE (decl) != FUNCTION_DECL && !VAR_P (decl)))
    return;
  HOST_WIDE_INT own = attr_number (DECL_ATTRIBUTES (decl));
  tree td = bpfs_type_helper_typedef (TREE_TYPE (decl));
  HOST_WIDE_INT typed = td ? attr_number (DECL_ATTRIBUTES (td)) : 0;
  if (TREE_CODE (decl) == FUNCTION_DECL && !own && typed)
    {
      tree arg = build_int_cst (integer_type_node, typed);
      DECL_ATTRIBUTES (decl)
	= tree_cons (get_identifier ("kernel_helper"),
		     build_tree_list (NULL_TREE, arg), DECL_ATTRIBUTES (decl));
      return;
    }
  HOST_WIDE_INT n = own ? own : typed;
  HOST_WIDE_INT init = VAR_P (decl) ? initializer_number (DECL_INITIAL (decl))
		       : 0;
  if (n && init && init != n)
    {
      auto_diagnostic_group d;
      error_at (DECL_SOURCE_LOCATION (decl), "%qD is initialized to %wd but "
		"declared %<kernel_helper(%wd)%>", decl, init, n);
      location_t *where = attribute_locations
			  ? attribute_locations->get (DECL_UID (decl)) : NULL;
      if (!own)
	inform (DECL_SOURCE_LOCATION (td), "%qD declared "
		"%<kernel_helper(%wd)%> here", td, n);
      else if (where && *where != DECL_SOURCE_LOCATION (decl))
	inform (*where, "%qD declared %<kernel_helper(%wd)%> here", decl, n);
    }
}

HOST_WIDE_INT
bpfs_kernel_helper_number (const_tree decl)
{
  if (!decl || !DECL_P (decl))
    return 0;
  return attr_number (DECL_ATTRIBUTES (decl));
}
