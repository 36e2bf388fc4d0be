#!/usr/bin/env python3
"""Expected text of idaho-fahrenheit-mph-inch-hand-written.json's values at metric units, for
ConversionRoundingEndToEndTests, computed with code of its own: each value converted exactly
(decimal arithmetic: °F → °C as (F − 32) × 5/9, mp/h × 1.609344 → km/h, inch × 25.4 → mm) and
rounded once, half away from zero, to what wx shows — °C to 0.1, km/h to 1, mm to 0.1. The
values are hand-picked where rounding to 0.01 first gave another figure (0.49 in is 12.446 mm:
12.4, not 12.45's 12.5; 5.9 mp/h is 9.495 km/h: 9, not 9.50's 10).

Prints JSON: {"hours": [{"time": "17:00", "temperature": "12.4 °C", "precipitation": "3.0 mm",
"wind": "9 km/h", "gusts": "23 km/h"}, …], "current": {"wind": "9 km/h", "gusts": "23 km/h",
"precipitation": "3.0 mm"}}."""
import json
import os
from decimal import ROUND_HALF_UP, Decimal, getcontext

getcontext().prec = 40
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "idaho-fahrenheit-mph-inch-hand-written.json")) as f:
    answer = json.load(f)


def fixed(value, digits):
    return str(value.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP))


def celsius(f):
    return fixed((Decimal(repr(f)) - 32) * 5 / 9, 1) + " °C"


def kmh(mph):
    return fixed(Decimal(repr(mph)) * Decimal("1.609344"), 0) + " km/h"


def mm(inch):
    return fixed(Decimal(repr(inch)) * Decimal("25.4"), 1) + " mm"


h = answer["hourly"]
hours = [
    {
        "time": t[11:16],
        "temperature": celsius(h["temperature_2m"][i]),
        "precipitation": mm(h["precipitation"][i]),
        "wind": kmh(h["wind_speed_10m"][i]),
        "gusts": kmh(h["wind_gusts_10m"][i]),
    }
    for i, t in enumerate(h["time"])
]
c = answer["current"]
current = {
    "temperature": celsius(c["temperature_2m"]),
    "wind": kmh(c["wind_speed_10m"]),
    "gusts": kmh(c["wind_gusts_10m"]),
    "precipitation": mm(c["precipitation"]),
}
print(json.dumps({"hours": hours, "current": current}))
