/* Misuses of kernel_helper are errors at the declaration.  */
/* { dg-do compile } */
int n;
static long (*a) (void) __attribute__((kernel_helper (n)));  /* { dg-error "not an integer constant" } */
static long (*b) (void) __attribute__((kernel_helper (0)));  /* { dg-error "not a valid helper number" } */
static long (*c) (void) __attribute__((kernel_helper (-3))); /* { dg-error "not a valid helper number" } */
int d __attribute__((kernel_helper (4)));                    /* { dg-error "applies to functions and function pointers" } */
struct s { int x __attribute__((kernel_helper (4))); };      /* { dg-error "applies to functions and function pointers" } */
