#!/usr/bin/env python3
"""What `show Berlin`'s warning banner says for brightsky-alerts-berlin-frost-no-end-hand-written.json
at 2026-03-07T03:00:00Z, without wx's code.

The warning's onset is given with a zone and its end is not (`expires` null): the banner says the
onset as `warnings` does ("since" an onset passed, "from" one to come; the weekday and the 24-hour
clock in the place's time, Berlin's zone from the tz database, as within six days of now), then
"no end given". The grade is DWD's colour for a minor warning: yellow.

Run: python3 Fixtures/warnings/no_end_banner_expected.py
"""
import datetime
import json
import os
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
NOW = datetime.datetime(2026, 3, 7, 3, 0, tzinfo=datetime.timezone.utc)
ZONE = ZoneInfo("Europe/Berlin")
GRADES = {"minor": "yellow", "moderate": "orange", "severe": "red", "extreme": "purple"}

with open(os.path.join(HERE, "brightsky-alerts-berlin-frost-no-end-hand-written.json"), encoding="utf-8") as f:
    alert = json.load(f)["alerts"][0]
assert alert["expires"] is None
onset = datetime.datetime.fromisoformat(alert["onset"])
local = onset.astimezone(ZONE)
word = "since" if onset <= NOW else "from"
event = alert["event_en"].capitalize()
print(f"⚠ {event} ({GRADES[alert['severity']]}) {word} {local:%a %H:%M}, no end given — DWD")
