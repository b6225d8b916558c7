/* main.c - bpf-asm command line: assemble (default) or disassemble (-d).  */
#include "asm/asm.h"
#include <sys/stat.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BPF_ASM_VERSION "0.1"

static void
usage (FILE *f)
{
  fputs ("Usage: bpf-asm [options] [FILE.s ...]\n"
         "       bpf-asm -d [options] FILE.o\n"
         "Assemble BPF source (GNU or pseudo-C syntax) into an ELF64 EM_BPF\n"
         "relocatable object using LLVM's relocation conventions, or\n"
         "disassemble one.\n\n"
         "Options:\n"
         "  -o FILE            output object (default a.out; - not allowed)\n"
         "  -d, --disassemble  disassemble FILE.o to reassemblable source\n"
         "  --syntax=auto|gnu|pseudoc\n"
         "                     input syntax (auto: decided per line);\n"
         "                     with -d, the output syntax (default gnu)\n"
         "  --bytes            with -d, add offsets and raw bytes as comments\n"
         "  -mxbpf             GCC xBPF: sdiv/smod are the xBPF encodings;\n"
         "                     sets e_flags EF_BPF_GNU_XBPF\n"
         "  -mno-xbpf          the default\n"
         "  --max-errors=N     stop after N errors (default 1000; 0: never)\n"
        "  --app-stats=FILE   per #APP block of GCC's inline asm, write\n"
        "                     \"LINE ASSEMBLED SKIPPED\": its statements assembled,\n"
        "                     and skipped (a conditional's branch not taken,\n"
        "                     a macro or .rept body)\n"
         "  -mcpu=v1|v2|v3|v4  the BPF instruction set (default v4; `.cpu vN'\n"
         "                     in the input too): below v4, far jumps go through\n"
         "                     branch islands (ja hops) instead of gotol\n"
         "  --omit-empty-sections\n"
         "                     no .data or .bss when empty and unreferenced, as\n"
         "                     clang writes (bpf-cc and -specs=bpfsupport pass it;\n"
         "                     the default is gas's: both always)\n"
         "  -W, --no-warn      print no warnings (the last of -W, --warn and\n"
         "                     --fatal-warnings counts, as in gas)\n"
         "  --warn             print warnings (the default)\n"
         "  --fatal-warnings   warnings are errors: no object, exit status 1\n"
         "  --no-warn-sign-extended-imm\n"
         "                     no warning for a 64-bit ALU or JMP immediate\n"
         "                     written in [2^31, 2^32), which the CPU\n"
         "                     sign-extends (`and %r0,0xffffffff' is r0 &= -1)\n"
         "  --warn-sign-extended-imm\n"
         "                     that warning (the default)\n"
         "  -EL, --64, -v, -I DIR, --gdwarf*, -g, -Z, -march=*\n"
         "                     accepted for gas compatibility (-EB is refused)\n"
         "  --help             this text\n"
         "  --version          version\n"
         "Input \"-\" or no FILE reads standard input.\n", f);
}

static char *
read_all (FILE *f, size_t *len)
{
  /* A regular file's size is known: one buffer of the right size (and two
     bytes to spare for main's newline), not a doubling one copied as it
     grows (make bench-asm: the copies were a third of a data-heavy
     input's time).  */
  struct stat st;
  size_t cap = 65536, n = 0;
  if (fstat (fileno (f), &st) == 0 && S_ISREG (st.st_mode) && st.st_size > 0
      && (uint64_t) st.st_size < SIZE_MAX / 2)
    cap = (size_t) st.st_size + 2;
  char *b = malloc (cap);
  if (!b)
    return NULL;
  for (;;)
    {
      if (n + 2 > cap)
        {
          char *nb = realloc (b, cap *= 2);
          if (!nb)
            {
              free (b);
              return NULL;
            }
          b = nb;
        }
      size_t r = fread (b + n, 1, cap - n, f);
      n += r;
      if (r == 0)
        break;
    }
  *len = n;
  return b;
}

/* Flush and close F (standard output stays open), named NAME in the
   error: data lost to a full disk or /dev/full is an error, never exit 0.  */
