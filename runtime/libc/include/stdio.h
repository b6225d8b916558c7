#ifndef _STDIO_H
#define _STDIO_H
#include <stddef.h>
#include <stdarg.h>
#ifdef __cplusplus
extern "C" {
#endif
typedef struct __bpf_file FILE;
typedef long fpos_t;
extern FILE *stdin, *stdout, *stderr;
#define stdin stdin
#define stdout stdout
#define stderr stderr
#define EOF (-1)
#define BUFSIZ 1024
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#define _IOFBF 0
#define _IOLBF 1
#define _IONBF 2
int printf(const char *, ...) __attribute__((__format__(__printf__, 1, 2)));
int fprintf(FILE *, const char *, ...) __attribute__((__format__(__printf__, 2, 3)));
int sprintf(char *, const char *, ...) __attribute__((__format__(__printf__, 2, 3)));
int snprintf(char *, size_t, const char *, ...) __attribute__((__format__(__printf__, 3, 4)));
int vprintf(const char *, va_list);
int vfprintf(FILE *, const char *, va_list);
int vsprintf(char *, const char *, va_list);
int vsnprintf(char *, size_t, const char *, va_list);
int puts(const char *);
int fputs(const char *, FILE *);
int putchar(int);
int fputc(int, FILE *);
int putc(int, FILE *);
int getchar(void);
int fgetc(FILE *);
int getc(FILE *);
char *fgets(char *, int, FILE *);
int ungetc(int, FILE *);
size_t fwrite(const void *, size_t, size_t, FILE *);
size_t fread(void *, size_t, size_t, FILE *);
int fflush(FILE *);
int fclose(FILE *);
int ferror(FILE *);
int feof(FILE *);
void clearerr(FILE *);
int setvbuf(FILE *, char *, int, size_t);
void setbuf(FILE *, char *);
int sscanf(const char *, const char *, ...);
void perror(const char *);
FILE *fopen(const char *, const char *);
int remove(const char *);
#ifdef __cplusplus
}
#endif
#endif
