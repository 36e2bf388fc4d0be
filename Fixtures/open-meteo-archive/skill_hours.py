#!/usr/bin/env python3
"""Writes the archive answers `skill` asks (daily high and low, hourly precipitation), from the
hand-written daily answers beside them, deterministically.

`skill` compares a run's day with what happened, both summed over the hours that END within the
day (Open-Meteo's `precipitation` is the preceding hour's sum: the hours labelled 01:00 … 23:00
and the next day's 00:00). The archive's own daily `precipitation_sum` adds the hours labelled
00:00–23:00 instead, so wx asks the archive's hours and sums them the same way.

Each day's hourly values here add up, over the hours labelled 00:00–23:00, to that day's
`precipitation_sum` in the daily answer (as the service computes it); on every third wet day a
third of it falls in the hour labelled 00:00 — rain between 23:00 and midnight, which belongs to
the day before — so the two ways of summing differ on those days. A day without data in the
daily answer (the archive's lag) has null hours.

Files written (the request: start_date .. end_date + 1 day, daily=temperature_2m_max,
temperature_2m_min, hourly=precipitation, timezone=auto, timeformat=unixtime):
- hamburg-2025-07-20-to-08-10-daily-max-min-hourly-precipitation-hand-written.json
- berlin-2025-06-23-to-07-23-daily-max-min-hourly-precipitation-hand-written.json

Run: python3 Fixtures/open-meteo-archive/skill_hours.py
"""
import datetime
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def hours_of(total, wet_index):
    """24 amounts (labels 00:00..23:00) summing to `total` in 0.1 steps."""
    values = [0.0] * 24
    tenths = int(round(total * 10))
    if tenths > 0 and wet_index % 3 == 0:
        midnight = max(1, tenths // 3)
        values[0] = midnight / 10
        tenths -= midnight
    for index in range(4):
        values[14 + index] = round(values[14 + index] + (tenths // 4 + (1 if index < tenths % 4 else 0)) / 10, 1)
    return values


def write(source, target, first, last):
    with open(os.path.join(HERE, source), encoding="utf-8") as f:
        body = json.load(f)
    daily = body["daily"]
    unix = body["daily_units"]["time"] == "unixtime"
    offset = body["utc_offset_seconds"]

    def date_of(value):
        if unix:
            return datetime.datetime.fromtimestamp(value + offset, datetime.timezone.utc).date()
        return datetime.date.fromisoformat(value)

    by_date = {date_of(t): i for i, t in enumerate(daily["time"])}
    out_daily = {"time": [], "temperature_2m_max": [], "temperature_2m_min": []}
    hourly = {"time": [], "precipitation": []}
    day = first
    wet_index = 0
    while day <= last:
        i = by_date.get(day)
        midnight = int(datetime.datetime(day.year, day.month, day.day, tzinfo=datetime.timezone.utc).timestamp())
        out_daily["time"].append(midnight - offset if unix else day.isoformat())
        high = daily["temperature_2m_max"][i] if i is not None else None
        low = daily["temperature_2m_min"][i] if i is not None else None
        total = daily["precipitation_sum"][i] if i is not None else None
        out_daily["temperature_2m_max"].append(high)
        out_daily["temperature_2m_min"].append(low)
        hourly["time"] += [midnight - offset + 3600 * h for h in range(24)]
        if total is None:
            hourly["precipitation"] += [None] * 24
        else:
            if total > 0:
                wet_index += 1
            hourly["precipitation"] += hours_of(total, wet_index if total > 0 else 1)
        day += datetime.timedelta(days=1)
    result = {key: body[key] for key in ("latitude", "longitude", "generationtime_ms", "utc_offset_seconds",
                                         "timezone", "timezone_abbreviation", "elevation")}
    result["daily_units"] = {"time": "unixtime" if unix else "iso8601", "temperature_2m_max": "°C",
                             "temperature_2m_min": "°C"}
    result["daily"] = out_daily
    result["hourly_units"] = {"time": "unixtime", "precipitation": "mm"}
    result["hourly"] = hourly
    with open(os.path.join(HERE, target), "w", encoding="utf-8") as out:
        json.dump(result, out, ensure_ascii=False, separators=(",", ":"))
        out.write("\n")


if __name__ == "__main__":
    write("hamburg-daily-2025-07-20-to-08-09-hand-written.json",
          "hamburg-2025-07-20-to-08-10-daily-max-min-hourly-precipitation-hand-written.json",
          datetime.date(2025, 7, 20), datetime.date(2025, 8, 10))
    write("berlin-daily-2025-06-23-to-07-26-hand-written.json",
          "berlin-2025-06-23-to-07-23-daily-max-min-hourly-precipitation-hand-written.json",
          datetime.date(2025, 6, 23), datetime.date(2025, 7, 23))
