#ifndef _ERRNO_H
#define _ERRNO_H
extern int errno;
#define EPERM 1
#define ENOENT 2
#define EIO 5
#define EBADF 9
#define ENOMEM 12
#define EINVAL 22
#define ERANGE 34
#define EDOM 33
#define ENOSYS 38
#endif
