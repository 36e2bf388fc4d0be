#!/usr/bin/env python3
"""Writes the demo's HAND-WRITTEN Berlin bodies, derived from Berlin's recorded forecast
(../open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json: tpryan/openmeteogo,
asked in GMT, recorded 2025-07-27 03:00 UTC), so that `confidence`, `models`, `drift`, `skill`,
`normal` and `past` can be tried in `make demo` for the place whose forecast the demo shows.

None of these is a recording: no public recording of an Ensemble, multi-model, Previous Runs or
archive answer for Berlin exists (Fixtures/SOURCES.md). They are written in the shapes of the
generators beside each folder (whose helpers this script uses, not copies), with the recording's
coordinates, time zone (GMT) and hours, and promise:

- ensemble (../open-meteo-ensemble/berlin-ecmwf-ifs025-51-members-hand-written.json): the 168
  recorded hours; the control run is the recorded temperature and precipitation; 50 perturbed
  members spread symmetrically around it, wider with lead time (0.3 °C at the first hour to
  2.8 °C at the last), so the members' mean is within ENSEMBLE_MEAN_WITHIN of the recording at
  every hour; precipitation scaled per member (factors averaging about 1), and a shower for a few
  members on dry days. Wind speed, gusts and cloud cover in the same way as temperature (the
  control run the recording; the others around it, 0.5 to 6 km/h, 1 to 10 km/h and 5 to 35 %
  apart from the first hour to the last, not below 0 nor cloud above 100 %, a gust not below
  its member's wind), snowfall as precipitation (the recording, 0 cm in July, scaled per
  member), so that `best`, `chance` and `plume` on wind, gusts, cloud or snow and activities
  (`ride`) can be tried.
- models (../open-meteo-models/berlin-four-models-daily-hand-written.json): the 7 recorded days;
  ECMWF IFS 0.25° is the recording's daily values exactly; GFS, ICON and GEM differ by the
  offsets in MODEL_OFFSETS (at most MODELS_WITHIN °C), with a real disagreement on Thu 31 Jul
  (highs 4.8 °C apart) and on Mon 28 Jul (ICON dry, GFS wet).
- previous runs (../open-meteo-previous-runs/berlin-runs-2025-06-23-to-08-03-hand-written.json):
  hourly leads 0..7, 2025-06-23..2025-08-03 (the last day null: beyond the recording). On a recorded day k days after 27 July the run made
  on 27 July (lead k) is the recording itself; older runs (leads > k) drift from it by up to
  DRIFT_PER_DAY °C per day of age, and an old run's shower on Tue 29 Jul fades out; runs not
  made by 27 July (leads < k) are null. Before 27 July lead 0 is what happened (the archive days
  below) and the other leads that plus an error that grows with the lead, with now and then a
  dry day called wet or a wet one dry, as in Hamburg's skill answer.
- archive (../open-meteo-archive/berlin-daily-2025-06-23-to-07-26-hand-written.json): what
  happened, made up (a Berlin July: highs about 21-29 °C), answering `skill` (the archive to
  2025-07-22) and `past` (the forecast API's past days to 2025-07-26).
- normals (../open-meteo-archive/berlin-1991-2020-daily-hand-written.json): the archive
  generator's thirty years with Berlin's head.
- what happened on the recorded days (../open-meteo-archive/berlin-daily-2025-07-27-to-08-02-hand-written.json):
  the archive's answer for the forecast's 7 days as Berlin's later recorded instant
  (LATER_RECORDED, places.json's "later") would have it, for `saved verify`: each day the
  recording's daily high, low and precipitation plus the offsets in OBSERVED_OFFSETS (the
  forecast a little too cool on most days, the thunderstorm of Thu 31 Jul wetter than forecast,
  a shower on Fri 1 Aug the forecast called dry, Mon 28 Jul's 0.2 mm fallen as none).

Run: python3 Fixtures/demo/generate_berlin.py
"""
import calendar
import datetime
import importlib.util
import json
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..")
RECORDING = os.path.join(FIXTURES, "open-meteo-forecast", "berlin-gmt-all-params-168h-daily-reformatted.json")


