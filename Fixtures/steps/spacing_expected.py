#!/usr/bin/env python3
"""How far apart a forecast's entries are, in words, worked out here apart from wx.

usage: spacing_expected.py STEP_SECONDS TIME...   prints the words for hourly entries starting
                                                 at the TIMEs (seconds since 1970), whose step
                                                 is STEP_SECONDS, or "null" when nothing is said

Rules (README "Weather", a forecast's steps): steps of an hour are "hourly values", longer
ones "N-hour steps"; nothing is said for entries exactly one step apart. Spacings that are
all whole hours are said in hours ("3 to 9 hours apart"); others each in one whole unit,
rounded to the nearest: seconds under 90 s, minutes under 90 min, hours under 48 h, else days.
"""
import sys


def unit(seconds):
    seconds = abs(seconds)
    if seconds < 90:
        return f"{seconds} s"
    if seconds < 90 * 60:
        return f"{round_half_up(seconds, 60)} min"
    if seconds < 48 * 3600:
        return f"{round_half_up(seconds, 3600)} h"
    return f"{round_half_up(seconds, 86400)} d"


def round_half_up(value, size):
    return int(value / size + 0.5)


def words(step, times):
    hours = max(1, step // 3600)
    kind = "hourly values" if hours == 1 else f"{hours}-hour steps"
    if len(times) < 2:
        return None if hours == 1 else kind
    gaps = [b - a for a, b in zip(times, times[1:])]
    low, high = min(gaps), max(gaps)
    if low == high == step:
        return None if hours == 1 else kind
    if low % 3600 == 0 and high % 3600 == 0:
        return f"{kind} {low // 3600} hours apart" if low == high else f"{kind} {low // 3600} to {high // 3600} hours apart"
    a, b = unit(low), unit(high)
    return f"{kind} {a} apart" if a == b else f"{kind} {a} to {b} apart"


if __name__ == "__main__":
    step = int(sys.argv[1])
    result = words(step, [int(t) for t in sys.argv[2:]])
    print("null" if result is None else result)