static int
close_output (FILE *f, const char *name)
{
  int bad = fflush (f) != 0 || ferror (f);
  if (f != stdout && fclose (f) != 0)
    bad = 1;
  if (bad)
    fprintf (stderr, "bpf-asm: error: writing %s: %s\n", name,
             errno ? strerror (errno) : "write error");
  return bad ? -1 : 0;
}

int
main (int argc, char **argv)
{
  struct asm_opts opts = { ASM_SYNTAX_AUTO, 0, 1000, stderr, 0, NULL, 0, 0, 0, 0, 0 };
  const char *out = "a.out", *app_stats = NULL;
  int dis = 0, show_bytes = 0, syntax_given = 0;
  const char **inputs = calloc ((size_t) argc + 1, sizeof *inputs);
  int ninputs = 0;
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (!strcmp (a, "--help") || !strcmp (a, "-h"))
        {
          usage (stdout);
          return 0;
        }
      else if (!strcmp (a, "--version") || !strcmp (a, "-V"))
        {
          printf ("bpf-asm (bpfsupport) %s\n", BPF_ASM_VERSION);
          return 0;
        }
      else if (!strcmp (a, "-o"))
        {
          if (++i >= argc)
            {
              fputs ("bpf-asm: -o needs an argument\n", stderr);
              return 1;
            }
          out = argv[i];
        }
      else if (!strncmp (a, "-o", 2))
        out = a + 2;
      else if (!strcmp (a, "-d") || !strcmp (a, "--disassemble"))
        dis = 1;
      else if (!strcmp (a, "--bytes"))
        show_bytes = 1;
      else if (!strncmp (a, "--syntax=", 9))
        {
          const char *s = a + 9;
          syntax_given = 1;
          if (!strcmp (s, "auto")) opts.syntax = ASM_SYNTAX_AUTO;
          else if (!strcmp (s, "gnu")) opts.syntax = ASM_SYNTAX_GNU;
          else if (!strcmp (s, "pseudoc") || !strcmp (s, "pseudo-c"))
            opts.syntax = ASM_SYNTAX_PSEUDOC;
          else
            {
              fprintf (stderr, "bpf-asm: unknown syntax `%s'\n", s);
              return 1;
            }
        }
      else if (!strcmp (a, "-mxbpf"))
        opts.xbpf = 1;
      else if (!strncmp (a, "-mcpu=", 6))
        {
          if (!(opts.cpu = cpu_version (a + 6)))
            {
              fprintf (stderr, "bpf-asm: error: -mcpu takes v1, v2, v3 or v4, "
                       "not `%s'\n", a + 6);
              return 1;
            }
        }
      else if (!strcmp (a, "-mno-xbpf"))
        opts.xbpf = 0;
      else if (!strcmp (a, "--omit-empty-sections"))
        opts.omit_empty = 1;
      else if (!strcmp (a, "-W") || !strcmp (a, "--no-warn"))
        opts.no_warn = 1, opts.fatal_warnings = 0;
      else if (!strcmp (a, "--warn"))
        opts.no_warn = 0, opts.fatal_warnings = 0;
      else if (!strcmp (a, "--fatal-warnings"))
        opts.fatal_warnings = 1, opts.no_warn = 0;
      else if (!strcmp (a, "--no-warn-sign-extended-imm"))
        opts.no_warn_sext = 1;
      else if (!strcmp (a, "--warn-sign-extended-imm"))
        opts.no_warn_sext = 0;
      else if (!strncmp (a, "--app-stats=", 12))
        app_stats = a + 12;
      else if (!strncmp (a, "--max-errors=", 13))
        opts.max_errors = atoi (a + 13);
      else if (!strcmp (a, "-EB"))
        {
          fputs ("bpf-asm: big-endian output is not supported\n", stderr);
          return 1;
        }
      else if (!strcmp (a, "-I"))
        i++;
      else if (!strcmp (a, "-EL") || !strcmp (a, "--64") || !strcmp (a, "-v")
               || !strncmp (a, "-I", 2) || !strncmp (a, "--gdwarf", 8)
               || !strcmp (a, "-g") || !strcmp (a, "--gen-debug")
               || !strcmp (a, "-Z")
               || !strncmp (a, "-march=", 7)
               || !strcmp (a, "-Qy")
               || !strcmp (a, "-Qn") || !strcmp (a, "--noexecstack")
               || !strcmp (a, "-mdialect=normal") || !strcmp (a, "-mdialect=pseudoc")
               || !strcmp (a, "-mlittle-endian"))
        {
          if (!strcmp (a, "-v"))
            fprintf (stderr, "bpf-asm (bpfsupport) %s\n", BPF_ASM_VERSION);
        }
      else if (a[0] == '-' && a[1])
        {
          fprintf (stderr, "bpf-asm: unrecognized option `%s'\n", a);
          return 1;
        }
      else
        inputs[ninputs++] = a;
    }
  if (dis)
    {
      if (ninputs != 1)
        {
          fputs ("bpf-asm: -d needs exactly one object file\n", stderr);
          return 1;
        }
      enum bpf_syntax sx = (syntax_given && opts.syntax == ASM_SYNTAX_PSEUDOC)
                           ? BPF_SYNTAX_PSEUDOC : BPF_SYNTAX_GNU;
      int rc = dis_file (inputs[0], sx, show_bytes, stdout) ? 1 : 0;
      if (close_output (stdout, "standard output") != 0)
        rc = 1;
      free (inputs);
      return rc;
    }
  /* Concatenate inputs (like gas), reporting with the first name.  */
  const char *name = ninputs ? inputs[0] : "{standard input}";
  size_t total = 0;
  char *text = NULL;
  if (ninputs == 0)
    inputs[ninputs++] = "-";
  /* An output that is one of the inputs would destroy it (gas refuses
     too).  Checked before anything is written or removed.  */
  for (int i = 0; i < ninputs; i++)
    {
      const char *outs[2] = { out, app_stats };
      for (int k = 0; k < 2; k++)
        if (outs[k] && strcmp (outs[k], "-") && asm_same_file (outs[k], inputs[i]))
          {
            fprintf (stderr, "bpf-asm: error: the input `%s' and the output `%s' "
                     "are the same file\n", inputs[i], outs[k]);
            return 1;
          }
    }
  if (app_stats)
    {
      opts.app_stats = strcmp (app_stats, "-") ? fopen (app_stats, "w") : stdout;
      if (!opts.app_stats)
        {
          fprintf (stderr, "bpf-asm: error: cannot open `%s': %s\n", app_stats,
                   strerror (errno));
          return 1;
        }
    }
  for (int i = 0; i < ninputs; i++)
    {
      FILE *f = strcmp (inputs[i], "-") ? fopen (inputs[i], "rb") : stdin;
      if (!f)
        {
          fprintf (stderr, "bpf-asm: %s: %s\n", inputs[i], strerror (errno));
          asm_remove_output (out);
          return 1;
        }
      size_t len;
      char *b = read_all (f, &len);
      if (f != stdin)
        fclose (f);
      if (!b)
        return 2;
      if (ninputs == 1)
        {
          /* The one input is the text: read_all left room for a newline.  */
          text = b;
          total = len;
          if (len && b[len - 1] != '\n')
            text[total++] = '\n';
          continue;
        }
      text = realloc (text, total + len + 2);
      memcpy (text + total, b, len);
      total += len;
      if (len && b[len - 1] != '\n')
        text[total++] = '\n';
      free (b);
    }
  struct asm_ctx *c = asm_run (name, text ? text : "", total, &opts);
  free (text);
  int rc = 0;
  if (asm_errors (c))
    {
      /* Like gas: no object is left behind on errors.  */
      asm_remove_output (out);
      rc = 1;
    }
  else if (asm_write_elf (c, out) != 0)
    rc = 1;
  /* --app-stats, and .print's standard output.  */
  if (opts.app_stats && opts.app_stats != stdout
      && close_output (opts.app_stats, app_stats))
    rc = 1;
  if (close_output (stdout, "standard output") != 0)
    rc = 1;
  asm_free (c);
  free (inputs);
  return rc;
}
