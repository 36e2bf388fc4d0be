#!/usr/bin/env python3
"""What `wx changed` should say of a day's high (or low) that moved between two looks, computed
here with code of its own by the rule `help changed` and `help brief` state: each figure shown in
the display unit to whole degrees (half away from zero, as written in decimal), and the change
the difference of the exact values, converted and rounded once — as `brief` says tomorrow's
(trial60: 15.4 → 17.6 °C is "2 °C higher", not 3 from the figures 18 and 15; 2.0 °C is 3.6 °F,
"4 °F", not 3 from 63 and 60).

By default the looks are the Berlin recording
(../open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json) and its hand-edited
later answer (berlin-gmt-tomorrow-3-degrees-cooler-hand-edited.json).

  argv: DATE (the day, YYYY-MM-DD, or a unix time for answers with `timeformat=unixtime`)
        UNIT (C, F or K)
        [--earlier FILE] [--later FILE]   (paths from Fixtures/)
        [--kind high|low] [--day WORD]    (the day as the sentence names it: Tomorrow, Tuesday)

Prints the sentence, e.g. "Tomorrow’s high 65 °F, 5 °F lower (was 71 °F)."
"""
import argparse
import json
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent.parent
EARLIER = "open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json"
LATER = "brief/berlin-gmt-tomorrow-3-degrees-cooler-hand-edited.json"


def value(name, date, kind):
    daily = json.loads((FIXTURES / name).read_text())["daily"]
    key = "temperature_2m_max" if kind == "high" else "temperature_2m_min"
    days = {str(day): figure for day, figure in zip(daily["time"], daily[key])}
    return Decimal(repr(days[date]))


def converted(celsius, unit):
    return {"C": celsius, "F": celsius * 9 / 5 + 32, "K": celsius + Decimal("273.15")}[unit]


def whole(value):
    return int(value.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("date")
    parser.add_argument("unit", choices=["C", "F", "K"])
    parser.add_argument("--earlier", default=EARLIER)
    parser.add_argument("--later", default=LATER)
    parser.add_argument("--kind", default="high", choices=["high", "low"])
    parser.add_argument("--day", default="Tomorrow")
    arguments = parser.parse_args()
    unit = arguments.unit
    symbol = {"C": "°C", "F": "°F", "K": "K"}[unit]
    was = value(arguments.earlier, arguments.date, arguments.kind)
    now = value(arguments.later, arguments.date, arguments.kind)
    # The exact change in the unit shown (a difference: no offset), rounded once.
    change = converted(now, unit) - converted(was, unit)
    word = "higher" if change > 0 else "lower"
    print(
        f"{arguments.day}’s {arguments.kind} {whole(converted(now, unit))} {symbol}, "
        f"{whole(abs(change))} {symbol} {word} (was {whole(converted(was, unit))} {symbol})."
    )


if __name__ == "__main__":
    main()
