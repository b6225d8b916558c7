/* dedup.c -- hash-consing, structural dedup (with cycles), FWD collapse,
   pruning to the roots and compact renumbering. */
#include "testutil.h"

/* struct NAME { int v; struct NAME *next; } built with a reserved id. */
static uint32_t list_struct(struct btf_builder *b, const char *name,
                            const char *mname, uint32_t i_int)
{
  uint32_t r = btfb_reserve(b), p = btfb_ptr(b, r);
  uint32_t s = btfb_struct_begin(b, 0, name, 16);
  btfb_member(b, s, mname, i_int, 0, 0);
  btfb_member(b, s, "next", p, 64, 0);
  btfb_fill(b, r, s);
  return s;
}

static uint32_t proto_int_int(struct btf_builder *b, uint32_t i_int)
{
  uint32_t p = btfb_func_proto_begin(b, i_int);
  btfb_func_proto_param(b, p, "x", i_int);
  return p;
}

static void test_dedup(void)
{
  struct btf_builder *b = btfb_new();
  uint32_t i1, i2, u1, p1, p2, a1, a2, s1, s2, s3, s4, pr1, pr2, f1, f2,
      fwd, pf, ps, v, td1, td2, fwd2, x1, x2, pfx;
  struct btf *btf;
  char msg[256];

  i1 = btfb_int(b, "int", 4, BTFB_INT_SIGNED);
  i2 = btfb_int(b, "int", 4, BTFB_INT_SIGNED);
  u1 = btfb_int(b, "unsigned int", 4, 0);
  check(i1 == i2 && i1 != u1, "identical INTs get one builder id");
  p1 = btfb_ptr(b, i1);
  p2 = btfb_ptr(b, i2);
  check(p1 == p2, "identical PTRs get one builder id");
  a1 = btfb_array(b, i1, u1, 4);
  a2 = btfb_array(b, i1, u1, 4);
  check(a1 == a2 && btfb_array(b, i1, u1, 5) != a1,
        "identical ARRAYs share an id, other length does not");
  s1 = list_struct(b, "list", "v", i1);
  s2 = list_struct(b, "list", "v", i1);
  s3 = list_struct(b, "list", "w", i1); /* another member name */
  s4 = list_struct(b, "other", "v", i1);
  pr1 = proto_int_int(b, i1);
  pr2 = proto_int_int(b, i2);
  f1 = btfb_func(b, "f", pr1, BTFB_FUNC_GLOBAL);
  f2 = btfb_func(b, "g", pr2, BTFB_FUNC_GLOBAL);
  fwd = btfb_fwd(b, "other", BTFB_FWD_STRUCT);
  pf = btfb_ptr(b, fwd);
  ps = btfb_ptr(b, s4);
  td1 = btfb_typedef(b, "list_t", s1);
  td2 = btfb_typedef(b, "list_t", s2);
  /* two different structs named "amb": a FWD amb stays */
  x1 = btfb_struct_begin(b, 0, "amb", 4);
  btfb_member(b, x1, "a", i1, 0, 0);
  x2 = btfb_struct_begin(b, 0, "amb", 4);
  btfb_member(b, x2, "b", i1, 0, 0);
  fwd2 = btfb_fwd(b, "amb", BTFB_FWD_STRUCT);
  pfx = btfb_ptr(b, fwd2);
  v = btfb_var(b, "v", btfb_array(b, btfb_ptr(b, s1), u1, 2), BTFB_VAR_GLOBAL);
  btfb_datasec_add(b, ".bss", v, 0, 16);
  btfb_mark_root(b, f1);
  btfb_mark_root(b, f2);
  btfb_mark_root(b, s3);
  btfb_mark_root(b, pf);
  btfb_mark_root(b, ps);
  btfb_mark_root(b, td1);
  btfb_mark_root(b, td2);
  btfb_mark_root(b, x1);
  btfb_mark_root(b, x2);
  btfb_mark_root(b, pfx);
  btfb_mark_root(b, s2);
  btf = t_parse(b, 0, NULL, NULL);
  check(btf != NULL, "libbpf parses deduplicated BTF");
  if (!btf)
    goto out;
  check(btfb_final_id(b, s1) == btfb_final_id(b, s2) && btfb_final_id(b, s1),
        "identical self-referencing structs merged");
  check(btfb_final_id(b, s3) != btfb_final_id(b, s1),
        "struct with another member name kept apart");
  check(btfb_final_id(b, s4) != btfb_final_id(b, s1),
        "struct with another name kept apart");
  check(btfb_final_id(b, pr1) == btfb_final_id(b, pr2), "identical FUNC_PROTOs merged");
  check(btfb_final_id(b, f1) != btfb_final_id(b, f2), "FUNCs with other names kept");
  check(btfb_final_id(b, td1) == btfb_final_id(b, td2),
        "TYPEDEFs of merged structs merged");
  check(btfb_final_id(b, fwd) == btfb_final_id(b, s4)
        && btfb_final_id(b, pf) == btfb_final_id(b, ps)
        && btf__find_by_name_kind(btf, "other", BTF_KIND_FWD) < 0,
        "FWD collapsed into the struct of the unit");
  check(btfb_final_id(b, fwd2) != 0
        && btf__find_by_name_kind(btf, "amb", BTF_KIND_FWD) > 0,
        "FWD kept when two different structs have its name");
  {
    uint32_t n = btf__type_cnt(btf), id, nlist = 0, nint = 0;
    for (id = 1; id < n; id++) {
      const struct btf_type *t = btf__type_by_id(btf, id);
      if (btf_is_struct(t) && !strcmp(t_name(btf, t), "list"))
        nlist++;
      if (btf_is_int(t) && !strcmp(t_name(btf, t), "int"))
        nint++;
    }
    check(nlist == 2 && nint == 1, "one int and two structs list written "
          "(%u, %u)", nint, nlist);
    check(n - 1 == btfb_final_count(b), "ids compact: 1..%u", n - 1);
  }
  check(btfb_validate(b, msg, sizeof msg) == 0, "validate: %s", msg);
  t_kernel_accepts(b, "deduplicated BTF");
  btf__free(btf);
out:
  btfb_free(b);
}

