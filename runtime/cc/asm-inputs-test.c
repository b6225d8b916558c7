/* asm-inputs-test.c: unit tests of bpf-cc's rewrites of preprocessed C,
   asm-inputs.c, core-bases.c and decl-attrs.c, one PASS:/FAIL: line each
   (testsuite/bpfsupport.unit/cc.exp).  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm-inputs.h"
#include "core-bases.h"
#include "decl-attrs.h"

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
expect_attrs (const char *name, const char *in, const char *want, int want_count)
{
  char *out = NULL;
  size_t len = 0;
  int count = decl_attrs_hoist (in, strlen (in), &out, &len);
  if (count == want_count && out && len == strlen (want) && !memcmp (out, want, len))
    printf ("PASS: decl-attrs: %s\n", name);
  else
    {
      printf ("FAIL: decl-attrs: %s: got %d \"%s\"\n", name, count, out ? out : "");
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
  expect_attrs ("after a definition's declarator, to its start",
		"int a;\nstatic int foo(int x) __attribute__((noinline)) {\n  return x;\n}\n",
		"int a;\n__attribute__((noinline)) static int foo(int x)                           {\n  return x;\n}\n", 1);
  expect_attrs ("two lists over two lines, lines kept; after a line marker",
		"# 3 \"t.c\"\nint foo(int x __attribute__((a)))\n __attribute__((b(\")\")))\n __attribute((c)) {}\n",
		"# 3 \"t.c\"\n__attribute__((b(\")\")))  __attribute((c)) int foo(int x __attribute__((a)))\n                        \n                  {}\n", 1);
  expect_attrs ("after a function body and a struct",
		"void f(void) { g(); }\nstruct s { int a __attribute__((packed)); };\nint h(void) __attribute__((x)) { return 0; }",
		"void f(void) { g(); }\nstruct s { int a __attribute__((packed)); };\n__attribute__((x)) int h(void)                    { return 0; }", 1);
  expect_attrs ("line markers inside the attributes stay on their lines",
		"int g(void)\n# 16 \"t.c\" 3 4\n __attribute__((section(\n# 16 \"t.c\"\n\"xdp\"\n# 16 \"t.c\" 3 4\n), used))\n# 17 \"t.c\"\n{ return 0; }\n",
		"__attribute__((section(  \"xdp\"  ), used)) int g(void)\n# 16 \"t.c\" 3 4\n                        \n# 16 \"t.c\"\n     \n# 16 \"t.c\" 3 4\n         \n# 17 \"t.c\"\n{ return 0; }\n", 1);
  expect_attrs ("declarations and attributes before the declarator left alone",
		"int f(void) __attribute__((x));\n__attribute__((y)) int g(void) { return 0; }\nint (*p)(void) = 0;\n",
		"int f(void) __attribute__((x));\n__attribute__((y)) int g(void) { return 0; }\nint (*p)(void) = 0;\n", 0);
  expect_attrs ("not inside a function body",
		"int f(void) { if (g()) __attribute__((fallthrough)); { } return 0; }",
		"int f(void) { if (g()) __attribute__((fallthrough)); { } return 0; }", 0);
  return failures != 0;
}
