#!/usr/bin/env python3
"""The high and low columns `saved N` should show in °F for the Hamburg snapshot of 2025-07-30
(ForecastCheckTests: its kept forecast is the Berlin recording's days, what happened
hamburg-daily-2025-07-20-to-08-09-hand-written.json), computed here with code of its own by the
rule the table states: each temperature to a tenth in the unit shown (half away from zero, as
written in decimal), and the error forecast − observed the difference of those two figures, so
it agrees with them (58.5 and 58.8 °F are -0.3 apart, not -0.4 from -0.2 °C × 1.8).

  argv: FIRST LAST (dates, YYYY-MM-DD)

Prints one line a day: the date, then high, was, error, low, was, error, separated by spaces.
"""
import json
import sys
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent.parent


def daily(name):
    days = json.loads((FIXTURES / name).read_text())["daily"]
    return {d: (x, n) for d, x, n in zip(days["time"], days["temperature_2m_max"], days["temperature_2m_min"])}


def fahrenheit(celsius):
    return (Decimal(repr(celsius)) * 9 / 5 + 32).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


def signed(value):
    return f"+{value}" if value > 0 else ("0.0" if value == 0 else str(value))


def main():
    forecast = daily("open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json")
    observed = daily("open-meteo-archive/hamburg-daily-2025-07-20-to-08-09-hand-written.json")
    for date in sorted(forecast):
        if not sys.argv[1] <= date <= sys.argv[2]:
            continue
        cells = [date]
        for index in (0, 1):
            shown, was = fahrenheit(forecast[date][index]), fahrenheit(observed[date][index])
            cells += [str(shown), str(was), signed(shown - was)]
        print(" ".join(cells))


if __name__ == "__main__":
    main()
