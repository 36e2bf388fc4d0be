#!/usr/bin/env python3
"""What `wx changed` should say of a day's high that moved, between a look at the Berlin recording
(../open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json) and one at its hand-edited later answer
(berlin-gmt-tomorrow-3-degrees-cooler-hand-edited.json), computed here with code of its own by
the rule `help changed` states: each high shown in the display unit to whole degrees (half away
from zero, as written in decimal), and the difference said the difference of those two figures
(trial: "65 °F, 5 °F lower (was 71 °F)" from 5.4 °F unrounded).

  argv: DATE (the day, YYYY-MM-DD) UNIT (C, F or K)

Prints the sentence, e.g. "Tomorrow’s high 65 °F, 6 °F lower (was 71 °F)." (DATE taken as tomorrow).
"""
import json
import sys
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

HERE = Path(__file__).resolve().parent
EARLIER = "../open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json"
LATER = "berlin-gmt-tomorrow-3-degrees-cooler-hand-edited.json"


def high(name, date):
    daily = json.loads((HERE / name).read_text())["daily"]
    return Decimal(repr(dict(zip(daily["time"], daily["temperature_2m_max"]))[date]))


def shown(celsius, unit):
    value = {"C": celsius, "F": celsius * 9 / 5 + 32, "K": celsius + Decimal("273.15")}[unit]
    return int(value.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def main():
    date, unit = sys.argv[1], sys.argv[2]
    symbol = {"C": "°C", "F": "°F", "K": "K"}[unit]
    was, now = shown(high(EARLIER, date), unit), shown(high(LATER, date), unit)
    change = now - was
    print(
        f"Tomorrow’s high {now} {symbol}, {abs(change)} {symbol} {'higher' if change > 0 else 'lower'} (was {was} {symbol})."
    )


if __name__ == "__main__":
    main()
