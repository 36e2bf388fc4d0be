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

`--json`'s `temperature_max_anomaly_celsius` is the metric figure as a number; "json" gives it
for ../open-meteo-forecast/berlin-gmt-all-params-168h-daily-max-hundredths-hand-edited.json,
whose highs are given to hundredths (Sun 24.14 against 22.865: the figures shown, 24.1 and 22.9,
differ by 1.2; the unrounded 1.275 would round to 1.3).

Prints JSON: {"metric": ["Sun +1.2", …], "imperial": ["Sun +2.2", …], "json": [1.2, …]}, a
minus written "−".

Run: python3 Fixtures/open-meteo-archive/normal_anomaly_expected.py
"""
import datetime
import json
import os
from decimal import ROUND_HALF_UP, Decimal

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "berlin-1991-2020-daily-hand-written.json"), encoding="utf-8") as f:
    archive = json.load(f)["daily"]


def forecast_days(name):
    with open(os.path.join(HERE, "..", "open-meteo-forecast", name), encoding="utf-8") as f:
        return json.load(f)["daily"]


forecast = forecast_days("berlin-gmt-all-params-168h-daily-reformatted.json")
hundredths = forecast_days("berlin-gmt-all-params-168h-daily-max-hundredths-hand-edited.json")

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


def normal_high(text):
    day = datetime.date.fromisoformat(text[:10])
    total, count = sums[(day.month, day.day)]
    return total / count


result = {"metric": [], "imperial": [], "json": []}
for text, high in zip(forecast["time"], forecast["temperature_2m_max"]):
    normal = normal_high(text)
    name = datetime.date.fromisoformat(text[:10]).strftime("%a")
    result["metric"].append(f"{name} {signed(tenth(high) - tenth(normal))}")
    result["imperial"].append(f"{name} {signed(tenth(high * 9 / 5 + 32) - tenth(normal * 9 / 5 + 32))}")
for text, high in zip(hundredths["time"], hundredths["temperature_2m_max"]):
    result["json"].append(float(tenth(high) - tenth(normal_high(text))))
print(json.dumps(result, ensure_ascii=False))
