#!/usr/bin/env python3
"""When `rain` says precipitation starts from OpenWeatherMap's 3-hour steps, without wx's code.

OpenWeatherMap's 5 day / 3 hour forecast gives `rain.3h` (and `snow.3h`) as the volume of the
*last* 3 hours before each step's `dt` (openweathermap.org/forecast5, "rain.3h: Rain volume for
last 3 hours, mm"), so a wet step at 21:00 is rain from 18:00. A step is wet from 0.1 mm; the
spell is the first whose first wet step begins within 24 hours of now, followed to its end
(past those 24 hours; "past the end of the forecast" only where the steps end).

Run: python3 Fixtures/openweathermap/rain_spans_expected.py
"""
import datetime
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
NOW = datetime.datetime(2025, 3, 21, 9, 10, tzinfo=datetime.timezone.utc)
with open(os.path.join(HERE, "forecast-london-kelvin-cnt40-rain.json"), encoding="utf-8") as f:
    steps = json.load(f)["list"]
ahead = []
for step in steps:
    end = datetime.datetime.fromtimestamp(step["dt"], datetime.timezone.utc)
    start = end - datetime.timedelta(hours=3)
    if end > NOW:
        amount = (step.get("rain") or {}).get("3h", 0) + (step.get("snow") or {}).get("3h", 0)
        ahead.append((start, end, amount, step.get("pop", 0) * 100))
first = next(i for i, s in enumerate(ahead) if s[2] >= 0.1 and s[0] < NOW + datetime.timedelta(hours=24))
spell = []
for s in ahead[first:]:
    if s[2] < 0.1:
        break
    spell.append(s)
ends = "past the end of the forecast" if len(spell) == len(ahead) - first else f"until {spell[-1][1]:%a %H:%M}"
print(f"rain from {spell[0][0]:%H:%M} UTC, about {sum(s[2] for s in spell):.1f} mm"
      f" ({max(s[3] for s in spell):.0f} % likely), {ends}")
