// See include/wx_favorite_layout.h.
#include "wx_favorite_layout.h"

#include <stdint.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

static inline uint64_t load64(const unsigned char *at) {
    uint64_t word;
    memcpy(&word, at, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    word = __builtin_bswap64(word);
#endif
    return word;
}

// Whether the `length` bytes at `here` and `there` are the same (FavoriteLayout.same): sixteen
// at a time, the last sixteen overlapping those before, their differences gathered and looked at
// once. A favorite's runs of markup are 16 to 48 bytes: two or three compares, no loop.
static inline __attribute__((always_inline)) int same(
    const unsigned char *here, const unsigned char *there, size_t length) {
    if (length < 16) {
        if (length < 8) {
            for (size_t offset = 0; offset < length; offset++)
                if (here[offset] != there[offset]) return 0;
            return 1;
        }
        return ((load64(here) ^ load64(there)) | (load64(here + length - 8) ^ load64(there + length - 8))) == 0;
    }
#ifdef __SSE2__
#define WX_DIFFERENCE(offset) \
    _mm_xor_si128(_mm_loadu_si128((const __m128i *)(here + (offset))), \
        _mm_loadu_si128((const __m128i *)(there + (offset))))
    __m128i difference = _mm_or_si128(WX_DIFFERENCE(0), WX_DIFFERENCE(length - 16));
    if (length > 32) {
        difference = _mm_or_si128(difference, WX_DIFFERENCE(16));
        for (size_t offset = 32; offset + 16 < length; offset += 16)
            difference = _mm_or_si128(difference, WX_DIFFERENCE(offset));
    }
#undef WX_DIFFERENCE
    return _mm_movemask_epi8(_mm_cmpeq_epi8(difference, _mm_setzero_si128())) == 0xFFFF;
#else
    uint64_t difference = 0;
    for (size_t offset = 0; offset + 8 < length; offset += 8)
        difference |= load64(here + offset) ^ load64(there + offset);
    difference |= load64(here + length - 8) ^ load64(there + length - 8);
    return difference == 0;
#endif
}

// The sixteen bytes at `at` as bit masks (bit i: byte i): `lesses`, each `<`; `stops`, each byte
// a string value may not hold (FavoriteLayout.textEnd's: below 0x20, 0x7F and up, `<`, `>`, `&`).
static inline __attribute__((always_inline)) void text_masks(
    const unsigned char *at, unsigned *lesses, unsigned *stops) {
#ifdef __SSE2__
    __m128i bytes = _mm_loadu_si128((const __m128i *)at);
    // 0x7F to 0xFF and 0x00 to 0x1F: one more than each is below 0x21 as a signed byte.
    __m128i outside = _mm_cmplt_epi8(_mm_add_epi8(bytes, _mm_set1_epi8(1)), _mm_set1_epi8(0x21));
    // "<" and ">" as one ("<" | 2 is ">"), and "&".
    __m128i stop = _mm_or_si128(
        outside, _mm_or_si128(_mm_cmpeq_epi8(_mm_or_si128(bytes, _mm_set1_epi8(2)), _mm_set1_epi8('>')),
                     _mm_cmpeq_epi8(bytes, _mm_set1_epi8('&'))));
    *stops = (unsigned)_mm_movemask_epi8(stop);
    *lesses = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('<')));
#else
    unsigned less = 0, stop = 0;
    for (unsigned index = 0; index < 16; index++) {
        unsigned char byte = at[index];
        less |= (unsigned)(byte == '<') << index;
        stop |= (unsigned)(byte < 0x20 || byte >= 0x7F || byte == '<' || byte == '>' || byte == '&') << index;
    }
    *lesses = less;
    *stops = stop;
#endif
}

