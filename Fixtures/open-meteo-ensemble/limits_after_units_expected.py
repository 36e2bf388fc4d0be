#!/usr/bin/env python3
"""How `chance` and `best` should say a bare limit typed in one unit once the view is shown again
in other units (trial60 finding 1), computed without wx's code: the limit keeps the unit it was
read in, and the figure in the unit now shown follows it — exact when a decimal of at most 4
places is the limit exactly ("0 °C (32 °F)"), else near ("60 km/h (about 37.3 mph)", one
decimal); a speed under Beaufort is km/h with the force its speed falls in, by the WMO table
in m/s (force 4 from 5.5 m/s, 19.8 km/h: beaufort_limits_expected.py's table).

Prints {"gusts_mph": …, "temp_fahrenheit": …, "wind_beaufort": …, "temp_celsius_from_fahrenheit": …}:
the conditions as written.
"""
import json
from decimal import Decimal

MILE = Decimal("1.609344")
LOWER_METRES_PER_SECOND = ["0.3", "1.6", "3.4", "5.5", "8.0", "10.8", "13.9", "17.2", "20.8", "24.5", "28.5", "32.7"]


def near_or_exact(value, digits):
    """The figure as wx says a converted limit: exact up to `digits` + 3 decimals, else "about"."""
    for places in range(digits, digits + 4):
        rounded = value.quantize(Decimal(1).scaleb(-places))
        if rounded == value:
            return None, format(rounded.normalize(), "f")
    return "about", format(value.quantize(Decimal(1).scaleb(-digits)).normalize(), "f")


def said(amount, unit, value, digits, symbol):
    word, figure = near_or_exact(value, digits)
    return f"{amount} {unit} ({word + ' ' if word else ''}{figure} {symbol})"


def force(kilometres_per_hour):
    metres = kilometres_per_hour / Decimal("3.6")
    found = 0
    for number, bound in enumerate(LOWER_METRES_PER_SECOND, 1):
        if metres >= Decimal(bound):
            found = number
    return found


def main():
    gusts = said(60, "km/h", Decimal(60) / MILE, 1, "mph")
    temperature = said(0, "°C", Decimal(0) * 9 / 5 + 32, 1, "°F")
    back = said(50, "°F", (Decimal(50) - 32) * 5 / 9, 1, "°C")
    print(
        json.dumps(
            {
                "gusts_mph": f"gusts ≥ {gusts} in any hour",
                "temp_fahrenheit": f"temp ≤ {temperature} in any hour",
                "wind_beaufort": f"wind < 20 km/h ({force(Decimal(20))} Bft)",
                "temp_celsius_from_fahrenheit": f"temp > {back}",
            },
            ensure_ascii=False,
        )
    )


if __name__ == "__main__":
    main()
