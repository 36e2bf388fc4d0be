"""The label under the first column of a chart of one or two hours, without wx's code.

A chart's first column is the first hour after now (the current hour's instant is not shown),
labelled with its hour at the place's clock, two digits on the 24-hour clock. Cases: `hourly
1|2` of the demo's Delhi (recorded 2024-03-18T03:00:00Z, the answer at +05:30) and `plume temp
1|2` of Berlin's ensemble answer at 2025-07-27T07:10:00Z — an answer in GMT, which wx shows at
the zone nearest the place, Europe/Berlin (README: "time zone guessed"). None of those hours is
at a 6-hour mark, so before the fix their axis had no time at all.

Run: python3 Fixtures/cases/short_chart_axis_expected.py
"""
import datetime
import json
import os
import zoneinfo

FIXTURES = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
UTC = datetime.timezone.utc


def first_label(path, now, zone=None):
    with open(os.path.join(FIXTURES, path), encoding="utf-8") as f:
        answer = json.load(f)
    offset = datetime.timedelta(seconds=answer["utc_offset_seconds"])
    times = []
    for t in answer["hourly"]["time"]:
        if isinstance(t, int):
            times.append(datetime.datetime.fromtimestamp(t, UTC))
        else:
            times.append(datetime.datetime.fromisoformat(t).replace(tzinfo=UTC) - offset)
    first = next(t for t in times if t > now)
    local = first.astimezone(zoneinfo.ZoneInfo(zone)) if zone else first + offset
    return {"label": f"{local.hour:02d}", "on_mark": local.hour % 6 == 0}


print(json.dumps({
    "hourly_delhi": first_label(
        "open-meteo-forecast/delhi-ist-0530-current-hourly24-daily7.json",
        datetime.datetime(2024, 3, 18, 3, 0, tzinfo=UTC)),
    "plume_berlin": first_label(
        "open-meteo-ensemble/berlin-ecmwf-ifs025-51-members-hand-written-from-forecast.json",
        datetime.datetime(2025, 7, 27, 7, 10, tzinfo=UTC), "Europe/Berlin"),
}))
