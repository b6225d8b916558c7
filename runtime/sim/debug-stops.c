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
  int64_t r = vm->exited ? vm->exit_code : (int64_t)(int32_t)d->R[0];
  const char *act = vm->prog_type == 6 /* BPF_PROG_TYPE_XDP */ ? xdp_action(r) : NULL;
  printf("[program exited with retval %lld%s%s%s]\n", (long long)r, act ? " (" : "", act ? act : "",
         act ? ")" : "");
  d->exit_status = 0;
  vm_end_run(vm);
  d->state = 0;
  d->nf = 0;
  d->sel = 0;
  for (int i = 0; i < d->nbps; i++)
    d->bps[i].valid = 0;
}

void report_fault(struct dbg *d)
{
  struct vm *vm = d->vm;
  printf("\nProgram stopped: %s\n", vm->errmsg);
  show_location(d, d->pc, 1, 1);
  d->state = 2;
  d->exit_status = 1;
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
  uint32_t start_pc = d->pc;
  int start_nf = d->nf;
  const struct elo_line *sl = line_at(d, d->pc);
  uint32_t cur_line = sl ? sl->line : 0;
  const char *cur_file = sl ? sl->file : NULL;
  int cur_nf = d->nf;
  int returned = 0;
  uint32_t cur_func = elo_func_at(d->obj, d->pc) ? elo_func_at(d->obj, d->pc)->start : UINT32_MAX;
  (void)start_pc;
  interrupted = 0;
  for (;;)
    {
      uint32_t pc = d->pc;
      if (interrupted)
        {
          interrupted = 0;
          printf("\nProgram received signal SIGINT, Interrupt.\n");
          show_location(d, d->pc, 1, 1);
          do_displays(d);
          return;
        }
      int r = step1(d);
      if (r == ST_FAULT)
        {
          d->pc = pc;
          report_fault(d);
          return;
        }
      if (r == ST_EXIT)
        {
          if (mode == R_FINISH || mode == R_STEP || mode == R_NEXT || mode == R_UNTIL)
            putchar('\n');
          report_exit(d);
          return;
        }
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
              show_location(d, d->pc, 1, 1);
              do_displays(d);
              return;
            }
        }
      struct bp *b = bp_at(d, d->pc);
      if (b)
        {
          b->hits++;
          printf("\n%s %d, ", b->temp ? "Temporary breakpoint" : "Breakpoint", b->num);
          show_location(d, d->pc, 1, 1);
          if (b->temp)
            bp_delete(d, (int)(b - d->bps));
          do_displays(d);
          return;
        }
      int stop = 0, with_func = 0;
      switch (mode)
        {
        case R_CONT:
          break;
        case R_STEPI:
          stop = 1;
          with_func = d->nf != start_nf;
          break;
        case R_NEXTI:
          stop = d->nf <= start_nf;
          with_func = d->nf != start_nf;
          break;
        case R_FINISH:
          stop = d->nf < start_nf ? 2 : 0;
          break;
        case R_ADVANCE:
          stop = d->pc == target || d->nf < start_nf;
          with_func = 1;
          break;
        case R_STEP: case R_NEXT: case R_UNTIL:
          {
            if (mode != R_STEP && d->nf > cur_nf)
              break;           /* inside a called function: step over it */
            if (d->nf < cur_nf)
              {
                /* returned to the caller: finish its line */
                const struct elo_line *l = line_at(d, d->pc);
                cur_line = l ? l->line : 0;
                cur_file = l ? l->file : NULL;
                cur_nf = d->nf;
                cur_func = elo_func_at(d->obj, d->pc) ? elo_func_at(d->obj, d->pc)->start : UINT32_MAX;
                returned = 1;
                if (!line_exact(d, d->pc))
                  break;
              }
            const struct elo_line *l = line_exact(d, d->pc);
            if (!l)
              break;
            uint32_t fs = elo_func_at(d->obj, d->pc) ? elo_func_at(d->obj, d->pc)->start : UINT32_MAX;
            if (fs != cur_func || d->nf != cur_nf)
              {
                stop = 1;
                with_func = 1;
              }
            else if (l->line != cur_line || (l->file && cur_file && strcmp(l->file, cur_file)))
              {
                if (mode == R_UNTIL && l->line < cur_line)
                  break;       /* until: not backwards (loops) */
                stop = 1;
                with_func = returned;
              }
            break;
          }
        }
      if (stop)
        {
          if (stop == 2)
            {
              /* finish: gdb prints the caller's location and the value */
              show_location(d, d->pc, 1, 1);
              printf("Value returned is $%d = %lld\n", ++d->valnum, (long long)d->R[0]);
            }
          else
            show_location(d, d->pc, with_func, mode == R_STEPI || mode == R_NEXTI);
          do_displays(d);
          return;
        }
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
      b->hits++;
      printf("\n%s %d, ", b->temp ? "Temporary breakpoint" : "Breakpoint", b->num);
      show_location(d, d->pc, 1, 1);
      if (b->temp)
        bp_delete(d, (int)(b - d->bps));
      do_displays(d);
      return;
    }
  resume(d, R_CONT, 0);
}
