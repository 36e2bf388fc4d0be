#!/usr/bin/env python3
"""Writes the hand-written Ensemble API answers of this folder, and prints the figures the tests
expect (computed here, independently of wx).

No public recording of an Ensemble API answer exists. These bodies follow the shape documented at
https://open-meteo.com/en/docs/ensemble-api (and the forecast API's, which it shares): the top-level
latitude/longitude/utc_offset_seconds/timezone/timezone_abbreviation, `hourly_units`, and `hourly`
with `time` (here `timeformat=unixtime`), the control run under the variable's own name
(`temperature_2m`) and the perturbed members as `temperature_2m_member01` … `_member50`
(ECMWF IFS ENS 0.25°, 51 members) or … `_member30` (GFS ensemble 0.25°, 31 members). Values are
made up by the formulas below; what real answers do is built in on purpose (see SOURCES.md).

Percentiles: linear interpolation between closest ranks (numpy's default, Hyndman & Fan type 7),
written out here by hand so that the expectation does not share code with wx.

Run: python3 generate.py          (writes the files, prints the expected figures)
"""
import json
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))

def percentile(values, p):
    xs = sorted(values)
    h = (len(xs) - 1) * p
    lo = math.floor(h)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (h - lo) * (xs[hi] - xs[lo])

def member_keys(variable, count):
    return [variable] + ["%s_member%02d" % (variable, m) for m in range(1, count)]

def temperature(m, d, hour, spread):
    base = [3.0, 5.0, 2.0, 6.0, 4.0][d]
    z = (((m * 29) % 51) - 25) / 25.0
    return round(base + 4 * math.sin(math.pi * (hour - 9) / 12) + spread[d] * z, 1)

def precipitation(m, d, hour, wet_share):
    wet = ((m * 37 + d * 11) % 51) < wet_share[d]
    if wet:
        if m % 3 == 0:
            return 0.5 if hour in (14, 15) else 0.0          # exactly 1.0 mm: counts as wet
        return 0.4 if hour in (13, 14, 15) else 0.0          # 1.2 mm
    return 0.2 if (m % 2 == 0 and hour in (10, 11)) else 0.0  # 0.4 mm or dry

