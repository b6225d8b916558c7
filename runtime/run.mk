# run.mk - bpf-run, the BPF simulator (runtime/sim/), its fuzz targets and
# benchmark.  Included by runtime/Makefile.
SIM_SRCS := sim/elf-load.c sim/vm.c sim/interp.c sim/maps.c sim/helpers.c
SIM_OBJS := $(SIM_SRCS:%.c=$(OBJDIR)/%.o)

all: $(BIN)/bpf-run

# The debugger (--debug, --trace=calls): libbpf for BTF; readline when
# its headers are installed (libreadline-dev), plain line input otherwise.
DBG_OBJS := $(OBJDIR)/sim/debug.o $(OBJDIR)/sim/debug-btf.o
DBG_READLINE := $(shell test -f /usr/include/readline/readline.h && echo 1)
$(OBJDIR)/sim/debug.o: RT_CFLAGS += $(if $(DBG_READLINE),-DHAVE_READLINE)

$(BIN)/bpf-run: $(SIM_OBJS) $(OBJDIR)/sim/main.o $(OBJDIR)/insn.o $(DBG_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) -o $@ $^ $(RT_LDLIBS) -lbpf $(if $(DBG_READLINE),-lreadline)

# The interpreter loop is included twice (fast and --trace).
$(OBJDIR)/sim/interp.o: sim/interp-body.h

.PHONY: fuzz-run bench-run

# Benchmark: BPF workloads in bpf-run vs native gcc -O2 vs the kernel.
bench-run: $(BIN)/bpf-run
	BIN=$(BIN) OUT=$(BUILD)/bench-run sh sim/bench/bench.sh
bench: bench-run

# libFuzzer targets: the ELF loader and raw instruction streams, each run
# for FUZZ_SECONDS (default 600) with ASan and UBSan.
FUZZ_SECONDS ?= 600
FUZZ_CC ?= clang
RUN_FUZZ_SRCS := $(SIM_SRCS) insn.c
RUN_FUZZ_FLAGS := -std=c11 -D_GNU_SOURCE -g -O1 -I. -fsanitize=fuzzer,address,undefined
RUN_FUZZ_DEPS := $(SIM_SRCS) $(wildcard sim/*.h) fuzz/run-fuzz-common.h

$(BUILD)/fuzz/run-elf-fuzz: fuzz/run-elf-fuzz.c $(RUN_FUZZ_DEPS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(RUN_FUZZ_FLAGS) -o $@ fuzz/run-elf-fuzz.c $(RUN_FUZZ_SRCS) -lelf

$(BUILD)/fuzz/run-insn-fuzz: fuzz/run-insn-fuzz.c $(RUN_FUZZ_DEPS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(RUN_FUZZ_FLAGS) -o $@ fuzz/run-insn-fuzz.c $(RUN_FUZZ_SRCS) -lelf

fuzz-run: $(BUILD)/fuzz/run-elf-fuzz $(BUILD)/fuzz/run-insn-fuzz
	@mkdir -p $(BUILD)/fuzz/run-elf-corpus $(BUILD)/fuzz/run-insn-corpus
	cp -n fuzz/run-seeds/* $(BUILD)/fuzz/run-elf-corpus/ 2>/dev/null || true
	cp -n fuzz/run-insn-seeds/* $(BUILD)/fuzz/run-insn-corpus/ 2>/dev/null || true
	$(BUILD)/fuzz/run-elf-fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -rss_limit_mb=4096 \
	  -artifact_prefix=$(BUILD)/fuzz/run-elf- $(BUILD)/fuzz/run-elf-corpus
	$(BUILD)/fuzz/run-insn-fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -rss_limit_mb=4096 \
	  -artifact_prefix=$(BUILD)/fuzz/run-insn- $(BUILD)/fuzz/run-insn-corpus
fuzz: fuzz-run
