/* gcc-types.cc: GCC trees to BTF, the way clang describes C to the kernel.
 *
 * Each GCC type is turned into builder calls once (cached by tree);
 * qualifiers and typedefs become their own BTF records, structs and unions
 * are built by their main variant so that cycles through pointers close
 * on the cached id.  Only what the object defines or references is walked;
 * the builder then drops duplicates and unreachable types (btf/btf.c).
 *
 * Functions: FUNC with the definition's parameter names, linkage global
 * for public functions, static otherwise, extern for kfuncs.  Variables:
 * VAR named by their symbol (as libbpf looks them up in the ELF symbol
 * table), in a DATASEC per section; sizes and offsets in DATASECs are 0,
 * as clang writes them, and libbpf fills them from the ELF file.  */
#include "plugin/gcc-compat.h"
#include "btf/btf.h"
#include "btf/gcc-btf.h"

/* A pointer member's pointee, decided at the end (see member_type_id).  */
struct pointee_fixup
{
  tree record;        /* main variant of the struct or union */
  uint32_t reserved;  /* the id the PTR points to */
};

struct btf_gcc_state
{
  struct btf_builder *b;
  hash_map<tree, uint32_t> *types;
  hash_map<tree, uint32_t> *member_types;
  hash_set<tree> *deferred;   /* pointer types whose id points to a fixup */
  vec<pointee_fixup> fixups;
  hash_map<tree, uint32_t> *funcs;
  uint32_t array_index;
  unsigned order;
  bool failed;
};

static uint32_t type_id (struct btf_gcc_state *st, tree t);

static void
check (struct btf_gcc_state *st, bool ok)
{
  if (!ok && !st->failed)
    {
      st->failed = true;
      error ("%s: cannot build BTF: %s", bpfs_plugin_name,
	     btfb_error (st->b));
    }
}

static const char *
tree_name (tree name)
{
  if (!name)
    return NULL;
  if (TREE_CODE (name) == TYPE_DECL)
    name = DECL_NAME (name);
  if (name && TREE_CODE (name) == IDENTIFIER_NODE)
    return IDENTIFIER_POINTER (name);
  return NULL;
}

static const char *
decl_name (tree decl)
{
  return DECL_NAME (decl) ? IDENTIFIER_POINTER (DECL_NAME (decl)) : NULL;
}

static uint32_t
int_size (tree t)
{
  HOST_WIDE_INT n = int_size_in_bytes (t);
  return n > 0 ? (uint32_t) n : 0;
}

struct btf_gcc_state *
bpfs_btf_state_new (void)
{
  struct btf_gcc_state *st = XCNEW (struct btf_gcc_state);
  st->b = btfb_new ();
  st->types = new hash_map<tree, uint32_t>;
  st->member_types = new hash_map<tree, uint32_t>;
  st->deferred = new hash_set<tree>;
  st->funcs = new hash_map<tree, uint32_t>;
  st->fixups = vNULL;
  return st;
}

void
bpfs_btf_state_free (struct btf_gcc_state *st)
{
  btfb_free (st->b);
  delete st->types;
  delete st->member_types;
  delete st->deferred;
  delete st->funcs;
  st->fixups.release ();
  XDELETE (st);
}

/* btf_type_tag attributes (attrs/btf-tags.cc) sit in the TYPE_ATTRIBUTES
   of a variant of the tagged type.  */
static bool
has_type_tags (tree t)
{
  return t && TYPE_P (t)
	 && lookup_attribute ("btf_type_tag", TYPE_ATTRIBUTES (t));
}

/* T without its type tags: the variant with T's other attributes.  */
static tree
strip_type_tags (tree t)
{
  tree attrs = NULL_TREE;
  for (tree a = TYPE_ATTRIBUTES (t); a; a = TREE_CHAIN (a))
    if (!is_attribute_p ("btf_type_tag", get_attribute_name (a)))
      attrs = tree_cons (TREE_PURPOSE (a), TREE_VALUE (a), attrs);
  attrs = nreverse (attrs);
  for (tree v = TYPE_MAIN_VARIANT (t); v; v = TYPE_NEXT_VARIANT (v))
    if (TYPE_QUALS (v) == TYPE_QUALS (t) && TYPE_NAME (v) == TYPE_NAME (t)
	&& TYPE_CONTEXT (v) == TYPE_CONTEXT (t)
	&& attribute_list_equal (TYPE_ATTRIBUTES (v), attrs))
      return v;
  tree v = build_variant_type_copy (t);
  TYPE_ATTRIBUTES (v) = attrs;
  return v;
}

