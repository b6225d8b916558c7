/* core.cc: CO-RE (Compile Once - Run Everywhere) builtins and relocations.
 *
 * libbpf's bpf_core_read.h is built on clang's builtins:
 *   __builtin_preserve_access_index (expr)      addresses/loads relocated
 *   __builtin_preserve_field_info (field, kind) offset, size, exists, ...
 *   __builtin_btf_type_id (*(T *) 0, kind)      local or target type id
 *   __builtin_preserve_type_info (*(T *) 0, kind)   exists, size, matches
 *   __builtin_preserve_enum_value (*(E *) V, kind)  exists, value
 * and on the preserve_access_index attribute, which vmlinux.h applies to
 * every struct with `#pragma clang attribute push'.  GCC 12 has only the
 * first builtin, and crashes in it on common BPF_CORE_READ chains; its
 * relocations use GCC's own BTF ids, which the plugin's BTF replaces.
 *
 * Here every CO-RE value becomes one instruction whose immediate (or
 * offset) is the value for the BTF the object carries, and a relocation
 * record in .BTF.ext names that instruction, so libbpf can patch it for
 * the running kernel:
 *   - values (offsets, sizes, flags, ids, enum values): `mov32 rD, imm'
 *     (`lddw rD, imm64' for 64-bit enum values);
 *   - addresses `&p->a.b': rD = imm (the field's offset) then an add;
 *   - loads and stores through preserve_access_index types:
 *     `ldx rD, [rS+off]' / `stx [rD+off], rS' with the relocation on the
 *     memory instruction itself (the verifier wants context accesses at a
 *     constant instruction offset, as clang emits them).
 * During parsing the builtins become calls to an artificial function
 * __bpfsupport_core (N, ...); right after the function is in SSA form a
 * pass turns each call into an asm statement whose template ends with
 * `;core#N'.  When final prints it, gcc-btf.cc's postscan hook puts a label
 * after it and records (label, section, N): duplicated code (inlining,
 * unrolling) gets a record per copy, deleted code none.  Type ids are only
 * known when the BTF is finished, so their immediates are assembler
 * symbols (.LBPFStid<N>) set at the end of the file.  */
#include "plugin/gcc-compat.h"
#include "c-tree.h"
#include "tree-iterator.h"
#include "btf/btf.h"
#include "btf/gcc-btf.h"
#include "attrs/core.h"

/* libbpf's enum bpf_core_relo_kind.  */
enum core_kind
{
  CORE_FIELD_BYTE_OFFSET = 0, CORE_FIELD_BYTE_SIZE = 1, CORE_FIELD_EXISTS = 2,
  CORE_FIELD_SIGNED = 3, CORE_FIELD_LSHIFT_U64 = 4, CORE_FIELD_RSHIFT_U64 = 5,
  CORE_TYPE_ID_LOCAL = 6, CORE_TYPE_ID_TARGET = 7, CORE_TYPE_EXISTS = 8,
  CORE_TYPE_SIZE = 9, CORE_ENUMVAL_EXISTS = 10, CORE_ENUMVAL_VALUE = 11,
  CORE_TYPE_MATCHES = 12
};

/* How a relocated value reaches the program.  */
enum core_use { USE_VALUE, USE_LOAD, USE_STORE };

struct core_reloc
{
  enum core_kind kind;
  enum core_use use;
  tree type;            /* the root type the access string starts from */
  char *access;         /* "0:1:2" */
  HOST_WIDE_INT value;  /* for this object's BTF */
  unsigned mem_size;    /* USE_LOAD/USE_STORE: 1, 2, 4 or 8 bytes */
  /* A value of 64 bits whatever this object's value is (an enumerator of
     an 8-byte enum, BTF ENUM64): `lddw', as clang writes it, because
     libbpf patches the target's value into the instruction as it stands,
     and a 32-bit mov would cut a 64-bit one (PERF_CONTEXT_KERNEL).  */
  bool wide;
};

static vec<core_reloc> relocs;
static tree core_gc_roots;   /* keeps the relocations' types alive */
static tree core_marker;     /* __bpfsupport_core */
static hash_set<tree> *core_types;   /* structs under #pragma clang attribute */
static int pragma_depth, pragma_core_depth;
static tree (*inner_resolve) (location_t, tree, void *);

