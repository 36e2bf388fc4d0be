#!/usr/bin/env python3
"""What `wx check --rain/--frost` should read from the hand-written Paris ensemble (or the
answer argv[2] names under Fixtures/, at the zone argv[3]), computed here from the member values
with code of its own (not wx's): for today and tomorrow at the place's clock (Europe/Paris) from
WX_NOW, the members that count for the day, those whose day's precipitation sum is at least 1 mm
(rain) and whose day's lowest temperature is below 0 °C (frost); the day with the higher share
is the reading. A member counts with a whole day of values, or — lacking some (its values stop
early, or have a gap) — when those it has already settle it: an amount already at 1 mm, an
instant already below 0 °C (the hours missing cannot undo either); else it is left out. An hourly precipitation value is
the sum of the hour before its time (Open-Meteo's variable table), so a day's sum takes the
hours that end in it: those whose preceding hour starts between 00:00 and 23:00 of the day.
Today is the rest of today: only the hours still to come count, those starting at or after the
next whole hour from WX_NOW (for rain, the covered hour's start; an hour begun is not to come).
Prints one JSON object:
{"rain": {"date", "members", "of"}, "frost": {...}, "rain_today": {...}, "frost_today": {...}}
for the instant given as argv[1] (the `_today` readings are today's, whichever is higher)."""
import json
import re
import sys
from datetime import datetime, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

HERE = Path(__file__).resolve().parent
ANSWER = HERE.parent / "open-meteo-ensemble" / "paris-ecmwf-ifs025-51-members-all-variables-dst-hand-written.json"


def series(hourly, name):
    """The control run and the members of a variable, each a list of hourly values."""
    keys = [name] + sorted(k for k in hourly if k.startswith(name + "_member"))
    return [hourly[k] for k in keys]


def main():
    now = datetime.fromisoformat(sys.argv[1].replace("Z", "+00:00"))
    answer = ANSWER if len(sys.argv) < 3 else HERE.parent / sys.argv[2]
    # Hamburg's bare `nan` (no JSON) is read as wx reads it: no value.
    hourly = json.loads(re.sub(r"\bnan\b", "null", answer.read_text()))["hourly"]
    zone = ZoneInfo(sys.argv[3] if len(sys.argv) > 3 else "Europe/Paris")
    local = [datetime.fromtimestamp(t, timezone.utc).astimezone(zone) for t in hourly["time"]]
    today = now.astimezone(zone).date()
    # The next whole hour (now itself on the hour), as an instant.
    next_hour = datetime.fromtimestamp(-(-int(now.timestamp()) // 3600) * 3600, timezone.utc)
    days = {}
    for index, moment in enumerate(local):
        days.setdefault(moment.date(), []).append(index)
    # The hour each precipitation value covers begins an hour before its time.
    covered = [datetime.fromtimestamp(t - 3600, timezone.utc).astimezone(zone) for t in hourly["time"]]
    wet_days = {}
    for index, moment in enumerate(covered):
        wet_days.setdefault(moment.date(), []).append(index)
    result = {}
    for kind, name in (("rain", "precipitation"), ("frost", "temperature_2m")):
        best = None
        for offset in (0, 1):
            date = today.fromordinal(today.toordinal() + offset)
            starts = covered if kind == "rain" else local
            indices = (wet_days if kind == "rain" else days).get(date, [])
            if not indices or starts[indices[0]].hour != 0 or starts[indices[-1]].hour != 23:
                continue
            if offset == 0:
                indices = [i for i in indices if starts[i] >= next_hour]
                if not indices:
                    continue
            count = 0
            whole = []
            for member in series(hourly, name):
                known = [member[i] for i in indices if i < len(member) and member[i] is not None]
                meets = bool(known) and (sum(known) >= 1.0 - 1e-9 if kind == "rain" else min(known) < 0)
                if len(known) == len(indices) or meets:
                    whole.append(known)
                    count += meets
            reading = {"date": date.isoformat(), "members": count, "of": len(whole)}
            if offset == 0:
                result[kind + "_today"] = reading
            if whole and (best is None or count / len(whole) > best["members"] / best["of"]):
                best = reading
        result[kind] = best
    print(json.dumps(result, sort_keys=True))


main()
