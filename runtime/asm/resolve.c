/* resolve.c - bpf-asm: resolution: section names, .set aliases, fixups and .size once
   the whole input is read.  */
#include "asm/asm.h"

/* ---------- resolution ---------- */

void
put32 (uint8_t *p, uint32_t v)
{
  p[0] = v & 0xff; p[1] = (v >> 8) & 0xff; p[2] = (v >> 16) & 0xff; p[3] = v >> 24;
}

void
put16 (uint8_t *p, uint16_t v)
{
  p[0] = v & 0xff; p[1] = v >> 8;
}


/* Resolve a section name used as a symbol (e.g. ".bss+4" from the
   disassembler).  */
void
resolve_section_names (struct asm_ctx *c)
{
  for (size_t i = 0; i < c->nsyms; i++)
    {
      struct asm_sym *y = &c->syms[i];
      if (y->sec == ASM_SEC_UNDEF && y->bind == STB_LOCAL)
        {
          int s = sec_find (c, y->name, strlen (y->name));
          if (s >= 0)
            {
              y->sec = s;
              y->value = 0;
              y->temp = 1;
            }
        }
    }
}

/* .set aliases whose symbol got defined become symbols of their own at
   its value (gas writes them so); the others stay out of the symbol
   table and stand for their symbol in fixups.  */
void
resolve_aliases (struct asm_ctx *c)
{
  for (size_t i = 0; i < c->nsyms; i++)
    {
      if (!c->syms[i].alias)
        continue;
      /* The final symbol and the sum of the offsets on the way.  */
      int t = (int) i;
      int64_t k = 0;
      size_t steps = 0;
      while (c->syms[t].alias && steps++ <= c->nsyms)
        {
          k = (int64_t) ((uint64_t) k + (uint64_t) c->syms[t].alias_add);
          t = c->syms[t].alias - 1;
        }
      if (c->syms[t].alias)
        {
          /* A cycle (longer than what .set itself checks): break it.  */
          c->ctx = -1;
          diag_at (c, 0, 0, "symbol `%s' is defined in terms of itself", c->syms[i].name);
          for (int u = (int) i, n = 0; c->syms[u].alias && n <= (int) c->nsyms; n++)
            {
              int next = c->syms[u].alias - 1;
              c->syms[u].alias = 0;
              c->syms[u].temp = 1;
              u = next;
            }
          continue;
        }
      /* Every symbol on the way now goes straight to T (so the next
         ones are quick), or is defined if T is.  */
      const struct asm_sym tgt = c->syms[t];
      int64_t pre = 0;
      for (int u = (int) i; c->syms[u].alias;)
        {
          struct asm_sym *y = &c->syms[u];
          int next = y->alias - 1;
          int64_t add = y->alias_add;
          int64_t rest = (int64_t) ((uint64_t) k - (uint64_t) pre);
          if (tgt.sec >= 0 || tgt.sec == ASM_SEC_ABS)
            {
              y->sec = tgt.sec;
              y->value = tgt.value + (uint64_t) rest;
              y->alias = 0;
            }
          else
            {
              y->alias = t + 1;
              y->alias_add = rest;
              y->temp = 1;
              if (next == t)
                break;
            }
          pre = (int64_t) ((uint64_t) pre + (uint64_t) add);
          u = next;
        }
    }
}