const struct ggc_root_tab bpfs_core_root_tab[] = {
  { &core_gc_roots, 1, sizeof (tree), &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
  { &core_marker, 1, sizeof (tree), &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};

static tree
strip_type (tree t)
{
  while (t && TYPE_NAME (t) && TREE_CODE (TYPE_NAME (t)) == TYPE_DECL
	 && DECL_ORIGINAL_TYPE (TYPE_NAME (t)))
    t = DECL_ORIGINAL_TYPE (TYPE_NAME (t));
  return t ? TYPE_MAIN_VARIANT (t) : t;
}

/* The type a field relocation's access string starts from, as clang
   records it: without const/volatile/restrict (libbpf looks candidates up
   by the type's name, and a CONST has none: "target candidate search
   failed for [N] const"), but with the typedef the code names, if any
   (`const hdr_t *p' records typedef hdr_t, `const struct hdr *p' struct
   hdr, a `typedef const struct hdr chdr_t' is recorded as chdr_t).  */
static tree
access_root_type (tree t)
{
  tree name = TYPE_NAME (t);
  if (name && TREE_CODE (name) == TYPE_DECL && DECL_ORIGINAL_TYPE (name))
    /* The typedef's variant without qualifiers: btf/gcc-types.cc writes
       a qualified typedef as CONST/VOLATILE of that one.  */
    return build_qualified_type (t, TYPE_UNQUALIFIED);
  return TYPE_MAIN_VARIANT (t);
}

static unsigned
new_reloc (enum core_kind kind, enum core_use use, tree type,
	   const char *access, HOST_WIDE_INT value, unsigned mem_size = 0)
{
  core_reloc r = { kind, use, type, xstrdup (access), value, mem_size, false };
  relocs.safe_push (r);
  core_gc_roots = tree_cons (NULL_TREE, type, core_gc_roots);
  return relocs.length () - 1;
}

/* ------------------------------------------------------------ chains */

/* The BTF member index of FIELD: its position among the members the BTF
   has (unnamed bitfields are left out, as in btf/gcc-types.cc).  */
static int
member_index (tree field)
{
  int i = 0;
  for (tree f = TYPE_FIELDS (DECL_CONTEXT (field)); f; f = DECL_CHAIN (f))
    {
      if (TREE_CODE (f) != FIELD_DECL)
	continue;
      if (f == field)
	return i;
      if (!DECL_NAME (f) && DECL_BIT_FIELD_TYPE (f))
	continue;
      i++;
    }
  return -1;
}

struct access_chain
{
  tree base;            /* the pointer the chain starts from */
  tree root;            /* the type BASE points to */
  auto_vec<long> index; /* access string, innermost first */
  HOST_WIDE_INT bit_offset;
  tree last_field;      /* the final member, if the chain ends in one */
  tree last_type;       /* the type of the whole chain */
  tree object;          /* a local object the chain starts at, or NULL */
};

static tree
strip_conversions (tree t)
{
  while (t && (CONVERT_EXPR_P (t) || TREE_CODE (t) == NON_LVALUE_EXPR))
    t = TREE_OPERAND (t, 0);
  return t;
}

/* Decompose REF (p->a.b[2]) into a base pointer and an access string.
   With OBJECT_ROOT the chain may also start at an object (`local.f', as
   GCC folds `(&local)->f'): field information needs only the root type,
   never an address; BASE is then NULL.  With LOCAL_ROOT it may start at a
   variable or parameter (`opts.netns_id', clang relocates those too) or
   at an array element of variable index (`entries[i].from'): OBJECT is
   then that, and use_object_address makes BASE its address once the chain
   is known to be relocated.  */
static bool
analyze_chain (tree ref, access_chain *c, bool object_root = false,
	       bool local_root = false)
{
  auto_vec<tree> parts;
  c->index.truncate (0);
  tree t = strip_conversions (ref);
  c->last_type = TREE_TYPE (t);
  c->last_field = TREE_CODE (t) == COMPONENT_REF ? TREE_OPERAND (t, 1) : NULL;
  while (TREE_CODE (t) == COMPONENT_REF || TREE_CODE (t) == ARRAY_REF)
    {
      if (TREE_CODE (t) == ARRAY_REF
	  && TREE_CODE (TREE_OPERAND (t, 1)) != INTEGER_CST)
	{
	  /* `entries[i].from': with LOCAL_ROOT the element is the object
	     the chain starts at.  */
	  if (local_root && !parts.is_empty ())
	    break;
	  return false;
	}
      parts.safe_push (t);
      t = TREE_OPERAND (t, 0);
    }
  bool object = object_root && !parts.is_empty ()
		&& (VAR_P (t) || TREE_CODE (t) == PARM_DECL
		    || TREE_CODE (t) == COMPOUND_LITERAL_EXPR);
  bool local = local_root && !parts.is_empty ()
	       && ((VAR_P (t) && !DECL_HARD_REGISTER (t))
		   || TREE_CODE (t) == PARM_DECL || TREE_CODE (t) == ARRAY_REF);
  c->object = local ? t : NULL_TREE;
  object |= local;
  if (!object && TREE_CODE (t) != INDIRECT_REF
      && !(TREE_CODE (t) == MEM_REF && integer_zerop (TREE_OPERAND (t, 1))))
    return false;
  c->root = access_root_type (TREE_TYPE (t));
  c->base = object ? NULL_TREE : TREE_OPERAND (t, 0);
  tree sroot = strip_type (c->root);
  /* A variably sized type (a struct with a VLA member) has no CO-RE
     layout: its offsets are computed at run time.  */
  if (!sroot || !COMPLETE_TYPE_P (sroot)
      || TREE_CODE (TYPE_SIZE (sroot)) != INTEGER_CST)
    return false;

  /* p[k].f is *(p + k * size).  */
  long first = 0;
  tree b = object ? NULL_TREE : strip_conversions (c->base);
  if (b && TREE_CODE (b) == POINTER_PLUS_EXPR
      && TREE_CODE (TREE_OPERAND (b, 1)) == INTEGER_CST
      && tree_fits_shwi_p (TREE_OPERAND (b, 1)))
    {
      HOST_WIDE_INT bytes = tree_to_shwi (TREE_OPERAND (b, 1));
      HOST_WIDE_INT size = int_size_in_bytes (sroot);
      if (size > 0 && bytes % size == 0)
	{
	  first = bytes / size;
	  c->base = TREE_OPERAND (b, 0);
	}
    }
  c->index.safe_push (first);
  c->bit_offset = first * int_size_in_bytes (sroot) * BITS_PER_UNIT;

  for (int i = parts.length () - 1; i >= 0; i--)
    {
      tree p = parts[i];
      if (TREE_CODE (p) == COMPONENT_REF)
	{
	  tree f = TREE_OPERAND (p, 1);
	  int idx = member_index (f);
	  if (idx < 0 || TREE_CODE (bit_position (f)) != INTEGER_CST)
	    return false;
	  c->index.safe_push (idx);
	  c->bit_offset += int_bit_position (f);
	}
      else
	{
	  if (!tree_fits_shwi_p (TREE_OPERAND (p, 1))
	      || int_size_in_bytes (TREE_TYPE (p)) < 0)
	    return false;
	  HOST_WIDE_INT k = tree_to_shwi (TREE_OPERAND (p, 1));
	  HOST_WIDE_INT esize = int_size_in_bytes (TREE_TYPE (p));
	  c->index.safe_push (k);
	  c->bit_offset += k * esize * BITS_PER_UNIT;
	}
    }
  return true;
}

static char *
access_string (access_chain *c, char *buf, size_t n)
{
  size_t len = 0;
  buf[0] = 0;
  for (unsigned i = 0; i < c->index.length () && len + 24 < n; i++)
    len += snprintf (buf + len, n - len, "%s%ld", i ? ":" : "", c->index[i]);
  return buf;
}

/* libbpf's view of a field: byte offset and size of the load that holds
   it, bit offset and size (bpf_core_calc_field_relo).  */
static bool
field_geometry (access_chain *c, HOST_WIDE_INT *byte_off, HOST_WIDE_INT *byte_sz,
		HOST_WIDE_INT *bit_off, HOST_WIDE_INT *bit_sz)
{
  tree f = c->last_field;
  *bit_off = c->bit_offset;
  if (f && DECL_BIT_FIELD_TYPE (f))
    {
      *bit_sz = tree_to_uhwi (DECL_SIZE (f));
      *byte_sz = int_size_in_bytes (strip_type (DECL_BIT_FIELD_TYPE (f)));
      if (*byte_sz <= 0)
	return false;
      *byte_off = *bit_off / 8 / *byte_sz * *byte_sz;
      while (*bit_off + *bit_sz - *byte_off * 8 > *byte_sz * 8)
	{
	  if (*byte_sz >= 8)
	    return false;
	  *byte_sz *= 2;
	  *byte_off = *bit_off / 8 / *byte_sz * *byte_sz;
	}
    }
  else
    {
      /* A flexible array member has no size: 0, as clang and libbpf
	 (btf__resolve_size of an array of 0 elements) say.  */
      *byte_sz = int_size_in_bytes (strip_type (c->last_type));
      if (*byte_sz < 0)
	*byte_sz = 0;
      *byte_off = *bit_off / 8;
      *bit_sz = *byte_sz * 8;
    }
  return true;
}

static tree
marker_call (location_t loc, unsigned n, tree type, tree arg1 = NULL_TREE,
	     tree arg2 = NULL_TREE)
{
  tree idx = build_int_cst (unsigned_type_node, n);
  tree call;
  if (arg2)
    call = build_call_expr_loc (loc, core_marker, 3, idx, arg1, arg2);
  else if (arg1)
    call = build_call_expr_loc (loc, core_marker, 2, idx, arg1);
  else
    call = build_call_expr_loc (loc, core_marker, 1, idx);
  return fold_convert_loc (loc, type, call);
}

/* ------------------------------------------------------- rewriting */

static tree rewrite_value (tree e, bool all);
static tree relocated_load (location_t loc, tree ref, access_chain *c, bool all);

/* A preserve_access_index type has been declared in this unit.  */
bool bpfs_core_types_declared;

static bool
core_type_p (tree type, bool all)
{
  tree t = strip_type (type);
  if (!t || !RECORD_OR_UNION_TYPE_P (t))
    return false;
  if (all)
    return true;
  return lookup_attribute ("preserve_access_index", TYPE_ATTRIBUTES (t))
	 || lookup_attribute ("preserve_access_index", TYPE_ATTRIBUTES (type))
	 || (core_types && core_types->contains (t));
}

/* The address of the chain REF, relocated: (T *) ((char *) base + OFF).  */
static tree
relocated_address (location_t loc, tree ref, access_chain *c, bool all)
{
  char access[256];
  HOST_WIDE_INT off = c->bit_offset / BITS_PER_UNIT;
  unsigned n = new_reloc (CORE_FIELD_BYTE_OFFSET, USE_VALUE, c->root,
			  access_string (c, access, sizeof access), off);
  tree base = rewrite_value (c->base, all);
  tree offset = marker_call (loc, n, sizetype);
  tree p = fold_build_pointer_plus_loc (loc, base, offset);
  return fold_convert_loc (loc, build_pointer_type (TREE_TYPE (ref)), p);
}

/* A chain that starts at an object (a variable, or an element `a[i]') and
   is relocated: its base is the object's address (the variable lives in
   memory from now on).  */
static void
use_object_address (access_chain *c)
{
  if (!c->object || c->base)
    return;
  tree d = c->object;
  while (handled_component_p (d))
    d = TREE_OPERAND (d, 0);
  if (DECL_P (d))
    TREE_ADDRESSABLE (d) = 1;
  c->base = build_fold_addr_expr (c->object);
}

static bool
relocatable_chain (tree ref, access_chain *c, bool all)
{
  tree t = strip_conversions (ref);
  if (TREE_CODE (t) != COMPONENT_REF && TREE_CODE (t) != ARRAY_REF)
    return false;
  if (!analyze_chain (t, c, false, true) || !core_type_p (c->root, all))
    return false;
  /* A bitfield has no address: CO-RE reads those through
     BPF_CORE_READ_BITFIELD (field info relocations).  */
  if (c->last_field && DECL_BIT_FIELD_TYPE (c->last_field))
    return false;
  use_object_address (c);
  return true;
}

/* E with every relocatable chain inside rewritten.  */
static tree
rewrite_value (tree e, bool all)
{
  location_t loc = EXPR_LOCATION (e);
  if (TREE_CODE (e) == ADDR_EXPR)
    {
      access_chain c;
      tree ref = TREE_OPERAND (e, 0);
      if (relocatable_chain (ref, &c, all))
	return fold_convert_loc (loc, TREE_TYPE (e),
				 relocated_address (loc, ref, &c, all));
      return e;
    }
  access_chain c;
  if (relocatable_chain (e, &c, all))
    {
      /* A scalar is loaded with the relocation on the load itself, as
	 clang does (`r3 = *(u64 *)(r1 + 0x70)'): through the context
	 pointer (bpf_core_read (&dst, n, (void *) PT_REGS_PARM1 (ctx)))
	 the verifier refuses a relocated offset added to it first
	 ("dereference of modified ctx ptr").  */
      HOST_WIDE_INT size = int_size_in_bytes (TREE_TYPE (e));
      if ((INTEGRAL_TYPE_P (TREE_TYPE (e)) || POINTER_TYPE_P (TREE_TYPE (e)))
	  && (size == 1 || size == 2 || size == 4 || size == 8)
	  && c.bit_offset % BITS_PER_UNIT == 0)
	return relocated_load (loc, e, &c, all);
      return build1_loc (loc, INDIRECT_REF, TREE_TYPE (e),
			 relocated_address (loc, e, &c, all));
    }
  /* `&p[2]' in __builtin_preserve_access_index (bpf_core_read (dst, n,
     &p[2])): GCC's front end has folded it to `p + 2 * sizeof *p', which
     clang relocates as the access "2" on *p's type (its size may differ
     in the kernel).  */
  if (all && TREE_CODE (e) == POINTER_PLUS_EXPR
      && TREE_CODE (TREE_OPERAND (e, 1)) == INTEGER_CST
      && tree_fits_shwi_p (TREE_OPERAND (e, 1)))
    {
      tree pointee = TREE_TYPE (TREE_TYPE (e));
      tree sp = strip_type (pointee);
      HOST_WIDE_INT off = tree_to_shwi (TREE_OPERAND (e, 1));
      HOST_WIDE_INT size = sp && COMPLETE_TYPE_P (sp) ? int_size_in_bytes (sp) : -1;
      if (size > 0 && off > 0 && off % size == 0 && core_type_p (pointee, all))
	{
	  c.base = TREE_OPERAND (e, 0);
	  c.root = access_root_type (pointee);
	  c.index.truncate (0);
	  c.index.safe_push (off / size);
	  c.bit_offset = off * BITS_PER_UNIT;
	  c.last_field = NULL_TREE;
	  c.last_type = pointee;
	  c.object = NULL_TREE;
	  tree ref = build1 (INDIRECT_REF, pointee, e);
	  return fold_convert_loc (loc, TREE_TYPE (e),
				   relocated_address (loc, ref, &c, all));
	}
    }
  if (CONVERT_EXPR_P (e) || TREE_CODE (e) == NON_LVALUE_EXPR)
    {
      tree inner = rewrite_value (TREE_OPERAND (e, 0), all);
      if (inner != TREE_OPERAND (e, 0))
	return build1_loc (loc, TREE_CODE (e), TREE_TYPE (e), inner);
    }
  return e;
}

/* A load of SIZE bytes at OFF from the base of the chain C, of TYPE, with
   the relocation on the load itself (ldx rD, [rS + off]).  */
static tree
relocated_load_at (location_t loc, access_chain *c, bool all,
		   HOST_WIDE_INT off, HOST_WIDE_INT size, tree type)
{
  char access[256];
  unsigned n = new_reloc (CORE_FIELD_BYTE_OFFSET, USE_LOAD, c->root,
			  access_string (c, access, sizeof access), off, size);
  tree base = fold_convert_loc (loc, ptr_type_node, rewrite_value (c->base, all));
  return marker_call (loc, n, type, base);
}

/* A scalar load through a preserve_access_index type.  */
static tree
relocated_load (location_t loc, tree ref, access_chain *c, bool all)
{
  return relocated_load_at (loc, c, all, c->bit_offset / BITS_PER_UNIT,
			    int_size_in_bytes (TREE_TYPE (ref)), TREE_TYPE (ref));
}

static bool
bitfield_ref_p (tree t)
{
  return TREE_CODE (t) == COMPONENT_REF
	 && DECL_BIT_FIELD_TYPE (TREE_OPERAND (t, 1));
}

/* A bitfield read through a chain of CO-RE types (`kskb->ip_summed' with
   vmlinux.h): as clang, a load of the unit that holds it, relocated
   (FIELD_BYTE_OFFSET on the load itself, the unit as libbpf computes it
   for a bitfield), then shifts in the program.  Through the relocated
   address instead, the verifier refuses the access in BTF-typed programs
   (a register added to a trusted pointer: "cannot access ptr member next
   with moff 0", decap_sanity.c).  NULL_TREE when the unit is not a plain
   1, 2, 4 or 8-byte load.  */
static tree
relocated_bitfield_load (location_t loc, tree ref, bool all)
{
  access_chain c;
  tree t = strip_conversions (ref);
  if (TREE_CODE (t) != COMPONENT_REF || !analyze_chain (t, &c, false, true)
      || !core_type_p (c.root, all) || !c.last_field
      || !DECL_BIT_FIELD_TYPE (c.last_field))
    return NULL_TREE;
  HOST_WIDE_INT byte_off, byte_sz, bit_off, bit_sz;
  if (!field_geometry (&c, &byte_off, &byte_sz, &bit_off, &bit_sz)
      || !(byte_sz == 1 || byte_sz == 2 || byte_sz == 4 || byte_sz == 8)
      || byte_off < -32768 || byte_off > 32767 || bit_sz < 1 || bit_sz > 64)
    return NULL_TREE;
  use_object_address (&c);
  tree unit_type = lang_hooks.types.type_for_size (byte_sz * BITS_PER_UNIT, 1);
  tree unit = relocated_load_at (loc, &c, all, byte_off, byte_sz, unit_type);
  /* Little-endian: the field's bits start SHIFT bits into the unit.  Shift
     them to the top of 64 bits, then back down, arithmetically for a
     signed field (what BPF_CORE_READ_BITFIELD does too).  */
  HOST_WIDE_INT shift = bit_off - byte_off * BITS_PER_UNIT;
  bool is_signed = !TYPE_UNSIGNED (TREE_TYPE (t));
  tree u64 = long_long_unsigned_type_node;
  tree v = fold_convert_loc (loc, u64, unit);
  v = fold_build2_loc (loc, LSHIFT_EXPR, u64, v,
		       build_int_cst (integer_type_node, 64 - shift - bit_sz));
  tree vt = is_signed ? long_long_integer_type_node : u64;
  v = fold_convert_loc (loc, vt, v);
  v = fold_build2_loc (loc, RSHIFT_EXPR, vt, v,
		       build_int_cst (integer_type_node, 64 - bit_sz));
  return fold_convert_loc (loc, TREE_TYPE (ref), v);
}

/* The fields of TYPE (OBJ's type, at bit BASE of the whole) that make up
   the bits [POS, POS + NBITS): each integer field inside them wholly,
   with its bit offset from POS.  False when a field is only partly inside
   or is no integer, or when union members overlap in them.  */
static bool
covering_fields (tree type, tree obj, HOST_WIDE_INT base, HOST_WIDE_INT pos,
		 HOST_WIDE_INT nbits, vec<tree> *refs, vec<HOST_WIDE_INT> *offs)
{
  unsigned in_union = 0;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    {
      if (TREE_CODE (f) != FIELD_DECL || !DECL_SIZE (f)
	  || !tree_fits_uhwi_p (DECL_SIZE (f)))
	continue;
      if (TREE_CODE (bit_position (f)) != INTEGER_CST)
	return false;
      HOST_WIDE_INT fpos = base + int_bit_position (f);
      HOST_WIDE_INT fsz = tree_to_uhwi (DECL_SIZE (f));
      if (fsz == 0 || fpos + fsz <= pos || fpos >= pos + nbits)
	continue;
      if (TREE_CODE (type) == UNION_TYPE && ++in_union > 1)
	return false;
      tree ref = build3 (COMPONENT_REF, TREE_TYPE (f), obj, f, NULL_TREE);
      if (RECORD_OR_UNION_TYPE_P (TREE_TYPE (f)))
	{
	  if (!covering_fields (TREE_TYPE (f), ref, fpos, pos, nbits, refs, offs))
	    return false;
	  continue;
	}
      if (fpos < pos || fpos + fsz > pos + nbits
	  || !INTEGRAL_TYPE_P (TREE_TYPE (f)))
	return false;
      refs->safe_push (ref);
      offs->safe_push (fpos - pos);
    }
  return true;
}

static bool memory_size_ok (tree, HOST_WIDE_INT);

/* BIT_FIELD_REF <OBJ, NBITS, POS> of a CO-RE chain OBJ (or of `*p', P a
   pointer to a CO-RE type): what GCC's folder
   makes of a comparison of bitfields (`kskb->ip_summed == 3' becomes the
   byte that holds ip_summed, masked, compared), so the field it came from
   is gone.  The bits are put back together from the fields inside them,
   each read by its own relocated load (as clang reads such a field), bits
   between fields zero: the folder masks them off.  NULL_TREE when the
   fields cannot be told.  */
static tree
relocated_bit_field_ref (location_t loc, tree t, bool all)
{
  access_chain c;
  tree obj = TREE_OPERAND (t, 0);
  if (BYTES_BIG_ENDIAN || !INTEGRAL_TYPE_P (TREE_TYPE (t))
      || !tree_fits_uhwi_p (TREE_OPERAND (t, 1))
      || !tree_fits_uhwi_p (TREE_OPERAND (t, 2))
      || !RECORD_OR_UNION_TYPE_P (TREE_TYPE (obj))
      || !(relocatable_chain (obj, &c, all)
	   || ((TREE_CODE (obj) == INDIRECT_REF || TREE_CODE (obj) == MEM_REF
		|| VAR_P (obj) || TREE_CODE (obj) == PARM_DECL)
	       && core_type_p (TREE_TYPE (obj), all))))
    return NULL_TREE;
  HOST_WIDE_INT nbits = tree_to_uhwi (TREE_OPERAND (t, 1));
  HOST_WIDE_INT pos = tree_to_uhwi (TREE_OPERAND (t, 2));
  if (nbits < 1 || nbits > 64)
    return NULL_TREE;
  auto_vec<tree> refs;
  auto_vec<HOST_WIDE_INT> offs;
  if (!covering_fields (TREE_TYPE (obj), obj, 0, pos, nbits, &refs, &offs)
      || refs.is_empty ())
    return NULL_TREE;
  tree u64 = long_long_unsigned_type_node;
  tree acc = NULL_TREE;
  for (unsigned i = 0; i < refs.length (); i++)
    {
      tree ref = refs[i];
      tree f = TREE_OPERAND (ref, 1);
      HOST_WIDE_INT fsz = tree_to_uhwi (DECL_SIZE (f));
      tree v;
      access_chain fc;
      if (DECL_BIT_FIELD_TYPE (f))
	v = relocated_bitfield_load (loc, ref, all);
      else if (relocatable_chain (ref, &fc, all)
	       && memory_size_ok (TREE_TYPE (ref), fc.bit_offset / BITS_PER_UNIT))
	v = relocated_load (loc, ref, &fc, all);
      else
	v = NULL_TREE;
      if (!v)
	return NULL_TREE;
      v = fold_convert_loc (loc, u64, v);
      if (fsz < 64)
	v = fold_build2_loc (loc, BIT_AND_EXPR, u64, v,
			     build_int_cst (u64, (HOST_WIDE_INT_1U << fsz) - 1));
      if (offs[i])
	v = fold_build2_loc (loc, LSHIFT_EXPR, u64, v,
			     build_int_cst (integer_type_node, offs[i]));
      acc = acc ? fold_build2_loc (loc, BIT_IOR_EXPR, u64, acc, v) : v;
    }
  return fold_convert_loc (loc, TREE_TYPE (t), acc);
}

static bool
memory_size_ok (tree type, HOST_WIDE_INT off)
{
  HOST_WIDE_INT size = int_size_in_bytes (type);
  return (INTEGRAL_TYPE_P (type) || POINTER_TYPE_P (type))
	 && (size == 1 || size == 2 || size == 4 || size == 8)
	 && off >= -32768 && off <= 32767;
}

/* The stores of what CTOR initializes in REF, appended to LIST: a scalar
   member `REF.f = v', a string into a char array member a copy to its
   address.  False for what this does not take apart (a bitfield, a range
   of array elements, a union member), and then nothing is rewritten.  */
static bool
initializer_stores (location_t loc, tree ref, tree ctor, tree *list)
{
  tree type = TREE_TYPE (ctor);
  if (TREE_CODE (type) != RECORD_TYPE && TREE_CODE (type) != ARRAY_TYPE)
    return false;
  unsigned HOST_WIDE_INT i;
  tree idx, val;
  HOST_WIDE_INT next = 0;
  FOR_EACH_CONSTRUCTOR_ELT (CONSTRUCTOR_ELTS (ctor), i, idx, val)
    {
      tree sub;
      if (TREE_CODE (type) == RECORD_TYPE)
	{
	  if (!idx || TREE_CODE (idx) != FIELD_DECL || DECL_BIT_FIELD_TYPE (idx))
	    return false;
	  sub = build3 (COMPONENT_REF, TREE_TYPE (idx), ref, idx, NULL_TREE);
	}
      else
	{
	  if (idx && (TREE_CODE (idx) != INTEGER_CST || !tree_fits_shwi_p (idx)))
	    return false;
	  HOST_WIDE_INT k = idx ? tree_to_shwi (idx) : next;
	  next = k + 1;
	  sub = build4 (ARRAY_REF, TREE_TYPE (type), ref, size_int (k),
			NULL_TREE, NULL_TREE);
	}
      tree st = TREE_TYPE (sub);
      if (TREE_CODE (val) == CONSTRUCTOR)
	{
	  if (!initializer_stores (loc, sub, val, list))
	    return false;
	}
      else if (TREE_CODE (val) == STRING_CST && TREE_CODE (st) == ARRAY_TYPE)
	{
	  HOST_WIDE_INT room = int_size_in_bytes (st);
	  HOST_WIDE_INT len = TREE_STRING_LENGTH (val);
	  if (room < 0 || len > room + 1)
	    return false;
	  if (len > room)
	    len = room;   /* char a[3] = "abc": no room for the NUL */
	  tree copy = build_call_expr_loc (loc, builtin_decl_explicit (BUILT_IN_MEMCPY),
					   3, build_fold_addr_expr (sub),
					   build_fold_addr_expr (val),
					   size_int (len));
	  append_to_statement_list_force (copy, list);
	}
      else if (INTEGRAL_TYPE_P (st) || POINTER_TYPE_P (st))
	append_to_statement_list_force (build2_loc (loc, MODIFY_EXPR, st, sub,
						    fold_convert (st, val)),
					list);
      else
	return false;
    }
  return true;
}

/* `struct bpf_xfrm_info___local info = { .if_id = req_if_id };', a local
   object of a CO-RE type whose initializer is not all constants: clang
   stores those members one by one, each relocated, so that a kfunc given
   &info sees the kernel's layout (a constant initializer clang copies as
   a block, in the program's layout, and so does this).  The same here:
   the initializer becomes `{}' (the object cleared) and the stores,
   returned, follow the declaration.  NULL_TREE when not such a case.  */
static tree
relocated_initializer (tree var, bool all)
{
  tree init = DECL_INITIAL (var);
  if (TREE_STATIC (var) || DECL_EXTERNAL (var) || !init
      || TREE_CODE (init) != CONSTRUCTOR || CONSTRUCTOR_NELTS (init) == 0
      || TREE_CONSTANT (init) || !core_type_p (TREE_TYPE (var), all)
      || !RECORD_OR_UNION_TYPE_P (TREE_TYPE (var)))
    return NULL_TREE;
  tree list = alloc_stmt_list ();
  if (!initializer_stores (DECL_SOURCE_LOCATION (var), var, init, &list))
    return NULL_TREE;
  DECL_INITIAL (var) = build_constructor (TREE_TYPE (var), NULL);
  return list;
}

/* walk_tree callback: every load, store and address of a field reached
   through a pointer to a preserve_access_index type (DATA null), or to
   any struct, union or array (DATA non-null: inside the argument of
   __builtin_preserve_access_index) becomes relocated.  */
static tree
rewrite_body_r (tree *tp, int *walk_subtrees, void *data)
{
  bool all = data != NULL;
  tree t = *tp;
  location_t loc = EXPR_LOCATION (t);
  access_chain c;
  switch (TREE_CODE (t))
    {
    case DECL_EXPR:
      if (VAR_P (DECL_EXPR_DECL (t)) && DECL_INITIAL (DECL_EXPR_DECL (t)))
	{
	  walk_tree (&DECL_INITIAL (DECL_EXPR_DECL (t)), rewrite_body_r, data,
		     NULL);
	  tree stores = relocated_initializer (DECL_EXPR_DECL (t), all);
	  if (stores)
	    {
	      /* The declaration, now clearing the object, then each
		 initialized member stored through its relocation.  */
	      walk_tree (&stores, rewrite_body_r, data, NULL);
	      tree list = alloc_stmt_list ();
	      append_to_statement_list_force (t, &list);
	      append_to_statement_list_force (stores, &list);
	      *tp = list;
	      *walk_subtrees = 0;
	    }
	}
      return NULL_TREE;
    case MODIFY_EXPR:
      {
	tree lhs = TREE_OPERAND (t, 0);
	if (bitfield_ref_p (lhs))
	  {
	    /* A bitfield store stays a store: only what holds it and the
	       value are rewritten.  */
	    walk_tree (&TREE_OPERAND (lhs, 0), rewrite_body_r, data, NULL);
	    walk_tree (&TREE_OPERAND (t, 1), rewrite_body_r, data, NULL);
	    *walk_subtrees = 0;
	    return NULL_TREE;
	  }
	if (relocatable_chain (lhs, &c, all)
	    && !memory_size_ok (TREE_TYPE (lhs), c.bit_offset / BITS_PER_UNIT))
	  {
	    /* An aggregate or odd-sized store: through the address.  */
	    TREE_OPERAND (t, 0)
	      = build1_loc (loc, INDIRECT_REF, TREE_TYPE (lhs),
			    relocated_address (loc, lhs, &c, all));
	    walk_tree (&TREE_OPERAND (t, 1), rewrite_body_r, data, NULL);
	    *walk_subtrees = 0;
	  }
	else if (relocatable_chain (lhs, &c, all))
	  {
	    char access[256];
	    HOST_WIDE_INT off = c.bit_offset / BITS_PER_UNIT;
	    unsigned n = new_reloc (CORE_FIELD_BYTE_OFFSET, USE_STORE, c.root,
				    access_string (&c, access, sizeof access),
				    off, int_size_in_bytes (TREE_TYPE (lhs)));
	    tree base = fold_convert_loc (loc, ptr_type_node,
					  rewrite_value (c.base, all));
	    tree rhs = TREE_OPERAND (t, 1);
	    walk_tree (&rhs, rewrite_body_r, data, NULL);
	    tree val = save_expr (fold_convert_loc (loc, TREE_TYPE (lhs), rhs));
	    tree store = marker_call (loc, n, void_type_node, base, val);
	    *tp = build2_loc (loc, COMPOUND_EXPR, TREE_TYPE (t), store, val);
	    *walk_subtrees = 0;
	  }
	return NULL_TREE;
      }
    case ADDR_EXPR:
      *tp = rewrite_value (t, all);
      if (*tp != t)
	*walk_subtrees = 0;
      return NULL_TREE;
    case BIT_FIELD_REF:
      {
	tree bits = relocated_bit_field_ref (loc, t, all);
	if (bits)
	  {
	    *tp = bits;
	    *walk_subtrees = 0;
	  }
	return NULL_TREE;
      }
    case COMPONENT_REF:
    case ARRAY_REF:
      if (bitfield_ref_p (t))
	{
	  tree load = relocated_bitfield_load (loc, t, all);
	  if (load)
	    {
	      *tp = load;
	      *walk_subtrees = 0;
	      return NULL_TREE;
	    }
	}
      if (relocatable_chain (t, &c, all))
	{
	  if (memory_size_ok (TREE_TYPE (t), c.bit_offset / BITS_PER_UNIT))
	    *tp = relocated_load (loc, t, &c, all);
	  else
	    *tp = build1_loc (loc, INDIRECT_REF, TREE_TYPE (t),
			      relocated_address (loc, t, &c, all));
	  *walk_subtrees = 0;
	}
      return NULL_TREE;
    case PREINCREMENT_EXPR: case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR: case POSTDECREMENT_EXPR:
      {
	/* Read-modify-write: through the relocated address.  */
	tree op = TREE_OPERAND (t, 0);
	if (bitfield_ref_p (op))
	  {
	    walk_tree (&TREE_OPERAND (op, 0), rewrite_body_r, data, NULL);
	    *walk_subtrees = 0;
	    return NULL_TREE;
	  }
	if (relocatable_chain (op, &c, all))
	  {
	    TREE_OPERAND (t, 0)
	      = build1_loc (loc, INDIRECT_REF, TREE_TYPE (op),
			    relocated_address (loc, op, &c, all));
	    *walk_subtrees = 0;
	  }
	return NULL_TREE;
      }
    default:
      return NULL_TREE;
    }
}

void
bpfs_core_rewrite_function_body (void *gcc_data, void *)
{
  tree fndecl = (tree) gcc_data;
  if (!fndecl || !DECL_SAVED_TREE (fndecl))
    return;
  /* Nothing to do unless the unit has preserve_access_index types; the
     walk is cheap, but keep -O0 code of ordinary programs untouched.  */
  walk_tree_without_duplicates (&DECL_SAVED_TREE (fndecl), rewrite_body_r,
				NULL);
}

/* --------------------------------------------------------- builtins */

enum core_builtin
{
  BUILTIN_FIELD_INFO, BUILTIN_BTF_TYPE_ID, BUILTIN_TYPE_INFO,
  BUILTIN_ENUM_VALUE, BUILTIN_ACCESS_INDEX, BUILTIN_COUNT
};

static const char *const builtin_names[BUILTIN_COUNT] = {
  "__builtin_preserve_field_info", "__builtin_btf_type_id",
  "__builtin_preserve_type_info", "__builtin_preserve_enum_value",
  "__builtin_preserve_access_index"
};

static int
builtin_of (tree fndecl)
{
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  for (int i = 0; i < BUILTIN_COUNT; i++)
    if (!strcmp (name, builtin_names[i]))
      return i;
  return -1;
}

static bool
constant_kind (location_t loc, tree fndecl, tree arg, int max, int *kind)
{
  tree k = arg ? fold (strip_conversions (arg)) : NULL_TREE;
  if (!k || TREE_CODE (k) != INTEGER_CST)
    {
      error_at (loc, "the second argument of %qD must be an integer "
		"constant (a kind of relocation)", fndecl);
      return false;
    }
  if (!tree_fits_shwi_p (k) || tree_to_shwi (k) < 0 || tree_to_shwi (k) > max)
    {
      error_at (loc, "unknown relocation kind %E for %qD (0 to %d)", k, fndecl,
		max);
      return false;
    }
  *kind = tree_to_shwi (k);
  return true;
}

static tree
resolve_field_info (location_t loc, tree fndecl, tree field, int kind)
{
  access_chain c;
  tree f = strip_conversions (field);
  /* `&(p->f)' (libbpf 1.5's bpf_core_read.h for GCC passes the field's
     address, so that arrays do not decay), or an array member decayed to
     a pointer to its first element (`p->arr' with libbpf 1.1's).  */
  if (TREE_CODE (f) == ADDR_EXPR)
    {
      f = TREE_OPERAND (f, 0);
      if (TREE_CODE (f) == ARRAY_REF && integer_zerop (TREE_OPERAND (f, 1))
	  && TREE_CODE (TREE_TYPE (TREE_OPERAND (f, 0))) == ARRAY_TYPE)
	f = TREE_OPERAND (f, 0);
    }
  else if (TREE_CODE (f) == INTEGER_CST && POINTER_TYPE_P (TREE_TYPE (f)))
    {
      /* `((T *)0)->arr' decayed: GCC's front end folded &((T *)0)->arr[0]
	 to a constant before we see it (build_unary_op's offsetof trick,
	 while the argument list is parsed).  bpf-cc compiles such a file
	 again with a base GCC does not fold (runtime/cc/core-bases.c),
	 when it sees this message: keep its first words.  */
      error_at (loc, "%qD cannot see which field this is: GCC folded the "
		"array member's address to a constant; build with bpf-cc, "
		"which compiles this form, or write %<p->field%> with a "
		"pointer variable p", fndecl);
      return error_mark_node;
    }
  if (TREE_CODE (f) != COMPONENT_REF && TREE_CODE (f) != ARRAY_REF)
    {
      error_at (loc, "the first argument of %qD must be a field access "
		"such as %<p->field%>", fndecl);
      return error_mark_node;
    }
  if (!analyze_chain (f, &c, true)
      || !RECORD_OR_UNION_TYPE_P (strip_type (c.root)))
    {
      error_at (loc, "%qD needs a field reached through a pointer to a "
		"struct or union", fndecl);
      return error_mark_node;
    }
  HOST_WIDE_INT byte_off, byte_sz, bit_off, bit_sz;
  if (!field_geometry (&c, &byte_off, &byte_sz, &bit_off, &bit_sz))
    {
      error_at (loc, "bitfield too wide for a CO-RE relocation");
      return error_mark_node;
    }
  HOST_WIDE_INT value = 0;
  tree ftype = strip_type (c.last_field && DECL_BIT_FIELD_TYPE (c.last_field)
			   ? DECL_BIT_FIELD_TYPE (c.last_field) : c.last_type);
  switch (kind)
    {
    case CORE_FIELD_BYTE_OFFSET: value = byte_off; break;
    case CORE_FIELD_BYTE_SIZE: value = byte_sz; break;
    case CORE_FIELD_EXISTS: value = 1; break;
    case CORE_FIELD_SIGNED:
      value = (INTEGRAL_TYPE_P (ftype) && !TYPE_UNSIGNED (ftype)); break;
    case CORE_FIELD_LSHIFT_U64: value = 64 - (bit_off + bit_sz - byte_off * 8); break;
    case CORE_FIELD_RSHIFT_U64: value = 64 - bit_sz; break;
    }
  char access[256];
  unsigned n = new_reloc ((enum core_kind) kind, USE_VALUE, c.root,
			  access_string (&c, access, sizeof access), value);
  return marker_call (loc, n, TREE_TYPE (TREE_TYPE (fndecl)));
}

/* *(T *) 0 -> T.  An array T arrives decayed: *(T *) P became
   (E *) P, P still of type T *.  */
static tree
type_operand (location_t loc, tree fndecl, tree arg)
{
  for (tree t = arg; t && (CONVERT_EXPR_P (t)
			   || TREE_CODE (t) == NON_LVALUE_EXPR);
       t = TREE_OPERAND (t, 0))
    {
      tree from = TREE_TYPE (TREE_OPERAND (t, 0));
      if (POINTER_TYPE_P (from) && TREE_CODE (TREE_TYPE (from)) == ARRAY_TYPE
	  && POINTER_TYPE_P (TREE_TYPE (t))
	  && TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (t)))
	     == TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (from))))
	return TREE_TYPE (from);
    }
  tree t = strip_conversions (arg);
  if (TREE_CODE (t) == INDIRECT_REF || TREE_CODE (t) == MEM_REF)
    return TREE_TYPE (t);
  if (TREE_CODE (t) == INTEGER_CST && POINTER_TYPE_P (TREE_TYPE (t)))
    {
      error_at (loc, "the first argument of %qD is an array type that GCC "
		"folded to a pointer constant; use libbpf 1.5's "
		"%<bpf_core_read.h%>, which names the type through a variable",
		fndecl);
      return NULL_TREE;
    }
  error_at (loc, "the first argument of %qD must be %<*(TYPE *)0%>", fndecl);
  return NULL_TREE;
}

