/* run.c: bpf-cc runs bpf-gcc, and compiles again what GCC refuses only
   for clang's `+' in an input constraint, a CO-RE field query on a null
   pointer's array member, or attributes after a function definition's
   declarator.
 *
 * GCC 12 refuses `asm ("..." :: "+r" (v))' ("input operand constraint
 * contains '+'"); clang-19 reads the `+' as nothing (asm-inputs.c).  No
 * plugin hook runs before the C parser checks the constraint, so for a
 * compile (-c or -S) of one C file, bpf-gcc's messages are held back until
 * it exits.  When it failed and said either, the file is preprocessed
 * (with the user's dependency options, so that -MD still names the object
 * and the source's headers), the `+' of each input constraint is dropped
 * from the preprocessed text, the null bases of CO-RE field queries
 * replaced (core-bases.c) and attributes after a definition's declarator
 * moved to its start (decl-attrs.c), and that is compiled with the same
 * options; its
 * messages are the ones shown, and the first run's are dropped.  Any other
 * run is bpf-gcc's exec, as before.  */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "asm-inputs.h"
#include "core-bases.h"
#include "decl-attrs.h"
#include "run.h"

/* What bpf-gcc says about a form that the rewrites of the preprocessed
   text (asm-inputs.c, core-bases.c, decl-attrs.c) make it take.  */
#define PLUS_MESSAGE "input operand constraint contains"
#define CORE_MESSAGE "cannot see which field this is"
#define ATTRS_MESSAGE "attributes should be specified before the declarator"

/* bpf-gcc's options whose value is the next argument, as bpf-cc passes
   them.  */
static const char *const separate[] = {
  "-o", "-D", "-U", "-I", "-iquote", "-isystem", "-idirafter", "-include",
  "-imacros", "-MF", "-MT", "-MQ", "-x", "-Xassembler", "-Xpreprocessor",
  "-iprefix", "-iwithprefix", "-iwithprefixbefore", "-isysroot", "-dumpdir",
  NULL
};

static bool
takes_next (const char *a)
{
  for (int i = 0; separate[i]; i++)
    if (!strcmp (a, separate[i]))
      return true;
  return false;
}

static bool
ends_with (const char *s, const char *suffix)
{
  size_t n = strlen (s), m = strlen (suffix);
  return n >= m && !strcmp (s + n - m, suffix);
}

/* Dependency options: -M, -MM, -MD, -MMD, -MP, -MG and, with their value,
   -MF, -MT, -MQ (joined or not).  */
static bool
is_dep_option (const char *a)
{
  return a[0] == '-' && a[1] == 'M';
}

static void
report_exec_failure (const char *prog)
{
  fprintf (stderr, "bpf-cc: error: cannot run %s: %s (set BPF_GCC to the "
	   "bpf-gcc driver)\n", prog, strerror (errno));
}

/* Run ARGV, its stderr into ERR_FD when that is not -1.  The exit
   status as a shell gives it (128 + N for a signal), 127 when it could not
   start.  */
static int
run_wait (const char *const *argv, int err_fd)
{
  pid_t pid = fork ();
  if (pid < 0)
    {
      fprintf (stderr, "bpf-cc: error: cannot start %s: %s\n", argv[0],
	       strerror (errno));
      return 127;
    }
  if (pid == 0)
    {
      if (err_fd >= 0)
	dup2 (err_fd, 2);
      execvp (argv[0], (char *const *) argv);
      report_exec_failure (argv[0]);
      _exit (127);
    }
  int status;
  while (waitpid (pid, &status, 0) < 0)
    if (errno != EINTR)
      return 127;
  if (WIFSIGNALED (status))
    return 128 + WTERMSIG (status);
  return WEXITSTATUS (status);
}

static char *
read_file (const char *path, size_t *len)
{
  FILE *f = fopen (path, "rb");
  if (!f)
    return NULL;
  size_t cap = 4096, n = 0;
  char *buf = malloc (cap);
  size_t got;
  while (buf && (got = fread (buf + n, 1, cap - n, f)) > 0)
    {
      n += got;
      if (n == cap)
	{
	  char *bigger = realloc (buf, cap *= 2);
	  if (!bigger)
	    {
	      free (buf);
	      buf = NULL;
	    }
	  buf = bigger;
	}
    }
  fclose (f);
  if (buf)
    *len = n;
  return buf;
}

