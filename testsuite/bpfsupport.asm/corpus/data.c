/* Data directives of every size, strings with escapes, bss.  */
char s1[] = "tab\there\nquote\"back\\slash\001\377";
const char s2[] = "rodata string";
unsigned char bytes[5] = { 1, 2, 0xff, 0x80, 0 };
short shorts[3] = { -1, 0x7fff, 3 };
long longs[2] = { -1L, 0x0123456789abcdefL };
_Bool flag = 1;
char big[300];
static char sbig[100];
char *p1 = s1 + 4;
char *p2 = &sbig[10];
int getz (int i) { return s1[i & 7] + sbig[i & 63] + big[i & 127]; }
