#!/usr/bin/env python3
"""The changes `wx changed` should find between two Open-Meteo answers for one place (both
answered in GMT, the place in Europe/Berlin), computed here with code of its own by the rules
`help changed` states:

  argv: EARLIER_FILE EARLIER_NOW LATER_FILE LATER_NOW  (files relative to Fixtures/, instants
  ISO 8601 UTC)

- a look keeps each day of `daily` from its today on (the place's calendar): high, low, rain;
  and today's first spell of rain by brief's rules (a wet hour has 0.1 mm or more; the spell is
  the first run of wet hours from the next whole hour within 24 hours; it starts an hour before
  its first wet hour's time and is dry again at its last's);
- highs and lows changed at 2 °C or more; a day's rain at 1 mm or more, or when it turned wet or
  dry (wet: 1 mm or more); the rain's start or end at 1 hour or more (a start both looks put
  before now is not compared);
- the order: rain start, rain end, a day turning wet or dry, highs and lows, other amounts; within
  each the biggest change first (mm of rain, degrees of a high or low), then days in order
  (warnings and the ensemble are not in these answers).

Prints a JSON array of {"kind", "facts"} with the facts wx's --json gives (metric, UTC).
"""
import json
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

FIXTURES = Path(__file__).resolve().parent.parent
WET_HOUR, WET_DAY, DEGREES, MILLIMETRES, HOURS = 0.1, 1.0, 2.0, 1.0, 1.0
EPS = 1e-9


def iso(moment):
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ") if moment else None


def look(name, now_text):
    now = datetime.fromisoformat(now_text.replace("Z", "+00:00"))
    answer = json.loads((FIXTURES / name).read_text())
    hourly = answer["hourly"]
    times = [datetime.fromisoformat(t).replace(tzinfo=timezone.utc) for t in hourly["time"]]
    start = now.replace(minute=0, second=0, microsecond=0)
    if start < now:
        start += timedelta(hours=1)
    window = [(t, a or 0.0) for t, a in zip(times, hourly["precipitation"]) if start <= t <= start + timedelta(hours=24)]
    wet = [i for i, (_, a) in enumerate(window) if a >= WET_HOUR - EPS]
    rain_start = rain_end = None
    if wet:
        last = wet[0]
        while last + 1 < len(window) and window[last + 1][1] >= WET_HOUR - EPS:
            last += 1
        rain_start, rain_end = window[wet[0]][0] - timedelta(hours=1), window[last][0]
    today = now.astimezone(ZoneInfo("Europe/Berlin")).date().isoformat()
    daily = answer["daily"]
    days = {
        date: (high, low, rain)
        for date, high, low, rain in zip(
            daily["time"], daily["temperature_2m_max"], daily["temperature_2m_min"], daily["precipitation_sum"])
        if date >= today
    }
    return {"now": now, "today": today, "start": rain_start, "end": rain_end, "days": days}


def main():
    earlier, later = look(sys.argv[1], sys.argv[2]), look(sys.argv[3], sys.argv[4])
    ranked = []  # (rank, -size, order, change)
    now = later["now"]
    if earlier["start"] or later["start"]:
        if earlier["start"] and later["start"]:
            begun = earlier["start"] <= now and later["start"] <= now
            moved = abs((later["start"] - earlier["start"]).total_seconds()) >= HOURS * 3600 - EPS
            if not begun and moved:
                ranked.append((1, 0, 0, {"kind": "rain_start", "facts": {"was": iso(earlier["start"]), "now": iso(later["start"])}}))
            if abs((later["end"] - earlier["end"]).total_seconds()) >= HOURS * 3600 - EPS:
                ranked.append((2, 0, 0, {"kind": "rain_end", "facts": {"was": iso(earlier["end"]), "now": iso(later["end"])}}))
        elif later["start"] or (earlier["end"] and earlier["end"] > now):
            ranked.append((1, 0, 0, {"kind": "rain_start", "facts": {"was": iso(earlier["start"]), "now": iso(later["start"])}}))
    for order, (date, (high, low, rain)) in enumerate(sorted(later["days"].items())):
        if date < later["today"] or date not in earlier["days"]:
            continue
        was_high, was_low, was_rain = earlier["days"][date]
        if rain is not None and was_rain is not None:
            turned = (was_rain >= WET_DAY - EPS) != (rain >= WET_DAY - EPS)
            if turned or abs(rain - was_rain) >= MILLIMETRES - EPS:
                ranked.append((3 if turned else 6, -abs(rain - was_rain), order * 3, {"kind": "rain", "facts": {
                    "date": date, "was_millimetres": was_rain, "now_millimetres": rain, "turned_wet_or_dry": turned}}))
        for kind, was, value, step in (("high", was_high, high, 1), ("low", was_low, low, 2)):
            if was is not None and value is not None and abs(value - was) >= DEGREES - EPS:
                ranked.append((5, -abs(value - was), order * 3 + step, {"kind": kind, "facts": {
                    "date": date, "was_celsius": was, "now_celsius": value}}))
    print(json.dumps([change for *_, change in sorted(ranked, key=lambda r: (r[0], r[1], r[2]))], sort_keys=True))


main()
