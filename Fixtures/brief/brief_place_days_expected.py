#!/usr/bin/env python3
"""`brief`'s days when the answers came in GMT, without wx's code.

The ensemble's chance of a wet day is counted over the place's calendar days, as `check` and
`chance` count them (README): the rest of today from the next whole hour, tomorrow whole, each
day's amount being the hours ending within it (labels 01:00 to the next day's 00:00, added as the
decimals written); a member counts with every value of the day. The same dates counted as UTC
days are given beside them, to show the two differ at the instant asked. And the forecast's days, which a
GMT answer gives as UTC days: where each begins at the place's clock ("05:30 IST" in Delhi).

argv: ENSEMBLE (under Fixtures/, or "-" for none) NOW (ISO 8601 UTC) ZONE

Prints one JSON object: {"today", "tomorrow", "place": {"rest_of_today": [wet, of], "tomorrow":
[wet, of]}, "utc": {…the same over UTC days…}, "utc_day_start": "HH:MM", "utc_day_zone": "IST"}.

Run: python3 Fixtures/brief/brief_place_days_expected.py \
  open-meteo-ensemble/berlin-ecmwf-ifs025-51-members-hand-written-from-forecast.json 2025-07-27T23:30:00Z Europe/Berlin
"""
import datetime
import json
import math
import os
import sys
from decimal import Decimal
from zoneinfo import ZoneInfo

FIXTURES = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
UTC = datetime.timezone.utc


def counts(hourly, zone, start, date):
    """Members with 1 mm or more over `date` at `zone`'s clock, of those with every value: the
    hours ending within the day from `start` (Unix seconds); None unless the answer covers the
    day to its end."""
    keys = ["precipitation"] + sorted(k for k in hourly if k.startswith("precipitation_member"))
    rows = [hourly[k] for k in keys if any(v is not None for v in hourly[k])]
    times = hourly["time"]
    ending = [i for i, t in enumerate(times)
              if t - 3600 >= start and datetime.datetime.fromtimestamp(t - 3600, zone).date() == date]
    if not ending or datetime.datetime.fromtimestamp(times[ending[-1]], zone).date() == date:
        return None
    sums = [sum(Decimal(str(m[i])) for i in ending) for m in rows if all(m[i] is not None for i in ending)]
    return [sum(1 for s in sums if s >= 1), len(sums)]


def main():
    name, now_text, zone_name = sys.argv[1:4]
    zone = ZoneInfo(zone_name)
    now = datetime.datetime.fromisoformat(now_text.replace("Z", "+00:00"))
    start = math.ceil(now.timestamp() / 3600) * 3600
    # The place's today and tomorrow, counted over its calendar — and, beside them, the UTC
    # days of the same dates (what an answer in GMT read at its own clock counts).
    today = now.astimezone(zone).date()
    tomorrow = today + datetime.timedelta(days=1)
    result = {"today": today.isoformat(), "tomorrow": tomorrow.isoformat()}
    for kind, clock in [("place", zone), ("utc", UTC)]:
        if name != "-":
            with open(os.path.join(FIXTURES, name), encoding="utf-8") as f:
                hourly = json.load(f)["hourly"]
            result[kind] = {
                "rest_of_today": counts(hourly, clock, start, today),
                "tomorrow": counts(hourly, clock, 0, tomorrow),
            }
    midnight = datetime.datetime.combine(now.astimezone(UTC).date(), datetime.time(0), UTC).astimezone(zone)
    result["utc_day_start"] = midnight.strftime("%H:%M")
    result["utc_day_zone"] = midnight.tzname()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
