#!/usr/bin/env python3
"""What `chance rain>=0.1` should say of Saturday 05 Sep 2026 at Santiago
(santiago-ecmwf-ifs025-spring-forward-hand-written.json), computed without wx's code.

Saturday at America/Santiago's clock runs from its 00:00 UTC-04:00 to the next day's start, which
zoneinfo finds at 01:00 UTC-03:00 (there is no Sunday 00:00). An amount covers the hour before
its time; a member reaches the limit on the day when any hour the day covers has 0.1 mm or
more. The busy spans are the runs of consecutive hours whose count of members is at least half
the day's highest, each from its first hour's start to its last hour's end. Written as `chance`
writes a span (24-hour clock): a start with its zone when the offsets of the two ends differ, and
an end at the day's own end "24:00" — the midnight that ends the day, whatever the clock reads
then (trial60: "01:00 UTC-03:00" was the next day's hour without its day).

Prints the day's line after the date, e.g. "11 of 11 members (100 %), most 00:00 UTC-04:00–24:00".
"""
import datetime
import json
import os
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
ZONE = ZoneInfo("America/Santiago")
DAY = datetime.date(2026, 9, 5)
LIMIT = 0.1
HOUR = datetime.timedelta(hours=1)


def day_start(date):
    """The first instant of `date` at the zone's clock: its 00:00, or the first minute after a
    gap that swallowed it."""
    naive = datetime.datetime.combine(date, datetime.time(0, 0))
    for minutes in range(0, 180):
        local = (naive + datetime.timedelta(minutes=minutes)).replace(tzinfo=ZONE)
        # A local time in a gap does not survive the round trip through UTC.
        back = local.astimezone(datetime.timezone.utc).astimezone(ZONE)
        if back.replace(tzinfo=None) == local.replace(tzinfo=None):
            return back
    raise SystemExit("no start of day found")


def zone_name(instant):
    offset = instant.utcoffset()
    minutes = int(offset.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    return "UTC%s%02d:%02d" % (sign, abs(minutes) // 60, abs(minutes) % 60)


def main():
    body = json.load(open(os.path.join(HERE, "santiago-ecmwf-ifs025-spring-forward-hand-written.json")))
    hourly = body["hourly"]
    keys = [k for k in hourly if k == "precipitation" or k.startswith("precipitation_member")]
    start = day_start(DAY).astimezone(datetime.timezone.utc)
    end = day_start(DAY + datetime.timedelta(days=1)).astimezone(datetime.timezone.utc)
    # Each hour the day covers: (its start, the members with LIMIT or more in it).
    hours = []
    for index, time in enumerate(hourly["time"]):
        valid = datetime.datetime.fromtimestamp(time, datetime.timezone.utc)
        if start < valid <= end:
            hours.append((valid - HOUR, [k for k in keys if hourly[k][index] >= LIMIT]))
    reaching = set().union(*(set(members) for _, members in hours))
    highest = max(len(members) for _, members in hours)
    spans = []
    for hour_start, members in hours:
        busy = highest > 0 and 2 * len(members) >= highest
        if busy and spans and spans[-1][1] == hour_start:
            spans[-1][1] = hour_start + HOUR
        elif busy:
            spans.append([hour_start, hour_start + HOUR])
    texts = []
    for first, last in spans:
        first_local, last_local = first.astimezone(ZONE), last.astimezone(ZONE)
        changes = first_local.utcoffset() != last_local.utcoffset()
        first_text = first_local.strftime("%H:%M") + (" " + zone_name(first_local) if changes else "")
        last_text = "24:00" if last == end else last_local.strftime("%H:%M") + (" " + zone_name(last_local) if changes else "")
        texts.append(first_text + "–" + last_text)
    percent = round(100 * len(reaching) / len(keys))
    print("%d of %d members (%d %%), most %s" % (len(reaching), len(keys), percent, " and ".join(texts)))


if __name__ == "__main__":
    main()
