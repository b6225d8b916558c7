/* debug-disasm.c - bpf-run --debug: disassembly.
   See debug-int.h for how the debugger is split.  */
#include "sim/debug-int.h"

/* ---------------------------------------------------------------- disasm */

void disasm(struct dbg *d, uint32_t pc, char *text, size_t n, int syntax)
{
  const struct elo_object *o = d->obj;
  text[0] = 0;
  if (pc >= o->ncode)
    {
      snprintf(text, n, "<end of code>");
      return;
    }
  uint8_t raw[16];
  size_t len = pc + 1 < o->ncode ? 16 : 8;
  memcpy(raw, &o->code[pc], len);
  struct bpf_insn in;
  char target[96];
  const char *tg = NULL;
  if (bpf_insn_decode(raw, len, &in) > 0 && in.op)
    {
      if (in.op->fmt == BPF_F_CALL && in.src == BPF_PSEUDO_CALL)
        {
          const struct elo_func *f = elo_func_at(o, (uint32_t)in.imm);
          if (f)
            {
              snprintf(target, sizeof target, "%s", f->name);
              tg = target;
            }
        }
      else if (in.op->fmt == BPF_F_CALL && in.src == ELO_CALL_HELPER && helper_name(in.imm))
        {
          snprintf(target, sizeof target, "%s", helper_name(in.imm));
          tg = target;
        }
      else if (in.op->fmt == BPF_F_LDDW && (in.src == BPF_PSEUDO_MAP_FD || in.src == BPF_PSEUDO_MAP_VALUE)
               && in.imm >= 0 && (uint32_t)in.imm < d->vm->nmaps)
        {
          if (in.src == BPF_PSEUDO_MAP_FD)
            snprintf(target, sizeof target, "%s", d->vm->maps[in.imm].name);
          else
            {
              char vn[64];
              uint32_t vo;
              const struct smap *m = &d->vm->maps[in.imm];
              if (m->def.internal && dbtf_var_at(d->btf, m->def.name, (uint32_t)in.imm2, vn, sizeof vn, &vo) == 0)
                snprintf(target, sizeof target, vo ? "%s+%u" : "%s", vn, vo);
              else
                snprintf(target, sizeof target, "%s+%d", m->name, in.imm2);
            }
          tg = target;
        }
      int k = bpf_insn_print(&in, syntax, tg, text, n);
      if (tg && !strstr(text, tg) && k > 0 && (size_t)k < n)
        snprintf(text + k, n - k, "\t; %s", tg);
    }
  else
    snprintf(text, n, ".insn %02x", raw[0]);
}
