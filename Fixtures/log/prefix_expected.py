#!/usr/bin/env python3
"""log.jsonl for `!prefix` and `!-N`, and the commands they name worked out here, apart from wx.

usage: prefix_expected.py generate LOG         writes a log of over 1 MiB (so that wx indexes its
                                               commands' first words): commands, a snapshot every
                                               50 lines, a few lines only near the start
       prefix_expected.py last LOG PREFIX...   prints, as JSON, for each PREFIX the last command in
                                               LOG (in the file's order) whose line starts with it,
                                               as [n, line], or null
       prefix_expected.py back LOG N...        prints, as JSON, for each N the command numbered
                                               (the last command's number - N + 1), as [n, line],
                                               or null

A command is a line of kind "command" with an integer `n` above 0 and a string `line` (wx's
record rules, written again here); other lines are passed over. Case matters, as in bash.
"""
import json
import sys

# Lines only near the start of the log (within its first 32 KiB): a prefix matching them
# matches nothing after.
EARLY = ["zebra crossing", "Zürich weather", "find\tParis", 'find "Ha\\"m burg"']
REGULAR = ["show", "find Hamburg", "favs", "saved 3", "history 20", "show Paris", "units metric"]


def command(n, line):
    return json.dumps({"kind": "command", "line": line, "n": n, "ts": "2026-02-06T21:40:00Z", "v": 1},
                      separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def snapshot(id):
    return json.dumps({"data_time": "2026-02-06T21:40:00Z", "id": id, "kind": "snapshot",
                       "place": {"latitude": 53.55, "longitude": 9.99, "name": "Hamburg"},
                       "temperature_celsius": 7.5, "timezone": "Europe/Berlin", "ts": "2026-02-06T21:40:00Z",
                       "utc_offset_seconds": 3600, "v": 1}, separators=(",", ":"), sort_keys=True)


def generate(path):
    lines = []
    n = snapshots = 0
    for index in range(20_000):
        if index % 50 == 49:
            snapshots += 1
            lines.append(snapshot(snapshots))
            continue
        n += 1
        if 10 <= index < 10 + len(EARLY):
            lines.append(command(n, EARLY[index - 10]))
        else:
            lines.append(command(n, REGULAR[index % len(REGULAR)]))
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def commands(path):
    with open(path, encoding="utf-8") as f:
        for text in f:
            if not text.endswith("\n"):
                break
            try:
                record = json.loads(text)
            except ValueError:
                continue
            if (isinstance(record, dict) and record.get("kind") == "command" and isinstance(record.get("n"), int)
                    and record["n"] > 0 and isinstance(record.get("line"), str)):
                yield record["n"], record["line"]


def main():
    if sys.argv[1] == "generate":
        generate(sys.argv[2])
    elif sys.argv[1] == "last":
        found = {prefix: None for prefix in sys.argv[3:]}
        for n, line in commands(sys.argv[2]):
            for prefix in found:
                if line.startswith(prefix):
                    found[prefix] = [n, line]
        print(json.dumps(found, ensure_ascii=False))
    elif sys.argv[1] == "back":
        numbered = dict(commands(sys.argv[2]))
        last = max(numbered, default=0)
        print(json.dumps({back: ([last - int(back) + 1, numbered[last - int(back) + 1]]
                                 if last - int(back) + 1 in numbered else None) for back in sys.argv[3:]},
                         ensure_ascii=False))


if __name__ == "__main__":
    main()
