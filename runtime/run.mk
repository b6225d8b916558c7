# run.mk - bpf-run, the BPF simulator (runtime/sim/), its fuzz targets and
# benchmark.  Included by runtime/Makefile.
SIM_SRCS := sim/elf-load.c sim/vm.c sim/interp.c sim/maps.c sim/helpers.c
SIM_OBJS := $(SIM_SRCS:%.c=$(OBJDIR)/%.o)

all: $(BIN)/bpf-run

$(BIN)/bpf-run: $(SIM_OBJS) $(OBJDIR)/sim/main.o
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) -o $@ $^ $(RT_LDLIBS)

# The interpreter loop is included twice (fast and --trace).
$(OBJDIR)/sim/interp.o: sim/interp-body.h

.PHONY: fuzz-run bench-run

# Benchmark: BPF workloads in bpf-run vs native gcc -O2 vs the kernel.
bench-run: $(BIN)/bpf-run
	BIN=$(BIN) OUT=$(BUILD)/bench-run sh sim/bench/bench.sh
bench: bench-run
