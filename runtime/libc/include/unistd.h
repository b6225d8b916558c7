#ifndef _UNISTD_H
#define _UNISTD_H
#include <stddef.h>
typedef long ssize_t;
typedef int pid_t;
ssize_t write(int, const void *, size_t);
ssize_t read(int, void *, size_t);
void *sbrk(long);
void _exit(int) __attribute__((__noreturn__));
int getpagesize(void);
#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2
#endif
