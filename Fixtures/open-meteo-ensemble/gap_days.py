#!/usr/bin/env python3
"""Ensemble answers with a gap, and their counts, without wx's code (trial 60, findings 2, 6 and 8).

Each case edits the Paris ensemble answer (paris-ecmwf-ifs025-51-members-all-variables-dst-
hand-written.json) as the trial did:

  sat_null_rain    precipitation* null at 1792843200 (Sat 24 Oct 14:00 CEST) in every member
  mon_null_temp    temperature_2m* null at 1793016000 (Mon 26 Oct 13:00 CET) in every member
  fri_null_rain    precipitation* null at 1792778400 (Fri 23 Oct 20:00 CEST) in every member
  sat_missing_time 1792821600 (Sat 24 Oct 07:00 CEST) deleted from `time` and every array
  all_null_rain    every precipitation* value null, its unit "undefined" (case OM-1)
  all_null_temp    every temperature_2m* value null, its unit "undefined"

  gap_days.py body CASE    prints the edited answer (the body the tests queue)
  gap_days.py expected     prints {case: {now, today: {...}, tomorrow: {...}}} as JSON

For each case the place's today (from the next whole hour) and tomorrow are counted as the
man page says: the day's hours from the first that counts, an amount covering the hour before
its time, a temperature an instant. An hour is covered when some member has a value for it (a
time missing from `time` has none). Over the hours covered: the members with a value in every
one of them, and among them those adding up to 1 mm or more (sums in hundredths, as wx adds the
service's decimals) or with an instant below 0 °C. `gaps` are the missing hours before the last
covered one ("13:00–14:00" for an amount, "13:00" for an instant); `whole` is true when no hour is
missing.

Run: python3 Fixtures/open-meteo-ensemble/gap_days.py expected
"""
import datetime
import json
import os
import sys
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "paris-ecmwf-ifs025-51-members-all-variables-dst-hand-written.json")
UTC = datetime.timezone.utc
PARIS = ZoneInfo("Europe/Paris")
HOUR = datetime.timedelta(hours=1)

# case: (edit, the clock the tests run at)
CASES = {
    "sat_null_rain": (("null", "precipitation", 1792843200), "2026-10-23T05:10:00Z"),
    "mon_null_temp": (("null", "temperature_2m", 1793016000), "2026-10-25T10:00:00Z"),
    "fri_null_rain": (("null", "precipitation", 1792778400), "2026-10-23T05:10:00Z"),
    "sat_missing_time": (("delete", None, 1792821600), "2026-10-23T05:10:00Z"),
    "all_null_rain": (("all_null", "precipitation", None), "2026-10-23T05:10:00Z"),
    "all_null_temp": (("all_null", "temperature_2m", None), "2026-10-23T05:10:00Z"),
}


def members_of(hourly, prefix):
    return [k for k in hourly if k == prefix or k.startswith(prefix + "_member")]


def body(name):
    with open(SOURCE, encoding="utf-8") as f:
        answer = json.load(f)
    (kind, prefix, time), _ = CASES[name]
    hourly = answer["hourly"]
    if kind == "null":
        i = hourly["time"].index(time)
        for key in members_of(hourly, prefix):
            hourly[key][i] = None
    elif kind == "delete":
        i = hourly["time"].index(time)
        for key in hourly:
            del hourly[key][i]
    else:
        for key in members_of(hourly, prefix):
            hourly[key] = [None] * len(hourly[key])
            answer["hourly_units"][key] = "undefined"
    return answer


def count(hourly, prefix, date, start):
    times = [datetime.datetime.fromtimestamp(t, UTC) for t in hourly["time"]]
    position = {t: i for i, t in enumerate(times)}
    keys = [k for k in members_of(hourly, prefix) if any(v is not None for v in hourly[k])]
    amount = prefix == "precipitation"
    shift = HOUR if amount else datetime.timedelta(0)
    hour = start
    while hour.astimezone(PARIS).date() < date:
        hour += HOUR
    expected, covered, missing = 0, [], []
    while hour.astimezone(PARIS).date() == date:
        expected += 1
        i = position.get(hour + shift)
        if i is not None and any(hourly[k][i] is not None for k in keys):
            covered.append(i)
        else:
            missing.append(hour)
        hour += HOUR
    values = [[hourly[k][i] for i in covered] for k in keys]
    values = [v for v in values if all(x is not None for x in v)]
    if amount:
        hits = sum(1 for v in values if sum(round(x * 100) for x in v) / 100 >= 1.0)
    else:
        hits = sum(1 for v in values if min(v) < 0)
    last_start = times[covered[-1]] - shift if covered else None
    gaps = []
    for h in missing:
        if last_start is None or h >= last_start:
            continue
        local = h.astimezone(PARIS)
        gaps.append(
            f"{local:%H:%M}–{(h + HOUR).astimezone(PARIS):%H:%M}" if amount else f"{local:%H:%M}")
    return {
        "whole": not missing,
        "hours_covered": len(covered),
        "hours_in_day": expected,
        "gaps": gaps,
        "members": hits,
        "of": len(values),
        "percent": hits * 100 / len(values) if values else None,
    }


def expected():
    result = {}
    for name, ((kind, prefix, _), now_text) in CASES.items():
        hourly = body(name)["hourly"]
        now = datetime.datetime.fromisoformat(now_text.replace("Z", "+00:00"))
        start = now.replace(minute=0, second=0, microsecond=0)
        if start < now:
            start += HOUR
        today = now.astimezone(PARIS).date()
        tomorrow = today + datetime.timedelta(days=1)
        variables = ["precipitation", "temperature_2m"]
        result[name] = {"now": now_text} | {
            f"{label}_{'rain' if v == 'precipitation' else 'frost'}": count(hourly, v, date, start)
            for label, date in (("today", today), ("tomorrow", tomorrow))
            for v in variables
        }
    return result


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "body":
        json.dump(body(sys.argv[2]), sys.stdout, separators=(",", ":"))
    else:
        print(json.dumps(expected(), indent=1, ensure_ascii=False))
