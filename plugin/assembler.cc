/* assembler.cc: which assembler bpf-gcc runs, and inline asm it cannot
   assemble.
 *
 * bpf-gcc assembles with binutils' bpf-as unless a -B directory holds
 * bpfsupport's bpf-asm (bpf-cc and `-specs=bpfsupport' add one).  Some
 * output depends on it: bpf-as 2.40 relocates calls to global functions so
 * that libbpf finds no function (lower-global-offsets.cc works around it),
 * and it reads only GNU syntax, while libbpf programs often have inline asm
 * in clang's pseudo-C syntax (`r0 = *(u64 *)(r1 + 8)'), which bpf-as
 * rejects with messages about the .s file that do not say what to do.
 * With bpf-as, such asm statements get one error at the user's line that
 * names the fix.  The assembler is told by the plugin argument assembler=,
 * or found in the driver's options, which cc1 sees as COLLECT_GCC_OPTIONS
 * (each in single quotes): an `as' that resolves to bpf-asm in a -B
 * directory means bpf-asm.  The output carries no `.ident', as clang's
 * objects carry no .comment.
 *
 * bpf-asm is also told the instruction set, by a `.cpu vN' line at the top
 * of the assembly (the plugin argument cpu=, else bpf-gcc's -mcpu): its branch
 * relaxation writes a jump too far for a 16-bit offset as gotol only for
 * v4 (runtime/asm/relax.c), and below v4 reports it at its line.  GCC 12's
 * driver passes no -mcpu to the assembler, and bpf-as 2.40 has none.  */
#include "plugin/gcc-compat.h"
#include "plugin/lower.h"

static bool
driver_uses_bpf_asm (void)
{
  const char *opts = getenv ("COLLECT_GCC_OPTIONS");
  bool next_is_dir = false;
  if (!opts)
    return false;
  for (const char *p = opts; (p = strchr (p, '\'')); )
    {
      const char *end = strchr (p + 1, '\'');
      if (!end)
	break;
      char *word = xstrndup (p + 1, end - p - 1);
      p = end + 1;
      const char *dir = NULL;
      if (next_is_dir)
	dir = word;
      else if (!strncmp (word, "-B", 2) && word[2])
	dir = word + 2;
      next_is_dir = !strcmp (word, "-B");
      bool found = false;
      if (dir)
	{
	  char *as = concat (dir, "/as", NULL);
	  char *real = lrealpath (as);
	  const char *base = strrchr (real, '/');
	  found = (access (as, X_OK) == 0
		   && !strcmp (base ? base + 1 : real, "bpf-asm"));
	  free (real);
	  free (as);
	}
      free (word);
      if (found)
	return true;
    }
  return false;
}

bool
bpfs_assembler_is_binutils (void)
{
  static int cached = -1;
  if (cached < 0)
    {
      if (bpfs_options.assembler == BPFS_AS_AUTO)
	cached = !driver_uses_bpf_asm ();
      else
	cached = bpfs_options.assembler == BPFS_AS_BINUTILS;
    }
  return cached;
}

/* Whether the asm template TEXT has a line in clang's pseudo-C syntax:
   an assignment (`r0 = 1', `*(u32 *)(r1 + 0) = r2', `r1 += 8'), or a
   conditional or plain `goto'.  GNU syntax has no `=' outside directives
   (`.set x, y'; a `.' line is skipped).  */
static bool
pseudo_c_line_p (const char *text)
{
  const char *line = text;
  while (*line)
    {
      size_t len = strcspn (line, "\n;");
      const char *s = line;
      while (s < line + len && ISSPACE (*s))
	s++;
      if (s < line + len && *s != '.' && *s != '#')
	{
	  if (memchr (s, '=', line + len - s)
	      || !strncmp (s, "if ", 3) || !strncmp (s, "goto ", 5))
	    return true;
	}
      line += len;
      if (*line)
	line++;
    }
  return false;
}

void
bpfs_check_asm_syntax (void *, void *)
{
  basic_block bb;
  if (!cfun || !cfun->cfg)
    return;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gasm *stmt = dyn_cast <gasm *> (gsi_stmt (gsi));
	if (stmt && pseudo_c_line_p (gimple_asm_string (stmt)))
	  error_at (gimple_location (stmt),
		    "inline asm in clang's syntax cannot be assembled by "
		    "binutils' bpf-as; assemble with bpf-asm: bpf-cc without "
		    "%<-fno-integrated-as%>, %<bpf-gcc -specs=bpfsupport%>, or "
		    "%<bpf-gcc -B PREFIX/libexec/bpfsupport/%>");
      }
}

void
bpfs_write_cpu_directive (void *, void *)
{
  if (asm_out_file)
    fprintf (asm_out_file, "\t.cpu\tv%d\n", bpfs_options.cpu);
}

/* Setup: no `.ident' (the `.comment' section).  clang's BPF objects have
   none, and libbpf and bpftool report the unrecognized section on every
   open ("skipping unrecognized data section .comment").  -fident brings
   it back.  */
void
bpfs_assembler_init (void)
{
  if (!global_options_set.x_flag_no_ident)
    global_options.x_flag_no_ident = 1;
}
