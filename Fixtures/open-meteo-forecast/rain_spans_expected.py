#!/usr/bin/env python3
"""When `rain` says precipitation starts and stops, from the recording without wx's code.

Open-Meteo's hourly `precipitation` is the sum of the *preceding* hour and
`precipitation_probability` the chance over it (open-meteo.com/en/docs, the variable tables): a
value labelled 13:00 is rain from 12:00 to 13:00. A wet hour has 0.1 mm or more. The spell
starts where the first wet hour after now begins (its label less an hour) and stops where the
last wet hour of the run ends (its label).

Run: python3 Fixtures/open-meteo-forecast/rain_spans_expected.py
"""
import datetime
import json
import os
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
NOW = datetime.datetime(2025, 7, 30, 10, 10, tzinfo=datetime.timezone.utc)
HAMBURG = ZoneInfo("Europe/Berlin")

with open(os.path.join(HERE, "berlin-gmt-all-params-168h-daily-reformatted.json"), encoding="utf-8") as f:
    hourly = json.load(f)["hourly"]  # served for Hamburg by the loopback server; times in GMT
hours = []
for label, amount, chance in zip(hourly["time"], hourly["precipitation"], hourly["precipitation_probability"]):
    end = datetime.datetime.fromisoformat(label).replace(tzinfo=datetime.timezone.utc)
    hours.append((end - datetime.timedelta(hours=1), end, amount, chance))
ahead = [h for h in hours if h[1] > NOW and h[0] < NOW + datetime.timedelta(hours=24)]
first = next(i for i, h in enumerate(ahead) if (h[2] or 0) >= 0.1)
spell = []
for h in ahead[first:]:
    if (h[2] or 0) < 0.1:
        break
    spell.append(h)
total = sum(h[2] for h in spell)
print(f"labels {spell[0][1]:%H:%M}..{spell[-1][1]:%H:%M} UTC wet")
print(f"rain from {spell[0][0].astimezone(HAMBURG):%H:%M}, about {total:.1f} mm"
      f" ({max(h[3] for h in spell)} % likely), until {spell[-1][1].astimezone(HAMBURG):%H:%M} (Hamburg)")
