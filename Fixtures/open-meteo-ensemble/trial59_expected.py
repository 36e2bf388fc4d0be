#!/usr/bin/env python3
"""What wx should say in trial59's findings 2, 8 and 12, computed here apart from wx.

  day FILE DATE          {"members", "of_members", "likelihood"}: the whole of DATE (Paris's
                         clock) in FILE (a name in this folder), counted by
                         later_run_chance_expected.py's `count` (a member is wet when its hours
                         add up to 1 mm or more; an hour's amount covers the hour before its
                         time); the likelihood by `help brief`'s words (65 % or more likely,
                         35 % or less unlikely).
  label ZONE INSTANT     {"clock", "day_clock", "day"}: INSTANT (ISO 8601 UTC) at ZONE's clock,
                         "02:00 CET" (the zone added when that reading happens twice, the
                         night the clocks go back), "Sun 25 Oct 02:00 CET", and "Tue 01 Dec".
  next ZONE INSTANT      the same for the next whole hour after INSTANT.
  rain_end FILE          {"end", "from", "until"}: the last precipitation value any member of
                         FILE has: its time is the end of the hour it covers ("Fri 30 Oct
                         23:00"), and that hour ("22:00", "23:00"), at Paris's clock.
"""
import json
import re
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

sys.dont_write_bytecode = True  # no __pycache__ left in Fixtures/
sys.path.insert(0, str(Path(__file__).resolve().parent))
from later_run_chance_expected import ZONE, count  # noqa: E402

HERE = Path(__file__).resolve().parent
NAN = re.compile(r"(?<=[,\[\s])(nan|NaN)(?=[,\]])")


def body(name):
    return json.loads(NAN.sub("NaN", (HERE / name).read_text()))


def likelihood(wet, of):
    percent = wet * 100 / of if of else 0
    return "likely" if percent >= 65 else "unlikely" if percent <= 35 else "possible"


def repeated(local):
    """Whether the wall-clock reading of `local` happens twice (fold 0 and 1 differ)."""
    naive = local.replace(tzinfo=None)
    zone = local.tzinfo
    return naive.replace(tzinfo=zone, fold=0).utcoffset() != naive.replace(tzinfo=zone, fold=1).utcoffset()


def label(zone, instant):
    local = instant.astimezone(ZoneInfo(zone))
    clock = local.strftime("%H:%M") + (" " + local.strftime("%Z") if repeated(local) else "")
    day = local.strftime("%a %d %b")
    return {"clock": clock, "day_clock": f"{day} {clock}", "day": day, "zone": local.strftime("%Z")}


def main():
    kind = sys.argv[1]
    if kind == "day":
        date = datetime.fromisoformat(sys.argv[3]).replace(tzinfo=ZONE)
        wet, of = count(body(sys.argv[2]), int(date.timestamp()))
        print(json.dumps({"members": wet, "of_members": of, "likelihood": likelihood(wet, of)}))
    elif kind in ("label", "next"):
        instant = datetime.fromisoformat(sys.argv[3].replace("Z", "+00:00"))
        if kind == "next":
            start = instant.replace(minute=0, second=0, microsecond=0)
            instant = start + timedelta(hours=1) if start < instant else start
        print(json.dumps(label(sys.argv[2], instant)))
    elif kind == "rain_end":
        hourly = body(sys.argv[2])["hourly"]
        last = max(
            t for i, t in enumerate(hourly["time"])
            if any(
                (key == "precipitation" or key.startswith("precipitation_member"))
                and i < len(values) and values[i] is not None and values[i] == values[i]
                for key, values in hourly.items()))
        end = datetime.fromtimestamp(last, timezone.utc).astimezone(ZONE)
        start = end - timedelta(hours=1)
        print(json.dumps({
            "end": end.strftime("%a %d %b %H:%M"), "from": start.strftime("%H:%M"), "until": end.strftime("%H:%M")}))
    else:
        sys.exit(f"unknown: {kind}")


if __name__ == "__main__":
    main()
