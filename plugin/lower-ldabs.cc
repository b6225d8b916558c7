/* lower-ldabs.cc: clang's packet-load intrinsics, functions declared with
   the assembler names llvm.bpf.load.byte, .half and .word, as BPF_LD_IND.
 *
 * Socket filters written for clang (the kernel's samples/bpf, bcc's older
 * tools) declare
 *   unsigned long long load_byte(void *skb, unsigned long long off)
 *     asm("llvm.bpf.load.byte");
 * and clang turns each call into the legacy packet load: skb in r6,
 * `r0 = *(u8 *)skb[off]' (BPF_LD | BPF_IND), which reads the packet in
 * network byte order, converts it to host order and ends the program with
 * 0 when the offset is outside the packet.  GCC knows nothing of these
 * names and emitted calls to undefined symbols: the object did not load
 * ("failed to find BTF for extern"), and bpf-run could not run it.
 *
 * Each such call becomes one volatile asm: skb copied into r6, the load
 * spelled through the __bpfs_insn macro (lowering.cc: bpf-as 2.40 has no
 * pseudo-C for it), r0 copied to the result.  The instruction clobbers r1-
 * r5 (the kernel's rule) and the asm r0 and r6, so GCC keeps the operands
 * in r7-r9 and saves r6 for the rest of the function.  GCC's own
 * __builtin_bpf_load_byte takes no skb and assumes it is in r6 already,
 * which nothing guarantees: not used.  */
#include "plugin/gcc-compat.h"
#include "plugin/lower.h"
#include "runtime/insn.h"   /* the uapi names of the encodings */

/* The BPF_SIZE of a call to one of clang's load intrinsics, or -1.  */
static int
load_intrinsic_size (gimple *stmt)
{
  if (!is_gimple_call (stmt) || gimple_call_num_args (stmt) != 2)
    return -1;
  tree fndecl = gimple_call_fndecl (stmt);
  if (!fndecl || !DECL_ASSEMBLER_NAME_SET_P (fndecl))
    return -1;
  const char *name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
  if (*name == '*')
    name++;
  if (!strcmp (name, "llvm.bpf.load.byte"))
    return BPF_B;
  if (!strcmp (name, "llvm.bpf.load.half"))
    return BPF_H;
  if (!strcmp (name, "llvm.bpf.load.word"))
    return BPF_W;
  return -1;
}

static void
lower_one (gimple_stmt_iterator *gsi, int size)
{
  gimple *call = gsi_stmt (*gsi);
  location_t loc = gimple_location (call);
  tree u64 = long_long_unsigned_type_node;
  tree skb = bpfs_convert (gsi, loc, u64, gimple_call_arg (call, 0));
  tree off = bpfs_convert (gsi, loc, u64, gimple_call_arg (call, 1));
  char text[128];
  snprintf (text, sizeof text,
	    "mov %%%%r6, %%1\n\t__bpfs_insn 0x%x, %%%%r0, %%2, 0, 0\n\t"
	    "mov %%0, %%%%r0", BPF_LD | BPF_IND | size);
  tree out = make_ssa_name (u64);
  tree ins[2] = { skb, off };
  const char *cons[2] = { "r", "r" };
  /* r6 is written and r0 is the result; the load may also end the
     program (out of bounds), so r1-r5 are as after a call, and the asm
     stays where the source put it (volatile, a memory clobber).  */
  gsi_insert_before (gsi, bpfs_build_asm (loc, text, out, 2, ins, cons, 7),
		     GSI_SAME_STMT);
  bpfs_replace_call (gsi, out);
}

bool
bpfs_lower_packet_loads (function *fun)
{
  bool changed = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	int size = load_intrinsic_size (gsi_stmt (gsi));
	if (size < 0)
	  continue;
	lower_one (&gsi, size);
	changed = true;
      }
  return changed;
}
