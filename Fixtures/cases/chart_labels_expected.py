#!/usr/bin/env python3
"""The labels of `hourly`'s temperature chart, without wx's code.

The chart has 6 rows of 8 eighths each; a value v is drawn round((v - low) / span * 47) + 1
eighths high, span = max(high - low, 1 degree) so that hours within a degree draw flat. A label
names a value shown on the row it reaches: the lowest on the bottom row (0), the highest on the
row holding its column's top, (eighths - 1) // 8, and no other; never a temperature no hour has.

Run: python3 Fixtures/cases/chart_labels_expected.py
"""
import datetime
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def labels(values):
    low, high = min(values), max(values)
    span = max(high - low, 1.0)
    digits = 1 if span < 5 else 0
    top = (round((high - low) / span * 47) + 1 - 1) // 8 if high > low else 0
    rows = {0: f"{low:.{digits}f} °C"}
    if top > 0:
        rows[top] = f"{high:.{digits}f} °C"
    return rows


with open(os.path.join(HERE, "om-all-null-probability.json"), encoding="utf-8") as f:
    answer = json.load(f)
offset = datetime.timedelta(seconds=answer["utc_offset_seconds"])
now = datetime.datetime(2025, 12, 17, 23, 30)  # UTC, the test's WX_NOW
hourly = answer["hourly"]
# `hourly` shows the hours after now (the 00:00 instant, before now, is the current hour's).
shown = [t for s, t in zip(hourly["time"], hourly["temperature_2m"])
         if datetime.datetime.fromisoformat(s) - offset > now]
print("OM-1 hours shown:", shown, "labels by row:", labels(shown))
print("16.3, 16.8:", labels([16.3, 16.8]))
print("16.3 alone:", labels([16.3]))
