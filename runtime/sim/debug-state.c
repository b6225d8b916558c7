/* debug-state.c - bpf-run --debug: debugger state, errors, the decoded-operation table.
   See debug-int.h for how the debugger is split.  */
#include "sim/debug-int.h"

/* ---------------------------------------------------------------- state */

static const char *const dop_names[] = {
#define N(n) #n,
  DOPS(N)
#undef N
};





static uint8_t *name_to_dop;   /* vm op number -> enum dop */
volatile sig_atomic_t interrupted;   /* Ctrl-C on a terminal */

void on_sigint(int sig)
{
  (void)sig;
  interrupted = 1;
}

void dbg_err(struct dbg *d, const char *fmt, ...)
{
  (void)d;
  va_list ap;
  fflush(stdout);
  fputs("Error: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  fflush(stderr);
}

const char *base_name(const char *p)
{
  const char *b = p ? strrchr(p, '/') : NULL;
  return b ? b + 1 : p ? p : "";
}

int dbg_setup_ops(struct dbg *d)
{
  if (!name_to_dop)
    {
      name_to_dop = calloc(256, 1);
      for (int op = 0; op < 256; op++)
        {
          const char *n = vm_op_name(op);
          name_to_dop[op] = D_INVALID;
          for (int k = 0; k < D__COUNT; k++)
            if (!strcmp(n, dop_names[k]))
              name_to_dop[op] = k;
        }
    }
  d->dop = calloc(d->vm->ncode + 2, 1);
  for (uint32_t pc = 0; pc < d->vm->ncode + 2; pc++)
    d->dop[pc] = d->vm->code[pc].op < 256 ? name_to_dop[d->vm->code[pc].op] : D_INVALID;
  return 0;
}
