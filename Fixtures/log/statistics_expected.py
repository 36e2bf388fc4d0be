#!/usr/bin/env python3
"""log.jsonl for the counts `log` reports, and those counts worked out here, apart from wx.

usage: statistics_expected.py generate LOG   writes a log of over 1 MiB (so that wx indexes it)
                                             mixing every kind of line `log` counts
       statistics_expected.py count LOG      prints the counts of LOG as JSON

The counting reads each line with Python's json module and the rules of wx's record formats
(EventLog in Sources/WeatherStore/Log), written again here: a command reads whole when `n` is an
integer above 0, `line` a string, `v` an integer and `ts` an ISO 8601 UTC time; a snapshot when
its id is an integer from 1 and its place has a name and a latitude and longitude in range; a
deletion when `id` is an integer; a look when it has every field a look has; any other `kind` is a
record of a kind wx does not know; everything else — not JSON, not an object, no kind, a line over
65,536 bytes — is unreadable. A last line without "\\n" (torn) is not counted; its bytes are. The
snapshots are the snapshot records less the ids deleted (every deletion record's, once); the
highest snapshot id's deletion is counted apart ("deleted_kept"), as compaction keeps it.
"""
import datetime
import json
import os
import sys

LONGEST = 1 << 16


def ts(second):
    return (datetime.datetime(2026, 2, 6, 21, 40, tzinfo=datetime.timezone.utc)
            + datetime.timedelta(seconds=second)).strftime("%Y-%m-%dT%H:%M:%SZ")


