#!/usr/bin/env python3
"""The members each `confidence` day rests on, without wx's code: the bad-members answer
(Berlin's coordinates) and Hamburg's 51 members (members 46–50 null for the last 30 hours, a
`nan` in member 07's temperature).

A member counts for a day's temperature only with every instant of it (00:00–23:00 at
Europe/Berlin's clock, CET) and for its rain with every hour ending within it, or when the
amounts it has there already add up to 1 mm (trial 61: such a member is wet whatever the rest);
for its frost (`frost_members` of `frost_of_members` in --json) by the same rule: with every
instant, or when an instant it has is already below 0 °C (a frost whatever the rest). Today (the
test's clock, `NOW`) is the rest of today: its instants from the next whole hour (the clock's
own hour when it reads a whole hour) to 23:00, its rain the hours ending after that hour. A day whose
temperature rests on fewer members than the answer has with temperature (the control run and
the `temperature_2m_memberNN` keys with a value), or whose rain on fewer than it has with
precipitation, is said: "Wed 02 Dec: 4 of 5 members (…)" when both rest on as many (out of the
heading's count, the larger of the two), else each short one out of its own; in the parentheses
why the others are left out — they lack values for part of the day (a member with every value
counts), and for the rain their amounts there are under 1 mm.

Prints one line a whole day, tab-separated: the answer's file, the ISO date, its temperature members, the answer's
members with temperature, its rain members, the answer's with precipitation, the heading's count,
the note ("Wed 02 Dec: 4 of 5 members (the others lack …)"; "none" for a day with them all), the
members with frost and the members that count for frost.

With `members`, prints instead the members `plume temp`, `best … 'temp>2'` and `chance
'temp>=3' 'rain>=1'` say of the bad-members answer (trial 63: plume and best said 5 of them in
the answer, chance 6): one line each, tab-separated — the command, the members the answer lists
for the variables it reads (any of them; with a value or not), and of those the members without
any value of one of them (left out), so that the members used are the first less the second.

Run: python3 Fixtures/open-meteo-ensemble/short_day_members_expected.py [members]
"""
import datetime
import json
import os
import re
import sys
from decimal import Decimal
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
UTC = datetime.timezone.utc
ZONE = ZoneInfo("Europe/Berlin")
# The clock each answer is asked at in ShortDayMembersEndToEndTests.
NOW = {
    "bad-members-hand-written.json": datetime.datetime(2026, 12, 1, 6, 0, tzinfo=UTC),
    "hamburg-ecmwf-ifs025-51-members-hand-written.json": datetime.datetime(2026, 12, 1, 7, 10, tzinfo=UTC),
}



def report(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        # Hamburg's bare `nan` (no JSON) is read as wx reads it: no value.
        hourly = json.loads(re.sub(r"\bnan\b", "null", f.read()))["hourly"]
    times = [datetime.datetime.fromtimestamp(t, UTC) for t in hourly["time"]]

    def members(variable):
        keys = [variable] + sorted(k for k in hourly if k.startswith(variable + "_member"))
        return [hourly[k] for k in keys if any(v is not None for v in hourly[k])]

    def frost(series, indices):
        """(members with frost, members counted for frost): a member counts with every instant,
        or with one it has already below 0 °C; it has frost when an instant is below 0 °C."""
        counted = with_frost = 0
        for m in series:
            known = [m[i] for i in indices if i < len(m) and m[i] is not None]
            below = any(v < 0 for v in known)
            if len(known) == len(indices) or below:
                counted += 1
                with_frost += below
        return with_frost, counted

    def covering(series, indices, wet=False):
        # A member short of an amount counts for the rain when those it has already add up to
        # 1 mm (exactly, as the service writes them): it is wet whatever the rest adds.
        def known(m):
            return [m[i] for i in indices if i < len(m) and m[i] is not None]

        return sum(1 for m in series if len(known(m)) == len(indices)
                   or (wet and sum(Decimal(str(v)) for v in known(m)) >= 1))

    temperature, precipitation = members("temperature_2m"), members("precipitation")
    heading = max(len(temperature), len(precipitation))
    now = NOW[name]
    start = now.replace(minute=0, second=0) + (datetime.timedelta(hours=1) if now.minute or now.second else datetime.timedelta())
    today = now.astimezone(ZONE).date()
    for date in sorted({t.astimezone(ZONE).date() for t in times}):
        if date < today:
            continue
        first = start if date == today else None
        instants = [i for i, t in enumerate(times) if t.astimezone(ZONE).date() == date and (first is None or t >= first)]
        ending = [
            i for i, t in enumerate(times)
            if (t - datetime.timedelta(hours=1)).astimezone(ZONE).date() == date and (first is None or t > first)
        ]
        hours = 24 if first is None else 24 - first.astimezone(ZONE).hour
        if len(instants) != hours or len(ending) != hours:
            continue  # not a whole day (or the whole rest of today): not shown
        t, p = covering(temperature, instants), covering(precipitation, ending, wet=True)
        label = f"{date:%a %d %b}"
        short_t, short_p = t < len(temperature), p < len(precipitation)
        wet = "under 1 mm in the hours they have"
        why = (
            "the others lack a temperature for part of the day" if short_t and not short_p
            else f"the others lack rain for part of the day and are {wet}" if short_p and not short_t
            else f"the others lack values for part of the day, and their rain is {wet}")
        if not short_t and not short_p:
            note = "none"
        elif t == p:
            note = f"{label}: {t} of {heading} members ({why})"
        else:
            parts = ([f"temperature from {t} of {len(temperature)} members"] if short_t else []) + (
                [f"rain from {p} of {len(precipitation)} members"] if short_p else [])
            note = f"{label}: " + ", ".join(parts) + f" ({why})"
        frosty, frost_of = frost(temperature, instants)
        print("\t".join(map(str, [name, date.isoformat(), t, len(temperature), p, len(precipitation), heading, note,
                                  frosty, frost_of])))


def members_said(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        hourly = json.load(f)["hourly"]

    def listed(variable):
        """Member number -> whether it has any value, for every key of `variable`."""
        found = {}
        for key, values in hourly.items():
            if key == variable:
                found[0] = any(v is not None for v in values)
            elif key.startswith(variable + "_member"):
                found[int(key[len(variable) + 7:])] = any(v is not None for v in values)
        return found

    for command, variables in [("plume", ["temperature_2m"]), ("best", ["temperature_2m"]),
                               ("chance", ["temperature_2m", "precipitation"])]:
        numbers = set().union(*(listed(v).keys() for v in variables))
        without = {n for v in variables for n, has in listed(v).items() if not has}
        print(f"{command}\t{len(numbers)}\t{len(without & numbers)}")


if sys.argv[1:] == ["members"]:
    members_said("bad-members-hand-written.json")
else:
    report("bad-members-hand-written.json")
    report("hamburg-ecmwf-ifs025-51-members-hand-written.json")
