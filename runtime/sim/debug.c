/* debug.c - bpf-run --debug: commands, the command line and debug_main.
   See debug-int.h for how the debugger is split.  */
#include "sim/debug-int.h"
#ifdef HAVE_READLINE
#include <readline/readline.h>
#include <readline/history.h>
#endif

/* ---------------------------------------------------------------- commands */

char *skip(char *s)
{
  while (isspace((unsigned char)*s))
    s++;
  return s;
}

int need_running(struct dbg *d)
{
  if (d->state == 0)
    {
      dbg_err(d, "The program is not being run.");
      return 0;
    }
  return 1;
}

void cmd_break(struct dbg *d, char *arg, int temp)
{
  uint32_t pc;
  char err[256];
  char *cond = strstr(arg, " if ");
  if (cond)
    {
      dbg_err(d, "conditional breakpoints are not supported");
      return;
    }
  if (resolve_loc(d, arg, &pc, err, sizeof err))
    {
      dbg_err(d, "%s", err);
      return;
    }
  struct bp *b = bp_new(d, BP_BREAK);
  b->temp = temp;
  b->pc = pc;
  const struct elo_line *l = line_at(d, pc);
  snprintf(b->what, sizeof b->what, "%s", skip(arg));
  if (l && l->file)
    printf("%s %d at pc %u: file %s, line %u.\n", temp ? "Temporary breakpoint" : "Breakpoint", b->num, pc,
           base_name(l->file), l->line);
  else
    printf("%s %d at pc %u <%s>.\n", temp ? "Temporary breakpoint" : "Breakpoint", b->num, pc, func_name(d, pc));
}

void cmd_watch(struct dbg *d, char *arg)
{
  struct val v;
  char err[256];
  arg = skip(arg);
  if (!strncmp(arg, "-l ", 3) || !strncmp(arg, "-location ", 10))
    arg = skip(strchr(arg, ' '));
  if (!*arg)
    {
      dbg_err(d, "Argument required (expression to compute).");
      return;
    }
  if (eval(d, arg, &v, err, sizeof err))
    {
      dbg_err(d, "%s", err);
      return;
    }
  if (v.lv == LV_REG)
    {
      dbg_err(d, "watchpoints on registers are not supported (watch memory)");
      return;
    }
  if (v.lv != LV_MEM)
    {
      dbg_err(d, "Cannot watch constant value `%s'.", arg);
      return;
    }
  int64_t sz = v.map < 0 ? d->vm->maps[-1 - v.map].vs : val_size(d, &v);
  uint32_t first = 0;
  if (v.bitsz)
    {
      first = v.bitoff / 8;
      sz = (v.bitoff + v.bitsz - 1) / 8 - first + 1;
    }
  if (sz <= 0 || sz > 64)
    {
      dbg_err(d, "watched value must be 1 to 64 bytes (this one is %lld)", (long long)sz);
      return;
    }
  struct bp *b = bp_new(d, BP_WATCH);
  b->addr = v.addr + first;
  b->size = sz;
  b->type = v.map < 0 ? 0 : v.type;
  b->ptrs = v.ptrs;
  b->bitoff = v.bitoff;
  b->bitsz = v.bitsz;
  snprintf(b->what, sizeof b->what, "%s", arg);
  b->valid = watch_read(d, b, b->old) == 0;
  printf("Hardware watchpoint %d: %s\n", b->num, arg);
}

void cmd_info_breakpoints(struct dbg *d)
{
  if (!d->nbps)
    {
      printf("No breakpoints or watchpoints.\n");
      return;
    }
  printf("Num     Type           Disp Enb What\n");
  for (int i = 0; i < d->nbps; i++)
    {
      struct bp *b = &d->bps[i];
      if (b->kind == BP_BREAK)
        {
          const struct elo_line *l = line_at(d, b->pc);
          char w[256];
          if (l && l->file)
            snprintf(w, sizeof w, "pc %u in %s at %s:%u", b->pc, func_name(d, b->pc), base_name(l->file), l->line);
          else
            snprintf(w, sizeof w, "pc %u in %s", b->pc, func_name(d, b->pc));
          printf("%-7d %-14s %-4s %-3s %s\n", b->num, "breakpoint", b->temp ? "del" : "keep",
                 b->enabled ? "y" : "n", w);
        }
      else
        printf("%-7d %-14s %-4s %-3s %s\n", b->num, "hw watchpoint", "keep", b->enabled ? "y" : "n", b->what);
      if (b->hits)
        printf("\tbreakpoint already hit %d time%s\n", b->hits, b->hits == 1 ? "" : "s");
    }
}

