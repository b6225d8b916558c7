/* btf-tags.cc: the btf_decl_tag and btf_type_tag attributes.
 *
 * Modern BPF programs annotate declarations and pointees for the kernel:
 * `__kptr', `__percpu_kptr', `__rcu', `__user' are btf_type_tag("...") on
 * a pointer's pointee; `__arg_ctx', `__arg_trusted', `__contains(...)',
 * the selftests' `__msg(...)' are btf_decl_tag("...") on a variable,
 * function, parameter, struct member or typedef.  GCC 12 knows neither
 * attribute and drops them with a warning, so the BTF lacks the DECL_TAG
 * and TYPE_TAG records the verifier looks for.  We register both; the BTF
 * walker (btf/gcc-types.cc) turns them into records.
 *
 * btf_decl_tag stays in DECL_ATTRIBUTES (or, on a struct or union
 * definition, in the type's TYPE_ATTRIBUTES).
 *
 * btf_type_tag is a type attribute.  Written in the declaration specifiers
 * (`struct foo __kptr *p', the only position the kernel's macros use), GCC
 * hands it to us on the declaration: like clang we give it to the type the
 * specifiers name, the innermost pointee of the declarator's pointers
 * (`int __user * __rcu *pp': `int' is tagged "user").  The tag is kept in
 * the TYPE_ATTRIBUTES of a variant of that type (GCC refuses
 * build_type_attribute_variant on a defined struct, so the variant is made
 * here).  A tag with no pointer above it describes nothing in BTF and is
 * dropped, as clang drops it.  Written after a `*' or in a type name, GCC
 * hands us the type itself, which gets the tag.  */
#include "plugin/gcc-compat.h"

static bool
string_argument_p (tree name, tree args, location_t loc)
{
  tree arg = args ? TREE_VALUE (args) : NULL_TREE;
  if (arg && TREE_CODE (arg) == STRING_CST && TREE_STRING_LENGTH (arg) > 1)
    return true;
  error_at (loc, "%qE attribute argument must be a non-empty string constant",
	    name);
  return false;
}

/* A variant of T with the attribute NAME (ARGS) added in front of its
   attributes: an existing one if the variant chain has it.  */
static tree
tagged_variant (tree t, tree name, tree args)
{
  tree attrs = tree_cons (name, args, TYPE_ATTRIBUTES (t));
  for (tree v = TYPE_MAIN_VARIANT (t); v; v = TYPE_NEXT_VARIANT (v))
    if (TYPE_QUALS (v) == TYPE_QUALS (t) && TYPE_NAME (v) == TYPE_NAME (t)
	&& TYPE_CONTEXT (v) == TYPE_CONTEXT (t)
	&& attribute_list_equal (TYPE_ATTRIBUTES (v), attrs))
      return v;
  tree v = build_variant_type_copy (t);
  TYPE_ATTRIBUTES (v) = attrs;
  return v;
}

/* T with the innermost pointee of its pointers (and arrays of pointers)
   tagged; T itself if there is no pointer.  Typedef names stop the walk:
   the tag is on the type the specifiers name.  */
static tree
tag_pointee (tree t, tree name, tree args, bool under_pointer)
{
  bool named = TYPE_NAME (t) && TREE_CODE (TYPE_NAME (t)) == TYPE_DECL
	       && DECL_ORIGINAL_TYPE (TYPE_NAME (t));
  if (!named && TREE_CODE (t) == POINTER_TYPE)
    {
      tree inner = tag_pointee (TREE_TYPE (t), name, args, true);
      if (inner == TREE_TYPE (t))
	return t;
      tree p = build_pointer_type (inner);
      return build_type_attribute_qual_variant (p, TYPE_ATTRIBUTES (t),
						TYPE_QUALS (t));
    }
  if (!named && TREE_CODE (t) == ARRAY_TYPE)
    {
      tree inner = tag_pointee (TREE_TYPE (t), name, args, under_pointer);
      if (inner == TREE_TYPE (t))
	return t;
      tree a = build_array_type (inner, TYPE_DOMAIN (t));
      return build_type_attribute_qual_variant (a, TYPE_ATTRIBUTES (t),
						TYPE_QUALS (t));
    }
  return under_pointer ? tagged_variant (t, name, args) : t;
}

static tree
handle_btf_type_tag (tree *node, tree name, tree args, int,
		     bool *no_add_attrs)
{
  location_t loc = DECL_P (*node) ? DECL_SOURCE_LOCATION (*node)
				  : input_location;
  *no_add_attrs = true;
  if (!string_argument_p (name, args, loc))
    return NULL_TREE;
  if (TYPE_P (*node))
    {
      *node = tagged_variant (*node, name, args);
      return NULL_TREE;
    }
  switch (TREE_CODE (*node))
    {
    case VAR_DECL:
    case FIELD_DECL:
    case PARM_DECL:
    case TYPE_DECL:
      if (TREE_TYPE (*node) && TREE_TYPE (*node) != error_mark_node)
	{
	  TREE_TYPE (*node) = tag_pointee (TREE_TYPE (*node), name, args,
					   false);
	  if (TREE_CODE (*node) == PARM_DECL)
	    DECL_ARG_TYPE (*node) = TREE_TYPE (*node);
	}
      break;
    default:
      /* A function's return type: its pointee is not described by any
	 record the kernel reads; dropped, as on a non-pointer.  */
      break;
    }
  return NULL_TREE;
}

static tree
handle_btf_decl_tag (tree *node, tree name, tree args, int flags,
		     bool *no_add_attrs)
{
  location_t loc = DECL_P (*node) ? DECL_SOURCE_LOCATION (*node)
				  : input_location;
  if (!string_argument_p (name, args, loc))
    {
      *no_add_attrs = true;
      return NULL_TREE;
    }
  switch (TREE_CODE (*node))
    {
    case VAR_DECL:
    case FUNCTION_DECL:
    case PARM_DECL:
    case FIELD_DECL:
    case TYPE_DECL:
      return NULL_TREE;
    case RECORD_TYPE:
    case UNION_TYPE:
      if (flags & (int) ATTR_FLAG_TYPE_IN_PLACE)
	return NULL_TREE;
      /* FALLTHRU */
    default:
      warning_at (loc, OPT_Wattributes, "%qE attribute applies to variables, "
		  "functions, parameters, struct members, typedefs and struct "
		  "or union definitions only: ignored", name);
      *no_add_attrs = true;
      return NULL_TREE;
    }
}

static const struct attribute_spec btf_decl_tag_spec =
  { "btf_decl_tag", 1, 1, false, false, false, false,
    handle_btf_decl_tag, NULL };
static const struct attribute_spec btf_type_tag_spec =
  { "btf_type_tag", 1, 1, false, false, false, false,
    handle_btf_type_tag, NULL };

void
bpfs_btf_tags_attributes (void *, void *)
{
  if (!lookup_attribute_spec (get_identifier ("btf_decl_tag")))
    register_attribute (&btf_decl_tag_spec);
  if (!lookup_attribute_spec (get_identifier ("btf_type_tag")))
    register_attribute (&btf_type_tag_spec);
}
