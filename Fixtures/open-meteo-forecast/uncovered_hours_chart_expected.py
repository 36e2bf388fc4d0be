#!/usr/bin/env python3
"""The lines of `hourly N`'s temperature chart, without wx's code, for an answer whose first
hours no model covers (every hourly value null, as Open-Meteo answers them).

The chart starts at the first hour it has something to draw for: a temperature, or a chance of
rain when the "rain %" bars are drawn (some hour's chance reaches 1/16 of the bars' two rows);
a line under it says from when. The rest is the chart as chart_columns_expected.py describes
it: 6 rows of 8 eighths, a value drawn round((v - low) / span * 47) + 1 eighths high (span at
least a degree), the lowest column value labelled on the bottom row and the highest on the row
its column's top reaches (a decimal when the span is under 5 degrees), the label column as wide
as the labels shown (or "rain %"), an hour mark ("06") under each column holding an hour
divisible by 6 at the place's clock, several hours a column (the warmest shown) when there are
more hours than min(72, width - margin) columns.

  argv: FILE (relative to Fixtures/) NOW (ISO 8601 UTC) HOURS WIDTH ZONE (the place's tz name)
Prints the chart's lines as JSON.
"""
import json
import sys
from datetime import datetime, timezone
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

FIXTURES = Path(__file__).resolve().parent.parent
BLOCKS = "▁▂▃▄▅▆▇"
WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]  # Python's weekday() order


def half_up(value, digits=0):
    return Decimal(repr(value)).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)


def label(value, digits):
    return f"{half_up(value, digits)} °C"


def cell(eighths, row):
    if eighths is None:
        return " "
    filled = eighths - row * 8
    if filled >= 8:
        return "█"
    if filled <= 0:
        return " "
    return BLOCKS[filled - 1]


def main():
    answer = json.loads((FIXTURES / sys.argv[1]).read_text())
    now = datetime.fromisoformat(sys.argv[2].replace("Z", "+00:00")).timestamp()
    count, width, zone = int(sys.argv[3]), int(sys.argv[4]), ZoneInfo(sys.argv[5])
    hourly = answer["hourly"]
    offset = answer.get("utc_offset_seconds", 0)

    def instant(t):  # unixtime, or ISO 8601 local to the answer's offset (GMT: UTC)
        if isinstance(t, (int, float)):
            return t
        return datetime.fromisoformat(t).replace(tzinfo=timezone.utc).timestamp() - offset

    rows = [(instant(t), v, p) for t, v, p in
            zip(hourly["time"], hourly["temperature_2m"], hourly["precipitation_probability"])
            if instant(t) > now][:count]
    bars = any(p is not None and half_up(p / 100 * 16) > 0 for _, _, p in rows)
    first = next(i for i, (_, v, p) in enumerate(rows) if v is not None or (bars and p is not None))
    rows = rows[first:]
    known = [v for _, v, _ in rows if v is not None]
    widest = max(len(label(v, d)) for v in (min(known), max(known)) for d in (0, 1))
    margin = max(8, widest + 2) + 2
    step = max(1, -(-len(rows) // max(8, min(72, width - margin))))
    groups = [rows[start:start + step] for start in range(0, len(rows), step)]
    temperatures = [max((v for _, v, _ in g if v is not None), default=None) for g in groups]
    chances = [max((p for _, _, p in g if p is not None), default=None) for g in groups]
    shown = [v for v in temperatures if v is not None]
    low, high = min(shown), max(shown)
    span = max(high - low, 1)

    def eighths(value):
        return min(max(int(half_up((value - low) / span * 47)), 0), 48) + 1

    digits = 1 if span < 5 else 0
    top = (eighths(high) - 1) // 8 if high > low else 0
    margin = min(margin, 2 + max(len(label(low, digits)), len(label(high, digits)), 6 if bars else 0) + 2)
    lines = []
    for row in reversed(range(6)):
        text = label(low, digits) if row == 0 else label(high, digits) if row == top else ""
        line = text.rjust(margin - 2) + " ┤" + "".join(
            cell(None if v is None else eighths(v), row) for v in temperatures)
        lines.append(line.rstrip())
    for row in reversed(range(2)) if bars else []:
        line = ("rain %" if row == 1 else "").rjust(margin - 2) + " ┤" + "".join(
            cell(None if p is None else min(max(int(half_up(p / 100 * 16)), 0), 16), row) for p in chances)
        lines.append(line.rstrip())
    axis = [" "] * max(len(groups), min(len(groups) + 3, width - margin))
    free = 0
    for index, group in enumerate(groups):
        local = [datetime.fromtimestamp(t, zone) for t, _, _ in group]
        mark = next((l for l in local if l.minute == 0 and l.hour % (24 if step > 2 else 6) == 0), None)
        if mark is None or index < free:
            continue
        text = WEEKDAYS[mark.weekday()] if step > 2 else f"{mark.hour:02d}"
        for at, character in enumerate(text):
            if index + at < len(axis):
                axis[index + at] = character
        free = index + len(text) + 1
    lines.append(" " * margin + "".join(axis).rstrip())
    if step > 1:
        lines.append(f"  each column: the warmest of {step} hours")
    if first > 0:
        start = datetime.fromtimestamp(rows[0][0], zone)
        lines.append(f"  the chart starts at {WEEKDAYS[start.weekday()]} {start:%H:%M}: no hour before it has a value to draw")
    print(json.dumps(lines, ensure_ascii=False))


if __name__ == "__main__":
    main()