// The text's bytes in the sixteen at `at`: how many come before its end, a `<` (0 to 15); 16 when
// none of them ends or stops it; -1 when a byte it may not hold comes first.
static inline __attribute__((always_inline)) int text_block(const unsigned char *at) {
    unsigned lesses, stops;
    text_masks(at, &lesses, &stops);
    if (stops == 0) return 16;
    // The first byte that stops the text must be a `<`.
    int first = __builtin_ctz(stops);
    return (lesses >> first) & 1 ? first : -1;
}

// `text_end` past the first 32 bytes of a text: a loop kept out of the run over favorites, whose
// loads and pointers the compiler otherwise rewrote around it.
static __attribute__((noinline)) const unsigned char *text_end_far(
    const unsigned char *at, const unsigned char *limit) {
    for (; limit - at >= 16; at += 16) {
        int length = text_block(at);
        if (length < 16) return length < 0 ? NULL : at + length;
    }
    return NULL;
}

// Where the text at `here` ends (FavoriteLayout.textEnd): at its first `<`, when every byte
// before it is printable ASCII other than `>` and `&`; NULL when another byte comes first, or
// when no `<` is found in whole blocks of sixteen before `limit` (the caller then reads the
// favorite the Swift way). The first two blocks looked at here, without a loop.
static inline __attribute__((always_inline)) const unsigned char *text_end(
    const unsigned char *here, const unsigned char *limit) {
    if (limit - here < 16) return NULL;
    int length = text_block(here);
    if (length < 16) return length < 0 ? NULL : here + length;
    if (limit - here < 32) return NULL;
    length = text_block(here + 16);
    if (length < 16) return length < 0 ? NULL : here + 16 + length;
    return text_end_far(here + 32, limit);
}

// Where a real of `length` bytes at `here` ends (`here + length`) when it is plainly a coordinate:
// at most one point (`points`, the points among its bytes), with a digit after it, and a whole
// part of one digit, or two below 90 (any for a longitude), or three below 180 for a longitude;
// NULL otherwise. `real_end` and `sorted_real_end` find the length and the points each its way.
static inline __attribute__((always_inline)) const unsigned char *coordinate_end(
    const unsigned char *here, unsigned length, unsigned sign, unsigned points, int latitude) {
    unsigned whole = length - sign;
    if (points != 0) {
        if ((points & (points - 1)) != 0) return NULL;
        unsigned point = (unsigned)__builtin_ctz(points);
        // A digit after the point (every byte after it up to the end is one).
        if (point + 2 > length) return NULL;
        whole = point - sign;
    }
    const unsigned char *number = here + sign;
    switch (whole) {
    case 1: return here + length;
    case 2: return !latitude || (number[0] - '0') * 10 + (number[1] - '0') < 90 ? here + length : NULL;
    case 3:
        return !latitude && (number[0] - '0') * 100 + (number[1] - '0') * 10 + (number[2] - '0') < 180
                   ? here + length
                   : NULL;
    default: return NULL;
    }
}

// Where the real at `here` ends (its `<`), when it lies within sixteen bytes, is written `-12.5`
// or `3` (digits, an optional `-` first, at most one point with a digit before and after it) and
// is plainly a coordinate: a whole part of one digit, or of two below 90 for a latitude (any two
// for a longitude, three below 180). NULL for any other, which FavoriteLayout.name then reads by
// its value. Whenever this answers, FavoriteLayout.real answers the same end with a value within
// the bound (at most 14 digits: below 10^15; whole part W: below W + 1).
static inline __attribute__((always_inline)) const unsigned char *real_end(
    const unsigned char *here, const unsigned char *limit, int latitude) {
    if (limit - here < 16) return NULL;
    unsigned lesses, digits, points;
#ifdef __SSE2__
    __m128i bytes = _mm_loadu_si128((const __m128i *)here);
    lesses = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('<')));
    // Signed compares: bytes from 0x80 up are below "0".
    digits = (unsigned)_mm_movemask_epi8(
        _mm_and_si128(_mm_cmpgt_epi8(bytes, _mm_set1_epi8('0' - 1)), _mm_cmplt_epi8(bytes, _mm_set1_epi8('9' + 1))));
    points = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('.')));
