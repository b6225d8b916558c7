/* A store into a kernel_helper pointer or member is an error with a note at
   its declaration (the store was silently ignored: calls still went to the
   attribute's helper).  */
/* { dg-do compile } */
static long (*hs) (void) __attribute__((kernel_helper(9))); /* { dg-message "note: .hs. declared here" } */
struct s { long (*m) (void) __attribute__((kernel_helper(10))); } gs; /* { dg-message "note: .m. declared here" } */
extern long other (void);

long
set (void)
{
  hs = other; /* { dg-error "assignment to .hs., which is .kernel_helper.9.." } */
  gs.m = other; /* { dg-error "assignment to .gs.m., which is .kernel_helper.10.." } */
  return hs () + gs.m ();
}
