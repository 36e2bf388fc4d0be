#!/usr/bin/env python3
"""The amount `rain` says for New York's wet spell, from the recording without wx's code.

Open-Meteo's hourly `precipitation` is the sum of the preceding hour (open-meteo.com/en/docs);
a wet hour has 0.1 mm or more. Wet now, the spell's amount is the part of the current hour
after now (its amount spread evenly over it) and every wet hour after it, to the spell's end.
An amount under the data's 0.1 mm is said "under 0.1 mm" ("under 0.1 mm (about 0.004 in)": the
limit as defined and its figure at three decimals, as every threshold is said in inches) — at 04:59 EST a minute of the hour of
0.2 mm is left, 0.0033 mm, which was "about 0.003 mm"; else "about" the amount by the one rule
for an amount's decimals (1 in mm, 2 in inches, raised until an amount above 0 is not 0).

Prints JSON: {"2026-02-07T09:59:00Z": {"metric": "under 0.1 mm", "imperial": …}, …}.

Run: python3 Fixtures/open-meteo-forecast/tiny_amount_expected.py
"""
import datetime
import json
import os
from decimal import ROUND_HALF_UP, Decimal

HERE = os.path.dirname(os.path.abspath(__file__))
UTC = datetime.timezone.utc


def fixed(value, digits):
    return str(Decimal(repr(value)).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP))


def amount(mm, inches):
    value, base, symbol = (mm / 25.4, 2, "in") if inches else (mm, 1, "mm")
    if mm < 0.1:
        return f"under 0.1 mm (about {fixed(0.1 / 25.4, 3)} in)" if inches else "under 0.1 mm"
    digits = base
    while value != 0 and float(fixed(value, digits)) == 0 and digits < base + 3:
        digits += 1
    return f"about {fixed(value, digits)} {symbol}"


with open(os.path.join(HERE, "new-york-current-hourly-168h-daily-sunrise-reformatted.json"), encoding="utf-8") as f:
    answer = json.load(f)
offset = datetime.timedelta(seconds=answer["utc_offset_seconds"])
hourly = answer["hourly"]
hours = []
for label, mm in zip(hourly["time"], hourly["precipitation"]):
    end = datetime.datetime.fromisoformat(label).replace(tzinfo=UTC) - offset
    hours.append((end - datetime.timedelta(hours=1), end, mm or 0))

out = {}
for text in ["2026-02-07T09:59:00Z", "2026-02-07T09:00:00Z"]:
    now = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    current = next(i for i, h in enumerate(hours) if h[0] <= now < h[1])
    assert hours[current][2] >= 0.1, "wet now"
    total = hours[current][2] * (hours[current][1] - now).total_seconds() / 3600
    for start, end, mm in hours[current + 1:]:
        if mm < 0.1:
            break
        total += mm
    out[text] = {"metric": amount(total, False), "imperial": amount(total, True)}
print(json.dumps(out))
