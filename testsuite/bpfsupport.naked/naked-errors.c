/* A naked function has no prologue, epilogue or stack frame: anything but
   asm statements, and asm operands that name parameters or locals, are
   errors at the statement, as other targets' GCCs report them.  */
/* { dg-do compile } */

int counter;

__attribute__((naked)) int
statement (int x)
{
  counter += x; /* { dg-error "naked function .statement. may contain only .asm. statements" } */
  asm volatile ("r0 = 1\nexit\n");
}

__attribute__((naked)) int
parameter (int x)
{
  asm volatile ("r0 = %0\nexit\n" : : "r" (x)); /* { dg-error "naked function .parameter. cannot use its parameter .x." } */
}

__attribute__((naked)) int
output (void)
{
  int y;
  asm volatile ("r0 = 1\nexit\n" : "=r" (y)); /* { dg-error "an .asm. in naked function .output. cannot have outputs" } */
}

__attribute__((naked)) int
value (void)
{
  return 1; /* { dg-error "naked function .value. cannot return a value" } */
}

int not_a_function __attribute__((naked)); /* { dg-warning ".naked. attribute only applies to functions" } */
