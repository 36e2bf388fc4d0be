#!/usr/bin/env python3
"""Expected inch amounts for ImperialAmountsEndToEndTests, read from the recordings with code of
its own: each hour's precipitation (mm) / 25.4 at the fewest decimals from 2 (up to 5) that do not
show an amount above 0 as 0 — the one rule of Views/Formatting.swift's precipitationDecimals.

Prints JSON: {"berlin": {"HH": "0.004", …} for Berlin's Thu 31 Jul 03:00–07:00 CEST (UTC+2),
"new_york_4am": "0.004", "gem_monday": "0.020", "models": {"NOAA GFS": ["0.000", …], …}} (New
York's Sat 7 Feb 04:00 EST, its own clock; CMC GEM's Mon 28 Jul sum and each model's seven days
at the one precision of `models`' table: the most decimals any of its amounts needs, each by
NearLimit's rule against the dry and wet limits converted exactly (0.2 / 25.4 and 1 / 25.4 in:
the figure at or above a limit exactly when the amount is; trial 58) and then raised until an amount above 0 is not shown as 0. A daily user saw GFS's "0.004" beside
"0.00" in the next column when each model's column had a precision of its own)."""
import json
import os
from decimal import ROUND_HALF_UP, Decimal

here = os.path.dirname(os.path.abspath(__file__))


def inches(mm):
    value = mm / 25.4
    for decimals in range(2, 6):
        text = f"{value:.{decimals}f}"
        if value == 0 or float(text) != 0:
            return text
    return text


def hours(name):
    with open(os.path.join(here, "..", "open-meteo-forecast", name)) as f:
        h = json.load(f)["hourly"]
    return dict(zip(h["time"], h["precipitation"]))


berlin = hours("berlin-gmt-all-params-168h-daily-reformatted.json")
new_york = hours("new-york-current-hourly-168h-daily-sunrise-reformatted.json")
out = {
    "berlin": {f"{local:02d}": inches(berlin[f"2025-07-31T{local - 2:02d}:00"]) for local in range(3, 8)},
    "new_york_4am": inches(new_york["2026-02-07T04:00"]),
}
def fixed(value, digits):
    """Half away from zero, as the decimal text reads (DecimalText.fixed)."""
    return str(Decimal(repr(value)).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP))


def reaches(value, limit):
    return value >= limit - 1e-9


LIMITS = [0.2 / 25.4, 1.0 / 25.4]


def model_decimals(mm):
    value = mm / 25.4
    digits = 5
    for d in range(2, 6):
        if all(reaches(float(fixed(value, d)), limit) == reaches(value, limit) for limit in LIMITS):
            digits = d
            break
    while value != 0 and float(fixed(value, digits)) == 0 and digits < 5:
        digits += 1
    return digits


with open(os.path.join(here, "..", "open-meteo-models", "berlin-four-models-daily-hand-written-from-forecast.json")) as f:
    daily = json.load(f)["daily"]
names = {"ecmwf_ifs025": "ECMWF IFS", "gfs_seamless": "NOAA GFS", "icon_seamless": "DWD ICON", "gem_seamless": "CMC GEM"}
sums = {name: daily[f"precipitation_sum_{key}"][:7] for key, name in names.items()}
digits = max(model_decimals(mm) for days in sums.values() for mm in days)
out["models"] = {name: [fixed(mm / 25.4, digits) for mm in days] for name, days in sums.items()}
out["gem_monday"] = out["models"]["CMC GEM"][1]
print(json.dumps(out))