static const char *
tag_value (tree attr)
{
  tree args = TREE_VALUE (attr);
  tree s = args ? TREE_VALUE (args) : NULL_TREE;
  return s && TREE_CODE (s) == STRING_CST ? TREE_STRING_POINTER (s) : NULL;
}

/* ID under the TYPE_TAGs of ATTRS.  The attribute handler puts the last
   written tag first in the list, and clang 14 writes the last tag next to
   the pointer: PTR -> TYPE_TAG last -> ... -> TYPE_TAG first -> ID.  */
static uint32_t
wrap_type_tags (struct btf_gcc_state *st, tree attrs, uint32_t id)
{
  auto_vec<const char *> tags;
  for (tree a = attrs; a; a = TREE_CHAIN (a))
    if (is_attribute_p ("btf_type_tag", get_attribute_name (a)) && tag_value (a))
      tags.safe_push (tag_value (a));
  for (unsigned i = tags.length (); i-- > 0;)
    {
      id = btfb_type_tag (st->b, tags[i], id);
      check (st, id != 0);
    }
  return id;
}

/* DECL_TAGs for the btf_decl_tag attributes in ATTRS on ID (component
   COMPONENT, or -1 for ID itself), in source order.  */
static void
add_decl_tags (struct btf_gcc_state *st, tree attrs, uint32_t id,
	       int32_t component)
{
  auto_vec<const char *> tags;
  for (tree a = attrs; a; a = TREE_CHAIN (a))
    if (is_attribute_p ("btf_decl_tag", get_attribute_name (a)) && tag_value (a))
      tags.safe_push (tag_value (a));
  for (unsigned i = tags.length (); i-- > 0;)
    check (st, btfb_decl_tag (st->b, tags[i], id, component) != 0);
}

/* ID with GCC's qualifiers QUALS, outermost const as clang writes it.  */
static uint32_t
qualified (struct btf_gcc_state *st, uint32_t id, int quals)
{
  if (quals & TYPE_QUAL_RESTRICT)
    id = btfb_qual (st->b, BTFB_KIND_RESTRICT, id);
  if (quals & TYPE_QUAL_VOLATILE)
    id = btfb_qual (st->b, BTFB_KIND_VOLATILE, id);
  if (quals & TYPE_QUAL_CONST)
    id = btfb_qual (st->b, BTFB_KIND_CONST, id);
  return id;
}

/* A typedef is a variant whose name is a TYPE_DECL with an original type. */
static bool
typedef_variant_p (tree t)
{
  tree name = TYPE_NAME (t);
  return name && TREE_CODE (name) == TYPE_DECL && DECL_ORIGINAL_TYPE (name)
	 && DECL_ORIGINAL_TYPE (name) != t;
}

static uint32_t
integer_type_id (struct btf_gcc_state *st, tree t)
{
  const char *name = tree_name (TYPE_NAME (t));
  if (!name)
    name = tree_name (TYPE_NAME (TYPE_MAIN_VARIANT (t)));
  char buf[32];
  if (!name)
    {
      snprintf (buf, sizeof buf, "%s__int%u", TYPE_UNSIGNED (t) ? "unsigned " : "",
		TYPE_PRECISION (t));
      name = buf;
    }
  uint32_t enc = 0;
  if (TREE_CODE (t) == BOOLEAN_TYPE)
    enc = BTFB_INT_BOOL;
  else if (!TYPE_UNSIGNED (t))
    enc = BTFB_INT_SIGNED;
  return btfb_int (st->b, name, int_size (t), enc);
}

static uint32_t
array_index_type (struct btf_gcc_state *st)
{
  if (!st->array_index)
    st->array_index = btfb_int (st->b, "__ARRAY_SIZE_TYPE__", 4, 0);
  return st->array_index;
}

static uint32_t
array_type_id (struct btf_gcc_state *st, tree t)
{
  uint32_t elem = type_id (st, TREE_TYPE (t));
  uint32_t n = 0;
  tree domain = TYPE_DOMAIN (t);
  if (domain && TYPE_MAX_VALUE (domain)
      && TREE_CODE (TYPE_MAX_VALUE (domain)) == INTEGER_CST
      && tree_fits_shwi_p (TYPE_MAX_VALUE (domain)))
    {
      HOST_WIDE_INT lo = 0;
      if (TYPE_MIN_VALUE (domain) && tree_fits_shwi_p (TYPE_MIN_VALUE (domain)))
	lo = tree_to_shwi (TYPE_MIN_VALUE (domain));
      HOST_WIDE_INT hi = tree_to_shwi (TYPE_MAX_VALUE (domain));
      n = hi >= lo ? (uint32_t) (hi - lo + 1) : 0;
    }
  return btfb_array (st->b, elem, array_index_type (st), n);
}

