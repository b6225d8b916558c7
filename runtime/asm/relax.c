/* relax.c - bpf-asm: branch relaxation, jumps to labels farther than a
   16-bit offset reaches.

   A BPF jump's offset is 16 bits: 32,767 instructions forward at most.
   Fully unrolled loops go farther (the kernel selftests' pyperf100.c
   through bpf-gcc has a conditional jump over 45,644 instructions), and
   clang writes such jumps in a long form.  So does bpf-asm: a jump to a
   label that turns out out of range becomes

     goto L            ->  gotol L                     (JMP32 | JA, imm32)
     if r1 > r2 goto L ->  if r1 <= r2 goto +1; gotol L
     if r1 & 4 goto L  ->  if r1 & 4 goto +1; goto +1; gotol L
                           (jset has no inverse)

   gotol needs the kernel's v4 instruction set (Linux 6.6).  With -mcpu=v1
   to v3 (or `.cpu v3', which bpf-gcc's plugin writes for its cpu=
   argument) there is no long form: `ja' has a 16-bit offset like the
   jump itself.  Such a jump goes through islands instead: `ja' hops
   placed between the jump and its target, each within reach of the
   next, the jump retargeted to the first:

     if r1 > r2 goto L     ->  if r1 > r2 goto I1
     ...                       ...   (about 15,000 instructions)
                               ja +1           (the code before skips it)
                           I1: ja L
     ...                       ...
     L:                    L:

   An island goes in front of an instruction statement, which the next
   pass knows by its number in reading order (the input is the same);
   the `ja +N' in front of it keeps the code before from running into
   it, at one instruction's cost.  A jump gets its islands once; one
   still out of range (an island found no statement to stand before) is
   an error at its line naming -mcpu=v4: never gotol below v4, never a
   truncated offset.

   The limit is half the 16-bit range (RELAX_SOFT_LIMIT), as LLVM's BPF
   backend does: the verifier rewrites instructions into several (context
   accesses, inlined helpers) and moves the branches across them; a jump
   just inside 32,767 then no longer fits and the kernel refuses the
   whole program ("insn N cannot be patched due to 16-bit range", the
   selftests' pyperf100.c and pyperf180.c).

   Only the last pass knows the distances, and a long form moves
   everything after it: labels, line info, DWARF, sizes, data that
   subtracts labels, some folded while reading.  Instead of patching
   those, asm_run reads the input again from the start with the jumps
   found out of range in their long form, until no jump is (each pass
   only adds jumps, so it ends; asm_run bounds it anyway).  Jumps are
   known across passes by their number in reading order: the input is
   the same each time, and a jump taken for another only costs one more
   instruction, never a wrong target.

   A jump written with a number (`goto +1', `if r1 != 0 goto +1',
   `ja 2', `call -5') counts the author's instructions: `+1' skips the
   next one written.  Islands stand between written instructions, and a
   long form adds instructions after its first one, so the number of
   instructions between such a jump and its target can grow.  The
   offset written then grows by the instructions bpf-asm put between
   (relax_numeric), so that the jump lands where the author meant, as a
   jump to a label does.  The other way, keeping islands out of such
   spans, was not taken: it moves islands off their grid by the length
   of the span (a numeric loop back over thousands of instructions would
   push hops beyond the soft limit, or leave a far jump no room at all),
   and cannot help a long form, which stands where its jump is.  Jumps
   written with a number are never lengthened themselves: one whose
   offset grows beyond its field is an error.  */
#include "asm/asm.h"

static int
relax_listed (const struct asm_ctx *c, unsigned no)
{
  size_t lo = 0, hi = c->plan ? c->plan->nlong : 0;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (c->plan->longj[mid] == no)
        return 1;
      if (c->plan->longj[mid] < no)
        lo = mid + 1;
      else
        hi = mid;
    }
  return 0;
}

/* The condition that is true exactly when CODE's is false (0: none).  */
static uint8_t
inverse_jump (uint8_t code)
{
  static const uint8_t pairs[][2] = {
    { BPF_JEQ, BPF_JNE },
    { BPF_JGT, BPF_JLE },
    { BPF_JGE, BPF_JLT },
    { BPF_JSGT, BPF_JSLE },
    { BPF_JSGE, BPF_JSLT },
  };
  uint8_t op = BPF_OP (code), rest = BPF_CLASS (code) | BPF_SRC (code);
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
    {
      if (op == pairs[i][0])
        return (uint8_t) (pairs[i][1] | rest);
      if (op == pairs[i][1])
        return (uint8_t) (pairs[i][0] | rest);
    }
  return 0;
}

