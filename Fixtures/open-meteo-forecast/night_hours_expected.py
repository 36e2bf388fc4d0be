#!/usr/bin/env python3
"""Which of the Berlin demo's hours are night, from the recording without wx's code.

The recording was asked with timezone=GMT: its 168 hours and 7 daily sunrises and sunsets are
UTC's. Shown at Berlin's clock (CEST, UTC+2) the last two hours (22:00 and 23:00 UTC) fall on
Sunday 2025-08-03, a local day with no sunrise or sunset in the answer. Night is decided as
for any other hour: before that local day's sunrise or from its sunset; for a day the answer
has no times for, by the sun's elevation (NOAA's solar calculator equations; night below
-0.833°, the sunrise/sunset definition).

Run: python3 Fixtures/open-meteo-forecast/night_hours_expected.py
"""
import datetime
import json
import math
import os
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
BERLIN = ZoneInfo("Europe/Berlin")
LATITUDE, LONGITUDE = 52.52, 13.42  # Fixtures/demo/places.json's Berlin
UTC = datetime.timezone.utc


def elevation(when):
    """Solar elevation, degrees (NOAA: fractional year, declination, equation of time)."""
    day = when.timetuple().tm_yday
    hour = when.hour + when.minute / 60
    g = 2 * math.pi / 365 * (day - 1 + (hour - 12) / 24)
    eqtime = 229.18 * (0.000075 + 0.001868 * math.cos(g) - 0.032077 * math.sin(g)
                       - 0.014615 * math.cos(2 * g) - 0.040849 * math.sin(2 * g))
    decl = (0.006918 - 0.399912 * math.cos(g) + 0.070257 * math.sin(g) - 0.006758 * math.cos(2 * g)
            + 0.000907 * math.sin(2 * g) - 0.002697 * math.cos(3 * g) + 0.00148 * math.sin(3 * g))
    true_solar_minutes = hour * 60 + eqtime + 4 * LONGITUDE
    hour_angle = math.radians(true_solar_minutes / 4 - 180)
    lat = math.radians(LATITUDE)
    cos_zenith = math.sin(lat) * math.sin(decl) + math.cos(lat) * math.cos(decl) * math.cos(hour_angle)
    return 90 - math.degrees(math.acos(cos_zenith))


with open(os.path.join(HERE, "berlin-gmt-all-params-168h-daily-reformatted.json"), encoding="utf-8") as f:
    answer = json.load(f)
daily = answer["daily"]
sun = {}
for rise, set_ in zip(daily["sunrise"], daily["sunset"]):
    rise = datetime.datetime.fromisoformat(rise).replace(tzinfo=UTC)
    set_ = datetime.datetime.fromisoformat(set_).replace(tzinfo=UTC)
    sun[rise.astimezone(BERLIN).date()] = (rise, set_)
hourly = answer["hourly"]
for label, code, temperature in zip(hourly["time"], hourly["weather_code"], hourly["temperature_2m"]):
    when = datetime.datetime.fromisoformat(label).replace(tzinfo=UTC)
    local = when.astimezone(BERLIN)
    if local.date() in sun:
        rise, set_ = sun[local.date()]
        night, how = when < rise or when >= set_, "sun times"
    else:
        night, how = elevation(when) <= -0.833, f"elevation {elevation(when):.1f}°"
    if local.date() >= datetime.date(2025, 8, 2) and local.hour >= 21 or local.date() not in sun:
        print(local.strftime("%a %H:%M"), "night" if night else "day", f"code {code}", temperature, f"({how})")