/* The pointee T of a deferred member pointer, as clang writes it: its
   type tags, qualifiers and typedefs (`const cpumask_t *cpus_ptr' is
   PTR > CONST > TYPEDEF cpumask_t), and only the struct at the end left
   to resolve_pointee_fixups.  The type tags (`struct foo __kptr *p') stay
   next to the pointer: clang 14 loses them here, later clangs keep them,
   and the kernel finds kptrs by them.  */
static uint32_t
deferred_pointee (struct btf_gcc_state *st, tree t)
{
  int quals = TYPE_QUALS (t) & (TYPE_QUAL_CONST | TYPE_QUAL_VOLATILE
				| TYPE_QUAL_RESTRICT);
  if (has_type_tags (t))
    return wrap_type_tags (st, TYPE_ATTRIBUTES (t),
			   deferred_pointee (st, strip_type_tags (t)));
  if (quals)
    return qualified (st, deferred_pointee (st, build_qualified_type
						 (t, TYPE_UNQUALIFIED)),
		      quals);
  if (typedef_variant_p (t))
    {
      tree decl = TYPE_NAME (t);
      uint32_t id = btfb_typedef (st->b, decl_name (decl),
				  deferred_pointee (st, DECL_ORIGINAL_TYPE (decl)));
      add_decl_tags (st, DECL_ATTRIBUTES (decl), id, -1);
      return id;
    }
  pointee_fixup f = { TYPE_MAIN_VARIANT (t), btfb_reserve (st->b) };
  st->fixups.safe_push (f);
  return f.reserved;
}

/* The type of a struct member.  Like clang, a member that points (through
   typedefs and qualifiers) to a named struct or union does not bring that
   struct's definition along: the pointer gets a placeholder, which is the
   full struct if something else needs it, and a FWD otherwise
   (resolve_pointee_fixups).  Without this, one task_struct pointer pulls
   in most of the kernel's types.  */
static uint32_t
member_type_id (struct btf_gcc_state *st, tree t, bool seen_pointer)
{
  if (!t || t == error_mark_node || TREE_CODE (t) == VOID_TYPE)
    return type_id (st, t);
  hash_map<tree, uint32_t> *cache = seen_pointer ? NULL : st->member_types;
  if (cache)
    if (uint32_t *cached = cache->get (t))
      return *cached;

  uint32_t id;
  int quals = TYPE_QUALS (t) & (TYPE_QUAL_CONST | TYPE_QUAL_VOLATILE
				| TYPE_QUAL_RESTRICT);
  if (has_type_tags (t))
    id = wrap_type_tags (st, TYPE_ATTRIBUTES (t),
			 member_type_id (st, strip_type_tags (t), seen_pointer));
  else if (quals)
    {
      id = member_type_id (st, build_qualified_type (t, TYPE_UNQUALIFIED),
			   seen_pointer);
      id = qualified (st, id, quals);
    }
  else if (typedef_variant_p (t))
    {
      tree decl = TYPE_NAME (t);
      id = btfb_typedef (st->b, decl_name (decl),
			 member_type_id (st, DECL_ORIGINAL_TYPE (decl),
					 seen_pointer));
      add_decl_tags (st, DECL_ATTRIBUTES (decl), id, -1);
    }
  else if (TREE_CODE (t) == POINTER_TYPE)
    {
      /* One id per pointer type, as clang has one node per pointer type:
	 whichever use comes first decides whether it is deferred.  */
      if (uint32_t *known = st->types->get (t))
	return *known;
      tree pointee = TREE_TYPE (t);
      tree base = pointee;
      while (base && (TYPE_QUALS (base) || typedef_variant_p (base)))
	base = typedef_variant_p (base) ? DECL_ORIGINAL_TYPE (TYPE_NAME (base))
					 : build_qualified_type (base, TYPE_UNQUALIFIED);
      if (base && RECORD_OR_UNION_TYPE_P (base)
	  && tree_name (TYPE_NAME (TYPE_MAIN_VARIANT (base))))
	{
	  id = btfb_ptr (st->b, deferred_pointee (st, pointee));
	  st->types->put (t, id);
	  st->deferred->add (t);
	}
      else if (base && TREE_CODE (base) == POINTER_TYPE)
	id = btfb_ptr (st->b, member_type_id (st, pointee, true));
      else
	return type_id (st, t);
    }
  else
    return type_id (st, t);
  check (st, id != 0);
  if (cache)
    cache->put (t, id);
  return id;
}

