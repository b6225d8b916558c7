/* debug-trace.c - bpf-run --trace=calls and --trace=regs: the program runs
   once through the interpreter's stepped build (dbg_run), whose hooks
   print each call and return (calls) or, before each instruction, the
   previous one with the registers it changed (regs).
   See debug-int.h for how the debugger is split.  */
#include "sim/debug-int.h"

static void trace_where(struct dbg *d, uint32_t pc)
{
  char w[256];
  where_str(d, pc, w, sizeof w);
  fprintf(d->vm->out, " from %s\n", w);
}

/* --trace=calls: called by the interpreter's hook at calls, returns,
   helper calls and tail calls; d->m is the machine at that point.  The
   indent is two spaces a frame, the called function's depth.  */
void trace_calls_event(struct dbg *d, enum vm_event ev)
{
  struct vm *vm = d->vm;
  const struct vm_stepper *m = &d->m;
  switch (ev)
    {
    case VM_EV_CALL:
      {
        /* pushed: pc is the callee, the frame knows the call */
        char names[5][32];
        const struct elo_func *f = elo_func_at(d->obj, m->pc);
        int np = f ? dbtf_func_params(d->btf, f->name, names) : -1;
        trace_call_args(d, 2 * m->nf, f ? f->name : "??", m->R, np < 0 ? 5 : np);
        trace_where(d, (uint32_t)(dbg_frame(d, m->nf - 1)->ret - vm->code) - 1);
        break;
      }
    case VM_EV_RETURN:
      fprintf(vm->out, "%*sreturn %lld from %s\n", 2 * m->nf, "", (long long)m->R[0], func_name(d, m->pc));
      break;
    case VM_EV_HELPER:
      {
        int32_t id = vm->code[m->pc].imm;
        const char *hn = helper_name(id);
        char buf[64];
        if (!hn)
          snprintf(buf, sizeof buf, "helper_%d", id);
        else
          snprintf(buf, sizeof buf, "%s", hn);
        trace_call_args(d, 2 * (m->nf + 1), buf, m->R, 5);
        break;
      }
    case VM_EV_HELPER_DONE:
      fprintf(vm->out, " = %lld", (long long)m->R[0]);
      trace_where(d, m->pc);
      break;
    case VM_EV_TAIL:
      fprintf(vm->out, "%*stail call to %s\n", 2 * (m->nf + 1), "", func_name(d, m->pc));
      break;
    case VM_EV_INSN: case VM_EV_LEAVE:
      break;
    }
}

/* --trace=regs: the instruction before this one, and the registers as
   they were before it.  */
struct regs_trace { int have; uint32_t pc; uint64_t before[11]; };

static void regs_line(struct dbg *d, struct regs_trace *t)
{
  FILE *f = d->vm->out;
  char text[96];
  disasm(d, t->pc, text, sizeof text, BPF_SYNTAX_PSEUDOC);
  fprintf(f, "%6u: %-32s", t->pc, text);
  for (int i = 0; i <= 10; i++)
    if (d->m.R[i] != t->before[i])
      fprintf(f, " r%d=%#llx", i, (unsigned long long)d->m.R[i]);
  fputc('\n', f);
}

/* Before each instruction: the previous one has run, print it.  */
static int regs_stop(struct dbg *d, void *arg)
{
  struct regs_trace *t = arg;
  if (t->have)
    regs_line(d, t);
  t->have = 1;
  t->pc = d->m.pc;
  memcpy(t->before, d->m.R, sizeof t->before);
  return 0;
}

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
  vm_stepper_start(vm, &d->m, entry, args);
  if (mode == DBG_TRACE_CALLS)
    {
      char names[5][32];
      int np = dbtf_func_params(d->btf, func_name(d, entry), names);
      trace_call_args(d, 0, func_name(d, entry), d->m.R, np < 0 ? 1 : np);
      fputc('\n', vm->out);
    }
  struct regs_trace t = { 0 };
  int r = dbg_run(d, mode == DBG_TRACE_REGS ? regs_stop : NULL, &t);
  /* the last instruction: the exit, or the one that faulted */
  if (t.have)
    regs_line(d, &t);
  if (r == ST_FAULT)
    return -1;
  if (mode == DBG_TRACE_CALLS)
    fprintf(vm->out, "return %lld from %s\n", (long long)d->m.R[0], func_name(d, d->m.pc));
  *ret = d->m.R[0];
  return 0;
}
