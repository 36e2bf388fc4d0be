#!/usr/bin/env python3
"""The clock of each place's right zone, for the test of NearestZone's guess in countries with
several zones: each line of stdin is "NAME|LAT|LON|CC|ZONE", ZONE the zone the place keeps (known,
not guessed); printed, one line each in order, "NAME OFFSET_JANUARY OFFSET_JULY": the zone's UTC
offsets in seconds at 12:00 UTC on 15 January and 15 July 2025, from Python's zoneinfo (the same
tz database). A guess is right when its zone keeps the same two offsets.
"""
import sys
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

for line in sys.stdin:
    if not line.strip():
        continue
    name, _, _, _, zone = line.rstrip("\n").split("|")
    offsets = [int(datetime(2025, month, 15, 12, tzinfo=timezone.utc).astimezone(ZoneInfo(zone)).utcoffset()
                   .total_seconds()) for month in (1, 7)]
    print(name.replace(" ", "_"), *offsets)
