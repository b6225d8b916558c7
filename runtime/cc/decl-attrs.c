/* decl-attrs.c: attributes written after a function definition's
   declarator, moved to the start of the definition.
 *
 * clang accepts `static int foo (int x) __attribute__ ((noinline)) {...}'
 * (BPF programs write it: the selftests' test_btf_decl_tag.c puts its
 * btf_decl_tag attributes there); GCC 12's C parser refuses it ("attributes
 * should be specified before the declarator in a function definition")
 * and skips the body, so no plugin hook can help.  For a file GCC refused
 * for this reason, bpf-cc (run.c) moves each such attribute list, in the
 * preprocessed text, to the start of its declaration, where GCC reads
 * attributes as part of the declaration specifiers and applies them to
 * the function, as clang does.  The moved text goes on the line where the
 * declaration starts (its own newlines become spaces) and the old place
 * is blanked with its newlines kept, so every line keeps its number.
 *
 * A declaration starts after the previous `;' or `}' at file scope, or
 * after a line marker (`# N "file"') that comes before its first token;
 * the pattern is, at file scope, a `)' followed by one or more
 * `__attribute__ ((...))' (or `__attribute') and then `{'.  Line markers
 * inside the pattern (GCC's -E writes them inside a macro from a system
 * header, such as libbpf's SEC) stay where they are.  */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "c-scan.h"

#include "decl-attrs.h"

/* Past blanks, newlines and whole directive lines (the line markers
   `# N "file" 3 4' that GCC's -E writes inside a macro from a system
   header: SEC() expands over several lines).  */
static size_t
skip_space (const char *s, size_t n, size_t i)
{
  for (;;)
    {
      i = c_skip_blank (s, n, i);
      size_t end = i < n && c_line_start_at (s, i) ? c_directive_end (s, n, i) : i;
      if (end == i)
	return i;
      i = end;
    }
}

/* The `__attribute__ ((...))' or `__attribute ((...))' at S[I], if one
   starts there: the index past its closing parenthesis, else 0.  */
static size_t
attribute_end (const char *s, size_t n, size_t i)
{
  static const char *const names[] = { "__attribute__", "__attribute" };
  size_t k = 0;
  for (int t = 0; t < 2 && !k; t++)
    {
      size_t m = strlen (names[t]);
      if (i + m <= n && !memcmp (s + i, names[t], m)
	  && (i + m == n || !c_ident_char (s[i + m])))
	k = i + m;
    }
  if (!k)
    return 0;
  k = skip_space (s, n, k);
  if (k >= n || s[k] != '(')
    return 0;
  int depth = 0;
  while (k < n)
    {
      char c = s[k];
      if (c == '#' && c_line_start_at (s, k))
	{
	  k = skip_space (s, n, k);
	  continue;
	}
      if (c == '"' || c == '\'')
	{
	  k = c_skip_literal (s, n, k);
	  continue;
	}
      if (c == '(')
	depth++;
      else if (c == ')' && --depth == 0)
	return k + 1;
      k++;
    }
  return 0;
}

int
decl_attrs_hoist (const char *s, size_t n, char **out, size_t *out_len)
{
  /* Each move: the attributes [from, to) go to AT.  */
  struct move { size_t at, from, to; } *moves = NULL;
  size_t nmoves = 0, cap = 0, extra = 0;
  int braces = 0, parens = 0;
  size_t decl_start = 0;
  bool in_decl = false;	/* a token of the declaration seen at file scope */
  for (size_t i = 0; i < n;)
    {
      char c = s[i];
      if (c == '#' && c_line_start_at (s, i))
	{
	  /* A directive's line; a declaration not begun yet starts after
	     it (a marker inside a declaration is part of it).  */
	  i = c_directive_end (s, n, i);
	  if (!in_decl && braces == 0 && parens == 0)
	    decl_start = i;
	  continue;
	}
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
	in_decl = true;
      if (c == '"' || c == '\'')
	{
	  i = c_skip_literal (s, n, i);
	  continue;
	}
      if (c == '(')
	parens++;
      else if (c == ')' && parens > 0 && --parens == 0 && braces == 0)
	{
	  /* At file scope: `) ATTRS... {'?  */
	  size_t from = skip_space (s, n, i + 1), to = 0, k = from, e;
	  while ((e = attribute_end (s, n, k)) != 0)
	    {
	      to = e;
	      k = skip_space (s, n, e);
	    }
	  if (to && k < n && s[k] == '{')
	    {
	      if (nmoves == cap)
		{
		  cap = cap ? 2 * cap : 8;
		  struct move *m = realloc (moves, cap * sizeof *moves);
		  if (!m)
		    {
		      free (moves);
		      return -1;
		    }
		  moves = m;
		}
	      moves[nmoves++] = (struct move) { skip_space (s, n, decl_start), from, to };
	      extra += to - from + 1;
	      i = to;
	      continue;
	    }
	}
      else if (c == '{')
	braces++;
      else if (c == '}' && braces > 0)
	{
	  if (--braces == 0 && parens == 0)
	    {
	      decl_start = i + 1;
	      in_decl = false;
	    }
	}
      else if (c == ';' && braces == 0 && parens == 0)
	{
	  decl_start = i + 1;
	  in_decl = false;
	}
      i++;
    }

  char *o = malloc (n + extra + 1);
  if (!o)
    {
      free (moves);
      return -1;
    }
  size_t w = 0, r = 0;
  for (size_t m = 0; m < nmoves; m++)
    {
      /* Up to the declaration's start, then the attributes on one line,
	 without the line markers among them.  */
      memcpy (o + w, s + r, moves[m].at - r);
      w += moves[m].at - r;
      for (size_t k = moves[m].from; k < moves[m].to; k++)
	if (s[k] == '#' && c_line_start_at (s, k))
	  while (k + 1 < moves[m].to && s[k + 1] != '\n')
	    k++;
	else
	  o[w++] = s[k] == '\n' || s[k] == '\r' ? ' ' : s[k];
      o[w++] = ' ';
      /* The declaration up to the attributes, then their place blanked,
	 newlines and line markers kept.  */
      memcpy (o + w, s + moves[m].at, moves[m].from - moves[m].at);
      w += moves[m].from - moves[m].at;
      for (size_t k = moves[m].from; k < moves[m].to; k++)
	if (s[k] == '#' && c_line_start_at (s, k))
	  {
	    for (; k < moves[m].to && s[k] != '\n'; k++)
	      o[w++] = s[k];
	    k--;	/* its newline is written next */
	  }
	else
	  o[w++] = s[k] == '\n' ? '\n' : ' ';
      r = moves[m].to;
    }
  memcpy (o + w, s + r, n - r);
  w += n - r;
  o[w] = '\0';
  free (moves);
  *out = o;
  *out_len = w;
  return (int) nmoves;
}