def hamburg():
    """ECMWF IFS ENS, 51 members, Europe/Berlin; 4 whole days and 12 hours of a fifth; members
    46-50 stop 30 hours early (nulls); member 07 has `nan` at one hour of day 2."""
    start = 1796079600  # 2026-11-30T23:00Z = 2026-12-01T00:00 CET
    hours = 4 * 24 + 12
    times = [start + 3600 * i for i in range(hours)]
    spread = [0.5, 1.2, 2.5, 4.0, 5.0]
    wet = [5, 19, 40, 2, 30]
    hourly = {"time": times}
    units = {"time": "unixtime"}
    for m, key in enumerate(member_keys("temperature_2m", 51)):
        hourly[key] = [temperature(m, i // 24, i % 24, spread) for i in range(hours)]
        units[key] = "°C"
    for m, key in enumerate(member_keys("precipitation", 51)):
        hourly[key] = [precipitation(m, i // 24, i % 24, wet) for i in range(hours)]
        units[key] = "mm"
    for m in range(46, 51):
        for variable in ("temperature_2m", "precipitation"):
            key = "%s_member%02d" % (variable, m)
            hourly[key] = hourly[key][: hours - 30] + [None] * 30
    hourly["temperature_2m_member07"][24 + 5] = float("nan")
    body = {
        "latitude": 53.5, "longitude": 10.0, "generationtime_ms": 12.5, "utc_offset_seconds": 3600,
        "timezone": "Europe/Berlin", "timezone_abbreviation": "GMT+1", "elevation": 8.0,
        "hourly_units": units, "hourly": hourly,
    }
    return body

def gfs():
    """GFS ensemble 0.25°, 31 members, GMT, 2 whole days."""
    start = 1796083200  # 2026-12-01T00:00Z
    hours = 48
    times = [start + 3600 * i for i in range(hours)]
    hourly = {"time": times}
    units = {"time": "unixtime"}
    for m, key in enumerate(member_keys("temperature_2m", 31)):
        hourly[key] = [round(10 + 3 * math.sin(math.pi * ((i % 24) - 9) / 12) + ((m * 7) % 31 - 15) / 5.0, 1) for i in range(hours)]
        units[key] = "°C"
    for m, key in enumerate(member_keys("precipitation", 31)):
        hourly[key] = [(1.5 if (m % 4 == 0 and i == 30) else 0.0) for i in range(hours)]
        units[key] = "mm"
    return {
        "latitude": 40.75, "longitude": -74.0, "generationtime_ms": 8.1, "utc_offset_seconds": 0,
        "timezone": "GMT", "timezone_abbreviation": "GMT", "elevation": 10.0,
        "hourly_units": units, "hourly": hourly,
    }

def bad():
    """ECMWF asked, 6 member keys per variable: member 03 all null, member 04 shorter than
    `time` (stops after 30 hours), precipitation missing for members 04 and 05, and a
    `relative_humidity_2m_member03` nobody asked for. GMT, 2 days."""
    start = 1796083200
    hours = 48
    times = [start + 3600 * i for i in range(hours)]
    hourly = {"time": times}
    units = {"time": "unixtime"}
    for m, key in enumerate(member_keys("temperature_2m", 6)):
        hourly[key] = [float(m + (i % 24) / 4.0) for i in range(hours)]
        units[key] = "°C"
    hourly["temperature_2m_member03"] = [None] * hours
    hourly["temperature_2m_member04"] = hourly["temperature_2m_member04"][:30]
    for m, key in enumerate(member_keys("precipitation", 4)):
        hourly[key] = [(0.5 * m if i in (5, 6) else 0.0) for i in range(hours)]
        units[key] = "mm"
    hourly["relative_humidity_2m_member03"] = [80.0] * hours
    units["relative_humidity_2m_member03"] = "%"
    return {
        "latitude": 52.5, "longitude": 13.4, "generationtime_ms": 3.0, "utc_offset_seconds": 0,
        "timezone": "GMT", "timezone_abbreviation": "GMT", "elevation": 38.0,
        "hourly_units": units, "hourly": hourly,
    }

def paris():
    """ECMWF IFS ENS, 51 members, Europe/Paris, every variable the decision views read
    (issue 35): 8 local days from Fri 23 Oct 2026 00:00 CEST, across the end of summer time on
    Sun 25 Oct (a 25-hour day: 193 hours). Member 05 has no `cloud_cover` key (a member missing
    a variable); members 48-50 are null for the last 24 hours (null at the end). Rain comes to
    a share of the members each day at hours that differ by member; a gale on the night of the
    clock change (gusts of 45-70 km/h); frost on the nights to Tue 27 and Wed 28 Oct; snow
    (1.2 cm in an hour) for six members early on Tue 27 Oct; heavy rain on Thu 29 Oct for every
    third member."""
    from datetime import datetime, timezone
    from zoneinfo import ZoneInfo
    zone = ZoneInfo("Europe/Paris")
    start = int(datetime(2026, 10, 23, 0, 0, tzinfo=zone).timestamp())
    hours = 8 * 24 + 1
    times = [start + 3600 * i for i in range(hours)]
    local = [datetime.fromtimestamp(t, timezone.utc).astimezone(zone) for t in times]
    first_day = local[0].toordinal()
    day = [l.toordinal() - first_day for l in local]
    hour = [l.hour for l in local]
    base = [12.0, 10.0, 7.0, 4.0, 1.0, 3.0, 9.0, 11.0]
    spread = [0.5, 1.0, 1.5, 2.0, 3.0, 3.5, 4.0, 4.5]
    wet = [10, 30, 5, 40, 20, 15, 45, 25]
    windy = [10.0, 14.0, 25.0, 18.0, 8.0, 12.0, 30.0, 20.0]

    def z(m):
        return (((m * 29) % 51) - 25) / 25.0

    def temperature(m, i):
        return round(base[day[i]] + 5 * math.sin(math.pi * (hour[i] - 9) / 12) + spread[day[i]] * z(m), 1)

    def precipitation(m, i):
        d, h = day[i], hour[i]
        if d == 6 and m % 3 == 0 and 10 <= h <= 13:
            return 3.0                                   # 12 mm on Thu 29 Oct
        if ((m * 37 + d * 11) % 51) < wet[d]:
            first = 6 + (m % 9)
            if first <= h < first + 3:
                return round(0.3 + 0.1 * (m % 5), 1)
        if (m * 7 + i) % 41 == 0:
            return 0.1                                   # a trace: not dry under 0.1 mm? (it is not)
        return 0.0

    def wind(m, i):
        return round(windy[day[i]] + 4 * z(m) + 5 * math.sin(math.pi * hour[i] / 24), 1)

    def gusts(m, i):
        if day[i] == 2 and 1 <= hour[i] <= 6:
            return round(45 + 25 * (m % 7) / 6, 1)
        return round(wind(m, i) * 1.6, 1)

    def snowfall(m, i):
        return 1.2 if (day[i] == 4 and hour[i] == 4 and m % 10 == 0) else 0.0

    def cloud(m, i):
        return float(round(100 * (math.sin(m * 0.7 + i * 0.15) + 1) / 2))

    hourly = {"time": times}
    units = {"time": "unixtime"}
    for variable, unit, f in [
        ("temperature_2m", "°C", temperature), ("precipitation", "mm", precipitation),
        ("wind_speed_10m", "km/h", wind), ("wind_gusts_10m", "km/h", gusts),
        ("snowfall", "cm", snowfall), ("cloud_cover", "%", cloud),
    ]:
        for m, key in enumerate(member_keys(variable, 51)):
            if variable == "cloud_cover" and m == 5:
                continue
            values = [f(m, i) for i in range(hours)]
            if m >= 48:
                values = values[: hours - 24] + [None] * 24
            hourly[key] = values
            units[key] = unit
    return {
        "latitude": 48.86, "longitude": 2.35, "generationtime_ms": 20.5, "utc_offset_seconds": 7200,
        "timezone": "Europe/Paris", "timezone_abbreviation": "CEST", "elevation": 35.0,
        "hourly_units": units, "hourly": hourly,
    }

def paris_gaps():
    """The Paris ensemble with holes no member fills, at a place of its own (48.60, 2.35, south of
    Paris): `temperature_2m` null in every member at Fri 23 Oct 09:00 CEST (one hour in the
    middle), and `precipitation` null in every member from Mon 26 Oct 20:00 CET to the end. The
    other values are Paris's."""
    from datetime import datetime
    from zoneinfo import ZoneInfo
    zone = ZoneInfo("Europe/Paris")
    body = paris()
    body["latitude"] = 48.60
    times = body["hourly"]["time"]
    hole = times.index(int(datetime(2026, 10, 23, 9, 0, tzinfo=zone).timestamp()))
    dry_end = times.index(int(datetime(2026, 10, 26, 20, 0, tzinfo=zone).timestamp()))
    for key, values in body["hourly"].items():
        if key == "temperature_2m" or key.startswith("temperature_2m_member"):
            values[hole] = None
        if key == "precipitation" or key.startswith("precipitation_member"):
            body["hourly"][key] = values[:dry_end] + [None] * (len(values) - dry_end)
    return body

def paris_no_control():
    """The Paris ensemble without its control run (no unsuffixed key of any variable), at a
    place of its own (48.50, 2.35): the 50 perturbed members only."""
    body = paris()
    body["latitude"] = 48.50
    for variable in ("temperature_2m", "precipitation", "wind_speed_10m", "wind_gusts_10m", "snowfall", "cloud_cover"):
        del body["hourly"][variable]
        del body["hourly_units"][variable]
    return body

def paris_forecast():
    """The deterministic forecast (`/v1/forecast`) at the Paris ensemble's place, for the values
    `best` shows beside the odds: 7 days x 24 hours from Fri 23 Oct 2026 00:00 CEST (so it ends
    Thu 29 Oct 22:00 CET, before the members do), hourly `temperature_2m`, `precipitation`,
    `wind_speed_10m` and `wind_gusts_10m` by formulas of its own (not any member's), `daily`
    with the days' extremes. No `current` block: `best` reads none."""
    from datetime import datetime, timezone
    from zoneinfo import ZoneInfo
    zone = ZoneInfo("Europe/Paris")
    start = int(datetime(2026, 10, 23, 0, 0, tzinfo=zone).timestamp())
    hours = 7 * 24
    times = [start + 3600 * i for i in range(hours)]
    local = [datetime.fromtimestamp(t, timezone.utc).astimezone(zone) for t in times]
    day = [l.toordinal() - local[0].toordinal() for l in local]
    hour = [l.hour for l in local]
    base = [12.3, 10.4, 7.2, 4.1, 1.5, 3.3, 9.6]
    windy = [11.0, 13.0, 24.0, 17.0, 9.0, 12.0, 29.0]
    temperature = [round(base[day[i]] + 5 * math.sin(math.pi * (hour[i] - 9) / 12), 1) for i in range(hours)]
    precipitation = [0.3 if (day[i] in (1, 3, 6) and 7 <= hour[i] <= 9) else 0.0 for i in range(hours)]
    wind = [round(windy[day[i]] + 5 * math.sin(math.pi * hour[i] / 24), 1) for i in range(hours)]
    gusts = [58.0 if (day[i] == 2 and 1 <= hour[i] <= 6) else round(wind[i] * 1.5, 1) for i in range(hours)]
    days = sorted(set(day))
    first = [min(i for i in range(hours) if day[i] == d) for d in days]
    return {
        "latitude": 48.86, "longitude": 2.35, "generationtime_ms": 1.2, "utc_offset_seconds": 7200,
        "timezone": "Europe/Paris", "timezone_abbreviation": "CEST", "elevation": 35.0,
        "hourly_units": {"time": "unixtime", "temperature_2m": "°C", "precipitation": "mm",
                         "wind_speed_10m": "km/h", "wind_gusts_10m": "km/h"},
        "hourly": {"time": times, "temperature_2m": temperature, "precipitation": precipitation,
                   "wind_speed_10m": wind, "wind_gusts_10m": gusts},
        "daily_units": {"time": "unixtime", "temperature_2m_max": "°C", "temperature_2m_min": "°C",
                        "precipitation_sum": "mm"},
        "daily": {"time": [times[i] for i in first],
                  "temperature_2m_max": [max(temperature[i] for i in range(hours) if day[i] == d) for d in days],
                  "temperature_2m_min": [min(temperature[i] for i in range(hours) if day[i] == d) for d in days],
                  "precipitation_sum": [round(sum(precipitation[i] for i in range(hours) if day[i] == d), 1) for d in days]},
    }

def write(name, body):
    text = json.dumps(body, ensure_ascii=False, separators=(",", ":"), allow_nan=True).replace("NaN", "nan")
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
        f.write(text + "\n")

def days(body, offset):
    """Per local day: members with every hour, their highs, lows and sums; and the frost as
    wx counts a member (EnsembleMemberCount): with every hour, or lacking some but already
    below 0 °C at one it has — (members with frost, members counted)."""
    hourly = body["hourly"]
    times = hourly["time"]
    groups = {}
    for i, t in enumerate(times):
        local = t + offset
        groups.setdefault(local // 86400, []).append(i)
    out = []
    for day, idx in sorted(groups.items()):
        if (times[idx[0]] + offset) % 86400 != 0 or (times[idx[-1]] + offset) % 86400 != 23 * 3600:
            continue
        def whole(variable):
            rows = []
            for key, values in hourly.items():
                if key != variable and not key.startswith(variable + "_member"):
                    continue
                vals = [values[i] if i < len(values) else None for i in idx]
                if all(v is not None and not (isinstance(v, float) and math.isnan(v)) for v in vals):
                    rows.append(vals)
            return rows
        def frost():
            frosty = counted = 0
            for key, values in hourly.items():
                if key != "temperature_2m" and not key.startswith("temperature_2m_member"):
                    continue
                vals = [values[i] if i < len(values) else None for i in idx]
                known = [v for v in vals if v is not None and not (isinstance(v, float) and math.isnan(v))]
                below = any(v < 0 for v in known)
                if len(known) == len(vals) or below:
                    counted += 1
                    frosty += below
            return frosty, counted
        temps = whole("temperature_2m")
        sums = [sum(r) for r in whole("precipitation")]
        highs = [max(r) for r in temps]
        lows = [min(r) for r in temps]
        out.append((day, highs, lows, sums, frost()))
    return out

def report(name, body):
    print(name)
    for day, highs, lows, sums, (frost, frost_of) in days(body, body["utc_offset_seconds"]):
        f = lambda xs: "p10 %.4f median %.4f p90 %.4f n %d" % (percentile(xs, .1), percentile(xs, .5), percentile(xs, .9), len(xs)) if xs else "none"
        wet = sum(1 for s in sums if s >= 1 - 1e-9)
        print("  day %d  high %s | low %s | rain %d of %d | frost %d of %d" % (
            day, f(highs), f(lows), wet, len(sums), frost, frost_of))

if __name__ == "__main__":
    for name, body in [
        ("hamburg-ecmwf-ifs025-51-members-hand-written.json", hamburg()),
        ("new-york-gfs025-31-members-hand-written.json", gfs()),
        ("bad-members-hand-written.json", bad()),
        ("paris-ecmwf-ifs025-51-members-all-variables-dst-hand-written.json", paris()),
        ("paris-south-ecmwf-ifs025-51-members-null-hours-hand-written.json", paris_gaps()),
        ("paris-south-ecmwf-ifs025-no-control-run-hand-written.json", paris_no_control()),
    ]:
        write(name, body)
        report(name, json.loads(open(os.path.join(HERE, name)).read().replace("nan", "NaN")))
    write("../open-meteo-forecast/paris-7d-hourly-hand-written-beside-the-ensemble.json", paris_forecast())
    with open(os.path.join(HERE, "error-400-unknown-model-hand-written.json"), "w") as f:
        f.write('{"error":true,"reason":"Cannot initialize EnsembleMultiDomains from invalid String value ecmwf_ifs26 for key models"}\n')

def band(name, first, count):
    """The hourly band: p10/median/p90 of temperature over the members with a value at each
    hour index from `first`."""
    body = json.loads(open(os.path.join(HERE, name)).read().replace("nan", "NaN"))
    hourly = body["hourly"]
    print("band", name, "from index", first)
    for i in range(first, first + count):
        values = [v[i] for k, v in hourly.items() if (k == "temperature_2m" or k.startswith("temperature_2m_member")) and i < len(v) and v[i] is not None and not math.isnan(v[i])]
        print("  %d  p10 %.4f median %.4f p90 %.4f n %d" % (hourly["time"][i], percentile(values, .1), percentile(values, .5), percentile(values, .9), len(values)))

if __name__ == "__main__":
    # Hours 08:00-13:00 UTC on 1 December (09:00-14:00 CET), and 29 (member 07's nan).
    band("hamburg-ecmwf-ifs025-51-members-hand-written.json", 9, 6)
    band("hamburg-ecmwf-ifs025-51-members-hand-written.json", 29, 1)
