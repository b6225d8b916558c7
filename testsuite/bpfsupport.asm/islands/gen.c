/* gen.c - mixes of far and near jumps for bpf-asm's branch islands and
   long jumps (islands.exp; more seeds: make -C testsuite/bpfsupport.asm/islands
   fuzz).

   usage: gen SEED OUT.s    writes a program to OUT.s, prints its value

   The program is an XDP function that adds to r0 and returns it.  Its
   value is known by construction, not by running anything: each piece
   adds a known amount when it runs, and the pieces a jump skips add
   1,000,000 apiece if they run by mistake.  The pieces: additions
   (alone and in `.rept' blocks of up to 14,000, so that jumps around them
   need islands below v4 and long forms at v4), jumps written with a
   number (`goto +N', `if r1 != 0 goto +N', `jne %r1,0,N', `ja N', taken
   over skipped code or not taken into code that runs, and the
   `+1' / `+0' of the repro in a .rept), jumps to labels (forward, taken
   or not, conditional, jset, unconditional), loops back to a label or
   by a number, data in the code (skipped) and in another section, in
   GNU and pseudo-C syntax.  Every jump is over code reachable another
   way too, so that the kernel's verifier accepts the program (no
   unreachable instruction): an unconditional jump is preceded by
   `if r2 != 0 goto +1' (r2 is 0), which leads into what it skips.  */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state;

static uint32_t
rnd (void)
{
  /* xorshift64*: the same program for a seed on every host */
  state ^= state >> 12;
  state ^= state << 25;
  state ^= state >> 27;
  return (uint32_t) ((state * 2685821657736338717ull) >> 32);
}

static unsigned
below (unsigned n)
{
  return rnd () % n;
}

struct buf { char *p; size_t n, cap; };

static void
put (struct buf *b, const char *fmt, ...)
{
  va_list ap;
  for (;;)
    {
      va_start (ap, fmt);
      int k = vsnprintf (b->p ? b->p + b->n : NULL, b->p ? b->cap - b->n : 0, fmt, ap);
      va_end (ap);
      if (k < 0)
        abort ();
      if (b->p && b->n + (size_t) k < b->cap)
        {
          b->n += (size_t) k;
          return;
        }
      b->cap = (b->cap + (size_t) k + 1) * 2;
      b->p = realloc (b->p, b->cap);
      if (!b->p)
        abort ();
      if (!b->n)
        b->p[0] = 0;
    }
}

static void
append (struct buf *b, const struct buf *c)
{
  if (c->n)
    put (b, "%s", c->p);
}

static int labels;
#define MAX_SLOTS 90000L

/* A block of pieces: its text, how many instruction slots it takes in
   the author's count, and what it adds to r0 when it runs.  */
struct block { struct buf t; long slots; int64_t value; };

static void gen_block (struct block *b, int depth, int runs, long room);

/* One piece at the end of B.  RUNS: it runs (else it is skipped, and
   adds poison if it runs); DEPTH: nesting (loops use r3 + depth).  */
