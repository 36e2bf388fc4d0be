#!/usr/bin/env python3
"""A later run of the hand-written Paris ensemble
(paris-ecmwf-ifs025-51-members-all-variables-dst-hand-written.json),
and the chance of rain `changed` should compare between a look at the first answer and one at
the later run, computed here with code of its own by the rule `help changed` and `help chance`
state: the rest of today from the later look's next whole hour, both sides (an hour's
precipitation is the sum of the hour before its time, so the rest from 21:00 takes the values
labelled 22:00 … 24:00); a member counts when it has every value of the span, and is wet when
they add up (exactly, as written) to 1 mm or more.

  body VARIANT               prints the later run's answer (the tests queue it as the service's)
  expected VARIANT LATER_NOW prints {"from", "was_members", "was_of_members", "now_members",
                             "now_of_members", "whole_day_was", "whole_day_now"}

Variants: "morning" — 30 members wetter this morning only (hours already past at 20:10);
"evening" — that, and 20 members with 0.5 mm in each of the hours ending 22:00 and 23:00.
"""
import json
import re
import sys
from datetime import datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

HERE = Path(__file__).resolve().parent
NAME = "paris-ecmwf-ifs025-51-members-all-variables-dst-hand-written.json"
ZONE = ZoneInfo("Europe/Paris")
DAY = "2026-10-23"
NAN = re.compile(r"(?<=[,\[])nan(?=[,\]])")


def first():
    return json.loads(NAN.sub("NaN", (HERE / NAME).read_text()))


def later(variant):
    body = first()
    hourly = body["hourly"]
    times = hourly["time"]
    for key in [k for k in hourly if k == "precipitation" or k.startswith("precipitation_member")]:
        number = 0 if key == "precipitation" else int(key[len("precipitation_member"):])
        values = hourly[key]
        for i, t in enumerate(times):
            local = datetime.fromtimestamp(t, ZONE)
            if local.date().isoformat() != DAY:
                continue
            if number < 30 and local.hour in (10, 11):
                values[i] = 0.6
            if variant == "evening" and number < 20 and local.hour in (22, 23):
                values[i] = 0.5
    body["generationtime_ms"] = 13.5
    return body


def count(body, start):
    """(wet members, members) over the precipitation values whose covered hour starts at
    `start` or later within `start`'s local day."""
    hourly = body["hourly"]
    day = datetime.fromtimestamp(start, ZONE).date()
    slots = [
        i for i, t in enumerate(hourly["time"])
        if t - 3600 >= start and datetime.fromtimestamp(t - 3600, ZONE).date() == day
    ]
    wet = of = 0
    for key, values in hourly.items():
        if key != "precipitation" and not key.startswith("precipitation_member"):
            continue
        amounts = [values[i] if i < len(values) else None for i in slots]
        if not slots or any(a is None or a != a for a in amounts):
            continue
        of += 1
        if sum(Decimal(repr(a)) for a in amounts) >= 1:
            wet += 1
    return wet, of


def main():
    if sys.argv[1] == "body":
        print(NAN.sub("nan", json.dumps(later(sys.argv[2]), ensure_ascii=False, separators=(",", ":"))))
        return
    variant, now = sys.argv[2], datetime.fromisoformat(sys.argv[3].replace("Z", "+00:00"))
    start = now.replace(minute=0, second=0, microsecond=0)
    if start < now:
        start += timedelta(hours=1)
    start = int(start.timestamp())
    midnight = int(datetime.fromtimestamp(start, ZONE).replace(hour=0).timestamp())
    (was, was_of), (now_wet, now_of) = count(first(), start), count(later(variant), start)
    print(json.dumps({
        "from": datetime.fromtimestamp(start, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "was_members": was, "was_of_members": was_of, "now_members": now_wet, "now_of_members": now_of,
        "whole_day_was": count(first(), midnight)[0], "whole_day_now": count(later(variant), midnight)[0],
    }))


if __name__ == "__main__":
    main()