void cmd_delete(struct dbg *d, char *arg, int enable)
{
  arg = skip(arg);
  if (!strncmp(arg, "breakpoints", 11))
    arg = skip(arg + 11);
  if (!*arg)
    {
      if (enable < 0)
        d->nbps = 0;
      else
        for (int i = 0; i < d->nbps; i++)
          d->bps[i].enabled = enable;
      return;
    }
  while (*arg)
    {
      char *end;
      long n = strtol(arg, &end, 10);
      if (end == arg || (*end && !isspace((unsigned char)*end)))
        {
          dbg_err(d, "Convenience variable must have integer value.\nArgs must be numbers or '$' variables.");
          return;
        }
      int found = 0;
      for (int i = 0; i < d->nbps; i++)
        if (d->bps[i].num == n)
          {
            found = 1;
            if (enable < 0)
              bp_delete(d, i);
            else
              d->bps[i].enabled = enable;
            break;
          }
      if (!found)
        dbg_err(d, "No breakpoint number %ld.", n);
      arg = skip(end);
    }
}

void cmd_info_registers(struct dbg *d, char *arg)
{
  if (!need_running(d))
    return;
  arg = skip(arg);
  for (int r = 0; r <= 11; r++)
    {
      char name[8];
      if (r == 11)
        snprintf(name, sizeof name, "pc");
      else
        snprintf(name, sizeof name, "r%d", r);
      if (*arg)
        {
          const char *a = arg[0] == '$' ? arg + 1 : arg;
          if (strcmp(a, name) && !(r == 10 && (!strcmp(a, "fp") || !strcmp(a, "sp"))))
            continue;
        }
      if (r == 11)
        {
          uint32_t pc = frame_pc(d, d->sel);
          const struct elo_func *f = elo_func_at(d->obj, pc);
          char hx[32];
          snprintf(hx, sizeof hx, "0x%x", pc);
          printf("%-15s%-19s<%s+%u>\n", name, hx, f ? f->name : "??", f ? pc - f->start : pc);
          continue;
        }
      uint64_t v;
      if (frame_reg(d, r, &v))
        {
          printf("%-15s<not saved>\n", name);
          continue;
        }
      char hx[32];
      snprintf(hx, sizeof hx, "0x%llx", (unsigned long long)v);
      printf("%-15s%-19s%lld\n", name, hx, (long long)v);
    }
  if (*arg && !isdigit((unsigned char)arg[0]))
    {
      const char *a = arg[0] == '$' ? arg + 1 : arg;
      if (reg_name(a) < 0)
        dbg_err(d, "Invalid register `%s'", a);
    }
}

void frame_line(struct dbg *d, int k)
{
  uint32_t pc = frame_pc(d, k);
  char w[256];
  where_str(d, pc, w, sizeof w);
  if (k == 0)
    printf("#%-2d %s\n", k, w);
  else
    printf("#%-2d pc %u in %s\n", k, pc, w);
}

void cmd_backtrace(struct dbg *d)
{
  if (d->state == 0)
    {
      dbg_err(d, "No stack.");
      return;
    }
  for (int k = 0; k <= d->m.nf; k++)
    frame_line(d, k);
}

void cmd_frame(struct dbg *d, char *arg, int rel)
{
  if (d->state == 0)
    {
      dbg_err(d, "No stack.");
      return;
    }
  arg = skip(arg);
  int k = d->sel;
  if (*arg)
    {
      char *end;
      long n = strtol(arg, &end, 10);
      if (end == arg || *skip(end))
        {
          dbg_err(d, "Invalid number \"%s\".", arg);
          return;
        }
      k = rel ? d->sel + rel * n : n;
    }
  else if (rel)
    k = d->sel + rel;
  if (k < 0 || k > d->m.nf)
    {
      if (rel > 0)
        dbg_err(d, "Initial frame selected; you cannot go up.");
      else if (rel < 0)
        dbg_err(d, "Bottom (innermost) frame selected; you cannot go down.");
      else
        dbg_err(d, "No frame at level %s.", arg);
      return;
    }
  d->sel = k;
  frame_line(d, k);
  const struct elo_line *l = line_at(d, frame_pc(d, k));
  if (l && l->file)
    print_src_line(d, l->file, l->line);
}

int parse_fmt(char **arg)
{
  char *a = *arg;
  if (*a != '/')
    return 0;
  int f = a[1];
  a += 2;
  while (*a && !isspace((unsigned char)*a))
    a++;
  *arg = skip(a);
  return f == 'x' || f == 'd' || f == 'u' ? (f == 'd' ? 0 : f) : -1;
}

void cmd_print(struct dbg *d, char *arg)
{
  arg = skip(arg);
  int fmt = parse_fmt(&arg);
  if (fmt < 0)
    {
      dbg_err(d, "Undefined output format \"%c\".", arg[-1]);
      return;
    }
  if (!*arg)
    {
      dbg_err(d, "Argument required (expression to compute).");
      return;
    }
  struct val v;
  char err[256];
  struct sbuf b = {0};
  if (eval(d, arg, &v, err, sizeof err) || format_val(d, &v, fmt, &b, err, sizeof err))
    {
      dbg_err(d, "%s", err);
      sb_free(&b);
      return;
    }
  printf("$%d = %s\n", ++d->valnum, b.p ? b.p : "");
  sb_free(&b);
}