void
apply_fixups (struct asm_ctx *c)
{
  for (size_t i = 0; i < c->nfx; i++)
    {
      struct fixup *f = &c->fx[i];
      c->ctx = f->ctx;
      if (f->isl_target || f->isl_wait)
        {
          /* to a branch island (relax.c), not to its expression */
          (void) relax_island_fixup (c, f);
          continue;
        }
      efold (c, &f->e);
      if (f->e.post)
        {
          diag_at (c, f->line, f->col, "expression too complex for a relocation");
          continue;
        }
      struct asm_sec *s = &c->secs[f->sec];
      size_t need = f->kind == FX_DATA ? (size_t) f->size
                    : f->kind == FX_LDDW ? 16 : 8;
      if (!s->data || s->type == SHT_NOBITS || f->off + need > s->size)
        continue;
      uint8_t *p = s->data + f->off;
      int line = f->line, col = f->col;
      if (f->e.sub >= 0)
        {
          diag_at (c, line, col, "cannot represent a difference of symbols from different sections (`%s')",
                   c->syms[f->e.sub].name);
          continue;
        }
      struct asm_sym *y = f->e.add >= 0 ? &c->syms[f->e.add] : NULL;
      int64_t k = f->e.k;
      int defined = y && y->sec >= 0;
      if (y && y->sec == ASM_SEC_UNDEF && y->temp)
        {
          if (strchr (y->name, 2))
            diag_at (c, line, col, "undefined numeric local label `%d'",
                     atoi (y->name + 2));
          else
            diag_at (c, line, col, "undefined local label `%s'", y->name);
          continue;
        }
      /* The relocation target: the symbol itself for global/weak/undefined
         ones, the section symbol (value folded in) for local ones.  */
      int rsym = -1;
      int64_t radd = k;
      if (y)
        {
          y->referenced = 1;
          if (defined && y->bind == STB_LOCAL)
            {
              rsym = -1 - y->sec;
              radd = k + (int64_t) y->value;
            }
          else
            rsym = f->e.add;
        }
      switch (f->kind)
        {
        case FX_IMM32: case FX_OFF16:
          if (y)
            {
              diag_at (c, line, col, "symbolic value `%s' not allowed here", y->name[0] == '.' && y->name[1] == 'L' && y->name[2] == 2 ? "." : y->name);
              continue;
            }
          if (f->kind == FX_IMM32)
            {
              if (k < INT32_MIN || k > (int64_t) UINT32_MAX)
                diag_at (c, line, col, "immediate %lld out of range", (long long) k);
              else      /* known only now (a symbol defined further on) */
                check_sext_imm (c, p[0], k, f->ctx, line, col);
              put32 (p + 4, (uint32_t) k);
            }
          else
            {
              if (k < INT16_MIN || k > INT16_MAX)
                diag_at (c, line, col, "offset %lld out of range", (long long) k);
              put16 (p + 2, (uint16_t) k);
            }
          break;
        case FX_JUMP16: case FX_JUMP32:
          {
            if (!y)
              {
                /* a number after all (a symbol .set further on): it
                   counts the instructions written, as relax.c says */
                if (f->kind == FX_JUMP16)
                  put16 (p + 2, (uint16_t) k);
                else
                  put32 (p + 4, (uint32_t) k);
                GROW (c->nj, c->nnj, c->njcap);
                c->nj[c->nnj++] = (struct numjump) { f->sec, f->off, k, f->kind == FX_JUMP32,
                                                     line, col, f->ctx };
                break;
              }
            if (!defined || y->sec != f->sec)
              {
                diag_at (c, line, col, "jump target `%s' is not a label in this section", y->name);
                continue;
              }
            int64_t delta = (int64_t) y->value + k - (int64_t) (f->off + 8);
            if (delta % 8)
              {
                diag_at (c, line, col, "jump target is not instruction-aligned");
                continue;
              }
            delta /= 8;
            if (f->kind == FX_JUMP16)
              {
                int beyond = delta < INT16_MIN || delta > INT16_MAX;
                int64_t soft = relax_soft_limit (c, f);
                if (beyond || (f->jump_no >= 0 && (delta < -soft || delta > soft)))
                  {
                    /* A jump to a label gets its long form or islands in
                       the next pass (relax.c); any other is an error.
                       Below v4, one within the 16-bit range stays as it
                       is when it cannot have islands.  */
                    if (relax_defer (c, f, delta))
                      continue;
                    if (!beyond && f->short_only)
                      {
                        put16 (p + 2, (uint16_t) delta);
                        break;
                      }
                    if (f->short_only)
                      diag_at (c, line, col, "jump to `%s' is %lld instructions "
                               "away, beyond a 16-bit offset: its long form "
                               "(gotol) needs -mcpu=v4%s", y->name, (long long) delta,
                               c->gcc_file ? " (bpf-gcc: -fplugin-arg-bpfsupport-cpu=v4)" : "");
                    else
                      diag_at (c, line, col, "jump out of range (%lld instructions)", (long long) delta);
                    continue;
                  }
                put16 (p + 2, (uint16_t) delta);
              }
            else
              put32 (p + 4, (uint32_t) delta);
            break;
          }
        case FX_CALL:
          {
            int kfunc = (p[1] >> 4) == 2;
            if (!y)
              {
                put32 (p + 4, (uint32_t) k);
                break;
              }
            if (!kfunc && defined && y->sec == f->sec && y->bind == STB_LOCAL)
              {
                int64_t delta = (int64_t) y->value + k - (int64_t) (f->off + 8);
                if (delta % 8)
                  {
                    diag_at (c, line, col, "call target is not instruction-aligned");
                    continue;
                  }
                put32 (p + 4, (uint32_t) (delta / 8));
                break;
              }
            if (rsym < 0)
              put32 (p + 4, (uint32_t) (radd / 8 - 1));
            else
              put32 (p + 4, (uint32_t) (k / 8 - 1));
            add_reloc (c, f->sec, f->off, R_BPF_64_32, rsym);
            break;
          }
        case FX_LDDW:
          if (!y)
            {
              put32 (p + 4, (uint32_t) k);
              put32 (p + 12, (uint32_t) ((uint64_t) k >> 32));
              break;
            }
          if (y->sec == ASM_SEC_ABS)
            {
              put32 (p + 4, (uint32_t) (k + (int64_t) y->value));
              break;
            }
          put32 (p + 4, (uint32_t) radd);
          put32 (p + 12, 0);
          add_reloc (c, f->sec, f->off, R_BPF_64_64, rsym);
          break;
        case FX_DATA:
          if (!y)
            {
              for (int j = 0; j < f->size; j++)
                p[j] = (uint8_t) ((uint64_t) k >> (8 * j));
              break;
            }
          if (f->size != 8 && f->size != 4)
            {
              diag_at (c, line, col, "cannot relocate a %d-byte value", f->size);
              continue;
            }
          for (int j = 0; j < f->size; j++)
            p[j] = (uint8_t) ((uint64_t) radd >> (8 * j));
          {
            /* LLVM's rule: a 4-byte reference to a symbol defined in an
               allocated executable or writable section is NODYLD32
               (.BTF/.BTF.ext records), any other ABS32.  */
            int type = R_BPF_64_ABS64;
            if (f->size == 4)
              {
                type = R_BPF_64_ABS32;
                if (defined)
                  {
                    uint64_t fl = c->secs[y->sec].flags;
                    if ((fl & SHF_ALLOC) && (fl & (SHF_EXECINSTR | SHF_WRITE)))
                      type = R_BPF_64_NODYLD32;
                  }
              }
            add_reloc (c, f->sec, f->off, type, rsym);
          }
          break;
        }
    }
  for (size_t i = 0; i < c->nsz; i++)
    {
      struct size_dir *z = &c->sz[i];
      c->ctx = z->ctx;
      efold (c, &z->e);
      if (!eisconst (&z->e))
        {
          diag_at (c, z->line, z->col, ".size expression for `%s' is not constant",
                   c->syms[z->sym].name);
          continue;
        }
      c->syms[z->sym].size = (uint64_t) z->e.k;
      c->syms[z->sym].size_set = 1;
    }
}
