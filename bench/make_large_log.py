#!/usr/bin/env python3
"""Writes a wx state folder holding only a large log.jsonl, fast enough for 10,000,000 lines (about
15 s): the records are wx's own layout (sorted keys) filled into templates, not encoded one by one.

The mix is make_large_state.py's: commands, with a snapshot every 50 lines (each with a kept
forecast of 7 days, as `save` keeps) and a deletion every 500, of a snapshot three back.

With `--every 1 --places 5000` nearly every line is a snapshot, of one of 5,000 places (names and
coordinates varied, some names with non-ASCII letters): the 150,000-snapshot log of `saved`'s rows.

usage: make_large_log.py FOLDER [--lines 1000000] [--every 50] [--places 1]
"""
import argparse
import json
import os

COMMANDS = ["show", "find Hamburg", "favs", "saved", "history", "show Paris", "units metric"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--every", type=int, default=50, help="a snapshot every this many lines")
    parser.add_argument("--places", type=int, default=1, help="how many places the snapshots are of")
    args = parser.parse_args()
    os.makedirs(args.folder, mode=0o700, exist_ok=True)
    days = ",".join(
        json.dumps({"date": f"2026-01-{day:02d}", "precipitation_probability_max_percent": 20,
                    "precipitation_sum_millimetres": 0.4, "temperature_max_celsius": 9.1,
                    "temperature_min_celsius": 2.3, "weather_code": 61}, separators=(",", ":"), sort_keys=True)
        for day in range(1, 8))
    # sort_keys puts data_time and forecast_days before id and kind, as JSONEncoder does.
    snapshot = ('{"data_time":"%(ts)s","forecast_days":[' + days + '],"id":%(id)d,"kind":"snapshot",'
                '"place":%(place)s,"precipitation_millimetres":0.3,'
                '"precipitation_probability_percent":40,"temperature_celsius":%(temperature)s,"timezone":"Europe/Berlin",'
                '"ts":"%(ts)s","utc_offset_seconds":3600,"v":1,"weather_code":3}\n')
    deletion = '{"id":%(id)d,"kind":"snapshot.deleted","ts":"%(ts)s","v":1}\n'
    command = '{"kind":"command","line":"%(line)s","n":%(n)d,"ts":"%(ts)s","v":1}\n'
    stamps = ["2026-01-%02dT%02d:%02d:00Z" % (1 + i % 28, i % 24, i % 60) for i in range(28 * 60)]
    if args.places == 1:
        places = ['{"latitude":53.55,"longitude":9.99,"name":"Hamburg"}']
    else:
        words = ["Hamburg", "Zürich", "Kraków", "São Paulo", "Reykjavík", "Springfield", "Saint-Étienne", "Ōsaka"]
        places = [json.dumps({"latitude": round(-60 + (i * 0.7919) % 130, 4), "longitude": round(-180 + (i * 2.3911) % 360, 4),
                              "name": f"{words[i % len(words)]} {i}" + (" an der Elbe" if i % 11 == 0 else "")},
                             ensure_ascii=False, separators=(",", ":"), sort_keys=True)
                  for i in range(args.places)]
    n = snapshot_id = deleted = 0
    with open(os.path.join(args.folder, "log.jsonl"), "w", encoding="utf-8", buffering=1 << 22) as f:
        batch = []
        for line in range(args.lines):
            ts = stamps[line % len(stamps)]
            if line % 500 == 248:
                batch.append(deletion % {"id": max(1, snapshot_id - 3), "ts": ts})
                deleted += 1
            elif line % args.every == args.every - 1:
                snapshot_id += 1
                batch.append(snapshot % {"id": snapshot_id, "ts": ts, "place": places[snapshot_id % len(places)],
                                         "temperature": "7.4" if len(places) == 1 else "%.1f" % (-20 + (snapshot_id * 7) % 550 / 10)})
            else:
                n += 1
                batch.append(command % {"line": COMMANDS[line % len(COMMANDS)], "n": n, "ts": ts})
            if len(batch) >= 10_000:
                f.write("".join(batch))
                batch = []
        f.write("".join(batch))
    size = os.path.getsize(os.path.join(args.folder, "log.jsonl"))
    print(f"{args.folder}: {args.lines} log lines, {size / 1e6:.0f} MB ({n} commands, {snapshot_id} snapshots, {deleted} deleted)")


if __name__ == "__main__":
    main()
