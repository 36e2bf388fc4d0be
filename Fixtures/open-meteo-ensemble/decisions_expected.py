#!/usr/bin/env python3
"""What `best`, `chance` and `plume` should say about the hand-written Paris ensemble
(paris-ecmwf-ifs025-51-members-all-variables-dst-hand-written.json), computed here from the
member values with code of its own — nothing shared with wx. DecisionsEndToEndTests runs this
script and compares wx's --json output with what it prints (one JSON object, a key per case).

The rules, as issue 35 and `help best` / `help chance` state them:

- "Now" is 2026-10-23T05:10:00Z (07:10 CEST); everything starts at the next whole hour, 06:00Z.
- A window of D hours starting at hour index s covers times[s] .. times[s] + D hours (real
  hours: unixtime). It reads the instants (temperature, wind speed, cloud cover) at s .. s+D and
  the values covering the preceding hour (precipitation, gusts) at s+1 .. s+D. A member counts
  for it when it has all of those; hour k holds when the instant at s+k, the value at s+k+1 and
  daylight at s+k meet every condition (the last hour also the instant and daylight at s+D).
  The window holds in a member when every hour does.
- Top windows: by members holding (ties to the earlier), skipping any that overlaps one taken,
  at most three; when none holds in any member, by the share of member-hours holding (those
  with at least one).
- Closest by miss: when no hour of any window holds in any member, each window's miss per
  condition is the median (the mean of the middle two for an even count) over its counted members
  of the member's largest excess beyond the limit over the hours the condition reads (value −
  limit for < and <=, limit − value for > and >=, 0 on the right side); daylight's is the
  window's hours not in daylight. Windows are ranked by the sum over conditions of miss / the
  largest miss of that condition over the windows (conditions whose largest is 0 left out), the
  least first, ties to the earlier; then the same three without overlaps.
- chance: per local day from today (today from the next hour); a value covering the preceding
  hour belongs to the day its covered hour starts in; a member counts for a day when it has all
  the day's values, or when the values it has already reach the threshold and the missing ones
  cannot undo it (any hour past the limit, a day's amount at or over it: amounts are never
  negative) — it then reaches it; else it is left out (trial 61: members 48–50 stop at the value
  labelled Thu 29 Oct 23:00 CET, and those already past 50 km/h on Thursday count); the day is
  shown only when the answer reaches past it. Frost: the instants
  from 18:00 the evening before to 09:00, from the next hour, minimum below 0 °C; once this
  morning's 09:00 is before the next hour the nights move on (frost_nights), N of them. "Most": the
  hours whose count of members is at least half the day's highest, each run of consecutive ones
  a span of its own ([from, until] per span, oldest first; none: []). A day's amount
  (rain>=1mm/day) is the exact decimal sum of its hourly amounts, as the service writes them
  (0.3 + 0.3 + 0.3 + 0.1 is 1, which reaches 1 mm): Python's Decimal, not binary floating point.
- confidence: per local day from today (today from the next hour, as chance counts it; the
  later days whole), the members whose amounts over the hours covered from 00:00 (today: the
  next hour) to 24:00 add up, exactly, to at least 1 mm, of the members with all of them known
  and those whose known amounts already reach 1 mm (the same rule as chance's).
- Percentiles: linear between closest ranks (numpy's default), written out by hand.
- plume: the hours from the next hour (an amount's: the hour it covers starts then), each
  labelled with the answer's own time (gusts covering 06:00–07:00Z: 07:00Z).

Run: python3 decisions_expected.py     (prints the JSON object)
"""
import json
import math
import os
from decimal import Decimal
from datetime import datetime, timezone, timedelta
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
NAME = "paris-ecmwf-ifs025-51-members-all-variables-dst-hand-written.json"
ZONE = ZoneInfo("Europe/Paris")
LAT, LON = 48.86, 2.35
NOW = int(datetime(2026, 10, 23, 5, 10, tzinfo=timezone.utc).timestamp())
FROM = (NOW + 3599) // 3600 * 3600
INTERVAL = {"precipitation", "wind_gusts_10m", "snowfall"}

body = json.load(open(os.path.join(HERE, NAME)))
hourly = body["hourly"]
times = hourly["time"]
N = len(times)