void cmd_x(struct dbg *d, char *arg)
{
  static int last_fmt = 'x', last_size = 4;
  int count = 1, fmt = last_fmt, size = last_size;
  arg = skip(arg);
  if (*arg == '/')
    {
      arg++;
      if (isdigit((unsigned char)*arg))
        count = (int)strtol(arg, &arg, 10);
      while (*arg && !isspace((unsigned char)*arg))
        {
          char c = *arg++;
          if (c == 'b') size = 1;
          else if (c == 'h') size = 2;
          else if (c == 'w') size = 4;
          else if (c == 'g') size = 8;
          else if (c == 'x' || c == 'd' || c == 'u' || c == 'c') fmt = c;
          else
            {
              dbg_err(d, "Invalid number \"%c\".", c);
              return;
            }
        }
      arg = skip(arg);
    }
  if (count <= 0 || count > 4096)
    {
      dbg_err(d, "count must be between 1 and 4096");
      return;
    }
  if (!*arg)
    {
      dbg_err(d, "Argument required (starting display address).");
      return;
    }
  struct val v;
  char err[256];
  if (eval(d, arg, &v, err, sizeof err))
    {
      dbg_err(d, "%s", err);
      return;
    }
  uint64_t addr;
  int k = val_kind(d, &v);
  if (v.lv == LV_MEM && !v.ptrs && (k == DK_STRUCT || k == DK_UNION || k == DK_ARRAY))
    addr = v.addr;
  else
    {
      struct ex e;
      memset(&e, 0, sizeof e);
      e.d = d;
      if (scalar(&e, &v, &addr))
        {
          dbg_err(d, "%s", e.err);
          return;
        }
    }
  last_fmt = fmt;
  last_size = size;
  int per = size == 1 ? 8 : size == 2 ? 8 : size == 4 ? 4 : 2;
  for (int i = 0; i < count; i++)
    {
      uint64_t a = addr + (uint64_t)i * size;
      if (i % per == 0)
        {
          char sym[160];
          sym_suffix(d, a, sym, sizeof sym);
          printf("%s0x%llx%s:", i ? "\n" : "", (unsigned long long)a, sym);
        }
      uint64_t x = 0;
      if (dbg_read(d, a, &x, size))
        {
          printf("\n");
          dbg_err(d, "Cannot access memory at address 0x%llx (%s)", (unsigned long long)a, vm_region_name(d->vm, a));
          return;
        }
      if (fmt == 'x')
        printf("\t0x%0*llx", 2 * size, (unsigned long long)x);
      else if (fmt == 'u')
        printf("\t%llu", (unsigned long long)x);
      else if (fmt == 'c')
        printf("\t%u '%c'", (unsigned)(x & 0xff), isprint((int)(x & 0xff)) ? (int)(x & 0xff) : '.');
      else
        {
          int64_t s = (int64_t)x;
          if (size < 8 && (x >> (8 * size - 1)) & 1)
            s = (int64_t)(x | ~((1ull << (8 * size)) - 1));
          printf("\t%lld", (long long)s);
        }
    }
  printf("\n");
}

void cmd_list(struct dbg *d, char *arg)
{
  arg = skip(arg);
  const char *file = d->list_file;
  int center = -1, first = -1;
  if (*arg)
    {
      uint32_t pc;
      char err[256];
      char *end;
      long n = strtol(arg, &end, 10);
      if (end != arg && !*skip(end))
        center = n;
      else if (resolve_loc(d, arg, &pc, err, sizeof err) == 0)
        {
          const struct elo_line *l = line_at(d, pc);
          if (!l || !l->file)
            {
              dbg_err(d, "No line number information available for \"%s\".", arg);
              return;
            }
          file = l->file;
          center = l->line;
        }
      else
        {
          dbg_err(d, "%s", err);
          return;
        }
    }
  else if (d->list_valid)
    first = d->list_line;
  else if (file)
    center = d->list_line;
  else
    {
      const struct elo_line *l = line_at(d, d->obj->progs[d->prog].start);
      if (!l || !l->file)
        {
          dbg_err(d, "No symbol table is loaded (no line info in .BTF.ext).");
          return;
        }
      file = l->file;
      center = l->line;
    }
  if (!file)
    {
      dbg_err(d, "No default source file.");
      return;
    }
  if (first < 0)
    first = center - 5 < 1 ? 1 : center - 5;
  struct srcfile *s = source(d, file);
  int printed = 0;
  for (int ln = first; ln < first + 10; ln++)
    {
      const char *t = s ? (ln <= s->n ? s->lines[ln - 1] : NULL) : line_text(d, file, ln);
      if (s && ln > s->n)
        break;
      if (!t)
        continue;
      printf("%d\t%s\n", ln, t);
      printed++;
    }
  if (!printed)
    {
      if (s)
        dbg_err(d, "Line number %d out of range; \"%s\" has %d lines.", first, base_name(file), s->n);
      else
        dbg_err(d, "no source lines for %s near line %d", base_name(file), first);
    }
  d->list_file = file;
  d->list_line = first + 10;
  d->list_valid = 1;
}

