/* run-insn-fuzz.c - libFuzzer target: raw instruction streams.  The
   first byte chooses the program type and xBPF; the rest is code.  Two
   maps (array, hash) and a .data map exist so lddw map references can
   resolve.  */
#include "fuzz/run-fuzz-common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (size < 9 || size > 65536)
    return 0;
  static const uint32_t types[4] = { BPF_PROG_TYPE_XDP, BPF_PROG_TYPE_SCHED_CLS,
                                     BPF_PROG_TYPE_SYSCALL, BPF_PROG_TYPE_SOCKET_FILTER };
  struct elo_object o;
  memset(&o, 0, sizeof o);
  snprintf(o.name, sizeof o.name, "fuzz");
  o.xbpf = data[0] >> 7;
  o.kconfig_map = -1;
  o.ncode = (size - 1) / 8;
  o.code = calloc(o.ncode + 1, sizeof *o.code);
  memcpy(o.code, data + 1, o.ncode * 8);
  struct elo_prog prog;
  memset(&prog, 0, sizeof prog);
  snprintf(prog.name, sizeof prog.name, "f");
  prog.type = types[data[0] & 3];
  prog.end = o.ncode;
  o.progs = &prog;
  o.nprogs = 1;
  struct elo_map maps[3];
  memset(maps, 0, sizeof maps);
  snprintf(maps[0].name, sizeof maps[0].name, "a");
  maps[0].type = BPF_MAP_TYPE_ARRAY; maps[0].key_size = 4; maps[0].value_size = 8; maps[0].max_entries = 4;
  snprintf(maps[1].name, sizeof maps[1].name, "h");
  maps[1].type = BPF_MAP_TYPE_HASH; maps[1].key_size = 4; maps[1].value_size = 16; maps[1].max_entries = 8;
  snprintf(maps[2].name, sizeof maps[2].name, ".data");
  maps[2].type = BPF_MAP_TYPE_ARRAY; maps[2].key_size = 4; maps[2].value_size = 32; maps[2].max_entries = 1;
  maps[2].internal = 1;
  for (int i = 0; i < 3; i++)
    maps[i].inner = -1;
  o.maps = maps;
  o.nmaps = 3;
  fuzz_run_object(&o);
  free(o.code);
  return 0;
}
