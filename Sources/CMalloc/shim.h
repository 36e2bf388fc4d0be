// glibc's allocator settings (mallopt), which Swift's Glibc module does not show: wx keeps large
// freed blocks for reuse (see Sources/wx/main.swift). Part of libc: nothing to link.
#include <malloc.h>
