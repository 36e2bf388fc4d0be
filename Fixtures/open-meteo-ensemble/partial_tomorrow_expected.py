#!/usr/bin/env python3
"""Tomorrow covered only in part by an ensemble answer, without wx's code (trial 59 finding 1).

For each case (an answer, the clock the test runs at, the place's zone): the place's today and
tomorrow; the hours of tomorrow the answer holds (each amount covers the hour before its time,
so the day's hours are those ending 01:00 … 24:00) and how many the day has; the end of the last
hour held at the place's clock; and, over the hours held, the members with a value in every one
of them and those among them adding up to 1 mm or more (sums in hundredths, as wx adds the
service's decimals). The rest of today (hours ending after the next whole hour) is counted too,
and whether the hours held already reach `brief`'s "likely" (65 % of the members).

Prints one JSON object: {case: {...}}.

Run: python3 Fixtures/open-meteo-ensemble/partial_tomorrow_expected.py
"""
import datetime
import json
import os
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
UTC = datetime.timezone.utc
CASES = {
    "paris": (
        "paris-ecmwf-ifs025-51-members-all-variables-dst-hand-written.json",
        datetime.datetime(2026, 10, 29, 16, 0, tzinfo=UTC),
        "Europe/Paris",
    ),
    "new_york": (
        "new-york-gfs025-31-members-hand-written.json",
        datetime.datetime(2026, 12, 1, 15, 0, tzinfo=UTC),
        "America/New_York",
    ),
    # Late in the evening (23:30 at the place: no hour of today left), as `brief` and `chance`
    # are run on them (BriefPartTomorrowEndToEndTests).
    "paris_late": (
        "paris-ecmwf-ifs025-51-members-all-variables-dst-hand-written.json",
        datetime.datetime(2026, 10, 29, 22, 30, tzinfo=UTC),
        "Europe/Paris",
    ),
    "new_york_wet_late": (
        "new-york-gfs025-31-members-wet-wednesday-hand-edited.json",
        datetime.datetime(2026, 12, 2, 4, 30, tzinfo=UTC),
        "America/New_York",
    ),
}
# `brief`'s "likely": this share of the members or more, percent (BriefRules.likelyPercent).
LIKELY_PERCENT = 65


def count(hourly, times, indices):
    keys = ["precipitation"] + sorted(k for k in hourly if k.startswith("precipitation_member"))
    sums = []
    for key in keys:
        series = hourly[key]
        if any(v is not None for v in series) and all(i < len(series) and series[i] is not None for i in indices):
            sums.append(sum(round(series[i] * 100) for i in indices) / 100)
    return sum(1 for s in sums if s >= 1.0), len(sums)


def case(name, now, zone_name):
    zone = ZoneInfo(zone_name)
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        hourly = json.load(f)["hourly"]
    times = [datetime.datetime.fromtimestamp(t, UTC) for t in hourly["time"]]
    start = now.replace(minute=0, second=0, microsecond=0)
    if start < now:
        start += datetime.timedelta(hours=1)
    today = now.astimezone(zone).date()
    tomorrow = today + datetime.timedelta(days=1)
    hour = datetime.timedelta(hours=1)

    def held(date):
        return [i for i, t in enumerate(times) if t - hour >= start and (t - hour).astimezone(zone).date() == date]

    covered = held(tomorrow)
    midnight = datetime.datetime.combine(tomorrow, datetime.time(0), zone).astimezone(UTC)
    next_midnight = datetime.datetime.combine(tomorrow + datetime.timedelta(days=1), datetime.time(0), zone).astimezone(UTC)
    wet, of = count(hourly, times, covered)
    rest_wet, rest_of = count(hourly, times, held(today))
    end = times[covered[-1]].astimezone(zone)
    return {
        "today": today.isoformat(),
        "tomorrow": tomorrow.isoformat(),
        "hours_covered": len(covered),
        "hours_in_day": int((next_midnight - midnight) / hour),
        "end": end.strftime("%H:%M"),
        "end_utc": times[covered[-1]].strftime("%Y-%m-%dT%H:%M:%SZ"),
        "wet": wet,
        "of": of,
        "percent": wet * 100 / of,
        "likely": wet * 100 / of >= LIKELY_PERCENT,
        "rest_of_today_wet": rest_wet,
        "rest_of_today_of": rest_of,
    }


if __name__ == "__main__":
    print(json.dumps({key: case(*value) for key, value in CASES.items()}, indent=1))
