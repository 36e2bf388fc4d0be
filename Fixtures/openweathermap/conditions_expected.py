#!/usr/bin/env python3
"""The conditions `daily` and `hourly` should show from OpenWeatherMap's Adelphi steps, without
wx's code.

OpenWeatherMap's condition ids (openweathermap.org/weather-conditions): 800 clear sky, 801 few
clouds (11–25 %), 802 scattered clouds (25–50 %), 803 broken clouds (51–84 %), 804 overcast
clouds (85–100 %); 500 light, 501 moderate, 502–504 heavy rain. Open-Meteo's weather codes
(open-meteo.com/en/docs, WMO 4677): 0 clear sky, 1 mainly clear, 2 partly cloudy, 3 overcast,
61/63/65 slight/moderate/heavy rain. Broken clouds leave part of the sky clear: partly cloudy,
not overcast. A day's condition is the most severe of its steps (the highest code), as
Open-Meteo's daily weather_code; days by the answer's `city.timezone`.

Prints one JSON object: {"days": {"YYYY-MM-DD": name}, "steps": {"YYYY-MM-DDTHH:MM": name}}
(local times).

Run: python3 Fixtures/openweathermap/conditions_expected.py
"""
import datetime
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
CODE = {800: 0, 801: 1, 802: 2, 803: 2, 804: 3, 500: 61, 501: 63, 502: 65, 503: 65, 504: 65}
NAME = {0: "clear sky", 1: "mainly clear", 2: "partly cloudy", 3: "overcast", 61: "slight rain",
        63: "moderate rain", 65: "heavy rain"}

with open(os.path.join(HERE, "forecast-adelphi-md-kelvin-offset-minus-14400.json"), encoding="utf-8") as f:
    answer = json.load(f)
zone = datetime.timezone(datetime.timedelta(seconds=answer["city"]["timezone"]))
days = {}
steps = {}
for step in answer["list"]:
    local = datetime.datetime.fromtimestamp(step["dt"], zone)
    code = CODE[step["weather"][0]["id"]]
    steps[local.strftime("%Y-%m-%dT%H:%M")] = NAME[code]
    day = local.date().isoformat()
    days[day] = max(days.get(day, code), code)
print(json.dumps({"days": {d: NAME[c] for d, c in days.items()}, "steps": steps}, sort_keys=True))
