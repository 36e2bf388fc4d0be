#ifndef WX_FAVORITE_LAYOUT_H
#define WX_FAVORITE_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

// The favorites of a large state.plist read by their layout, sixteen bytes at a time, for
// WeatherStore's FavoriteNameScan (`wx --complete`, the Tab that reads state.plist because its
// names file is missing or stale). FavoriteLayout learns one favorite's markup and matches the
// next ones against it; matched from Swift, 100,000 favorites took ~850 instructions each (the
// value checks in 8-byte words, the names appended and checked one call at a time). Here the
// same checks run as SSE2 compares gathered into bit masks, and each name goes straight into
// the list's room with the names file's check taken as each word of it is finished.
//
// Only a favorite this reads for certain is taken: every check answers as FavoriteLayout.name's
// does, and anything else — a real that needs its value worked out, a value running near the
// end of the bytes, no room left — stops the run at that favorite, which the caller then reads
// the Swift way.

// What follows a run of markup: FavoriteLayout.Value's raw values.
enum {
    WX_LAYOUT_NAME = 0,
    WX_LAYOUT_TEXT = 1,
    WX_LAYOUT_LATITUDE = 2,
    WX_LAYOUT_LONGITUDE = 3,
    WX_LAYOUT_END = 4,
};

// A favorite's layout: `pieces` runs of markup, one after the other at `markup`; run i is
// `lengths[i]` bytes, and `values[i]` (a WX_LAYOUT_ value) follows it. The last is WX_LAYOUT_END.
typedef struct {
    const unsigned char *markup;
    const uint32_t *lengths;
    const uint8_t *values;
    size_t pieces;
} wx_favorite_layout;

// Where the names go (FavoriteNameListBuilder's room): each name's bytes and a "\n" written at
// `bytes + count` (`capacity` bytes in all), where it ends (the "\n"'s place) at
// `ends[end_count]` (`end_capacity` in all), and `hash`, StreamingChecksum's state after the
// first `hashed` bytes (a multiple of 8), carried forward over each word of eight once written.
typedef struct {
    unsigned char *bytes;
    size_t count;
    size_t capacity;
    uint32_t *ends;
    size_t end_count;
    size_t end_capacity;
    uint64_t hash;
    size_t hashed;
} wx_name_room;

// Reads the favorites in `layout` one after another from `start` in the `count` bytes at
// `bytes` (`start` where the white space before a favorite's `<dict>` is, as the layout was
// learnt), appending each one's name to `room`. Returns where the first favorite it did not take
// starts (`start` when it took none): one not in the layout, not read for certain here, or
// whose name finds no room.
size_t wx_layout_names(
    const wx_favorite_layout *layout, const unsigned char *bytes, size_t count, size_t start, wx_name_room *room);

// StreamingChecksum's step: `hash` after the little-endian word `word` (eight bytes) is taken.
// Here, inline, so that Swift's appends and the run above take the names file's check alike.
static inline uint64_t wx_checksum_mix(uint64_t hash, uint64_t word) {
    hash = (hash ^ word) * 0x9e3779b97f4a7c15ULL;
    return hash ^ (hash >> 29);
}

#endif
