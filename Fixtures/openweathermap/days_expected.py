#!/usr/bin/env python3
"""The days `daily` builds from OpenWeatherMap's 3-hour steps, without wx's code.

Each step's `rain.3h` + `snow.3h` and its `pop` cover the *last* 3 hours before its `dt`
(openweathermap.org/forecast5, "rain.3h: Rain volume for last 3 hours, mm"), so they belong to
the local day that interval ends in: a step at 00:00 is rain of 21:00–24:00 the day before. The
README's days likewise take the hours ending within them. Local days are by the answer's
`city.timezone` (London: 0 in March).

Run: python3 Fixtures/openweathermap/days_expected.py
"""
import datetime
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "forecast-london-kelvin-cnt40-rain.json"), encoding="utf-8") as f:
    answer = json.load(f)
zone = datetime.timezone(datetime.timedelta(seconds=answer["city"]["timezone"]))
days = {}
for step in answer["list"]:
    end = datetime.datetime.fromtimestamp(step["dt"], zone)
    day = (end - datetime.timedelta(seconds=1)).date()
    amount = (step.get("rain") or {}).get("3h", 0) + (step.get("snow") or {}).get("3h", 0)
    total, chance = days.get(day, (0.0, 0.0))
    days[day] = (total + amount, max(chance, step.get("pop", 0) * 100))
for day, (total, chance) in sorted(days.items()):
    print(f"{day:%a %d %b}  {chance:3.0f} %  {total:.2f} mm")