/* N instructions that bpf-asm put in the current section at OFF, in
   front of the author's next one (see relax_numeric).  */
static void
note_insertion (struct asm_ctx *c, size_t off, size_t n)
{
  GROW (c->ins, c->nins, c->inscap);
  c->ins[c->nins++] = (struct insertion) { c->cur, off, n };
}

static long first_island (const struct relax_plan *p, unsigned no);
static void jump_to_islands (struct asm_ctx *c, struct fixup *f, long first,
                             const struct operand *t);

static void
emit_fixed (struct asm_ctx *c, struct bpf_insn *in)
{
  in->op = bpf_insn_lookup (in);
  emit_insn (c, in);
}

/* IN, a jump at HERE to the symbolic target T: record its fixup, or
   write it in its long form when an earlier pass found it out of range
   (1: written, the caller is done).  */
int
relax_jump (struct asm_ctx *c, struct bpf_insn *in, struct operand *t,
            size_t here)
{
  unsigned no = c->njumps++;
  if (c->cpu < 4 || !relax_listed (c, no))
    {
      add_fixup (c, FX_JUMP16, here, 0, t->e, t->at);
      struct fixup *f = &c->fx[c->nfx - 1];
      f->jump_no = (int) no;
      f->short_only = c->cpu < 4;
      long first = c->cpu < 4 ? first_island (c->plan, no) : -1;
      if (first >= 0)
        jump_to_islands (c, f, first, t);
      return 0;
    }
  if (BPF_OP (in->code) != BPF_JA)   /* conditional */
    {
      uint8_t inv = inverse_jump (in->code);
      in->off = 1;
      if (inv)
        in->code = inv;
      emit_fixed (c, in);
      if (!inv)
        {
          struct bpf_insn skip = { .code = BPF_JMP | BPF_K | BPF_JA, .off = 1 };
          emit_fixed (c, &skip);
        }
    }
  struct bpf_insn far = { .code = BPF_JMP32 | BPF_K | BPF_JA };  /* gotol */
  add_fixup (c, FX_JUMP32, c->secs[c->cur].size, 0, t->e, t->at);
  emit_fixed (c, &far);
  if (c->secs[c->cur].size > here + 8)
    note_insertion (c, here + 8, (c->secs[c->cur].size - here - 8) / 8);
  return 1;
}

/* F, a jump found DELTA instructions away, out of range: 1 if the next
   pass writes it long (v4) or through islands (below).  */
int
relax_defer (struct asm_ctx *c, const struct fixup *f, int64_t delta)
{
  if (c->no_relax || f->jump_no < 0)
    return 0;
  if (f->short_only)
    {
      if (f->isl_target)
        return 0;      /* it has its islands already */
      GROW (c->iwant, c->niwant, c->iwantcap);
      int64_t from = (int64_t) (f->off / 8);
      c->iwant[c->niwant++] = (struct isl_want) { (unsigned) f->jump_no, f->sec,
                                                  from, from + 1 + delta };
      return 1;
    }
  GROW (c->want, c->nwant, c->wantcap);
  c->want[c->nwant++] = (unsigned) f->jump_no;
  return 1;
}

/* How many instructions the islands of later passes may add to a jump's
   distance, at most (each is one or two, a few per span): the room kept
   under the soft limit, by the first pass and by island spacing.  */
#define ISLAND_MARGIN 1024

/* The distance beyond which jump F goes long or through islands.  In the
   first pass of a file with branch islands (below v4, no plan yet) it is
   smaller by a margin: islands lengthen the jumps around them, and a jump
   just under the limit in the first pass would cross it in the second and
   cost a third (pyperf50.c from bpf-gcc: three passes, 57 ms against
   bpf-as's 42; two with the margin).  */
int64_t
relax_soft_limit (const struct asm_ctx *c, const struct fixup *f)
{
  int first = !c->plan || (!c->plan->nisl && !c->plan->nlong);
  return f->short_only && first && !c->no_relax ? RELAX_SOFT_LIMIT - ISLAND_MARGIN
         : RELAX_SOFT_LIMIT;
}

/* ---------- islands ---------- */

/* Islands are this far apart (instructions), and the first this far
   from its jump: under the soft limit by enough for the islands and
   skips that later passes put in between.  */
#define ISLAND_SPACING (RELAX_SOFT_LIMIT - ISLAND_MARGIN)

