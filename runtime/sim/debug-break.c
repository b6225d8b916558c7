/* debug-break.c - bpf-run --debug: breakpoints and watchpoints.
   See debug-int.h for how the debugger is split.  */
#include "sim/debug-int.h"

/* ---------------------------------------------------------------- breakpoints */

struct bp *bp_new(struct dbg *d, int kind)
{
  if (d->nbps == d->capbps)
    {
      d->capbps = d->capbps ? 2 * d->capbps : 8;
      d->bps = realloc(d->bps, d->capbps * sizeof *d->bps);
    }
  struct bp *b = &d->bps[d->nbps++];
  memset(b, 0, sizeof *b);
  b->num = ++d->nextbp;
  b->kind = kind;
  b->enabled = 1;
  return b;
}

void bp_delete(struct dbg *d, int i)
{
  memmove(&d->bps[i], &d->bps[i + 1], (d->nbps - i - 1) * sizeof *d->bps);
  d->nbps--;
}

struct bp *bp_at(struct dbg *d, uint32_t pc)
{
  for (int i = 0; i < d->nbps; i++)
    if (d->bps[i].kind == BP_BREAK && d->bps[i].enabled && d->bps[i].pc == pc)
      return &d->bps[i];
  return NULL;
}

int watch_read(struct dbg *d, struct bp *b, uint8_t *buf)
{
  return dbg_read(d, b->addr, buf, b->size);
}

void watch_value(struct dbg *d, struct bp *b, const uint8_t *bytes, struct sbuf *out)
{
  if (b->bitsz)
    {
      unsigned __int128 w = 0;
      for (uint32_t i = 0; i < b->size && i < 16; i++)
        w |= (unsigned __int128)bytes[i] << (8 * i);
      uint64_t x = (uint64_t)(w >> (b->bitoff % 8));
      if (b->bitsz < 64)
        x &= (1ull << b->bitsz) - 1;
      dbtf_format_scalar(d->btf, b->type, x, b->fmt, out);
      return;
    }
  if (b->ptrs || !b->type)
    {
      uint64_t x = 0;
      memcpy(&x, bytes, b->size < 8 ? b->size : 8);
      if (!b->type && !b->ptrs && b->size <= 8)
        {
          if (b->size < 8 && (x >> (8 * b->size - 1)) & 1)
            x |= ~((1ull << (8 * b->size)) - 1);
          sb_printf(out, "%lld", (long long)x);
        }
      else
        sb_printf(out, "0x%llx", (unsigned long long)x);
      return;
    }
  dbtf_format(d->btf, b->type, bytes, b->size, b->fmt, out);
}
