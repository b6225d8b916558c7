/* type-macros.cc: the C type, limit, format and width macros as clang 19
 * predefines them for BPF.
 *
 * bpf-gcc 12 spells the same types differently (`short int' for `short',
 * maxima in hex: `0x7f' for `127'), lacks clang's __INT8_FMTd__,
 * __UINT64_C_SUFFIX__, __LLONG_WIDTH__... and, from its BPF port, has two
 * types that are not clang's or glibc's:
 *
 *   __INT8_TYPE__ (and _LEAST8, _FAST8) `char', where clang and glibc say
 *     `signed char'.  C wants int8_t to be a signed integer type, which
 *     plain char is not, and it is a different type from glibc's: once
 *     GCC's own <stdint.h> (stdint-gcc.h) is read beside glibc's
 *     <sys/types.h>, e.g. under -ffreestanding, GCC stops at "conflicting
 *     types for 'int8_t'".  The C front end's int8_type_node (`char') is
 *     read only to write GCC's own __INT8_MAX__ and friends
 *     (c_cpp_builtins), all replaced here, so no other part of GCC
 *     (format checking included: %hhd takes any character type) sees a
 *     different int8 type from the macro.
 *   __SIG_ATOMIC_TYPE__ `char' (max 0x7f, width 8), where clang says int
 *     (2147483647, 32) and glibc's <signal.h> typedefs sig_atomic_t as
 *     int: GCC's SIG_ATOMIC_MAX was wrong for the sig_atomic_t programs
 *     get.
 *
 * The values are derived from GCC's type nodes, as clang derives its own
 * from its target's types, so a macro cannot disagree with the type it
 * describes; only the 8-bit signed type and sig_atomic_t are chosen as
 * above.  The floating-point limits are the same numbers, spelled as
 * clang spells them: GCC writes __DBL_MAX__ as ((double)...L) for targets
 * that evaluate in excess precision, which BPF (FLT_EVAL_METHOD 0, long
 * double is double) does not.  Macros GCC defines and clang does not
 * (__INT8_C(c), __SIG_ATOMIC_MIN__, __WCHAR_MIN__...) stay, and agree
 * with the new values: they are written in terms of them or of the same
 * types.  */
#include "plugin/gcc-compat.h"
#include "cpplib.h"
#include "real.h"
#include "plugin/macros.h"

/* The C integer types, as clang names them, with printf's length
   modifier and the integer constant suffix.  */
static const struct
{
  enum integer_type_kind itk;
  const char *name, *length, *suffix;
} kinds[] = {
  { itk_signed_char, "signed char", "hh", "" },
  { itk_unsigned_char, "unsigned char", "hh", "" },
  { itk_short, "short", "h", "" },
  { itk_unsigned_short, "unsigned short", "h", "" },
  { itk_int, "int", "", "" },
  { itk_unsigned_int, "unsigned int", "", "U" },
  { itk_long, "long int", "l", "L" },
  { itk_unsigned_long, "long unsigned int", "l", "UL" },
  { itk_long_long, "long long int", "ll", "LL" },
  { itk_unsigned_long_long, "long long unsigned int", "ll", "ULL" },
};

/* Which macros a row defines, after clang's InitPreprocessor: TYPE, MAX,
   FMT (d i, or o u x X), C_SUFFIX, WIDTH.  */
enum { T = 1, M = 2, F = 4, C = 8, W = 16 };

static void
define_int_macros (cpp_reader *pfile, const char *prefix, tree type, int what)
{
  if (!type)
    return;
  type = TYPE_MAIN_VARIANT (type);
  /* Plain char is no signed (or unsigned) integer type: its signed or
     unsigned twin, as clang's int8_t.  */
  if (type == char_type_node)
    type = TYPE_UNSIGNED (type) ? unsigned_char_type_node
				: signed_char_type_node;
  size_t k;
  for (k = 0; k < ARRAY_SIZE (kinds); k++)
    if (integer_types[kinds[k].itk] == type)
      break;
  if (k == ARRAY_SIZE (kinds))
    return;
  unsigned prec = TYPE_PRECISION (type);
  bool uns = TYPE_UNSIGNED (type);
  if (prec > 64)
    return;
  unsigned long long max = uns ? (prec == 64 ? ~0ULL : (1ULL << prec) - 1)
			       : (1ULL << (prec - 1)) - 1;
  const char *suffix = kinds[k].suffix;
  char name[64], value[64];
  if (what & T)
    {
      snprintf (name, sizeof name, "__%s_TYPE__", prefix);
      bpfs_predefine (pfile, name, kinds[k].name);
    }
  if (what & M)
    {
      snprintf (name, sizeof name, "__%s_MAX__", prefix);
      snprintf (value, sizeof value, "%llu%s", max, suffix);
      bpfs_predefine (pfile, name, value);
    }
  if (what & F)
    for (const char *c = uns ? "ouxX" : "di"; *c; c++)
      {
	snprintf (name, sizeof name, "__%s_FMT%c__", prefix, *c);
	snprintf (value, sizeof value, "\"%s%c\"", kinds[k].length, *c);
	bpfs_predefine (pfile, name, value);
      }
  if (what & C)
    {
      snprintf (name, sizeof name, "__%s_C_SUFFIX__", prefix);
      bpfs_predefine (pfile, name, suffix);
    }
  if (what & W)
    {
      snprintf (name, sizeof name, "__%s_WIDTH__", prefix);
      snprintf (value, sizeof value, "%u", prec);
      bpfs_predefine (pfile, name, value);
    }
}

