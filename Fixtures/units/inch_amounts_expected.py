#!/usr/bin/env python3
"""Expected inch amounts for ImperialAmountsEndToEndTests, read from the recordings with code of
its own: each hour's precipitation (mm) / 25.4 at the fewest decimals from 2 (up to 5) that do not
show an amount above 0 as 0 — the one rule of Views/Formatting.swift's precipitationDecimals.

Prints JSON: {"berlin": {"HH": "0.004", …} for Berlin's Thu 31 Jul 03:00–07:00 CEST (UTC+2),
"new_york_4am": "0.004", "gem_monday": "0.020"} (New York's Sat 7 Feb 04:00 EST, its own clock;
CMC GEM's Mon 28 Jul sum at the most decimals its column's seven days need)."""
import json
import os

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
with open(os.path.join(here, "..", "open-meteo-models", "berlin-four-models-daily-hand-written-from-forecast.json")) as f:
    gem = json.load(f)["daily"]["precipitation_sum_gem_seamless"][:7]
digits = max(len(inches(mm).split(".")[1]) for mm in gem)
out["gem_monday"] = f"{gem[1] / 25.4:.{digits}f}"
print(json.dumps(out))
