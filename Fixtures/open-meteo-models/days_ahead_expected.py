#!/usr/bin/env python3
"""What `models` may show of hamburg-four-models-daily-hand-written.json (Tue 01 – Mon 07 Dec
2026, Europe/Berlin) as the days ahead, without wx's code: the days from the place's today to
the last of the 10 days the models are asked for (forecast_days=10, today the first), as
`confidence` holds the ensemble's days (trial 59, finding 9).

Tests/EndToEndTests/Ensemble/ModelsDaysAheadEndToEndTests.swift pastes its output; with
--json NOW (ISO 8601 UTC) it prints one object for that instant, which the test reads:
{"today", "within": [dates], "beyond": count of the days left out}.
Run: python3 Fixtures/open-meteo-models/days_ahead_expected.py [--json NOW]
"""
import datetime
import json
import os
import sys
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
COVERED = 10  # OpenMeteoModelsProvider.forecastDays


def split(now_utc):
    """The place's today, the answer's days within the days covered, and those beyond."""
    with open(os.path.join(HERE, "hamburg-four-models-daily-hand-written.json"), encoding="utf-8") as f:
        answer = json.load(f)
    zone = ZoneInfo(answer["timezone"])
    days = [datetime.datetime.fromtimestamp(t, zone).date() for t in answer["daily"]["time"]]
    today = now_utc.astimezone(zone).date()
    last = today + datetime.timedelta(days=COVERED - 1)
    return today, last, [d for d in days if today <= d <= last], [d for d in days if d > last]


def days_ahead(now_utc):
    today, last, within, beyond = split(now_utc)
    print(f"now {now_utc.isoformat()}: today {today}, last day covered {last}")
    print("  within: " + (" ".join(d.strftime("%a %d %b") for d in within) or "none"))
    print(f"  beyond: {len(beyond)} days" + (f", the first {beyond[0]}, {(beyond[0] - today).days} days from today"
                                              if beyond and not within else ""))


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--json":
        today, _, within, beyond = split(datetime.datetime.fromisoformat(sys.argv[2].replace("Z", "+00:00")))
        print(json.dumps({"today": today.isoformat(), "within": [d.isoformat() for d in within], "beyond": len(beyond)}))
        sys.exit(0)
    days_ahead(datetime.datetime(2025, 7, 27, 3, 0, tzinfo=datetime.timezone.utc))
    days_ahead(datetime.datetime(2026, 11, 24, 8, 0, tzinfo=datetime.timezone.utc))