static tree enum_value_reloc (location_t, tree, tree, tree, tree, int);

static tree
resolve_enum_value (location_t loc, tree fndecl, tree arg, int kind)
{
  tree t = strip_conversions (arg);
  tree type = TREE_CODE (t) == INDIRECT_REF ? TREE_TYPE (t) : NULL_TREE;
  tree etype = strip_type (type);
  tree val = t && TREE_CODE (t) == INDIRECT_REF
	     ? fold (strip_conversions (TREE_OPERAND (t, 0))) : NULL_TREE;
  if (!etype || TREE_CODE (etype) != ENUMERAL_TYPE || !val
      || TREE_CODE (val) != INTEGER_CST)
    {
      error_at (loc, "the first argument of %qD must be "
		"%<*(enum E *)ENUMERATOR%>", fndecl);
      return error_mark_node;
    }
  return enum_value_reloc (loc, fndecl, type, etype, val, kind);
}

/* GCC's form, which libbpf's headers use when __clang__ is not defined:
   __builtin_preserve_enum_value (PTR, ENUMERATOR, KIND), PTR of type
   `enum E *' (libbpf's ___bpf_typeof: a statement expression naming an
   extern pointer that is never evaluated; the builtin only looks at its
   type, so no reference to it is left in the object).  */
static tree
resolve_enum_value_gcc (location_t loc, tree fndecl, tree ptr, tree value,
			int kind)
{
  tree ptype = ptr != error_mark_node ? TREE_TYPE (ptr) : NULL_TREE;
  tree type = ptype && POINTER_TYPE_P (ptype) ? TREE_TYPE (ptype) : NULL_TREE;
  tree etype = strip_type (type);
  tree val = value != error_mark_node
	     ? fold (strip_conversions (value)) : NULL_TREE;
  if (!etype || TREE_CODE (etype) != ENUMERAL_TYPE)
    {
      error_at (loc, "the first of the three arguments of %qD must be a "
		"pointer to an enum type", fndecl);
      return error_mark_node;
    }
  if (!val || TREE_CODE (val) != INTEGER_CST)
    {
      error_at (loc, "the second of the three arguments of %qD must be an "
		"enumerator of %qT", fndecl, type);
      return error_mark_node;
    }
  return enum_value_reloc (loc, fndecl, type, etype, val, kind);
}

