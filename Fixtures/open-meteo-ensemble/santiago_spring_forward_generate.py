#!/usr/bin/env python3
"""Writes santiago-ecmwf-ifs025-spring-forward-hand-written.json: an Ensemble API answer (the
shape of ../open-meteo-ensemble's other hand-written bodies, `timeformat=unixtime`) at Santiago
de Chile (-33.45,-70.66, America/Santiago) over its spring-forward night: at the end of Sat 05
Sep 2026 the clocks go from 23:59:59 UTC-04:00 to 01:00 UTC-03:00, so Sunday has no 00:00 (and
23 hours), and Saturday ends at Sun 06 Sep 01:00 UTC-03:00 (04:00 UTC).

The control run and 10 members (11 in all), from Fri 04 Sep 00:00 UTC-04:00 (04:00 UTC) for 72
hours: temperature 10 °C throughout; precipitation (the sum of the hour before each time) 0.5 mm
in every hour of Saturday, from the value at Sat 01:00 UTC-04:00 to the one at Sun 01:00
UTC-03:00 (the hour before Saturday's end), 0 elsewhere — so `chance rain>=0.1` finds every
member wet in every hour of Saturday, one busy span from its start to its end.

Run: python3 santiago_spring_forward_generate.py
"""
import datetime
import json
import os
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
ZONE = ZoneInfo("America/Santiago")
SATURDAY = datetime.date(2026, 9, 5)


def main():
    start = int(datetime.datetime(2026, 9, 4, 4, 0, tzinfo=datetime.timezone.utc).timestamp())
    times = [start + 3600 * i for i in range(72)]

    def wet(time):
        # The hour before `time` lies in Saturday at Santiago's clock.
        covered = datetime.datetime.fromtimestamp(time - 3600, ZONE)
        return covered.date() == SATURDAY

    hourly = {"time": times}
    units = {"time": "unixtime"}
    for member in range(11):
        suffix = "" if member == 0 else "_member%02d" % member
        hourly["temperature_2m" + suffix] = [10.0] * len(times)
        units["temperature_2m" + suffix] = "°C"
        hourly["precipitation" + suffix] = [0.5 if wet(t) else 0.0 for t in times]
        units["precipitation" + suffix] = "mm"
    body = {
        "latitude": -33.45, "longitude": -70.66, "generationtime_ms": 1.0, "utc_offset_seconds": -14400,
        "timezone": "America/Santiago", "timezone_abbreviation": "GMT-4", "elevation": 570.0,
        "hourly_units": units, "hourly": hourly,
    }
    with open(os.path.join(HERE, "santiago-ecmwf-ifs025-spring-forward-hand-written.json"), "w") as f:
        json.dump(body, f, ensure_ascii=False, separators=(",", ":"))


if __name__ == "__main__":
    main()
