#!/usr/bin/env python3
"""`chance frost` on a night the ensemble covers only in part, without wx's code.

A frost night runs from 18:00 the evening before to 09:00 the morning it is filed under, at the
place's clock, both instants included, from the next whole hour after now. When the answer holds
no member's temperature for some of its instants (here: the answer stops within the night), the
night is counted over the instants it holds, as a day covered in part is: the members with a
temperature at every held instant, and those lacking some that are already below 0 °C at one
they hold; and those below 0 °C at one of them (a floor: the instants missing can only add frost). Cases: Paris's answer stops at 23:00 CET on Fri 30 Oct
(the night to Sat 31 Oct held to 23:00); Hamburg's hand-edited answer has the 03:00 CET instant of
the night to Fri 04 Dec null in every member.

argv: ANSWER (under Fixtures/open-meteo-ensemble/) NOW (ISO 8601 UTC) ZONE MORNING (YYYY-MM-DD)

Prints one JSON object: {"morning", "hours_covered", "hours_in_night", "end" (HH:MM at the place),
"end_utc", "gaps" (held-less instants before the last held, HH:MM), "ends_early" (the answer stops
within the night), "frost", "of", "percent"}.

Run: python3 Fixtures/open-meteo-ensemble/frost_part_night_expected.py \
  paris-ecmwf-ifs025-51-members-all-variables-dst-hand-written.json 2026-10-29T12:00:00Z Europe/Paris 2026-10-31
"""
import datetime
import json
import os
import sys
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
UTC = datetime.timezone.utc


def main():
    name, now_text, zone_name, morning_text = sys.argv[1:5]
    zone = ZoneInfo(zone_name)
    now = datetime.datetime.fromisoformat(now_text.replace("Z", "+00:00"))
    morning = datetime.date.fromisoformat(morning_text)
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        hourly = json.load(f)["hourly"]
    times = [datetime.datetime.fromtimestamp(t, UTC) for t in hourly["time"]]
    keys = ["temperature_2m"] + sorted(k for k in hourly if k.startswith("temperature_2m_member"))
    members = [hourly[k] for k in keys if any(v is not None for v in hourly[k])]
    # The next whole hour (the answer's hours are whole UTC hours here).
    start = now.replace(minute=0, second=0, microsecond=0)
    if start < now:
        start += datetime.timedelta(hours=1)
    eve_start = datetime.datetime.combine(morning - datetime.timedelta(days=1), datetime.time(18), zone)
    end = datetime.datetime.combine(morning, datetime.time(9), zone)
    first = max(start, eve_start.astimezone(UTC))
    instants = []
    moment = first
    while moment <= end.astimezone(UTC):
        instants.append(moment)
        moment += datetime.timedelta(hours=1)
    position = {t: i for i, t in enumerate(times)}
    held = [position[t] for t in instants if t in position and any(m[position[t]] is not None for m in members)]
    assert 0 < len(held) < len(instants), "the night is not covered in part"
    # A member with a value at every held instant counts either way; one lacking some counts
    # when those it has already hold frost (the missing can only add frost), else it is left out
    # (the rule of chance's footnote, trial 61).
    def has_frost(m):
        return any(m[i] is not None and m[i] < 0 for i in held)
    full = [m for m in members if all(m[i] is not None for i in held) or has_frost(m)]
    frost = sum(1 for m in full if has_frost(m))
    last = times[held[-1]]
    # The instants inside the night no member has (before the last held), at the place's clock.
    held_times = {times[i] for i in held}
    gaps = [t.astimezone(zone).strftime("%H:%M") for t in instants if t < last and t not in held_times]
    print(json.dumps({
        "morning": morning.isoformat(),
        "hours_covered": len(held),
        "hours_in_night": len(instants),
        "end": last.astimezone(zone).strftime("%H:%M"),
        "end_utc": last.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "gaps": gaps,
        "ends_early": len(held) + len(gaps) < len(instants),
        "frost": frost,
        "of": len(full),
        "percent": frost * 100 / len(full),
    }))


if __name__ == "__main__":
    main()