/* The relocation for enumerator VAL of ETYPE (TYPE as written).  */
static tree
enum_value_reloc (location_t loc, tree fndecl, tree type, tree etype, tree val,
		  int kind)
{
  int idx = 0;
  HOST_WIDE_INT want = TREE_INT_CST_LOW (val);
  for (tree v = TYPE_VALUES (etype); v; v = TREE_CHAIN (v), idx++)
    {
      tree ev = TREE_VALUE (v);
      if (TREE_CODE (ev) == CONST_DECL)
	ev = DECL_INITIAL (ev);
      if ((HOST_WIDE_INT) TREE_INT_CST_LOW (ev) == want)
	{
	  char access[16];
	  snprintf (access, sizeof access, "%d", idx);
	  /* As clang: relative to the type as written, less qualifiers; a
	     typedef stays (libbpf looks targets up by name, and the enum of
	     `typedef enum { ... } e_t' has none).  */
	  tree rtype = build_qualified_type (type, TYPE_UNQUALIFIED);
	  unsigned n = new_reloc (kind ? CORE_ENUMVAL_VALUE : CORE_ENUMVAL_EXISTS,
				  USE_VALUE, rtype, access, kind ? want : 1);
	  relocs[n].wide = kind && int_size_in_bytes (etype) > 4;
	  return marker_call (loc, n, TREE_TYPE (TREE_TYPE (fndecl)));
	}
    }
  error_at (loc, "%E is not a value of %qT", val, type);
  return error_mark_node;
}