/* Each placeholder becomes the struct, where the unit has its definition
   in the BTF, or one FWD per name.  */
static void
resolve_pointee_fixups (struct btf_gcc_state *st)
{
  hash_map<tree, uint32_t> fwds;
  for (unsigned i = 0; i < st->fixups.length (); i++)
    {
      pointee_fixup &f = st->fixups[i];
      uint32_t *full = st->types->get (f.record);
      uint32_t id = 0;
      if (full)
	{
	  enum btfb_kind k = btfb_kind_of (st->b, *full);
	  if (k == BTFB_KIND_STRUCT || k == BTFB_KIND_UNION)
	    id = *full;
	}
      if (!id)
	{
	  bool existed;
	  uint32_t &fwd = fwds.get_or_insert (f.record, &existed);
	  if (!existed)
	    fwd = btfb_fwd (st->b, tree_name (TYPE_NAME (f.record)),
			    TREE_CODE (f.record) == UNION_TYPE ? BTFB_FWD_UNION
							       : BTFB_FWD_STRUCT);
	  id = fwd;
	}
      check (st, btfb_fill (st->b, f.reserved, id) == 0);
    }
  st->fixups.truncate (0);
}

static uint32_t
record_type_id (struct btf_gcc_state *st, tree t)
{
  bool is_union = TREE_CODE (t) == UNION_TYPE;
  const char *name = tree_name (TYPE_NAME (t));
  if (!COMPLETE_TYPE_P (t))
    {
      uint32_t id = btfb_fwd (st->b, name, is_union ? BTFB_FWD_UNION
						      : BTFB_FWD_STRUCT);
      st->types->put (t, id);
      return id;
    }
  /* BTF counts members in 16 bits: a bigger struct can only be named.  */
  unsigned nmembers = 0;
  for (tree f = TYPE_FIELDS (t); f; f = DECL_CHAIN (f))
    nmembers += TREE_CODE (f) == FIELD_DECL;
  if (nmembers > 0xffff)
    {
      warning_at (DECL_SOURCE_LOCATION (TYPE_FIELDS (t)), 0,
		  "%s: %qT has %u members, more than BTF can describe "
		  "(65535): described as a forward declaration",
		  bpfs_plugin_name, t, nmembers);
      uint32_t fwd = btfb_fwd (st->b, name, is_union ? BTFB_FWD_UNION
						     : BTFB_FWD_STRUCT);
      st->types->put (t, fwd);
      return fwd;
    }
  uint32_t id = btfb_struct_begin (st->b, is_union, name, int_size (t));
  st->types->put (t, id);
  add_decl_tags (st, TYPE_ATTRIBUTES (t), id, -1);
  int32_t index = 0;
  for (tree f = TYPE_FIELDS (t); f; f = DECL_CHAIN (f))
    {
      if (TREE_CODE (f) != FIELD_DECL || !DECL_FIELD_OFFSET (f))
	continue;
      /* Unnamed bitfields are padding: DWARF and clang's BTF omit them,
	 and CO-RE access strings count members without them.  */
      if (!DECL_NAME (f) && DECL_BIT_FIELD_TYPE (f))
	continue;
      uint32_t bits = 0;
      tree ftype = TREE_TYPE (f);
      /* A C bitfield, even one GCC laid out as a plain byte.  */
      if (DECL_BIT_FIELD_TYPE (f))
	{
	  ftype = DECL_BIT_FIELD_TYPE (f);
	  bits = tree_fits_uhwi_p (DECL_SIZE (f)) ? tree_to_uhwi (DECL_SIZE (f)) : 0;
	}
      HOST_WIDE_INT pos = int_bit_position (f);
      check (st, btfb_member (st->b, id, decl_name (f),
			      member_type_id (st, ftype, false),
			      (uint32_t) pos, bits) == 0);
      add_decl_tags (st, DECL_ATTRIBUTES (f), id, index++);
    }
  return id;
}

