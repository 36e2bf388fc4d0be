// See include/wx_line_scan.h.
#define _GNU_SOURCE
#include "wx_line_scan.h"

#include <stdint.h>
#include <string.h>

#if defined(__x86_64__) && defined(__SSE2__)
#include <immintrin.h>
#define WX_HAVE_AVX2_VARIANT 1
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

// Whether the `length` bytes at `line` are those at `prefix`, compared eight at a time (with a
// constant `length`, unrolled into a few loads and compares).
static inline __attribute__((always_inline)) int starts_with(
    const unsigned char *line, const unsigned char *prefix, size_t length) {
    size_t index = 0;
    for (; index + 8 <= length; index += 8) {
        uint64_t a, b;
        memcpy(&a, line + index, 8);
        memcpy(&b, prefix + index, 8);
        if (a != b) return 0;
    }
    for (; index < length; index++) {
        if (line[index] != prefix[index]) return 0;
    }
    return 1;
}

// A bit for each "\n" among the 64 bytes at `block` (bit i: byte i).
static inline uint64_t newlines64(const unsigned char *block) {
#ifdef __SSE2__
    const __m128i wanted = _mm_set1_epi8('\n');
    uint64_t mask = 0;
    for (int part = 0; part < 4; part++) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(block + 16 * part));
        mask |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, wanted)) << (16 * part);
    }
    return mask;
#else
    uint64_t mask = 0;
    for (int index = 0; index < 64; index++) mask |= (uint64_t)(block[index] == '\n') << index;
    return mask;
#endif
}

#ifdef WX_HAVE_AVX2_VARIANT
// As `newlines64`, by two 32-byte compares: for a processor with AVX2, chosen at run time.
static inline __attribute__((always_inline, target("avx2"))) uint64_t newlines64_avx2(const unsigned char *block) {
    const __m256i wanted = _mm256_set1_epi8('\n');
    __m256i low = _mm256_loadu_si256((const __m256i *)block);
    __m256i high = _mm256_loadu_si256((const __m256i *)(block + 32));
    uint32_t low_mask = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(low, wanted));
    uint32_t high_mask = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(high, wanted));
    return (uint64_t)high_mask << 32 | low_mask;
}
#endif

// The lines are found 64 bytes at a time: a mask of the block's newlines, each line's end taken
// from it in turn, and the next line's first bytes compared. What is left at the end, less than
// a block, is searched with memchr.
static inline __attribute__((always_inline)) size_t pass(uint64_t (*newlines)(const unsigned char *),
    const unsigned char *first, size_t available, const unsigned char *prefix, size_t prefix_length,
    size_t longest, size_t *lines) {
    const unsigned char *end = first + available;
    const unsigned char *line = first;
    size_t passed = 0, count = 0;
    if ((size_t)(end - line) <= prefix_length || !starts_with(line, prefix, prefix_length)) goto done;
    // The prefix holds no "\n": the line's end is after it.
    const unsigned char *block = line + prefix_length;
    while (end - block >= 64) {
        uint64_t mask = newlines(block);
        while (mask != 0) {
            const unsigned char *found = block + __builtin_ctzll(mask);
            mask &= mask - 1;
            if ((size_t)(found - line) > longest) goto done;
            passed = (size_t)(found - first);
            count++;
            line = found + 1;
            if ((size_t)(end - line) <= prefix_length || !starts_with(line, prefix, prefix_length)) goto done;
            // Newlines before the next line's prefix ends: none (the prefix has none).
        }
        block += 64;
        if ((size_t)(block - line) > longest) goto done;
    }
    // Less than a block left: the current line's end, and any after it, by memchr.
    for (;;) {
        const unsigned char *from = block > line + prefix_length ? block : line + prefix_length;
        const unsigned char *found = from < end ? memchr(from, '\n', (size_t)(end - from)) : NULL;
        if (found == NULL || (size_t)(found - line) > longest) break;
        passed = (size_t)(found - first);
        count++;
        line = found + 1;
        if ((size_t)(end - line) <= prefix_length || !starts_with(line, prefix, prefix_length)) break;
    }
done:
    *lines = count;
    return passed;
}

#ifdef WX_HAVE_AVX2_VARIANT
// `pass` compiled for AVX2, its blocks' newlines found by `newlines64_avx2`: a 64-byte block took
// four 16-byte compares, masks and shifts; here two.
static __attribute__((target("avx2"))) size_t pass_avx2(
    const unsigned char *first, size_t available, const unsigned char *prefix, size_t longest, size_t *lines) {
    return pass(newlines64_avx2, first, available, prefix, 18, longest, lines);
}
#endif

size_t wx_pass_prefixed_lines(
    const void *start, size_t available, const void *prefix, size_t prefix_length, size_t longest, size_t *lines) {
    // wx's command records begin with the 18 bytes of `{"kind":"command",`: compared as constants.
    if (prefix_length == 18) {
#ifdef WX_HAVE_AVX2_VARIANT
        if (__builtin_cpu_supports("avx2")) return pass_avx2(start, available, prefix, longest, lines);
#endif
        return pass(newlines64, start, available, prefix, 18, longest, lines);
    }
    return pass(newlines64, start, available, prefix, prefix_length, longest, lines);
}

size_t wx_pass_prefixed_lines_portable(
    const void *start, size_t available, const void *prefix, size_t prefix_length, size_t longest, size_t *lines) {
    return pass(newlines64, start, available, prefix, prefix_length, longest, lines);
}

const void *wx_find_bytes(const void *bytes, size_t count, const void *wanted, size_t wanted_count) {
    return memmem(bytes, count, wanted, wanted_count);
}
