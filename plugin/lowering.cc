/* lowering.cc: registers the GIMPLE lowerings that keep library calls out
   of BPF objects (atomics, signed division, memory builtins, traps), the
   fixes for global-data addresses and inlined functions' argument counts,
   and the final check that a function calls only what the kernel can
   resolve.  See doc/lowering.md.

   The lowerings run in one late GIMPLE pass, right after "optimized" (the
   last GIMPLE pass at every -O level, just before expand): the optimizers
   have done their work (constant divisors, dead atomics, inlined copies),
   and nothing after this point turns GIMPLE back into a builtin call.

   Instructions that binutils 2.40's bpf-as has no mnemonic for (BPF_ATOMIC
   with fetch, xchg, cmpxchg; cpu v4 sdiv/smod) reach the object through
   assembler macros written once per file into the assembly, and inline asm
   statements built here that use them: GCC's register allocator still
   picks the registers, the macro turns the register names into numbers
   and emits the 8 bytes of the instruction with .byte/.2byte/.4byte.  */
#include "plugin/gcc-compat.h"
#include "plugin/lower.h"
#include "runtime/insn.h"   /* the uapi names of the encodings */
#include "tree-into-ssa.h"

/* The macros.  __bpfs_insn CODE, DST, SRC, OFF, IMM is one instruction:
   opcode byte, registers (src in the high nibble: little endian BPF),
   16-bit offset, 32-bit immediate.  __bpfs_cmpxchg puts the expected
   value in r0 (BPF_CMPXCHG compares with r0 and leaves the old value
   there) and copies r0 to the output.  */
static const char bpfs_macros[] =
  "\t/* bpfsupport: instructions bpf-as has no mnemonic for.  */\n"
  "\t.macro __bpfs_regno sym, reg\n"
  "\t.set \\sym, -1\n"
  "\t.irp n, 0,1,2,3,4,5,6,7,8,9,10\n"
  "\t.ifc \\reg, %r\\n\n"
  "\t.set \\sym, \\n\n"
  "\t.endif\n"
  "\t.endr\n"
  "\t.ifc \\reg, %fp\n"
  "\t.set \\sym, 10\n"
  "\t.endif\n"
  "\t.if \\sym < 0\n"
  "\t.error \"bpfsupport: not a BPF register: \\reg\"\n"
  "\t.endif\n"
  "\t.endm\n"
  "\t.macro __bpfs_insn code, dst, src, off, imm\n"
  "\t__bpfs_regno .Lbpfs_dst, \\dst\n"
  "\t__bpfs_regno .Lbpfs_src, \\src\n"
  "\t.byte \\code, (.Lbpfs_src << 4) | .Lbpfs_dst\n"
  "\t.2byte \\off\n"
  "\t.4byte \\imm\n"
  "\t.endm\n"
  "\t.macro __bpfs_cmpxchg code, out, ptr, old, new\n"
  "\tmov %r0, \\old\n";
/* ... continued by __bpfs_cmpxchg's instruction, whose imm is printed
   from its name, then by this.  */
static const char bpfs_macros_tail[] =
  "\tmov \\out, %r0\n"
  "\t.endm\n";

static bool macros_written;

void
bpfs_lower_need_macros (void)
{
  /* The late pass runs for one function right before that function is
     expanded and printed, so text written now precedes its code.  */
  if (macros_written || !asm_out_file)
    return;
  fputs (bpfs_macros, asm_out_file);
  fprintf (asm_out_file, "\t__bpfs_insn \\code, \\ptr, \\new, 0, %#x\n",
	   BPF_CMPXCHG);
  fputs (bpfs_macros_tail, asm_out_file);
  macros_written = true;
}

tree
bpfs_asm_operand (const char *constraint, tree value)
{
  tree c = build_string (strlen (constraint), constraint);
  return build_tree_list (build_tree_list (NULL_TREE, c), value);
}