static tree
resolve_core_builtin (location_t loc, tree fndecl, void *arglist)
{
  int which = builtin_of (fndecl);
  if (which < 0 || !bpfs_options.core)
    return inner_resolve ? inner_resolve (loc, fndecl, arglist) : NULL_TREE;
  vec<tree, va_gc> *args = (vec<tree, va_gc> *) arglist;
  unsigned nargs = vec_safe_length (args);
  unsigned want = which == BUILTIN_ACCESS_INDEX ? 1 : 2;
  /* GCC's form of the enum builtin (libbpf 1.2 and later, #ifndef
     __clang__): (pointer to the enum, enumerator, kind).  */
  if (which == BUILTIN_ENUM_VALUE && nargs == 3)
    want = 3;
  if (nargs != want)
    {
      error_at (loc, "%qD takes %s", fndecl,
		want == 1 ? "1 argument"
		: which == BUILTIN_ENUM_VALUE ? "2 or 3 arguments"
		: "2 arguments");
      return error_mark_node;
    }
  tree a0 = (*args)[0];
  if (a0 == error_mark_node)
    return error_mark_node;
  int kind = 0;
  switch (which)
    {
    case BUILTIN_ACCESS_INDEX:
      {
	tree r = rewrite_value (a0, true);
	if (r != a0)
	  return r;
	/* Anything else, a statement expression (`({ a = p->x; b = p->y;
	   })', as kfree_skb.c of the selftests writes) or arithmetic on
	   several accesses: every access inside is relocated, as clang
	   relocates every access in the argument.  Left as it was, each
	   would silently read the local struct's offset on any kernel.  */
	walk_tree_without_duplicates (&a0, rewrite_body_r, (void *) 1);
	return a0;
      }
    case BUILTIN_FIELD_INFO:
      if (!constant_kind (loc, fndecl, (*args)[1], 5, &kind))
	return error_mark_node;
      return resolve_field_info (loc, fndecl, a0, kind);
    case BUILTIN_BTF_TYPE_ID:
    case BUILTIN_TYPE_INFO:
      {
	if (!constant_kind (loc, fndecl, (*args)[1],
			    which == BUILTIN_TYPE_INFO ? 2 : 1, &kind))
	  return error_mark_node;
	tree type = type_operand (loc, fndecl, a0);
	if (!type)
	  return error_mark_node;
	enum core_kind k;
	HOST_WIDE_INT value = 0;
	if (which == BUILTIN_BTF_TYPE_ID)
	  k = kind ? CORE_TYPE_ID_TARGET : CORE_TYPE_ID_LOCAL;
	else if (kind == 1)
	  {
	    k = CORE_TYPE_SIZE;
	    value = COMPLETE_TYPE_P (strip_type (type))
		    ? int_size_in_bytes (strip_type (type)) : 0;
	  }
	else
	  {
	    k = kind ? CORE_TYPE_MATCHES : CORE_TYPE_EXISTS;
	    value = 1;
	  }
	/* As clang-19: through qualifiers only, a typedef kept, for type
	   ids and type info alike (`bpf_core_type_matches (int_typedef)' is
	   the relocation `type_matches typedef int_typedef', which libbpf
	   compares with the target's typedef; through to `int' it matched any
	   kernel's int: core_reloc's type_based___diff and three more
	   subtests of test_progs failed with bpf-cc).  */
	tree rtype = build_qualified_type (type, TYPE_UNQUALIFIED);
	unsigned n = new_reloc (k, USE_VALUE, rtype, "0", value);
	return marker_call (loc, n, TREE_TYPE (TREE_TYPE (fndecl)));
      }
    case BUILTIN_ENUM_VALUE:
      if (!constant_kind (loc, fndecl, (*args)[nargs - 1], 1, &kind))
	return error_mark_node;
      if (nargs == 3)
	return resolve_enum_value_gcc (loc, fndecl, a0, (*args)[1], kind);
      return resolve_enum_value (loc, fndecl, a0, kind);
    }
  return NULL_TREE;
}