void cmd_disassemble(struct dbg *d, char *arg)
{
  arg = skip(arg);
  int raw = 0, src = 0;
  while (*arg == '/')
    {
      for (arg++; *arg && !isspace((unsigned char)*arg); arg++)
        if (*arg == 'r') raw = 1;
        else if (*arg == 's' || *arg == 'm') src = 1;
      arg = skip(arg);
    }
  uint32_t pc;
  if (*arg)
    {
      char err[256];
      if (resolve_loc(d, arg, &pc, err, sizeof err))
        {
          dbg_err(d, "%s", err);
          return;
        }
    }
  else if (d->state)
    pc = frame_pc(d, d->sel);
  else
    {
      dbg_err(d, "No frame selected.");
      return;
    }
  const struct elo_func *f = elo_func_at(d->obj, pc);
  if (!f)
    {
      dbg_err(d, "No function contains specified address.");
      return;
    }
  printf("Dump of assembler code for function %s:\n", f->name);
  uint32_t lastline = 0;
  for (uint32_t i = f->start; i < f->end && i < d->obj->ncode; i++)
    {
      if (d->dop[i] == D_LDDW_MID)
        continue;
      if (src)
        {
          const struct elo_line *l = line_exact(d, i);
          if (l && l->file && l->line != lastline)
            {
              print_src_line(d, l->file, l->line);
              lastline = l->line;
            }
        }
      char text[128];
      disasm(d, i, text, sizeof text, d->syntax);
      int cur = d->state && i == frame_pc(d, d->sel);
      printf("%s%u <+%u>:\t", cur ? "=> " : "   ", i, i - f->start);
      if (raw)
        {
          const uint8_t *b = (const uint8_t *)&d->obj->code[i];
          for (int k = 0; k < 8; k++)
            printf("%02x ", b[k]);
          printf("\t");
        }
      printf("%s\n", text);
    }
  printf("End of assembler dump.\n");
}

void cmd_info_maps(struct dbg *d)
{
  struct vm *vm = d->vm;
  printf("%-4s %-20s %-18s %5s %6s %8s %8s\n", "Num", "Name", "Type", "Key", "Value", "Max", "Entries");
  for (uint32_t i = 0; i < vm->nmaps; i++)
    {
      struct smap *m = &vm->maps[i];
      static const char *const tn[] = {
        "unspec", "hash", "array", "prog_array", "perf_event_array", "percpu_hash", "percpu_array",
        "stack_trace", "cgroup_array", "lru_hash", "lru_percpu_hash", "lpm_trie", "array_of_maps",
        "hash_of_maps", "devmap", "sockmap", "cpumap", "xskmap", "sockhash", "cgroup_storage",
        "reuseport_sockarray", "percpu_cgroup_storage", "queue", "stack", "sk_storage", "devmap_hash",
        "struct_ops", "ringbuf" };
      const char *t = m->type < sizeof tn / sizeof *tn ? tn[m->type] : "?";
      char entries[32] = "-";
      if (map_dumpable(m))
        {
          if (m->type == 2 || m->type == 6)
            snprintf(entries, sizeof entries, "%u", m->max);
          else
            snprintf(entries, sizeof entries, "%u", m->count);
        }
      printf("%-4u %-20s %-18s %5u %6u %8u %8s\n", i, m->name, m->def.internal ? "global data" : t, m->ks, m->vs,
             m->max, entries);
    }
}

void cmd_display(struct dbg *d, char *arg)
{
  arg = skip(arg);
  if (!*arg)
    {
      do_displays(d);
      return;
    }
  int fmt = parse_fmt(&arg);
  if (fmt < 0)
    {
      dbg_err(d, "Undefined output format.");
      return;
    }
  struct val v;
  char err[256];
  if (eval(d, arg, &v, err, sizeof err))
    {
      dbg_err(d, "%s", err);
      return;
    }
  if (d->ndisp == 64)
    {
      dbg_err(d, "too many displays");
      return;
    }
  struct disp *ds = &d->disp[d->ndisp++];
  ds->num = ++d->nextdisp;
  ds->fmt = fmt;
  ds->enabled = 1;
  snprintf(ds->expr, sizeof ds->expr, "%s", arg);
  if (d->state)
    {
      struct sbuf b = {0};
      if (format_val(d, &v, fmt, &b, err, sizeof err) == 0)
        printf("%d: %s%s = %s\n", ds->num, fmt ? "/x " : "", ds->expr, b.p ? b.p : "");
      sb_free(&b);
    }
}

void cmd_undisplay(struct dbg *d, char *arg)
{
  arg = skip(arg);
  if (!*arg)
    {
      d->ndisp = 0;
      return;
    }
  long n = strtol(arg, NULL, 10);
  for (int i = 0; i < d->ndisp; i++)
    if (d->disp[i].num == n)
      {
        memmove(&d->disp[i], &d->disp[i + 1], (d->ndisp - i - 1) * sizeof *d->disp);
        d->ndisp--;
        return;
      }
  dbg_err(d, "No display number %ld.", n);
}