static uint32_t
enum_type_id (struct btf_gcc_state *st, tree t)
{
  const char *name = tree_name (TYPE_NAME (t));
  if (!COMPLETE_TYPE_P (t) || !TYPE_VALUES (t))
    return btfb_fwd (st->b, name, BTFB_FWD_ENUM);
  /* An enum of 8 bytes is an ENUM64 (kernel 6.0+; libbpf 1.0 and later
     rewrite it for older kernels), as clang 15 and later write it: in an
     ENUM its values beyond 32 bits were cut, and CO-RE and bpftool's
     skeletons read the cut values.  enum64=off cuts them, as clang 14
     does.  */
  bool is64 = bpfs_options.enum64 && int_size (t) > 4;
  bool is_signed = !TYPE_UNSIGNED (t);
  uint32_t id = btfb_enum (st->b, name, int_size (t), is_signed, is64);
  for (tree v = TYPE_VALUES (t); v; v = TREE_CHAIN (v))
    {
      tree val = TREE_VALUE (v);
      if (TREE_CODE (val) == CONST_DECL)
	val = DECL_INITIAL (val);
      int64_t n = 0;
      if (val && TREE_CODE (val) == INTEGER_CST)
	n = tree_fits_shwi_p (val) ? tree_to_shwi (val)
				   : (int64_t) TREE_INT_CST_LOW (val);
      if (!is64)
	n = is_signed ? (int64_t) (int32_t) n : (int64_t) (uint32_t) n;
      check (st, btfb_enum_value (st->b, id, tree_name (TREE_PURPOSE (v)), n) == 0);
    }
  return id;
}

/* The id of T, with T's pointee in full if T is a pointer first met as a
   struct member (member_type_id gave it a placeholder).  For a kfunc's
   parameters and a map's key and value: a FWD there makes libbpf refuse
   the kfunc ("func_proto ... incompatible with kernel": the kernel has
   the STRUCT) or the map ("can't determine value size").  clang has the
   struct in these places because it meets them before the members.  */
static uint32_t
complete_type_id (struct btf_gcc_state *st, tree t)
{
  uint32_t id = type_id (st, t);
  if (t && POINTER_TYPE_P (t) && st->deferred->contains (t))
    type_id (st, TREE_TYPE (t));
  return id;
}

/* FUNC_PROTO of function type T; parameter names from DECL's arguments
   when DECL is the function's definition; COMPLETE for a kfunc.  */
static uint32_t
proto_id (struct btf_gcc_state *st, tree t, tree decl, bool complete = false)
{
  uint32_t proto = btfb_func_proto_begin (st->b, complete
					   ? complete_type_id (st, TREE_TYPE (t))
					   : type_id (st, TREE_TYPE (t)));
  tree parm = decl ? DECL_ARGUMENTS (decl) : NULL_TREE;
  tree args = TYPE_ARG_TYPES (t);
  if (parm)
    for (; parm; parm = DECL_CHAIN (parm))
      {
	/* A function the object defines keeps its arguments' pointees in
	   full even where the pointer type was deferred elsewhere: the
	   verifier sizes a global function's pointer arguments from them. */
	tree ptype = TREE_TYPE (parm);
	uint32_t pid = st->deferred->contains (ptype)
		       ? btfb_ptr (st->b, type_id (st, TREE_TYPE (ptype)))
		       : type_id (st, ptype);
	check (st, btfb_func_proto_param (st->b, proto, decl_name (parm),
					  pid) == 0);
      }
  else
    for (tree a = args; a && a != void_list_node; a = TREE_CHAIN (a))
      check (st, btfb_func_proto_param (st->b, proto, NULL,
					complete
					? complete_type_id (st, TREE_VALUE (a))
					: type_id (st, TREE_VALUE (a))) == 0);
  if (args && stdarg_p (t))
    check (st, btfb_func_proto_variadic (st->b, proto) == 0);
  return proto;
}

