/* debug-mem.c - bpf-run --debug: reading and writing simulated memory.
   See debug-int.h for how the debugger is split.  */
#include "sim/debug-int.h"

/* ---------------------------------------------------------------- memory */

/* Read for the debugger: no fault is recorded, contexts go through the
   simulator's context rules.  */
int dbg_read(struct dbg *d, uint64_t addr, void *buf, size_t n)
{
  struct vm *vm = d->vm;
  uint32_t ri = vm_addr_region(vm, addr), off = (uint32_t)addr;
  if (n == 0)
    return 0;
  if (ri >= vm->nreg || n > 0xffffffffu)
    return -1;
  struct region *g = &vm->reg[ri];
  if ((g->flags & RG_DEAD) || (!g->host && !(g->flags & RG_CTX)) || off < g->lo || (uint64_t)off + n > g->hi)
    return -1;
  if (g->flags & RG_CTX)
    {
      int save = vm->fault;
      char msg[sizeof vm->errmsg];
      memcpy(msg, vm->errmsg, sizeof msg);
      uint8_t *b = buf;
      int bad = 0;
      for (size_t i = 0; i < n && !bad;)
        {
          uint64_t a = addr + i, v = 0;
          int sz = ((a & 3) == 0 && n - i >= 4) ? 4 : ((a & 1) == 0 && n - i >= 2) ? 2 : 1;
          if (vm_slow_load(vm, a, sz, &v))
            bad = 1;
          else
            memcpy(b + i, &v, sz);
          i += sz;
        }
      vm->fault = save;
      memcpy(vm->errmsg, msg, sizeof msg);
      return bad ? -1 : 0;
    }
  memcpy(buf, g->host + off, n);
  return 0;
}

int dbg_write(struct dbg *d, uint64_t addr, const void *buf, size_t n)
{
  struct vm *vm = d->vm;
  uint32_t ri = vm_addr_region(vm, addr), off = (uint32_t)addr;
  if (ri >= vm->nreg)
    return -1;
  struct region *g = &vm->reg[ri];
  if ((g->flags & RG_DEAD) || !g->host || off < g->lo || (uint64_t)off + n > g->hi)
    return -1;
  if (g->flags & RG_CTX)
    {
      int save = vm->fault;
      for (size_t i = 0; i < n; i++)
        if (vm_slow_store(vm, addr + i, 1, ((const uint8_t *)buf)[i]))
          {
            vm->fault = save;
            return -1;
          }
      return 0;
    }
  memcpy(g->host + off, buf, n);
  return 0;
}
