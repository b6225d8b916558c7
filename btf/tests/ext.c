/* ext.c -- .BTF.ext: raw layout (func_info, line_info, core_relo), the
   assembler output with label offsets, assembled with bpf-as and loaded
   with libbpf into the kernel (which checks func_info and line_info). */
#include "testutil.h"

#include <linux/bpf.h>
#include <stdint.h>

static uint32_t rd32(const unsigned char *p)
{
  return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

struct types {
  uint32_t i_int, node, prog, sub, p_node;
};

static void make_types(struct btf_builder *b, struct types *ty)
{
  uint32_t proto, sproto;
  ty->i_int = btfb_int(b, "int", 4, BTFB_INT_SIGNED);
  ty->node = btfb_struct_begin(b, 0, "node", 16);
  ty->p_node = btfb_ptr(b, ty->node);
  btfb_member(b, ty->node, "a", ty->i_int, 0, 0);
  btfb_member(b, ty->node, "next", ty->p_node, 64, 0);
  proto = btfb_func_proto_begin(b, ty->i_int);
  btfb_func_proto_param(b, proto, "ctx", btfb_ptr(b, 0));
  ty->prog = btfb_func(b, "prog", proto, BTFB_FUNC_GLOBAL);
  sproto = btfb_func_proto_begin(b, ty->i_int);
  btfb_func_proto_param(b, sproto, "x", ty->i_int);
  ty->sub = btfb_func(b, "sub", sproto, BTFB_FUNC_STATIC);
}

static void test_raw(void)
{
  struct btf_builder *b = btfb_new();
  struct types ty;
  void *raw = NULL, *ext = NULL;
  size_t n = 0, en = 0;
  const unsigned char *e;
  struct btf *btf;
  struct btf_ext *bext;
  uint32_t fi_off, fi_len, li_off, li_len, cr_off, cr_len;
  const unsigned char *fi, *li, *cr;

  make_types(b, &ty);
  /* Added out of order: written sorted by insn offset. */
  btfb_func_info(b, "xdp", 16, NULL, NULL, ty.sub);
  btfb_func_info(b, "xdp", 0, NULL, NULL, ty.prog);
  btfb_func_info(b, "xdp", 0, NULL, NULL, ty.prog); /* same again: one */
  btfb_line_info(b, "xdp", 8, NULL, NULL, "/src/p.c", "  return x;", 12, 5);
  btfb_line_info(b, "xdp", 0, NULL, NULL, "/src/p.c", "int prog(void *ctx)", 10, 1);
  btfb_line_info(b, ".text", 0, NULL, NULL, "/src/q.c", "", 3, 0);
  btfb_core_relo(b, "xdp", 24, NULL, NULL, ty.node, "0:1", BPF_CORE_FIELD_BYTE_OFFSET);
  btfb_core_relo(b, "xdp", 8, NULL, NULL, ty.node, "0", BPF_CORE_TYPE_ID_LOCAL);
  check(btfb_write_raw(b, &raw, &n, &ext, &en) == 0, "raw write with .BTF.ext");
  e = ext;
  if (!e || en < 32) {
    check(0, ".BTF.ext produced");
    goto out;
  }
  fi_off = rd32(e + 8); fi_len = rd32(e + 12);
  li_off = rd32(e + 16); li_len = rd32(e + 20);
  cr_off = rd32(e + 24); cr_len = rd32(e + 28);
  check(e[0] == 0x9f && e[1] == 0xeb && e[2] == 1 && e[3] == 0
        && rd32(e + 4) == 32, ".BTF.ext header: magic, version 1, hdr_len 32");
  check(fi_off == 0 && fi_len == 4 + 8 + 2 * 8 && li_off == fi_len
        && li_len == 4 + 2 * 8 + 3 * 16 && cr_off == li_off + li_len
        && cr_len == 4 + 8 + 2 * 16 && en == 32 + fi_len + li_len + cr_len,
        ".BTF.ext subsection offsets and lengths");
  btf = btf__new(raw, (uint32_t)n);
  check(btf && !libbpf_get_error(btf), "libbpf parses the .BTF");
  if (!btf || libbpf_get_error(btf))
    goto out;
  fi = e + 32 + fi_off;
  check(rd32(fi) == 8 && !strcmp(btf__name_by_offset(btf, rd32(fi + 4)), "xdp")
        && rd32(fi + 8) == 2 && rd32(fi + 12) == 0
        && rd32(fi + 16) == btfb_final_id(b, ty.prog) && rd32(fi + 20) == 16
        && rd32(fi + 24) == btfb_final_id(b, ty.sub),
        "func_info: rec_size 8, one section, sorted by insn offset");
  li = e + 32 + li_off;
  check(rd32(li) == 16 && !strcmp(btf__name_by_offset(btf, rd32(li + 4)), "xdp")
        && rd32(li + 8) == 2 && rd32(li + 12) == 0
        && !strcmp(btf__name_by_offset(btf, rd32(li + 16)), "/src/p.c")
        && !strcmp(btf__name_by_offset(btf, rd32(li + 20)), "int prog(void *ctx)")
        && rd32(li + 24) == (10u << 10 | 1) && rd32(li + 28) == 8
        && rd32(li + 40) == (12u << 10 | 5),
        "line_info: rec_size 16, strings, line<<10|col, sorted");
  li += 12 + 2 * 16;
  check(!strcmp(btf__name_by_offset(btf, rd32(li)), ".text") && rd32(li + 4) == 1
        && rd32(li + 16) == 0 && rd32(li + 20) == (3u << 10),
        "line_info: second section .text, empty line text");
  cr = e + 32 + cr_off;
  check(rd32(cr) == 16 && rd32(cr + 8) == 2 && rd32(cr + 12) == 8
        && rd32(cr + 16) == btfb_final_id(b, ty.node)
        && !strcmp(btf__name_by_offset(btf, rd32(cr + 20)), "0")
        && rd32(cr + 24) == BPF_CORE_TYPE_ID_LOCAL && rd32(cr + 28) == 24
        && !strcmp(btf__name_by_offset(btf, rd32(cr + 36)), "0:1")
        && rd32(cr + 40) == BPF_CORE_FIELD_BYTE_OFFSET,
        "core_relo: rec_size 16, type id, access string, kind, sorted");
  bext = btf_ext__new(ext, (uint32_t)en);
  check(bext && !libbpf_get_error(bext), "libbpf btf_ext__new parses .BTF.ext");
  if (bext && !libbpf_get_error(bext))
    btf_ext__free(bext);
  btf__free(btf);
out:
  free(raw);
  free(ext);
  btfb_free(b);

  /* Two records for one FUNC: validation refuses. */
  b = btfb_new();
  make_types(b, &ty);
  btfb_func_info(b, "xdp", 0, NULL, NULL, ty.prog);
  btfb_func_info(b, "xdp", 8, NULL, NULL, ty.prog);
  {
    char msg[200];
    check(btfb_validate(b, msg, sizeof msg) != 0 && strstr(msg, "two records"),
          "validate refuses two func_info records for one FUNC: %s", msg);
  }
  btfb_free(b);

  /* line_info: the kernel wants one at each function start, and no two at
     one offset. */
  b = btfb_new();
  make_types(b, &ty);
  btfb_func_info(b, "xdp", 0, NULL, NULL, ty.prog);
  btfb_func_info(b, "xdp", 16, NULL, NULL, ty.sub);
  btfb_line_info(b, "xdp", 0, NULL, NULL, "f.c", "a", 1, 1);
  btfb_line_info(b, "xdp", 8, NULL, NULL, "f.c", "b", 2, 1);
  {
    char msg[200];
    check(btfb_validate(b, msg, sizeof msg) != 0 && strstr(msg, "start of FUNC sub"),
          "validate wants a line_info at each function start: %s", msg);
    btfb_free(b);
    b = btfb_new();
    make_types(b, &ty);
    btfb_func_info(b, "xdp", 0, NULL, NULL, ty.prog);
    btfb_line_info(b, "xdp", 0, NULL, NULL, "f.c", "a", 1, 1);
    btfb_line_info(b, "xdp", 0, NULL, NULL, "f.c", "a", 1, 2);
    check(btfb_validate(b, msg, sizeof msg) != 0 && strstr(msg, "two records at offset 0"),
          "validate refuses two line_info records at one offset: %s", msg);
  }
  btfb_free(b);

  /* Labels need the assembler. */
  b = btfb_new();
  make_types(b, &ty);
  btfb_func_info(b, "xdp", 0, ".Lf", ".Ls", ty.prog);
  check(btfb_write_raw(b, &raw, &n, &ext, &en) != 0
        && strstr(btfb_error(b), "assembler"),
        "raw output refuses label offsets: %s", btfb_error(b));
  btfb_free(b);

  /* No records: no .BTF.ext. */
  b = btfb_new();
  make_types(b, &ty);
  btfb_mark_root(b, ty.prog);
  ext = (void *)1;
  check(btfb_write_raw(b, &raw, &n, &ext, &en) == 0 && ext == NULL && en == 0,
        "no records: no .BTF.ext");
  free(raw);
  btfb_free(b);
}

/* Program text: xdp section holding prog (insns 0-4), calling the static
   subprogram sub in .text. */
static const char prog_text[] =
  "\t.section\txdp,\"ax\",@progbits\n"
  "\t.align\t3\n"
  "\t.globl\tprog\n"
  "\t.type\tprog,@function\n"
  "prog:\n"
  ".Lsec:\n"
  ".Lfunc_prog:\n"
  "\tmov\t%r1,1\n"
  ".Lline1:\n"
  "\tcall\tsub\n"
  ".Lrelo:\n"
  "\tmov\t%r6,0\n"
  ".Lline2:\n"
  "\tadd\t%r0,%r6\n"
  "\texit\n"
  "\t.size\tprog,.-prog\n"
  "\t.text\n"
  "\t.align\t3\n"
  ".Ltext:\n"
  "\t.type\tsub,@function\n"
  "sub:\n"
  ".Lfunc_sub:\n"
  "\tmov\t%r0,%r1\n"
  "\texit\n"
  "\t.size\tsub,.-sub\n"
  "\t.section\tlicense,\"aw\",@progbits\n"
  "\t.string\t\"GPL\"\n";

static void test_asm(void)
{
  struct btf_builder *b = btfb_new();
  struct types ty;
  char dir[] = "/tmp/btf-ext-XXXXXX", path[256], cmd[600];
  FILE *f;
  int rc;
  struct bpf_object *obj;
  struct bpf_program *p;

  make_types(b, &ty);
  btfb_func_info(b, "xdp", 0, ".Lfunc_prog", ".Lsec", ty.prog);
  btfb_func_info(b, ".text", 0, ".Lfunc_sub", ".Ltext", ty.sub);
  btfb_line_info(b, "xdp", 0, ".Lfunc_prog", ".Lsec", "/src/p.c", "int prog(void *ctx) {", 1, 1);
  btfb_line_info(b, "xdp", 1, ".Lline1", ".Lsec", "/src/p.c", "  int r = sub(1);", 2, 11);
  btfb_line_info(b, "xdp", 2, ".Lline2", ".Lsec", "/src/p.c", "  return r + ID(node);", 3, 3);
  btfb_line_info(b, ".text", 0, ".Lfunc_sub", ".Ltext", "/src/p.c", "static int sub(int x) { return x; }", 5, 25);
  btfb_core_relo(b, "xdp", 1, ".Lrelo", ".Lsec", ty.node, "0", BPF_CORE_TYPE_ID_LOCAL);
  if (!mkdtemp(dir)) {
    check(0, "mkdtemp");
    return;
  }
  snprintf(path, sizeof path, "%s/p.s", dir);
  f = fopen(path, "w");
  fputs(prog_text, f);
  rc = btfb_write_asm(b, f);
  fclose(f);
  check(rc == 0, "asm output written: %s", rc ? btfb_error(b) : "");
  /* Fix the call: pc-relative call to sub (bpf-as: call with src=1). */
  snprintf(cmd, sizeof cmd, "bpf-as -o %s/p.o %s/p.s 2>&1", dir, dir);
  rc = system(cmd);
  check(rc == 0, "bpf-as assembles the output");
  if (rc == 0) {
    snprintf(path, sizeof path, "%s/p.o", dir);
    {
      struct btf *eb = btf__parse_elf(path, NULL);
      check(eb && !libbpf_get_error(eb)
            && btf__type_cnt(eb) == btfb_final_count(b) + 1
            && btf__find_by_name_kind(eb, "node", BTF_KIND_STRUCT) > 0,
            "libbpf reads .BTF from the assembled object");
      if (eb && !libbpf_get_error(eb))
        btf__free(eb);
    }
    obj = bpf_object__open_file(path, NULL);
    check(obj && !libbpf_get_error(obj),
          "libbpf opens the object (.BTF.ext parsed)");
    if (obj && !libbpf_get_error(obj)) {
      p = bpf_object__find_program_by_name(obj, "prog");
      check(p != NULL && bpf_program__insn_cnt(p) == 5, "program prog found");
      rc = bpf_object__load(obj);
      if (rc == -EPERM)
        printf("UNSUPPORTED: kernel loads program with func_info, "
               "line_info, core_relo\n");
      else
        check(rc == 0, "kernel loads program with func_info, line_info, "
              "core_relo (rc %d)", rc);
      if (rc == 0) {
        LIBBPF_OPTS(bpf_test_run_opts, o);
        char pkt[64] = { 0 };
        const struct bpf_line_info *li;
        struct bpf_prog_info info;
        uint32_t len = sizeof info;
        struct bpf_line_info lis[8];
        memset(lis, 0, sizeof lis);
        memset(&info, 0, sizeof info);
        info.nr_line_info = 8;
        info.line_info_rec_size = sizeof *lis;
        info.line_info = (uintptr_t)lis;
        o.data_in = pkt;
        o.data_size_in = sizeof pkt;
        rc = bpf_prog_test_run_opts(bpf_program__fd(p), &o);
        check(rc == 0 && o.retval == 1 + btfb_final_id(b, ty.node),
              "CO-RE TYPE_ID_LOCAL relocated to the struct id (retval %u)",
              o.retval);
        rc = bpf_obj_get_info_by_fd(bpf_program__fd(p), &info, &len);
        li = lis;
        check(rc == 0 && info.nr_line_info == 4 && info.nr_func_info == 2
              && li[1].insn_off == 1 && li[1].line_col == (2u << 10 | 11)
              && li[3].insn_off == 5 && li[3].line_col == (5u << 10 | 25),
              "kernel reports 2 func_info and 4 line_info at the labels");
      }
      bpf_object__close(obj);
    }
  }
  snprintf(cmd, sizeof cmd, getenv("BTF_TEST_KEEP") ? "true %s" : "rm -rf %s", dir);
  if (system(cmd)) {
  }
  btfb_free(b);
}

/* Object-file style DATASEC, as the walker writes it: offsets and section
   size 0 for libbpf to fill in from the ELF symbols and sections. */
static const char data_text[] =
  "\t.section\txdp,\"ax\",@progbits\n"
  "\t.align\t3\n"
  "\t.global\tprog\n"
  "\t.type\tprog, @function\n"
  "prog:\n"
  ".Lsec:\n"
  "\tlddw\t%r0,counter\n"
  "\tldxw\t%r0,[%r0+0]\n"
  "\texit\n"
  "\t.size\tprog, .-prog\n"
  /* counter at offset 0: bpf-as 2.40 also puts a global's offset into
     the lddw immediate, which libbpf adds again */
  "\t.data\n"
  "\t.align\t2\n"
  "\t.global\tcounter\n"
  "\t.type\tcounter, @object\n"
  "\t.size\tcounter, 4\n"
  "counter:\n"
  "\t.word\t7\n"
  "\t.type\tother, @object\n"
  "\t.size\tother, 4\n"
  "other:\n"
  "\t.word\t5\n";

static void test_datasec_fixup(void)
{
  struct btf_builder *b = btfb_new();
  uint32_t i = btfb_int(b, "int", 4, BTFB_INT_SIGNED), proto, prog, vc, vo;
  char dir[] = "/tmp/btf-data-XXXXXX", path[256], cmd[600], msg[200];
  FILE *f;
  int rc;
  struct bpf_object *obj;

  proto = btfb_func_proto_begin(b, i);
  btfb_func_proto_param(b, proto, "c", btfb_ptr(b, 0));
  prog = btfb_func(b, "prog", proto, BTFB_FUNC_GLOBAL);
  /* counter first: the entries keep this order (all at offset 0) */
  vc = btfb_var(b, "counter", i, BTFB_VAR_GLOBAL);
  vo = btfb_var(b, "other", i, BTFB_VAR_STATIC);
  btfb_datasec_add(b, ".data", vc, 0, 4);
  btfb_datasec_add(b, ".data", vo, 0, 4);
  btfb_datasec_size(b, ".data", 0);
  btfb_func_info(b, "xdp", 0, ".Lsec", ".Lsec", prog);
  check(btfb_validate(b, msg, sizeof msg) == 0,
        "validate accepts a size-0 DATASEC left for libbpf %s", msg);
  {
    void *raw;
    size_t n;
    struct btf *btf;
    btfb_write_raw(b, &raw, &n, NULL, NULL);
    btf = btf__new(raw, (uint32_t)n);
    if (btf && !libbpf_get_error(btf)) {
      int id = btf__find_by_name_kind(btf, ".data", BTF_KIND_DATASEC);
      const struct btf_type *t = id > 0 ? btf__type_by_id(btf, id) : NULL;
      check(t && t->size == 0 && btf_vlen(t) == 2
            && btf_var_secinfos(t)[0].type == btfb_final_id(b, vc)
            && btf_var_secinfos(t)[1].type == btfb_final_id(b, vo),
            "equal offsets keep the order the entries were added in");
      btf__free(btf);
    } else
      check(0, "libbpf parses the size-0 DATASEC");
    free(raw);
  }
  if (!mkdtemp(dir)) {
    check(0, "mkdtemp");
    btfb_free(b);
    return;
  }
  snprintf(path, sizeof path, "%s/d.s", dir);
  f = fopen(path, "w");
  fputs(data_text, f);
  rc = btfb_write_asm(b, f);
  fclose(f);
  snprintf(cmd, sizeof cmd, "bpf-as -o %s/d.o %s/d.s 2>&1", dir, dir);
  rc = rc ? rc : system(cmd);
  check(rc == 0, "bpf-as assembles program, data and BTF");
  snprintf(path, sizeof path, "%s/d.o", dir);
  obj = rc ? NULL : bpf_object__open_file(path, NULL);
  check(obj && !libbpf_get_error(obj), "libbpf opens it (fills the DATASEC in)");
  if (obj && !libbpf_get_error(obj)) {
    struct bpf_program *p = bpf_object__find_program_by_name(obj, "prog");
    rc = bpf_object__load(obj);
    if (rc == -EPERM)
      printf("UNSUPPORTED: kernel loads a program using .data with our BTF\n");
    else
      check(rc == 0, "kernel loads a program using .data with our BTF (rc %d)", rc);
    if (rc == 0 && p) {
      LIBBPF_OPTS(bpf_test_run_opts, o);
      char pkt[64] = { 0 };
      struct bpf_map *m = bpf_object__find_map_by_name(obj, ".data");
      o.data_in = pkt;
      o.data_size_in = sizeof pkt;
      rc = bpf_prog_test_run_opts(bpf_program__fd(p), &o);
      check(rc == 0 && o.retval == 7, "program reads counter = 7 (%u)", o.retval);
      check(m && bpf_map__btf_value_type_id(m) > 0,
            ".data map has the DATASEC as its BTF value type");
    }
    bpf_object__close(obj);
  }
  snprintf(cmd, sizeof cmd, getenv("BTF_TEST_KEEP") ? "true %s" : "rm -rf %s", dir);
  if (system(cmd)) {
  }
  btfb_free(b);
}

int main(void)
{
  t_init();
  test_raw();
  test_asm();
  test_datasec_fixup();
  return t_done();
}