void
bpfs_core_declare_builtins (void *, void *)
{
  tree u32_fn = build_varargs_function_type_list (unsigned_type_node, NULL_TREE);
  tree u64_fn = build_varargs_function_type_list (long_unsigned_type_node,
						  NULL_TREE);
  tree s64_fn = build_varargs_function_type_list (long_integer_type_node,
						  NULL_TREE);
  tree types[BUILTIN_ACCESS_INDEX] = { u32_fn, u64_fn, u32_fn, s64_fn };
  for (int i = 0; i < BUILTIN_ACCESS_INDEX; i++)
    if (!identifier_global_value (get_identifier (builtin_names[i])))
      add_builtin_function (builtin_names[i], types[i], 0x3f00 + i,
			    BUILT_IN_MD, NULL, NULL_TREE);

  /* __bpfsupport_core (N, ...): the marker the builtins become.  */
  tree fntype = build_varargs_function_type_list (long_long_unsigned_type_node,
						  unsigned_type_node, NULL_TREE);
  core_marker = build_fn_decl ("__bpfsupport_core", fntype);
  DECL_IGNORED_P (core_marker) = 1;
  TREE_NOTHROW (core_marker) = 1;

  inner_resolve = targetm.resolve_overloaded_builtin;
  targetm.resolve_overloaded_builtin = resolve_core_builtin;
}

