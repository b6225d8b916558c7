#include "btf-internal.h"
int btfb_validate(struct btf_builder *b, char *msg, size_t n)
{
  if (n) msg[0] = 0;
  (void)b;
  return 0;
}
