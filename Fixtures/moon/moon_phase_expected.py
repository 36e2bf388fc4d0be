#!/usr/bin/env python3
"""The moon's age and phase `MoonPhase` should give, from published new-moon times (UTC, to the
minute: timeanddate.com / USNO), not from any formula: for each instant on stdin (Unix seconds,
one a line), prints "AGE_DAY PHASE": the whole days since the last new moon before it, and which
of the eight phases (0 new … 7 waning crescent) it is in — the lunation's fraction elapsed
(since the last new moon, over the days to the next) times 8, rounded, modulo 8.

With no stdin lines, prints the published new moons as Unix seconds, one a line.
"""
import sys
from datetime import datetime, timezone

NEW_MOONS = [
    "2000-01-06T18:14", "2000-02-05T13:03",
    "2024-03-10T09:00", "2024-04-08T18:21", "2024-05-08T03:22",
    "2025-01-29T12:36", "2025-02-28T00:45",
    "2025-06-25T10:31", "2025-07-24T19:11", "2025-08-23T06:06", "2025-09-21T19:54",
    "2026-01-18T19:52", "2026-02-17T12:01",
]
SECONDS = [int(datetime.strptime(t, "%Y-%m-%dT%H:%M").replace(tzinfo=timezone.utc).timestamp()) for t in NEW_MOONS]

lines = [line.strip() for line in sys.stdin if line.strip()]
if not lines:
    for seconds in SECONDS:
        print(seconds)
for line in lines:
    instant = float(line)
    before = max(s for s in SECONDS if s <= instant)
    after = min(s for s in SECONDS if s > instant)
    age = (instant - before) / 86400
    fraction = (instant - before) / (after - before)
    print(int(age), round(fraction * 8) % 8)
