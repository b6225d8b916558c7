/* bpf-cc: a compiler front end to put where a BPF Makefile runs clang.
 *
 * Makefiles build BPF objects with `$(CLANG) -g -O2 -target bpf -c ...`
 * (or a BPF_CC variable).  bpf-gcc refuses `-target`, needs the plugin
 * (-fplugin=) and bpfsupport's assembler (-B), and does not look in
 * /usr/include, where libbpf's and the kernel's headers are.  bpf-cc takes
 * clang's command line, maps what has a bpf-gcc meaning, drops what only
 * tunes clang's warnings, refuses the rest with one line naming the flag,
 * and runs bpf-gcc with the plugin, the assembler and the include setup.
 *
 * Everything is found relative to bpf-cc's own location, so the build
 * tree, an installed prefix and a DESTDIR copy of it all work:
 *   DIR/../bpfsupport.so                 build tree (build/bin/bpf-cc)
 *   DIR/../lib/bpfsupport/bpfsupport.so  installed prefix (PREFIX/bin)
 *   DIR/../libexec/bpfsupport/as         bpf-asm as bpf-gcc's assembler
 * The options are listed in --help and in doc/man/bpf-cc.1 (a test checks
 * that the two agree).  */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "gcc-options.h"
#include "run.h"

/* Every driver option of clang-19 but the warnings, with what clang-19
   does with it in a BPF compile (runtime/cc/probe-clang-options.py):
   'u' warns "argument unused during compilation", 't' refuses it for
   target bpf, 'e' refused the sample value, 's' same object, 'd' only
   the debug sections differ, 'c' the object differs, 'n' no object (it
   prints).  SEPARATE: its value is the next argument.  */
struct clang_option
{
  const char *name;
  char verdict;
  bool separate;
  const char *clang_error;
};

/* runtime/cc/clang-option-rules.txt: 'a'lias, 'p'ass, 'i'gnore or
   'r'efuse, for an option that bpf-cc.c's own mappings and bpf-gcc's
   option names do not cover.  */
struct option_rule
{
  char what;
  const char *pattern;
  const char *replacement;
  const char *why;
};

#include "clang-options.h"

#ifndef BPF_CC_VERSION
#define BPF_CC_VERSION "0.1"
#endif
#ifndef BPF_CC_GCC
#define BPF_CC_GCC "bpf-gcc"
#endif
#ifndef BPF_CC_MULTIARCH
#define BPF_CC_MULTIARCH "x86_64-linux-gnu"
#endif
#ifndef BPF_CC_GCC_VERSION
#define BPF_CC_GCC_VERSION "12"
#endif
/* The clang whose BPF command line, builtins and CO-RE forms bpf-cc takes
   (-mcpu=v4, bpf_core_type_matches, btf_type_tag): what --version and
   -dumpversion say, for build scripts that look for "clang version N".  */
#define BPF_CC_CLANG_COMPAT "17.0.0"

static const char usage[] =
  "Usage: bpf-cc [OPTION]... FILE...\n"
  "Compile BPF programs with bpf-gcc and the bpfsupport plugin, taking the\n"
  "options BPF Makefiles pass to clang.\n"
  "\n"
  "Options of clang that are mapped:\n"
  "  -target bpf|bpfel|bpfeb, --target=bpf|bpfel|bpfeb\n"
  "                       the BPF target (bpfeb: -mbig-endian)\n"
  "  -mcpu=v1|v2|v3|v4|generic|probe\n"
  "                       the instruction set (v4: plugin argument cpu=v4,\n"
  "                       generic: v1, probe: v3 with clang's macros)\n"
  "  -std=c23, -std=gnu23 -std=c2x, -std=gnu2x (GCC 12's names; C23's\n"
  "                       keywords: plugin/c23-keywords.cc)\n"
  "  -Oz                  -Os\n"
  "  -Og                  -O1 (clang's -Og; GCC's would skip passes the\n"
  "                       verifier needs)\n"
  "  -gline-tables-only   -g\n"
  "  -fcolor-diagnostics, -fno-color-diagnostics\n"
  "                       -fdiagnostics-color=always|never\n"
  "  -ferror-limit=N      -fmax-errors=N\n"
  "  -fno-integrated-as, -no-integrated-as\n"
  "                       assemble with binutils' bpf-as instead of bpf-asm\n"
  "  -fintegrated-as, -integrated-as\n"
  "                       assemble with bpf-asm (the default)\n"
  "  -fdebug-default-version=N\n"
  "                       -gdwarf-N when -g is given without -gdwarf-N\n"
  "  -mllvm -bpf-stack-size=N\n"
  "                       -mframe-limit=N (other -mllvm options are refused)\n"
  "  -nostdlibinc         leaves out the host's headers, keeps bpf-gcc's own\n"
  "  -Qunused-arguments   no \"argument unused\" warnings\n"
  "  -Xclang -target-feature -Xclang +alu32|-alu32\n"
  "                       -malu32, -mno-alu32 (other -Xclang refused)\n"
  "  --print-supported-cpus, -mcpu=help\n"
  "                       the -mcpu values, as clang prints them\n"
  "  -Wl,...              passed on (meson asks -Wl,--version)\n"
  "  -dumpversion         print " BPF_CC_CLANG_COMPAT " (the clang version bpf-cc stands for)\n"
  "  -print-resource-dir  -print-file-name= (bpf-gcc's own directory)\n"
  "  -emit-llvm           refused; when stdout is a pipe (`-o - | llc'), the\n"
  "                       reader is stopped too, so that the pipeline fails\n"
  "  @FILE                the options in FILE, expanded before mapping\n"
  "  -W...                a warning bpf-gcc does not know (a clang-only\n"
  "                       name) is dropped; bpf-gcc's own are passed on\n"
  "  -Wno-compare-distinct-pointer-types\n"
  "                       passed on: the plugin then silences GCC's\n"
  "                       \"comparison of distinct pointer types\"\n"
  "\n"
  "Options passed to bpf-gcc as they are:\n"
  "  -c, -S, -E, -o FILE, -x LANG, -g, -g0..-g3, -gdwarf-N, -O0..-O3, -Os,\n"
  "  -Ofast, -D, -U, -I, -iquote, -isystem, -idirafter, -include,\n"
  "  -imacros, -std=, -M, -MM, -MD, -MMD, -MF, -MT, -MQ, -MP, -MG, -w,\n"
  "  -pedantic, -pipe, -nostdinc, -save-temps, -v, -dM, -dD, -dN, -dI, -dU,\n"
  "  -print-file-name=, -print-prog-name=, -print-search-dirs,\n"
  "  -print-libgcc-file-name, -mlittle-endian, -mbig-endian, and every -f\n"
  "  and -m option bpf-gcc knows\n"
  "\n"
  "Options of bpf-cc:\n"
  "  --help               print this text and exit\n"
  "  --version            print the version and exit (\"clang version "
  BPF_CC_CLANG_COMPAT " compatible\")\n"
  "  --print-command      print the bpf-gcc command line instead of running it\n"
  "\n"
  "Environment:\n"
  "  BPF_GCC              the bpf-gcc driver to run (default " BPF_CC_GCC ";\n"
  "                       ignored when it, or its first word, names bpf-cc)\n"
  "\n"
  "Every other option of clang-19: passed on as GCC's under its name\n"
  "(--std=, -frecord-command-line...), dropped where it changes nothing in a\n"
  "BPF object (C++, Objective-C, GPU, linking, message forms...), clang's\n"
  "\"argument unused during compilation\" warning where clang gives it\n"
  "(an error under -Werror), refused with the reason where it would change\n"
  "the object in a way bpf-gcc cannot (runtime/cc/clang-option-rules.txt).\n"
  "bpf-gcc gets -Wno-maybe-uninitialized before these options (clang has no\n"
  "such warning).  Other options are refused with one line naming them.\n"
  "See bpf-cc(1).\n";

