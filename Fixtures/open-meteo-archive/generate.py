#!/usr/bin/env python3
"""Writes the archive fixtures in this folder, deterministically (no randomness from the clock).

No recorded answer of Open-Meteo's Historical Weather API (/v1/archive) was found in public code
(see Fixtures/SOURCES.md), so these bodies are written in the documented shape of the archive
and forecast answers (open-meteo.com/en/docs/historical-weather-api): latitude, longitude,
generationtime_ms, utc_offset_seconds, timezone, timezone_abbreviation, elevation, *_units and
column-wise hourly/daily arrays, with timeformat=unixtime where wx asks for it. The values are
plausible for Hamburg, not measurements.

Run from anywhere: python3 Fixtures/open-meteo-archive/generate.py (rewrites every file here and
Fixtures/open-meteo-forecast/hamburg-past-2025-07-26-start-end-date.json).
"""
import datetime
import json
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
FORECAST = os.path.join(HERE, "..", "open-meteo-forecast")
BERLIN_SUMMER = 7200  # Europe/Berlin in July (CEST)


def lcg(seed):
    """A tiny linear congruential generator: the same numbers on every machine."""
    state = seed
    while True:
        state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        yield (state >> 33) / float(1 << 31)


def head(offset, abbreviation, elevation=14.0):
    return {
        "latitude": 53.54,
        "longitude": 10.0,
        "generationtime_ms": 1.234,
        "utc_offset_seconds": offset,
        "timezone": "Europe/Berlin",
        "timezone_abbreviation": abbreviation,
        "elevation": elevation,
    }


DAILY_UNITS = {
    "time": "unixtime", "weather_code": "wmo code", "temperature_2m_max": "°C", "temperature_2m_min": "°C",
    "temperature_2m_mean": "°C", "precipitation_sum": "mm", "wind_speed_10m_max": "km/h",
    "sunshine_duration": "s",
}
HOURLY_UNITS = {
    "time": "unixtime", "temperature_2m": "°C", "apparent_temperature": "°C", "relative_humidity_2m": "%",
    "precipitation": "mm", "weather_code": "wmo code", "wind_speed_10m": "km/h", "wind_direction_10m": "°",
    "is_day": "",
}


def midnight(date, offset):
    return int(datetime.datetime(date.year, date.month, date.day, tzinfo=datetime.timezone.utc).timestamp()) - offset


class Day:
    """What makes a written day its own: the mean of its temperature curve and the curve's swing
    (°C), its hours of sunshine, the local hours it may rain in, how wet those hours are (an hour
    gets max(0, r * wetness - 1.4) mm for r in 0…1), and the hours that are overcast."""

    def __init__(self, mean=17.5, swing=5.0, sunshine_hours=6.2, wet_hours=(13, 17), wetness=2.0,
                 overcast_hours=(10, 18)):
        self.mean, self.swing, self.sunshine_hours = mean, swing, sunshine_hours
        self.wet_hours, self.wetness, self.overcast_hours = wet_hours, wetness, overcast_hours


def one_day(date, seed, end_hour=24, day=None):
    """A summer day's hours; from end_hour on every value is null (where the data stops)."""
    day = day or Day()
    rand = lcg(seed)
    start = midnight(date, BERLIN_SUMMER)
    hourly = {key: [] for key in HOURLY_UNITS}
    for hour in range(24):
        hourly["time"].append(start + hour * 3600)
        if hour >= end_hour:
            for key in HOURLY_UNITS:
                if key != "time":
                    hourly[key].append(None)
            continue
        temperature = round(day.mean + day.swing * math.sin((hour - 9) / 24 * 2 * math.pi) + next(rand) - 0.5, 1)
        wet = day.wet_hours[0] <= hour <= day.wet_hours[1]
        rain = round(max(0.0, next(rand) * day.wetness - 1.4), 1) if wet else 0.0
        hourly["temperature_2m"].append(temperature)
        hourly["apparent_temperature"].append(round(temperature - 1.2, 1))
        hourly["relative_humidity_2m"].append(int(70 + 20 * next(rand)))
        hourly["precipitation"].append(rain)
        overcast = day.overcast_hours[0] <= hour <= day.overcast_hours[1]
        hourly["weather_code"].append(61 if rain >= 0.5 else 51 if rain > 0 else 3 if overcast else 1)
        hourly["wind_speed_10m"].append(round(8 + 10 * next(rand), 1))
        hourly["wind_direction_10m"].append(int(200 + 80 * next(rand)))
        # Hamburg in July: the sun is up from about 05:10 to 21:40 local time.
        hourly["is_day"].append(1 if 5 <= hour <= 21 else 0)
    full = [t for t in hourly["temperature_2m"] if t is not None]
    rain = [r for r in hourly["precipitation"] if r is not None]
    daily = {
        "time": [start],
        "weather_code": [max(c for c in hourly["weather_code"] if c is not None)],
        "temperature_2m_max": [max(full)],
        "temperature_2m_min": [min(full)],
        "temperature_2m_mean": [round(sum(full) / len(full), 1)],
        "precipitation_sum": [round(sum(rain), 1)],
        "wind_speed_10m_max": [max(w for w in hourly["wind_speed_10m"] if w is not None)],
        "sunshine_duration": [round(day.sunshine_hours * 3600, 2)],
    }
    return hourly, daily


