# GCC's own C testsuite on the bpf-sim board (doc/gcc-testsuite.md).
# Included by the top-level Makefile, which defines BUILD, BIN, BPF_GCC,
# PLUGIN and GCC_TESTSUITE.
#
#   make check-gcc                  everything, without and with the plugin
#   make check-gcc GCC_PARTS="exec-a ieee" GCC_CONFIGS=gcc    a subset
#   make check-gcc GCC_EXEC_OPTIONS="{-O0} {-O1} {-O2} {-O3} {-Os}"
#
# Parts: exec-a exec-b (gcc.c-torture/execute), ieee, builtins (its
# subdirectories), bpf (gcc.target/bpf but its core-* tests), bpf-core
# (those), btf (gcc.dg/debug/btf), compile-a
# compile-b (gcc.c-torture/compile at -O0 -g and -O2 -g).  Results go to
# $(BUILD)/gcc-check/CONFIG/PART/gcc.{sum,log}; the summary table to
# $(BUILD)/gcc-check/summary.txt.
GCC_CHECK   := $(BUILD)/gcc-check
GCC_PARTS   ?= exec-a exec-b ieee builtins bpf bpf-core btf compile-a compile-b
GCC_CONFIGS ?= gcc plugin
# The execute tests' optimisation levels, as a Tcl list of option sets.
GCC_EXEC_OPTIONS ?= {-O2}

.PHONY: check-gcc
check-gcc: all $(GCC_TESTSUITE)/.extracted
	@GCC_TESTSUITE=$(GCC_TESTSUITE) BPF_GCC=$(BPF_GCC) PLUGIN=$(PLUGIN) \
	  BPF_LIBC=$(BUILD)/bpf-libc BPF_RUN=$(BIN)/bpf-run \
	  BOARDS=$(CURDIR)/testsuite/boards JOBS=2 \
	  PARTS="$(GCC_PARTS)" CONFIGS="$(GCC_CONFIGS)" EXEC_OPTIONS="$(GCC_EXEC_OPTIONS)" \
	  sh testsuite/gcc/run.sh $(GCC_CHECK)