static char *
path_in (const char *dir, const char *name)
{
  char *p = malloc (strlen (dir) + strlen (name) + 2);
  if (p)
    sprintf (p, "%s/%s", dir, name);
  return p;
}

/* FILE with its suffix (after the last dot of its last component)
   replaced by SUFFIX; DIR_TOO false keeps only the last component.  */
static char *
with_suffix (const char *file, const char *suffix, bool dir_too)
{
  const char *base = strrchr (file, '/');
  const char *start = dir_too || !base ? file : base + 1;
  const char *dot = strrchr (start, '.');
  if (dot && base && dot < base)
    dot = NULL;
  size_t keep = dot ? (size_t) (dot - start) : strlen (start);
  char *p = malloc (keep + strlen (suffix) + 1);
  if (p)
    {
      memcpy (p, start, keep);
      strcpy (p + keep, suffix);
    }
  return p;
}

static void
remove_dir (const char *dir, const char *const *files)
{
  for (int i = 0; files[i]; i++)
    unlink (files[i]);
  rmdir (dir);
}

int
bpfcc_run (const char *const *cmd, size_t ncmd)
{
  /* A compile of one C file: -c or -S, no -E or -M/-MM, one input.  */
  bool compile = false, assembly = false, preprocess_only = false;
  bool other_language = false;
  const char *input = NULL, *output = NULL;
  size_t input_at = 0, ninputs = 0;
  bool deps = false, dep_file = false, dep_target = false;
  for (size_t i = 1; i < ncmd; i++)
    {
      const char *a = cmd[i];
      if (!strcmp (a, "-c") || !strcmp (a, "-S"))
	{
	  compile = true;
	  assembly |= a[1] == 'S';
	}
      else if (!strcmp (a, "-E") || !strcmp (a, "-M") || !strcmp (a, "-MM")
	       || !strcmp (a, "-fsyntax-only"))
	preprocess_only = true;
      else if (!strcmp (a, "-MD") || !strcmp (a, "-MMD"))
	deps = true;
      else if (!strncmp (a, "-MF", 3))
	dep_file = true;
      else if (!strncmp (a, "-MT", 3) || !strncmp (a, "-MQ", 3))
	dep_target = true;
      else if (!strcmp (a, "-x"))
	other_language |= i + 1 < ncmd && strcmp (cmd[i + 1], "c");
      else if (!strncmp (a, "-o", 2))
	output = a[2] ? a + 2 : i + 1 < ncmd ? cmd[i + 1] : NULL;
      if (takes_next (a))
	{
	  i++;
	  continue;
	}
      if (a[0] != '-')
	{
	  input = a;
	  input_at = i;
	  ninputs++;
	}
    }
  if (!compile || preprocess_only || other_language || ninputs != 1
      || !ends_with (input, ".c"))
    {
      execvp (cmd[0], (char *const *) cmd);
      report_exec_failure (cmd[0]);
      return 127;
    }

  const char *tmpdir = getenv ("TMPDIR");
  char *dir = path_in (tmpdir && *tmpdir ? tmpdir : "/tmp", "bpf-cc-XXXXXX");
  if (!dir || !mkdtemp (dir))
    {
      fprintf (stderr, "bpf-cc: error: cannot make a temporary directory: "
	       "%s\n", strerror (errno));
      return 1;
    }
  char *err_path = path_in (dir, "stderr");
  char *pre_path = path_in (dir, "source.i");
  char *plus_path = path_in (dir, "source-asm-inputs.i");
  const char *files[] = { err_path, pre_path, plus_path, NULL };
  int err_fd = err_path ? open (err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600) : -1;
  if (err_fd < 0 || !pre_path || !plus_path)
    {
      fprintf (stderr, "bpf-cc: error: cannot write in %s: %s\n", dir,
	       strerror (errno));
      remove_dir (dir, files);
      return 1;
    }
  int status = run_wait (cmd, err_fd);
  close (err_fd);
  size_t err_len = 0;
  char *err_text = read_file (err_path, &err_len);
  bool plus = status == 1 && err_text
	      && (memmem (err_text, err_len, PLUS_MESSAGE, strlen (PLUS_MESSAGE))
		  || memmem (err_text, err_len, CORE_MESSAGE, strlen (CORE_MESSAGE))
		  || memmem (err_text, err_len, ATTRS_MESSAGE, strlen (ATTRS_MESSAGE)));
  if (!plus)
    {
      if (err_text)
	fwrite (err_text, 1, err_len, stderr);
      free (err_text);
      remove_dir (dir, files);
      return status;
    }
  free (err_text);

  /* Preprocess: -E instead of -c/-S, into PRE_PATH, the dependency file
     and its target as the compile would have named them.  */
  const char **pre = calloc (ncmd + 8, sizeof *pre);
  const char **fin = calloc (ncmd + 4, sizeof *fin);
  if (!pre || !fin)
    {
      fputs ("bpf-cc: error: out of memory\n", stderr);
      remove_dir (dir, files);
      return 1;
    }
  size_t np = 0, nf = 0;
  for (size_t i = 0; i < ncmd; i++)
    {
      const char *a = cmd[i];
      bool next = takes_next (a) && i + 1 < ncmd;
      if (!strcmp (a, "-c") || !strcmp (a, "-S"))
	{
	  pre[np++] = "-E";
	  fin[nf++] = a;
	}
      else if (!strncmp (a, "-o", 2))
	{
	  pre[np++] = "-o";
	  pre[np++] = pre_path;
	  fin[nf++] = a;
	  if (next)
	    fin[nf++] = cmd[i + 1];
	}
      else if (is_dep_option (a))
	{
	  pre[np++] = a;
	  if (next)
	    pre[np++] = cmd[i + 1];
	}
      else if (i == input_at)
	{
	  pre[np++] = a;
	  fin[nf++] = plus_path;
	}
      else
	{
	  pre[np++] = a;
	  fin[nf++] = a;
	  if (next)
	    {
	      pre[np++] = cmd[i + 1];
	      fin[nf++] = cmd[i + 1];
	    }
	}
      i += next;
    }
  /* GCC names the dependency file and its target after -o: here the
     object, not the preprocessed file.  */
  const char *object = output ? output
			      : with_suffix (input, assembly ? ".s" : ".o", false);
  if (deps && !dep_file)
    {
      pre[np++] = "-MF";
      pre[np++] = output ? with_suffix (output, ".d", true)
			 : with_suffix (input, ".d", false);
    }
  if (deps && !dep_target)
    {
      pre[np++] = "-MT";
      pre[np++] = object;
    }
  pre[np] = NULL;
  fin[nf] = NULL;

  status = run_wait (pre, -1);
  size_t len = 0, out_len = 0;
  char *text = status == 0 ? read_file (pre_path, &len) : NULL;
  char *rewritten = text ? malloc (len + 1) : NULL;
  int dropped = rewritten ? asm_inputs_drop_plus (text, len, rewritten, &out_len) : -1;
  char *based = NULL;
  size_t based_len = 0;
  int bases = dropped >= 0 ? core_null_bases (rewritten, out_len, &based, &based_len) : -1;
  char *hoisted = NULL;
  size_t hoisted_len = 0;
  int moved = bases >= 0 ? decl_attrs_hoist (based, based_len, &hoisted, &hoisted_len) : -1;
  FILE *f = moved >= 0 ? fopen (plus_path, "wb") : NULL;
  bool written = f && fwrite (hoisted, 1, hoisted_len, f) == hoisted_len;
  if (f && fclose (f) != 0)
    written = false;
  free (text);
  free (rewritten);
  free (based);
  free (hoisted);
  if (status == 0 && !written)
    {
      fprintf (stderr, "bpf-cc: error: cannot write %s: %s\n", plus_path,
	       strerror (errno));
      status = 1;
    }
  if (status == 0)
    status = run_wait (fin, -1);
  remove_dir (dir, files);
  return status;
}
