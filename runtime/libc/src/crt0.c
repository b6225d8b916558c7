/* crt0 for programs run by bpf-run: _start(argc, argv) calls main and
   exits with its result (through exit, so atexit handlers run and stdout
   is flushed).  */
extern int main(int, char **, char **);
extern void exit(int) __attribute__((noreturn));
static char *__envp[1];
char **environ = __envp;

long _start(long argc, char **argv)
{
  exit(main((int)argc, argv, environ));
}
