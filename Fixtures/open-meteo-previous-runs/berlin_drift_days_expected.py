#!/usr/bin/env python3
"""`drift` for Berlin in the demo (trial 57 finding 3): the figures of Mon 28 Jul 2025 when the
day is Berlin's (CEST, 27 Jul 22:00 UTC to 28 Jul 22:00 UTC), as README says days are made and
`confidence` makes them — beside the UTC day's, which `drift` gave before although the answer
(in GMT) is put at Berlin's clock. Computed here without wx's code: local days from the tz
database (zoneinfo Europe/Berlin), exact decimals, shown to 0.1 half away from zero.

The body: berlin-runs-2025-06-23-to-08-03-hand-written-from-forecast.json (in GMT, unix times).
A day's high and low are over its instants 00:00-23:00 (wx needs at least 23 of them, each with a
value); its sum over the hours that END within it (the preceding hour's `precipitation`), and
only when every one of them has a value.

Tests/EndToEndTests/Runs/DriftPlacesDaysEndToEndTests.swift pastes the output.
Run: python3 Fixtures/open-meteo-previous-runs/berlin_drift_days_expected.py
"""
import datetime
import json
import os
from decimal import ROUND_HALF_UP, Decimal
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
BODY = os.path.join(HERE, "berlin-runs-2025-06-23-to-08-03-hand-written-from-forecast.json")
DAY = datetime.date(2025, 7, 28)


def text(value):
    return str(Decimal(str(value)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def figures(hourly, zone, lead):
    suffix = "" if lead == 0 else f"_previous_day{lead}"
    times = hourly["time"]
    temperature = hourly.get("temperature_2m" + suffix, [])
    precipitation = hourly.get("precipitation" + suffix, [])
    day = [i for i, t in enumerate(times) if datetime.datetime.fromtimestamp(t, zone).date() == DAY]
    ending = [i for i, t in enumerate(times) if datetime.datetime.fromtimestamp(t - 3600, zone).date() == DAY]
    values = [temperature[i] if i < len(temperature) else None for i in day]
    if len(day) < 23 or None in values:
        high = low = "—"
    else:
        high, low = text(max(values)), text(min(values))
    amounts = [precipitation[i] if i < len(precipitation) else None for i in ending]
    rain = "—" if len(ending) < 23 or None in amounts else text(sum(Decimal(str(a)) for a in amounts))
    return high, low, rain


with open(BODY, encoding="utf-8") as f:
    hourly = json.load(f)["hourly"]
for name, zone in [("Berlin day (CEST)", ZoneInfo("Europe/Berlin")), ("UTC day", datetime.timezone.utc)]:
    print(f"{name}, {DAY}:")
    for lead in range(0, 8):
        high, low, rain = figures(hourly, zone, lead)
        print(f"  lead {lead}: high {high} low {low} rain {rain}")
