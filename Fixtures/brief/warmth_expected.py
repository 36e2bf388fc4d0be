#!/usr/bin/env python3
"""What `wx brief` should say of tomorrow's high against today's for an Open-Meteo answer
(daily `time` as dates or unixtime, the place's calendar given) at an instant, in metric, imperial and
kelvin, computed here with code of its own by the rule `help brief` states: tomorrow is "N °C
warmer" or "cooler" than today when its high differs by 1 °C or more, N the difference of the
exact highs converted to the unit and rounded once, to whole degrees (half away from zero, as
written in decimal) — so every unit says the same change (trial 59: 17.3 → 15.4 °C is "2 °C" and
"2 K cooler", where the highs shown, 290 and 289 K, differ by 1); "about as warm" only under
1 °C (decided on the exact highs, °C).

  argv: FILE (relative to Fixtures/) NOW (ISO 8601 UTC) ZONE (tz database name)

Prints one JSON object: {"change_celsius", "metric", "imperial", "kelvin"} — the last three the
words between "Tomorrow " and ", high".
"""
import json
import sys
from datetime import datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

FIXTURES = Path(__file__).resolve().parent.parent
STEP = 1.0


def size(today, tomorrow, unit):
    change = abs(Decimal(repr(tomorrow)) - Decimal(repr(today)))
    if unit == "F":
        change = change * 9 / 5
    return int(change.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def words(today, tomorrow, unit, symbol):
    change_celsius = tomorrow - today
    if abs(change_celsius) < STEP - 1e-9:
        return "about as warm as today"
    return f"{size(today, tomorrow, unit)} {symbol} {'warmer' if change_celsius > 0 else 'cooler'} than today"


def main():
    answer = json.loads((FIXTURES / sys.argv[1]).read_text())
    now = datetime.fromisoformat(sys.argv[2].replace("Z", "+00:00"))
    today = now.astimezone(ZoneInfo(sys.argv[3])).date()
    # Daily times as dates, or as unixtime (the day's local midnight) read in ZONE.
    days = [
        datetime.fromtimestamp(t, ZoneInfo(sys.argv[3])).date().isoformat() if isinstance(t, int) else t
        for t in answer["daily"]["time"]
    ]
    highs = dict(zip(days, answer["daily"]["temperature_2m_max"]))
    high, next_high = highs[today.isoformat()], highs[(today + timedelta(days=1)).isoformat()]
    print(json.dumps({
        "change_celsius": round(next_high - high, 2),
        "metric": words(high, next_high, "C", "°C"),
        "imperial": words(high, next_high, "F", "°F"),
        "kelvin": words(high, next_high, "K", "K"),
    }))


if __name__ == "__main__":
    main()