#else
    lesses = digits = points = 0;
    for (unsigned index = 0; index < 16; index++) {
        unsigned char byte = here[index];
        lesses |= (unsigned)(byte == '<') << index;
        digits |= (unsigned)(byte >= '0' && byte <= '9') << index;
        points |= (unsigned)(byte == '.') << index;
    }
#endif
    if (lesses == 0) return NULL;
    unsigned length = (unsigned)__builtin_ctz(lesses);
    unsigned before = (1u << length) - 1;
    unsigned sign = here[0] == '-';
    // Every byte before the `<` a digit, a point, or the sign first.
    if (((digits | points | sign) & before) != before) return NULL;
    return coordinate_end(here, length, sign, points & before, latitude);
}

// The value of kind `value` at `here` read (a string's or a real's end; `here` itself for the
// end of the favorite), `*name` set to a name's start; NULL when it is not read for certain.
static inline __attribute__((always_inline)) const unsigned char *value_end(
    const unsigned char *here, const unsigned char *limit, int value, const unsigned char **name) {
    const unsigned char *end;
    switch (value) {
    case WX_LAYOUT_END: return here;
    case WX_LAYOUT_TEXT: return text_end(here, limit);
    case WX_LAYOUT_NAME:
        end = text_end(here, limit);
        if (end == NULL || end == here || *here == ' ' || end[-1] == ' ') return NULL;
        *name = here;
        return end;
    case WX_LAYOUT_LATITUDE: return real_end(here, limit, 1);
    case WX_LAYOUT_LONGITUDE: return real_end(here, limit, 0);
    default: return NULL;
    }
}

// Appends the name at `name`..`name_end`, of the favorite ending at `end`, to the room (as
// FavoriteNameListBuilder.appendReadable16 does), the check taken over each word it finishes;
// 0 when the room has no place for it.
static inline __attribute__((always_inline)) int append_name(
    wx_name_room *room, size_t capacity, const unsigned char *name, const unsigned char *name_end,
    const unsigned char *end) {
    size_t length = (size_t)(name_end - name), used = room->count;
    if (room->end_count == room->end_capacity || used + length + 17 > capacity) return 0;
    unsigned char *names = room->bytes;
    // A short name as one 16-byte word when 16 bytes can be read from it within the favorite
    // (its element's markup follows it).
    if (length <= 16 && end - name >= 16) {
#ifdef __SSE2__
        _mm_storeu_si128((__m128i *)(names + used), _mm_loadu_si128((const __m128i *)name));
#else
        memcpy(names + used, name, 16);
#endif
    } else {
        memcpy(names + used, name, length);
    }
    names[used + length] = '\n';
    room->ends[room->end_count++] = (uint32_t)(used + length);
    used += length + 1;
    room->count = used;
    size_t hashed = room->hashed;
    uint64_t hash = room->hash;
    // A name of up to 16 bytes and its "\n" finish at most three words.
    if (hashed + 8 <= used) {
        hash = wx_checksum_mix(hash, load64(names + hashed));
        hashed += 8;
        if (hashed + 8 <= used) {
            hash = wx_checksum_mix(hash, load64(names + hashed));
            hashed += 8;
            while (hashed + 8 <= used) {
                hash = wx_checksum_mix(hash, load64(names + hashed));
                hashed += 8;
            }
        }
    }
    room->hashed = hashed;
    room->hash = hash;
    return 1;
}

