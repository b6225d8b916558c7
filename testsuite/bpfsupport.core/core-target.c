/* The altered target BTF for core-local.bpf.c, built by clang -g: a kernel
   whose core_t has moved, resized and renamed fields.  Not a BPF program:
   only its BTF is used (libbpf's btf_custom_path).  */
enum core_e { CE_B = 9, CE_X = 3 };

struct core_t {
  long b;                 /* moved to the front */
  int d;
  char c[16];             /* resized */
  int bf2 : 7;            /* signed, wider, first */
  unsigned int bf1 : 3;
  int a;                  /* moved to the end */
  int renamed;            /* was `gone' */
};

struct core_t core_target_instance;
enum core_e core_target_enum;

typedef struct core_t core_alias_t;
core_alias_t core_target_alias;

/* core-stmt-expr.bpf.c's `&pa[2]': an element type of another size.  */
struct core_arr {
  long y;
  int x;
};
struct core_arr core_target_arr;
