#!/usr/bin/env python3
"""What `brief` should say of the heaviest part of London's first spell of rain in
OpenWeatherMap's 3-hour steps (forecast-london-kelvin-cnt40-rain.json) at 2025-03-21T08:10Z,
without wx's code (trial60 finding 5: "heaviest 00:00–03:00 (4.4 mm an hour)" for 4.43 mm over
three hours, and the span tomorrow's without its day).

Each step's `rain.3h` (+ `snow.3h`) is the volume of the step before its `dt`; the step's length
is the answer's own: the distance between consecutive `dt`s (10,800 s). A step is wet from 0.1
mm; the spell is the first whose first wet step begins within 24 hours of now, followed while
the steps are wet. Its heaviest part: the wet step with the most (the first of equals) and the
steps in a row after it with as much — from the first's start to the last's end, at the place's
clock (Europe/London), the start with its day ("tomorrow") when that is not today; the amount
each step's, to 0.1 mm, "in those N hours" for one step ("every N hours" for several).

Prints {"heaviest": "heaviest tomorrow 00:00–03:00 (4.4 mm in those 3 hours)",
"utc_offset_seconds": the place's offset at now, as `show --json` gives it}.
"""
import datetime
import json
import os
from decimal import ROUND_HALF_UP, Decimal
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
NOW = datetime.datetime(2025, 3, 21, 8, 10, tzinfo=datetime.timezone.utc)
ZONE = ZoneInfo("Europe/London")

with open(os.path.join(HERE, "forecast-london-kelvin-cnt40-rain.json"), encoding="utf-8") as f:
    steps = json.load(f)["list"]
length = steps[1]["dt"] - steps[0]["dt"]
assert all(b["dt"] - a["dt"] == length for a, b in zip(steps, steps[1:]))
ahead = []
for step in steps:
    end = datetime.datetime.fromtimestamp(step["dt"], datetime.timezone.utc)
    if end > NOW:
        amount = Decimal(repr((step.get("rain") or {}).get("3h", 0))) + Decimal(
            repr((step.get("snow") or {}).get("3h", 0)))
        ahead.append((end - datetime.timedelta(seconds=length), end, amount))
first = next(i for i, s in enumerate(ahead) if s[2] >= Decimal("0.1") and s[0] < NOW + datetime.timedelta(hours=24))
spell = []
for step in ahead[first:]:
    if step[2] < Decimal("0.1"):
        break
    spell.append(step)
most = max(step[2] for step in spell)
top = next(i for i, step in enumerate(spell) if step[2] == most)
last = top
while last + 1 < len(spell) and spell[last + 1][2] == most:
    last += 1
start, end = spell[top][0].astimezone(ZONE), spell[last][1].astimezone(ZONE)
today = NOW.astimezone(ZONE).date()
days = (start.date() - today).days
day = "" if days == 0 else "tomorrow " if days == 1 else start.strftime("%a ")
hours = length // 3600
span = f"in those {hours} hours" if last == top else f"every {hours} hours"
amount = most.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
print(
    json.dumps(
        {
            "heaviest": f"heaviest {day}{start:%H:%M}–{end:%H:%M} ({amount} mm {span})",
            "utc_offset_seconds": int(NOW.astimezone(ZONE).utcoffset().total_seconds()),
        },
        ensure_ascii=False,
    )
)
