/* Weak and hidden symbols, weak undefined references.  */
__attribute__ ((weak)) int wv = 1;
__attribute__ ((visibility ("hidden"))) int hv = 2;
extern int ext_weak __attribute__ ((weak));
__attribute__ ((weak, noinline)) int wf (int x) { return x + wv; }
int use (int x) { return wf (x) + hv + (&ext_weak ? ext_weak : 0); }
