#!/usr/bin/env python3
"""What `wx brief` should say of tomorrow's high against today's for an Open-Meteo answer
(daily `time` as dates, the place's calendar given) at an instant, in metric and imperial,
computed here with code of its own by the rule `help brief` states: tomorrow is "N °C warmer"
or "cooler" than today when its high differs by 1 °C or more, N the difference of the two highs
each shown in the unit to whole degrees (half away from zero, as written in decimal), as `changed`
says a high's move: 20.4 and 18.6 °C, shown 20 and 19, are "1 °C cooler", not 2 from 1.8;
"about as warm" only under 1 °C (decided on the exact highs, °C).

  argv: FILE (relative to Fixtures/) NOW (ISO 8601 UTC) ZONE (tz database name)

Prints one JSON object: {"change_celsius", "metric", "imperial"} — the last two the words
between "Tomorrow " and ", high".
"""
import json
import sys
from datetime import datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

FIXTURES = Path(__file__).resolve().parent.parent
STEP = 1.0


def shown(celsius, unit):
    value = Decimal(repr(celsius))
    if unit == "F":
        value = value * 9 / 5 + 32
    return int(value.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def words(today, tomorrow, unit, symbol):
    change_celsius = tomorrow - today
    if abs(change_celsius) < STEP - 1e-9:
        return "about as warm as today"
    size = abs(shown(tomorrow, unit) - shown(today, unit))
    return f"{size} {symbol} {'warmer' if change_celsius > 0 else 'cooler'} than today"


def main():
    answer = json.loads((FIXTURES / sys.argv[1]).read_text())
    now = datetime.fromisoformat(sys.argv[2].replace("Z", "+00:00"))
    today = now.astimezone(ZoneInfo(sys.argv[3])).date()
    highs = dict(zip(answer["daily"]["time"], answer["daily"]["temperature_2m_max"]))
    high, next_high = highs[today.isoformat()], highs[(today + timedelta(days=1)).isoformat()]
    print(json.dumps({
        "change_celsius": round(next_high - high, 2),
        "metric": words(high, next_high, "C", "°C"),
        "imperial": words(high, next_high, "F", "°F"),
    }))


if __name__ == "__main__":
    main()