/* The user's options and files, mapped, in their order.  */
static const char **user;
static size_t nuser;

static void
add (const char *arg)
{
  user[nuser++] = arg;
}

/* The command being built.  */
static const char **cmd;
static size_t ncmd, cmd_cap;

static void
push (const char *arg)
{
  if (ncmd + 1 >= cmd_cap)
    {
      cmd_cap = cmd_cap ? cmd_cap * 2 : 64;
      cmd = realloc (cmd, cmd_cap * sizeof *cmd);
      if (!cmd)
	{
	  fputs ("bpf-cc: error: out of memory\n", stderr);
	  exit (1);
	}
    }
  cmd[ncmd++] = arg;
  cmd[ncmd] = NULL;
}

static char *
concat (const char *a, const char *b)
{
  char *s;
  if (asprintf (&s, "%s%s", a, b) < 0)
    {
      fputs ("bpf-cc: error: out of memory\n", stderr);
      exit (1);
    }
  return s;
}

static bool
starts (const char *s, const char *prefix)
{
  return !strncmp (s, prefix, strlen (prefix));
}

static bool
is_file (const char *path)
{
  struct stat st;
  return stat (path, &st) == 0 && S_ISREG (st.st_mode);
}

/* -O followed by a level bpf-gcc reads (-O4 and up mean -O3, as in clang).  */
#define ISDIGIT_OR_S(c) (((c) >= '0' && (c) <= '9') || (c) == 's' || (c) == 'g')

static void __attribute__ ((noreturn))
unsupported (const char *opt, const char *why)
{
  fprintf (stderr, "bpf-cc: error: unsupported option '%s' (%s)\n", opt, why);
  exit (1);
}

/* Whether bpf-gcc knows OPT (-fX, -fno-X, -fX=V, -WX, -Wno-X, -mX...).  */
static bool
gcc_knows (const char *opt)
{
  char name[256];
  size_t len;
  const char *eq = strchr (opt, '=');
  if (opt[1] == 'f' || opt[1] == 'W' || opt[1] == 'g')
    {
      if (starts (opt + 2, "no-"))
	snprintf (name, sizeof name, "-%c%s", opt[1], opt + 5);
      else
	snprintf (name, sizeof name, "%s", opt);
    }
  else
    snprintf (name, sizeof name, "%s", opt);
  eq = strchr (name, '=');
  len = eq ? (size_t) (eq - name) + 1 : strlen (name);
  for (size_t i = 0; i < sizeof gcc_options / sizeof *gcc_options; i++)
    {
      const char *g = gcc_options[i];
      size_t glen = strlen (g);
      if (glen == len && !strncmp (g, name, len))
	return true;
      /* `-fbuiltin-' stands for -fno-builtin-memcpy and the like.  */
      if (glen > 2 && g[glen - 1] == '-' && len > glen && !strncmp (g, name, glen))
	return true;
      /* `-Wformat=' also covers plain -Wformat.  */
      if (glen == len + 1 && g[glen - 1] == '=' && !strncmp (g, name, len))
	return true;
    }
  return false;
}

/* Whether NAME (as clang's tables write it) is OPT's name: OPT itself, or
   OPT up to and with its `=' (`-fvisibility=' for -fvisibility=hidden).  */
static bool
names_option (const char *name, const char *opt)
{
  const char *eq = strchr (opt, '=');
  size_t n = eq ? (size_t) (eq - opt) + 1 : 0;
  return !strcmp (name, opt) || (n && strlen (name) == n && !strncmp (name, opt, n));
}

