/* The -Waddress cases clang warns about too (-Wpointer-bool-conversion,
   -Wtautological-pointer-compare): no cast between the test and the
   address.  The plugin drops GCC's warning only behind a cast
   (address-cast.c); here GCC's warnings stay.  */
/* { dg-do compile } */
/* { dg-options "-Wall" } */
int counter;		/* { dg-message "declared here" } */
char names[4][8];

int f(void)
{
	int r = 0;
	if (&counter)		/* { dg-warning "address of .counter. will always" } */
		r |= 1;
	if (names)		/* { dg-warning "address of .names." } */
		r |= 2;
	if (&counter == 0)	/* { dg-warning "will never be NULL" } */
		r |= 4;
	return r;
}
