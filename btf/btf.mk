# btf/btf.mk -- the GCC-independent BTF library and its unit tests.
# Included by the top-level Makefile (which defines BUILD and CC); works
# standalone too:  make -f btf/btf.mk BUILD=$PWD/build CC=gcc btf-check
# Paths are relative to the repository top.

BUILD ?= $(CURDIR)/build
CC ?= gcc

BTF_LIB_SRCS := $(wildcard btf/*.c)
BTF_LIB_HDRS := $(wildcard btf/btf.h btf/btf-*.h)
BTF_LIB_OBJS := $(patsubst btf/%.c,$(BUILD)/obj/btf/%.o,$(BTF_LIB_SRCS))
BTF_LIB      := $(BUILD)/libbtf.a
BTF_CFLAGS   := -fPIC -std=c11 -O2 -g -Wall -Wextra

BTF_TEST_SRCS := $(wildcard btf/tests/*.c)
BTF_TEST_HDRS := $(wildcard btf/tests/*.h)
BTF_UNIT_TESTS := $(patsubst btf/tests/%.c,$(BUILD)/tests/btf-%,$(BTF_TEST_SRCS))
BTF_TEST_CFLAGS := -std=gnu11 -O1 -g -Wall -Wextra -Ibtf

$(BUILD)/obj/btf/%.o: btf/%.c $(BTF_LIB_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(BTF_CFLAGS) -c $< -o $@

$(BTF_LIB): $(BTF_LIB_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/tests/btf-%: btf/tests/%.c $(BTF_TEST_HDRS) $(BTF_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(BTF_TEST_CFLAGS) $< -o $@ $(BTF_LIB) -lbpf -lelf

.PHONY: btf-lib btf-tests btf-check
btf-lib: $(BTF_LIB)
btf-tests: $(BTF_UNIT_TESTS)
# Run the unit tests directly (the testsuite runs them through DejaGnu).
btf-check: $(BTF_UNIT_TESTS)
	@for t in $(BTF_UNIT_TESTS); do $$t || echo "FAIL: $$t exited $$?"; done
