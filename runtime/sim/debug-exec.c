/* debug-exec.c - bpf-run --debug: running the program under the debugger.
   The instructions are executed by the interpreter (vm_run_stepped, a
   build of interp-body.h with hooks), never here, so the debugger cannot
   drift from a plain run; this file starts the machine and turns the
   interpreter's hook into the debugger's stops and --trace=calls.
   See debug-int.h for how the debugger is split.  */
#include "sim/debug-int.h"

void trace_call_args(struct dbg *d, int indent, const char *name, const uint64_t *R, int nargs)
{
  FILE *f = d->vm->out;
  fprintf(f, "%*scall %s(", indent, "", name);
  for (int i = 1; i <= nargs; i++)
    fprintf(f, "%s0x%llx", i > 1 ? ", " : "", (unsigned long long)R[i]);
  fprintf(f, ")");
}

/* The interpreter's hook: before an instruction, ask what the debugger
   is running for; at calls, returns and helpers, trace them.  */
static int dbg_event(struct vm_stepper *st, enum vm_event ev)
{
  struct dbg *d = st->arg;
  if (ev == VM_EV_INSN)
    return d->stop ? d->stop(d, d->stop_arg) : 0;
  if (d->trace == DBG_TRACE_CALLS)
    trace_calls_event(d, ev);
  return 0;
}

/* Run from d->m until STOP (called with ARG before each instruction, the
   first included) returns nonzero: ST_OK, the machine stopped before
   d->m.pc; ST_EXIT, the program exited (r0 in d->m.R[0]); ST_FAULT, it
   faulted at d->m.pc (vm->errmsg says why).  */
int dbg_run(struct dbg *d, int (*stop)(struct dbg *d, void *arg), void *arg)
{
  d->stop = stop;
  d->stop_arg = arg;
  d->m.hook = dbg_event;
  d->m.arg = d;
  int r = vm_run_stepped(d->vm, &d->m);
  d->stop = NULL;
  return r > 0 ? ST_OK : r == 0 ? ST_EXIT : ST_FAULT;
}

void start_machine(struct dbg *d, uint32_t entry, const uint64_t args[5])
{
  struct vm *vm = d->vm;
  vm->insns = 0;
  vm->helper_bytes = 0;
  vm->tail_cnt = 0;
  vm->fault = 0;
  vm->fault_pc_set = 0;
  vm->exited = 0;
  vm->errmsg[0] = 0;
  vm->fp = vm_frame_fp(vm, 0);
  vm->depth = 0;
  memset(vm->stack, 0, vm->stack_total);
  vm_stepper_start(vm, &d->m, entry, args);
}
