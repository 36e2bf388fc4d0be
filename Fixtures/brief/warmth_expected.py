#!/usr/bin/env python3
"""What `wx brief` should say of tomorrow's high against today's for an Open-Meteo answer
(daily `time` as dates, the place's calendar given) at an instant, in metric and imperial,
computed here with code of its own by the rule `help brief` states: tomorrow is "N °C warmer"
or "cooler" than today when its high differs by 1 °C or more, N the difference in the unit
shown rounded to whole degrees (half up); "about as warm" only under 1 °C.

  argv: FILE (relative to Fixtures/) NOW (ISO 8601 UTC) ZONE (tz database name)

Prints one JSON object: {"change_celsius", "metric", "imperial"} — the last two the words
between "Tomorrow " and ", high".
"""
import json
import math
import sys
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

FIXTURES = Path(__file__).resolve().parent.parent
STEP = 1.0


def words(change_celsius, per_degree, symbol):
    if abs(change_celsius) < STEP - 1e-9:
        return "about as warm as today"
    size = math.floor(abs(change_celsius * per_degree) + 0.5)
    return f"{size} {symbol} {'warmer' if change_celsius > 0 else 'cooler'} than today"


def main():
    answer = json.loads((FIXTURES / sys.argv[1]).read_text())
    now = datetime.fromisoformat(sys.argv[2].replace("Z", "+00:00"))
    today = now.astimezone(ZoneInfo(sys.argv[3])).date()
    highs = dict(zip(answer["daily"]["time"], answer["daily"]["temperature_2m_max"]))
    change = highs[(today + timedelta(days=1)).isoformat()] - highs[today.isoformat()]
    print(json.dumps({
        "change_celsius": round(change, 2),
        "metric": words(change, 1.0, "°C"),
        "imperial": words(change, 1.8, "°F"),
    }))


if __name__ == "__main__":
    main()
