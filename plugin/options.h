/* options.h: the plugin's switches, set from -fplugin-arg-bpfsupport-*.
   Each lowering feature has its own switch, on by default, so that a user
   (or a test) can compare with GCC's own behaviour one feature at a time. */
#ifndef BPFSUPPORT_OPTIONS_H
#define BPFSUPPORT_OPTIONS_H

#ifndef BPFSUPPORT_VERSION
#define BPFSUPPORT_VERSION "0.1"
#endif

/* Which assembler bpf-gcc runs (assembler=): it decides how calls to
   global functions are written (lower-global-offsets.cc).  */
enum bpfs_assembler { BPFS_AS_AUTO, BPFS_AS_BINUTILS, BPFS_AS_BPF_ASM };

struct bpfs_options
{
  bool helper_calls;       /* helper-calls: calls through helpers -> call N */
  bool atomics;            /* atomics: __sync/__atomic builtins -> BPF_ATOMIC */
  bool division;           /* division: signed / and % without libcalls */
  bool memory;             /* memory: memcpy/memset/... inlined */
  bool inline_args;        /* inline-args: >5 args ok for inlined functions */
  bool global_offsets;     /* global-offsets: &global + off loads right */
  bool check_calls;        /* check-calls: no call to unknown symbols */
  bool allow_extern_calls; /* allow-extern-calls: kfuncs etc. allowed */
  int cpu;                 /* cpu=v1..v4: the kernel ISA to target */
  bool cpu_probe;          /* cpu=probe: bpf-gcc's -mcpu, clang's macros */
  bool btf;                /* btf: the plugin's BTF and .BTF.ext from -g */
  bool dwarf;              /* dwarf: keep GCC's DWARF next to our BTF */
  bool core;               /* core: CO-RE builtins and relocations */
  bool enum64;             /* enum64: 8-byte enums as BTF ENUM64 (6.0+; default on) */
  bool float_constants;    /* float-constants: IEEE bits in instructions */
  bool varargs;            /* varargs: va_start sees r1-r5's arguments */
  enum bpfs_assembler assembler; /* assembler=auto|bpf-as|bpf-asm */
  bool bswap;              /* bswap: __builtin_bswapN -> be16/be32/be64 */
  bool distinct_functions; /* distinct-functions: no identical code folding */
  bool used_libcalls;      /* used-libcalls: declare only called routines */
  bool verifier;           /* verifier: code the kernel verifier can prove */
  bool source_order;       /* source-order: variables laid out as declared */
  bool backend_fixes;      /* backend-fixes: v1 compares, zero-extension below v3 */
};
extern struct bpfs_options bpfs_options;

/* Each feature's setup (target hooks, options, its own data), run by
   plugin_init before it registers plugin/pipeline.def; each reads
   bpfs_options.  */
void bpfs_helper_calls_init (void);         /* attrs/helper-calls.cc */
void bpfs_lowering_init (void);             /* plugin/lowering.cc */
void bpfs_btf_init (void);                  /* btf/gcc-btf.cc */
void bpfs_core_init (void);                 /* attrs/core.cc */
void bpfs_core_header_forms_init (void);    /* attrs/core-header-forms.cc */
void bpfs_float_constants_init (void);      /* plugin/float-constants.cc */
void bpfs_varargs_init (void);              /* plugin/varargs.cc */
void bpfs_clang_macros_init (void);         /* plugin/clang-macros.cc */
void bpfs_clang_warnings_init (void);       /* plugin/clang-warnings.cc */
void bpfs_assembler_init (void);            /* plugin/assembler.cc */
void bpfs_libcall_externs_init (void);      /* plugin/libcall-externs.cc */
void bpfs_no_icf_init (void);               /* plugin/no-icf.cc */
void bpfs_verifier_init (void);             /* plugin/verifier.cc */
void bpfs_naked_init (void);                /* plugin/naked.cc */

/* kernel_helper(N) on DECL: N, or 0.  */
#ifdef GCC_TREE_H
HOST_WIDE_INT bpfs_kernel_helper_number (const_tree decl);
/* The typedef with kernel_helper that names TYPE or the function type it
   points to, through chains of typedefs, or NULL_TREE; and its number.  */
tree bpfs_type_helper_typedef (tree type);
HOST_WIDE_INT bpfs_type_helper_number (tree type);
/* Resolve the indirect calls of FUN whose callee is known (helper-calls.cc);
   the late lowering pass runs it again after the optimizers.  */
#ifdef GCC_FUNCTION_H
unsigned int bpfs_resolve_helper_calls (function *fun, bool early);
#endif
#endif

#endif