static uint32_t
type_id (struct btf_gcc_state *st, tree t)
{
  if (!t || t == error_mark_node)
    return 0;
  /* `const void' is CONST over void, as clang writes it (`const void *'
     parameters, typeless `extern const void sym __ksym').  */
  if (TREE_CODE (t) == VOID_TYPE)
    return qualified (st, 0, TYPE_QUALS (t) & (TYPE_QUAL_CONST | TYPE_QUAL_VOLATILE
					       | TYPE_QUAL_RESTRICT));
  if (uint32_t *cached = st->types->get (t))
    return *cached;

  uint32_t id = 0;
  int quals = TYPE_QUALS (t) & (TYPE_QUAL_CONST | TYPE_QUAL_VOLATILE
				| TYPE_QUAL_RESTRICT);
  /* Tags before qualifiers: the kernel wants TYPE_TAGs right after the
     pointer (PTR -> TYPE_TAG -> CONST -> ...), as clang writes them.  */
  if (has_type_tags (t))
    id = wrap_type_tags (st, TYPE_ATTRIBUTES (t),
			 type_id (st, strip_type_tags (t)));
  else if (quals)
    {
      id = type_id (st, build_qualified_type (t, TYPE_UNQUALIFIED));
      id = qualified (st, id, quals);
    }
  else if (typedef_variant_p (t))
    {
      /* Reserve first: the typedef's own type may lead back to it.  */
      uint32_t reserved = btfb_reserve (st->b);
      st->types->put (t, reserved);
      tree decl = TYPE_NAME (t);
      id = btfb_typedef (st->b, decl_name (decl),
			 type_id (st, DECL_ORIGINAL_TYPE (decl)));
      check (st, btfb_fill (st->b, reserved, id) == 0);
      add_decl_tags (st, DECL_ATTRIBUTES (decl), id, -1);
    }
  else if (TYPE_MAIN_VARIANT (t) != t
	   && (RECORD_OR_UNION_TYPE_P (t) || TREE_CODE (t) == ENUMERAL_TYPE))
    id = type_id (st, TYPE_MAIN_VARIANT (t));
  else
    switch (TREE_CODE (t))
      {
      case INTEGER_TYPE:
      case BOOLEAN_TYPE:
	id = integer_type_id (st, t);
	break;
      case REAL_TYPE:
	id = btfb_float (st->b, tree_name (TYPE_NAME (TYPE_MAIN_VARIANT (t)))
			 ? tree_name (TYPE_NAME (TYPE_MAIN_VARIANT (t)))
			 : "double", int_size (t));
	break;
      case POINTER_TYPE:
      case REFERENCE_TYPE:
	{
	  /* Cache before the pointee: a struct may point to itself through
	     a typedef of this pointer.  */
	  uint32_t reserved = btfb_reserve (st->b);
	  st->types->put (t, reserved);
	  id = btfb_ptr (st->b, type_id (st, TREE_TYPE (t)));
	  check (st, btfb_fill (st->b, reserved, id) == 0);
	}
	break;
      case ARRAY_TYPE:
	id = array_type_id (st, t);
	break;
      case RECORD_TYPE:
      case UNION_TYPE:
	return record_type_id (st, t);
      case ENUMERAL_TYPE:
	id = enum_type_id (st, t);
	break;
      case FUNCTION_TYPE:
	id = proto_id (st, t, NULL_TREE);
	break;
      case VECTOR_TYPE:
	id = btfb_array (st->b, type_id (st, TREE_TYPE (t)),
			 array_index_type (st),
			 (uint32_t) TYPE_VECTOR_SUBPARTS (t).to_constant ());
	break;
      default:
	/* Complex, fixed-point...: no BTF kind; describe the bytes.  */
	id = btfb_array (st->b, btfb_int (st->b, "unsigned char", 1, 0),
			 array_index_type (st), int_size (t));
	break;
      }
  check (st, id != 0);
  st->types->put (t, id);
  return id;
}

struct btf_builder *
bpfs_btf_builder (struct btf_gcc_state *st)
{
  return st->b;
}

uint32_t
bpfs_btf_type_id (struct btf_gcc_state *st, tree type)
{
  return type_id (st, type);
}

static uint32_t
function_id (struct btf_gcc_state *st, tree decl, enum btfb_func_linkage linkage)
{
  if (uint32_t *cached = st->funcs->get (decl))
    return *cached;
  uint32_t proto = proto_id (st, TREE_TYPE (decl),
			     DECL_EXTERNAL (decl) ? NULL_TREE : decl,
			     linkage == BTFB_FUNC_EXTERN);
  /* A clone (foo.isra.0, foo.constprop.0) is still foo to the reader;
     BTF names must be identifiers.  */
  const char *name = decl_name (decl);
  char *base = name ? xstrdup (name) : NULL;
  if (base && strchr (base, '.'))
    *strchr (base, '.') = 0;
  uint32_t id = btfb_func (st->b, base, proto, linkage);
  free (base);
  check (st, id != 0);
  /* Parameters' tags (`__arg_ctx') first, then the function's, in
     clang's order.  */
  int32_t index = 0;
  if (!DECL_EXTERNAL (decl))
    for (tree parm = DECL_ARGUMENTS (decl); parm; parm = DECL_CHAIN (parm))
      add_decl_tags (st, DECL_ATTRIBUTES (parm), id, index++);
  add_decl_tags (st, DECL_ATTRIBUTES (decl), id, -1);
  st->funcs->put (decl, id);
  return id;
}

void
bpfs_btf_add_function (struct btf_gcc_state *st, tree decl, const char *,
		       const char *)
{
  function_id (st, decl, TREE_PUBLIC (decl) ? BTFB_FUNC_GLOBAL
					    : BTFB_FUNC_STATIC);
}

static const char *
variable_section (tree decl)
{
  if (DECL_SECTION_NAME (decl))
    return DECL_SECTION_NAME (decl);
  if (DECL_EXTERNAL (decl))
    return NULL;
  return bpfs_section_name (get_variable_section (decl, true));
}

