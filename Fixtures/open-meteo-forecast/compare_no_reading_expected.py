#!/usr/bin/env python3
"""Why `compare` has no "now" for Paris at NOW, in `show`'s words, from the hand-written Paris
answer (paris-7d-hourly-hand-written-beside-the-ensemble.json) without wx's code: the answer has
no `current` block, and its hours (each labelled at its end, unix times) do not reach NOW, so the
row is dashes and its reason is "this forecast covers <first day> to <last day>, not now" — the
days of the answer's `daily.time` at the place's clock (Europe/Paris), each "Fri 23 Oct", with
the year only when a day lies in another year than NOW's.

  argv: NOW (ISO 8601 UTC)

Prints the reason, one line.
"""
import json
import sys
from datetime import datetime, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

sys.dont_write_bytecode = True  # no __pycache__ left in Fixtures/
HERE = Path(__file__).resolve().parent
PARIS = ZoneInfo("Europe/Paris")


def main():
    now = datetime.fromisoformat(sys.argv[1].replace("Z", "+00:00"))
    answer = json.loads((HERE / "paris-7d-hourly-hand-written-beside-the-ensemble.json").read_text())
    assert "current" not in answer
    hours = answer["hourly"]["time"]
    first, last = hours[0], hours[-1]
    # An hour labelled T is the hour before T: the hours reach now when first - 1 h <= now <= last.
    assert not (first - 3600 <= now.timestamp() <= last), "the hours reach NOW: compare would have a now"
    days = [datetime.fromtimestamp(t, timezone.utc).astimezone(PARIS).date() for t in answer["daily"]["time"]]
    today = now.astimezone(PARIS).date()
    fmt = "%a %d %b" if all(d.year == today.year for d in (days[0], days[-1])) else "%a %d %b %Y"
    print(f"this forecast covers {days[0]:{fmt}} to {days[-1]:{fmt}}, not now")


main()