def write(path, body):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(body, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")


def single_day(name, date, seed, end_hour=24, folder=HERE, day=None):
    hourly, daily = one_day(date, seed, end_hour, day)
    body = head(BERLIN_SUMMER, "GMT+2")
    body.update({"hourly_units": HOURLY_UNITS, "hourly": hourly, "daily_units": DAILY_UNITS, "daily": daily})
    write(os.path.join(folder, name), body)


def range_of_days(name, first, count, seed):
    """Daily values only; `sunshine_duration` is null throughout (a variable the model lacks)."""
    rand = lcg(seed)
    daily = {key: [] for key in DAILY_UNITS}
    for index in range(count):
        date = first + datetime.timedelta(days=index)
        high = round(21 + 4 * next(rand), 1)
        low = round(high - 6 - 3 * next(rand), 1)
        rain = round(max(0.0, next(rand) * 8 - 3), 1)
        daily["time"].append(midnight(date, BERLIN_SUMMER))
        daily["weather_code"].append(63 if rain >= 2.5 else 61 if rain > 0 else 3)
        daily["temperature_2m_max"].append(high)
        daily["temperature_2m_min"].append(low)
        daily["temperature_2m_mean"].append(round((high + low) / 2, 1))
        daily["precipitation_sum"].append(rain)
        daily["wind_speed_10m_max"].append(round(15 + 15 * next(rand), 1))
        daily["sunshine_duration"].append(None)
    body = head(BERLIN_SUMMER, "GMT+2")
    body.update({"daily_units": DAILY_UNITS, "daily": daily})
    write(os.path.join(HERE, name), body)


def thirty_years(name, place=None, seed=1991, folder=HERE):
    """1991-01-01…2020-12-31, daily max/min/precipitation, ISO dates (as wx asks for normals):
    a seasonal cycle (coldest mid-January, warmest mid-July) plus deterministic noise, dry and
    wet days, and a few nulls. `place`: the answer's head (Hamburg's when None)."""
    rand = lcg(seed)
    daily = {"time": [], "temperature_2m_max": [], "temperature_2m_min": [], "precipitation_sum": []}
    date = datetime.date(1991, 1, 1)
    end = datetime.date(2020, 12, 31)
    index = 0
    while date <= end:
        season = -math.cos((date.timetuple().tm_yday - 15) / 365.25 * 2 * math.pi)
        high = 13.5 + 9.5 * season + (next(rand) - 0.5) * 6
        low = 5.5 + 7.0 * season + (next(rand) - 0.5) * 5
        wet = next(rand)
        rain = round((wet - 0.55) * 12, 1) if wet > 0.55 else 0.0
        daily["time"].append(date.isoformat())
        daily["temperature_2m_max"].append(None if index % 2003 == 1000 else round(high, 1))
        daily["temperature_2m_min"].append(round(min(low, high - 1), 1))
        daily["precipitation_sum"].append(None if index % 3001 == 1500 else rain)
        date += datetime.timedelta(days=1)
        index += 1
    body = dict(place) if place else head(3600, "GMT+1")
    body.update({
        "daily_units": {"time": "iso8601", "temperature_2m_max": "°C", "temperature_2m_min": "°C",
                        "precipitation_sum": "mm"},
        "daily": daily,
    })
    write(os.path.join(folder, name), body)


def main():
    single_day("hamburg-2024-07-14-hourly-daily.json", datetime.date(2024, 7, 14), 714)
    # The archive's lag: the data of 21 July 2025 stops after 13:00 local time.
    single_day("hamburg-2025-07-21-data-ends-14h.json", datetime.date(2025, 7, 21), 721, end_hour=14)
    range_of_days("hamburg-2024-07-10-to-16-daily-sunshine-null.json", datetime.date(2024, 7, 10), 7, 710)
    write(os.path.join(HERE, "error-400-end-date-out-of-range.json"), {
        "error": True,
        "reason": "Parameter 'end_date' is out of allowed range from 1940-01-01 to 2025-07-19",
    })
    thirty_years("hamburg-1991-2020-daily-max-min-precipitation.json")
    # Each written day is its own (trial 9 saw the same mean and sunshine on 2024-07-14 and
    # 2025-07-26): 26 July 2025 is cooler and greyer, with showers and drizzle from late morning.
    single_day(
        "hamburg-past-2025-07-26-start-end-date.json", datetime.date(2025, 7, 26), 726, folder=FORECAST,
        day=Day(mean=16.2, swing=3.6, sunshine_hours=2.6, wet_hours=(11, 18), wetness=2.3, overcast_hours=(8, 20)))


if __name__ == "__main__":
    main()
