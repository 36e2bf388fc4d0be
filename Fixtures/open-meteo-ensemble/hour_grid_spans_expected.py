#!/usr/bin/env python3
"""What the ensemble views must say on a half-hour or 45-minute hour grid, where `chance`'s busy
hours fall apart, and which `best` windows no member can judge — without wx's code.

1. Kolkata (+05:30) and Chatham (+13:45): the Paris answer shifted so its hours are the place's
   whole hours (xx:30 and xx:15 UTC, as Open-Meteo answers there). "The next hour" is the
   answer's first hour at or after now (its own grid), not the next whole UTC hour. From it:
   the rest of today's low (median, 10th to 90th percentile, linear between closest ranks) and
   the members with 1 mm or more in the hours covered from it to midnight (amounts cover the
   hour before their time); `plume`'s first hour (temperature: the instant; gusts: the value
   covering the next hour, whose own time is an hour later); `best 1h`'s first window start;
   `chance rain>=0.1mm 2` in the last local hour of the day (today still counted: its last
   hour's amount).
2. `chance temp<=8 3` at New York (GFS, 31 members) and `chance temp<=0 4` at Hamburg: per day
   (local calendar, today from the next hour) the members reaching it (any instant) and each
   run of consecutive hours whose count of members at or under the limit is at least half the
   day's highest — one span per run, [first instant, last instant] in UTC — and the text's
   "most 00:00–02:00 and 18:00–23:00". The day the answer stops within (its last time falls
   before the day's last hour) is counted over the hours it holds, as `chance` shows such a day;
   a member whose values stop early counts when those it has already reach the limit.
3. `best 1h temp<12 today` at the null-hours answer (48.6, 2.35): the 1-hour windows of today
   from the next hour that no member has both temperatures of, merged into runs an hour apart,
   each as its covered span (local HH:MM–HH:MM).

Prints one JSON object, a key per case.

Run: python3 Fixtures/open-meteo-ensemble/hour_grid_spans_expected.py
"""
import datetime
import json
import os
import re
from decimal import Decimal
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
UTC = datetime.timezone.utc
HOUR = datetime.timedelta(hours=1)


