/* A declaration says one helper number: every conflict is an error at one
   place with a note at the other (it was silently the last number).  */
/* { dg-do compile } */
long two (void) __attribute__((kernel_helper(1), kernel_helper(2))); /* { dg-error "conflicting .kernel_helper. numbers 1 and 2" } */

static long (*init6) (void) = (void *) 6; /* { dg-message "note: .init6. initialized to 6 here" } */
static long (*init6) (void) __attribute__((kernel_helper(8))); /* { dg-error ".kernel_helper.8.. on .init6. conflicts with its initial value 6" } */

static long (*attr8) (void) __attribute__((kernel_helper(8))); /* { dg-message "note: .attr8. declared .kernel_helper.8.. here" } */
static long (*attr8) (void) = (void *) 6; /* { dg-error ".attr8. is initialized to 6 but declared .kernel_helper.8.." } */

long fn3 (void) __attribute__((kernel_helper(3))); /* { dg-message "note: previous declaration of .fn3. with .kernel_helper.3.." } */
long fn3 (void) __attribute__((kernel_helper(4))); /* { dg-error ".kernel_helper.4.. on .fn3. conflicts with its previous declaration as BPF helper 3" } */

typedef long (*t28) (void) __attribute__((kernel_helper(28))); /* { dg-message "note: .t28. declared .kernel_helper.28.. here" } */
static t28 v29 __attribute__((kernel_helper(29))); /* { dg-error ".kernel_helper.29.. on .v29. conflicts with its type .t28." } */

int use (void) { return two () + init6 () + attr8 () + fn3 () + v29 (); }