def command(n, line, second):
    return json.dumps({"kind": "command", "line": line, "n": n, "ts": ts(second), "v": 1},
                      separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def snapshot(id, name, second):
    return json.dumps({"data_time": ts(second), "id": id, "kind": "snapshot",
                       "place": {"latitude": 53.55, "longitude": 9.99, "name": name},
                       "temperature_celsius": 7.5, "timezone": "Europe/Berlin", "ts": ts(second),
                       "utc_offset_seconds": 3600, "v": 1}, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def deletion(id, second):
    return json.dumps({"id": id, "kind": "snapshot.deleted", "ts": ts(second), "v": 1},
                      separators=(",", ":"), sort_keys=True)


def generate(path):
    lines = []
    n = 0
    snapshot_id = 0
    for i in range(16_000):
        kind = i % 40
        if kind == 7:
            snapshot_id += 1
            lines.append(snapshot(snapshot_id, f"Place {snapshot_id % 13}", i))
        elif kind == 19 and snapshot_id > 3 and snapshot_id % 3 == 0:
            lines.append(deletion(snapshot_id - 2, i))
        elif kind == 23:
            # Each of these is unreadable, or read only by the parser.
            special = [
                'not json at all',
                '{"kind":"command","line":"show","n":0,"ts":"2026-02-06T21:40:00Z","v":1}',
                '{"kind":"command","line":"show","n":"5","ts":"2026-02-06T21:40:00Z","v":1}',
                '{"kind":"command","line":"show","n":5,"ts":"yesterday","v":1}',
                '{"kind":"command","line":"show","n":5,"ts":"2026-02-06T21:40:00Z","v":1',
                '{"kind":"snapshot","id":"x","ts":"2026-02-06T21:40:00Z","v":1}',
                '{"at":"2026-02-06T21:40:00Z","kind":"look","v":1}',
                '{"kind":"forecast.note","ts":"2026-02-06T21:40:00Z","v":1}',
                '{"v": 1, "ts": "2026-02-06T21:40:00Z", "kind": "command", "n": 7, "line": "favs"}',
                '{"kind":"command","line":"find caf\\u00e9","n":9,"ts":"2026-02-06T21:40:00Z","v":1}',
                '[1,2,3]',
            ] + [
                # A control character, and bytes beyond ASCII, past the text's first eight bytes.
                '{"kind":"command","line":"find Hamburg\x01 now","n":5,"ts":"%s","v":1}' % ts(i),
                '{"kind":"command","line":"find Hamburg\x7f now","n":5,"ts":"%s","v":1}' % ts(i),
            ]
            lines.append(special[(i // 40) % len(special)])
        else:
            n += 1
            text = ["show", "find München", 'fav "Elbe" \\ tab\there', "saved", "history 20",
                    "compare Hamburg Bremen Köln Zürich 東京",
                    'fav add "a long name with \\"quotes\\" and / \\\\ back\\slashes"'][i % 7]
            lines.append(command(n, text, i))
    # A deleted snapshot that is the highest id, and an id deleted twice.
    snapshot_id += 1
    lines.append(snapshot(snapshot_id, "Last", 20_000))
    lines.append(deletion(snapshot_id, 20_001))
    lines.append(deletion(5, 20_002))
    lines.append(deletion(5, 20_003))
    lines.append("x" * (LONGEST + 10))
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
        # Torn: a record being written when the log was read.
        f.write('{"kind":"command","line":"sho')


def valid_time(text):
    try:
        datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ")
        return len(text) == 20
    except (TypeError, ValueError):
        return False


def integer(value):
    return isinstance(value, int) and not isinstance(value, bool)


def classify(raw):
    if len(raw) > LONGEST:
        return "unreadable", None
    try:
        record = json.loads(raw)
    except ValueError:
        return "unreadable", None
    if not isinstance(record, dict) or not isinstance(record.get("kind"), str):
        return "unreadable", None
    kind = record["kind"]
    if kind == "command":
        whole = (integer(record.get("n")) and record["n"] > 0 and isinstance(record.get("line"), str)
                 and integer(record.get("v")) and valid_time(record.get("ts")))
        return ("command", None) if whole else ("unreadable", None)
    if kind == "snapshot":
        place = record.get("place")
        whole = (integer(record.get("id")) and record["id"] >= 1 and isinstance(place, dict)
                 and isinstance(place.get("name"), str) and -90 <= place.get("latitude", 999) <= 90
                 and -180 <= place.get("longitude", 999) <= 180)
        return ("snapshot", record["id"]) if whole else ("unreadable", None)
    if kind == "snapshot.deleted":
        whole = integer(record.get("id")) and isinstance(record.get("ts"), str) and integer(record.get("v"))
        return ("deletion", record["id"]) if whole else ("unreadable", None)
    if kind == "look":
        whole = all(key in record for key in ["at", "place", "command", "provider", "unit_system"])
        return ("look", None) if whole else ("unreadable", None)
    return "other", None


def count(path):
    data = open(path, "rb").read()
    complete = data[:data.rfind(b"\n") + 1]
    counts = {"command": 0, "snapshot": 0, "look": 0, "other": 0, "unreadable": 0}
    deleted = set()
    highest = 0
    # Lines in wx's own command layout (the sorted keys' start, no longer than a record may be):
    # what a rebuild of the index leaves unchecked, and how many of them are unreadable.
    own, own_unreadable = 0, 0
    for raw in complete.split(b"\n")[:-1]:
        if not raw:
            continue
        kind, id = classify(raw.decode("utf-8", errors="replace"))
        if raw.startswith(b'{"kind":"command",') and len(raw) <= LONGEST:
            own += 1
            own_unreadable += kind == "unreadable"
        if kind == "deletion":
            deleted.add(id)
            continue
        counts[kind] += 1
        if kind == "snapshot":
            highest = max(highest, id)
    kept = 1 if highest in deleted else 0
    return {"bytes": len(data), "commands": counts["command"], "snapshots": counts["snapshot"] - len(deleted),
            "deleted_snapshots": len(deleted) - kept, "deleted_kept": kept, "unreadable_lines": counts["unreadable"],
            "other_records": counts["other"], "looks": counts["look"], "highest_snapshot_id": highest,
            "own_layout_command_lines": own, "own_layout_unreadable": own_unreadable}


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("generate", "count"):
        sys.exit(__doc__)
    if sys.argv[1] == "generate":
        generate(sys.argv[2])
    else:
        print(json.dumps(count(sys.argv[2]), sort_keys=True))
