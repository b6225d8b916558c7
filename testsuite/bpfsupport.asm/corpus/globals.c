/* Globals at offsets, statics, strings, pointers in data.  */
struct pair { int a; long b; char c[6]; };
struct pair gp = { 1, 2, "hi" };
static struct pair sp = { 3, 4, "yo" };
int arr[16];
static long counter;
const char *names[] = { "zero", "one", "two" };
const int table[4] = { 10, 20, 30, 40 };
long *pb = &gp.b;
long get_b (void) { return gp.b + sp.b; }
int get_c (int i) { return gp.c[i & 3] + sp.c[1]; }
void bump (int i) { counter++; arr[i & 15] += 3; arr[7] = (int) counter; }
int tab (unsigned i) { return table[i & 3] + names[i % 3][0]; }
