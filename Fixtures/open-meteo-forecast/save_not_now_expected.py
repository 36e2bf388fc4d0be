#!/usr/bin/env python3
"""What `save`'s line says of the reading it keeps, worked out here apart from wx.

usage: save_not_now_expected.py FORECAST_JSON ZONE NOW
       FORECAST_JSON  a recorded /v1/forecast body (its `current.time`, local to
                      `utc_offset_seconds`, is the time of the reading saved)
       ZONE           the place's IANA zone, in which `save` gives the reading's time
       NOW            wx's now (WX_NOW), an ISO 8601 UTC instant

Prints, as JSON, {"time": "2025-07-27 05:00", "note": NOTE}: the reading's local time as the line
gives it, and what follows it — "" when the reading is within 3 hours of now (what `show` calls
the weather now), else " — that reading is 5 hours old, not now" (" — that reading is for 4 hours
after now, not now" when it is ahead of now), its span in `show`'s words for "not now": whole
minutes under 2 hours, whole hours under 2 days, whole days under 60 days, then months of 30
days, then years of 365.25 days.
"""
import datetime
import json
import sys
from zoneinfo import ZoneInfo

BOUND_SECONDS = 3 * 3600


def count(number, unit, plural=None):
    return f"{number} {unit if number == 1 else (plural or unit + 's')}"


def rough_span(seconds):
    minutes = int(abs(seconds) // 60)
    days = minutes // 1440
    if minutes < 120:
        return count(minutes, "min", "min")
    if minutes < 2 * 1440:
        return count(minutes // 60, "hour")
    if days < 60:
        return count(days, "day")
    if days < 730:
        return count(days // 30, "month")
    return count(int(days / 365.25), "year")


def main():
    path, zone, now = sys.argv[1:4]
    body = json.load(open(path, encoding="utf-8"))
    offset = datetime.timedelta(seconds=body.get("utc_offset_seconds", 0))
    local = datetime.datetime.fromisoformat(body["current"]["time"])
    reading = local.replace(tzinfo=datetime.timezone.utc) - offset
    now = datetime.datetime.fromisoformat(now.replace("Z", "+00:00"))
    age = (now - reading).total_seconds()
    note = ""
    if abs(age) > BOUND_SECONDS:
        span = rough_span(age)
        note = f" — that reading is {span} old, not now" if age >= 0 else f" — that reading is for {span} after now, not now"
    print(json.dumps({"time": reading.astimezone(ZoneInfo(zone)).strftime("%Y-%m-%d %H:%M"), "note": note},
                     ensure_ascii=False))


main()
