#ifndef WX_LINE_SCAN_H
#define WX_LINE_SCAN_H

#include <stddef.h>

// Passing over a run of log lines that start alike, for WeatherStore's rebuild of
// log.jsonl.index: most of a log's lines are commands in wx's own layout, which a listing passes
// over unread, and finding their ends one memchr call at a time cost ~93 instructions a line of
// ~80 bytes (a million-line log: 44 M in memchr, as much again in the calls around it). Here a
// run of them is passed at once, their newlines found 64 bytes at a time as a bit mask.

// The bytes of the lines from `start` (within `available` bytes) that each begin with the
// `prefix_length` bytes at `prefix`, end with a "\n" among the bytes, and are at most `longest`
// bytes long without it: up to and excluding the last such line's "\n" (0 when the first line is
// not one). `*lines` is set to how many lines that is.
//
// Blocks are compared 32 bytes at a time where the processor has AVX2 (asked once, at run time),
// else 16 at a time (SSE2), else a byte at a time.
size_t wx_pass_prefixed_lines(
    const void *start, size_t available, const void *prefix, size_t prefix_length, size_t longest, size_t *lines);

// As `wx_pass_prefixed_lines`, never with AVX2: for tests, which compare the two on any machine.
size_t wx_pass_prefixed_lines_portable(
    const void *start, size_t available, const void *prefix, size_t prefix_length, size_t longest, size_t *lines);

// The first place the `wanted_count` bytes at `wanted` occur among the `count` at `bytes`; NULL
// where they do not (glibc's memmem, which Swift's Glibc module does not offer): for a reader
// passing over a run it does not read to where it ends.
const void *wx_find_bytes(const void *bytes, size_t count, const void *wanted, size_t wanted_count);

#endif
