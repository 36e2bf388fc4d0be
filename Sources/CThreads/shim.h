// What wx's own threads (WXBasics/Threads) need of glibc beyond Swift's Glibc module: the
// kernel's timer on a descriptor (timerfd), which that module leaves out, and thread names.
// Part of libc: nothing to link.
#include <pthread.h>
#include <sys/timerfd.h>

// Why this exists: glibc declares pthread_setname_np only under _GNU_SOURCE, which Swift's Glibc
// module is built without. Names a thread as `ps -L` and /proc/<pid>/task/<tid>/comm show it
// (at most 15 bytes); returns 0 or an error number.
int pthread_setname_np(pthread_t thread, const char *name);
