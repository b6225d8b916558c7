/* types.c -- every BTF kind built with the API, read back with libbpf and
   loaded into the kernel. */
#include "testutil.h"

int main(void)
{
  struct btf_builder *b;
  struct btf *btf;
  const struct btf_type *t;
  uint32_t i_int, i_uint, i_char, i_uchar, i_bool, i_long, p_int, arr, s, u,
      e_s, e_u, e64, fwd, td, c_int, v_int, r_ptr, proto, vproto, f_g, f_s,
      f_e, var_g, var_s, flt, reserved, node, p_node, dt, tt;
  const struct btf_member *m;
  const struct btf_param *pa;
  const struct btf_var_secinfo *vs;
  char msg[256];

  t_init();
  b = btfb_new();
  check(b != NULL, "btfb_new");
  i_int = btfb_int(b, "int", 4, BTFB_INT_SIGNED);
  i_uint = btfb_int(b, "unsigned int", 4, 0);
  i_char = btfb_int(b, "char", 1, BTFB_INT_SIGNED);
  i_uchar = btfb_int(b, "unsigned char", 1, 0);
  i_bool = btfb_int(b, "_Bool", 1, BTFB_INT_BOOL);
  i_long = btfb_int(b, "long", 8, BTFB_INT_SIGNED);
  check(btfb_int(b, "bad", 4, BTFB_INT_SIGNED | BTFB_INT_CHAR) == 0
        && strstr(btfb_error(b), "at most one"),
        "int with two encoding bits refused: %s", btfb_error(b));
  check(btfb_int(b, "bad", 3, 0) == 0, "int of size 3 refused");
  p_int = btfb_ptr(b, i_int);
  arr = btfb_array(b, i_char, i_uint, 16);
  /* struct node { int a; unsigned b:3, c:5; struct node *next; char n[16]; } */
  reserved = btfb_reserve(b);
  p_node = btfb_ptr(b, reserved);
  node = btfb_struct_begin(b, 0, "node", 40);
  check(btfb_member(b, node, "a", i_int, 0, 0) == 0
        && btfb_member(b, node, "b", i_uint, 32, 3) == 0
        && btfb_member(b, node, "c", i_uint, 35, 5) == 0
        && btfb_member(b, node, "next", p_node, 64, 0) == 0
        && btfb_member(b, node, "n", arr, 128, 0) == 0,
        "struct members added");
  check(btfb_fill(b, reserved, node) == 0, "reserved id filled");
  check(btfb_fill(b, reserved, node) != 0, "second fill refused");
  s = btfb_struct_begin(b, 0, "plain", 16);
  btfb_member(b, s, "x", i_long, 0, 0);
  btfb_member(b, s, "p", p_int, 64, 0);
  u = btfb_struct_begin(b, 1, "u", 8);
  btfb_member(b, u, "l", i_long, 0, 0);
  btfb_member(b, u, NULL, s == 0 ? 0 : i_int, 0, 0); /* anonymous member */
  e_s = btfb_enum(b, "se", 4, 1, 0);
  btfb_enum_value(b, e_s, "SE_NEG", -5);
  btfb_enum_value(b, e_s, "SE_POS", 7);
  e_u = btfb_enum(b, "ue", 4, 0, 0);
  btfb_enum_value(b, e_u, "UE_BIG", 0xfffffff0u);
  check(btfb_enum_value(b, e_u, "UE_HUGE", 0x100000000ll) != 0,
        "64-bit value refused in ENUM: %s", btfb_error(b));
  e64 = btfb_enum(b, "e64", 8, 0, 1);
  btfb_enum_value(b, e64, "E64_V", 0x123456789all);
  fwd = btfb_fwd(b, "opaque", BTFB_FWD_STRUCT);
  btfb_mark_root(b, btfb_ptr(b, btfb_fwd(b, "uopaque", BTFB_FWD_UNION)));
  btfb_mark_root(b, btfb_ptr(b, btfb_fwd(b, "eopaque", BTFB_FWD_ENUM)));
  td = btfb_typedef(b, "node_t", node);
  c_int = btfb_qual(b, BTFB_KIND_CONST, i_int);
  v_int = btfb_qual(b, BTFB_KIND_VOLATILE, c_int);
  r_ptr = btfb_qual(b, BTFB_KIND_RESTRICT, btfb_ptr(b, fwd));
  flt = btfb_float(b, "double", 8);
  proto = btfb_func_proto_begin(b, i_int);
  btfb_func_proto_param(b, proto, "n", btfb_ptr(b, td));
  btfb_func_proto_param(b, proto, "e", e_s);
  btfb_func_proto_param(b, proto, "f", flt);
  vproto = btfb_func_proto_begin(b, 0);
  btfb_func_proto_param(b, vproto, "fmt", btfb_ptr(b, btfb_qual(b, BTFB_KIND_CONST, i_char)));
  btfb_func_proto_variadic(b, vproto);
  check(btfb_func_proto_param(b, vproto, "x", i_int) != 0,
        "param after ... refused");
  f_g = btfb_func(b, "prog", proto, BTFB_FUNC_GLOBAL);
  f_s = btfb_func(b, "helper", proto, BTFB_FUNC_STATIC);
  f_e = btfb_func(b, "printk_like", vproto, BTFB_FUNC_EXTERN);
  var_g = btfb_var(b, "counter", v_int, BTFB_VAR_GLOBAL);
  var_s = btfb_var(b, "flags", btfb_array(b, i_uchar, i_uint, 3), BTFB_VAR_STATIC);
  btfb_datasec_add(b, ".data", var_s, 8, 3);
  btfb_datasec_add(b, ".data", var_g, 0, 4);
  btfb_datasec_size(b, ".data", 16);
  btfb_var(b, "dropped", i_bool, BTFB_VAR_STATIC); /* not a root */
  btfb_mark_root(b, f_g);
  btfb_mark_root(b, f_s);
  btfb_mark_root(b, s);
  btfb_mark_root(b, vproto);
  btfb_mark_root(b, u);
  btfb_mark_root(b, e_u);
  btfb_mark_root(b, e64);
  btfb_mark_root(b, r_ptr);
  dt = btfb_decl_tag(b, "user", f_g, 0);
  tt = btfb_type_tag(b, "percpu", i_long);
  btfb_mark_root(b, btfb_var(b, "pcpu", btfb_ptr(b, tt), BTFB_VAR_GLOBAL));
  check(dt && tt, "decl_tag and type_tag made");

  btf = t_parse(b, 0, NULL, NULL);
  check(btf != NULL, "libbpf parses the raw BTF");
  if (!btf) {
    btfb_free(b);
    return t_done();
  }
  check(btfb_final_id(b, reserved) == btfb_final_id(b, node),
        "reserved id maps to the struct");
#define T(id) btf__type_by_id(btf, btfb_final_id(b, id))
  t = T(i_int);
  check(t && btf_is_int(t) && !strcmp(t_name(btf, t), "int")
        && btf_int_encoding(t) == BTF_INT_SIGNED && btf_int_bits(t) == 32
        && t->size == 4, "INT int");
  t = T(i_char);
  check(t && btf_is_int(t) && btf_int_encoding(t) == BTF_INT_SIGNED
        && t->size == 1, "INT char signed like clang");
  t = T(i_uchar);
  check(t && btf_is_int(t) && btf_int_encoding(t) == 0, "INT unsigned char");
  check(btfb_final_id(b, i_bool) == 0, "INT _Bool only used by a pruned VAR: pruned");
  t = T(node);
  check(t && btf_is_struct(t) && btf_vlen(t) == 5 && t->size == 40
        && btf_kflag(t), "STRUCT node with kind_flag (bitfields)");
  m = btf_members(t);
  check(btf_member_bit_offset(t, 1) == 32 && btf_member_bitfield_size(t, 1) == 3
        && btf_member_bit_offset(t, 2) == 35 && btf_member_bitfield_size(t, 2) == 5
        && btf_member_bit_offset(t, 3) == 64 && btf_member_bitfield_size(t, 3) == 0
        && m[1].offset == (3u << 24 | 32), "bitfield offsets size<<24|offset");
  check(m[3].type == btfb_final_id(b, p_node)
        && btf__type_by_id(btf, m[3].type)->type == btfb_final_id(b, node),
        "cycle through pointer resolved");
  t = btf__type_by_id(btf, m[4].type);
  check(t && btf_is_array(t) && btf_array(t)->nelems == 16
        && btf_array(t)->type == btfb_final_id(b, i_char)
        && btf_array(t)->index_type == btfb_final_id(b, i_uint), "ARRAY");
  t = T(s);
  check(t && btf_is_struct(t) && !btf_kflag(t) && btf_members(t)[1].offset == 64,
        "STRUCT without bitfields: kind_flag 0, plain bit offsets");
  t = T(u);
  check(t && btf_is_union(t) && btf_vlen(t) == 2 && btf_members(t)[1].name_off == 0,
        "UNION with anonymous member");
  t = T(e_s);
  check(t && btf_is_enum(t) && btf_kflag(t) && btf_vlen(t) == 2
        && btf_enum(t)[0].val == -5, "ENUM signed (kind_flag 1)");
  t = T(e_u);
  check(t && btf_is_enum(t) && !btf_kflag(t) && btf_vlen(t) == 1
        && (uint32_t)btf_enum(t)[0].val == 0xfffffff0u, "ENUM unsigned");
  t = T(e64);
  check(t && btf_is_enum64(t) && t->size == 8
        && btf_enum64_value(btf_enum64(t)) == 0x123456789aull, "ENUM64");
  t = T(fwd);
  check(t && btf_is_fwd(t) && t->type == 0 && !btf_kflag(t)
        && !strcmp(t_name(btf, t), "opaque"), "FWD struct, type 0");
  {
    int id = btf__find_by_name_kind(btf, "uopaque", BTF_KIND_FWD);
    t = id > 0 ? btf__type_by_id(btf, id) : NULL;
    check(t && btf_kflag(t) && t->type == 0, "FWD union: kind_flag 1");
    id = btf__find_by_name_kind(btf, "eopaque", BTF_KIND_ENUM);
    t = id > 0 ? btf__type_by_id(btf, id) : NULL;
    check(t && btf_vlen(t) == 0 && t->size == 4, "FWD enum: ENUM without values");
  }
  t = T(td);
  check(t && btf_is_typedef(t) && t->type == btfb_final_id(b, node), "TYPEDEF");
  t = T(v_int);
  check(t && btf_is_volatile(t) && btf_is_const(btf__type_by_id(btf, t->type)),
        "VOLATILE CONST");
  t = T(r_ptr);
  check(t && btf_is_restrict(t) && btf_is_ptr(btf__type_by_id(btf, t->type)),
        "RESTRICT");
  t = T(flt);
  check(t && btf_is_float(t) && t->size == 8, "FLOAT");
  t = T(proto);
  pa = btf_params(t);
  check(t && btf_is_func_proto(t) && btf_vlen(t) == 3
        && !strcmp(btf__name_by_offset(btf, pa[0].name_off), "n")
        && pa[1].type == btfb_final_id(b, e_s), "FUNC_PROTO with named params");
  t = T(vproto);
  pa = btf_params(t);
  check(t && btf_vlen(t) == 2 && pa[1].name_off == 0 && pa[1].type == 0
        && t->type == 0, "variadic FUNC_PROTO returning void");
  t = T(f_g);
  check(t && btf_is_func(t) && btf_vlen(t) == BTF_FUNC_GLOBAL
        && t->type == btfb_final_id(b, proto), "FUNC global");
  t = T(f_s);
  check(t && btf_vlen(t) == BTF_FUNC_STATIC, "FUNC static");
  t = T(var_g);
  check(t && btf_is_var(t) && btf_var(t)->linkage == BTF_VAR_GLOBAL_ALLOCATED,
        "VAR global");
  t = T(var_s);
  check(t && btf_var(t)->linkage == BTF_VAR_STATIC, "VAR static");
  {
    int id = btf__find_by_name_kind(btf, ".data", BTF_KIND_DATASEC);
    t = id > 0 ? btf__type_by_id(btf, id) : NULL;
    vs = t ? btf_var_secinfos(t) : NULL;
    check(t && btf_vlen(t) == 2 && t->size == 16 && vs[0].offset == 0
          && vs[0].type == btfb_final_id(b, var_g) && vs[1].offset == 8
          && vs[1].size == 3, "DATASEC sorted by offset, size");
  }
  check(btf__find_by_name(btf, "dropped") < 0, "unreachable VAR pruned");
  t = T(dt);
  check(t && btf_is_decl_tag(t) && btf_decl_tag(t)->component_idx == 0
        && t->type == btfb_final_id(b, f_g), "DECL_TAG");
  t = T(tt);
  check(t && btf_is_type_tag(t) && !strcmp(t_name(btf, t), "percpu"), "TYPE_TAG");
  check(btf__type_cnt(btf) == btfb_final_count(b) + 1, "type count %u",
        btfb_final_count(b));
  check(btfb_validate(b, msg, sizeof msg) == 0, "btfb_validate accepts: %s", msg);
  t_kernel_accepts(b, "all kinds");
  btf__free(btf);
  btfb_free(b);

  /* Extern FUNC and _Bool: valid in an object file; the kernel refuses
     extern linkage (libbpf rewrites it before loading). */
  b = btfb_new();
  i_bool = btfb_int(b, "_Bool", 1, BTFB_INT_BOOL);
  vproto = btfb_func_proto_begin(b, i_bool);
  btfb_func_proto_variadic(b, vproto);
  f_e = btfb_func(b, "ext_fn", vproto, BTFB_FUNC_EXTERN);
  btfb_mark_root(b, f_e);
  btf = t_parse(b, 0, NULL, NULL);
  t = btf ? T(f_e) : NULL;
  check(t && btf_is_func(t) && btf_vlen(t) == BTF_FUNC_EXTERN, "FUNC extern");
  t = btf ? T(i_bool) : NULL;
  check(t && btf_int_encoding(t) == BTF_INT_BOOL, "INT _Bool");
  check(btfb_validate(b, msg, sizeof msg) == 0, "btfb_validate accepts extern FUNC");
  {
    void *r;
    size_t n;
    if (btfb_write_raw(b, &r, &n, NULL, NULL) == 0) {
      t_kernel_rejects(r, n, "extern FUNC linkage (as for clang's objects)");
      free(r);
    }
  }
  btf__free(btf);
  btfb_free(b);
  return t_done();
}
