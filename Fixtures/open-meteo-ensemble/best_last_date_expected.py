#!/usr/bin/env python3
"""The last date `best` can look at, without wx's code (trial 59 finding 3): the ensemble is
asked for `forecast_days=10`, which is today and the 9 days after it at the place's clock, so
the last is today + 9. Today is the place's date at NOW in the answer's own zone (its
`timezone` field).

  argv: FILE (relative to Fixtures/) NOW (ISO 8601 UTC)

Prints the date, ISO.
"""
import json
import sys
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

FIXTURES = Path(__file__).resolve().parent.parent
FORECAST_DAYS = 10

answer = json.loads((FIXTURES / sys.argv[1]).read_text())
now = datetime.fromisoformat(sys.argv[2].replace("Z", "+00:00"))
today = now.astimezone(ZoneInfo(answer["timezone"])).date()
print((today + timedelta(days=FORECAST_DAYS - 1)).isoformat())