static void test_prune(void)
{
  struct btf_builder *b = btfb_new();
  uint32_t i_int, i_long, s, ps, dropped, proto, f, v, tag_kept, tag_gone,
      dsub, k;
  struct btf *btf;

  i_int = btfb_int(b, "int", 4, BTFB_INT_SIGNED);
  i_long = btfb_int(b, "long", 8, BTFB_INT_SIGNED);
  s = btfb_struct_begin(b, 0, "reached", 8);
  btfb_member(b, s, "l", i_long, 0, 0);
  ps = btfb_ptr(b, s);
  dropped = btfb_struct_begin(b, 0, "unreached", 4);
  btfb_member(b, dropped, "i", i_int, 0, 0);
  dsub = btfb_typedef(b, "unreached_t", dropped);
  proto = btfb_func_proto_begin(b, i_int);
  btfb_func_proto_param(b, proto, "p", ps);
  f = btfb_func(b, "prog", proto, BTFB_FUNC_GLOBAL);
  v = btfb_var(b, "unused_var", i_int, BTFB_VAR_GLOBAL);
  tag_kept = btfb_decl_tag(b, "kept", s, 0);
  tag_gone = btfb_decl_tag(b, "gone", dropped, -1);
  btfb_func_info(b, "xdp", 0, NULL, NULL, f); /* makes prog a root */
  (void)v;
  check(btfb_finish(b, 0) == 0, "finish");
  check(btfb_final_id(b, f) && btfb_final_id(b, proto)
        && btfb_final_id(b, ps) && btfb_final_id(b, s)
        && btfb_final_id(b, i_long) && btfb_final_id(b, i_int),
        "everything reachable from the func_info FUNC kept");
  check(!btfb_final_id(b, dropped) && !btfb_final_id(b, dsub)
        && !btfb_final_id(b, v), "unreachable struct, typedef, VAR pruned");
  check(btfb_final_id(b, tag_kept) && !btfb_final_id(b, tag_gone),
        "DECL_TAG follows its type");
  check(btfb_final_count(b) == 7, "7 types kept (%u)", btfb_final_count(b));
  {
    int ok = 1;
    for (k = 1; k <= btfb_nr_types(b); k++)
      if (btfb_final_id(b, k) > btfb_final_count(b))
        ok = 0;
    check(ok, "final ids within 1..count");
  }
  check(btfb_struct_begin(b, 0, "late", 4) == 0, "no types after finish: %s",
        btfb_error(b));
  check(btfb_func_info(b, "xdp", 8, NULL, NULL, btfb_func(b, "x", proto, 0)) != 0,
        "ext record for a type added after finish refused");
  btfb_free(b);

  /* The same with NO_PRUNE and NO_DEDUP. */
  b = btfb_new();
  i_int = btfb_int(b, "int", 4, BTFB_INT_SIGNED);
  s = list_struct(b, "l", "v", i_int);
  k = list_struct(b, "l", "v", i_int);
  btfb_mark_root(b, s);
  btf = t_parse(b, BTFB_NO_DEDUP, NULL, NULL);
  check(btf && btfb_final_id(b, s) != btfb_final_id(b, k)
        && btfb_final_id(b, k) == 0, "NO_DEDUP: duplicate not reachable, pruned");
  btf__free(btf);
  btfb_free(b);
  b = btfb_new();
  i_int = btfb_int(b, "int", 4, BTFB_INT_SIGNED);
  s = list_struct(b, "l", "v", i_int);
  k = list_struct(b, "l", "v", i_int);
  btf = t_parse(b, BTFB_NO_DEDUP | BTFB_NO_PRUNE, NULL, NULL);
  check(btf && btfb_final_count(b) == 5 && btfb_final_id(b, k)
        && btfb_final_id(b, s) != btfb_final_id(b, k),
        "NO_DEDUP|NO_PRUNE: everything kept (%u)", btfb_final_count(b));
  btf__free(btf);
  btfb_free(b);
  b = btfb_new();
  i_int = btfb_int(b, "int", 4, BTFB_INT_SIGNED);
  s = list_struct(b, "l", "v", i_int);
  k = list_struct(b, "l", "v", i_int);
  btf = t_parse(b, BTFB_NO_PRUNE, NULL, NULL);
  check(btf && btfb_final_count(b) == 3 && btfb_final_id(b, k) == btfb_final_id(b, s),
        "NO_PRUNE: everything kept, deduplicated (%u)", btfb_final_count(b));
  btf__free(btf);
  btfb_free(b);

  /* A reserved id never filled, reached from a root: an error. */
  b = btfb_new();
  s = btfb_struct_begin(b, 0, "s", 8);
  btfb_member(b, s, "p", btfb_ptr(b, btfb_reserve(b)), 0, 0);
  btfb_mark_root(b, s);
  check(btfb_finish(b, 0) != 0 && strstr(btfb_error(b), "never filled"),
        "unfilled reserved id reported: %s", btfb_error(b));
  btfb_free(b);
}

