/* run-fuzz-common.h - shared by the bpf-run fuzz targets: run every
   program of a loaded object with a small budget and a generic context
   (a 64-byte writable buffer and, for XDP/skb programs, a packet).  */
#include <linux/bpf.h>
#ifndef BPF_MEMSX
#define BPF_MEMSX	0x80	/* load with sign extension (kernel 6.6 headers) */
#endif
#include <stdlib.h>
#include <string.h>
#include "sim/sim.h"

static void fuzz_run_object(struct elo_object *o)
{
  static const uint8_t pkt[64] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 8, 0, 0x45 };
  for (uint32_t p = 0; p < o->nprogs && p < 4; p++)
    {
      struct vm_opts opt;
      memset(&opt, 0, sizeof opt);
      opt.max_insns = 20000;
      opt.stack_size = 512;
      opt.max_depth = 8;
      opt.ncpus = 1;
      opt.out = fopen("/dev/null", "w");
      opt.region_key = 0x5eed;   /* reproducible addresses */
      struct vm vm;
      char err[256];
      if (vm_init(&vm, o, &opt, err, sizeof err) == 0)
        {
          vm.prog_type = o->progs[p].type;
          uint64_t args[5] = { 0 };
          vm.ctx = calloc(1, 256);
          vm.ctx_size = 64;
          if (vm.prog_type == BPF_PROG_TYPE_XDP || vm.prog_type == BPF_PROG_TYPE_SCHED_CLS)
            {
              vm.pkt_cap = 4096;
              vm.pkt = calloc(1, vm.pkt_cap);
              memcpy(vm.pkt + 256, pkt, sizeof pkt);
              vm.pkt_data = vm.pkt_meta = 256;
              vm.pkt_end = 256 + sizeof pkt;
              vm.pkt_reg = vm_region_new(&vm, vm.pkt, vm.pkt_cap, 0, "packet", 0);
              vm.reg[vm.pkt_reg].lo = vm.pkt_meta;
              vm.reg[vm.pkt_reg].hi = vm.pkt_end;
              vm.ctx_size = vm.prog_type == BPF_PROG_TYPE_XDP ? sizeof(struct xdp_md) : sizeof(struct __sk_buff);
              vm.ctx_reg = vm_region_new(&vm, vm.ctx, vm.ctx_size, RG_CTX, "context", 1);
            }
          else
            vm.ctx_reg = vm_region_new(&vm, vm.ctx, 64, 0, "context", 1);
          args[0] = vm_addr(&vm, vm.ctx_reg, 0);
          vm.fp = vm_frame_fp(&vm, 0);
          uint64_t ret;
          vm_run(&vm, o->progs[p].start, args, &ret);
          vm_end_run(&vm);
        }
      vm_free(&vm);
      fclose(opt.out);
    }
}
