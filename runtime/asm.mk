# asm.mk - bpf-asm, the runtime BPF assembler/disassembler.
# The assembler proper: asm.c drives the files named for what they do
# (asm/asm.h lists them); elfw.c writes the object, dis.c disassembles
# what the object reader obj/bpfobj.c (shared with bpf-run) read.
ASM_CORE := asm/asm.c asm/names.c asm/symbols.c asm/sections.c asm/lex.c \
            asm/expr.c asm/emit.c asm/gnu.c asm/pseudoc.c asm/directives.c \
            asm/macro.c asm/statement.c asm/resolve.c asm/relax.c
ASM_SRCS := insn.c $(ASM_CORE) asm/elfw.c asm/dis.c obj/bpfobj.c asm/main.c
ASM_OBJS := $(ASM_SRCS:%.c=$(OBJDIR)/%.o)
ASM_LIBEXEC := $(BUILD)/libexec/bpfsupport

all: $(BIN)/bpf-asm $(ASM_LIBEXEC)/as

# The assembler's files call each other's small functions on every line:
# link-time optimization inlines across them as it did when they were one
# file (make bench-asm measures it).
ASM_LTO := -flto=auto
$(ASM_CORE:%.c=$(OBJDIR)/%.o): RT_CFLAGS += $(ASM_LTO)

$(BIN)/bpf-asm: $(ASM_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) $(ASM_LTO) -o $@ $(ASM_OBJS) $(RT_LDLIBS)

$(ASM_LIBEXEC)/as: $(BIN)/bpf-asm
	@mkdir -p $(dir $@)
	ln -sf ../../bin/bpf-asm $@

.PHONY: fuzz-asm bench-asm fuzz bench
FUZZ_SECONDS ?= 600
FUZZ_CC ?= clang
ASM_FUZZ := $(BUILD)/fuzz/asm-fuzz
ASM_FUZZ_CORPUS := $(BUILD)/fuzz/asm-corpus

$(ASM_FUZZ): fuzz/asm-fuzz.c insn.c $(ASM_CORE) insn.h asm/asm.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) -std=c11 -D_GNU_SOURCE -g -O1 -I. -fsanitize=fuzzer,address,undefined \
	  -o $@ fuzz/asm-fuzz.c insn.c $(ASM_CORE)

# The disassembler's target: ELF objects in, both syntaxes out, the GNU
# text assembled again.
ASM_DIS_FUZZ := $(BUILD)/fuzz/asm-dis-fuzz
ASM_DIS_FUZZ_CORPUS := $(BUILD)/fuzz/asm-dis-corpus

$(ASM_DIS_FUZZ): fuzz/asm-dis-fuzz.c insn.c $(ASM_CORE) asm/dis.c obj/bpfobj.c insn.h asm/asm.h \
  obj/bpfobj.h obj/bpf-elf.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) -std=c11 -D_GNU_SOURCE -g -O1 -I. -fsanitize=fuzzer,address,undefined \
	  -o $@ fuzz/asm-dis-fuzz.c insn.c $(ASM_CORE) asm/dis.c obj/bpfobj.c -lelf

# FUZZ_SECONDS for the parser, then FUZZ_SECONDS for the disassembler.
fuzz-asm: $(ASM_FUZZ) $(ASM_DIS_FUZZ)
	@mkdir -p $(ASM_FUZZ_CORPUS) $(ASM_DIS_FUZZ_CORPUS)
	cp -n fuzz/asm-seeds/* $(ASM_FUZZ_CORPUS)/ 2>/dev/null || true
	$(ASM_FUZZ) -max_total_time=$(FUZZ_SECONDS) -max_len=4096 \
	  -artifact_prefix=$(BUILD)/fuzz/asm- $(ASM_FUZZ_CORPUS)
	cp -n fuzz/asm-dis-seeds/* $(ASM_DIS_FUZZ_CORPUS)/ 2>/dev/null || true
	$(ASM_DIS_FUZZ) -max_total_time=$(FUZZ_SECONDS) -max_len=8192 \
	  -artifact_prefix=$(BUILD)/fuzz/asm-dis- $(ASM_DIS_FUZZ_CORPUS)

fuzz: fuzz-asm

bench-asm: $(BIN)/bpf-asm
	sh asm/bench.sh $(BIN)/bpf-asm $(BUILD)/bench-asm

bench: bench-asm
