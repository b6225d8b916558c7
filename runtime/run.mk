# run.mk - bpf-run, the BPF simulator (runtime/sim/), its fuzz targets and
# benchmark.  Included by runtime/Makefile.
# The object reader (obj/, shared with bpf-asm -d), then the simulator.
SIM_SRCS := obj/bpfobj.c obj/bpfobj-btf.c sim/elf-load.c sim/vm.c sim/interp.c sim/maps.c \
  sim/helpers.c
SIM_OBJS := $(SIM_SRCS:%.c=$(OBJDIR)/%.o)

all: $(BIN)/bpf-run

# The debugger (--debug, --trace=calls): libbpf for BTF; readline when
# its headers are installed (libreadline-dev), plain line input otherwise.
DBG_SRCS := $(addprefix sim/,debug.c debug-state.c debug-lines.c debug-mem.c debug-exec.c \
  debug-trace.c debug-values.c debug-disasm.c debug-loc.c debug-break.c debug-stops.c debug-btf.c)
DBG_OBJS := $(DBG_SRCS:%.c=$(OBJDIR)/%.o)
DBG_READLINE := $(shell test -f /usr/include/readline/readline.h && echo 1)
$(OBJDIR)/sim/debug.o: RT_CFLAGS += $(if $(DBG_READLINE),-DHAVE_READLINE)

$(BIN)/bpf-run: $(SIM_OBJS) $(OBJDIR)/sim/main.o $(OBJDIR)/insn.o $(DBG_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) -o $@ $^ $(RT_LDLIBS) -lbpf $(if $(DBG_READLINE),-lreadline)

# The interpreter loop is included three times (fast, --trace, and the
# stepped build the debugger runs).
$(OBJDIR)/sim/interp.o: sim/interp-body.h

.PHONY: fuzz-run bench-run

# Benchmark: BPF workloads in bpf-run vs native gcc -O2 vs the kernel.
bench-run: $(BIN)/bpf-run
	BIN=$(BIN) OUT=$(BUILD)/bench-run sh sim/bench/bench.sh
bench: bench-run

# libFuzzer targets, each run for FUZZ_SECONDS (default 600) under ASan
# and UBSan (any UBSan report aborts: it is a finding, not a warning):
# the ELF loader, raw instruction streams, and the sandbox (raw streams
# with an address-aware mutator: constants near 2^32 and 2^64, pointer
# offsets, lddw immediates; fuzz/run-sandbox-fuzz.c).
FUZZ_SECONDS ?= 600
FUZZ_CC ?= clang
RUN_FUZZ_SRCS := $(SIM_SRCS) insn.c
RUN_FUZZ_FLAGS := -std=c11 -D_GNU_SOURCE -g -O1 -I. -fsanitize=fuzzer,address,undefined \
  -fno-sanitize-recover=all
RUN_FUZZ_DEPS := $(SIM_SRCS) $(wildcard sim/*.h obj/*.h) fuzz/run-fuzz-common.h
RUN_FUZZ_TARGETS := run-elf run-insn run-sandbox

$(BUILD)/fuzz/%-fuzz: fuzz/%-fuzz.c $(RUN_FUZZ_DEPS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(RUN_FUZZ_FLAGS) -o $@ $< $(RUN_FUZZ_SRCS) -lelf -lbpf

# Each target: its seeds (fuzz/NAME-seeds; the sandbox target also starts
# from the instruction seeds), FUZZ_SECONDS, artifacts in $(BUILD)/fuzz.
fuzz-run: $(RUN_FUZZ_TARGETS:%=$(BUILD)/fuzz/%-fuzz)
	@mkdir -p $(RUN_FUZZ_TARGETS:%=$(BUILD)/fuzz/%-corpus)
	cp -n fuzz/run-seeds/* $(BUILD)/fuzz/run-elf-corpus/ 2>/dev/null || true
	cp -n fuzz/run-insn-seeds/* $(BUILD)/fuzz/run-insn-corpus/ 2>/dev/null || true
	cp -n fuzz/run-insn-seeds/* fuzz/run-sandbox-seeds/* $(BUILD)/fuzz/run-sandbox-corpus/ 2>/dev/null || true
	$(BUILD)/fuzz/run-elf-fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -rss_limit_mb=4096 \
	  -artifact_prefix=$(BUILD)/fuzz/run-elf- $(BUILD)/fuzz/run-elf-corpus
	$(BUILD)/fuzz/run-insn-fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -rss_limit_mb=4096 \
	  -artifact_prefix=$(BUILD)/fuzz/run-insn- $(BUILD)/fuzz/run-insn-corpus
	$(BUILD)/fuzz/run-sandbox-fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=2048 -rss_limit_mb=4096 \
	  -artifact_prefix=$(BUILD)/fuzz/run-sandbox- $(BUILD)/fuzz/run-sandbox-corpus
fuzz: fuzz-run
