# cc.mk - bpf-cc, the front end that takes clang's BPF command line and
# runs bpf-gcc with the plugin and bpf-asm (runtime/cc/bpf-cc.c).
BPF_GCC ?= bpf-gcc
CC_OPTIONS_H := $(OBJDIR)/cc/gcc-options.h
CC_CLANG_OPTIONS_H := $(OBJDIR)/cc/clang-options.h
CC_MULTIARCH := $(shell gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
CC_GCC_VERSION := $(shell $(BPF_GCC) -dumpfullversion 2>/dev/null || echo 12)

all: $(BIN)/bpf-cc

$(CC_OPTIONS_H): cc/gen-options.sh
	@mkdir -p $(dir $@)
	sh cc/gen-options.sh $(BPF_GCC) > $@.tmp && mv $@.tmp $@

# clang-19's options and bpf-cc's rules for them (regenerate the .tsv with
# `make clang-options' at the top level).
$(CC_CLANG_OPTIONS_H): cc/gen-clang-options.sh cc/clang-options.tsv cc/clang-option-rules.txt
	@mkdir -p $(dir $@)
	sh cc/gen-clang-options.sh cc/clang-options.tsv cc/clang-option-rules.txt > $@.tmp && mv $@.tmp $@

$(OBJDIR)/cc/bpf-cc.o: cc/bpf-cc.c $(CC_OPTIONS_H) $(CC_CLANG_OPTIONS_H)
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) -I$(OBJDIR)/cc -DBPF_CC_GCC='"$(BPF_GCC)"' \
	  -DBPF_CC_MULTIARCH='"$(CC_MULTIARCH)"' \
	  -DBPF_CC_GCC_VERSION='"$(CC_GCC_VERSION)"' -MMD -MP -c $< -o $@

$(OBJDIR)/cc/%.o: cc/%.c
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) -MMD -MP -c $< -o $@

$(BIN)/bpf-cc: $(OBJDIR)/cc/bpf-cc.o $(OBJDIR)/cc/run.o $(OBJDIR)/cc/asm-inputs.o \
	       $(OBJDIR)/cc/core-bases.o $(OBJDIR)/cc/decl-attrs.o $(OBJDIR)/cc/c-scan.o
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) -o $@ $^

# Unit tests of bpf-cc's GCC-free parts (testsuite/bpfsupport.unit/cc.exp).
all: $(BUILD)/tests/cc-asm-inputs
$(BUILD)/tests/cc-asm-inputs: $(OBJDIR)/cc/asm-inputs-test.o $(OBJDIR)/cc/asm-inputs.o \
			       $(OBJDIR)/cc/core-bases.o $(OBJDIR)/cc/decl-attrs.o $(OBJDIR)/cc/c-scan.o
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) -o $@ $^