def sibling(folder):
    spec = importlib.util.spec_from_file_location(folder.replace("-", "_"), os.path.join(FIXTURES, folder, "generate.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ENSEMBLE = sibling("open-meteo-ensemble")
ARCHIVE = sibling("open-meteo-archive")
RUNS = sibling("open-meteo-previous-runs")

ENSEMBLE_FILE = "open-meteo-ensemble/berlin-ecmwf-ifs025-51-members-hand-written-from-forecast.json"
MODELS_FILE = "open-meteo-models/berlin-four-models-daily-hand-written-from-forecast.json"
RUNS_FILE = "open-meteo-previous-runs/berlin-runs-2025-06-23-to-08-03-hand-written-from-forecast.json"
PAST_FILE = "open-meteo-archive/berlin-daily-2025-06-23-to-07-26-hand-written.json"
NORMALS_FILE = "open-meteo-archive/berlin-1991-2020-daily-hand-written.json"
LATER_FILE = "open-meteo-archive/berlin-daily-2025-07-27-to-08-02-hand-written.json"
# Berlin's second recorded instant (places.json's "later"): the archive has 2 August by then (it
# lags today by five days).
LATER_RECORDED = "2025-08-08T03:00:00Z"

ENSEMBLE_MEAN_WITHIN = 0.5
MODELS_WITHIN = 4.0
DRIFT_PER_DAY = 0.8
FIRST_PAST = datetime.date(2025, 6, 23)
RECORDED_DAY = datetime.date(2025, 7, 27)

# (high, low, precipitation) offsets of what happened from the recording, per recorded day.
OBSERVED_OFFSETS = ([1.3, -0.8, 2.1, 0.4, -1.6, 1.9, 0.7], [0.6, -0.4, 1.1, -0.9, 0.3, 0.8, -0.5],
                    [0.0, -0.2, 0.0, 1.3, 4.8, 2.6, -1.1])

# (high, low, precipitation) offsets from the recording per day, per other model.
MODEL_OFFSETS = {
    "gfs_seamless": ([0.6, 1.2, -0.4, 1.8, 3.6, -0.8, 1.5], [0.4, 0.6, -0.2, 0.9, 1.1, -0.5, 0.7],
                     [0.0, 1.4, 0.0, 0.6, 3.2, 0.0, 5.1]),
    "icon_seamless": ([-0.3, -0.5, 0.2, -0.9, -1.2, 0.4, -0.6], [-0.2, -0.3, 0.1, -0.4, -0.6, 0.2, -0.1],
                      [0.0, 0.1, 0.0, 2.8, 8.4, 0.3, 1.9]),
    "gem_seamless": ([0.9, -1.1, 0.7, 2.3, 0.5, -2.1, 0.8], [0.5, -0.7, 0.4, 1.0, 0.2, -0.9, 0.3],
                     [0.1, 0.5, 0.2, 1.1, 4.0, 1.2, 2.4]),
}


def recording():
    with open(RECORDING, encoding="utf-8") as f:
        return json.load(f)


def unix(text):
    """Seconds of a GMT ISO time or date ("2025-07-27T03:00", "2025-07-27")."""
    if "T" not in text:
        text += "T00:00"
    return calendar.timegm(datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M").timetuple())


def head(body):
    keys = ("latitude", "longitude", "generationtime_ms", "utc_offset_seconds", "timezone", "timezone_abbreviation",
            "elevation")
    return {key: body[key] for key in keys}


def write(path, body):
    ARCHIVE.write(os.path.join(FIXTURES, path), body)


def ensemble(recorded):
    hourly = recorded["hourly"]
    times = [unix(t) for t in hourly["time"]]
    count = len(times)
    out = {"time": times}
    units = {"time": "unixtime"}
    temperature_keys = ENSEMBLE.member_keys("temperature_2m", 51)
    precipitation_keys = ENSEMBLE.member_keys("precipitation", 51)
    daily_sums = recorded["daily"]["precipitation_sum"]
    for m, key in enumerate(temperature_keys):
        values = []
        for i in range(count):
            base = hourly["temperature_2m"][i]
            if m == 0:
                values.append(base)
                continue
            spread = 0.3 + 2.5 * i / (count - 1)
            z = (((m * 29) % 51) - 25.5) / 25.0          # -0.98..0.98, symmetric over the 50
            wobble = 0.25 * math.sin(2 * math.pi * (i + 3 * m) / 24)
            values.append(round(base + spread * (z + wobble * z), 1))
        out[key] = values
        units[key] = "°C"
    for m, key in enumerate(precipitation_keys):
        values = []
        factor = 1.0 if m == 0 else 0.2 + 1.6 * (((m * 17) % 51) - 1) / 49
        for i in range(count):
            base = hourly["precipitation"][i]
            amount = base * factor
            day = i // 24
            if m and daily_sums[day] < 1 and (m * 7 + day * 13) % 51 < 8 and i % 24 in (14, 15, 16):
                amount += 0.4                            # a shower the control has not
            values.append(round(amount, 1))
        out[key] = values
        units[key] = "mm"
    # Wind speed, gusts and cloud cover as temperature: the control run is the recording, the
    # 50 others spread symmetrically around it, wider with lead time, never below 0 (cloud
    # cover not above 100 %); a member's gust is never below its own wind. Snowfall as
    # precipitation: the recording scaled per member (the recorded July has none).
    def spread_member(variable, m, low, high, floor, ceiling=None):
        values = []
        for i in range(count):
            base = hourly[variable][i]
            if m == 0:
                values.append(base)
                continue
            spread = low + (high - low) * i / (count - 1)
            z = (((m * 29) % 51) - 25.5) / 25.0
            wobble = 0.25 * math.sin(2 * math.pi * (i + 3 * m) / 24)
            value = max(floor, base + spread * (z + wobble * z))
            values.append(round(min(ceiling, value) if ceiling is not None else value, 1))
        return values

    wind = {}
    for m, key in enumerate(ENSEMBLE.member_keys("wind_speed_10m", 51)):
        wind[m] = spread_member("wind_speed_10m", m, 0.5, 6.0, 0.0)
        out[key] = wind[m]
        units[key] = "km/h"
    for m, key in enumerate(ENSEMBLE.member_keys("wind_gusts_10m", 51)):
        out[key] = [max(g, w) for g, w in zip(spread_member("wind_gusts_10m", m, 1.0, 10.0, 0.0), wind[m])]
        units[key] = "km/h"
    for m, key in enumerate(ENSEMBLE.member_keys("cloud_cover", 51)):
        out[key] = [round(v) for v in spread_member("cloud_cover", m, 5.0, 35.0, 0.0, 100.0)]
        units[key] = "%"
    for m, key in enumerate(ENSEMBLE.member_keys("snowfall", 51)):
        factor = 1.0 if m == 0 else 0.2 + 1.6 * (((m * 17) % 51) - 1) / 49
        out[key] = [round(v * factor, 2) for v in hourly["snowfall"]]
        units[key] = "cm"
    body = head(recorded)
    body.update({"hourly_units": units, "hourly": out})
    return body


def models(recorded):
    daily = recorded["daily"]
    out = {"time": [unix(t) for t in daily["time"]]}
    units = {"time": "unixtime"}

    def code(precipitation, recorded_code):
        wet = recorded_code >= 51
        if precipitation >= 1:
            return recorded_code if wet else 61
        return 3 if wet else recorded_code

    columns = {"ecmwf_ifs025": (daily["temperature_2m_max"], daily["temperature_2m_min"],
                                daily["precipitation_sum"], daily["weather_code"])}
    for model, (highs, lows, sums) in MODEL_OFFSETS.items():
        days = range(len(out["time"]))
        columns[model] = (
            [round(daily["temperature_2m_max"][d] + highs[d], 1) for d in days],
            [round(daily["temperature_2m_min"][d] + lows[d], 1) for d in days],
            sums,
            [code(sums[d], daily["weather_code"][d]) for d in days],
        )
    for model in ["ecmwf_ifs025", "gfs_seamless", "icon_seamless", "gem_seamless"]:
        highs, lows, sums, codes = columns[model]
        for variable, values, unit in (("weather_code", codes, "wmo code"), ("temperature_2m_max", highs, "°C"),
                                       ("temperature_2m_min", lows, "°C"), ("precipitation_sum", sums, "mm")):
            out[f"{variable}_{model}"] = list(values)
            units[f"{variable}_{model}"] = unit
    body = head(recorded)
    body.update({"daily_units": units, "daily": out})
    return body


def observed():
    """What happened, day by day, 2025-06-23..2025-07-26: (low, high, precipitation, code, wind,
    sunshine seconds)."""
    rand = ARCHIVE.lcg(2707)
    days = {}
    for day in RUNS.days(FIRST_PAST, RECORDED_DAY - datetime.timedelta(days=1)):
        high = round(21 + 8 * next(rand), 1)
        low = round(high - 7 - 4 * next(rand), 1)
        wet = next(rand)
        rain = round((wet - 0.7) * 30, 1) if wet > 0.7 else 0.0
        code = 95 if rain >= 6 else 63 if rain >= 2.5 else 61 if rain > 0 else 3 if high < 24 else 1
        wind = round(8 + 14 * next(rand), 1)
        sunshine = round((6 if rain else 11) * 3600 + 3 * 3600 * next(rand), 2)
        days[day] = (low, high, rain, code, wind, sunshine)
    return days


def past(recorded, days):
    units = dict(ARCHIVE.DAILY_UNITS)
    daily = {key: [] for key in units}
    for day, (low, high, rain, code, wind, sunshine) in sorted(days.items()):
        daily["time"].append(unix(day.isoformat()))
        daily["weather_code"].append(code)
        daily["temperature_2m_max"].append(high)
        daily["temperature_2m_min"].append(low)
        daily["temperature_2m_mean"].append(round((high + low) / 2, 1))
        daily["precipitation_sum"].append(rain)
        daily["wind_speed_10m_max"].append(wind)
        daily["sunshine_duration"].append(sunshine)
    body = head(recorded)
    body.update({"daily_units": units, "daily": daily})
    return body


def happened(recorded):
    """What happened on the recorded days: the recording's daily values plus OBSERVED_OFFSETS,
    in the archive's daily shape (a condition from the amount, as `observed`'s)."""
    recorded_daily = recorded["daily"]
    units = {key: ARCHIVE.DAILY_UNITS[key] for key in
             ("time", "weather_code", "temperature_2m_max", "temperature_2m_min", "precipitation_sum")}
    daily = {key: [] for key in units}
    highs, lows, amounts = OBSERVED_OFFSETS
    for index, day in enumerate(recorded_daily["time"]):
        high = round(recorded_daily["temperature_2m_max"][index] + highs[index], 1)
        rain = round(max(0.0, recorded_daily["precipitation_sum"][index] + amounts[index]), 1)
        daily["time"].append(unix(day))
        daily["weather_code"].append(95 if rain >= 6 else 63 if rain >= 2.5 else 61 if rain > 0 else 3 if high < 24 else 1)
        daily["temperature_2m_max"].append(high)
        daily["temperature_2m_min"].append(round(recorded_daily["temperature_2m_min"][index] + lows[index], 1))
        daily["precipitation_sum"].append(rain)
    body = head(recorded)
    body.update({"daily_units": units, "daily": daily})
    return body


def runs(recorded, days):
    hourly = recorded["hourly"]
    recorded_times = [unix(t) for t in hourly["time"]]
    # Runs reach 7 days ahead: the day after the recording's last is asked for (a weekday's
    # `drift` asks a day either side) and has no values at any lead.
    last = RECORDED_DAY + datetime.timedelta(days=len(recorded["daily"]["time"]))
    leads = range(0, 8)
    names = [RUNS.name("temperature_2m", lead) for lead in leads] + [RUNS.name("precipitation", lead) for lead in leads]
    out = {"time": []}
    for key in names:
        out[key] = []
    noise = RUNS.lcg(2025)
    drift_rand = RUNS.lcg(727)
    drift = {day: (next(drift_rand) * 2 - 1) * DRIFT_PER_DAY for day in RUNS.days(RECORDED_DAY, last)}
    for day in RUNS.days(FIRST_PAST, last):
        k = (day - RECORDED_DAY).days
        start = unix(day.isoformat())
        out["time"] += [start + 3600 * hour for hour in range(24)]
        if k < 0:
            low, high, rain = days[day][:3]
            for lead in leads:
                if lead == 0:
                    errors = (0.0, 0.0, 1.0)
                else:
                    spread = 0.4 + 0.35 * lead
                    errors = ((next(noise) * 2 - 1) * spread, (next(noise) * 2 - 1) * spread, 0.5 + next(noise))
                amount = round(rain * errors[2], 1)
                if lead and errors[2] > 1.5 - 0.05 * lead:
                    amount = 0.0 if rain >= 1 else 1.8  # now and then a dry day called wet, or a wet one dry
                out[RUNS.name("temperature_2m", lead)] += RUNS.curve(low + errors[1], high + errors[0])
                out[RUNS.name("precipitation", lead)] += RUNS.rain(amount)
            continue
        if start not in recorded_times:
            for key in names:
                out[key] += [None] * 24
            continue
        first = recorded_times.index(start)
        temperatures = hourly["temperature_2m"][first:first + 24]
        amounts = hourly["precipitation"][first:first + 24]
        for lead in leads:
            age = lead - k  # days before 27 July the run was made
            if age < 0:
                out[RUNS.name("temperature_2m", lead)] += [None] * 24
                out[RUNS.name("precipitation", lead)] += [None] * 24
                continue
            out[RUNS.name("temperature_2m", lead)] += [
                round(t + age * (drift[day] + 0.15 * math.sin(2 * math.pi * (hour + lead) / 24)), 1)
                for hour, t in enumerate(temperatures)]
            shower = day == datetime.date(2025, 7, 29) and age >= 2
            out[RUNS.name("precipitation", lead)] += [
                round(a * max(0.0, 1 - 0.12 * age) + (0.1 * age if shower and 13 <= hour <= 16 else 0.0), 1)
                for hour, a in enumerate(amounts)]
    units = {"time": "unixtime"}
    for key in names:
        units[key] = "°C" if key.startswith("temperature") else "mm"
    body = head(recorded)
    body.update({"hourly_units": units, "hourly": out})
    return body


def main():
    recorded = recording()
    days = observed()
    write(ENSEMBLE_FILE, ensemble(recorded))
    write(MODELS_FILE, models(recorded))
    write(PAST_FILE, past(recorded, days))
    write(RUNS_FILE, runs(recorded, days))
    write(LATER_FILE, happened(recorded))
    ARCHIVE.thirty_years(os.path.basename(NORMALS_FILE), place=head(recorded), seed=1352)


if __name__ == "__main__":
    main()
