#!/usr/bin/env python3
"""What `compare` should show for each place of compare-extremes-hand-edited.json at NOW: the
temperature now (°C, one decimal), today's low … high at the place's clock (the daily values of
the answer's day holding NOW), today's chance (%) and the wind now (km/h, whole, and its
16-point compass name, as `help show` words it).

  argv: NOW (ISO 8601 UTC)

Prints a JSON list, one object a place in the answer's order: {"now", "today", "rain", "wind"}.
"""
import json
import sys
from datetime import datetime, timedelta
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ left in Fixtures/
HERE = Path(__file__).resolve().parent
POINTS = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]


def main():
    now = datetime.fromisoformat(sys.argv[1].replace("Z", "+00:00"))
    rows = []
    for place in json.loads((HERE / "compare-extremes-hand-edited.json").read_text()):
        local = (now + timedelta(seconds=place["utc_offset_seconds"])).date().isoformat()
        daily = place["daily"]
        day = daily["time"].index(local)
        current = place["current"]
        speed = round(current["wind_speed_10m"])
        point = POINTS[int((current["wind_direction_10m"] % 360) / 22.5 + 0.5) % 16]
        rows.append({
            "now": "%.1f" % current["temperature_2m"],
            "today": "%.1f … %.1f" % (daily["temperature_2m_min"][day], daily["temperature_2m_max"][day]),
            "rain": "%d %%" % daily["precipitation_probability_max"][day],
            "wind": "%d km/h %s" % (speed, point),
        })
    print(json.dumps(rows, ensure_ascii=False))


if __name__ == "__main__":
    main()
