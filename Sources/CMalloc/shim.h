// glibc's allocator settings (mallopt), which Swift's Glibc module does not show: wx keeps large
// freed blocks for reuse (see Sources/wx/main.swift). Part of libc: nothing to link.
#include <malloc.h>
#include <sys/prctl.h>
#include <sys/resource.h>

// Why this exists: prctl is variadic, which Swift cannot call. With an API key in its memory
// (OPENWEATHERMAP_API_KEY), a crash must not write that memory to disk as a core file (issue 38):
// the core size limit goes to 0 (soft and hard, so no child raises it again) and the process is
// made not dumpable (no core whatever the limit, and no ptrace attach by the same user).
// Returns 0, or -1 when either call failed (errno set).
static inline int wx_forbid_core_dumps(void) {
    struct rlimit none = {0, 0};
    int limited = setrlimit(RLIMIT_CORE, &none);
    int undumpable = prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    return limited == 0 && undumpable == 0 ? 0 : -1;
}
