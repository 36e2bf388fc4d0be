#!/usr/bin/env python3
"""Expected amounts for ModelAmountSideEndToEndTests (trial 58 finding 9), computed on their own
from hamburg-four-models-limits-hand-edited-trial58.json.

The rule (README, "the figure is shown with as many more decimals as it takes to fall on the same
side of the limit as the value"), applied to the amount in the unit shown against each limit
converted exactly (0.2 mm and 1 mm; / 25.4 for inches): the fewest decimals from the unit's usual
(1 in mm, 2 in inches, at most 3 more) at which the figure is at or above each limit exactly when
the amount is ("wet: 1 mm or more", "dry: under 0.2 mm"); then raised until an amount above 0 is
not shown as 0. The table has one precision: the most any amount needs.

Prints JSON: {"metric"|"imperial": {"digits": N, "days": {"2026-12-03": {"ECMWF IFS": "0.19 dry",
…}, …}}} for the days where the models disagree on rain, each model's figure with its word."""
import json
import os
from decimal import ROUND_HALF_UP, Decimal

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "hamburg-four-models-limits-hand-edited-trial58.json")) as f:
    answer = json.load(f)
daily = answer["daily"]
names = {"ecmwf_ifs025": "ECMWF IFS", "gfs_seamless": "NOAA GFS", "icon_seamless": "DWD ICON", "gem_seamless": "CMC GEM"}


def fixed(value, digits):
    """Half away from zero, as the decimal text reads."""
    return str(Decimal(repr(value)).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP))


def digits_for(mm, per_mm):
    value = mm * per_mm
    base = 1 if per_mm == 1 else 2
    limits = [0.2 * per_mm, 1.0 * per_mm]
    chosen = base + 3
    for d in range(base, base + 4):
        figure = float(fixed(value, d))
        if all((figure >= limit - 1e-9) == (value >= limit - 1e-9) for limit in limits):
            chosen = d
            break
    while value != 0 and float(fixed(value, chosen)) == 0 and chosen < base + 3:
        chosen += 1
    return chosen


out = {}
for units, per_mm in (("metric", 1.0), ("imperial", 1 / 25.4)):
    sums = {name: daily[f"precipitation_sum_{key}"] for key, name in names.items()}
    digits = max(digits_for(mm, per_mm) for days in sums.values() for mm in days if mm is not None)
    days = {}
    for index, date in enumerate(daily["time"]):
        amounts = {name: values[index] for name, values in sums.items() if values[index] is not None}
        dry = any(mm < 0.2 for mm in amounts.values())
        wet = any(mm >= 1.0 for mm in amounts.values())
        if not (dry and wet):
            continue
        days[str(date)] = {
            name: fixed(mm * per_mm, digits) + (" dry" if mm < 0.2 else " wet" if mm >= 1.0 else "")
            for name, mm in amounts.items()
        }
    out[units] = {"digits": digits, "days": days}
print(json.dumps(out))
