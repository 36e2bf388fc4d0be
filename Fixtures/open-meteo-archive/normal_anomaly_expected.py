#!/usr/bin/env python3
"""`daily`'s line under its table, "high against 1991–2020 (from “normal”)", for Berlin's
recorded week (the forecast recording from Sun 27 Jul 2025) against the normals of
berlin-1991-2020-daily-hand-written.json, computed here without wx's code.

Each calendar day's normal high is the mean over 1991–2020 of the daily highs within 3 days of
it (as normals_expected.py has it). The line's figure is the difference of the two figures a
reader sees — the day's high in `daily`'s table and the normal high in `normal`'s, each to a
tenth in the unit shown (half away from zero) — not the unrounded difference rounded: Sat 02
Aug is 20.4 °C against 22.641 °C, shown 68.7 and 72.8 °F, so −4.1 (−2.241 °C × 1.8 is −4.03,
"−4.0").

Prints JSON: {"metric": ["Sun +1.2", …], "imperial": ["Sun +2.2", …]}, a minus written "−".

Run: python3 Fixtures/open-meteo-archive/normal_anomaly_expected.py
"""
import datetime
import json
import os
from decimal import ROUND_HALF_UP, Decimal

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "berlin-1991-2020-daily-hand-written.json"), encoding="utf-8") as f:
    archive = json.load(f)["daily"]
with open(
    os.path.join(HERE, "..", "open-meteo-forecast", "berlin-gmt-all-params-168h-daily-reformatted.json"),
    encoding="utf-8",
) as f:
    forecast = json.load(f)["daily"]

sums = {}
for text, high in zip(archive["time"], archive["temperature_2m_max"]):
    if high is None:
        continue
    day = datetime.date.fromisoformat(text[:10])
    for offset in range(-3, 4):
        other = day + datetime.timedelta(days=offset)
        total, count = sums.get((other.month, other.day), (0.0, 0))
        sums[(other.month, other.day)] = (total + high, count + 1)


def tenth(value):
    return Decimal(repr(value)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


def signed(value):
    if value == 0:
        return "0.0"
    return ("+" if value > 0 else "−") + str(abs(value))


result = {"metric": [], "imperial": []}
for text, high in zip(forecast["time"], forecast["temperature_2m_max"]):
    day = datetime.date.fromisoformat(text[:10])
    total, count = sums[(day.month, day.day)]
    normal = total / count
    name = day.strftime("%a")
    result["metric"].append(f"{name} {signed(tenth(high) - tenth(normal))}")
    result["imperial"].append(f"{name} {signed(tenth(high * 9 / 5 + 32) - tenth(normal * 9 / 5 + 32))}")
print(json.dumps(result, ensure_ascii=False))