gasm *
bpfs_build_asm (location_t loc, const char *text, tree out, int nin,
		tree *ins, const char **icons, int clobbered_regs)
{
  static const char *const regs[] = { "r0", "r1", "r2", "r3", "r4", "r5",
				      "r6" };
  gcc_assert (clobbered_regs >= 0 && clobbered_regs <= (int) ARRAY_SIZE (regs));
  vec<tree, va_gc> *inputs = NULL, *outputs = NULL, *clobbers = NULL;
  if (out)
    vec_safe_push (outputs, bpfs_asm_operand ("=r", out));
  for (int i = 0; i < nin; i++)
    vec_safe_push (inputs, bpfs_asm_operand (icons[i], ins[i]));
  vec_safe_push (clobbers, build_tree_list (NULL_TREE,
					    build_string (6, "memory")));
  for (int i = 0; i < clobbered_regs; i++)
    vec_safe_push (clobbers, build_tree_list (NULL_TREE,
					      build_string (2, regs[i])));
  gasm *stmt = gimple_build_asm_vec (text, inputs, outputs, clobbers, NULL);
  gimple_asm_set_volatile (stmt, true);
  gimple_set_location (stmt, loc);
  if (out && TREE_CODE (out) == SSA_NAME)
    SSA_NAME_DEF_STMT (out) = stmt;
  bpfs_lower_need_macros ();
  return stmt;
}

tree
bpfs_emit (gimple_stmt_iterator *gsi, location_t loc, tree type,
	   enum tree_code code, tree a, tree b)
{
  tree r = make_ssa_name (type);
  gassign *g = b ? gimple_build_assign (r, code, a, b)
		 : gimple_build_assign (r, code, a);
  gimple_set_location (g, loc);
  gsi_insert_before (gsi, g, GSI_SAME_STMT);
  return r;
}

tree
bpfs_convert (gimple_stmt_iterator *gsi, location_t loc, tree type, tree x)
{
  if (useless_type_conversion_p (type, TREE_TYPE (x)))
    return x;
  if (CONSTANT_CLASS_P (x))
    return fold_convert (type, x);
  return bpfs_emit (gsi, loc, type, NOP_EXPR, x, NULL_TREE);
}

void
bpfs_replace_call (gimple_stmt_iterator *gsi, tree value)
{
  gimple *call = gsi_stmt (*gsi);
  tree lhs = gimple_call_lhs (call);
  if (lhs && value)
    {
      value = bpfs_convert (gsi, gimple_location (call), TREE_TYPE (lhs),
			    value);
      gassign *g = gimple_build_assign (lhs, value);
      gimple_set_location (g, gimple_location (call));
      if (TREE_CODE (lhs) == SSA_NAME)
	SSA_NAME_DEF_STMT (lhs) = g;
      unlink_stmt_vdef (call);
      gsi_replace (gsi, g, false);
      return;
    }
  unlink_stmt_vdef (call);
  gsi_remove (gsi, true);
  if (lhs && TREE_CODE (lhs) == SSA_NAME)
    {
      /* An unused result: give the name a harmless definition.  */
      gassign *g = gimple_build_assign (lhs, build_zero_cst (TREE_TYPE (lhs)));
      gsi_insert_before (gsi, g, GSI_SAME_STMT);
    }
}

unsigned int
bpfs_lower_function (function *fun)
{
  bool changed = false;
  unsigned int todo = 0;
  /* Helper values the optimizers propagated since the early pass (from an
     inlined caller, through memory) make more calls direct.  */
  if (bpfs_options.helper_calls)
    todo = bpfs_resolve_helper_calls (fun, false);
  if (bpfs_options.atomics)
    changed |= bpfs_lower_atomics (fun);
  if (bpfs_options.division)
    changed |= bpfs_lower_division (fun);
  if (bpfs_options.memory)
    {
      changed |= bpfs_lower_memory (fun);
      changed |= bpfs_lower_traps (fun);
    }
  if (bpfs_options.bswap)
    changed |= bpfs_lower_bswap (fun);
  /* No switch: without it the object calls undefined symbols.  */
  changed |= bpfs_lower_packet_loads (fun);
  if (bpfs_options.check_calls && !bpfs_options.allow_extern_calls)
    bpfs_check_calls (fun);
  if (!changed)
    return todo;
  mark_virtual_operands_for_renaming (fun);
  cgraph_edge::rebuild_edges ();
  return todo | TODO_update_ssa_only_virtuals | TODO_cleanup_cfg;
}

void
bpfs_lowering_init (void)
{
  if (bpfs_options.global_offsets)
    bpfs_global_offsets_init ();
  if (bpfs_options.inline_args)
    bpfs_inline_args_init ();
}
