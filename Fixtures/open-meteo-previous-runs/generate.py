#!/usr/bin/env python3
"""Writes the Previous Runs fixtures in this folder, deterministically. Hand-written: no public
recording of an answer of Open-Meteo's Previous Runs API was found (see Fixtures/SOURCES.md).

The shape follows open-meteo.com/en/docs/previous-runs-api and the forecast API it mirrors:
latitude, longitude, generationtime_ms, utc_offset_seconds, timezone, timezone_abbreviation,
elevation, hourly_units and a column-wise `hourly` block whose `time` is Unix seconds
(timeformat=unixtime) starting at local midnight (timezone=auto). Each variable at lead N is
`<name>_previous_dayN`, the plain name at lead 0. Alignment, as the documentation states it: the
value at hour H of `_previous_dayN` is what the run of N days (N x 24 h) before H predicted for
H — every column is indexed by the valid hour, nothing is shifted.

Files (Hamburg, 53.54 / 10.0, Europe/Berlin, CEST = UTC+2):

- hamburg-skill-2025-06-11-to-08-10.json: leads 1..7, 60 days and the day after (whose 00:00 ends
  the last day's precipitation). What happened is the archive
  recording ../open-meteo-archive/hamburg-daily-2025-07-20-to-08-09-hand-written.json; each
  lead's day is that day's observed high/low plus an error that grows with the lead, as a
  diurnal curve (low at 05:00, high at 15:00 local). Quirks:
    * lead 5 is null until 2025-07-20 10:00 local (nulls at the start of the range: a series
      that begins late), so 2025-07-20 is not a whole day for it;
    * lead 7 repeats lead 6 hour for hour (the GFS-beyond-day-6 quirk, open-meteo issue 1335).
- hamburg-drift-2025-08-14-to-16.json: leads 0..7 for `drift tomorrow` asked on 2025-08-14;
  lead 0 is the current run (as the live forecast API) and has every hour.
- hamburg-drift-2025-08-15-to-17.json: for `drift sat` (2025-08-16) asked on 2025-08-14; lead 1
  null on 2025-08-16 and after (no run made on 2025-08-15 exists yet; the service leaves those
  hours empty), lead 0 the current run; lead 7 repeats lead 6.

Run: python3 Fixtures/open-meteo-previous-runs/generate.py
"""
import datetime
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ARCHIVE = os.path.join(HERE, "..", "open-meteo-archive", "hamburg-daily-2025-07-20-to-08-09-hand-written.json")
OFFSET = 7200  # CEST all summer


def lcg(seed):
    state = seed
    while True:
        state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        yield (state >> 33) / float(1 << 31)


def days(first, last):
    day = first
    while day <= last:
        yield day
        day += datetime.timedelta(days=1)


def curve(low, high):
    """24 hourly temperatures: low at 05:00, high at 15:00, linear between; 0.1 steps."""
    values = []
    for hour in range(24):
        if 5 <= hour <= 15:
            share = (hour - 5) / 10
        elif hour > 15:
            share = 1 - (hour - 15) / 14
        else:
            share = 1 - (hour + 9) / 14
        values.append(round(low + (high - low) * share, 1))
    values[5], values[15] = round(low, 1), round(high, 1)
    return values