/* A map definition's members point to the key and value types: libbpf
   needs those in full (clang's visitMapDefType does the same).  An inner
   map's definition (`__array(values, struct inner)': an array of pointers
   to it) is a map definition too: libbpf creates the inner map from it and
   needs its value type's size as well.  */
static void
map_definition_types (struct btf_gcc_state *st, tree def, int depth)
{
  while (TREE_CODE (def) == ARRAY_TYPE)
    def = TREE_TYPE (def);
  def = TYPE_MAIN_VARIANT (def);
  if (!RECORD_OR_UNION_TYPE_P (def) || depth > 2)
    return;
  for (tree f = TYPE_FIELDS (def); f; f = DECL_CHAIN (f))
    {
      if (TREE_CODE (f) != FIELD_DECL)
	continue;
      complete_type_id (st, TREE_TYPE (f));
      tree inner = TREE_TYPE (f);
      if (TREE_CODE (inner) != ARRAY_TYPE || !DECL_NAME (f)
	  || strcmp (decl_name (f), "values"))
	continue;
      while (TREE_CODE (inner) == ARRAY_TYPE)
	inner = TREE_TYPE (inner);
      if (POINTER_TYPE_P (inner))
	map_definition_types (st, TREE_TYPE (inner), depth + 1);
    }
}

/* A variable of a section, with where GCC writes it in that section:
   cgraphunit's output_in_order writes the no_reorder variables first, by
   their order of creation, then output_variables the others, in
   FOR_EACH_VARIABLE's order.  */
struct section_variable
{
  varpool_node *node;
  int first;	/* 0: written by output_in_order, 1: by output_variables */
  int rank;	/* node->order, or the position in FOR_EACH_VARIABLE */
};

static int
section_variable_cmp (const void *pa, const void *pb)
{
  const section_variable *a = (const section_variable *) pa;
  const section_variable *b = (const section_variable *) pb;
  if (a->first != b->first)
    return a->first - b->first;
  return (a->rank > b->rank) - (a->rank < b->rank);
}

