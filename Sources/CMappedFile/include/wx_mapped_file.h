#ifndef WX_MAPPED_FILE_H
#define WX_MAPPED_FILE_H

#include <stddef.h>
#include <sys/types.h>

// A window of a file mapped read-only, for `wx --complete`'s scan of a large state.plist
// (WeatherStore's FavoriteNameScan): read where it lies in the page cache rather than copied
// into a buffer by read(2), which was a fifth of a Tab that reads 28 MB (`_copy_to_iter`).
//
// A mapped file that another program shortens (plistlib and most editors truncate and rewrite)
// would raise SIGBUS at the next page past its new end, ending the process. Here the page is
// replaced by a page of zeros instead, and the calling thread's `wx_mapped_window_shrank`
// answers 1 until the next mapping: a scan reads a 0 byte (never in a property list), refuses
// it, and its caller reads the file again as it now is. A SIGBUS at any other address is left to
// the handler that was there before (or the default action).

// Maps `length` bytes of `descriptor` from `offset` (a multiple of the page size), readable and
// writable in the process only (MAP_PRIVATE: a write never reaches the file), as this thread's
// window (one at a time: the last window mapped is unmapped first). Returns the address, or NULL
// with errno set.
void *wx_map_window(int descriptor, size_t length, off_t offset);

// Unmaps this thread's window, if any.
void wx_unmap_window(void);

// 1 when a page of this thread's current or last window was past the file's end when read (the
// file shrank while mapped); 0 otherwise. Cleared by the next wx_map_window.
int wx_mapped_window_shrank(void);

#endif
