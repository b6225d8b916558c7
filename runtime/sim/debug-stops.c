/* debug-stops.c - bpf-run --debug: running, stepping and stops.
   See debug-int.h for how the debugger is split.  */
#include "sim/debug-int.h"

/* ---------------------------------------------------------------- stops */

void do_displays(struct dbg *d)
{
  for (int i = 0; i < d->ndisp; i++)
    {
      struct disp *ds = &d->disp[i];
      if (!ds->enabled)
        continue;
      struct val v;
      char err[256];
      struct sbuf b = {0};
      if (eval(d, ds->expr, &v, err, sizeof err) || format_val(d, &v, ds->fmt, &b, err, sizeof err))
        printf("%d: %s%s = <error: %s>\n", ds->num, ds->fmt ? "/x " : "", ds->expr, err);
      else
        printf("%d: %s%s = %s\n", ds->num, ds->fmt ? "/x " : "", ds->expr, b.p ? b.p : "");
      sb_free(&b);
    }
}

const char *xdp_action(uint64_t r)
{
  static const char *const n[] = { "XDP_ABORTED", "XDP_DROP", "XDP_PASS", "XDP_TX", "XDP_REDIRECT" };
  return (uint32_t)r < 5 ? n[(uint32_t)r] : NULL;
}

void report_exit(struct dbg *d)
{
  struct vm *vm = d->vm;
  int64_t r = vm->exited ? vm->exit_code : (int64_t)(int32_t)d->m.R[0];
  const char *act = elo_prog_type_is_xdp (vm->prog_type) ? xdp_action(r) : NULL;
  printf("[program exited with retval %lld%s%s%s]\n", (long long)r, act ? " (" : "", act ? act : "",
         act ? ")" : "");
  d->exit_status = 0;
  vm_end_run(vm);
  d->state = 0;
  d->m.nf = 0;
  d->sel = 0;
  for (int i = 0; i < d->nbps; i++)
    d->bps[i].valid = 0;
}

void report_fault(struct dbg *d)
{
  struct vm *vm = d->vm;
  printf("\nProgram stopped: %s\n", vm->errmsg);
  show_location(d, d->m.pc, 1, 1);
  d->state = 2;
  d->exit_status = 1;
}


/* What resume is running for: the mode, and where the step began.  */
struct resume_state {
  int mode;
  uint32_t target;              /* advance */
  int start_nf;
  uint32_t cur_line;            /* step, next, until: the line being left */
  const char *cur_file;
  int cur_nf;
  uint32_t cur_func;
  int returned;                 /* stepped back into the caller */
  int started;                  /* the first instruction has run */
};

/* Announce breakpoint B, hit at the current pc.  */
void report_breakpoint(struct dbg *d, struct bp *b)
{
  b->hits++;
  printf("\n%s %d, ", b->temp ? "Temporary breakpoint" : "Breakpoint", b->num);
  show_location(d, d->m.pc, 1, 1);
  if (b->temp)
    bp_delete(d, (int)(b - d->bps));
  do_displays(d);
}

/* After an instruction of resume's run: does a watchpoint, a breakpoint
   or the mode stop here?  Announces the stop.  */
static int stop_after_insn(struct dbg *d, struct resume_state *rs)
{
  int mode = rs->mode, start_nf = rs->start_nf;
  uint32_t target = rs->target;
  /* watchpoints */
  for (int i = 0; i < d->nbps; i++)
    {
      struct bp *b = &d->bps[i];
      if (b->kind != BP_WATCH || !b->enabled)
        continue;
      uint8_t now[64];
      if (watch_read(d, b, now))
        continue;
      if (!b->valid)
        {
          memcpy(b->old, now, b->size);
          b->valid = 1;
          continue;
        }
      if (memcmp(now, b->old, b->size))
        {
          struct sbuf o = {0}, n = {0};
          watch_value(d, b, b->old, &o);
          watch_value(d, b, now, &n);
          b->hits++;
          printf("\nHardware watchpoint %d: %s\n\nOld value = %s\nNew value = %s\n", b->num, b->what,
                 o.p ? o.p : "", n.p ? n.p : "");
          memcpy(b->old, now, b->size);
          sb_free(&o);
          sb_free(&n);
          show_location(d, d->m.pc, 1, 1);
          do_displays(d);
          return 1;
        }
    }
  struct bp *b = bp_at(d, d->m.pc);
  if (b)
    {
      report_breakpoint(d, b);
      return 1;
    }
  int stop = 0, with_func = 0;
  switch (mode)
    {
    case R_CONT:
      break;
    case R_STEPI:
      stop = 1;
      with_func = d->m.nf != start_nf;
      break;
    case R_NEXTI:
      stop = d->m.nf <= start_nf;
      with_func = d->m.nf != start_nf;
      break;
    case R_ADVANCE:
      stop = d->m.pc == target || d->m.nf < start_nf;
      with_func = 1;
      break;
    case R_STEP: case R_NEXT: case R_UNTIL:
      {
        if (mode != R_STEP && d->m.nf > rs->cur_nf)
          break;           /* inside a called function: step over it */
        if (d->m.nf < rs->cur_nf)
          {
            /* returned to the caller: finish its line */
            const struct elo_line *l = line_at(d, d->m.pc);
            rs->cur_line = l ? l->line : 0;
            rs->cur_file = l ? l->file : NULL;
            rs->cur_nf = d->m.nf;
            rs->cur_func = elo_func_at(d->obj, d->m.pc) ? elo_func_at(d->obj, d->m.pc)->start : UINT32_MAX;
            rs->returned = 1;
            if (!line_exact(d, d->m.pc))
              break;
          }
        const struct elo_line *l = line_exact(d, d->m.pc);
        if (!l)
          break;
        uint32_t fs = elo_func_at(d->obj, d->m.pc) ? elo_func_at(d->obj, d->m.pc)->start : UINT32_MAX;
        if (fs != rs->cur_func || d->m.nf != rs->cur_nf)
          {
            stop = 1;
            with_func = 1;
          }
        else if (l->line != rs->cur_line || (l->file && rs->cur_file && strcmp(l->file, rs->cur_file)))
          {
            if (mode == R_UNTIL && l->line < rs->cur_line)
              break;       /* until: not backwards (loops) */
            stop = 1;
            with_func = rs->returned;
          }
        break;
      }
    }
  if (stop)
    {
      show_location(d, d->m.pc, with_func, mode == R_STEPI || mode == R_NEXTI);
      do_displays(d);
      return 1;
    }
  return 0;
}