void cmd_set(struct dbg *d, char *arg)
{
  arg = skip(arg);
  if (!strncmp(arg, "disassembly-flavor", 18))
    {
      char *v = skip(arg + 18);
      if (!strcmp(v, "gnu") || !strcmp(v, "att"))
        d->syntax = BPF_SYNTAX_GNU;
      else if (!strcmp(v, "pseudoc") || !strcmp(v, "c"))
        d->syntax = BPF_SYNTAX_PSEUDOC;
      else
        dbg_err(d, "Undefined item: \"%s\".  Flavors are gnu and pseudoc.", v);
      return;
    }
  if (!strncmp(arg, "variable ", 9))
    arg = skip(arg + 9);
  else if (!strncmp(arg, "var ", 4))
    arg = skip(arg + 4);
  else if (*arg != '$' && !strchr(arg, '='))
    {
      dbg_err(d, "Undefined set command: \"%s\".  Try \"help set\".", arg);
      return;
    }
  if (!strchr(arg, '='))
    {
      dbg_err(d, "set var needs an assignment: set var NAME = VALUE");
      return;
    }
  struct val v;
  char err[256];
  if (eval(d, arg, &v, err, sizeof err))
    dbg_err(d, "%s", err);
}

void cmd_help(void)
{
  printf("bpf-run debugger commands (gdb's names and abbreviations):\n"
         "  run (r), start, kill           start the program (again), stop it\n"
         "  break (b) LOC, tbreak LOC      LOC: FUNC, FILE:LINE, LINE, *PC\n"
         "  watch EXPR                     stop when a global or memory changes\n"
         "  delete/disable/enable [N...]   breakpoints and watchpoints\n"
         "  info breakpoints|registers|maps|display|frame|source\n"
         "  continue (c), step (s), next (n), stepi (si), nexti (ni)\n"
         "  finish (fin), until (u) [LOC], advance LOC\n"
         "  backtrace (bt, where), frame (f) N, up, down\n"
         "  print (p)[/x] EXPR             registers ($r0..$r10, $pc), globals, MAP[key], MAP\n"
         "  x/NFU ADDR                     memory: F x d u c, U b h w g\n"
         "  display[/x] EXPR, undisplay N  print after every stop\n"
         "  set var LVALUE = EXPR          registers and globals\n"
         "  set disassembly-flavor gnu|pseudoc\n"
         "  list (l) [LOC], disassemble [/r] [/s] [LOC]\n"
         "  quit (q)\n");
}

static const struct cmdent cmds[] = {
  { "advance", 3 }, { "backtrace", 2 }, { "break", 1 }, { "continue", 1 }, { "delete", 1 },
  { "disable", 4 }, { "disassemble", 5 }, { "display", 4 }, { "down", 3 }, { "enable", 2 },
  { "finish", 3 }, { "frame", 1 }, { "help", 1 }, { "info", 1 }, { "kill", 1 }, { "list", 1 },
  { "next", 1 }, { "nexti", 2 }, { "output", 3 }, { "print", 1 }, { "quit", 1 }, { "run", 1 },
  { "set", 3 }, { "start", 5 }, { "step", 1 }, { "stepi", 2 }, { "tbreak", 2 }, { "undisplay", 3 },
  { "until", 1 }, { "up", 2 }, { "watch", 2 }, { "where", 3 }, { "x", 1 }, { "bt", 2 },
  { "inspect", 3 }, { "echo", 4 },
};

const char *lookup_cmd(const char *w)
{
  size_t n = strlen(w);
  for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++)
    if (!strcmp(w, cmds[i].name))
      return cmds[i].name;
  /* gdb's fixed abbreviations, then unique prefixes */
  static const char *const ab[][2] = {
    { "b", "break" }, { "br", "break" }, { "c", "continue" }, { "cont", "continue" }, { "s", "step" },
    { "n", "next" }, { "si", "stepi" }, { "ni", "nexti" }, { "p", "print" }, { "i", "info" },
    { "l", "list" }, { "f", "frame" }, { "u", "until" }, { "d", "delete" }, { "r", "run" },
    { "q", "quit" }, { "fin", "finish" }, { "tb", "tbreak" }, { "disas", "disassemble" },
    { "h", "help" }, { "k", "kill" }, { "where", "backtrace" }, { "bt", "backtrace" },
    { "inspect", "print" }, { "call", "print" },
  };
  for (size_t i = 0; i < sizeof ab / sizeof *ab; i++)
    if (!strcmp(w, ab[i][0]))
      return ab[i][1];
  const char *found = NULL;
  for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++)
    if (n >= (size_t)cmds[i].min && !strncmp(w, cmds[i].name, n))
      {
        if (found && strcmp(found, cmds[i].name))
          return "?ambiguous";
        found = cmds[i].name;
      }
  return found;
}