/* The plan's index of the first island of jump NO, or -1.  */
static long
first_island (const struct relax_plan *p, unsigned no)
{
  size_t lo = 0, hi = p ? p->nisl : 0;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (p->isl[mid].jump_no < no)
        lo = mid + 1;
      else
        hi = mid;
    }
  return p && lo < p->nisl && p->isl[lo].jump_no == no ? (long) lo : -1;
}

/* One instruction written as is, whatever the statement's state (an
   island must be where the plan put it).  */
static void
emit_raw (struct asm_ctx *c, struct bpf_insn *in)
{
  uint8_t b[16];
  in->op = bpf_insn_lookup (in);
  int n = bpf_insn_encode (in, b);
  memcpy (emit (c, (size_t) n), b, (size_t) n);
}

/* An instruction statement begins: note where, and write the islands
   the plan puts in front of it.  */
void
relax_insn_start (struct asm_ctx *c)
{
  unsigned no = c->nstmts++;
  if (c->nstmts > c->stmtcap)
    {
      c->stmtcap = c->stmtcap ? c->stmtcap * 2 : 1024;
      c->stmt_sec = xrealloc (c->stmt_sec, c->stmtcap * sizeof *c->stmt_sec);
      c->stmt_off = xrealloc (c->stmt_off, c->stmtcap * sizeof *c->stmt_off);
    }
  c->stmt_sec[no] = c->cur;
  c->stmt_off[no] = c->secs[c->cur].size;
  const struct relax_plan *p = c->plan;
  if (!p || c->isl_next >= p->nisl || p->isl[p->order[c->isl_next]].anchor != no
      || sec_nobits (c))
    return;
  size_t k = c->isl_next, end = k;
  while (end < p->nisl && p->isl[p->order[end]].anchor == no)
    end++;
  c->isl_next = end;
  size_t group_start = c->secs[c->cur].size;
  for (size_t group_end = k; k < end; k++)
    {
      if (k == group_end)
        {
          /* the skip over the next hops (at most INT16_MAX: a 16-bit
             offset, another skip after them for the rest) */
          size_t n = end - k < INT16_MAX ? end - k : INT16_MAX;
          struct bpf_insn skip = { .code = BPF_JMP | BPF_K | BPF_JA, .off = (int16_t) n };
          emit_raw (c, &skip);
          group_end = k + n;
        }
      size_t i = p->order[k];
      struct island_state *st = &c->isls[i];
      st->emitted = 1;
      st->sec = c->cur;
      st->off = c->secs[c->cur].size;
      add_fixup (c, FX_JUMP16, st->off, 0, st->have_e ? st->e : econst (0), c->p);
      struct fixup *f = &c->fx[c->nfx - 1];
      if (i + 1 < p->nisl && p->isl[i + 1].jump_no == p->isl[i].jump_no)
        f->isl_target = (int) i + 2;     /* the next hop */
      else if (st->have_e)
        {
          f->line = st->line;
          f->col = st->col;
          f->ctx = st->ctx;
        }
      else
        {
          f->isl_wait = 1;               /* the jump is read later */
          st->fx = (int) (c->nfx - 1);
        }
      struct bpf_insn hop = { .code = BPF_JMP | BPF_K | BPF_JA };
      emit_raw (c, &hop);
    }
  note_insertion (c, group_start, (c->secs[c->cur].size - group_start) / 8);
}

/* The jump or pc-relative call just written at HERE, to K instructions
   after the next one (WIDE: in the immediate, else the offset).  */
void
relax_numeric_jump (struct asm_ctx *c, size_t here, int64_t k, int wide,
                    const char *at)
{
  if (c->stmt_err || c->secs[c->cur].size < here + 8)
    return;           /* not written */
  GROW (c->nj, c->nnj, c->njcap);
  c->nj[c->nnj++] = (struct numjump) { c->cur, here, k, wide, c->line,
                                       COL (c, at), c->ctx };
}

static int
cmp_insertion (const void *a, const void *b)
{
  const struct insertion *x = a, *y = b;
  if (x->sec != y->sec)
    return x->sec < y->sec ? -1 : 1;
  return x->off < y->off ? -1 : x->off > y->off;
}

/* The number of insertions of INS (N, sorted) whose key, KEY (I), is at
   most V: KEY grows with I.  */