void
bpfs_btf_add_variables (struct btf_gcc_state *st)
{
  varpool_node *node;
  /* A DATASEC counts its variables in 16 bits.  */
  hash_map<nofree_string_hash, unsigned> per_section;
  /* The kernel wants each DATASEC's entries in increasing offset order
     ("Invalid offset"), and only the assembler knows the offsets: the
     entries go in the order GCC writes the variables.  libbpf sorts them
     itself, cilium/ebpf 0.9 (bpf2go's library) does not.  */
  auto_vec<section_variable> ordered;
  int position = 0;
  FOR_EACH_VARIABLE (node)
    {
      section_variable sv = { node, node->no_reorder ? 0 : 1,
			      node->no_reorder ? node->order : position++ };
      ordered.safe_push (sv);
    }
  ordered.qsort (section_variable_cmp);
  for (unsigned oi = 0; oi < ordered.length (); oi++)
    {
      node = ordered[oi].node;
      tree decl = node->decl;
      if (!VAR_P (decl) || DECL_ARTIFICIAL (decl) || !DECL_NAME (decl))
	continue;
      bool ext = DECL_EXTERNAL (decl);
      /* An extern counts when the assembly refers to it (references in
	 the call graph are gone once bodies are released).  */
      if (ext ? !TREE_SYMBOL_REFERENCED (DECL_ASSEMBLER_NAME (decl))
	      : !TREE_ASM_WRITTEN (decl))
	continue;
      const char *sec = variable_section (decl);
      if (!sec)
	{
	  /* An extern in no section (another object of a static link
	     defines it): a VAR in no DATASEC, its own root, as clang emits
	     it; bpftool's linker looks it up ("failed to find BTF info for
	     global/extern symbol").  */
	  if (ext)
	    {
	      uint32_t var = btfb_var (st->b, decl_name (decl),
				       type_id (st, TREE_TYPE (decl)),
				       BTFB_VAR_EXTERN);
	      check (st, var && btfb_mark_root (st->b, var) == 0);
	      if (var)
		add_decl_tags (st, DECL_ATTRIBUTES (decl), var, -1);
	    }
	  continue;
	}
      unsigned &count = per_section.get_or_insert (sec);
      if (++count > 0xffff)
	{
	  if (count == 0x10000)
	    warning_at (DECL_SOURCE_LOCATION (decl), 0,
			"%s: more than 65535 variables in section %qs: BTF "
			"describes the first 65535", bpfs_plugin_name, sec);
	  continue;
	}
      const char *name = ext ? decl_name (decl) : bpfs_symbol_name (decl);
      /* A map definition's members point to the key and value types:
	 libbpf needs those in full (clang's visitMapDefType does the same). */
      if (!strcmp (sec, ".maps"))
	map_definition_types (st, TREE_TYPE (decl), 0);
      uint32_t var = btfb_var (st->b, name, type_id (st, TREE_TYPE (decl)),
			       ext ? BTFB_VAR_EXTERN
			       : TREE_PUBLIC (decl) ? BTFB_VAR_GLOBAL
						    : BTFB_VAR_STATIC);
      add_decl_tags (st, DECL_ATTRIBUTES (decl), var, -1);
      /* The offset, as the assembler computes it, for a variable this
	 unit defines; libbpf resolves externs itself.  */
      /* Common symbols (-fcommon) are allocated by the linker, outside
	 any section of this object: libbpf resolves those itself.  */
      const char *base = ext || DECL_COMMON (decl) ? NULL
			 : bpfs_btf_data_base (sec);
      /* The object's size, which counts an initialized flexible array
	 member (a map-in-map's values), unlike its type's.  */
      /* A typeless `extern const void sym __ksym' has size 1, GNU C's
	 sizeof (void), as clang writes it.  */
      uint32_t size = DECL_SIZE_UNIT (decl) && tree_fits_uhwi_p (DECL_SIZE_UNIT (decl))
		      ? tree_to_uhwi (DECL_SIZE_UNIT (decl))
		      : VOID_TYPE_P (TREE_TYPE (decl)) ? 1
		      : int_size (TREE_TYPE (decl));
      int err;
      if (base)
	{
	  char *expr = concat (name, "-", base, NULL);
	  err = btfb_datasec_add_expr (st->b, sec, var, expr, size);
	  free (expr);
	}
      else
	err = btfb_datasec_add (st->b, sec, var, 0, size);
      check (st, var && err == 0 && btfb_datasec_size (st->b, sec, 0) == 0);
    }

  /* Extern functions called here: kfuncs (in a section, .ksyms for
     __ksym) in their DATASEC, others (defined by another object a static
     link adds) as a FUNC alone, as clang emits them: bpftool's linker
     looks the symbol up in the BTF ("failed to find BTF info for
     global/extern symbol").  Library routines GCC made up and builtins
     have no declaration of the user's and get none.  */
  cgraph_node *fn;
  FOR_EACH_FUNCTION (fn)
    {
      tree decl = fn->decl;
      if (!DECL_EXTERNAL (decl) || DECL_ARTIFICIAL (decl)
	  || fndecl_built_in_p (decl) || bpfs_kernel_helper_number (decl)
	  || !TREE_SYMBOL_REFERENCED (DECL_ASSEMBLER_NAME (decl)))
	continue;
      uint32_t id = function_id (st, decl, BTFB_FUNC_EXTERN);
      if (!DECL_SECTION_NAME (decl))
	{
	  /* In no DATASEC: its own root, or pruning drops it.  */
	  check (st, id != 0 && btfb_mark_root (st->b, id) == 0);
	  continue;
	}
      check (st, btfb_datasec_add (st->b, DECL_SECTION_NAME (decl), id, 0, 0) == 0
		 && btfb_datasec_size (st->b, DECL_SECTION_NAME (decl), 0) == 0);
    }
}

void
bpfs_btf_add_func_info (struct btf_gcc_state *st, const char *section,
			const char *symbol, const char *base, tree decl)
{
  uint32_t *id = st->funcs->get (decl);
  if (id)
    check (st, btfb_func_info (st->b, section, st->order++, symbol, base,
			       *id) == 0);
}

void
bpfs_btf_add_line_info (struct btf_gcc_state *st, const char *section,
			const char *label, const char *base, const char *file,
			unsigned line, unsigned column)
{
  char_span text = location_get_source_line (file, line);
  char *copy = text ? text.xstrdup () : xstrdup ("");
  size_t n = strlen (copy);
  while (n && (copy[n - 1] == '\n' || copy[n - 1] == '\r'))
    copy[--n] = 0;
  check (st, btfb_line_info (st->b, section, st->order++, label, base, file,
			     copy, line, column) == 0);
  free (copy);
}

void
bpfs_btf_write (struct btf_gcc_state *st, FILE *out)
{
  if (st->failed)
    return;
  resolve_pointee_fixups (st);
  /* DATASEC sizes stay 0 for libbpf to fill in from the ELF sections.  */
  check (st, btfb_finish (st->b, 0) == 0);
  check (st, btfb_write_asm (st->b, out) == 0);
}
