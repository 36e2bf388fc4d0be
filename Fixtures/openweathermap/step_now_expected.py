#!/usr/bin/env python3
"""The forecast amount `show` gives beside the conditions, and the span it covers, without wx's code.

OpenWeatherMap's 5-day forecast gives `rain.3h` (and `snow.3h`) for the 3 hours before each step's
`dt` (openweathermap.org/forecast5). The step that holds now is the first whose `dt` is after now;
its amount is three hours' rain, not one hour's.

Prints one line: <mm> <HH:MM> — the amount and the local end of the step holding
2025-03-20 20:30 UTC at Adelphi, MD.

Run: python3 Fixtures/openweathermap/step_now_expected.py
"""
import datetime
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
UTC = datetime.timezone.utc
NOW = datetime.datetime(2025, 3, 20, 20, 30, tzinfo=UTC)

with open(os.path.join(HERE, "forecast-adelphi-md-kelvin-offset-minus-14400.json"), encoding="utf-8") as f:
    answer = json.load(f)
zone = datetime.timezone(datetime.timedelta(seconds=answer["city"]["timezone"]))
step = next(s for s in answer["list"] if datetime.datetime.fromtimestamp(s["dt"], UTC) > NOW)
amount = (step.get("rain") or {}).get("3h", 0) + (step.get("snow") or {}).get("3h", 0)
end = datetime.datetime.fromtimestamp(step["dt"], UTC).astimezone(zone)
print(f"{amount:.1f} {end:%H:%M}")
