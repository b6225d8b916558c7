/* lex.c - bpf-asm: lexing: white space, identifiers, punctuation.  */
#include "asm/asm.h"

/* Read an identifier; returns its length (0 if none).  */
size_t
ident (struct asm_ctx *c, const char **start)
{
  skip_ws (c);
  *start = c->p;
  if (!is_idstart ((unsigned char) *c->p))
    return 0;
  while (is_idchar ((unsigned char) *c->p))
    c->p++;
  return (size_t) (c->p - *start);
}



int
expect (struct asm_ctx *c, char ch)
{
  if (accept (c, ch))
    return 1;
  if (!c->stmt_err)
    {
      if (*c->p)
        ERR (c, "expected `%c' before `%.20s'", ch, c->p);
      else
        ERR (c, "expected `%c' at end of line", ch);
    }
  return 0;
}