/* Ctrl-C on a terminal stops the program before the next instruction.  */
static int stop_on_sigint(struct dbg *d)
{
  if (!interrupted)
    return 0;
  interrupted = 0;
  printf("\nProgram received signal SIGINT, Interrupt.\n");
  show_location(d, d->m.pc, 1, 1);
  do_displays(d);
  return 1;
}

/* dbg_run's stop for resume, before each instruction: after the first,
   watchpoints, breakpoints and the mode's own stop are checked against
   the instruction that just ran; then Ctrl-C.  Announces the stop.  */
static int resume_stop(struct dbg *d, void *arg)
{
  struct resume_state *rs = arg;
  if (rs->started && stop_after_insn(d, rs))
    return 1;
  rs->started = 1;
  return stop_on_sigint(d);
}

/* Resume execution in MODE.  */
void resume(struct dbg *d, int mode, uint32_t target)
{
  if (d->state == 0)
    {
      dbg_err(d, "The program is not being run.");
      return;
    }
  if (d->state == 2)
    {
      dbg_err(d, "The program stopped on a fault and cannot continue; \"run\" starts it again.");
      return;
    }
  d->sel = 0;
  const struct elo_line *sl = line_at(d, d->m.pc);
  const struct elo_func *sf = elo_func_at(d->obj, d->m.pc);
  struct resume_state rs = {
    .mode = mode, .target = target, .start_nf = d->m.nf,
    .cur_line = sl ? sl->line : 0, .cur_file = sl ? sl->file : NULL,
    .cur_nf = d->m.nf, .cur_func = sf ? sf->start : UINT32_MAX,
  };
  interrupted = 0;
  int r = dbg_run(d, resume_stop, &rs);
  if (r == ST_FAULT)
    report_fault(d);
  else if (r == ST_EXIT)
    {
      if (mode == R_STEP || mode == R_NEXT || mode == R_UNTIL)
        putchar('\n');
      report_exit(d);
    }
}

void cmd_run(struct dbg *d)
{
  if (d->state)
    {
      printf("Starting program again.\n");
      vm_end_run(d->vm);
    }
  uint64_t args[5] = {0};
  d->prep(d->vm, d->parg, args);
  uint32_t entry = d->obj->progs[d->prog].start;
  start_machine(d, entry, args);
  d->state = 1;
  d->sel = 0;
  for (int i = 0; i < d->nbps; i++)
    if (d->bps[i].kind == BP_WATCH)
      d->bps[i].valid = watch_read(d, &d->bps[i], d->bps[i].old) == 0;
  printf("Starting program: %s %s\n", d->file, d->obj->progs[d->prog].name);
  struct bp *b = bp_at(d, entry);
  if (b)
    {
      report_breakpoint(d, b);
      return;
    }
  resume(d, R_CONT, 0);
}

struct finish_state { int start_nf, started; };

/* dbg_run's stop for finish: a breakpoint in the frame being finished or
   deeper, or the return to the caller.  Watchpoints are not checked
   (finish never did).  */
static int finish_stop(struct dbg *d, void *arg)
{
  struct finish_state *fs = arg;
  if (fs->started)
    {
      struct bp *b = bp_at(d, d->m.pc);
      if (b && d->m.nf >= fs->start_nf)
        {
          report_breakpoint(d, b);
          return 1;
        }
      if (d->m.nf < fs->start_nf)
        {
          /* gdb prints the caller's location and the value */
          show_location(d, d->m.pc, 1, 1);
          printf("Value returned is $%d = %lld\n", ++d->valnum, (long long)(int64_t)d->m.R[0]);
          do_displays(d);
          return 1;
        }
    }
  fs->started = 1;
  return stop_on_sigint(d);
}

/* finish: run until the innermost frame returns to its caller.  */
void finish(struct dbg *d)
{
  struct finish_state fs = { .start_nf = d->m.nf };
  interrupted = 0;
  int r = dbg_run(d, finish_stop, &fs);
  if (r == ST_FAULT)
    report_fault(d);
  else if (r == ST_EXIT)
    report_exit(d);
}
