/* A CO-RE read whose value is discarded (`q->x;') compiles at -O0: the
   relocated load's asm had no output, so its input took operand 0 and GCC
   said "invalid 'asm': operand number out of range" (issue 20, item 7).
   Not a misuse: no diagnostic at all, at any level.  */
/* { dg-do assemble } */
/* { dg-options "-O0 -gbtf" } */
struct s { int x; long y; } __attribute__((preserve_access_index));

int
discarded (struct s *q)
{
  q->x;
  q->y;
  return q->x;
}