#ifdef __SSE2__
// The layout both wx and Python's plistlib write a favorite in (keys sorted: countryCode,
// displayName, latitude, longitude, name), each run of markup 16 to 48 bytes, read without a loop
// over its pieces or a switch on what follows each: the generic run spent ~580 instructions a
// favorite, ~45 of each piece on its bookkeeping.
//
// Every check of a favorite is gathered and looked at once, at its end: the runs' differences
// from the markup in one register, a value's end taken at the first byte it may not hold without
// asking whether that byte is the `<` the next run starts with (each run after a value starts
// with `<`: that run's compare asks it). Until then the reads stay within `bytes` — each run and
// the first sixteen bytes after it are read only when they lie before `limit` (`guard`) — and a
// favorite that does not match is left for the generic run, which finds where.
static const uint8_t sorted_shape[6] = {
    WX_LAYOUT_TEXT, WX_LAYOUT_TEXT, WX_LAYOUT_LATITUDE, WX_LAYOUT_LONGITUDE, WX_LAYOUT_NAME, WX_LAYOUT_END};

// Where a text at `here` ends, 16 bytes there known readable: at the first byte of the first
// sixteen, or of the next sixteen, that a text may not hold (a `<` when the text is good); a
// longer one by `text_end_far`, that checks its bytes itself. NULL when none is found before
// `limit`.
static inline __attribute__((always_inline)) const unsigned char *sorted_text_end(
    const unsigned char *here, const unsigned char *limit) {
    unsigned lesses, stops;
    text_masks(here, &lesses, &stops);
    if (stops != 0) return here + __builtin_ctz(stops);
    if (limit - here < 32) return NULL;
    text_masks(here + 16, &lesses, &stops);
    if (stops != 0) return here + 16 + __builtin_ctz(stops);
    return text_end_far(here + 32, limit);
}

// Where a real at `here` ends, 16 bytes there known readable: at the first byte that is not a
// digit, a point or a sign first (a `<` when the real is good, which the next run's compare
// checks), when it is written `-12.5` or `3` and is plainly a coordinate as `real_end` decides;
// NULL otherwise.
static inline __attribute__((always_inline)) const unsigned char *sorted_real_end(
    const unsigned char *here, int latitude) {
    __m128i bytes = _mm_loadu_si128((const __m128i *)here);
    unsigned digits = (unsigned)_mm_movemask_epi8(
        _mm_and_si128(_mm_cmpgt_epi8(bytes, _mm_set1_epi8('0' - 1)), _mm_cmplt_epi8(bytes, _mm_set1_epi8('9' + 1))));
    unsigned points = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('.')));
    unsigned sign = here[0] == '-';
    unsigned others = ~(digits | points | sign) & 0xFFFF;
    if (others == 0) return NULL;
    unsigned length = (unsigned)__builtin_ctz(others);
    return coordinate_end(here, length, sign, points & ((1u << length) - 1), latitude);
}