void execute(struct dbg *d, char *line)
{
  char *s = skip(line);
  size_t len = strlen(s);
  while (len && isspace((unsigned char)s[len - 1]))
    s[--len] = 0;
  if (!*s || *s == '#')
    return;
  char word[64];
  size_t k = 0;
  while (s[k] && (isalnum((unsigned char)s[k]) || s[k] == '-' || s[k] == '_') && k + 1 < sizeof word)
    {
      word[k] = s[k];
      k++;
    }
  word[k] = 0;
  char *arg = s + k;
  if (!k)
    {
      dbg_err(d, "Undefined command: \"%s\".  Try \"help\".", s);
      return;
    }
  const char *c = lookup_cmd(word);
  if (!c)
    {
      dbg_err(d, "Undefined command: \"%s\".  Try \"help\".", word);
      return;
    }
  if (!strcmp(c, "?ambiguous"))
    {
      dbg_err(d, "Ambiguous command \"%s\".", word);
      return;
    }
  if (!strcmp(c, "x") && *arg && *arg != '/' && !isspace((unsigned char)*arg))
    {
      dbg_err(d, "Undefined command: \"%s\".  Try \"help\".", s);
      return;
    }
  if (!strcmp(c, "break")) cmd_break(d, arg, 0);
  else if (!strcmp(c, "tbreak")) cmd_break(d, arg, 1);
  else if (!strcmp(c, "watch")) cmd_watch(d, arg);
  else if (!strcmp(c, "delete")) cmd_delete(d, arg, -1);
  else if (!strcmp(c, "disable")) cmd_delete(d, arg, 0);
  else if (!strcmp(c, "enable")) cmd_delete(d, arg, 1);
  else if (!strcmp(c, "run")) cmd_run(d);
  else if (!strcmp(c, "start"))
    {
      struct bp *b = bp_new(d, BP_BREAK);
      b->temp = 1;
      b->pc = d->obj->progs[d->prog].start;
      snprintf(b->what, sizeof b->what, "%s", d->obj->progs[d->prog].name);
      const struct elo_line *l = line_at(d, b->pc);
      printf("Temporary breakpoint %d at pc %u: file %s, line %u.\n", b->num, b->pc,
             l && l->file ? base_name(l->file) : "??", l ? l->line : 0);
      cmd_run(d);
    }
  else if (!strcmp(c, "kill"))
    {
      if (need_running(d))
        {
          vm_end_run(d->vm);
          d->state = 0;
          d->m.nf = 0;
          d->sel = 0;
          printf("[program killed]\n");
        }
    }
  else if (!strcmp(c, "continue"))
    {
      if (d->state == 1)
        printf("Continuing.\n");
      resume(d, R_CONT, 0);
    }
  else if (!strcmp(c, "step") || !strcmp(c, "next") || !strcmp(c, "stepi") || !strcmp(c, "nexti"))
    {
      long n = 1;
      if (*skip(arg))
        {
          char *end;
          n = strtol(skip(arg), &end, 10);
          if (*skip(end) || n < 1)
            {
              dbg_err(d, "Invalid number \"%s\".", skip(arg));
              return;
            }
        }
      int mode = !strcmp(c, "step") ? R_STEP : !strcmp(c, "next") ? R_NEXT : !strcmp(c, "stepi") ? R_STEPI : R_NEXTI;
      for (long i = 0; i < n && d->state == 1; i++)
        {
          int hits = 0;
          for (int b = 0; b < d->nbps; b++)
            hits += d->bps[b].hits;
          resume(d, mode, 0);
          int hits2 = 0;
          for (int b = 0; b < d->nbps; b++)
            hits2 += d->bps[b].hits;
          if (hits2 != hits)
            break;
        }
    }
  else if (!strcmp(c, "finish"))
    {
      if (!need_running(d))
        return;
      if (d->m.nf == 0)
        {
          dbg_err(d, "\"finish\" not meaningful in the outermost frame.");
          return;
        }
      char w[256];
      where_str(d, d->m.pc, w, sizeof w);
      printf("Run till exit from #0  %s\n", w);
      finish(d);
    }
  else if (!strcmp(c, "until") || !strcmp(c, "advance"))
    {
      if (!need_running(d))
        return;
      if (!*skip(arg))
        {
          if (!strcmp(c, "advance"))
            {
              dbg_err(d, "Argument required (a location).");
              return;
            }
          resume(d, R_UNTIL, 0);
          return;
        }
      uint32_t pc;
      char err[256];
      if (resolve_loc(d, arg, &pc, err, sizeof err))
        {
          dbg_err(d, "%s", err);
          return;
        }
      resume(d, R_ADVANCE, pc);
    }
  else if (!strcmp(c, "backtrace") || !strcmp(c, "where") || !strcmp(c, "bt")) cmd_backtrace(d);
  else if (!strcmp(c, "frame")) cmd_frame(d, arg, 0);
  else if (!strcmp(c, "up")) cmd_frame(d, arg, 1);
  else if (!strcmp(c, "down")) cmd_frame(d, arg, -1);
  else if (!strcmp(c, "print") || !strcmp(c, "inspect")) cmd_print(d, arg);
  else if (!strcmp(c, "output"))
    {
      struct val v;
      char err[256];
      struct sbuf b = {0};
      if (eval(d, skip(arg), &v, err, sizeof err) || format_val(d, &v, 0, &b, err, sizeof err))
        dbg_err(d, "%s", err);
      else
        printf("%s", b.p ? b.p : "");
      sb_free(&b);
    }
  else if (!strcmp(c, "echo"))
    {
      for (char *p = skip(arg); *p; p++)
        {
          if (*p == '\\' && p[1] == 'n')
            {
              putchar('\n');
              p++;
            }
          else
            putchar(*p);
        }
    }
  else if (!strcmp(c, "x")) cmd_x(d, arg);
  else if (!strcmp(c, "list")) cmd_list(d, arg);
  else if (!strcmp(c, "disassemble")) cmd_disassemble(d, arg);
  else if (!strcmp(c, "display")) cmd_display(d, arg);
  else if (!strcmp(c, "undisplay")) cmd_undisplay(d, arg);
  else if (!strcmp(c, "set")) cmd_set(d, arg);
  else if (!strcmp(c, "help")) cmd_help();
  else if (!strcmp(c, "quit"))
    {
      d->quit = 1;
    }
  else if (!strcmp(c, "info"))
    {
      char *a = skip(arg);
      char sub[32];
      size_t n = 0;
      while (a[n] && !isspace((unsigned char)a[n]) && n + 1 < sizeof sub)
        {
          sub[n] = a[n];
          n++;
        }
      sub[n] = 0;
      char *rest = a + n;
      if (!n)
        dbg_err(d, "List of info subcommands: breakpoints registers all-registers maps display frame source.");
      else if (!strncmp("breakpoints", sub, n) || !strncmp("watchpoints", sub, n > 1 ? n : 2))
        cmd_info_breakpoints(d);
      else if (!strncmp("registers", sub, n) || !strcmp(sub, "all-registers"))
        cmd_info_registers(d, rest);
      else if (!strncmp("maps", sub, n > 1 ? n : 2))
        cmd_info_maps(d);
      else if (!strncmp("display", sub, n > 1 ? n : 2))
        {
          if (!d->ndisp)
            printf("There are no auto-display expressions now.\n");
          for (int i = 0; i < d->ndisp; i++)
            printf("%d:   %c  %s\n", d->disp[i].num, d->disp[i].enabled ? 'y' : 'n', d->disp[i].expr);
        }
      else if (!strncmp("frame", sub, n))
        {
          if (d->state == 0)
            dbg_err(d, "No stack.");
          else
            {
              frame_line(d, d->sel);
              printf(" depth %d of %d, r10 (frame pointer) ", d->sel, d->m.nf);
              uint64_t fp;
              frame_reg(d, 10, &fp);
              printf("0x%llx, insns executed %llu\n", (unsigned long long)fp, (unsigned long long)d->vm->insns);
            }
        }
      else if (!strncmp("source", sub, n) || !strncmp("line", sub, n))
        {
          const struct elo_line *l = d->state ? line_at(d, frame_pc(d, d->sel))
                                              : line_at(d, d->obj->progs[d->prog].start);
          if (l && l->file)
            printf("Current source file is %s, line %u\n", l->file, l->line);
          else
            printf("No current source file.\n");
        }
      else
        dbg_err(d, "Undefined info command: \"%s\".  Try \"help info\".", sub);
    }
  else
    dbg_err(d, "Undefined command: \"%s\".  Try \"help\".", word);
  fflush(stdout);
}

