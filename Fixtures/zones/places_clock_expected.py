#!/usr/bin/env python3
"""What PlacesClockEndToEndTests expect at Fairbanks (64.84, -147.72), without wx's code.

Named by reverse geocoding, the coordinates are in the United States: their zone is
America/Anchorage (AKDT, UTC-8 in July). Among every country's zones the nearest anchor is
Dawson, Yukon (America/Dawson, MST, UTC-7 all year) - the guess made before the name came.

- `air`, an answer in GMT whose current hour is 2025-07-27T09:00Z: said at the place's clock.
- `past yesterday` at 2025-07-27T07:30Z: the days are counted from the place's today before
  the first request (its start_date).

Run: python3 Fixtures/zones/places_clock_expected.py
"""
import datetime
from zoneinfo import ZoneInfo

UTC = datetime.timezone.utc
air_hour = datetime.datetime(2025, 7, 27, 9, 0, tzinfo=UTC)
past_now = datetime.datetime(2025, 7, 27, 7, 30, tzinfo=UTC)
for zone in ["America/Anchorage", "America/Dawson"]:
    local = air_hour.astimezone(ZoneInfo(zone))
    today = past_now.astimezone(ZoneInfo(zone)).date()
    print(f"{zone}: air at {local:%a %H:%M} {local.tzname()}; past yesterday start_date {today - datetime.timedelta(days=1)}")