static size_t sorted_names(
    const wx_favorite_layout *layout, const unsigned char *bytes, size_t count, size_t start, wx_name_room *room,
    size_t capacity) {
    const unsigned char *limit = bytes + count;
    // A run and the sixteen bytes after it (at most 64) lie before `limit` when it starts at or
    // before `guard`.
    const unsigned char *guard = count >= 64 ? limit - 64 : bytes;
    if (count < 64) return start;
    // Each run's three compares of sixteen (at 0, at 16 or its length - 16 when that is less, at its
    // length - 16), the markup's bytes held aligned; and where the second and third are.
    __m128i blocks[6][3];
    size_t length[6], middle[6], last[6];
    const unsigned char *at = layout->markup;
    for (int index = 0; index < 6; index++) {
        length[index] = layout->lengths[index];
        last[index] = length[index] - 16;
        middle[index] = length[index] >= 32 ? 16 : last[index];
        blocks[index][0] = _mm_loadu_si128((const __m128i *)at);
        blocks[index][1] = _mm_loadu_si128((const __m128i *)(at + middle[index]));
        blocks[index][2] = _mm_loadu_si128((const __m128i *)(at + last[index]));
        at += length[index];
    }
    wx_name_room local = *room;
    const unsigned char *done = bytes + start;
// Taken here, in a register: left to itself the compiler moved each run's compares to the
// favorite's end, keeping the loaded bytes on the stack until then (two more moves each).
#if defined(__GNUC__) || defined(__clang__)
#define WX_KEEP(value) __asm__("" : "+x"(value))
#else
#define WX_KEEP(value) (void)0
#endif
    for (;;) {
        const unsigned char *here = done;
        __m128i difference = _mm_setzero_si128();
#define WX_RUN(index) \
        if (here > guard) break; \
        difference = _mm_or_si128(difference, \
            _mm_or_si128(_mm_xor_si128(_mm_loadu_si128((const __m128i *)here), blocks[index][0]), \
                _mm_or_si128(_mm_xor_si128(_mm_loadu_si128((const __m128i *)(here + middle[index])), blocks[index][1]), \
                    _mm_xor_si128(_mm_loadu_si128((const __m128i *)(here + last[index])), blocks[index][2])))); \
        WX_KEEP(difference); \
        here += length[index];
        WX_RUN(0)
        if ((here = sorted_text_end(here, limit)) == NULL) break;
        WX_RUN(1)
        if ((here = sorted_text_end(here, limit)) == NULL) break;
        WX_RUN(2)
        if ((here = sorted_real_end(here, 1)) == NULL) break;
        WX_RUN(3)
        if ((here = sorted_real_end(here, 0)) == NULL) break;
        WX_RUN(4)
        const unsigned char *name = here;
        if ((here = sorted_text_end(here, limit)) == NULL) break;
        const unsigned char *name_end = here;
        WX_RUN(5)
#undef WX_RUN
#undef WX_KEEP
        // The name not empty, not starting or ending with a space.
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(difference, _mm_setzero_si128())) != 0xFFFF || name_end == name
            || *name == ' ' || name_end[-1] == ' ')
            break;
        if (!append_name(&local, capacity, name, name_end, here)) break;
        done = here;
    }
    *room = local;
    return (size_t)(done - bytes);
}
#endif

size_t wx_layout_names(
    const wx_favorite_layout *layout, const unsigned char *bytes, size_t count, size_t start, wx_name_room *room) {
    const unsigned char *limit = bytes + count;
    // Room for a name of up to 16 bytes stored as one 16-byte word, and its "\n"; the ends kept
    // as four bytes each (FavoriteNameListBuilder.appendReadable16's bound).
    const size_t capacity = room->capacity < (size_t)UINT32_MAX ? room->capacity : (size_t)UINT32_MAX;
    size_t done = start;
#ifdef __SSE2__
    if (layout->pieces == 6 && memcmp(layout->values, sorted_shape, 6) == 0) {
        // Each run 16 to 48 bytes, and each after a value starting with `<` (as FavoriteLayout
        // makes them: a value ends at its first `<`).
        int runs = 1;
        size_t offset = 0;
        for (int index = 0; index < 6; index++) {
            runs &= layout->lengths[index] >= 16 && layout->lengths[index] <= 48;
            runs &= index == 0 || layout->markup[offset] == '<';
            offset += layout->lengths[index];
        }
        if (runs) done = sorted_names(layout, bytes, count, start, room, capacity);
    }
#endif
    wx_name_room local = *room;
    while (done < count) {
        const unsigned char *here = bytes + done;
        const unsigned char *there = layout->markup;
        const unsigned char *name = NULL, *name_end = NULL;
        for (size_t piece = 0;; piece++) {
            if (piece == layout->pieces) goto stop;
            size_t length = layout->lengths[piece];
            if ((size_t)(limit - here) < length || !same(here, there, length)) goto stop;
            here += length;
            there += length;
            int value = layout->values[piece];
            const unsigned char *end = value_end(here, limit, value, &name);
            if (end == NULL) goto stop;
            if (value == WX_LAYOUT_END) break;
            if (value == WX_LAYOUT_NAME) name_end = end;
            here = end;
        }
        if (name == NULL || !append_name(&local, capacity, name, name_end, here)) goto stop;
        done = (size_t)(here - bytes);
    }
stop:
    *room = local;
    return done;
}