int repeatable(const char *line)
{
  char w[32];
  size_t k = 0;
  line = skip((char *)line);
  while (line[k] && !isspace((unsigned char)line[k]) && k + 1 < sizeof w)
    {
      w[k] = line[k];
      k++;
    }
  w[k] = 0;
  const char *c = lookup_cmd(w);
  return c && (!strcmp(c, "step") || !strcmp(c, "next") || !strcmp(c, "stepi") || !strcmp(c, "nexti")
               || !strcmp(c, "continue") || !strcmp(c, "list") || !strcmp(c, "x") || !strcmp(c, "until"));
}

void run_line(struct dbg *d, char *line)
{
  char *s = skip(line);
  if (!*s && d->lastcmd[0])
    {
      char tmp[sizeof d->lastcmd];
      snprintf(tmp, sizeof tmp, "%s", d->lastcmd);
      execute(d, tmp);
      return;
    }
  if (*s && repeatable(s))
    snprintf(d->lastcmd, sizeof d->lastcmd, "%s", s);
  else if (*s)
    d->lastcmd[0] = 0;
  execute(d, s);
}


char *read_line(struct dbg *d, const char *prompt)
{
#ifdef HAVE_READLINE
  if (d->from_tty)
    {
      char *l = readline(prompt);
      if (l && *l)
        add_history(l);
      return l;
    }
#endif
  fputs(prompt, stdout);
  fflush(stdout);
  size_t cap = 256, n = 0;
  char *buf = malloc(cap);
  int c, too_long = 0;
  if (!buf)
    return NULL;
  while ((c = getchar()) != EOF && c != '\n')
    {
      if (too_long)
        continue;
      if (n + 1 >= cap)
        {
          char *nb = cap <= DBG_MAX_LINE ? realloc(buf, cap * 2) : NULL;
          if (!nb)
            {
              too_long = 1;   /* the whole line is refused below */
              continue;
            }
          buf = nb;
          cap *= 2;
        }
      buf[n++] = (char)c;
    }
  if (c == EOF && n == 0)
    {
      free(buf);
      return NULL;
    }
  if (too_long)
    {
      dbg_err(d, "Line longer than %u bytes ignored.", DBG_MAX_LINE);
      n = 0;
    }
  buf[n] = 0;
  return buf;
}

