/* validate.c -- btfb_validate against the kernel: each broken BTF is
   refused by both, the fixed one accepted by both. */
#include "testutil.h"

typedef void (*make_fn)(struct btf_builder *b, uint32_t i_int, int bad);

static void m_member(struct btf_builder *b, uint32_t i, int bad)
{
  uint32_t s = btfb_struct_begin(b, 0, "s", 8);
  btfb_member(b, s, "a", i, bad ? 64 : 32, 0);
  btfb_mark_root(b, s);
}

static void m_bitfield(struct btf_builder *b, uint32_t i, int bad)
{
  uint32_t s = btfb_struct_begin(b, 0, "s", 4);
  btfb_member(b, s, "a", i, 0, 3);
  btfb_member(b, s, "b", i, bad ? 30 : 27, 5);
  btfb_mark_root(b, s);
}

static void m_union_off(struct btf_builder *b, uint32_t i, int bad)
{
  uint32_t s = btfb_struct_begin(b, 1, "u", 8);
  btfb_member(b, s, "a", i, bad ? 32 : 0, 0);
  btfb_mark_root(b, s);
}

static void m_member_name(struct btf_builder *b, uint32_t i, int bad)
{
  uint32_t s = btfb_struct_begin(b, 0, "s", 4);
  btfb_member(b, s, bad ? "1a" : "a1", i, 0, 0);
  btfb_mark_root(b, s);
}

static void m_typedef_name(struct btf_builder *b, uint32_t i, int bad)
{
  btfb_mark_root(b, btfb_typedef(b, bad ? "my-int" : "my_int", i));
}

static void m_struct_name(struct btf_builder *b, uint32_t i, int bad)
{
  uint32_t s = btfb_struct_begin(b, 0, bad ? "a b" : "a_b", 4);
  btfb_member(b, s, "x", i, 0, 0);
  btfb_mark_root(b, s);
}

static void m_var_name(struct btf_builder *b, uint32_t i, int bad)
{
  uint32_t v = btfb_var(b, bad ? "f-x" : "f.x", i, BTFB_VAR_STATIC);
  btfb_datasec_add(b, ".bss", v, 0, 4);
}

static void m_func_type(struct btf_builder *b, uint32_t i, int bad)
{
  uint32_t p = btfb_func_proto_begin(b, i);
  btfb_mark_root(b, btfb_func(b, "f", bad ? i : p, BTFB_FUNC_GLOBAL));
}

static void m_enum_name(struct btf_builder *b, uint32_t i, int bad)
{
  uint32_t e = btfb_enum(b, "e", 4, 0, 0);
  (void)i;
  btfb_enum_value(b, e, bad ? "A+B" : "A_B", 1);
  btfb_mark_root(b, e);
}

static void m_datasec_size(struct btf_builder *b, uint32_t i, int bad)
{
  uint32_t v = btfb_var(b, "v", i, BTFB_VAR_GLOBAL);
  btfb_datasec_add(b, ".data", v, 4, 4);
  btfb_datasec_size(b, ".data", bad ? 6 : 8);
}

static void m_datasec_overlap(struct btf_builder *b, uint32_t i, int bad)
{
  uint32_t v = btfb_var(b, "v", i, BTFB_VAR_GLOBAL);
  uint32_t w = btfb_var(b, "w", i, BTFB_VAR_GLOBAL);
  btfb_datasec_add(b, ".data", v, 0, 4);
  btfb_datasec_add(b, ".data", w, bad ? 2 : 4, 4);
}

static void m_datasec_small(struct btf_builder *b, uint32_t i, int bad)
{
  uint32_t v = btfb_var(b, "v", btfb_array(b, i, i, 4), BTFB_VAR_GLOBAL);
  btfb_datasec_add(b, ".data", v, 0, bad ? 8 : 16);
}

static void m_datasec_entry(struct btf_builder *b, uint32_t i, int bad)
{
  uint32_t v = btfb_var(b, "v", i, BTFB_VAR_GLOBAL);
  btfb_datasec_add(b, ".data", bad ? i : v, 0, 4);
}

static void m_decl_tag(struct btf_builder *b, uint32_t i, int bad)
{
  uint32_t s = btfb_struct_begin(b, 0, "s", 8);
  btfb_member(b, s, "a", i, 0, 0);
  btfb_member(b, s, "b", i, 32, 0);
  btfb_mark_root(b, s);
  btfb_decl_tag(b, "tag", s, bad ? 2 : 1);
}