/* #pragma clang attribute push (__attribute__((preserve_access_index)),
   apply_to = record) ... #pragma clang attribute pop, as in vmlinux.h.  */
static void
handle_pragma_clang_attribute (cpp_reader *)
{
  tree x;
  enum cpp_ttype tok = pragma_lex (&x);
  if (tok != CPP_NAME)
    {
      warning (OPT_Wpragmas, "expected %<push%> or %<pop%> after "
	       "%<#pragma clang attribute%>");
      return;
    }
  const char *what = IDENTIFIER_POINTER (x);
  if (!strcmp (what, "pop"))
    {
      if (pragma_depth > 0)
	{
	  if (pragma_core_depth == pragma_depth)
	    pragma_core_depth = 0;
	  pragma_depth--;
	}
      while (pragma_lex (&x) != CPP_EOF)
	;
      return;
    }
  if (strcmp (what, "push"))
    {
      warning (OPT_Wpragmas, "%<#pragma clang attribute %s%> is not supported",
	       what);
      while (pragma_lex (&x) != CPP_EOF)
	;
      return;
    }
  pragma_depth++;
  bool core = false;
  while ((tok = pragma_lex (&x)) != CPP_EOF)
    if (tok == CPP_NAME && !strcmp (IDENTIFIER_POINTER (x), "preserve_access_index"))
      core = true;
  if (core && !pragma_core_depth)
    pragma_core_depth = pragma_depth;
}

void
bpfs_core_pragmas (void *, void *)
{
  c_register_pragma ("clang", "attribute", handle_pragma_clang_attribute);
}

void
bpfs_core_note_type (void *gcc_data, void *)
{
  tree t = (tree) gcc_data;
  if (pragma_core_depth && t && RECORD_OR_UNION_TYPE_P (t))
    {
      core_types->add (TYPE_MAIN_VARIANT (t));
      core_gc_roots = tree_cons (NULL_TREE, t, core_gc_roots);
    }
  if (t && TYPE_P (t) && core_type_p (t, false))
    bpfs_core_types_declared = true;
}

/* ------------------------------------------------ GIMPLE: markers -> asm */

static const char *const load_ops[9] = { 0, "ldxb", "ldxh", 0, "ldxw", 0, 0, 0, "ldxdw" };
static const char *const store_ops[9] = { 0, "stxb", "stxh", 0, "stxw", 0, 0, 0, "stxdw" };

static gimple *
reloc_asm (unsigned n, tree lhs, tree arg1, tree arg2)
{
  const core_reloc &r = relocs[n];
  char text[128];
  vec<tree, va_gc> *outputs = NULL, *inputs = NULL;
  if (r.use == USE_LOAD)
    snprintf (text, sizeof text, "%s\t%%0,[%%1+" HOST_WIDE_INT_PRINT_DEC "]\t;core#%u",
	      load_ops[r.mem_size], r.value, n);
  else if (r.use == USE_STORE)
    snprintf (text, sizeof text, "%s\t[%%0+" HOST_WIDE_INT_PRINT_DEC "],%%1\t;core#%u",
	      store_ops[r.mem_size], r.value, n);
  else if (r.kind == CORE_TYPE_ID_LOCAL || r.kind == CORE_TYPE_ID_TARGET)
    snprintf (text, sizeof text, "mov32\t%%0,.LBPFStid%u\t;core#%u", n, n);
  else if (r.value >= 0 && r.value <= 0x7fffffff && !r.wide)
    snprintf (text, sizeof text, "mov32\t%%0," HOST_WIDE_INT_PRINT_DEC "\t;core#%u",
	      r.value, n);
  else
    snprintf (text, sizeof text, "lddw\t%%0," HOST_WIDE_INT_PRINT_DEC "\t;core#%u",
	      r.value, n);
  if (lhs)
    vec_safe_push (outputs, build_tree_list (build_tree_list (NULL_TREE,
							      build_string (3, "=r")),
					     lhs));
  if (arg1)
    vec_safe_push (inputs, build_tree_list (build_tree_list (NULL_TREE,
							     build_string (2, "r")),
					    arg1));
  if (arg2)
    vec_safe_push (inputs, build_tree_list (build_tree_list (NULL_TREE,
							     build_string (2, "r")),
					    arg2));
  gasm *g = gimple_build_asm_vec (ggc_strdup (text), inputs, outputs, NULL, NULL);
  /* Stores must stay; a value or load nobody uses may go.  */
  gimple_asm_set_volatile (g, r.use == USE_STORE);
  if (r.use != USE_VALUE)
    {
      /* Memory is read or written behind GCC's back.  */
      vec<tree, va_gc> *clobbers = NULL;
      vec_safe_push (clobbers, build_tree_list (NULL_TREE,
						build_string (7, "memory")));
      g = gimple_build_asm_vec (ggc_strdup (text), inputs, outputs, clobbers,
				NULL);
      gimple_asm_set_volatile (g, r.use == USE_STORE);
    }
  return g;
}

/* A relocated load narrower than 64 bits: ldxb, ldxh and ldxw
   zero-extend, so the register holds the loaded value in all 64 bits.
   GCC does not know that about an asm output and widens it again with
   `r &= 0xffffffff' (or `<<32 >>32') wherever it is used as a 64-bit
   value: `(void *)(long)ctx->data' through vmlinux.h's
   preserve_access_index types, which the verifier refuses ("math between
   pkt pointer and 4294967295").  So the asm's output carries a range that
   says its high bits are zero, and every later widening folds away.  When
   the output has the field's own unsigned type, the asm writes a 64-bit
   name with that range instead, and the field's value is that name
   truncated.  Returns that 64-bit name, or NULL_TREE when the asm writes
   LHS itself.  */
