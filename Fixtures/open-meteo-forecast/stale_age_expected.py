#!/usr/bin/env python3
"""The age of a saved Open-Meteo answer shown again, worked out here apart from wx.

usage: stale_age_expected.py FORECAST_JSON FETCHED NOW
       FORECAST_JSON  a recorded /v1/forecast body (its `current.time`, local to
                      `utc_offset_seconds`, is the time of the reading shown)
       FETCHED, NOW   ISO 8601 UTC instants: when the answer was fetched, and wx's now (WX_NOW)

Prints, as JSON, {"data": AGE, "fetched": AGE}: the reading's age (now - current.time) and the
time since the answer was fetched (now - FETCHED), each in wx's words for ages under a day
("2 h 10 min", "45 min").
"""
import datetime
import json
import sys


def instant(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def words(seconds):
    minutes = int(seconds // 60)
    assert 0 <= minutes < 24 * 60, "only ages under a day are worded here"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min" if hours else f"{minutes} min"


def main():
    path, fetched, now = sys.argv[1:4]
    body = json.load(open(path))
    offset = datetime.timedelta(seconds=body.get("utc_offset_seconds", 0))
    reading = datetime.datetime.fromisoformat(body["current"]["time"]).replace(tzinfo=datetime.timezone.utc) - offset
    now = instant(now)
    print(json.dumps({
        "data": words((now - reading).total_seconds()),
        "fetched": words((now - instant(fetched)).total_seconds()),
    }))


main()
