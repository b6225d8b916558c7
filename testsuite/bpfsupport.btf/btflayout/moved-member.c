/* btflayout.exp's check of bpfs-btf-layout itself: with -DMOVED, member
   b of struct pair sits 32 bits later; nothing else changes.  */
struct pair
{
  int a;
#ifdef MOVED
  int pad;
#endif
  int b;
};

struct pair global_pair;