/* clang-19's entry for OPT: its exact name, or its name up to `='.  */
static const struct clang_option *
find_clang_option (const char *opt)
{
  for (size_t i = 0; i < sizeof clang_options / sizeof *clang_options; i++)
    if (names_option (clang_options[i].name, opt))
      return &clang_options[i];
  /* A one-letter option with its value joined: -L/dir, -lfoo, -Wl,... */
  for (size_t i = 0; i < sizeof clang_options / sizeof *clang_options; i++)
    {
      const char *name = clang_options[i].name;
      if (clang_options[i].separate && strlen (name) == 2 && opt[0] == '-'
	  && opt[1] == name[1])
	return &clang_options[i];
    }
  return NULL;
}

/* The rule for OPT: a pattern that is its exact name or its name up to
   `=', or a prefix ending in `*'.  The first that matches.  */
static const struct option_rule *
find_rule (const char *opt)
{
  for (size_t i = 0; i < sizeof option_rules / sizeof *option_rules; i++)
    {
      const char *p = option_rules[i].pattern;
      size_t len = strlen (p);
      if (len && p[len - 1] == '*' ? !strncmp (opt, p, len - 1)
				   : names_option (p, opt))
	return &option_rules[i];
    }
  /* -lfoo is -l's.  */
  const struct clang_option *c = find_clang_option (opt);
  if (c && strcmp (c->name, opt) && strlen (c->name) == 2)
    return find_rule (c->name);
  return NULL;
}

/* Whether clang-19 refuses OPT itself in a BPF compile.  */
static bool
clang_refuses_for_bpf (const char *opt)
{
  const struct clang_option *c = find_clang_option (opt);
  return c && c->verdict == 't';
}

static bool
is_wildcard (const struct option_rule *r)
{
  return r->pattern[strlen (r->pattern) - 1] == '*';
}

/* Whether OPT's value is the next argument, as clang reads it.  */
static bool
clang_separate (const char *opt)
{
  const struct clang_option *c = find_clang_option (opt);
  return c && c->separate && !strcmp (c->name, opt);
}

/* The options clang-19 would warn about as "argument unused during
   compilation", with their values: bpf-cc warns the same way, once the
   whole command line is read (-Qunused-arguments silences it, -Werror
   makes it an error, as in clang).  */
static const char **unused_args;
static size_t nunused;

/* -DNAME=N, N the WHICH-th number of BPF_CC_CLANG_COMPAT.  */
static char *
clang_version_macro (const char *name, int which)
{
  const char *v = BPF_CC_CLANG_COMPAT;
  for (int i = 0; i < which && v; i++)
    {
      v = strchr (v, '.');
      v = v ? v + 1 : NULL;
    }
  char *s;
  if (asprintf (&s, "-D%s=%d", name, v ? atoi (v) : 0) < 0)
    {
      fputs ("bpf-cc: error: out of memory\n", stderr);
      exit (1);
    }
  return s;
}

/* The directory holding this program, symlinks resolved.  */
static char *
self_dir (void)
{
  char *path = realpath ("/proc/self/exe", NULL);
  if (!path)
    {
      fprintf (stderr, "bpf-cc: error: cannot find my own location "
	       "(/proc/self/exe: %s)\n", strerror (errno));
      exit (1);
    }
  *strrchr (path, '/') = '\0';
  return path;
}

/* Whether COMMAND (a path, or a name looked up in PATH) is this program.
   make exports a variable given on its command line to the commands it
   runs, and the kernel's selftests Makefile names its BPF compiler
   BPF_GCC: `make BPF_GCC=bpf-cc' puts bpf-cc itself in the BPF_GCC bpf-cc
   reads, which would make it run itself instead of bpf-gcc.  */
static bool
names_self (const char *command)
{
  struct stat self, st;
  if (stat ("/proc/self/exe", &self) != 0)
    return false;
  if (strchr (command, '/'))
    return stat (command, &st) == 0 && st.st_dev == self.st_dev
	   && st.st_ino == self.st_ino;
  const char *path = getenv ("PATH");
  if (!path)
    return false;
  char buf[PATH_MAX];
  while (*path)
    {
      size_t n = strcspn (path, ":");
      if (snprintf (buf, sizeof buf, "%.*s/%s", (int) n, n ? path : ".",
		    command) < (int) sizeof buf
	  && stat (buf, &st) == 0)
	return st.st_dev == self.st_dev && st.st_ino == self.st_ino;
      path += n + (path[n] == ':');
    }
  return false;
}

/* Whether the command line CMD (BPF_GCC's value) starts with this
   program: make runs `$(BPF_GCC) ...' through the shell, so
   `make BPF_GCC="bpf-cc -mcpu=v2"' is a command with options, whose
   first word is bpf-cc itself (the options reach bpf-cc on its command
   line).  */
static bool
names_self_command (const char *cmd)
{
  cmd += strspn (cmd, " \t");
  size_t n = strcspn (cmd, " \t");
  char first[PATH_MAX];
  if (n == 0 || n >= sizeof first)
    return false;
  memcpy (first, cmd, n);
  first[n] = '\0';
  return names_self (first);
}

/* Options whose value is the next argument (when not joined).  */
static const char *const separate_value[] = {
  "-o", "-D", "-U", "-I", "-iquote", "-isystem", "-idirafter", "-include",
  "-imacros", "-MF", "-MT", "-MQ", "-x", NULL
};

static bool
takes_value (const char *opt)
{
  for (int i = 0; separate_value[i]; i++)
    if (!strcmp (opt, separate_value[i]))
      return true;
  return false;
}