/* Many types: a chain of 3000 structs built twice, deduplicated. */
static void test_big(void)
{
  struct btf_builder *b = btfb_new();
  uint32_t i_int = btfb_int(b, "int", 4, BTFB_INT_SIGNED), k, r, prev[2] = {0, 0};
  char name[32];
  int copy;
  for (copy = 0; copy < 2; copy++) {
    uint32_t first = btfb_reserve(b);
    prev[copy] = first;
    for (k = 0; k < 3000; k++) {
      uint32_t s;
      snprintf(name, sizeof name, "s%u", k);
      r = k == 2999 ? first : btfb_reserve(b);
      s = btfb_struct_begin(b, 0, name, 16);
      btfb_member(b, s, "v", i_int, 0, 0);
      btfb_member(b, s, "next", btfb_ptr(b, r), 64, 0);
      btfb_fill(b, prev[copy], s);
      prev[copy] = r;
      if (k == 0)
        btfb_mark_root(b, s);
    }
  }
  check(btfb_finish(b, 0) == 0 && btfb_final_count(b) == 1 + 2 * 3000,
        "ring of 3000 structs built twice: 6001 types (%u)",
        btfb_final_count(b));
  t_kernel_accepts(b, "6001 types");
  btfb_free(b);
}

/* Tag chains as the plugin builds them for `struct foo __kptr *p' and
   `int __user * __rcu *pp': identical chains share ids, chains in another
   order or on another type do not, DECL_TAGs on a FUNC's parameters keep
   their component, and the kernel accepts the result (a STRUCT whose
   member is PTR -> TYPE_TAG -> STRUCT).  */
static void test_tags(void)
{
  struct btf_builder *b = btfb_new();
  uint32_t i_int, foo, t1, t2, ab, ba, pk, holder, pu, pr, proto, fn, d0, d1;

  i_int = btfb_int(b, "int", 4, BTFB_INT_SIGNED);
  foo = btfb_struct_begin(b, 0, "foo", 4);
  btfb_member(b, foo, "a", i_int, 0, 0);
  t1 = btfb_type_tag(b, "kptr", foo);
  t2 = btfb_type_tag(b, "kptr", foo);
  check(t1 && t1 == t2, "identical TYPE_TAGs share an id");
  ab = btfb_type_tag(b, "b", btfb_type_tag(b, "a", i_int));
  ba = btfb_type_tag(b, "a", btfb_type_tag(b, "b", i_int));
  check(ab != ba, "tag chains in another order stay apart");
  check(btfb_type_tag(b, "kptr", i_int) != t1, "same tag on another type");
  pk = btfb_ptr(b, t1);
  holder = btfb_struct_begin(b, 0, "holder", 8);
  btfb_member(b, holder, "p", pk, 0, 0);
  /* int __user * __rcu *pp */
  pu = btfb_ptr(b, btfb_type_tag(b, "user", i_int));
  pr = btfb_ptr(b, btfb_type_tag(b, "rcu", pu));
  proto = btfb_func_proto_begin(b, i_int);
  btfb_func_proto_param(b, proto, "ctx", pr);
  btfb_func_proto_param(b, proto, "h", btfb_ptr(b, holder));
  fn = btfb_func(b, "f", proto, BTFB_FUNC_GLOBAL);
  d0 = btfb_decl_tag(b, "arg:ctx", fn, 0);
  d1 = btfb_decl_tag(b, "arg:trusted", fn, 1);
  check(d0 && d1 && d0 != d1, "DECL_TAGs on two parameters");
  btfb_mark_root(b, fn);
  check(btfb_finish(b, 0) == 0 && btfb_final_id(b, d0) && btfb_final_id(b, d1)
        && btfb_final_id(b, t1) && !btfb_final_id(b, ab),
        "tags reachable from the FUNC kept, others pruned");
  t_kernel_accepts(b, "tag chains");
  btfb_free(b);
}

int main(void)
{
  t_init();
  test_dedup();
  test_prune();
  test_big();
  test_tags();
  return t_done();
}