static void m_array_index(struct btf_builder *b, uint32_t i, int bad)
{
  uint32_t idx = bad ? btfb_ptr(b, i) : i;
  uint32_t s = btfb_struct_begin(b, 0, "s", 16);
  btfb_member(b, s, "a", btfb_array(b, i, idx, 4), 0, 0);
  btfb_mark_root(b, s);
}

static void m_typedef_loop(struct btf_builder *b, uint32_t i, int bad)
{
  uint32_t r = btfb_reserve(b), t1 = btfb_typedef(b, "t1", r);
  btfb_fill(b, r, bad ? t1 : i);
  btfb_mark_root(b, t1);
}

static void m_member_fwd(struct btf_builder *b, uint32_t i, int bad)
{
  uint32_t f = btfb_fwd(b, "opaque", BTFB_FWD_STRUCT);
  uint32_t s = btfb_struct_begin(b, 0, "s", 8);
  btfb_member(b, s, "a", i, 0, 0);
  btfb_member(b, s, "f", bad ? btfb_typedef(b, "opaque_t", f) : btfb_ptr(b, f), 0, 0);
  btfb_mark_root(b, s);
}

static void m_var_fwd(struct btf_builder *b, uint32_t i, int bad)
{
  uint32_t f = btfb_fwd(b, "opaque", BTFB_FWD_STRUCT);
  uint32_t v = btfb_var(b, "v", bad ? btfb_qual(b, BTFB_KIND_CONST, f) : i,
                        BTFB_VAR_GLOBAL);
  btfb_datasec_add(b, ".data", v, 0, 4);
}

static const struct {
  const char *what;
  make_fn make;
  const char *expect;
} cases[] = {
  { "member past struct size", m_member, "exceeds" },
  { "bitfield past struct size", m_bitfield, "exceeds" },
  { "union member at non-zero offset", m_union_off, "union member" },
  { "member name not an identifier", m_member_name, "invalid name" },
  { "typedef name not an identifier", m_typedef_name, "invalid name" },
  { "struct name not an identifier", m_struct_name, "invalid name" },
  { "VAR name not an identifier (dots allowed)", m_var_name, "invalid or no name" },
  { "FUNC type not a FUNC_PROTO", m_func_type, "not a FUNC_PROTO" },
  { "enumerator name not an identifier", m_enum_name, "invalid name" },
  { "datasec entry past section size", m_datasec_size, "exceeds section size" },
  { "overlapping datasec entries", m_datasec_overlap, "overlaps" },
  { "datasec entry smaller than its VAR", m_datasec_small, "smaller than" },
  { "datasec entry not a VAR", m_datasec_entry, "not a VAR" },
  { "decl_tag component out of range", m_decl_tag, "out of range" },
  { "array index type not an INT", m_array_index, "not an INT" },
  { "typedef loop", m_typedef_loop, "loop" },
  { "member of an incomplete struct type", m_member_fwd, "incomplete" },
  { "VAR of an incomplete struct type", m_var_fwd, "incomplete" },
};

int main(void)
{
  size_t k;
  t_init();
  for (k = 0; k < sizeof cases / sizeof *cases; k++) {
    int bad;
    for (bad = 1; bad >= 0; bad--) {
      struct btf_builder *b = btfb_new();
      uint32_t i = btfb_int(b, "int", 4, BTFB_INT_SIGNED);
      char msg[256], what[200];
      void *raw = NULL;
      size_t n = 0;
      int v;
      cases[k].make(b, i, bad);
      v = btfb_validate(b, msg, sizeof msg);
      snprintf(what, sizeof what, "%s%s", bad ? "" : "fixed: ", cases[k].what);
      if (bad)
        check(v != 0 && strstr(msg, cases[k].expect) != NULL,
              "validate refuses %s: %s", what, msg);
      else
        check(v == 0, "validate accepts %s %s", what, msg);
      if (btfb_write_raw(b, &raw, &n, NULL, NULL) == 0) {
        if (bad)
          t_kernel_rejects(raw, n, what);
        else
          t_kernel_accepts(b, what);
      } else if (bad)
        check(v != 0, "%s: no raw output either (%s)", what, btfb_error(b));
      free(raw);
      btfb_free(b);
    }
  }
  return t_done();
}
