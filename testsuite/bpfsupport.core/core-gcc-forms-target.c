/* The target BTF for core-gcc-forms.bpf.c, built by clang -g (only its BTF
   is used): enumerators renumbered or gone, the bitfields moved behind
   `tail', `mid' wider.  The struct keeps its size (the program's local
   object is written at the target's offsets).  */
enum forms_e { FORMS_B = 7, FORMS_A = 5 };
typedef enum { FORMS_Y = 0x40 } forms_anon_t;
struct forms_bits {
  int tail;
  int hi : 7;
  unsigned int mid : 6, lo : 3;
};

enum forms_e forms_target_e;
forms_anon_t forms_target_anon;
struct forms_bits forms_target_bits;
