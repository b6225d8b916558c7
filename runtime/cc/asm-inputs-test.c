/* asm-inputs-test.c: unit tests of bpf-cc's rewrites of preprocessed C,
   asm-inputs.c and core-bases.c, one PASS:/FAIL: line each
   (testsuite/bpfsupport.unit/cc.exp).  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm-inputs.h"
#include "core-bases.h"

static int failures;

static void
expect (const char *name, const char *in, const char *want, int want_count)
{
  size_t n = strlen (in), len = 0;
  char *out = malloc (n + 1);
  int count = asm_inputs_drop_plus (in, n, out, &len);
  out[len] = '\0';
  if (count == want_count && !strcmp (out, want))
    printf ("PASS: asm-inputs: %s\n", name);
  else
    {
      printf ("FAIL: asm-inputs: %s: got %d \"%s\"\n", name, count, out);
      failures++;
    }
  free (out);
}

static void
expect_core (const char *name, const char *in, const char *want, int want_count)
{
  char *out = NULL;
  size_t len = 0;
  int count = core_null_bases (in, strlen (in), &out, &len);
  if (count == want_count && out && len == strlen (want)
      && !memcmp (out, want, len))
    printf ("PASS: core-bases: %s\n", name);
  else
    {
      printf ("FAIL: core-bases: %s: got %d \"%.*s\"\n", name, count,
	      (int) len, out ? out : "");
      failures++;
    }
  free (out);
}

#define DECL "extern void *const __bpfs_core_base;\n"

int
main (void)
{
  expect_core ("a null base in the first argument",
	       "x = __builtin_preserve_field_info(((struct T *)0)->arr, 2);",
	       DECL "x = __builtin_preserve_field_info(((struct T *)__bpfs_core_base)->arr, 2);", 1);
  expect_core ("typeof and spaces, nested parentheses",
	       "__builtin_preserve_field_info ( ( ( typeof(struct T) * ) 0 )->a[1].b , 0)",
	       DECL "__builtin_preserve_field_info ( ( ( typeof(struct T) * ) __bpfs_core_base )->a[1].b , 0)", 1);
  expect_core ("not the second argument, not other calls, not 0x0 or 0.5",
	       "f((int *)0); __builtin_preserve_field_info(p->a, (long *)0); g((char *)0x0, (int *)0.5);",
	       "f((int *)0); __builtin_preserve_field_info(p->a, (long *)0); g((char *)0x0, (int *)0.5);", 0);
  expect_core ("strings and line markers",
	       "# 1 \"__builtin_preserve_field_info((int *)0)\"\ns = \"__builtin_preserve_field_info((T *)0)\";",
	       "# 1 \"__builtin_preserve_field_info((int *)0)\"\ns = \"__builtin_preserve_field_info((T *)0)\";", 0);
  expect ("an input's + is dropped",
	  "asm volatile(\"%[x] &= 0xff\" :: [x] \"+r\"(v));",
	  "asm volatile(\"%[x] &= 0xff\" :: [x] \"r\"(v));", 1);
  expect ("an output's + stays",
	  "asm volatile(\"%0 += 1\" : \"+r\"(v) : \"r\"(w));",
	  "asm volatile(\"%0 += 1\" : \"+r\"(v) : \"r\"(w));", 0);
  expect ("every input, and not the clobbers",
	  "__asm__ __volatile__(\"\" : \"=r\"(a) : \"+r\"(b), [c] \"+m\"(c) : \"memory\");",
	  "__asm__ __volatile__(\"\" : \"=r\"(a) : \"r\"(b), [c] \"m\"(c) : \"memory\");", 2);
  expect ("colons and parentheses in the template and expressions",
	  "asm(\"a: (b) \\\":\\\" %0\" : : \"+r\"(x ? (y) : z), \"+r\"(f(1, 2)));",
	  "asm(\"a: (b) \\\":\\\" %0\" : : \"r\"(x ? (y) : z), \"r\"(f(1, 2)));", 2);
  expect ("asm goto, its labels section",
	  "asm goto(\"if %0 > 0 goto %l[out]\" :: \"+r\"(v) :: out);",
	  "asm goto(\"if %0 > 0 goto %l[out]\" :: \"r\"(v) :: out);", 1);
  expect ("line markers, pragmas, strings and comments are not asm",
	  "# 1 \"asm.c\"\n#pragma asm (\"+r\")\nchar *s = \"asm(:: \\\"+r\\\"(x))\"; /* asm(:: \"+r\"(x)) */\nint asmx = 1;",
	  "# 1 \"asm.c\"\n#pragma asm (\"+r\")\nchar *s = \"asm(:: \\\"+r\\\"(x))\"; /* asm(:: \"+r\"(x)) */\nint asmx = 1;", 0);
  expect ("several statements",
	  "asm(\"\"::\"+r\"(a)); x = 1; __asm(\"\"::\"+r\"(b));",
	  "asm(\"\"::\"r\"(a)); x = 1; __asm(\"\"::\"r\"(b));", 2);
  expect ("a file-scope asm has no operands", "asm(\".globl x\");",
	  "asm(\".globl x\");", 0);
  expect ("empty input", "", "", 0);
  return failures != 0;
}
