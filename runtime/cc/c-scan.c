/* c-scan.c: see c-scan.h.  */
#include "c-scan.h"

bool
c_ident_char (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
	 || (c >= '0' && c <= '9') || c == '_' || c == '$';
}

size_t
c_skip_literal (const char *s, size_t n, size_t i)
{
  char q = s[i++];
  while (i < n && s[i] != q && s[i] != '\n')
    i += s[i] == '\\' && i + 1 < n ? 2 : 1;
  return i < n ? i + 1 : n;
}

bool
c_line_start_at (const char *s, size_t i)
{
  while (i > 0 && (s[i - 1] == ' ' || s[i - 1] == '\t'))
    i--;
  return i == 0 || s[i - 1] == '\n';
}

size_t
c_directive_end (const char *s, size_t n, size_t i)
{
  size_t j = i;
  while (j < n && (s[j] == ' ' || s[j] == '\t'))
    j++;
  if (j >= n || s[j] != '#')
    return i;
  while (j < n && s[j] != '\n')
    j++;
  return j;
}

size_t
c_skip_blank (const char *s, size_t n, size_t i)
{
  while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n'
		   || s[i] == '\r' || s[i] == '\f' || s[i] == '\v'))
    i++;
  return i;
}
