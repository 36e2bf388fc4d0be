#!/usr/bin/env python3
"""Writes log.jsonl beside this script: a wx log of 64 snapshots of three places, for the test of
`saved verify` taken in a snapshot at a time (verify_expected.py computes what it must say).

Deterministic (a fixed-seed linear congruential generator, no clock). The places take turns
irregularly; each snapshot keeps 1–7 forecast days from its own local day (in Europe/Berlin or
Atlantic/Reykjavik), with highs, lows and amounts in hundredths (amounts at 0.99 and 1.0 mm among
them), a value missing now and then; every seventh snapshot keeps none (as wx wrote them before it
kept forecasts); two snapshots are deleted; a place's name changes along the way. Records are in
wx's own layout (sorted keys), a command between snapshots. Re-run to rewrite log.jsonl.
"""
import datetime
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
PLACES = [
    ({"latitude": 53.5413, "longitude": 9.9842, "name": "Elbphilharmonie"}, "Europe/Berlin", 7200),
    ({"latitude": 53.55, "longitude": 10.0, "name": "Hamburg"}, "Europe/Berlin", 7200),
    ({"latitude": 64.1466, "longitude": -21.9426, "name": "Reykjavík"}, "Atlantic/Reykjavik", 0),
]
DELETED = [5, 23]


class Random:
    def __init__(self, seed):
        self.state = seed

    def next(self, bound):
        self.state = (self.state * 1103515245 + 12345) % (1 << 31)
        return (self.state >> 8) % bound


def record(fields):
    return json.dumps(fields, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n"


def main():
    random = Random(20250727)
    lines = []
    start = datetime.datetime(2025, 7, 19, 6, 0, tzinfo=datetime.timezone.utc)
    for snapshot_id in range(1, 65):
        place, zone, offset = PLACES[random.next(3)]
        if place["name"] == "Hamburg" and snapshot_id > 40:
            place = dict(place, name="Hamburg-Mitte")
        # Some at 22:00–23:59 UTC: the next day already in Berlin.
        taken = start + datetime.timedelta(hours=snapshot_id * 6 + random.next(6), minutes=random.next(60))
        ts = taken.strftime("%Y-%m-%dT%H:%M:00Z")
        lines.append(record({"kind": "command", "line": "save", "n": snapshot_id, "ts": ts, "v": 1}))
        fields = {
            "data_time": ts, "id": snapshot_id, "kind": "snapshot", "place": place,
            "precipitation_millimetres": 0.3, "precipitation_probability_percent": 40,
            "temperature_celsius": 17.5, "timezone": zone, "ts": ts, "utc_offset_seconds": offset, "v": 1,
            "weather_code": 3,
        }
        if snapshot_id % 7 != 0:
            local = (taken + datetime.timedelta(seconds=offset)).date()
            days = []
            for ahead in range(1 + random.next(7)):
                day = {"date": (local + datetime.timedelta(days=ahead)).isoformat(), "weather_code": 61,
                       "precipitation_probability_max_percent": random.next(101)}
                high = round(15 + random.next(1500) / 100, 2)
                if random.next(11) != 0:
                    day["temperature_max_celsius"] = high
                if random.next(13) != 0:
                    day["temperature_min_celsius"] = round(high - 4 - random.next(900) / 100, 2)
                if random.next(9) != 0:
                    day["precipitation_sum_millimetres"] = [0.0, 0.99, 1.0, random.next(1200) / 100][random.next(4)]
                days.append(day)
            fields["forecast_days"] = days
        lines.append(record(fields))
        if snapshot_id - 3 in DELETED:
            lines.append(record({"id": snapshot_id - 3, "kind": "snapshot.deleted", "ts": ts, "v": 1}))
    (HERE / "log.jsonl").write_text("".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