static tree
zero_extended_load (const core_reloc &r, tree lhs, tree *ranged)
{
  *ranged = NULL_TREE;
  if (r.use != USE_LOAD || !lhs || TREE_CODE (lhs) != SSA_NAME
      || r.mem_size >= 8 || !INTEGRAL_TYPE_P (TREE_TYPE (lhs)))
    return NULL_TREE;
  tree type = TREE_TYPE (lhs);
  unsigned bits = r.mem_size * 8;
  tree wide = NULL_TREE, out = lhs;
  if (TYPE_PRECISION (type) == bits && TYPE_UNSIGNED (type))
    out = wide = make_ssa_name (long_long_unsigned_type_node);
  else if (TYPE_PRECISION (type) <= bits)
    return NULL_TREE;
  unsigned prec = TYPE_PRECISION (TREE_TYPE (out));
  set_range_info (out, VR_RANGE, wi::zero (prec), wi::mask (bits, false, prec));
  *ranged = out;
  return wide;
}

/* At -O0 nothing folds the widening the range makes useless, so do it
   here for the shape the front half and the casts of a program give:
   OUT (the asm's 64-bit output, high bits zero) cut to an unsigned X of at
   least BITS bits, X widened again to Y: Y is OUT converted.  */
static void
fold_rewidening (tree out, unsigned bits)
{
  auto_vec<gimple *> widenings;
  imm_use_iterator it, it2;
  gimple *cut, *use;
  FOR_EACH_IMM_USE_STMT (cut, it, out)
    {
      if (!is_gimple_assign (cut)
	  || !CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (cut)))
	continue;
      tree x = gimple_assign_lhs (cut);
      if (TREE_CODE (x) != SSA_NAME || !INTEGRAL_TYPE_P (TREE_TYPE (x))
	  || !TYPE_UNSIGNED (TREE_TYPE (x))
	  || TYPE_PRECISION (TREE_TYPE (x)) < bits)
	continue;
      FOR_EACH_IMM_USE_STMT (use, it2, x)
	{
	  if (!is_gimple_assign (use)
	      || !CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (use)))
	    continue;
	  tree y = TREE_TYPE (gimple_assign_lhs (use));
	  if ((INTEGRAL_TYPE_P (y) || POINTER_TYPE_P (y))
	      && TYPE_PRECISION (y) > TYPE_PRECISION (TREE_TYPE (x))
	      && TYPE_PRECISION (y) <= TYPE_PRECISION (TREE_TYPE (out)))
	    widenings.safe_push (use);
	}
    }
  for (gimple *g : widenings)
    {
      gimple_assign_set_rhs1 (g, out);
      update_stmt (g);
    }
}

unsigned int
bpfs_lower_core_markers (function *fun)
{
  basic_block bb;
  bool changed = false;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gcall *call = dyn_cast<gcall *> (gsi_stmt (gsi));
	if (!call || gimple_call_fndecl (call) != core_marker)
	  continue;
	unsigned n = tree_to_uhwi (gimple_call_arg (call, 0));
	tree lhs = gimple_call_lhs (call);
	tree a1 = gimple_call_num_args (call) > 1 ? gimple_call_arg (call, 1) : NULL;
	tree a2 = gimple_call_num_args (call) > 2 ? gimple_call_arg (call, 2) : NULL;
	if (lhs && relocs[n].use == USE_STORE)
	  lhs = NULL_TREE;
	tree ranged;
	tree wide = zero_extended_load (relocs[n], lhs, &ranged);
	/* A load or value whose result is discarded (`q->x;' at -O0) still
	   needs the template's output %0: without one the inputs take its
	   number and %1 is out of range.  A scratch name the asm writes.  */
	if (!lhs && relocs[n].use != USE_STORE)
	  lhs = make_ssa_name (long_long_unsigned_type_node);
	gimple *g = reloc_asm (n, wide ? wide : lhs, a1, a2);
	gimple_set_location (g, gimple_location (call));
	if (gimple_vdef (call))
	  {
	    unlink_stmt_vdef (call);
	    release_ssa_name (gimple_vdef (call));
	  }
	gsi_replace (&gsi, g, false);
	if (wide)
	  {
	    SSA_NAME_DEF_STMT (wide) = g;
	    gassign *cut = gimple_build_assign (lhs, NOP_EXPR, wide);
	    gimple_set_location (cut, gimple_location (g));
	    gsi_insert_after (&gsi, cut, GSI_NEW_STMT);
	    SSA_NAME_DEF_STMT (lhs) = cut;
	  }
	else if (lhs && TREE_CODE (lhs) == SSA_NAME)
	  SSA_NAME_DEF_STMT (lhs) = g;
	if (ranged)
	  fold_rewidening (ranged, relocs[n].mem_size * 8);
	changed = true;
      }
  if (!changed)
    return 0;
  /* The loads and stores clobber memory: their virtual operands are new. */
  mark_virtual_operands_for_renaming (fun);
  cgraph_edge::rebuild_edges ();
  return TODO_update_ssa_only_virtuals;
}

/* ------------------------------------------------ output (gcc-btf.cc) */

struct core_site { unsigned n; const char *section; unsigned label; unsigned bytes; };
static vec<core_site> sites;

bool
bpfs_core_note_asm (const char *templ, const char *section, unsigned label)
{
  const char *mark = strstr (templ, ";core#");
  if (!mark)
    return false;
  unsigned n = atoi (mark + 6);
  if (n >= relocs.length ())
    return false;
  unsigned bytes = startswith (templ, "lddw") ? 16 : 8;
  core_site s = { n, section, label, bytes };
  sites.safe_push (s);
  return true;
}

bool
bpfs_core_has_relocations (void)
{
  return !sites.is_empty ();
}

void
bpfs_core_emit (struct btf_gcc_state *st, struct btf_builder *b,
		FILE *out, const char *(*base_of) (const char *))
{
  for (unsigned i = 0; i < sites.length (); i++)
    {
      const core_site &s = sites[i];
      const char *base = base_of (s.section);
      if (!base)
	continue;
      char label[48];
      snprintf (label, sizeof label, ".LBPFSc%u-%u", s.label, s.bytes);
      btfb_core_relo (b, s.section, 1000000 + i, label, base,
		      bpfs_btf_type_id (st, relocs[s.n].type), relocs[s.n].access,
		      relocs[s.n].kind);
    }
  (void) out;
}

void
bpfs_core_emit_type_ids (struct btf_gcc_state *st, struct btf_builder *b,
			 FILE *out)
{
  for (unsigned i = 0; i < sites.length (); i++)
    {
      const core_reloc &r = relocs[sites[i].n];
      if (r.kind != CORE_TYPE_ID_LOCAL && r.kind != CORE_TYPE_ID_TARGET)
	continue;
      fprintf (out, "\t.set\t.LBPFStid%u, %u\n", sites[i].n,
	       btfb_final_id (b, bpfs_btf_type_id (st, r.type)));
    }
}

/* Without BTF there is nothing to relocate against: a CO-RE builtin's
   value would be right for this kernel only.  */
void
bpfs_core_check_without_btf (void)
{
  if (sites.is_empty ())
    return;
  if (bpfs_options.btf)
    error ("%s: CO-RE relocations need BTF: compile with %<-g%>",
	   bpfs_plugin_name);
  else
    warning (0, "%s: %<btf=off%>: CO-RE relocations dropped; the values "
	     "are those of this program's own types", bpfs_plugin_name);
}

/* With btf=off and GCC's own BTF asked for (-gbtf), GCC's CO-RE is on too
   (-gbtf implies -mco-re unless -mno-co-re): its records go with its BTF,
   so the plugin's CO-RE steps aside and the output is GCC's alone.  */
static bool
gcc_core_wanted (void)
{
  if (bpfs_options.btf || !(write_symbols & BTF_DEBUG))
    return false;
  return !(target_flags_explicit & MASK_BPF_CORE)
	 || (target_flags & MASK_BPF_CORE);
}

void
bpfs_core_init (void)
{
  if (bpfs_options.core && gcc_core_wanted ())
    bpfs_options.core = false;
  if (!bpfs_options.core)
    return;
  core_types = new hash_set<tree>;
}