def rain(total):
    """24 hourly amounts summing to `total` (0.1 steps), falling 13:00–18:00."""
    values = [0.0] * 24
    tenths = int(round(total * 10))
    for index in range(6):
        values[13 + index] = (tenths // 6 + (1 if index < tenths % 6 else 0)) / 10
    return values


def head(hourly_names):
    units = {"time": "unixtime"}
    for name in hourly_names:
        units[name] = "°C" if name.startswith("temperature") else "mm"
    return {
        "latitude": 53.54,
        "longitude": 10.0,
        "generationtime_ms": 2.345,
        "utc_offset_seconds": OFFSET,
        "timezone": "Europe/Berlin",
        "timezone_abbreviation": "GMT+2",
        "elevation": 14.0,
        "hourly_units": units,
    }


def name(variable, lead):
    return variable if lead == 0 else f"{variable}_previous_day{lead}"


def answer(first, last, leads, day_values, null_from=None):
    """`day_values(day, lead)` -> (low, high, precipitation) or None for a null day;
    `null_from(lead)` -> the first local datetime that is null for that lead (or None)."""
    names = [name("temperature_2m", lead) for lead in leads] + [name("precipitation", lead) for lead in leads]
    body = head(names)
    hourly = {"time": []}
    for key in names:
        hourly[key] = []
    for day in days(first, last):
        midnight = datetime.datetime(day.year, day.month, day.day, tzinfo=datetime.timezone.utc)
        start = int(midnight.timestamp()) - OFFSET
        hourly["time"] += [start + 3600 * hour for hour in range(24)]
        for lead in leads:
            values = day_values(day, lead)
            temperatures = curve(values[0], values[1]) if values else [None] * 24
            amounts = rain(values[2]) if values else [None] * 24
            cut = null_from(lead) if null_from else None
            for hour in range(24):
                local = datetime.datetime(day.year, day.month, day.day, hour)
                if cut is not None and ((cut[0] == "before" and local < cut[1]) or (cut[0] == "from" and local >= cut[1])):
                    temperatures[hour] = None
                    amounts[hour] = None
            hourly[name("temperature_2m", lead)] += temperatures
            hourly[name("precipitation", lead)] += amounts
    body["hourly"] = hourly
    return body


def write(file, body):
    with open(os.path.join(HERE, file), "w", encoding="utf-8") as out:
        json.dump(body, out, ensure_ascii=False, separators=(",", ":"))
        out.write("\n")


def skill():
    with open(ARCHIVE, encoding="utf-8") as f:
        archive = json.load(f)["daily"]
    observed = {}
    for index, text in enumerate(archive["time"]):
        observed[datetime.date.fromisoformat(text)] = (
            archive["temperature_2m_min"][index],
            archive["temperature_2m_max"][index],
            archive["precipitation_sum"][index],
        )
    noise = lcg(2025)
    errors = {}
    for day in days(datetime.date(2025, 6, 11), datetime.date(2025, 8, 10)):
        for lead in range(1, 7):
            spread = 0.4 + 0.35 * lead
            errors[(day, lead)] = (
                round((next(noise) * 2 - 1) * spread + 0.1 * lead, 1),
                round((next(noise) * 2 - 1) * spread - 0.05 * lead, 1),
                next(noise),
            )

    def values(day, lead):
        lead = min(lead, 6)  # lead 7 repeats lead 6
        low, high, precipitation = observed.get(day, (None, None, None))
        if low is None:
            low, high, precipitation = 14.0, 22.0, 0.5
        high_error, low_error, wet = errors[(day, lead)]
        # Rain: the amount scaled, and now and then a dry day called wet or a wet one dry.
        amount = round(precipitation * (0.5 + wet), 1)
        if wet > 1 - 0.06 * lead:
            amount = 0.0 if precipitation >= 1 else 2.4
        return (low + low_error, high + high_error, amount)

    def null_from(lead):
        return ("before", datetime.datetime(2025, 7, 20, 10)) if lead == 5 else None

    write(
        "hamburg-skill-2025-06-11-to-08-10.json",
        # To 2025-08-10: its 00:00 ends 2025-08-09's last hour of precipitation.
        answer(datetime.date(2025, 6, 11), datetime.date(2025, 8, 10), range(1, 8), values, null_from),
    )


def drift():
    tomorrow = {  # lead: (low, high, precipitation) for Fri 2025-08-15
        7: (17.0, 29.4, 0.0), 6: (16.8, 28.8, 0.0), 5: (16.1, 27.9, 0.4), 4: (15.5, 26.1, 1.2),
        3: (15.0, 25.0, 2.5), 2: (14.6, 24.2, 4.0), 1: (14.2, 23.3, 6.2), 0: (14.0, 23.0, 6.5),
    }

    def values_tomorrow(day, lead):
        low, high, precipitation = tomorrow[lead]
        shift = (day - datetime.date(2025, 8, 15)).days
        return (low + shift * 0.5, high + shift * 0.7, precipitation)

    write(
        "hamburg-drift-2025-08-14-to-16.json",
        answer(
            datetime.date(2025, 8, 14), datetime.date(2025, 8, 16), range(0, 8), values_tomorrow,
            None,
        ),
    )
    saturday = {  # for Sat 2025-08-16
        7: (13.0, 21.0, 3.1), 6: (13.0, 21.0, 3.1), 5: (13.5, 22.4, 2.0), 4: (14.1, 23.0, 1.1),
        3: (14.4, 24.1, 0.3), 2: (14.9, 24.6, 0.0), 1: (15.0, 25.0, 0.0), 0: (15.0, 25.0, 0.0),
    }

    def values_saturday(day, lead):
        low, high, precipitation = saturday[lead]
        shift = (day - datetime.date(2025, 8, 16)).days
        return (low + shift * 0.3, high + shift * 0.4, precipitation)

    write(
        "hamburg-drift-2025-08-15-to-17.json",
        answer(
            datetime.date(2025, 8, 15), datetime.date(2025, 8, 17), range(0, 8), values_saturday,
            # No run made on Fri 15 Aug exists on Thu 14 Aug: the service leaves lead 1 empty.
            lambda lead: ("from", datetime.datetime(2025, 8, 16, 0)) if lead == 1 else None,
        ),
    )


if __name__ == "__main__":
    skill()
    drift()
