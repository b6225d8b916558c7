/* The target BTF for core-matrix.bpf.c, built by clang -g (only its BTF is
   used): every field moved, the bitfields in another unit and resized, the
   array and the nested struct longer, `gone' gone, an enumerator renumbered
   and one removed.  */
typedef unsigned short mx_u16;
enum mx_e { MX_B = 20, MX_A = 10 };

struct mx_in { long pad; int x; unsigned int y; };

struct mx {
  mx_u16 td;
  long pad0;
  union { int anon_a; long anon_b; };
  struct mx_in in;
  int arr[6];
  int sbf : 9;
  unsigned int pad : 1, bf : 4;
  int plain;
};

struct mx mx_target;
enum mx_e mx_target_e;
typedef struct mx mx_t;
mx_t mx_target_t;
typedef long mx_int_t;
mx_int_t mx_target_int;
