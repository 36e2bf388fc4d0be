#!/usr/bin/env python3
"""`confidence`'s days and the members `chance` and `best` count, without wx's code.

Both answers came in GMT; `confidence`, `chance`, `check` and `brief --sure` count a day alike
(README), in the place's own calendar: Berlin's days at Europe/Berlin's clock (CEST), New
York's at America/New_York's (EST). A day's temperatures are its instants 00:00–23:00 local;
its amount the hours ending within it (labels 01:00 to the next day's 00:00: Open-Meteo's
hourly precipitation covers the preceding hour), added as the decimals written. A member counts
for a day only with every value of it; a day is shown only when the answer covers it whole.
Percentiles are linear between closest ranks (numpy's default), written out here.

Also: how many members each answer has (the control run `temperature_2m` and the
`_memberNN` keys with a value), the count `chance`'s and `best`'s heading must state, and the
local time of each answer's last hour.

Run: python3 Fixtures/open-meteo-ensemble/confidence_days_expected.py
"""
import datetime
import json
import os
from decimal import Decimal
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
UTC = datetime.timezone.utc


def percentile(values, p):
    values = sorted(values)
    h = (len(values) - 1) * p
    low = int(h)
    high = min(low + 1, len(values) - 1)
    return values[low] + (h - low) * (values[high] - values[low])


def members(hourly, variable):
    keys = [variable] + sorted(k for k in hourly if k.startswith(variable + "_member"))
    return [hourly[k] for k in keys if k in hourly and any(v is not None for v in hourly[k])]


def report(name, zone_name, dates):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        hourly = json.load(f)["hourly"]
    zone = ZoneInfo(zone_name)
    times = [datetime.datetime.fromtimestamp(t, UTC) for t in hourly["time"]]
    temperature = members(hourly, "temperature_2m")
    precipitation = members(hourly, "precipitation")
    last = times[-1].astimezone(zone)
    print(f"{name}: {len(temperature)} members with temperature, {len(precipitation)} with precipitation;"
          f" last hour {last:%a %d %b %H:%M} {last.tzname()}")
    for date in dates:
        instants = [i for i, t in enumerate(times) if t.astimezone(zone).date() == date]
        ending = [i for i, t in enumerate(times) if (t - datetime.timedelta(hours=1)).astimezone(zone).date() == date]
        whole = lambda idx, first: idx and (times[idx[0]] - datetime.timedelta(hours=first)).astimezone(zone).hour == 0 \
            and (times[idx[-1]] - datetime.timedelta(hours=first)).astimezone(zone).hour == 23
        line = f"  {date:%a %d %b}"
        if whole(instants, 0):
            rows = [[m[i] if i < len(m) else None for i in instants] for m in temperature]
            rows = [r for r in rows if None not in r]
            highs, lows = [max(r) for r in rows], [min(r) for r in rows]
            line += (f"  high {percentile(highs, .5):.3f} ({percentile(highs, .1):.3f} to {percentile(highs, .9):.3f})"
                     f"  low {percentile(lows, .5):.1f} ({percentile(lows, .1):.1f} to {percentile(lows, .9):.1f})")
        else:
            line += "  not whole (instants)"
        if whole(ending, 1):
            value = lambda m, i: m[i] if i < len(m) else None
            sums = [sum(Decimal(str(m[i])) for i in ending) for m in precipitation
                    if None not in [value(m, i) for i in ending]]
            wet = sum(1 for s in sums if s >= 1)
            line += f"  rain 1 mm or more: {wet} of {len(sums)}"
        else:
            line += "  no member covers the whole day (rain)"
        print(line)


d = datetime.date
report("berlin-ecmwf-ifs025-51-members-hand-written-from-forecast.json", "Europe/Berlin",
       [d(2025, 7, 27), d(2025, 7, 28), d(2025, 8, 2)])
report("new-york-gfs025-31-members-hand-written.json", "America/New_York",
       [d(2026, 11, 30), d(2026, 12, 1), d(2026, 12, 2)])
# Odd members (short, empty, a variable not asked for), at Berlin's clock (CET).
report("bad-members-hand-written.json", "Europe/Berlin", [d(2026, 12, 1), d(2026, 12, 2)])


def rest_of_today(name, zone_name, now):
    """Today's row from the next whole hour after `now` (UTC ISO), as `chance` counts it: the
    instants from that hour to 23:00, the amounts covering the hours from it to 24:00."""
    import math
    import re
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        hourly = json.loads(re.sub(r"(?<=[,\[])nan(?=[,\]])", "NaN", f.read()))["hourly"]
    zone = ZoneInfo(zone_name)
    moment = datetime.datetime.fromisoformat(now.replace("Z", "+00:00")).timestamp()
    start = math.ceil(moment / 3600) * 3600
    date = datetime.datetime.fromtimestamp(start, zone).date()
    instants = [i for i, t in enumerate(hourly["time"])
                if t >= start and datetime.datetime.fromtimestamp(t, zone).date() == date]
    ending = [i for i, t in enumerate(hourly["time"])
              if t - 3600 >= start and datetime.datetime.fromtimestamp(t - 3600, zone).date() == date]
    value = lambda m, i: m[i] if i < len(m) and m[i] == m[i] else None
    rows = [[value(m, i) for i in instants] for m in members(hourly, "temperature_2m")]
    rows = [r for r in rows if None not in r]
    highs, lows = [max(r) for r in rows], [min(r) for r in rows]
    sums = [sum(Decimal(str(m[i])) for i in ending) for m in members(hourly, "precipitation")
            if None not in [value(m, i) for i in ending]]
    print(f"{name} at {now}: rest of today {date:%a %d %b} from "
          f"{datetime.datetime.fromtimestamp(start, zone):%H:%M}"
          f"  high {percentile(highs, .5):.3f} ({percentile(highs, .1):.3f} to {percentile(highs, .9):.3f})"
          f"  low {percentile(lows, .5):.3f} ({percentile(lows, .1):.3f} to {percentile(lows, .9):.3f})"
          f"  rain 1 mm or more: {sum(1 for s in sums if s >= 1)} of {len(sums)}")


# Today's row counts the rest of today from the next hour (as `chance`): Hamburg and the odd
# members at 08:10 CET, Hamburg at 12:59.
rest_of_today("hamburg-ecmwf-ifs025-51-members-hand-written.json", "Europe/Berlin", "2026-12-01T07:10:00Z")
rest_of_today("hamburg-ecmwf-ifs025-51-members-hand-written.json", "Europe/Berlin", "2026-12-01T11:59:00Z")
rest_of_today("bad-members-hand-written.json", "Europe/Berlin", "2026-12-01T07:10:00Z")
# The demo's Berlin at its instant (Sun 27 Jul before 05:00 CEST): today from 05:00.
rest_of_today("berlin-ecmwf-ifs025-51-members-hand-written-from-forecast.json", "Europe/Berlin", "2025-07-27T02:30:00Z")
