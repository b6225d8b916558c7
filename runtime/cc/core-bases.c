/* core-bases.c: CO-RE field queries on a null pointer's array member,
   given to GCC in a form it does not fold away.
 *
 * libbpf's bpf_core_field_exists(((struct T *)0)->arr) (and the two-
 * argument form, ((typeof(T) *)0)->arr) become
 * __builtin_preserve_field_info(((struct T *)0)->arr, KIND).  An array
 * argument decays to a pointer, and GCC 12's C front end folds the address
 * of a member reached through a constant pointer to a constant
 * (build_unary_op's "user tricks that amount to offsetof", during the
 * parse of the argument list, before any plugin hook sees the call): the
 * plugin then cannot tell which field was meant, and says so.  clang
 * relocates it (175 of 176 objects of a production project use it).
 *
 * Through a pointer that is not a constant, GCC keeps the member access.
 * So, for a file the plugin refused for this reason, bpf-cc (run.c)
 * replaces the `0' of each `(... *)0' in the first argument of
 * __builtin_preserve_field_info in the preprocessed text by
 * __bpfs_core_base, an extern pointer declared at the start.  The plugin
 * resolves the builtin to a constant and a CO-RE relocation from the
 * types alone; the argument is never evaluated, so the object references
 * no such symbol.  */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "c-scan.h"

#include "core-bases.h"

#define BASE "__bpfs_core_base"
static const char declaration[] = "extern void *const " BASE ";\n";

/* Mark in ZERO the `0' of each `* ) 0' in the first argument of the call
   whose `(' is at S[I].  */
static void
scan_first_argument (const char *s, size_t n, size_t i, bool *zero,
		     unsigned *count)
{
  int depth = 0;
  while (i < n)
    {
      char c = s[i];
      if (c == '"' || c == '\'')
	{
	  i = c_skip_literal (s, n, i);
	  continue;
	}
      if (c == '(' || c == '[' || c == '{')
	depth++;
      else if (c == ')' || c == ']' || c == '}')
	{
	  if (--depth == 0)
	    return;
	}
      else if (c == ',' && depth == 1)
	return;
      else if (c == '*')
	{
	  size_t j = c_skip_blank (s, n, i + 1);
	  if (j < n && s[j] == ')')
	    {
	      size_t k = c_skip_blank (s, n, j + 1);
	      if (k < n && s[k] == '0' && (k + 1 >= n || (!c_ident_char (s[k + 1])
							 && s[k + 1] != '.')))
		{
		  zero[k] = true;
		  (*count)++;
		}
	    }
	}
      i++;
    }
}

int
core_null_bases (const char *s, size_t n, char **out, size_t *out_len)
{
  bool *zero = calloc (n ? n : 1, sizeof *zero);
  unsigned count = 0;
  bool line_start = true;
  if (!zero)
    return -1;
  for (size_t i = 0; i < n;)
    {
      char c = s[i];
      if (line_start)
	{
	  size_t end = c_directive_end (s, n, i);
	  line_start = false;
	  if (end != i)
	    {
	      i = end;
	      continue;
	    }
	}
      if (c == '\n')
	{
	  line_start = true;
	  i++;
	}
      else if (c == '"' || c == '\'')
	i = c_skip_literal (s, n, i);
      else if (c_ident_char (c))
	{
	  size_t b = i;
	  while (i < n && c_ident_char (s[i]))
	    i++;
	  static const char name[] = "__builtin_preserve_field_info";
	  if (i - b == sizeof name - 1 && !memcmp (s + b, name, i - b))
	    {
	      size_t j = c_skip_blank (s, n, i);
	      if (j < n && s[j] == '(')
		scan_first_argument (s, n, j, zero, &count);
	    }
	}
      else
	i++;
    }

  size_t size = n + sizeof declaration + count * (sizeof BASE) + 1;
  char *o = malloc (size);
  if (!o)
    {
      free (zero);
      return -1;
    }
  size_t len = 0;
  if (count)
    {
      memcpy (o, declaration, sizeof declaration - 1);
      len = sizeof declaration - 1;
    }
  for (size_t k = 0; k < n; k++)
    if (zero[k])
      {
	memcpy (o + len, BASE, sizeof BASE - 1);
	len += sizeof BASE - 1;
      }
    else
      o[len++] = s[k];
  free (zero);
  *out = o;
  *out_len = len;
  return (int) count;
}
