# libc.mk: the C runtime for programs run as plain executables by bpf-run
# (crt0, a small libc and soft-float), built with bpf-gcc -mxbpf into
# $(BUILD)/bpf-libc/{crt0.o,libc.a,include/}.  Used by the bpf-sim DejaGnu
# board (testsuite/boards/bpf-sim.exp, doc/gcc-testsuite.md).
BPF_GCC    ?= bpf-gcc
BPF_AR     ?= bpf-ar
LIBC_DIR   := $(BUILD)/bpf-libc
LIBC_OBJ   := $(BUILD)/obj/bpf-libc
LIBC_SRC   := libc/src
LIBC_CFLAGS := -O2 -mxbpf -mframe-limit=16384 -ffunction-sections -fdata-sections -fno-merge-constants -g0 -ffreestanding -fno-builtin -fno-tree-loop-distribute-patterns \
  -nostdinc -isystem libc/include -isystem $(shell $(BPF_GCC) -print-file-name=include) \
  -Wall -Wno-unused-function

# Every function of a source file is its own object (-DL_name), so that a
# program's own definition replaces one function only.
LIBC_UNITS := $(foreach f,string stdlib stdio softfp complex math,\
  $(addprefix $(f):,$(shell sed -n 's/^\#ifdef L_\([A-Za-z0-9_]*\).*/\1/p' $(LIBC_SRC)/$(f).c)))
LIBC_OBJS := $(foreach u,$(LIBC_UNITS),$(LIBC_OBJ)/$(subst :,/,$(u)).o)
LIBC_HEADERS := $(shell find libc/include -name '*.h')

define LIBC_UNIT_RULE
$$(filter $$(LIBC_OBJ)/$(1)/%,$$(LIBC_OBJS)): $$(LIBC_OBJ)/$(1)/%.o: $$(LIBC_SRC)/$(1).c $$(LIBC_SRC)/sim.h $$(LIBC_SRC)/softfp.h
	@mkdir -p $$(dir $$@)
	@$$(BPF_GCC) $$(LIBC_CFLAGS) -DL_$$* -c $$< -o $$@
endef
$(foreach f,string stdlib stdio softfp complex math,$(eval $(call LIBC_UNIT_RULE,$(f))))
LIBC_VARARG := $(addprefix $(LIBC_OBJ)/vararg/,$(addsuffix .o,$(shell sed -n 's/^\#ifdef L_\([A-Za-z0-9_]*\).*/\1/p' $(LIBC_SRC)/vararg.S)))
LIBC_OBJS += $(LIBC_VARARG)
$(LIBC_VARARG): $(LIBC_OBJ)/vararg/%.o: $(LIBC_SRC)/vararg.S
	@mkdir -p $(dir $@)
	@$(BPF_GCC) -DL_$* -c $< -o $@

$(LIBC_DIR)/libc.a: $(LIBC_OBJS)
	@mkdir -p $(dir $@)
	@rm -f $@ && $(BPF_AR) rcs $@ $(LIBC_OBJS)
$(LIBC_DIR)/crt0.o: $(LIBC_SRC)/crt0.c
	@mkdir -p $(dir $@)
	$(BPF_GCC) $(LIBC_CFLAGS) -c $< -o $@
$(LIBC_DIR)/.headers: $(LIBC_HEADERS)
	@mkdir -p $(LIBC_DIR)/include
	cp -R libc/include/. $(LIBC_DIR)/include/
	@touch $@

# bpf-gcc -specs=$(LIBC_DIR)/bpf-sim.specs: bpf-libc's headers, options and
# libraries without spelling them out.
$(LIBC_DIR)/bpf-sim.specs: libc/gen-specs.sh
	@mkdir -p $(dir $@)
	sh libc/gen-specs.sh $(LIBC_DIR) $(BPF_GCC) > $@.tmp && mv $@.tmp $@

bpf-libc: $(LIBC_DIR)/libc.a $(LIBC_DIR)/crt0.o $(LIBC_DIR)/.headers $(LIBC_DIR)/bpf-sim.specs
all: bpf-libc
.PHONY: bpf-libc