/* One of those with its value joined (-Ifoo, -isystemfoo, -MFfile).  */
static bool
joined_value (const char *opt)
{
  for (int i = 0; separate_value[i]; i++)
    if (starts (opt, separate_value[i]) && opt[strlen (separate_value[i])])
      return true;
  return false;
}

/* Passed on as they are (exact names).  */
static const char *const plain[] = {
  "-c", "-S", "-E", "-g", "-g0", "-g1", "-g2", "-g3", "-O", "-O0", "-O1",
  "-O2", "-O3", "-Os", "-Ofast", "-M", "-MM", "-MD", "-MMD", "-MP",
  "-MG", "-w", "-pedantic", "-pedantic-errors", "-pipe", "-nostdinc",
  "-save-temps", "-v", "-P", "-C", "-H", "-ansi", "-###", "-dM", "-dD", "-dN",
  "-dI", "-dU", "-print-search-dirs", "-print-libgcc-file-name", NULL
};

static bool
is_plain (const char *opt)
{
  for (int i = 0; plain[i]; i++)
    if (!strcmp (opt, plain[i]))
      return true;
  return false;
}

static void
set_target (const char *t)
{
  if (!strcmp (t, "bpf") || !strcmp (t, "bpfel"))
    return;
  if (!strcmp (t, "bpfeb"))
    {
      add ("-mbig-endian");
      return;
    }
  fprintf (stderr, "bpf-cc: error: unsupported target '%s' (bpf-cc builds "
	   "BPF only: bpf, bpfel or bpfeb)\n", t);
  exit (1);
}

static char plugin_cpu[64];

static void
set_cpu (const char *opt)
{
  const char *v = opt + strlen ("-mcpu=");
  if (!strcmp (v, "probe"))
    {
      /* The running kernel's best: bpf-gcc's default, v3; the macros say
	 what clang's do (__BPF_CPU_VERSION__ 0).  */
      snprintf (plugin_cpu, sizeof plugin_cpu, "-fplugin-arg-bpfsupport-cpu=probe");
      return;
    }
  if (!strcmp (v, "generic"))
    v = "v1";
  if (v[0] != 'v' || v[1] < '1' || v[1] > '4' || v[2])
    {
      fprintf (stderr, "bpf-cc: error: unsupported option '%s' (-mcpu takes "
	       "v1, v2, v3, v4, generic or probe)\n", opt);
      exit (1);
    }
  /* bpf-gcc 12 knows v1..v3; the plugin emits v4's instructions.  */
  add (v[1] == '4' ? "-mcpu=v3" : concat ("-mcpu=", v));
  snprintf (plugin_cpu, sizeof plugin_cpu, "-fplugin-arg-bpfsupport-cpu=%s", v);
}

/* @FILE: the arguments in FILE, as GCC and clang read them (separated by
   white space, '...' and "..." quote, a backslash takes the next
   character), themselves expanded; before anything is mapped.  */
static char **args;
static size_t nargs, args_cap;

static void
add_arg (char *a)
{
  if (nargs + 1 >= args_cap)
    {
      args_cap = args_cap ? args_cap * 2 : 64;
      args = realloc (args, args_cap * sizeof *args);
      if (!args)
	{
	  fputs ("bpf-cc: error: out of memory\n", stderr);
	  exit (1);
	}
    }
  args[nargs++] = a;
  args[nargs] = NULL;
}

static void expand_arg (char *a, int depth);

static void
expand_response_file (const char *name, int depth)
{
  if (depth > 16)
    {
      fprintf (stderr, "bpf-cc: error: response file '%s': more than 16 "
	       "nested @files\n", name);
      exit (1);
    }
  FILE *f = fopen (name, "r");
  if (!f)
    {
      fprintf (stderr, "bpf-cc: error: cannot read response file '%s': %s\n",
	       name, strerror (errno));
      exit (1);
    }
  char *word = NULL;
  size_t len = 0, cap = 0;
  bool in_word = false;
  int quote = 0, c;
  while ((c = getc (f)) != EOF)
    {
      if (!quote && (c == ' ' || c == '\t' || c == '\n' || c == '\r'
		     || c == '\f' || c == '\v'))
	{
	  if (in_word)
	    {
	      word[len] = 0;
	      expand_arg (word, depth + 1);
	      word = NULL;
	      len = cap = 0;
	      in_word = false;
	    }
	  continue;
	}
      in_word = true;
      if (c == '\\')
	{
	  c = getc (f);
	  if (c == EOF)
	    break;
	}
      else if (quote && c == quote)
	{
	  quote = 0;
	  c = -1;
	}
      else if (!quote && (c == '\'' || c == '"'))
	{
	  quote = c;
	  c = -1;
	}
      if (len + 2 > cap)
	{
	  cap = cap ? cap * 2 : 64;
	  word = realloc (word, cap);
	  if (!word)
	    {
	      fputs ("bpf-cc: error: out of memory\n", stderr);
	      exit (1);
	    }
	}
      if (c >= 0)
	word[len++] = (char) c;
      word[len] = 0;
    }
  if (ferror (f))
    {
      fprintf (stderr, "bpf-cc: error: cannot read response file '%s': %s\n",
	       name, strerror (errno));
      exit (1);
    }
  fclose (f);
  if (quote)
    {
      fprintf (stderr, "bpf-cc: error: response file '%s': unterminated "
	       "quote\n", name);
      exit (1);
    }
  if (in_word)
    expand_arg (word, depth + 1);
}

static void
expand_arg (char *a, int depth)
{
  if (a[0] == '@' && a[1])
    expand_response_file (a + 1, depth);
  else
    add_arg (a);
}

