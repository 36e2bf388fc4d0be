#!/usr/bin/env python3
"""OpenWeatherMap's forecast read at its own offset, without wx's code: each 3-hour step's local
time is its `dt` plus the forecast answer's `city.timezone` (seconds east of UTC), whatever offset
the current-weather answer beside it gave (a reading kept from before a change of daylight saving
time: Badajoz's of Sat 24 Oct 2026 at CEST, +7200, beside steps from Mon 26 Oct at CET, +3600).
A day's low and high are those of the steps whose local time falls on it.

argv: STEPS (a /data/2.5/forecast body under Fixtures/openweathermap/)

Prints one JSON object: {"utc_offset_seconds", "steps": ["YYYY-MM-DD HH:MM", …],
"days": {"YYYY-MM-DD": [low, high]}}.

Run: python3 Fixtures/openweathermap/forecast_offset_expected.py forecast-badajoz-cet-after-dst-end-hand-written.json
"""
import datetime
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    with open(os.path.join(HERE, sys.argv[1]), encoding="utf-8") as f:
        answer = json.load(f)
    offset = answer["city"]["timezone"]
    zone = datetime.timezone(datetime.timedelta(seconds=offset))
    steps, days = [], {}
    for item in answer["list"]:
        local = datetime.datetime.fromtimestamp(item["dt"], zone)
        steps.append(local.strftime("%Y-%m-%d %H:%M"))
        low, high = days.get(local.date().isoformat(), (None, None))
        temp = item["main"]["temp"]
        days[local.date().isoformat()] = (temp if low is None else min(low, temp), temp if high is None else max(high, temp))
    print(json.dumps({"utc_offset_seconds": offset, "steps": steps, "days": days}))


if __name__ == "__main__":
    main()
