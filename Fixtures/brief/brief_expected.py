#!/usr/bin/env python3
"""The facts `wx brief` should state for Berlin's recorded forecast (answered in GMT) at the
instant given as argv[1], computed here from the recording with code of its own, by the rules
`help brief` states (`rain`'s reading): a wet hour has 0.1 mm or more (the sum of the hour
before its time); the spell is the first run of wet hours among those reaching past now within
24 hours, starting where its first wet hour begins (now, when that is past) and dry again where
its last ends; the amount is what is still to come within the 24 hours (of the hour holding now,
the share of it after now; of the hour running past the 24 hours' end, the share of it before);
"hours_left" is the whole hours from now the answer covers; the heaviest is its wettest hour
(the first of equals) with the hours in a row after it that have as much (heaviest_start to
heaviest_end), which ends at the 24 hours' end at the latest (the sentence says no more
than it looks at); tomorrow's and today's highs are the days of the place's calendar
(Europe/Berlin). Prints one JSON object with "rain" (null when dry) and "tomorrow"."""
import json
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

ANSWER = Path(__file__).resolve().parent.parent / "open-meteo-forecast" / "berlin-gmt-all-params-168h-daily-reformatted.json"


def iso(moment):
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def main():
    now = datetime.fromisoformat(sys.argv[1].replace("Z", "+00:00"))
    answer = json.loads(ANSWER.read_text())
    hourly = answer["hourly"]
    times = [datetime.fromisoformat(t).replace(tzinfo=timezone.utc) for t in hourly["time"]]
    amounts = hourly["precipitation"]
    # Each amount is the hour before its time: the hours that reach past now, up to 24 hours
    # from now (`rain`'s reading, which brief shares).
    end = now + timedelta(hours=24)
    window = [(t, a or 0.0) for t, a in zip(times, amounts) if t > now and t - timedelta(hours=1) < end]
    rain = None
    wet = [i for i, (_, a) in enumerate(window) if a >= 0.1 - 1e-9]
    if wet:
        first = last = wet[0]
        while last + 1 < len(window) and window[last + 1][1] >= 0.1 - 1e-9:
            last += 1
        spell = window[first:last + 1]
        heaviest = max(spell, key=lambda hour: hour[1])  # max keeps the first of equals
        # The heaviest runs on over the hours in a row after it with the same amount.
        run_end = spell.index(heaviest)
        while run_end + 1 < len(spell) and spell[run_end + 1][1] == heaviest[1]:
            run_end += 1
        lasts = last == len(window) - 1
        rain = {
            # Raining now: from now; else where the first wet hour begins.
            "start": iso(max(now, spell[0][0] - timedelta(hours=1))),
            # Dry again where the last wet hour ends; past the data, where the data end.
            "end": iso(min(spell[-1][0], end) if not lasts else min(window[-1][0], end)),
            "heaviest_start": iso(heaviest[0] - timedelta(hours=1)), "heaviest_end": iso(min(spell[run_end][0], end)),
            "heaviest_precipitation_millimetres": heaviest[1],
            # Still to come and within the 24 hours: of an hour begun (raining now), the part
            # after now only; of an hour running past the 24 hours' end, the part before it.
            "precipitation_millimetres": round(
                sum(a * max(0.0, (min(t, end) - max(t - timedelta(hours=1), now)).total_seconds()) / 3600
                    for t, a in spell), 6),
            "still_raining_at_end": lasts,
        }
    hours_left = 0
    if window:
        hours_left = int(min(24 * 3600, (window[-1][0] - now).total_seconds()) // 3600)
    today = now.astimezone(ZoneInfo("Europe/Berlin")).date()
    highs = dict(zip(answer["daily"]["time"], answer["daily"]["temperature_2m_max"]))
    tomorrow = {
        "today_high_celsius": highs.get(today.isoformat()),
        "tomorrow_high_celsius": highs.get((today + timedelta(days=1)).isoformat()),
    }
    print(json.dumps({"rain": rain, "tomorrow": tomorrow, "hours_left": hours_left}, sort_keys=True))


main()
