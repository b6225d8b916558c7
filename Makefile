# bpfsupport: a GCC plugin and runtime that make bpf-gcc build, run and test
# libbpf programs.  `make' builds everything into build/, `make check' runs
# the testsuite, `make demo' shows the plugin at work.  See README.md.

BUILD     := $(CURDIR)/build
BIN       := $(BUILD)/bin
BPF_GCC   ?= bpf-gcc
CLANG     ?= clang
HOSTCC    ?= gcc
HOSTCXX   ?= g++
VERSION   := 0.1
PREFIX    ?= /usr/local

PLUGIN        := $(BUILD)/bpfsupport.so
GCC_PLUGIN    := $(BUILD)/gcc-plugin
GCC_HEADERS   := $(GCC_PLUGIN)/include
HEADERS_OK    := $(GCC_PLUGIN)/verified
DEPS_OK       := $(BUILD)/.deps-ok

# Debian packages the build and the tests use.  `make deps' installs them
# (as root) or prints the command; every top-level target runs it first.
DEB_PACKAGES := gcc-bpf binutils-bpf gcc-12-source g++ libgmp-dev libmpfr-dev \
  libmpc-dev xz-utils libelf-dev dejagnu expect libbpf-dev bpftool clang llvm \
  libreadline-dev libclang-rt-14-dev clang-19 valgrind \
  golang-go golang-github-cilium-ebpf-dev golang-github-frankban-quicktest-dev \
  golang-github-google-go-cmp-dev meson ninja-build cmake

# What make check-test-progs needs besides DEB_PACKAGES (it installs them
# itself, so make check stays lean): clang-19 and its tools build the
# clang runner, lld links its urandom_read, libcap/zlib/libelf/libssl are
# what test_progs and sign-file link, rsync copies the runners' files.
TEST_PROGS_PACKAGES := clang-19 llvm-19 lld-19 lld libcap-dev libelf-dev zlib1g-dev \
  libssl-dev rsync iproute2 make pkg-config python3

# How test programs include the libbpf headers with bpf-gcc: the asm/
# headers live in the multiarch directory.
BPF_INCLUDES := -I/usr/include -idirafter /usr/include/$(shell gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)

.PHONY: all deps plugin runtime tools gcc-testsuite check check-unit demo install clean check-selftests check-inline-asm check-naked check-test-progs clang-options check-projects check-warnings \
        distclean bench fuzz fuzz-diff fuzz-reduce headers
all: plugin runtime tools

# ---------------------------------------------------------------- deps
# $(call install-packages,WHO,PACKAGES): the Debian PACKAGES not installed,
# installed with apt-get as root; as a user, an error naming them.  WHO
# starts the messages.
define install-packages
	@missing=$$(for p in $(2); do \
	   dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; \
	 done); \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "$(1): installing" $$missing; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null \
	      || { echo "$(1): error: apt-get install failed" >&2; exit 1; }; \
	  else \
	    echo "$(1): error: missing Debian packages; run as root:" >&2; \
	    echo "  apt-get install -y $$missing" >&2; exit 1; \
	  fi; \
	fi
endef
$(DEPS_OK):
	$(call install-packages,deps,$(DEB_PACKAGES))
	@mkdir -p $(BUILD) && touch $@
deps:
	@rm -f $(DEPS_OK)
	@$(MAKE) --no-print-directory $(DEPS_OK)

# ------------------------------------------------------ plugin headers
# Generated once from gcc-12-source for the exact installed bpf cc1, then
# checked against cc1's own symbol sizes (plugin/gen-headers.sh says why).
$(GCC_PLUGIN)/include/plugin-version.h: | $(DEPS_OK)
	BPF_GCC=$(BPF_GCC) sh plugin/gen-headers.sh $(GCC_PLUGIN)

$(HEADERS_OK): $(GCC_PLUGIN)/include/plugin-version.h plugin/check-headers.cc plugin/check-headers.sh
	$(HOSTCXX) -std=gnu++11 -fno-rtti -I$(GCC_HEADERS) plugin/check-headers.cc -o $(GCC_PLUGIN)/check-headers
	$(GCC_PLUGIN)/check-headers > $(GCC_PLUGIN)/sizes
	sh plugin/check-headers.sh $(GCC_PLUGIN)/sizes $$($(BPF_GCC) -print-prog-name=cc1)
	@touch $@
headers: $(HEADERS_OK)