int debug_main(struct vm *vm, const char *file, int prog, dbg_prepare_fn prep, void *arg,
               const struct dbg_opts *o)
{
  struct dbg *d = calloc(1, sizeof *d);
  d->vm = vm;
  d->obj = vm->obj;
  d->file = file;
  d->prog = prog;
  d->prep = prep;
  d->parg = arg;
  d->btf = dbtf_open(vm->obj);
  d->syntax = BPF_SYNTAX_PSEUDOC;
  dbg_setup_ops(d);
  {
    /* packet and context errors (bpf-run exits on them) show up now,
       not at the first "run"; run builds them again */
    uint64_t args[5];
    prep(vm, arg, args);
  }
  setvbuf(stdout, NULL, _IOLBF, 0);
  d->from_tty = isatty(0);
  if (d->from_tty)
    {
      /* Ctrl-C stops a running program and returns to the prompt */
      struct sigaction sa;
      memset(&sa, 0, sizeof sa);
      sa.sa_handler = on_sigint;
      sigemptyset(&sa.sa_mask);
      sigaction(SIGINT, &sa, NULL);
    }
#ifdef HAVE_READLINE
  if (d->from_tty)
    {
      rl_variable_bind("enable-bracketed-paste", "off");
      rl_readline_name = "bpf-run";
    }
#endif
  if (!o->batch)
    printf("bpf-run debugger: %s, program %s (%u instructions%s). \"help\" lists the commands.\n", file,
           d->obj->progs[prog].name, d->obj->ncode, d->btf ? ", BTF" : ", no BTF");
  for (int i = 0; i < o->nx && !d->quit; i++)
    {
      FILE *f = fopen(o->xfiles[i], "r");
      if (!f)
        {
          dbg_err(d, "%s: %s.", o->xfiles[i], strerror(errno));
          continue;
        }
      /* a line longer than the buffer stops the file: its tail must
         not run as commands of its own */
      char line[4096];
      unsigned lineno = 0;
      while (!d->quit && fgets(line, sizeof line, f))
        {
          lineno++;
          size_t len = strcspn(line, "\n");
          if (!line[len] && !feof(f))
            {
              dbg_err(d, "%s:%u: line longer than %zu bytes; the rest of the file is not run.",
                      o->xfiles[i], lineno, sizeof line - 1);
              d->script_error = 1;
              break;
            }
          line[len] = 0;
          execute(d, line);
        }
      fclose(f);
    }
  while (!o->batch && !d->quit)
    {
      char *l = read_line(d, "(bpf) ");
      if (!l)
        {
          if (!d->from_tty)
            break;
          printf("quit\n");
          break;
        }
      run_line(d, l);
      free(l);
    }
  fflush(stdout);
  int status = d->state == 2 ? 1 : d->exit_status;
  if (d->state == 1)
    status = 0;
  if (d->script_error)
    status = 2;
  dbtf_close(d->btf);
  free(d->dop);
  free(d->bps);
  for (int i = 0; i < d->nsrc; i++)
    {
      free(d->src[i].path);
      free(d->src[i].text);
      free(d->src[i].lines);
    }
  free(d);
  return status;
}

int debug_parse_opt(struct dbg_opts *o, int argc, char **argv, int *i)
{
  const char *a = argv[*i];
  if (!strcmp(a, "--debug"))
    {
      o->debug = 1;
      return 1;
    }
  if (!strcmp(a, "--batch") || !strcmp(a, "-batch"))
    {
      o->batch = 1;
      o->debug = 1;
      return 1;
    }
  if (!strcmp(a, "-x") || !strcmp(a, "--command"))
    {
      if (*i + 1 >= argc)
        {
          fprintf(stderr, "bpf-run: error: option %s needs a value\n", a);
          exit(2);
        }
      if (o->nx == 16)
        {
          fprintf(stderr, "bpf-run: error: too many -x files\n");
          exit(2);
        }
      o->xfiles[o->nx++] = argv[++*i];
      o->debug = 1;
      return 1;
    }
  if (!strncmp(a, "--trace=", 8))
    {
      const char *v = a + 8;
      if (!strcmp(v, "calls"))
        o->trace = DBG_TRACE_CALLS;
      else if (!strcmp(v, "regs"))
        o->trace = DBG_TRACE_REGS;
      else
        {
          fprintf(stderr, "bpf-run: error: --trace=%s: expected calls or regs\n", v);
          exit(2);
        }
      return 1;
    }
  return 0;
}