def members(variable):
    """{member number: values}, the control run as 0; members without any value left out."""
    out = {}
    for key, values in hourly.items():
        if key == variable:
            number = 0
        elif key.startswith(variable + "_member"):
            number = int(key[len(variable) + 7:])
        else:
            continue
        if any(v is not None for v in values):
            out[number] = values
    return out


def iso(t):
    return datetime.fromtimestamp(t, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def local(t):
    return datetime.fromtimestamp(t, timezone.utc).astimezone(ZONE)


def elevation(t):
    """The sun's elevation, degrees (the Astronomical Almanac's low-precision formulas)."""
    d = t / 86400.0 - 10957.5
    g = math.radians(357.529 + 0.98560028 * d)
    q = 280.459 + 0.98564736 * d
    lam = math.radians(q + 1.915 * math.sin(g) + 0.020 * math.sin(2 * g))
    eps = math.radians(23.439 - 0.00000036 * d)
    ra = math.degrees(math.atan2(math.cos(eps) * math.sin(lam), math.cos(lam)))
    dec = math.asin(math.sin(eps) * math.sin(lam))
    gmst = math.fmod(18.697374558 + 24.06570982441908 * d, 24)
    h = math.radians(gmst * 15 + LON - ra)
    lat = math.radians(LAT)
    return math.degrees(math.asin(math.sin(lat) * math.sin(dec) + math.cos(lat) * math.cos(dec) * math.cos(h)))


OPS = {"<": lambda v, l: v < l, "<=": lambda v, l: v <= l, ">": lambda v, l: v > l, ">=": lambda v, l: v >= l}


def counted_members(conditions):
    """The members' rows of each variable the conditions read, and the members with every one
    of those variables (every temperature member when they read none)."""
    variables = sorted({c[0] for c in conditions if c != "daylight"})
    rows = {v: members(v) for v in variables}
    numbers = set(members("temperature_2m"))
    if variables:
        numbers = set(rows[variables[0]])
        for v in variables[1:]:
            numbers &= set(rows[v])
    return rows, numbers


def best(hours, conditions, start, end):
    """conditions: (variable, op, limit) or "daylight"."""
    rows, numbers = counted_members(conditions)
    numbers = sorted(numbers)
    daylight = "daylight" in conditions
    windows = []
    for s in range(N):
        if s + hours >= N or times[s] < start or times[s] + hours * 3600 > end:
            continue
        if times[s + hours] - times[s] != hours * 3600:
            continue
        holding = counted = mh = mht = 0
        for m in numbers:
            def value(v, i):
                return rows[v][m][i]
            instants = [c for c in conditions if c != "daylight" and c[0] not in INTERVAL]
            intervals = [c for c in conditions if c != "daylight" and c[0] in INTERVAL]
            if any(value(c[0], s + k) is None for c in instants for k in range(hours + 1)):
                continue
            if any(value(c[0], s + k) is None for c in intervals for k in range(1, hours + 1)):
                continue
            counted += 1

            def instant_ok(i):
                return all(OPS[c[1]](value(c[0], i), c[2]) for c in instants) and (
                    not daylight or elevation(times[i]) > -0.833)

            def interval_ok(i):
                return all(OPS[c[1]](value(c[0], i), c[2]) for c in intervals)

            held = 0
            for k in range(hours):
                ok = instant_ok(s + k) and interval_ok(s + k + 1)
                if k == hours - 1:
                    ok = ok and instant_ok(s + hours)
                held += ok
            mh += held
            mht += hours
            holding += held == hours
        windows.append({"start": times[s], "end": times[s + hours], "holding": holding, "members": counted,
                        "mh": mh, "mht": mht})
    qualified = any(w["holding"] > 0 for w in windows)
    if qualified:
        ranked = sorted([w for w in windows if w["holding"] > 0], key=lambda w: (-w["holding"], w["start"]))
    else:
        ranked = sorted([w for w in windows if w["mh"] > 0], key=lambda w: (-w["mh"] / w["mht"], w["start"]))
    top = []
    for w in ranked:
        if len(top) == 3:
            break
        if any(w["start"] < t["end"] and t["start"] < w["end"] for t in top):
            continue
        top.append(w)
    return {
        "qualified": qualified, "members_with_variables": len(numbers),
        "top": [iso(w["start"]) for w in top],
        "windows": [[iso(w["start"]), iso(w["end"]), w["holding"], w["members"], w["mh"], w["mht"]] for w in windows],
    }


def excess(op, value, limit):
    return max(0.0, value - limit) if op in ("<", "<=") else max(0.0, limit - value)


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def closest_by_miss(hours, conditions, start, end):
    """best()'s windows when no hour holds anywhere, ranked by how far they miss: the top
    three's starts and misses (per condition, in order)."""
    result = best(hours, conditions, start, end)
    assert not result["qualified"] and all(w[4] == 0 for w in result["windows"])
    rows, numbers = counted_members(conditions)
    at = {t: i for i, t in enumerate(times)}
    measured = []
    for w in result["windows"]:
        s = at[int(datetime.strptime(w[0], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc).timestamp())]
        per_member = []
        for m in sorted(numbers):
            worst = []
            complete = True
            for c in conditions:
                if c == "daylight":
                    dark = 0
                    for k in range(hours):
                        lit = elevation(times[s + k]) > -0.833 and (
                            k < hours - 1 or elevation(times[s + hours]) > -0.833)
                        dark += not lit
                    worst.append(float(dark))
                    continue
                reads = range(s + 1, s + hours + 1) if c[0] in INTERVAL else range(s, s + hours + 1)
                values = [rows[c[0]][m][i] if i < len(rows[c[0]][m]) else None for i in reads]
                if any(v is None for v in values):
                    complete = False
                    break
                worst.append(max([0.0] + [excess(c[1], v, c[2]) for v in values]))
            if complete:
                per_member.append(worst)
        if per_member:
            measured.append((w[0], w[1], [median([p[c] for p in per_member]) for c in range(len(conditions))]))
    largest = [max(m[2][c] for m in measured) for c in range(len(conditions))]

    def share(m):
        total = 0.0
        for c in range(len(conditions)):
            if largest[c] > 0:
                total += m[2][c] / largest[c]
        return total
    ranked = sorted(measured, key=lambda m: (share(m), m[0]))
    top = []
    for m in ranked:
        if len(top) == 3:
            break
        if any(m[0] < t[1] and t[0] < m[1] for t in top):
            continue
        top.append(m)
    return {"top": [m[0] for m in top], "misses": [m[2] for m in top]}


FORECAST = json.load(open(os.path.join(HERE, "..", "open-meteo-forecast",
                                     "paris-7d-hourly-hand-written-beside-the-ensemble.json")))["hourly"]


def forecast_values(result):
    """Per window of a best() result, by its start: the deterministic forecast's lowest and
    highest temperature and wind speed at the instants start, start+1h, ..., end, the highest
    gust and the precipitation sum of the hours ending start+1h ... end (values cover the
    preceding hour); None where an hour is missing."""
    at = {t: i for i, t in enumerate(FORECAST["time"])}
    out = {}
    for start_iso, end_iso, *_ in result["windows"]:
        start = int(datetime.strptime(start_iso, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc).timestamp())
        end = int(datetime.strptime(end_iso, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc).timestamp())
        instants = list(range(start, end + 1, 3600))
        covered = instants[1:]

        def read(variable, hours):
            if any(t not in at or FORECAST[variable][at[t]] is None for t in hours):
                return None
            return [FORECAST[variable][at[t]] for t in hours]
        temps, winds = read("temperature_2m", instants), read("wind_speed_10m", instants)
        gusts, rain = read("wind_gusts_10m", covered), read("precipitation", covered)
        out[start_iso] = [
            min(temps) if temps else None, max(temps) if temps else None,
            min(winds) if winds else None, max(winds) if winds else None,
            max(gusts) if gusts else None, sum(rain) if rain else None,
        ]
    return out


def day_start(date):
    """The first hour of the answer on a local date (unixtime)."""
    for t in times:
        if local(t).date() >= date:
            return t
    return times[-1]


def chance_limit(variable, op, limit, per_day, days=7):
    rows = members(variable)
    covering = variable in INTERVAL
    today = local(FROM).date()
    out = []
    for n in range(days):
        date = today + timedelta(days=n)
        slots = []
        complete = False
        for i, t in enumerate(times):
            start = t - 3600 if covering else t
            d = local(start).date()
            if d > date:
                complete = True
                break
            if d == date and start >= FROM:
                slots.append(i)
        if not complete or not slots:
            continue
        amount = per_day and variable in ("precipitation", "snowfall")
        out.append(count_day(date, slots, rows, covering, lambda vals: (
            OPS[op](exact_sum(vals), Decimal(str(limit))) if amount
            else any(OPS[op](v, limit) for v in vals)),
            lambda v, reached: (reached and v >= 0.1) if per_day and variable in ("precipitation", "snowfall")
            else OPS[op](v, limit), settled=not (amount and op in ("<", "<="))))
    return out


def chance_held(variable, limit, days=7):
    """`chance VARIABLE>=LIMIT` (in an hour) over the hours of each day from FROM that some
    member has a value for, on a day where some hour has none (null in every member, or past
    the answer's end): [date, members reaching, members with every held hour, hours held, the
    day's hours from FROM]; a day with no hour held is left out."""
    rows = members(variable)
    covering = variable in INTERVAL
    today = local(FROM).date()
    by_time = {t: i for i, t in enumerate(times)}
    out = []
    for n in range(days):
        date = today + timedelta(days=n)
        # The day's hours from FROM, by their start, at the place's clock.
        start = FROM
        while local(start).date() < date:
            start += 3600
        held, expected = [], 0
        while local(start).date() == date:
            expected += 1
            i = by_time.get(start + 3600 if covering else start)
            if i is not None and any(rows[m][i] is not None for m in rows):
                held.append(i)
            start += 3600
        if not held or len(held) == expected:
            continue
        counted = reaching = 0
        for m in sorted(rows):
            vals = [rows[m][i] for i in held]
            known = [v for v in vals if v is not None]
            reached = any(v >= limit for v in known)
            if len(known) < len(vals) and not reached:
                continue
            counted += 1
            reaching += reached
        out.append([date.isoformat(), reaching, counted, len(held), expected])
    return out


def exact_sum(values):
    """A day's amount: the decimal sum of the amounts as written in the answer."""
    return sum((Decimal(str(v)) for v in values), Decimal(0))


def confidence_rain(days):
    """confidence DAYS: per whole day from today, [date, members with at least 1 mm, members
    with every amount of the day]."""
    rows = members("precipitation")
    today = local(FROM).date()
    out = []
    for n in range(days):
        date = today + timedelta(days=n)
        day = [i for i, t in enumerate(times) if local(t - 3600).date() == date]
        if not day or local(times[day[-1]] - 3600).hour != 23:
            continue
        if n > 0 and local(times[day[0]] - 3600).hour != 0:
            continue
        # Today: the hours covered from the next hour on (the answer must reach back to it).
        slots = [i for i in day if times[i] - 3600 >= FROM] if n == 0 else day
        if n == 0 and (not slots or times[day[0]] - 3600 > FROM):
            continue
        # A member with an amount missing counts when those it has already add up to 1 mm.
        sums = [exact_sum([v for v in (rows[m][i] for i in slots) if v is not None]) for m in sorted(rows)]
        whole = [all(rows[m][i] is not None for i in slots) for m in sorted(rows)]
        counted = [s for s, w in zip(sums, whole) if w or s >= 1]
        out.append([date.isoformat(), sum(1 for s in counted if s >= 1), len(counted)])
    return out


def count_day(date, slots, rows, covering, reaches, counts, settled=True):
    """A member with a value missing counts only when `settled` (what is missing cannot undo a
    threshold reached) and the values it has reach it; it then reaches it."""
    counted = reaching = 0
    per = [0] * len(slots)
    for m in sorted(rows):
        vals = [rows[m][i] for i in slots]
        known = [v for v in vals if v is not None]
        if len(known) < len(vals):
            if not (settled and known and reaches(known)):
                continue
            r = True
        else:
            r = reaches(vals)
        counted += 1
        reaching += r
        for j, v in enumerate(vals):
            if v is not None and counts(v, r):
                per[j] += 1
    # Each run of consecutive busy hours (at least half the peak) is a span of its own.
    most = []
    if reaching > 0 and max(per) > 0:
        busy = [j for j in range(len(slots)) if per[j] * 2 >= max(per)]
        runs = []
        for j in busy:
            if runs and runs[-1][-1] == j - 1:
                runs[-1].append(j)
            else:
                runs.append([j])
        for run in runs:
            first, last = times[slots[run[0]]], times[slots[run[-1]]]
            most.append([iso(first - 3600 if covering else first), iso(last)])
    return [date.isoformat(), reaching, counted, most]


def frost(days=7):
    rows = members("temperature_2m")
    today = local(FROM).date()
    out = []
    for n in range(days):
        date = today + timedelta(days=n)
        eve = date - timedelta(days=1)
        slots = []
        complete = False
        for i, t in enumerate(times):
            l = local(t)
            if l.date() == date and l.hour == 9:
                complete = True
            night = (l.date() == eve and l.hour >= 18) or (l.date() == date and (l.hour < 9 or (l.hour == 9 and l.minute == 0)))
            if night and t >= FROM:
                slots.append(i)
        if not complete or not slots:
            continue
        out.append(count_day(date, slots, rows, False, lambda vals: min(vals) < 0, lambda v, r: v < 0))
    return out


def frost_nights(now, nights):
    """chance frost NIGHTS at `now` (unixtime): the nights move on past a morning that is over —
    the first night is this morning's while its 09:00 is at or after the next hour, else
    tomorrow's — and `nights` of them are counted (those the answer reaches 09:00 of), each
    from the next hour."""
    rows = members("temperature_2m")
    start = (now + 3599) // 3600 * 3600
    today = local(now).date()
    nine = datetime(today.year, today.month, today.day, 9, tzinfo=ZONE).timestamp()
    first = today if nine >= start else today + timedelta(days=1)
    out = []
    for n in range(nights):
        date = first + timedelta(days=n)
        eve = date - timedelta(days=1)
        opens = datetime(eve.year, eve.month, eve.day, 18, tzinfo=ZONE).timestamp()
        closes = datetime(date.year, date.month, date.day, 9, tzinfo=ZONE).timestamp()
        if closes not in times:
            continue
        slots = [i for i, t in enumerate(times) if max(opens, start) <= t <= closes]
        out.append(count_day(date, slots, rows, False, lambda vals: min(vals) < 0, lambda v, r: v < 0))
    return out


def percentile(xs, p):
    xs = sorted(xs)
    h = (len(xs) - 1) * p
    lo = math.floor(h)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (h - lo) * (xs[hi] - xs[lo])


def plume(variable, count):
    covering = variable in INTERVAL
    rows = members(variable)
    out = []
    for i, t in enumerate(times):
        start = t - 3600 if covering else t
        if start < FROM or len(out) == count:
            continue
        vals = [r[i] for r in rows.values() if r[i] is not None]
        if not vals:
            out.append([iso(t), None, None, None, 0])        # unknown: no member has a value
            continue
        # Labelled with the answer's own time (an amount's: the end of the hour it covers).
        out.append([iso(t), round(percentile(vals, .1), 6), round(percentile(vals, .5), 6),
                    round(percentile(vals, .9), 6), len(vals)])
    while out and out[-1][4] == 0:                            # past every member's last value
        out.pop()
    return out


def load(name):
    """Reads another hand-written answer of this folder into the globals the cases read."""
    global body, hourly, times, N
    body = json.load(open(os.path.join(HERE, name)))
    hourly = body["hourly"]
    times = hourly["time"]
    N = len(times)


def main():
    three_days = FROM + 3 * 86400
    sunday = datetime(2026, 10, 25).date()
    monday = datetime(2026, 10, 26).date()
    saturday = datetime(2026, 10, 24).date()
    cases = {
        # best 2h dry wind<20 (the next 3 days from the next hour)
        "best_dry_wind": best(2, [("precipitation", "<", 0.1), ("wind_speed_10m", "<", 20)], FROM, three_days),
        # best 3h dry sun: Sunday 25 October, the clocks go back (25 hours)
        "best_dry_sunday": best(3, [("precipitation", "<", 0.1)], day_start(sunday), day_start(monday)),
        # best 2h walk tomorrow: rain < 0.5 mm, wind < 30 km/h, daylight
        "best_walk_tomorrow": best(
            2, [("precipitation", "<", 0.5), ("wind_speed_10m", "<", 30), "daylight"], day_start(saturday),
            day_start(sunday)),
        # best 3h temp>17 (no window holds in any member: the closest by member-hours)
        "best_none": best(3, [("temperature_2m", ">", 17)], FROM, three_days),
        # best 3h temp>25 (no hour of any window holds in any member: the closest by how far
        # they miss)
        "best_none_by_miss": closest_by_miss(3, [("temperature_2m", ">", 25)], FROM, three_days),
        # best 2h temp>22 daylight tomorrow: two misses
        "best_none_by_miss_daylight": closest_by_miss(
            2, [("temperature_2m", ">", 22), "daylight"], day_start(saturday), day_start(sunday)),
        # best 2h sunny gusts<30 weekend: cloud cover (member 05 has none) in daylight, and gusts
        "best_sunny_weekend": best(
            2, [("cloud_cover", "<", 30), "daylight", ("wind_gusts_10m", "<", 30)], day_start(saturday),
            day_start(monday)),
        # best 1h daylight sun: daylight alone reads no variable; every temperature member counts
        "best_daylight_sunday": best(1, ["daylight"], day_start(sunday), day_start(monday)),
        # units imperial; best 1h wind<12 (mph) tomorrow
        "best_imperial_wind": best(1, [("wind_speed_10m", "<", 12 * 1.609344)], day_start(saturday), day_start(sunday)),
        # best 2h dry next 7 days at 48.85,2.35, where the deterministic forecast is served
        "best_forecast_values": forecast_values(best(2, [("precipitation", "<", 0.1)], FROM, FROM + 7 * 86400)),
        "chance_gusts": chance_limit("wind_gusts_10m", ">=", 60, False),
        "chance_frost": frost(),
        # chance frost 4 at 10:10 CEST: this morning's night is over; Sat 24 to Tue 27 Oct
        "chance_frost_after_nine": frost_nights(int(datetime(2026, 10, 23, 8, 10, tzinfo=timezone.utc).timestamp()), 4),
        # ... and at 07:10 CEST (the night to 09:00 counted from 08:00): Fri 23 to Mon 26 Oct
        "chance_frost_before_nine": frost_nights(NOW, 4),
        # ... and at 19:30 CEST: tonight's night (to Sat 09:00) counted from 20:00
        "chance_frost_evening": frost_nights(int(datetime(2026, 10, 23, 17, 30, tzinfo=timezone.utc).timestamp()), 2),
        "chance_snow": chance_limit("snowfall", ">=", 1.0, False),
        "chance_heat": chance_limit("temperature_2m", ">=", 30, False),
        "chance_rain_day": chance_limit("precipitation", ">=", 10, True),
        # chance rain>=1mm/day 4 and confidence 4: days whose members' hours add up to exactly 1 mm
        # (0.3 + 0.3 + 0.3 + 0.1) reach it in both
        "chance_rain_1mm_day": chance_limit("precipitation", ">=", 1, True, days=4),
        "confidence_rain": confidence_rain(4),
        # trial 61: chance gusts>=50 rain>=1 10 and confidence 7 — Thu 29 Oct, where members
        # 48–50 stop one value short (labelled Fri 00:00 CET): those already there count
        "chance_gusts_50": chance_limit("wind_gusts_10m", ">=", 50, False, days=10),
        "chance_rain_1mm_hour": chance_limit("precipitation", ">=", 1, False, days=10),
        "confidence_rain_7": confidence_rain(7),
        "plume_gusts": plume("wind_gusts_10m", 24),
        "plume_temperature": plume("temperature_2m", 48),
    }
    # The Paris answer with holes no member fills (48.60, 2.35): temperature null at Fri 23 Oct
    # 09:00 CEST, precipitation null from Mon 26 Oct 20:00 CET to the end.
    load("paris-south-ecmwf-ifs025-51-members-null-hours-hand-written.json")
    tuesday = datetime(2026, 10, 27).date()
    wednesday = datetime(2026, 10, 28).date()
    cases["gaps_plume_temperature"] = plume("temperature_2m", 4)
    cases["gaps_plume_rain"] = plume("precipitation", 200)
    cases["gaps_best_dry_tuesday"] = best(2, [("precipitation", "<", 0.1)], day_start(tuesday), day_start(wednesday))
    cases["gaps_chance_rain"] = chance_limit("precipitation", ">=", 1, False)
    cases["gaps_chance_rain_held"] = chance_held("precipitation", 1)
    load(NAME)
    print(json.dumps(cases, sort_keys=True))


if __name__ == "__main__":
    main()
