#!/usr/bin/env python3
"""Expected `normal` rows for Hamburg's week from 2025-07-27, without wx's code.

Each calendar day's normal is the mean over 1991–2020 of the days within 3 days of it (every
archive day counts towards the calendar days of the dates 3 days before to 3 days after it), at
full precision: a figure is rounded once, for display (half away from zero, to 0.1 °C / °F, 0.1
mm or the inch column's precision, a whole %) or for --json (to 0.01).

Wed 30 Jul's low is 12.3457 °C, "12.3" (12.35 and then 12.4 when rounded twice); Sat 02 Aug's
precipitation 1.2452 mm, "1.2".

Prints JSON: {"metric": [row, …], "imperial": [row, …], "json": [{…}, …]}, a row being the
cells "Sun 27 Jul", low, high, precipitation, rain days ("38 %").

Run: python3 Fixtures/open-meteo-archive/normals_expected.py
"""
import datetime
import json
import os
from decimal import ROUND_HALF_UP, Decimal

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "hamburg-1991-2020-daily-max-min-precipitation.json")) as f:
    daily = json.load(f)["daily"]

sums = {}
for i, text in enumerate(daily["time"]):
    day = datetime.date.fromisoformat(text[:10])
    values = {
        "max": daily["temperature_2m_max"][i],
        "min": daily["temperature_2m_min"][i],
        "rain": daily["precipitation_sum"][i],
    }
    if values["rain"] is not None:
        values["wet"] = 100.0 if values["rain"] >= 1.0 else 0.0
    for offset in range(-3, 4):
        other = day + datetime.timedelta(days=offset)
        slot = sums.setdefault((other.month, other.day), {})
        for key, value in values.items():
            if value is not None:
                total, count = slot.get(key, (0.0, 0))
                slot[key] = (total + value, count + 1)


def mean(month, day, key):
    total, count = sums[(month, day)][key]
    return total / count


def fixed(value, digits):
    """Half away from zero, as the decimal text reads (DecimalText.fixed)."""
    text = Decimal(repr(value)).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)
    return "0" + ("." + "0" * digits if digits else "") if text == 0 else str(text)


def inch_decimals(mm):
    inches = mm / 25.4
    for d in range(2, 6):
        if inches == 0 or float(fixed(inches, d)) != 0:
            return d
    return 5


days = [datetime.date(2025, 7, 27) + datetime.timedelta(days=n) for n in range(7)]
metric, imperial, as_json = [], [], []
rain = [mean(d.month, d.day, "rain") for d in days]
inch_digits = max(inch_decimals(mm) for mm in rain)
for d, mm in zip(days, rain):
    label = d.strftime("%a %d %b")
    low, high = mean(d.month, d.day, "min"), mean(d.month, d.day, "max")
    wet = fixed(mean(d.month, d.day, "wet"), 0) + " %"
    metric.append([label, fixed(low, 1), fixed(high, 1), fixed(mm, 1), wet])
    imperial.append([label, fixed(low * 9 / 5 + 32, 1), fixed(high * 9 / 5 + 32, 1), fixed(mm / 25.4, inch_digits), wet])
    as_json.append({
        "date": d.isoformat(),
        "temperature_min_mean_celsius": float(fixed(low, 2)),
        "temperature_max_mean_celsius": float(fixed(high, 2)),
        "precipitation_mean_millimetres": float(fixed(mm, 2)),
        "wet_day_percent": float(fixed(mean(d.month, d.day, "wet"), 2)),
    })
print(json.dumps({"metric": metric, "imperial": imperial, "json": as_json}))
