#!/usr/bin/env python3
"""The rain "this hour" `show`, `line` and `--json show` should give, without wx's code.

Open-Meteo's hourly `precipitation` (and `rain`, `showers`, `snowfall`,
`precipitation_probability`) covers the *preceding* hour (open-meteo.com/en/docs, the variable
tables; /work/shared/DESIGN.md): the value labelled 07:00 is the rain of 06:00–07:00. So the
hour in progress at `now` is covered by the first label strictly after `now` (within an hour of
it), while an instant (temperature) is the last label at or before `now`.

Run: python3 Fixtures/open-meteo-forecast/this_hour_expected.py
"""
import datetime
import json
import os
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.dirname(HERE)
UTC = datetime.timezone.utc


def labels(hourly, offset):
    """Each label as a UTC instant: unixtime, or local ISO text at the answer's offset."""
    for label in hourly["time"]:
        if isinstance(label, int):
            yield datetime.datetime.fromtimestamp(label, UTC)
        else:
            local = datetime.datetime.fromisoformat(label)
            yield (local - datetime.timedelta(seconds=offset)).replace(tzinfo=UTC)


def this_hour(path, now, zone):
    with open(os.path.join(FIXTURES, path), encoding="utf-8") as f:
        answer = json.load(f)
    hourly = answer["hourly"]
    times = list(labels(hourly, answer["utc_offset_seconds"]))
    index = next(i for i, t in enumerate(times) if t > now and t - now <= datetime.timedelta(hours=1))
    start, end = times[index] - datetime.timedelta(hours=1), times[index]
    amount = hourly["precipitation"][index]
    chance = (hourly.get("precipitation_probability") or [None] * len(times))[index]
    local = lambda t: t.astimezone(ZoneInfo(zone)).strftime("%H:%M")
    print(f"{path} at {now:%Y-%m-%dT%H:%M}Z: {amount:.1f} mm, chance {chance},"
          f" {local(start)}–{local(end)} local, from {start:%Y-%m-%dT%H:%M:%S}Z to {end:%Y-%m-%dT%H:%M:%S}Z")


this_hour("open-meteo-forecast/paris-7d-hourly-hand-written-beside-the-ensemble.json",
          datetime.datetime(2026, 10, 24, 4, 30, tzinfo=UTC), "Europe/Paris")
this_hour("cases/om-all-null-probability.json", datetime.datetime(2025, 12, 17, 23, 30, tzinfo=UTC), "Europe/Berlin")