static size_t
count_upto (const size_t *key, size_t n, size_t v)
{
  size_t lo = 0, hi = n;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (key[mid] <= v)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* Jumps written with a number: the offset written counts the author's
   instructions; add those that bpf-asm put between the jump and its
   target (islands, long forms: see the top of this file).  In the
   author's count an insertion stands in front of the written instruction
   that follows it, so a jump to that instruction lands on it, after the
   insertion.  */
void
relax_numeric (struct asm_ctx *c)
{
  if (!c->nins || !c->nnj)
    return;
  qsort (c->ins, c->nins, sizeof *c->ins, cmp_insertion);
  /* per section: final offsets, offsets in the author's count, and the
     instructions inserted before each */
  size_t *fin = xrealloc (NULL, c->nins * sizeof *fin);
  size_t *auth = xrealloc (NULL, c->nins * sizeof *auth);
  size_t *before = xrealloc (NULL, (c->nins + c->nsecs) * sizeof *before);
  size_t *first = xrealloc (NULL, (c->nsecs + 1) * sizeof *first);
  size_t i = 0;
  for (size_t s = 0; s <= c->nsecs; s++)
    {
      first[s] = i;
      if (s == c->nsecs)
        break;
      size_t sum = 0;
      for (; i < c->nins && c->ins[i].sec == (int) s; i++)
        {
          fin[i] = c->ins[i].off;
          auth[i] = c->ins[i].off - 8 * sum;
          before[i + s] = sum;
          sum += c->ins[i].n;
        }
      before[i + s] = sum;     /* all of the section's */
    }
  for (size_t j = 0; j < c->nnj; j++)
    {
      const struct numjump *q = &c->nj[j];
      size_t a = first[q->sec], n = first[q->sec + 1] - a;
      if (!n)
        continue;
      const size_t *bsum = before + a + q->sec;
      /* the jump in the author's count, its target there, and in the
         object (offsets in bytes from the section's start) */
      int64_t at = (int64_t) q->off - 8 * (int64_t) bsum[count_upto (fin + a, n, q->off)];
      int64_t to = at + 8 * (1 + q->k);
      int64_t to_fin = to;
      if (to >= 0)
        to_fin += 8 * (int64_t) bsum[count_upto (auth + a, n, (size_t) to)];
      int64_t delta = (to_fin - (int64_t) q->off - 8) / 8;
      if (delta == q->k)
        continue;
      struct asm_sec *sec = &c->secs[q->sec];
      int64_t lo = q->wide ? INT32_MIN : INT16_MIN, hi = q->wide ? INT32_MAX : INT16_MAX;
      if (delta < lo || delta > hi)
        {
          c->ctx = q->ctx;
          diag_at (c, q->line, q->col, "jump offset %lld is %lld with the %lld "
                   "instructions bpf-asm put between (branch islands or long "
                   "jumps), out of range", (long long) q->k, (long long) delta,
                   (long long) (delta - q->k));
          continue;
        }
      if (!sec->data || q->off + 8 > sec->size)
        continue;
      uint8_t *b = sec->data + q->off;
      if (q->wide)
        put32 (b + 4, (uint32_t) (int32_t) delta);
      else
        put16 (b + 2, (uint16_t) (int16_t) delta);
    }
  free (fin);
  free (auth);
  free (before);
  free (first);
}

/* The jump numbered NO, to T, has islands: its fixup F goes to the
   first, and the last takes T.  */
static void
jump_to_islands (struct asm_ctx *c, struct fixup *f, long first, const struct operand *t)
{
  const struct relax_plan *p = c->plan;
  size_t last = (size_t) first;
  while (last + 1 < p->nisl && p->isl[last + 1].jump_no == p->isl[first].jump_no)
    last++;
  f->isl_target = (int) first + 1;
  struct island_state *st = &c->isls[last];
  if (st->emitted)
    {
      if (st->fx >= 0)
        {
          struct fixup *w = &c->fx[st->fx];
          w->e = t->e;
          w->isl_wait = 0;
          w->line = c->line;
          w->col = COL (c, t->at);
          w->ctx = c->ctx;
          st->fx = -1;
        }
      return;
    }
  st->have_e = 1;
  st->e = t->e;
  st->line = c->line;
  st->col = COL (c, t->at);
  st->ctx = c->ctx;
}

/* F, a jump through islands or an island's own jump: its offset (1), or
   an error (0).  */
int
relax_island_fixup (struct asm_ctx *c, struct fixup *f)
{
  struct asm_sec *s = &c->secs[f->sec];
  if (f->isl_wait)
    {
      diag_at (c, f->line, f->col, "internal error: branch island without its jump");
      return 0;
    }
  const struct island_state *st = &c->isls[f->isl_target - 1];
  int64_t delta = st->emitted && st->sec == f->sec
                  ? ((int64_t) st->off - (int64_t) (f->off + 8)) / 8 : INT64_MAX;
  if (!s->data || f->off + 8 > s->size || delta < INT16_MIN || delta > INT16_MAX)
    {
      diag_at (c, f->line, f->col, "jump out of range through its branch islands");
      return 0;
    }
  uint8_t *q = s->data + f->off;
  q[2] = (uint8_t) delta;
  q[3] = (uint8_t) ((uint16_t) delta >> 8);
  return 1;
}

static int
cmp_island (const void *a, const void *b)
{
  const struct island *x = a, *y = b;
  if (x->jump_no != y->jump_no)
    return x->jump_no < y->jump_no ? -1 : 1;
  return x->hop < y->hop ? -1 : x->hop > y->hop;
}

struct by_anchor { unsigned anchor; size_t i; };
static int
cmp_anchor (const void *a, const void *b)
{
  const struct by_anchor *x = a, *y = b;
  if (x->anchor != y->anchor)
    return x->anchor < y->anchor ? -1 : 1;
  return x->i < y->i ? -1 : x->i > y->i;
}

static int
cmp_want_sec (const void *a, const void *b)
{
  const struct isl_want *x = a, *y = b;
  if (x->sec != y->sec)
    return x->sec < y->sec ? -1 : 1;
  return x->jump_no < y->jump_no ? -1 : x->jump_no > y->jump_no;
}

static int
cmp_unsigned (const void *a, const void *b)
{
  unsigned x = *(const unsigned *) a, y = *(const unsigned *) b;
  return x < y ? -1 : x > y;
}

/* The number of the first instruction statement of section SEC at slot
   SLOT or after, strictly between LO and HI; -1 if none.  C's
   statements of one section have growing offsets: binary search over
   IDX, the numbers of SEC's statements (N of them).  */
static long
statement_at (const struct asm_ctx *c, const unsigned *idx, size_t n,
              int64_t slot, int64_t lo, int64_t hi)
{
  size_t a = 0, b = n;
  while (a < b)
    {
      size_t mid = a + (b - a) / 2;
      if ((int64_t) (c->stmt_off[idx[mid]] / 8) < slot)
        a = mid + 1;
      else
        b = mid;
    }
  if (a == n)
    return -1;
  int64_t at = (int64_t) (c->stmt_off[idx[a]] / 8);
  return at > lo && at < hi ? (long) idx[a] : -1;
}

static int
cmp_int64 (const void *a, const void *b)
{
  int64_t x = *(const int64_t *) a, y = *(const int64_t *) b;
  return x < y ? -1 : x > y;
}

/* How many of the N spans (their ends sorted apart: LOS, HIS) overlap
   [LO, HI]: all but those that end before it and those that start after.  */
static size_t
overlap_count (const int64_t *los, const int64_t *his, size_t n, int64_t lo, int64_t hi)
{
  size_t a = 0, b = n;
  while (a < b)         /* spans ending before LO */
    {
      size_t m = a + (b - a) / 2;
      if (his[m] < lo)
        a = m + 1;
      else
        b = m;
    }
  size_t before = a;
  a = 0, b = n;
  while (a < b)         /* spans starting at HI or before */
    {
      size_t m = a + (b - a) / 2;
      if (los[m] <= hi)
        a = m + 1;
      else
        b = m;
    }
  return a - before;
}

/* P, the plan that made pass C, becomes the next pass's: C's long jumps
   and islands added.  0 when there is nothing to add.  */
int
relax_plan_next (struct relax_plan *p, const struct asm_ctx *c)
{
  if (!c->nwant && !c->niwant)
    return 0;
  /* A pass below v4 wants only islands, one at v4 only long jumps: the
     other list is empty and its pointer NULL, which memcpy and qsort
     must not be given even with a size of 0 (C11 7.24.1p2; UBSan
     stops there).  */
  p->longj = xrealloc (p->longj, (p->nlong + c->nwant + 1) * sizeof *p->longj);
  if (c->nwant)
    {
      memcpy (p->longj + p->nlong, c->want, c->nwant * sizeof *p->longj);
      p->nlong += c->nwant;
      qsort (p->longj, p->nlong, sizeof *p->longj, cmp_unsigned);
    }
  /* by section, so that each section's statements are gathered once */
  struct isl_want *wants = xrealloc (NULL, (c->niwant + 1) * sizeof *wants);
  if (c->niwant)
    {
      memcpy (wants, c->iwant, c->niwant * sizeof *wants);
      qsort (wants, c->niwant, sizeof *wants, cmp_want_sec);
    }
  unsigned *idx = NULL;
  size_t nidx = 0;
  int idx_sec = -1;
  int64_t *span_lo = xrealloc (NULL, (c->niwant + 1) * sizeof *span_lo);
  int64_t *span_hi = xrealloc (NULL, (c->niwant + 1) * sizeof *span_hi);
  size_t nspan = 0;
  int span_sec = -1;
  for (size_t w = 0; w < c->niwant; w++)
    {
      const struct isl_want *iw = &wants[w];
      if (iw->sec != idx_sec)
        {
          /* the statements of this section, in order */
          nidx = 0;
          idx = xrealloc (idx, (c->nstmts + 1) * sizeof *idx);
          for (unsigned i = 0; i < c->nstmts; i++)
            if (c->stmt_sec[i] == iw->sec)
              idx[nidx++] = i;
          idx_sec = iw->sec;
        }
      if (iw->sec != span_sec)
        {
          /* the spans of this section's far jumps, for overlap_count */
          span_sec = iw->sec;
          nspan = 0;
          for (size_t v = w; v < c->niwant && wants[v].sec == iw->sec; v++, nspan++)
            {
              span_lo[nspan] = wants[v].from < wants[v].to ? wants[v].from : wants[v].to;
              span_hi[nspan] = wants[v].from < wants[v].to ? wants[v].to : wants[v].from;
            }
          qsort (span_lo, nspan, sizeof *span_lo, cmp_int64);
          qsort (span_hi, nspan, sizeof *span_hi, cmp_int64);
        }
      int64_t dir = iw->to > iw->from ? 1 : -1;
      int64_t lo = dir > 0 ? iw->from : iw->to, hi = dir > 0 ? iw->to : iw->from;
      /* The islands that the other far jumps get in this plan stand
         between this one's hops in the next pass and lengthen each
         stretch: by a hop and a skip at most for each other jump whose
         span overlaps (its hops are at least half the limit apart, so one
         stretch holds at most one of them; ISLAND_MARGIN covers the rest).  The hops come that much
         closer, so that no stretch passes the soft limit however many far
         jumps share it (2,000 jumps over one point: 1,488 were beyond
         it), down to half the limit apart.  */
      int64_t spacing = ISLAND_SPACING   /* (the jump itself counted once) */
                        - 2 * ((int64_t) overlap_count (span_lo, span_hi, nspan, lo, hi) - 1);
      if (spacing < RELAX_SOFT_LIMIT / 2)
        spacing = RELAX_SOFT_LIMIT / 2;
      size_t first = p->nisl;
      for (unsigned hop = 0;; hop++)
        {
          int64_t x = iw->from + dir * (int64_t) (hop + 1) * spacing;
          if (dir > 0 ? x >= iw->to : x <= iw->to)
            break;
          long n = statement_at (c, idx, nidx, x, lo, hi);
          if (n < 0)
            {
              p->nisl = first;   /* no room: the jump stays, and is an error */
              break;
            }
          p->isl = xrealloc (p->isl, (p->nisl + 1) * sizeof *p->isl);
          p->isl[p->nisl++] = (struct island) { iw->jump_no, hop, (unsigned) n };
        }
    }
  free (idx);
  free (wants);
  free (span_lo);
  free (span_hi);
  if (p->nisl)
    qsort (p->isl, p->nisl, sizeof *p->isl, cmp_island);
  /* the order the next pass meets them in; islands at one anchor by
     jump number and hop, so that each pass writes the same bytes */
  struct by_anchor *ba = xrealloc (NULL, (p->nisl + 1) * sizeof *ba);
  for (size_t i = 0; i < p->nisl; i++)
    ba[i] = (struct by_anchor) { p->isl[i].anchor, i };
  if (p->nisl)
    qsort (ba, p->nisl, sizeof *ba, cmp_anchor);
  p->order = xrealloc (p->order, (p->nisl + 1) * sizeof *p->order);
  for (size_t i = 0; i < p->nisl; i++)
    p->order[i] = ba[i].i;
  free (ba);
  return 1;
}

void
relax_plan_free (struct relax_plan *p)
{
  free (p->longj);
  free (p->isl);
  free (p->order);
  memset (p, 0, sizeof *p);
}

int
cpu_version (const char *name)
{
  if (name[0] == 'v' && name[1] >= '1' && name[1] <= '4' && !name[2])
    return name[1] - '0';
  return 0;
}