static void
gen_piece (struct block *b, int depth, int runs, long room)
{
  int64_t k = runs ? 1 + below (9) : 1000000;
  unsigned what = below (depth > 2 || room < 40 ? 4 : 12);
  int gnu = below (2);
  switch (what)
    {
    case 0: case 1:
      put (&b->t, gnu ? "\tadd %%r0,%lld\n" : "\tr0 += %lld\n", (long long) k);
      b->slots++;
      b->value += k;
      return;
    case 2:
      {
        /* a .rept of additions: now and then long enough for islands */
        long n = below (4) == 0 ? 2000 + below (12000) : 1 + below (50);
        if (n > room)
          n = room;
        put (&b->t, "\t.rept %ld\n\tr0 += %lld\n\t.endr\n", n, (long long) (runs ? 1 : 1000000));
        b->slots += n;
        b->value += runs ? n : 0;
        return;
      }
    case 3:
      {
        /* the repro's step: `+1' skips the poison written after it */
        long n = 1 + below (room / 3 < 3000 ? (unsigned) (room / 3 > 0 ? room / 3 : 1) : 3000);
        static const char *const skip[] = { "if r1 != 0 goto +1", "jne %r1,0,1",
                                            "if r1 > 0 goto +1", "jgt %r1,0,1" };
        put (&b->t, "\t.rept %ld\n\tr0 += 1\n\t%s\n\tr0 += 1000000\n\t.endr\n", n, skip[below (4)]);
        b->slots += 3 * n;
        b->value += runs ? n : 0;
        return;
      }
    case 4: case 5:
      {
        /* a number over skipped code: conditional (r1 is 1), or
           unconditional behind the r2 edge into what it skips */
        struct block s = { 0 };
        gen_block (&s, depth + 1, 0, room - 2 < 20000 ? room - 2 : 20000);
        if (below (2))
          {
            put (&b->t, gnu ? "\tjne %%r1,0,%ld\n" : "\tif r1 != 0 goto +%ld\n", s.slots);
            b->slots += 1;
          }
        else
          {
            put (&b->t, gnu ? "\tjne %%r2,0,1\n\tja %ld\n" : "\tif r2 != 0 goto +1\n\tgoto +%ld\n",
                 s.slots);
            b->slots += 2;
          }
        append (&b->t, &s.t);
        b->slots += s.slots;
        free (s.t.p);
        return;
      }
    case 6:
      {
        /* a number not taken (r2 is 0): what follows runs */
        struct block s = { 0 };
        gen_block (&s, depth + 1, runs, room - 1 < 20000 ? room - 1 : 20000);
        put (&b->t, gnu ? "\tjeq %%r1,0,%ld\n" : "\tif r2 != 0 goto +%ld\n", s.slots);
        append (&b->t, &s.t);
        b->slots += 1 + s.slots;
        b->value += s.value;
        free (s.t.p);
        return;
      }
    case 7: case 8:
      {
        /* to a label forward, taken or not */
        int taken = below (2), l = labels++;
        struct block s = { 0 };
        gen_block (&s, depth + 1, runs && !taken, room - 2);
        static const char *const t_jump[] = { "\tif r1 != 0 goto .Lf%d\n", "\tjne %%r1,0,.Lf%d\n",
                                              "\tif r1 & 1 goto .Lf%d\n",
                                              "\tif r2 != 0 goto +1\n\tgoto .Lf%d\n" };
        static const char *const n_jump[] = { "\tif r2 != 0 goto .Lf%d\n", "\tjeq %%r1,0,.Lf%d\n",
                                              "\tif r2 & 1 goto .Lf%d\n", "\tif r1 s< 0 goto .Lf%d\n" };
        unsigned form = below (4);
        put (&b->t, taken ? t_jump[form] : n_jump[form], l);
        b->slots += taken && form == 3 ? 2 : 1;
        append (&b->t, &s.t);
        put (&b->t, ".Lf%d:\n", l);
        b->slots += s.slots;
        b->value += taken ? 0 : s.value;
        free (s.t.p);
        return;
      }
    case 9: case 10:
      {
        /* a loop, back to a label or by a number; r3 + depth counts */
        int n = 1 + below (3), reg = 3 + depth, l = labels++;
        struct block s = { 0 };
        gen_block (&s, depth + 1, runs, (room - 3) / 3 < 20000 ? (room - 3) / 3 : 20000);
        put (&b->t, "\tr%d = %d\n.Ll%d:\n", reg, n, l);
        append (&b->t, &s.t);
        put (&b->t, "\tr%d += -1\n", reg);
        if (what == 9)
          put (&b->t, gnu ? "\tjsgt %%r%d,0,.Ll%d\n" : "\tif r%d s> 0 goto .Ll%d\n", reg, l);
        else
          put (&b->t, gnu ? "\tjsgt %%r%d,0,%ld\n" : "\tif r%d s> 0 goto %ld\n", reg,
               -(s.slots + 2));
        b->slots += 3 + s.slots;
        b->value += runs ? n * s.value : 0;
        free (s.t.p);
        return;
      }
    case 11:
      {
        /* data: in another section, and in the code where it is skipped */
        put (&b->t, "\t.pushsection .rodata,\"a\"\n\t.long %u\n\t.popsection\n", rnd ());
        put (&b->t, gnu ? "\tjne %%r1,0,1\n" : "\tif r1 != 0 goto +1\n");
        /* r0 += 1000000, as data */
        put (&b->t, below (2) ? "\t.quad 0x000f424000000007\n"
                              : "\t.byte 0x07,0,0,0,0x40,0x42,0x0f,0\n");
        b->slots += 2;
        return;
      }
    }
}

static void
gen_block (struct block *b, int depth, int runs, long room)
{
  unsigned n = 1 + below (depth ? 4 : 12);
  for (unsigned i = 0; i < n && b->slots + 4 < room; i++)
    gen_piece (b, depth, runs, room - b->slots);
  if (!b->slots)
    {
      put (&b->t, "\tr0 += %d\n", runs ? 1 : 1000000);
      b->slots = 1;
      b->value += runs ? 1 : 0;
    }
}

int
main (int argc, char **argv)
{
  if (argc != 3)
    {
      fputs ("usage: gen SEED OUT.s\n", stderr);
      return 2;
    }
  state = strtoull (argv[1], NULL, 0) * 0x9e3779b97f4a7c15ull + 1;
  struct block b = { 0 };
  gen_block (&b, 0, 1, MAX_SLOTS);
  FILE *f = fopen (argv[2], "w");
  if (!f)
    {
      perror (argv[2]);
      return 2;
    }
  fprintf (f, "\t.section xdp,\"ax\",@progbits\n\t.globl f\n\t.type f, @function\nf:\n"
              "\tr0 = 0\n\tr1 = 1\n\tr2 = 0\n%s\texit\n\t.size f, .-f\n"
              "\t.section license,\"aw\",@progbits\n\t.asciz \"GPL\"\n", b.t.p);
  if (fclose (f))
    {
      perror (argv[2]);
      return 2;
    }
  printf ("%lld\n", (long long) b.value);
  free (b.t.p);
  return 0;
}
