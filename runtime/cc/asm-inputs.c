/* asm-inputs.c: `+' in the input constraints of inline asm, read as clang
   reads it.
 *
 * clang-19 takes `asm volatile ("..." :: [x] "+r" (v))' and treats the
 * `+' of an input operand as nothing: the operand is a plain input
 * ("r"), the asm may change the register, and v keeps its value.  GCC 12
 * refuses the statement ("input operand constraint contains '+'"), and
 * BPF code written for clang has it (64 of 94 objects of one production
 * project).  No plugin hook runs before the C parser checks constraints,
 * so bpf-cc, when GCC refuses a file for this reason alone, preprocesses
 * it, drops the `+' of each input constraint in the preprocessed text
 * (this file) and compiles that.
 *
 * The scan knows C's tokens only as far as it must: string and character
 * literals (where parentheses and colons mean nothing), comments (none in
 * preprocessed text, but -C keeps them), line markers and #pragma lines,
 * and `asm'/`__asm'/`__asm__' followed by its qualifiers and `('.  Inside
 * that statement's parentheses, a colon at the first depth starts the
 * next section; a string literal at the first depth of the third section
 * (the inputs) is a constraint, since every operand's expression is
 * itself in parentheses.  */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "c-scan.h"

#include "asm-inputs.h"

/* Past white space and comments.  */
static size_t
skip_space (const char *s, size_t n, size_t i)
{
  for (;;)
    {
      i = c_skip_blank (s, n, i);
      if (i + 1 < n && s[i] == '/' && s[i + 1] == '*')
	{
	  const char *e = NULL;
	  for (size_t j = i + 2; j + 1 < n; j++)
	    if (s[j] == '*' && s[j + 1] == '/')
	      {
		e = s + j + 2;
		break;
	      }
	  i = e ? (size_t) (e - s) : n;
	}
      else if (i + 1 < n && s[i] == '/' && s[i + 1] == '/')
	while (i < n && s[i] != '\n')
	  i++;
      else
	return i;
    }
}

static bool
word_is (const char *s, size_t len, const char *w)
{
  return strlen (w) == len && !memcmp (s, w, len);
}

/* The asm statement whose `(' is at S[I]: mark the `+' of each input
   constraint in DROP.  Returns the position after its `)'.  */
static size_t
scan_asm (const char *s, size_t n, size_t i, bool *drop, unsigned *count)
{
  int depth = 0, section = 0;
  while (i < n)
    {
      char c = s[i];
      if (c == '"' || c == '\'')
	{
	  /* A wide or u8 prefix is an identifier character before it, and
	     constraints have none.  */
	  if (c == '"' && depth == 1 && section == 2 && i + 1 < n
	      && s[i + 1] == '+')
	    {
	      drop[i + 1] = true;
	      (*count)++;
	    }
	  i = c_skip_literal (s, n, i);
	  continue;
	}
      if (c == '/' && i + 1 < n && (s[i + 1] == '*' || s[i + 1] == '/'))
	{
	  i = skip_space (s, n, i);
	  continue;
	}
      if (c == '(' || c == '[' || c == '{')
	depth++;
      else if (c == ')' || c == ']' || c == '}')
	{
	  if (--depth == 0)
	    return i + 1;
	}
      else if (c == ':' && depth == 1)
	section++;
      else if (c == ';' && depth <= 1)
	return i;	/* Not an asm statement after all.  */
      i++;
    }
  return n;
}

int
asm_inputs_drop_plus (const char *s, size_t n, char *out, size_t *out_len)
{
  bool *drop = calloc (n ? n : 1, sizeof *drop);
  unsigned count = 0;
  size_t i = 0;
  bool line_start = true;

  if (!drop)
    return -1;
  while (i < n)
    {
      char c = s[i];
      if (line_start)
	{
	  /* A line marker or a #pragma: to the end of the line.  */
	  size_t end = c_directive_end (s, n, i);
	  if (end != i)
	    {
	      i = end;
	      continue;
	    }
	  line_start = false;
	}
      if (c == '\n')
	{
	  line_start = true;
	  i++;
	  continue;
	}
      if (c == '"' || c == '\'')
	{
	  i = c_skip_literal (s, n, i);
	  continue;
	}
      if (c == '/' && i + 1 < n && (s[i + 1] == '*' || s[i + 1] == '/'))
	{
	  i = skip_space (s, n, i);
	  continue;
	}
      if (c_ident_char (c) && !(c >= '0' && c <= '9'))
	{
	  size_t b = i;
	  while (i < n && c_ident_char (s[i]))
	    i++;
	  if (word_is (s + b, i - b, "asm") || word_is (s + b, i - b, "__asm")
	      || word_is (s + b, i - b, "__asm__"))
	    {
	      size_t j = skip_space (s, n, i);
	      for (;;)
		{
		  size_t k = j;
		  while (k < n && c_ident_char (s[k]))
		    k++;
		  if (k == j
		      || !(word_is (s + j, k - j, "volatile")
			   || word_is (s + j, k - j, "__volatile__")
			   || word_is (s + j, k - j, "__volatile")
			   || word_is (s + j, k - j, "inline")
			   || word_is (s + j, k - j, "__inline")
			   || word_is (s + j, k - j, "__inline__")
			   || word_is (s + j, k - j, "goto")))
		    break;
		  j = skip_space (s, n, k);
		}
	      if (j < n && s[j] == '(')
		i = scan_asm (s, n, j, drop, &count);
	    }
	  continue;
	}
      if (c >= '0' && c <= '9')
	{
	  /* A number, with its suffixes and exponent signs (1e+5).  */
	  while (i < n && (c_ident_char (s[i]) || s[i] == '.'
			   || ((s[i] == '+' || s[i] == '-')
			       && (s[i - 1] == 'e' || s[i - 1] == 'E'
				   || s[i - 1] == 'p' || s[i - 1] == 'P'))))
	    i++;
	  continue;
	}
      i++;
    }

  size_t o = 0;
  for (size_t k = 0; k < n; k++)
    if (!drop[k])
      out[o++] = s[k];
  free (drop);
  *out_len = o;
  return (int) count;
}
