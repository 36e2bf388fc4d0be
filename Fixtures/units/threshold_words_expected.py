#!/usr/bin/env python3
"""How wx should say a threshold of precipitation defined in mm, in the unit shown, computed
here with code of its own by the rule README states (a figure beside a limit): the limit in the
unit shown when a short decimal (the unit's 1 decimal in mm, 3 in inches, up to 3 more) says it
exactly; else the limit as defined in mm with the figure in inches after it, said to be near —
"1 mm (about 0.039 in)", or "0.1 mm ≈ 0.004 in" inside parentheses (`best`'s "dry (…)") — the
figure to 3 decimals (half away from zero, as the decimal text reads), trailing zeros dropped.

  argv: MILLIMETRES UNIT (mm or in) [nested]

Prints the words, e.g. "1 mm (about 0.039 in)".
"""
import sys
from decimal import ROUND_HALF_UP, Decimal


def fixed(value, digits):
    text = str(Decimal(repr(value)).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP))
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def plain(mm):
    return fixed(mm, 9)


def main():
    mm, unit = float(sys.argv[1]), sys.argv[2]
    nested = len(sys.argv) > 3 and sys.argv[3] == "nested"
    value, digits = (mm, 1) if unit == "mm" else (mm / 25.4, 3)
    for places in range(digits, digits + 4):
        if abs(float(fixed(value, places)) - value) <= 1e-12 * abs(value):
            print(f"{fixed(value, places)} {unit}")
            return
    near = f"{fixed(value, digits)} {unit}"
    print(f"{plain(mm)} mm ≈ {near}" if nested else f"{plain(mm)} mm (about {near})")


if __name__ == "__main__":
    main()