/* `bpf-cc ... -emit-llvm -o - | llc ...': bpf-cc refuses, but llc reads an
   empty module from the pipe, writes an empty object and exits 0, so a
   Makefile's pipeline succeeds with an object holding no program.  The
   reader of the pipe that is our stdout (a process of this user holding
   its read end, not our parent) is stopped with SIGTERM: the pipeline's
   status is the reader's, and it fails.  Nothing is written to stdout.
   The shell may start the reader after us: until it has, only the shell
   (our parent) holds the read end, so the search is made again for up to
   half a second (a full make check, under load, once found no reader and
   the pipeline succeeded).  */
static bool
stop_pipe_reader_once (void)
{
  struct stat st;
  if (fstat (1, &st) != 0 || !S_ISFIFO (st.st_mode))
    return true;
  char want[64];
  snprintf (want, sizeof want, "pipe:[%lu]", (unsigned long) st.st_ino);
  DIR *proc = opendir ("/proc");
  if (!proc)
    return true;
  bool stopped = false;
  pid_t self = getpid (), parent = getppid ();
  struct dirent *e;
  while ((e = readdir (proc)))
    {
      char *end;
      long pid = strtol (e->d_name, &end, 10);
      if (*end || pid <= 0 || pid == self || pid == parent)
	continue;
      char path[64];
      snprintf (path, sizeof path, "/proc/%ld/fd", pid);
      DIR *fds = opendir (path);
      if (!fds)
	continue;
      struct dirent *fd;
      bool reader = false;
      while (!reader && (fd = readdir (fds)))
	{
	  char link[320], target[64], info[320];
	  snprintf (link, sizeof link, "/proc/%ld/fd/%s", pid, fd->d_name);
	  ssize_t n = readlink (link, target, sizeof target - 1);
	  if (n <= 0)
	    continue;
	  target[n] = 0;
	  if (strcmp (target, want))
	    continue;
	  /* The read end: opened O_RDONLY (fdinfo's flags, octal).  */
	  snprintf (info, sizeof info, "/proc/%ld/fdinfo/%s", pid, fd->d_name);
	  FILE *f = fopen (info, "r");
	  unsigned long flags = O_WRONLY;
	  char line[128];
	  while (f && fgets (line, sizeof line, f))
	    if (sscanf (line, "flags: %lo", &flags) == 1)
	      break;
	  if (f)
	    fclose (f);
	  reader = (flags & O_ACCMODE) == O_RDONLY;
	}
      closedir (fds);
      if (reader && kill ((pid_t) pid, SIGTERM) == 0)
	{
	  fprintf (stderr, "bpf-cc: stopped process %ld, which reads our "
		   "output (an `-emit-llvm | llc' pipeline), so that the "
		   "pipeline fails\n", pid);
	  stopped = true;
	}
    }
  closedir (proc);
  return stopped;
}

static void
stop_pipe_reader (void)
{
  for (int i = 0; i < 50 && !stop_pipe_reader_once (); i++)
    {
      struct timespec ten_ms = { 0, 10 * 1000 * 1000 };
      nanosleep (&ten_ms, NULL);
    }
}

