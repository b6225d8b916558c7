# Toolchain file: BPF objects with the C compiler BPF_C_COMPILER (bpf-cc,
# or bpf-gcc with BPF_C_FLAGS=-specs=bpfsupport...).  Nothing is linked:
# cmake's own checks build static libraries.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR bpf)
set(CMAKE_C_COMPILER ${BPF_C_COMPILER})
set(CMAKE_C_FLAGS_INIT "${BPF_C_FLAGS}")
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