# -------------------------------------------------------------- plugin
# btf/btf.mk builds the GCC-free BTF library's unit tests (BTF_UNIT_TESTS);
# the library's sources (btf/*.c) are linked into the plugin directly.
-include btf/btf.mk

PLUGIN_SRCS := $(filter-out plugin/check-headers.cc,$(wildcard plugin/*.cc attrs/*.cc btf/*.cc))
PLUGIN_C_SRCS := $(wildcard btf/*.c)
PLUGIN_OBJS := $(patsubst %.cc,$(BUILD)/obj/%.o,$(PLUGIN_SRCS)) \
  $(patsubst %.c,$(BUILD)/obj/plugin-c/%.o,$(PLUGIN_C_SRCS))
PLUGIN_CXXFLAGS := -std=gnu++11 -fPIC -fno-rtti -fno-exceptions -O2 -g \
  -Wall -Wno-unused-parameter -Wno-format-diag -I$(GCC_HEADERS) -I. \
  -DBPFSUPPORT_VERSION='"$(VERSION)"'

$(BUILD)/obj/%.o: %.cc $(HEADERS_OK)
	@mkdir -p $(dir $@)
	$(HOSTCXX) $(PLUGIN_CXXFLAGS) -MMD -MP -c $< -o $@
$(BUILD)/obj/plugin-c/%.o: %.c
	@mkdir -p $(dir $@)
	$(HOSTCC) -std=c11 -D_GNU_SOURCE -fPIC -O2 -g -Wall -Wextra -I. -MMD -MP -c $< -o $@
-include $(PLUGIN_OBJS:.o=.d)

# Linked under another name and renamed: a compiler loading the plugin
# while it is rebuilt never sees a half-written file.
$(PLUGIN): $(PLUGIN_OBJS)
	$(HOSTCXX) -shared -o $@.tmp $(PLUGIN_OBJS) && mv $@.tmp $@
plugin: $(PLUGIN)

# ------------------------------------------------------------- runtime
runtime: | $(DEPS_OK)
	$(MAKE) -C runtime BUILD=$(BUILD) BPF_GCC=$(BPF_GCC)

# Test tools linked with the real libbpf (kernel loader, kernel check).
TOOL_SRCS := $(wildcard testsuite/tools/*.c)
TOOLS := $(patsubst testsuite/tools/%.c,$(BIN)/%,$(TOOL_SRCS))
$(BIN)/%: testsuite/tools/%.c testsuite/tools/bpfs-probe.h | $(DEPS_OK)
	@mkdir -p $(BIN)
	$(HOSTCC) -std=gnu11 -O2 -g -Wall -Wextra -Wno-unused-parameter $< -o $@ -lbpf -lelf
tools: $(TOOLS) $(BUILD)/include/vmlinux.h

# Kernel types for CO-RE and tracing tests, from the running kernel.  An
# empty vmlinux.h marks a kernel without BTF; the tests that need it say
# UNSUPPORTED.
$(BUILD)/include/vmlinux.h: | $(DEPS_OK)
	@mkdir -p $(dir $@)
	if [ -r /sys/kernel/btf/vmlinux ]; then \
	  bpftool btf dump file /sys/kernel/btf/vmlinux format c > $@.tmp && mv $@.tmp $@; \
	else : > $@; fi

# GCC 12.2's own tests (gcc.target/bpf, gcc.c-torture, btf), extracted once
# from gcc-12-source: the no-change check and the bpf-sim board use them.
GCC_TESTSUITE := $(BUILD)/gcc-testsuite
$(GCC_TESTSUITE)/.extracted: | $(DEPS_OK)
	@mkdir -p $(GCC_TESTSUITE)
	tar -C $(GCC_TESTSUITE) --strip-components=3 -xJf /usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz \
	  gcc-12.2.0/gcc/testsuite/gcc.target/bpf gcc-12.2.0/gcc/testsuite/gcc.c-torture \
	  gcc-12.2.0/gcc/testsuite/gcc.dg/debug/btf gcc-12.2.0/gcc/testsuite/lib \
	  gcc-12.2.0/gcc/testsuite/config
	@touch $@
gcc-testsuite: $(GCC_TESTSUITE)/.extracted

# GCC's own C testsuite on the bpf-sim board (make check-gcc).
-include testsuite/gcc/gcc.mk

# ---------------------------------------------------------------- check
# DejaGnu runs every testsuite/bpfsupport.*/*.exp; testsuite/summary.sh turns
# its .sum files into the closing `N passed, N failed, N skipped' line.
# Every skip must be in testsuite/expected-skips.  A kernel that does not
# let us load BPF fails the run unless KERNEL=optional.
RUNTESTFLAGS ?=
KERNEL ?= required
check: all $(BTF_UNIT_TESTS) $(GCC_TESTSUITE)/.extracted
	@mkdir -p $(BUILD)/testsuite
	@{ echo "set BUILDDIR $(BUILD)"; echo "set BINDIR $(BIN)"; \
	   echo "set PLUGIN $(PLUGIN)"; echo "set BPF_GCC $(BPF_GCC)"; \
	   echo "set CLANG $(CLANG)"; echo "set TOPDIR $(CURDIR)"; \
	   echo "set HOSTCC $(HOSTCC)"; \
	   echo "set BPF_INCLUDES {$(BPF_INCLUDES)}"; \
	   echo "set GCC_TESTSUITE $(GCC_TESTSUITE)"; \
	   echo "set srcdir $(CURDIR)/testsuite"; \
	   echo "set objdir $(BUILD)/testsuite"; } > $(BUILD)/testsuite/site.exp
	@TESTDIRS="$(TESTDIRS)" KERNEL="$(KERNEL)" sh testsuite/run.sh $(BUILD)/testsuite "$(RUNTESTFLAGS)"

# ------------------------------------------------------------ corpora
# The kernel's BPF selftests (linux-source-6.12, fetched with apt-get
# download and cached in build/selftests): every progs file built with
# clang and with bpf-gcc + plugin, each program loaded on its own, and the
# comparison table (testsuite/selftests/corpus.sh; FILES=, JOBS= narrow it).
# A measurement outside make check: about 3 minutes on two cores once the
# corpus is fetched.  Ends with the CO-RE records compared (core-records.py).
check-selftests: all
	sh testsuite/selftests/corpus.sh $(BUILD)

# The kernel's own BPF test runner (tools/testing/selftests/bpf of
# linux-source-6.12): test_progs built with clang-19 and test_progs-bpf_gcc
# with bpf-cc as BPF_GCC, the Makefile unchanged, both run test by test on
# the running kernel, and the comparison (testsuite/test-progs/run.sh,
# doc/test-progs.md).  Not in check: about an hour on two cores the first
# time (clang's side is kept after).  TESTS=, TIMEOUT=, JOBS= as there;
# CPU=v2 the -mcpu=v2 flavour (clang-19's test_progs-no_alu32 beside
# bpf-cc -mcpu=v2), under build/test-progs-v2.
check-test-progs: all
	$(call install-packages,test-progs,$(TEST_PROGS_PACKAGES))
	CPU="$(CPU)" sh testsuite/test-progs/run.sh $(BUILD)

# Public projects' own tests with their BPF objects built by clang-19 and
# by bpf-cc (testsuite/projects/*/run.sh, doc/testing.md): cilium/ebpf's
# Go tests (CO-RE relocations run and checked, objects parsed and loaded).
# make check runs the same (bpfsupport.dropin/project-cilium-ebpf.exp).
check-projects: all
	sh testsuite/projects/cilium-ebpf/run.sh $(BUILD)

# Every warning bpf-cc gives and clang-19 does not, under -Wall -Wextra, on
# every file of the corpora (the kernel's BPF selftests, testsuite/projects,
# ../shared/cases): a -Werror build clang-19 passes must pass with bpf-cc.
# The table by warning option; fails on one not listed with its reason in
# testsuite/warnings/known-warnings.  FILES=, JOBS= as check-selftests;
# about 2.5 minutes on two quiet cores.
check-warnings: all
	sh testsuite/selftests/prepare.sh $(BUILD)
	python3 testsuite/warnings/compare.py $(BUILD)

# Every driver option of clang-19 (doc/bpf-cc.md, "Every clang option"):
# what clang-19 does with each in a BPF compile, probed again and compared
# with runtime/cc/clang-options.tsv (the table bpf-cc is built with;
# CLANG_OPTIONS_UPDATE=1 writes the new one), then every option through
# bpf-cc: the table by class and the refusals with their reasons.  About
# two minutes; make check runs the walk against the committed table.
clang-options: all
	$(call install-packages,clang-options,clang-19 llvm-19 python3)
	python3 runtime/cc/probe-clang-options.py > $(BUILD)/clang-options.tsv
	@if diff -u runtime/cc/clang-options.tsv $(BUILD)/clang-options.tsv; then \
	  echo "clang-options: runtime/cc/clang-options.tsv is clang-19's as installed"; \
	elif [ -n "$(CLANG_OPTIONS_UPDATE)" ]; then \
	  cp $(BUILD)/clang-options.tsv runtime/cc/clang-options.tsv; \
	  echo "clang-options: runtime/cc/clang-options.tsv updated: rebuild bpf-cc"; \
	else echo "clang-options: the table differs (above)"; exit 1; fi
	python3 testsuite/bpfsupport.dropin/clang-options-walk.py --bpf-cc $(abspath $(BIN))/bpf-cc \
	  --tsv runtime/cc/clang-options.tsv --rules runtime/cc/clang-option-rules.txt --compile --table

# Every __naked function of those selftests that both compilers build: its
# bytes in bpf-gcc + bpfsupport's object against clang's, relocations aside
# (testsuite/selftests/naked.sh; FILES=, JOBS= as above).  Not in check.
check-naked: all
	sh testsuite/selftests/naked.sh $(BUILD)

# Inline asm as the selftests write it (doc/bpf-asm.md): every progs file
# with inline asm through bpf-gcc + plugin and clang; statements in GCC's
# #APP blocks against those bpf-asm assembled, files each one rejects.
# Fails on a statement dropped without an error, or a file clang takes and
# bpf-asm rejects.  FILES=, JOBS= as above; about 10 minutes on two cores.
check-inline-asm: all
	sh testsuite/selftests/inline-asm.sh $(BUILD)

# ----------------------------------------------------------------- demo
demo: all
	@sh testsuite/demo/demo.sh $(BUILD)

# -------------------------------------------------------- bench, fuzz
# Speed, measured here and never in timed tests: the runtime's tools
# (runtime/*.mk bench targets) and what BTF adds to compile time.
bench: all
	bash testsuite/bench/btf-time.sh $(BUILD)
	$(MAKE) -C runtime BUILD=$(BUILD) bench

fuzz: all
	$(MAKE) -C runtime BUILD=$(BUILD) fuzz

# Differential testing (testsuite/fuzz/, doc/testing.md): N random programs
# (csmith with testsuite/fuzz/csmith.h, and bpfgen.py's BPF-typical ones)
# built natively (the reference), by bpf-cc at -O0/-O2/-Os and -mcpu=v1..v4
# and by clang-19 -O2 at the same -mcpu, each object run in bpf-run and the
# kernel; every disagreement classified, findings under BUILD/fuzz-diff.
# N=, SEED=, JOBS=, GEN=csmith,bpfgen, FUZZ_DIFF_FLAGS= (more options:
# testsuite/fuzz/fuzz-diff.py --help).  Not in check: about 4 s a program
# on one core.  A long campaign stopped (Ctrl-C, a time limit, a lost
# machine) goes on with FUZZ_DIFF_FLAGS=--resume and the same N and SEED:
# results.jsonl keeps every program's results, for the same build only.  First INSN_N random instruction sequences, bpf-run against
# the kernel (testsuite/fuzz/insn-diff.py), and ISLAND_N generated mixes of
# far and near jumps (numbers and labels) assembled at -mcpu=v1..v4 and run
# against their computed value (testsuite/bpfsupport.asm/islands).
FUZZ_PACKAGES := csmith clang-19 python3
N    ?= 20
SEED ?= 1
JOBS ?= 2
GEN  ?= csmith,bpfgen
INSN_N ?= 200
ISLAND_N ?= 20
FUZZ_DIFF_FLAGS ?=
fuzz-diff: all
	$(call install-packages,fuzz-diff,$(FUZZ_PACKAGES))
	python3 testsuite/fuzz/insn-diff.py --build $(BUILD) -n $(INSN_N) --seed $(SEED) --seeds
	$(MAKE) -C testsuite/bpfsupport.asm/islands fuzz BUILD=$(BUILD) FIRST=$(SEED) COUNT=$(ISLAND_N)
	python3 testsuite/fuzz/fuzz-diff.py --build $(BUILD) -n $(N) --seed $(SEED) --jobs $(JOBS) \
	  --gen $(GEN) $(FUZZ_DIFF_FLAGS)

# Each finding fuzz-diff kept (build/fuzz-diff/findings, or FINDINGS=
# directories) reduced by cvise to reduced.c beside its prog.c: bpf-cc-only
# refusals and compile failures, pinned to the same first error, clang-19's
# object loading and returning the native checksum, the native build
# under UBSan (testsuite/fuzz/fuzz-reduce.py --help).  Not in check: tens
# of minutes a case (REDUCE_TIMEOUT seconds each, default 1800).
FINDINGS ?=
REDUCE_TIMEOUT ?= 1800
fuzz-reduce: all
	$(call install-packages,fuzz-reduce,cvise clang-19 python3)
	python3 testsuite/fuzz/fuzz-reduce.py --build $(BUILD) --jobs $(JOBS) --timeout $(REDUCE_TIMEOUT) $(FINDINGS)

# -------------------------------------------------------------- install
# Everything goes under PREFIX: the tools, PREFIX/lib/bpfsupport/bpfsupport.so
# (where bpf-cc finds it relative to itself), bpf-asm as
# PREFIX/libexec/bpfsupport/as, the man pages, bpf-libc.  The specs file
# `bpfsupport', bpfsupport.d/as (bpf-asm) and plugin/bpfsupport.so go into
# SPECS_DIR: bpf-gcc's own directory for PREFIX=/usr or /usr/local, where
# `bpf-gcc -specs=bpfsupport' and `-fplugin=bpfsupport' find them by name;
# PREFIX/lib/bpfsupport/gcc for any other PREFIX, so that a user's
# `make install PREFIX=$$HOME/x' writes nothing outside it (bpf-gcc then
# finds them with `-B PREFIX/lib/bpfsupport/gcc/ -specs=bpfsupport').
GCC_LIBDIR = $(shell dirname $$($(BPF_GCC) -print-libgcc-file-name))
SPECS_DIR ?= $(if $(filter /usr /usr/ /usr/local /usr/local/,$(PREFIX)),$(GCC_LIBDIR),$(PREFIX)/lib/bpfsupport/gcc)
MULTIARCH := $(shell gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
MAN_PAGES := $(wildcard doc/man/*.1 doc/man/*.7)
install: all
	install -D -m 644 $(PLUGIN) $(DESTDIR)$(PREFIX)/lib/bpfsupport/bpfsupport.so
	for t in $(BIN)/bpf-*; do install -D -m 755 $$t $(DESTDIR)$(PREFIX)/bin/$$(basename $$t); done
	# bpf-gcc -B $(PREFIX)/libexec/bpfsupport/ assembles with bpf-asm.
	install -d $(DESTDIR)$(PREFIX)/libexec/bpfsupport
	ln -sf ../../bin/bpf-asm $(DESTDIR)$(PREFIX)/libexec/bpfsupport/as
	# bpf-gcc -specs=bpfsupport: the specs file, its plugin and assembler
	install -D -m 644 $(PLUGIN) $(DESTDIR)$(SPECS_DIR)/plugin/bpfsupport.so
	sed 's|@MULTIARCH@|$(MULTIARCH)|' plugin/bpfsupport.specs.in > $(DESTDIR)$(SPECS_DIR)/bpfsupport
	install -d $(DESTDIR)$(SPECS_DIR)/bpfsupport.d
	ln -sf $$(realpath -m --relative-to=$(SPECS_DIR)/bpfsupport.d $(PREFIX)/bin/bpf-asm) \
	  $(DESTDIR)$(SPECS_DIR)/bpfsupport.d/as
	for m in $(MAN_PAGES); do \
	  install -D -m 644 $$m $(DESTDIR)$(PREFIX)/share/man/man$${m##*.}/$$(basename $$m); done
	# bpf-libc for bpf-run executables: bpf-gcc -specs=$(PREFIX)/lib/bpfsupport/bpf-libc/bpf-sim.specs
	install -d $(DESTDIR)$(PREFIX)/lib/bpfsupport/bpf-libc/include
	install -m 644 $(BUILD)/bpf-libc/crt0.o $(BUILD)/bpf-libc/libc.a $(DESTDIR)$(PREFIX)/lib/bpfsupport/bpf-libc/
	cp -R $(BUILD)/bpf-libc/include/. $(DESTDIR)$(PREFIX)/lib/bpfsupport/bpf-libc/include/
	sh runtime/libc/gen-specs.sh $(PREFIX)/lib/bpfsupport/bpf-libc $(BPF_GCC) > $(DESTDIR)$(PREFIX)/lib/bpfsupport/bpf-libc/bpf-sim.specs

clean:
	rm -rf $(BUILD)/obj $(BUILD)/bin $(BUILD)/testsuite $(PLUGIN) $(BUILD)/tests
distclean:
	rm -rf $(BUILD)
