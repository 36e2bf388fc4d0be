#!/usr/bin/env python3
"""The high and low columns `saved N` should show in °F for the Hamburg snapshot of 2025-07-30
(ForecastCheckTests: its kept forecast is the Berlin recording's days, what happened
hamburg-daily-2025-07-20-to-08-09-hand-written.json), computed here with code of its own by the
rule the table states: each temperature to a tenth in the unit shown (half away from zero, as
written in decimal), and the error forecast − observed the difference of the exact °C values,
converted by scale alone (a difference has no offset: × 9/5) and rounded once, as `saved verify`
and the man page say it (trial 62: 14.7 − 14.9 °C = −0.36 °F is "-0.4", where the figures
58.5 and 58.8 °F are 0.3 apart).

The precipitation's three columns in inches by the same rule: each amount at its column's
decimals (2, more while an amount above 0 shows as 0; the kept forecast's column over the days
printed, what happened's over those observed), the error the difference of the two figures,
written at the larger of the two columns' decimals (0.08 and 0.12 in are -0.04 apart, though
2.1 − 2.96 mm is −0.03386 in, "-0.03").

  argv: FIRST LAST [OBSERVED] (dates, YYYY-MM-DD; OBSERVED a file under Fixtures/, by default
  open-meteo-archive/hamburg-daily-2025-07-20-to-08-09-hand-written.json)

Prints one line a day: the date, then high, was, error, low, was, error, rain, was, error,
separated by spaces.
"""
import json
import sys
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent.parent


def daily(name):
    days = json.loads((FIXTURES / name).read_text())["daily"]
    return {
        d: (x, n, p)
        for d, x, n, p in zip(
            days["time"], days["temperature_2m_max"], days["temperature_2m_min"], days["precipitation_sum"])
    }


def fahrenheit(celsius):
    return (Decimal(repr(celsius)) * 9 / 5 + 32).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


def fahrenheit_difference(forecast, observed):
    return ((Decimal(repr(forecast)) - Decimal(repr(observed))) * 9 / 5).quantize(
        Decimal("0.1"), rounding=ROUND_HALF_UP)


def signed(value):
    return f"+{value}" if value > 0 else ("0.0" if value == 0 else str(value))


def inches(millimetres, digits):
    return (Decimal(repr(millimetres)) / Decimal("25.4")).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)


def inch_digits(amounts):
    """The most decimals any of `amounts` (mm) needs: 2, more (up to 5) while one above 0 shows as 0."""
    most = 2
    for millimetres in amounts:
        digits = 2
        while millimetres != 0 and inches(millimetres, digits) == 0 and digits < 5:
            digits += 1
        most = max(most, digits)
    return most


def signed_amount(value):
    return f"+{value}" if value > 0 else (str(abs(value)) if value == 0 else str(value))


def main():
    forecast = daily("open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json")
    observed = daily(
        sys.argv[3] if len(sys.argv) > 3 else "open-meteo-archive/hamburg-daily-2025-07-20-to-08-09-hand-written.json")
    dates = [date for date in sorted(forecast) if sys.argv[1] <= date <= sys.argv[2]]
    rain_digits = inch_digits([forecast[date][2] for date in dates])
    was_digits = inch_digits([observed[date][2] for date in dates if observed[date][2] is not None])
    for date in dates:
        cells = [date]
        for index in (0, 1):
            shown, was = fahrenheit(forecast[date][index]), fahrenheit(observed[date][index])
            error = fahrenheit_difference(forecast[date][index], observed[date][index])
            cells += [str(shown), str(was), signed(error)]
        shown, was = inches(forecast[date][2], rain_digits), inches(observed[date][2], was_digits)
        error = (shown - was).quantize(Decimal(1).scaleb(-max(rain_digits, was_digits)))
        cells += [str(shown), str(was), signed_amount(error)]
        print(" ".join(cells))


if __name__ == "__main__":
    main()
