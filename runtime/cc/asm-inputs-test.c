/* asm-inputs-test.c: unit tests of asm-inputs.c, one PASS:/FAIL: line
   each (testsuite/bpfsupport.unit/cc.exp).  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm-inputs.h"

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

int
main (void)
{
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
