/* As the kernel's BPF selftests do (tools/testing/selftests/bpf/gnu/stubs.h):
   glibc's own gnu/stubs.h asks for gnu/stubs-32.h on BPF, which no
   distribution installs; an empty one ahead of it lets glibc's headers be
   read with clang -target bpf (and now bpf-gcc).  */
