#!/usr/bin/env python3
"""How much rain `rain` says is still to come while it rains now, without wx's code.

An amount covers the interval *before* its time: OpenWeatherMap's `rain.3h` the last 3 hours
before the step's `dt` (openweathermap.org/forecast5), Open-Meteo's hourly `precipitation` the
preceding hour (open-meteo.com/en/docs). While it rains now, the interval that holds now has
partly fallen: only the part still to come counts, the amount prorated by the share of the
interval after now; the wet intervals after it count whole, to the first interval under 0.1 mm.

Prints two lines, the total still to come in mm and its end (local clock):
  owm <mm> <HH:MM>      Adelphi, MD, 3-hour steps, at 2025-03-20 20:30 UTC
  open-meteo <mm> <HH:MM>  Hamburg (the Berlin GMT recording), hourly, at 2025-07-31 15:30 UTC

Run: python3 Fixtures/openweathermap/rain_now_expected.py
"""
import datetime
import json
import os
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
UTC = datetime.timezone.utc


def still_to_come(intervals, now):
    """intervals: (start, end, mm) oldest first; the wet spell holding now, from now."""
    total = 0.0
    end = None
    for start, stop, amount in intervals:
        if stop <= now:
            continue
        if amount < 0.1:
            end = start
            break
        share = (stop - max(start, now)).total_seconds() / (stop - start).total_seconds()
        total += amount * share
    return total, end


with open(os.path.join(HERE, "forecast-adelphi-md-kelvin-offset-minus-14400.json"), encoding="utf-8") as f:
    answer = json.load(f)
zone = datetime.timezone(datetime.timedelta(seconds=answer["city"]["timezone"]))
steps = []
for step in answer["list"]:
    stop = datetime.datetime.fromtimestamp(step["dt"], UTC)
    amount = (step.get("rain") or {}).get("3h", 0) + (step.get("snow") or {}).get("3h", 0)
    steps.append((stop - datetime.timedelta(hours=3), stop, amount))
total, end = still_to_come(steps, datetime.datetime(2025, 3, 20, 20, 30, tzinfo=UTC))
print(f"owm {total:.3f} {end.astimezone(zone):%H:%M}")

with open(os.path.join(HERE, "..", "open-meteo-forecast", "berlin-gmt-all-params-168h-daily-reformatted.json"),
          encoding="utf-8") as f:
    hourly = json.load(f)["hourly"]
hours = []
for label, amount in zip(hourly["time"], hourly["precipitation"]):
    stop = datetime.datetime.fromisoformat(label).replace(tzinfo=UTC)
    hours.append((stop - datetime.timedelta(hours=1), stop, amount or 0))
total, end = still_to_come(hours, datetime.datetime(2025, 7, 31, 15, 30, tzinfo=UTC))
print(f"open-meteo {total:.3f} {end.astimezone(ZoneInfo('Europe/Berlin')):%H:%M}")