def load(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        hourly = json.loads(re.sub(r"\bnan\b", "null", f.read()))["hourly"]
    times = [datetime.datetime.fromtimestamp(t, UTC) for t in hourly["time"]]
    return hourly, times


def members(hourly, variable):
    keys = [variable] + sorted(k for k in hourly if k.startswith(variable + "_member"))
    return [hourly[k] for k in keys if k in hourly and any(v is not None for v in hourly[k])]


def percentile(values, p):
    values = sorted(values)
    h = (len(values) - 1) * p
    low = int(h)
    high = min(low + 1, len(values) - 1)
    return values[low] + (h - low) * (values[high] - values[low])


def consecutive(indices):
    """[first, last] of each run of consecutive indices, in order."""
    runs = []
    for i in indices:
        if runs and runs[-1][1] == i - 1:
            runs[-1][1] = i
        else:
            runs.append([i, i])
    return runs


def start(name, zone_name, now_text):
    """The answer, its zone, now, the next hour on the answer's own grid and today there."""
    hourly, times = load(name)
    zone = ZoneInfo(zone_name)
    now = at(now_text)
    nxt = min(t for t in times if t >= now)
    return hourly, times, zone, now, nxt, now.astimezone(zone).date()


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def at(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def grid(name, zone_name, now_text, late_text):
    hourly, times, zone, now, nxt, today = start(name, zone_name, now_text)
    instants = [i for i, t in enumerate(times) if t >= nxt and t.astimezone(zone).date() == today]
    ending = [i for i, t in enumerate(times) if t - HOUR >= nxt and (t - HOUR).astimezone(zone).date() == today]
    rows = [[m[i] for i in instants] for m in members(hourly, "temperature_2m")]
    lows = [min(r) for r in rows if None not in r]
    sums = [sum(Decimal(str(m[i])) for i in ending) for m in members(hourly, "precipitation")
            if None not in [m[i] for i in ending]]
    gust_index = times.index(nxt + HOUR)
    gusts = [m[gust_index] for m in members(hourly, "wind_gusts_10m") if m[gust_index] is not None]
    # The last local hour of the day: today keeps the amount covering it.
    late = at(late_text)
    late_next = min(t for t in times if t >= late)
    late_today = late.astimezone(zone).date()
    days = []
    for date in [late_today, late_today + datetime.timedelta(days=1)]:
        slots = [i for i, t in enumerate(times) if t - HOUR >= late_next and (t - HOUR).astimezone(zone).date() == date]
        rows = [[m[i] for i in slots] for m in members(hourly, "precipitation")]
        rows = [r for r in rows if None not in r]
        days.append([date.isoformat(), sum(1 for r in rows if any(v >= 0.1 for v in r)), len(rows)])
    return {
        "next_hour": iso(nxt),
        "next_hour_local": nxt.astimezone(zone).strftime("%H:%M"),
        "low": [f"{percentile(lows, .5):.1f}", f"{percentile(lows, .1):.1f}", f"{percentile(lows, .9):.1f}"],
        "wet": [sum(1 for s in sums if s >= 1), len(sums)],
        "plume_gusts_first": [iso(nxt + HOUR), round(percentile(gusts, .5), 1)],
        "chance_late": days,
    }


def spans(name, zone_name, now_text, count, limit):
    hourly, times, zone, now, nxt, today = start(name, zone_name, now_text)
    rows = members(hourly, "temperature_2m")
    out = []
    for offset in range(count):
        date = today + datetime.timedelta(days=offset)
        slots = [i for i, t in enumerate(times) if t >= nxt and t.astimezone(zone).date() == date]
        # A day the answer does not cover to its last hour is shown only when the answer stops
        # within it (its last time is the day's last held: the hours missing are its end).
        if not slots or ((times[slots[-1]] + HOUR).astimezone(zone).date() == date and slots[-1] != len(times) - 1):
            continue
        per = [0] * len(slots)
        counted = reaching = 0
        for m in rows:
            values = [m[i] if i < len(m) else None for i in slots]
            # A member short of a value counts when those it has already reach the limit
            # (trial 61): it reaches it whatever the rest; else it is left out.
            known = [v for v in values if v is not None]
            reached = any(v <= limit for v in known)
            if len(known) < len(values) and not reached:
                continue
            counted += 1
            reaching += reached
            for j, v in enumerate(values):
                per[j] += v is not None and v <= limit
        runs = consecutive([j for j in range(len(slots)) if per[j] * 2 >= max(per)]) if reaching and max(per) else []
        # The text: each span at the place's clock ("18:00–23:00", one instant "23:00"), at
        # most three ("a, b and c"; these days have no more).
        local = lambda i: times[slots[i]].astimezone(zone).strftime("%H:%M")
        parts = [local(a) if a == b else f"{local(a)}–{local(b)}" for a, b in runs]
        text = "most " + (parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]) if parts else ""
        # --json's most_from/most_until: the span with the most member-hours, the earliest of equals.
        busiest = max(runs, key=lambda run: (sum(per[run[0]:run[1] + 1]), -run[0]), default=None)
        out.append([date.isoformat(), reaching, counted, [[iso(times[slots[a]]), iso(times[slots[b]])] for a, b in runs],
                    f"{date:%a %d %b}", text,
                    [iso(times[slots[busiest[0]]]), iso(times[slots[busiest[1]]])] if busiest else None])
    return out


def unjudged(name, zone_name, now_text):
    hourly, times, zone, now, nxt, today = start(name, zone_name, now_text)
    rows = members(hourly, "temperature_2m")
    starts = [s for s in range(len(times) - 1)
              if times[s] >= nxt and (times[s + 1] - HOUR).astimezone(zone).date() == today
              and not any(m[s] is not None and m[s + 1] is not None for m in rows)]
    runs = consecutive(starts)
    local = lambda t: t.astimezone(zone).strftime("%H:%M")
    return [f"{local(times[a])}–{local(times[b] + HOUR)}" for a, b in runs]


print(json.dumps({
    "kolkata": grid("kolkata-ecmwf-ifs025-51-members-hand-written-from-paris.json", "Asia/Kolkata",
                    "2026-10-23T05:10:00Z", "2026-10-23T17:10:00Z"),
    "chatham": grid("chatham-ecmwf-ifs025-51-members-hand-written-from-paris.json", "Pacific/Chatham",
                    "2026-10-23T05:10:00Z", "2026-10-23T08:40:00Z"),
    "new_york_temp_le_8": spans("new-york-gfs025-31-members-hand-written.json", "America/New_York",
                                "2026-12-01T03:10:00Z", 3, 8),
    "hamburg_temp_le_0": spans("hamburg-ecmwf-ifs025-51-members-hand-written.json", "Europe/Berlin",
                               "2026-12-01T11:10:00Z", 4, 0),
    "paris_south_unjudged": unjudged("paris-south-ecmwf-ifs025-51-members-null-hours-hand-written.json",
                                     "Europe/Paris", "2026-10-23T05:10:00Z"),
}, indent=1, ensure_ascii=False))