int
main (int argc, char **argv)
{
  const char *gcc = getenv ("BPF_GCC");
  bool print_only = false, integrated_as = true, nostdinc = false;
  bool verbose = false, emit_llvm = false;
  const char *output = NULL;

  if (!gcc || !*gcc || names_self_command (gcc))
    gcc = BPF_CC_GCC;
  add_arg (argv[0]);
  for (int i = 1; i < argc; i++)
    expand_arg (argv[i], 0);
  argc = (int) nargs;
  argv = args;
  user = calloc ((size_t) argc * 3 + 1, sizeof *user);	/* -Wextra adds two */
  unused_args = calloc ((size_t) argc + 1, sizeof *unused_args);
  if (!user || !unused_args)
    return 1;
  /* Read before the options are mapped: they decide the unused-argument
     warnings and the DWARF version, wherever they are on the line.  */
  const char *dwarf_default = NULL;
  bool quiet_unused = false, werror_unused = false, debug_on = false;
  bool dwarf_given = false, deps_on = false;
  bool fallthrough_given = false, type_limits_given = false;
  bool strict_aliasing_given = false;
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (strstr (a, "implicit-fallthrough") && a[0] == '-' && a[1] == 'W')
	fallthrough_given = true;
      if (strstr (a, "type-limits") && a[0] == '-' && a[1] == 'W')
	type_limits_given = true;
      if (strstr (a, "strict-aliasing") && a[0] == '-' && a[1] == 'W')
	strict_aliasing_given = true;
      if (!strcmp (a, "-M") || !strcmp (a, "-MM") || !strcmp (a, "-MD")
	  || !strcmp (a, "-MMD"))
	deps_on = true;
      if (!strcmp (a, "-Qunused-arguments")
	  || !strcmp (a, "-Wno-unused-command-line-argument")
	  || !strcmp (a, "-w"))
	quiet_unused = true;
      else if (!strcmp (a, "-Werror")
	       || !strcmp (a, "-Werror=unused-command-line-argument"))
	werror_unused = true;
      else if (!strcmp (a, "-Wno-error")
	       || !strcmp (a, "-Wno-error=unused-command-line-argument"))
	werror_unused = false;
      else if (starts (a, "-gdwarf"))
	dwarf_given = debug_on = true;
      else if (!strcmp (a, "-g0") || !strcmp (a, "-ggdb0"))
	debug_on = false;
      else if (a[0] == '-' && a[1] == 'g' && (!a[2] || !strcmp (a, "-g1")
		|| !strcmp (a, "-g2") || !strcmp (a, "-g3") || starts (a, "-ggdb")
		|| !strcmp (a, "-gline-tables-only")))
	debug_on = true;
    }

  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (a[0] != '-' || !strcmp (a, "-"))
	{
	  user[nuser++] = a;
	  continue;
	}
      /* clang-option-rules.txt: an exact name always; a `*' pattern only
	 for an option clang-19 has (not for a misspelt one), does not
	 refuse for bpf, and bpf-gcc does not know itself.  */
      const struct option_rule *rule = find_rule (a);
      if (rule && is_wildcard (rule)
	  && (gcc_knows (a) || !find_clang_option (a) || clang_refuses_for_bpf (a)))
	rule = NULL;
      if (rule)
	{
	  bool sep = clang_separate (a);
	  if (sep && i + 1 >= argc)
	    {
	      fprintf (stderr, "bpf-cc: error: missing argument to '%s'\n", a);
	      return 1;
	    }
	  if (rule->what == 'r')
	    unsupported (a, rule->why);
	  if (rule->what == 'i')
	    {
	      i += sep;
	      continue;
	    }
	  if (rule->what == 'p')
	    {
	      user[nuser++] = a;
	      if (sep)
		user[nuser++] = argv[++i];
	      continue;
	    }
	  /* An alias: the same option under GCC's name, its value kept; then
	     mapped as if given so.  */
	  const char *eq = strchr (a, '=');
	  argv[i] = (char *) (eq && strchr (rule->pattern, '=')
			      ? concat (rule->replacement, eq + 1)
			      : rule->replacement);
	  i--;
	  continue;
	}
      if (!strcmp (a, "--help"))
	{
	  fputs (usage, stdout);
	  return 0;
	}
      if (!strcmp (a, "--version"))
	{
	  /* Configure scripts look for "clang version N" in the first line,
	     and meson takes the first version number there for the
	     compiler's: the clang version comes first.  */
	  char *dir = self_dir ();
	  printf ("bpf-cc clang version %s compatible (bpfsupport %s: "
		  "bpf-gcc %s and the bpfsupport plugin)\n"
		  "Target: bpf\nThread model: single\nInstalledDir: %s\n",
		  BPF_CC_CLANG_COMPAT, BPF_CC_VERSION, BPF_CC_GCC_VERSION, dir);
	  return 0;
	}
      if (!strcmp (a, "--print-supported-cpus") || !strcmp (a, "-print-supported-cpus")
	  || !strcmp (a, "-mcpu=help"))
	{
	  /* As clang -target bpf prints them, on stderr.  */
	  fputs ("Available CPUs for this target:\n\n\tgeneric\n\tprobe\n"
		 "\tv1\n\tv2\n\tv3\n\tv4\n\n"
		 "Use -mcpu to specify the target's processor.\n", stderr);
	  return 0;
	}
      if (!strcmp (a, "-dumpversion"))
	{
	  puts (BPF_CC_CLANG_COMPAT);
	  return 0;
	}
      if (!strcmp (a, "--print-command"))
	{
	  print_only = true;
	  continue;
	}
      if (takes_value (a))
	{
	  if (i + 1 >= argc)
	    {
	      fprintf (stderr, "bpf-cc: error: missing argument to '%s'\n", a);
	      return 1;
	    }
	  if (!strcmp (a, "-x") && strcmp (argv[i + 1], "c")
	      && strcmp (argv[i + 1], "assembler")
	      && strcmp (argv[i + 1], "assembler-with-cpp")
	      && strcmp (argv[i + 1], "c-header") && strcmp (argv[i + 1], "none"))
	    {
	      fprintf (stderr, "bpf-cc: error: unsupported language '%s' "
		       "(bpf-gcc compiles C and BPF assembly)\n", argv[i + 1]);
	      return 1;
	    }
	  if (!strcmp (a, "-o"))
	    output = argv[i + 1];
	  /* Where and how to write dependencies, when none are asked for:
	     clang says nothing, GCC refuses.  */
	  if (!deps_on && a[1] == 'M')
	    {
	      i++;
	      continue;
	    }
	  user[nuser++] = a;
	  user[nuser++] = argv[++i];
	  continue;
	}
      if (!strcmp (a, "-target"))
	{
	  if (i + 1 >= argc)
	    {
	      fputs ("bpf-cc: error: missing argument to '-target'\n", stderr);
	      return 1;
	    }
	  set_target (argv[++i]);
	}
      else if (starts (a, "--target=") || starts (a, "-target="))
	set_target (strchr (a, '=') + 1);
      else if (starts (a, "-mcpu="))
	set_cpu (a);
      else if (!strcmp (a, "-std=c23") || !strcmp (a, "-std=iso9899:2024"))
	add ("-std=c2x");	/* GCC 12's name for C23 */
      else if (!strcmp (a, "-std=gnu23"))
	add ("-std=gnu2x");
      else if (!strcmp (a, "-Oz"))
	add ("-Os");
      else if (!strcmp (a, "-Og"))
	add ("-O1");	/* clang's -Og is -O1; GCC's runs fewer passes
			   (no sink: packet reads stay before their checks) */
      else if (!strcmp (a, "-gline-tables-only"))
	add ("-g");
      else if (!strcmp (a, "-fcolor-diagnostics"))
	add ("-fdiagnostics-color=always");
      else if (!strcmp (a, "-fno-color-diagnostics"))
	add ("-fdiagnostics-color=never");
      else if (starts (a, "-ferror-limit="))
	add (concat ("-fmax-errors=", a + strlen ("-ferror-limit=")));
      else if (!strcmp (a, "-fno-integrated-as") || !strcmp (a, "-no-integrated-as"))
	integrated_as = false;
      else if (!strcmp (a, "-fintegrated-as") || !strcmp (a, "-integrated-as"))
	integrated_as = true;
      else if (!strcmp (a, "-Qunused-arguments"))
	;
      else if (!strcmp (a, "-nostdlibinc"))
	/* clang's: no system directories, its own headers kept; bpf-cc's
	   system directories are the host's, which it adds itself.  */
	nostdinc = true;
      else if (!strcmp (a, "-print-resource-dir"))
	add ("-print-file-name=");
      else if (starts (a, "-print-file-name=") || starts (a, "-print-prog-name="))
	user[nuser++] = a;
      else if (starts (a, "-fplugin-arg-bpfsupport-"))
	add (a);
      else if (!deps_on && (!strcmp (a, "-MP") || !strcmp (a, "-MG")
			    || (a[1] == 'M' && joined_value (a))))
	;
      else if (is_plain (a))
	{
	  if (!strcmp (a, "-nostdinc"))
	    nostdinc = true;
	  if (!strcmp (a, "-v"))
	    verbose = true;
	  user[nuser++] = a;
	}
      else if (joined_value (a))
	{
	  if (starts (a, "-o"))
	    output = a + 2;
	  user[nuser++] = a;
	}
      else if (starts (a, "-Wl,"))
	/* The linker's, as GCC reads it (meson asks `-Wl,--version').  */
	user[nuser++] = a;
      else if (starts (a, "-std=") || starts (a, "-O") || !strcmp (a, "-gdwarf")
	       || (starts (a, "-gdwarf-") && a[8] >= '2' && a[8] <= '5' && !a[9])
	       || !strcmp (a, "-gbtf") || starts (a, "-Wp,") || starts (a, "-Wa,"))
	{
	  if (starts (a, "-O") && !ISDIGIT_OR_S (a[2]))
	    unsupported (a, "bpf-gcc knows -O0..-O3, -Os, -Og and -Ofast");
	  user[nuser++] = a;
	}
      else if (!strcmp (a, "-Wextra"))
	{
	  /* GCC's -Wextra also turns on -Wimplicit-fallthrough and
	     -Wtype-limits, which clang's does not (check-warnings: 96 and 3
	     sites in the corpora); an explicit one of the user's stays.  */
	  user[nuser++] = a;
	  if (!fallthrough_given)
	    user[nuser++] = "-Wno-implicit-fallthrough";
	  if (!type_limits_given)
	    user[nuser++] = "-Wno-type-limits";
	}
      else if (a[1] == 'W')
	{
	  /* Warnings only change diagnostics: clang's own names (such as
	     -Wno-compare-distinct-pointer-types) have no bpf-gcc meaning and
	     are dropped; -Werror=NAME for such a name is dropped too.  */
	  const char *name = a;
	  char buf[256];
	  if (starts (a, "-Werror=") || starts (a, "-Wno-error="))
	    {
	      snprintf (buf, sizeof buf, "-W%s", strchr (a, '=') + 1);
	      name = buf;
	    }
	  /* The plugin reads -W(no-)compare-distinct-pointer-types itself
	     (GCC's warning has no option of its own).  */
	  if (!strcmp (a, "-Werror") || !strcmp (a, "-Wno-error")
	      || !strcmp (a, "-Wno-compare-distinct-pointer-types")
	      || !strcmp (a, "-Wcompare-distinct-pointer-types")
	      || gcc_knows (name))
	    user[nuser++] = a;
	}
      else if (!strcmp (a, "-emit-llvm"))
	emit_llvm = true;
      else if (!strcmp (a, "-Xclang") && i + 3 < argc
	       && !strcmp (argv[i + 1], "-target-feature")
	       && !strcmp (argv[i + 2], "-Xclang")
	       && (!strcmp (argv[i + 3], "+alu32") || !strcmp (argv[i + 3], "-alu32")))
	{
	  /* `-Xclang -target-feature -Xclang +alu32', the old spelling of
	     v3's 32-bit ALU (samples/bpf, bcc): bpf-gcc's -malu32.  */
	  add (argv[i + 3][0] == '+' ? "-malu32" : "-mno-alu32");
	  i += 3;
	}
      else if (!strcmp (a, "-Xclang"))
	unsupported (i + 1 < argc ? concat ("-Xclang ", argv[i + 1]) : a,
		     "an option of clang's internal cc1: give the clang driver "
		     "option instead; bpf-cc maps -Xclang -target-feature "
		     "-Xclang +alu32");
      else if (!strcmp (a, "-mllvm"))
	{
	  /* LLVM's BPF stack limit is bpf-gcc's -mframe-limit; the rest of
	     LLVM's internal options have no bpf-gcc meaning.  */
	  const char *v = i + 1 < argc ? argv[i + 1] : "";
	  if (!starts (v, "-bpf-stack-size="))
	    unsupported (i + 1 < argc ? concat ("-mllvm ", v) : a,
			 "an option of LLVM's internals; of them bpf-cc maps "
			 "-bpf-stack-size=N, to bpf-gcc's -mframe-limit=N");
	  add (concat ("-mframe-limit=", v + strlen ("-bpf-stack-size=")));
	  i++;
	}
      else if (starts (a, "-fdebug-default-version="))
	{
	  const char *v = a + strlen ("-fdebug-default-version=");
	  if (v[0] < '2' || v[0] > '5' || v[1])
	    {
	      fprintf (stderr, "bpf-cc: error: invalid integral value '%s' in "
		       "'%s'\n", v, a);
	      return 1;
	    }
	  dwarf_default = v;
	}
      else if ((a[1] == 'f' || a[1] == 'm' || a[1] == 'g') && gcc_knows (a)
	       && !clang_refuses_for_bpf (a))
	user[nuser++] = a;
      else
	{
	  /* What clang-19 itself does with the option in a BPF compile.  */
	  const struct clang_option *c = find_clang_option (a);
	  bool sep = clang_separate (a);
	  if (c && c->verdict == 'u')
	    {
	      unused_args[nunused++] = sep && i + 1 < argc
				       ? concat (concat (a, " "), argv[i + 1]) : a;
	      i += sep && i + 1 < argc;
	    }
	  else if (c && c->verdict == 't')
	    unsupported (a, "clang-19 refuses it for target bpf too");
	  else if (a[1] == 'f' || a[1] == 'm')
	    unsupported (a, "clang-only; bpf-gcc has no equivalent: remove it "
			 "for bpf-cc, see bpf-cc(1)");
	  else
	    unsupported (a, "clang-only or unknown; see bpf-cc --help");
	}
    }

  /* clang's "argument unused" warnings: silenced by -Qunused-arguments or
     -Wno-unused-command-line-argument, errors under -Werror.  */
  if (nunused && !quiet_unused)
    for (size_t k = 0; k < nunused; k++)
      fprintf (stderr, "bpf-cc: %s: argument unused during compilation: "
	       "'%s' [%s-Wunused-command-line-argument]\n",
	       werror_unused ? "error" : "warning", unused_args[k],
	       werror_unused ? "-Werror," : "");
  if (nunused && !quiet_unused && werror_unused)
    return 1;

  /* -fdebug-default-version=N: DWARF N when -g asks for debug
     information and no -gdwarf-N says which (as clang; bpf-cc keeps DWARF
     only with -fplugin-arg-bpfsupport-dwarf, doc/debug-info.md).  */
  if (dwarf_default && debug_on && !dwarf_given)
    add (concat ("-gdwarf-", dwarf_default));

  if (emit_llvm)
    {
      fprintf (stderr, "bpf-cc: error: unsupported option '-emit-llvm' "
	       "(bpf-gcc makes no LLVM IR: build the object with "
	       "`bpf-cc -target bpf -c', without llc)\n");
      if (output && !strcmp (output, "-"))
	stop_pipe_reader ();
      return 1;
    }

  /* The command: bpf-gcc, the plugin, the assembler, the user's options
     and files in their order, then the include setup,
     after everything the user gave, so that a project's own -I (vendored
     libbpf headers) comes first.  */
  {
    char *dir = self_dir ();
    char *plugin, *asdir;

    plugin = concat (dir, "/../bpfsupport.so");
    if (!is_file (plugin))
      plugin = concat (dir, "/../lib/bpfsupport/bpfsupport.so");
    if (!is_file (plugin))
      {
	fprintf (stderr, "bpf-cc: error: cannot find the plugin: neither "
		 "%s/../bpfsupport.so nor %s/../lib/bpfsupport/bpfsupport.so "
		 "exists\n", dir, dir);
	return 1;
      }
    asdir = concat (dir, "/../libexec/bpfsupport/");
    if (integrated_as && !is_file (concat (asdir, "as")))
      {
	fprintf (stderr, "bpf-cc: error: cannot find bpf-asm as %sas "
		 "(-fno-integrated-as uses binutils' bpf-as)\n", asdir);
	return 1;
      }

    push (gcc);
    push (concat ("-fplugin=", plugin));
    if (integrated_as)
      {
	push (concat ("-B", asdir));
	/* No empty .data and .bss, as clang's objects (gas's always have
	   both, and libbpf and bpftool report them on every open).  */
	push ("-Wa,--omit-empty-sections");
      }
    else
      push ("-fplugin-arg-bpfsupport-assembler=bpf-as");
    /* clang has no flow-based "may be used uninitialized" warning; GCC's
       fires in libbpf 1.1's BPF_CORE_READ_BITFIELD (a switch on a CO-RE
       value), which a -Werror project builds with clang.  Before the
       user's options: -Wmaybe-uninitialized turns it back on.  */
    push ("-Wno-maybe-uninitialized");
    /* The clang version bpf-cc stands for, as --version says: code gated
       on `__clang_major__ >= 9' (BTF-defined maps) or `>= 15' (CO-RE type
       relocations) takes the branch bpf-cc builds, and `>= 18' (cpu v4's
       instructions, which bpf-cc writes only in part) the fallback.  Not
       __clang__: headers read that as clang's own pragmas and builtins
       (doc/bpf-cc.md, "Predefined macros").  Before the user's options, so
       that -U removes them.  */
    push (clang_version_macro ("__clang_major__", 0));
    push (clang_version_macro ("__clang_minor__", 1));
    push (clang_version_macro ("__clang_patchlevel__", 2));
    if (plugin_cpu[0])
      push (plugin_cpu);
    for (size_t i = 0; i < nuser; i++)
      push (user[i]);
    /* GCC's type-based aliasing warning: clang has none, and BPF code
       casts packet and map memory freely (check-warnings: 37 sites).
       After the user's options, since -Wall sets it whatever came before;
       an explicit -Wstrict-aliasing of the user's stays.  */
    if (!strict_aliasing_given)
      push ("-Wno-strict-aliasing");
    if (!nostdinc)
      {
	/* Where clang -target bpf looks, in clang's order, after bpf-gcc's
	   own directory (stddef.h, stdint.h...): the host's headers hold
	   libbpf's bpf/ and the kernel's linux/ and asm/ (multiarch).  */
	push ("-idirafter");
	push ("/usr/local/include");
	push ("-idirafter");
	push ("/usr/include/" BPF_CC_MULTIARCH);
	push ("-idirafter");
	push ("/usr/include");
      }
  }

  if (print_only || verbose)
    {
      for (size_t i = 0; i < ncmd; i++)
	fprintf (print_only ? stdout : stderr, "%s%s", i ? " " : "", cmd[i]);
      fputc ('\n', print_only ? stdout : stderr);
      if (print_only)
	return 0;
    }
  return bpfcc_run (cmd, ncmd);
}