/* clang's spelling of the IEEE single and double limits (9 and 17
   significant digits: the shortest that read back to the same value).  */
static const char *const ieee_limits[][2] = {
  { "__FLT_MAX__", "3.40282347e+38F" },
  { "__FLT_NORM_MAX__", "3.40282347e+38F" },
  { "__FLT_MIN__", "1.17549435e-38F" },
  { "__FLT_EPSILON__", "1.19209290e-7F" },
  { "__FLT_DENORM_MIN__", "1.40129846e-45F" },
  { "__DBL_MAX__", "1.7976931348623157e+308" },
  { "__DBL_NORM_MAX__", "1.7976931348623157e+308" },
  { "__DBL_MIN__", "2.2250738585072014e-308" },
  { "__DBL_EPSILON__", "2.2204460492503131e-16" },
  { "__DBL_DENORM_MIN__", "4.9406564584124654e-324" },
  /* The same number, 17: long double is double.  */
  { "__DECIMAL_DIG__", "__LDBL_DECIMAL_DIG__" },
};

void
bpfs_define_type_macros (cpp_reader *pfile)
{
  const struct
  {
    const char *prefix;
    tree type;
    int what;
  } rows[] = {
    { "INT8", int8_type_node, T | M | F | C },
    { "INT16", int16_type_node, T | M | F | C },
    { "INT32", int32_type_node, T | M | F | C },
    { "INT64", int64_type_node, T | M | F | C },
    { "UINT8", uint8_type_node, T | M | F | C },
    { "UINT16", uint16_type_node, T | M | F | C },
    { "UINT32", uint32_type_node, T | M | F | C },
    { "UINT64", uint64_type_node, T | M | F | C },
    { "INT_LEAST8", int_least8_type_node, T | M | F | W },
    { "INT_LEAST16", int_least16_type_node, T | M | F | W },
    { "INT_LEAST32", int_least32_type_node, T | M | F | W },
    { "INT_LEAST64", int_least64_type_node, T | M | F | W },
    { "UINT_LEAST8", uint_least8_type_node, T | M | F },
    { "UINT_LEAST16", uint_least16_type_node, T | M | F },
    { "UINT_LEAST32", uint_least32_type_node, T | M | F },
    { "UINT_LEAST64", uint_least64_type_node, T | M | F },
    { "INT_FAST8", int_fast8_type_node, T | M | F | W },
    { "INT_FAST16", int_fast16_type_node, T | M | F | W },
    { "INT_FAST32", int_fast32_type_node, T | M | F | W },
    { "INT_FAST64", int_fast64_type_node, T | M | F | W },
    { "UINT_FAST8", uint_fast8_type_node, T | M | F },
    { "UINT_FAST16", uint_fast16_type_node, T | M | F },
    { "UINT_FAST32", uint_fast32_type_node, T | M | F },
    { "UINT_FAST64", uint_fast64_type_node, T | M | F },
    { "INTMAX", intmax_type_node, T | M | F | C | W },
    { "UINTMAX", uintmax_type_node, T | M | F | C | W },
    { "INTPTR", intptr_type_node, T | M | F | W },
    { "UINTPTR", uintptr_type_node, T | M | F | W },
    { "PTRDIFF", ptrdiff_type_node, T | M | F | W },
    { "SIZE", size_type_node, T | M | F | W },
    { "WCHAR", wchar_type_node, T | M | W },
    { "WINT", wint_type_node, T | M | W },
    /* int, as clang's and glibc's sig_atomic_t (see above).  */
    { "SIG_ATOMIC", integer_type_node, T | M | W },
    { "CHAR16", char16_type_node, T },
    { "CHAR32", char32_type_node, T },
    { "SCHAR", signed_char_type_node, M },
    { "SHRT", short_integer_type_node, M | W },
    { "INT", integer_type_node, M | W },
    { "LONG", long_integer_type_node, M | W },
    { "LONG_LONG", long_long_integer_type_node, M },
    { "LLONG", long_long_integer_type_node, W },
  };
  for (const auto &row : rows)
    define_int_macros (pfile, row.prefix, row.type, row.what);

  char value[16];
  /* clang's bool width is its storage (8), as its <limits.h> reads it.  */
  snprintf (value, sizeof value, "%d",
	    (int) tree_to_uhwi (TYPE_SIZE (boolean_type_node)));
  bpfs_predefine (pfile, "__BOOL_WIDTH__", value);
  snprintf (value, sizeof value, "%d", (int) POINTER_SIZE);
  bpfs_predefine (pfile, "__POINTER_WIDTH__", value);

  if (REAL_MODE_FORMAT (TYPE_MODE (float_type_node)) == &ieee_single_format
      && REAL_MODE_FORMAT (TYPE_MODE (double_type_node)) == &ieee_double_format
      && TYPE_PRECISION (long_double_type_node)
	 == TYPE_PRECISION (double_type_node))
    for (const auto &limit : ieee_limits)
      bpfs_predefine (pfile, limit[0], limit[1]);
}
