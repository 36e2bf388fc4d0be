// See include/wx_mapped_file.h. A thread's window and its flag are thread-local: SIGBUS for a
// memory access is delivered to the thread that made it, so the handler reads the faulting
// thread's own window, with no lock (none may be taken in a signal handler).
#define _GNU_SOURCE
#include "wx_mapped_file.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static __thread uintptr_t window_start;
static __thread size_t window_length;
static __thread volatile sig_atomic_t window_shrank;

static struct sigaction previous;
static pthread_once_t installed = PTHREAD_ONCE_INIT;
static int install_failed;

static void on_bus_error(int signal, siginfo_t *info, void *context) {
    uintptr_t address = (uintptr_t)info->si_addr;
    if (window_length > 0 && address >= window_start && address - window_start < window_length) {
        long page = sysconf(_SC_PAGESIZE);
        void *start = (void *)(address & ~(uintptr_t)(page - 1));
        // mmap is a plain system call, safe here as in practice everywhere it is so used.
        if (mmap(start, (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
            != MAP_FAILED) {
            window_shrank = 1;
            return;
        }
    }
    // Not a window's: what would have happened without this handler.
    if (previous.sa_flags & SA_SIGINFO) {
        previous.sa_sigaction(signal, info, context);
        return;
    }
    if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
        previous.sa_handler(signal);
        return;
    }
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigaction(SIGBUS, &fallback, NULL);
    raise(SIGBUS);
}

static void install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_bus_error;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    install_failed = sigaction(SIGBUS, &action, &previous) != 0;
}

void wx_unmap_window(void) {
    if (window_length > 0) munmap((void *)window_start, window_length);
    window_start = 0;
    window_length = 0;
}

void *wx_map_window(int descriptor, size_t length, off_t offset) {
    pthread_once(&installed, install);
    if (install_failed) {
        errno = ENOTSUP;
        return NULL;
    }
    wx_unmap_window();
    window_shrank = 0;
    void *mapped = mmap(NULL, length, PROT_READ, MAP_PRIVATE, descriptor, offset);
    if (mapped == MAP_FAILED) return NULL;
    window_start = (uintptr_t)mapped;
    window_length = length;
    return mapped;
}

int wx_mapped_window_shrank(void) { return window_shrank; }
