/* debug-trace.c - bpf-run --debug: --trace=calls and --trace=regs.
   See debug-int.h for how the debugger is split.  */
#include "sim/debug-int.h"

/* ---------------------------------------------------------------- tracing */


int debug_trace_run(struct vm *vm, uint32_t entry, const uint64_t args[5], uint64_t *ret, int mode)
{
  static struct dbg d0;
  struct dbg *d = &d0;
  if (d->vm != vm)
    {
      memset(d, 0, sizeof *d);
      d->vm = vm;
      d->obj = vm->obj;
      d->file = vm->obj->name;
      d->btf = dbtf_open(vm->obj);
      dbg_setup_ops(d);
    }
  d->trace = mode;
  d->R[0] = 0;
  memset(d->R, 0, sizeof d->R);
  for (int i = 0; i < 5; i++)
    d->R[i + 1] = args[i];
  d->R[10] = vm->fp;
  d->pc = entry;
  d->nf = 0;
  if (mode == DBG_TRACE_CALLS)
    {
      char names[5][32];
      int np = dbtf_func_params(d->btf, func_name(d, entry), names);
      trace_call_args(d, 0, func_name(d, entry), d->R, np < 0 ? 1 : np);
      fputc('\n', vm->out);
    }
  for (;;)
    {
      uint64_t before[11];
      uint32_t pc = d->pc;
      memcpy(before, d->R, sizeof before);
      int r = step1(d);
      if (mode == DBG_TRACE_REGS)
        {
          char text[96];
          disasm(d, pc, text, sizeof text, BPF_SYNTAX_PSEUDOC);
          fprintf(vm->out, "%6u: %-32s", pc, text);
          for (int i = 0; i <= 10; i++)
            if (d->R[i] != before[i])
              fprintf(vm->out, " r%d=%#llx", i, (unsigned long long)d->R[i]);
          fputc('\n', vm->out);
        }
      if (r == ST_FAULT)
        {
          if (!vm->fault_pc_set)
            {
              vm->fault_pc = pc;
              vm->fault_pc_set = 1;
            }
          return -1;
        }
      if (r == ST_EXIT)
        {
          if (mode == DBG_TRACE_CALLS)
            fprintf(vm->out, "return %lld from %s\n", (long long)d->R[0], func_name(d, pc));
          *ret = d->R[0];
          return 0;
        }
    }
}
