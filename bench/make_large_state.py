#!/usr/bin/env python3
"""Writes a large wx state folder for `make bench`: N favorites in state.plist and a log.jsonl of
M lines (commands, with a snapshot every 50 lines and a deletion every 500, of a snapshot three back).

usage: make_large_state.py FOLDER [--favorites 10000] [--lines 1000000]
"""
import argparse
import json
import os
import plistlib
import random


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--favorites", type=int, default=10_000)
    parser.add_argument("--lines", type=int, default=1_000_000)
    args = parser.parse_args()
    os.makedirs(args.folder, mode=0o700, exist_ok=True)
    rng = random.Random(42)
    favorites = []
    for i in range(args.favorites):
        lat = round(rng.uniform(-60, 70), 4)
        lon = round(rng.uniform(-180, 180), 4)
        name = f"Place {i:05d}" if i % 7 else f"Hamburg {i}"
        favorites.append({"name": name, "latitude": lat, "longitude": lon,
                          "displayName": f"{name}, Region {i % 50}, Country", "countryCode": "de"})
    with open(os.path.join(args.folder, "state.plist"), "wb") as f:
        plistlib.dump({"version": 1, "favorites": favorites, "settings": {}}, f, fmt=plistlib.FMT_XML)
    commands = ["show", "find Hamburg", "favs", "saved", "history", "show Paris", "units metric"]
    n = 0
    snapshot_id = 0
    deleted = 0
    with open(os.path.join(args.folder, "log.jsonl"), "w", encoding="utf-8") as f:
        for line in range(args.lines):
            ts = "2026-01-%02dT%02d:%02d:00Z" % (1 + line % 28, line % 24, line % 60)
            if line % 500 == 248:
                record = {"v": 1, "ts": ts, "kind": "snapshot.deleted", "id": max(1, snapshot_id - 3)}
                deleted += 1
            elif line % 50 == 49:
                snapshot_id += 1
                record = {"v": 1, "ts": ts, "kind": "snapshot", "id": snapshot_id,
                          "place": {"name": "Hamburg", "latitude": 53.55, "longitude": 9.99},
                          "utc_offset_seconds": 3600, "timezone": "Europe/Berlin", "data_time": ts,
                          "temperature_celsius": 7.4, "precipitation_probability_percent": 40,
                          "precipitation_millimetres": 0.3, "weather_code": 3}
            else:
                n += 1
                record = {"v": 1, "ts": ts, "kind": "command", "n": n, "line": commands[line % len(commands)]}
            f.write(json.dumps(record, separators=(",", ":"), sort_keys=True) + "\n")
    print(f"{args.folder}: {len(favorites)} favorites, {args.lines} log lines ({n} commands, {snapshot_id} snapshots, {deleted} deleted)")


if __name__ == "__main__":
    main()
