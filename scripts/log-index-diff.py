#!/usr/bin/env python3
"""Differential check of two wx binaries over generated logs: for each log, the first `saved` with
no log.jsonl.index (the index made from the log) and what follows it must give the same output and
the same index, byte for byte.

Each log mixes wx's own records (commands, snapshots with and without kept forecast days,
deletions, looks) with lines written otherwise or damaged: escapes and non-ASCII text, bytes that
are no UTF-8, control characters, numbers in other forms, times that do not read, keys in another
order or twice, spaces, a CR before the newline, lines cut short or with bytes flipped, lines of
other programs, lines longer than any record, and a last line without its newline. Most logs pass
1 MiB, so that the first `saved` makes the index by reading the log once (`rebuildIndex`); some
are shorter (folded in memory).

For each log: binary A runs `saved` (sealing the log, writing the index); the index is removed and
binary B runs `saved`, on the same file in the same epoch; the index files and outputs are
compared; then `log`, `saved --json` and `saved N` of both over B's index, and `log` with no index.

usage: log-index-diff.py OLD_WX NEW_WX [--logs 120] [--seed 1] [--work DIR] [--keep]
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

TEXTS = ["show", "find Hamburg", "favs", "saved", "history", "show Paris", "units metric", "", "a", "x" * 7,
         "y" * 8, "z" * 9, "show São Paulo", "Zürich", "Kraków 🌧", "日本語のテキスト", 'say "hi"', "back\\slash",
         "slash/ok", "tab\there", "new\nline", "cr\rhere", "bell\bx", "ff\fx", "\u0001ctl", "\u007fdel",
         "\u2028sep", "emoji 😀😀😀😀 done", "1234567", "12345678", "abcdefghijklmnopqrstuvwxyz" * 3]

TIMES = ["2026-01-05T03:07:00Z", "2026-02-28T23:59:59Z", "2024-02-29T12:00:00Z", "2026-12-31T00:00:00Z",
         "1970-01-01T00:00:00Z", "2099-07-15T18:30:45Z"]
BAD_TIMES = ["2026-02-29T12:00:00Z", "2026-13-01T00:00:00Z", "2026-01-32T00:00:00Z", "2026-01-05T24:00:00Z",
             "2026-01-05T23:60:00Z", "2026-01-05T23:59:60Z", "2026-01-05t03:07:00Z", "2026-01-05T03:07:00z",
             "2026-01-05T03:07:00.5Z", "2026-01-05T03:07:00+01:00", "2026-01-05 03:07:00Z", "2026-1-05T03:07:00Z",
             "2026-01-05T03:07:0Z", "+2026-01-05T03:07:00Z", "2026-00-05T03:07:00Z", "2026-01-00T03:07:00Z",
             "0000-01-01T00:00:00Z", "2026-01-05T03:07:00", "2026-01-05T03:07Z", "２026-01-05T03:07:00Z"]
NUMBERS = ["1", "7", "42", "1234567", "999999999999999", "1000000000000000", "9007199254740991",
           "9007199254740992", "0", "-1", "-0", "01", "1.0", "1.5", "1e3", "1E3", "10e-1", "-", "1.", ".5",
           "0x10", "true", "null", '"1"', "1 ", " 1", "12345678901234567890"]
PLACES = ["Hamburg", "São Paulo", "Zürich 3", "Saint-Étienne", "Ōsaka", "O'Brien", "tab\tname", "new\nline name",
          'quo"te', "back\\slash", "esc\u001b[31mred", "Place 00001", "ä" * 40]
ZONES = ["Europe/Berlin", "America/Sao_Paulo", "Asia/Tokyo", "UTC", "Not/AZone", ""]


def dumps(value):
    return json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


class Maker:
    def __init__(self, rng):
        self.rng = rng
        self.n = 0
        self.id = 0

    def pick(self, good, bad):
        return self.rng.choice(good) if self.rng.random() < 0.97 else self.rng.choice(bad)

    def time(self, good=0.97):
        return self.rng.choice(TIMES) if self.rng.random() < good else self.rng.choice(BAD_TIMES)

    def command(self):
        r = self.rng
        self.n += 1
        text = r.choice(TEXTS) if r.random() < 0.9 else "".join(chr(r.randrange(1, 0x2FF)) for _ in range(r.randrange(1, 12)))
        if r.random() < 0.0005:
            text = "L" * r.choice([4000, 4096, 20000, 65000, 70000])
        record = {"kind": "command", "line": text, "n": self.n, "ts": self.time(), "v": 1}
        line = dumps(record)
        roll = r.random()
        if roll < 0.75:
            return line
        if roll < 0.80:  # numbers written otherwise
            field = r.choice(['"n":%d' % self.n, '"v":1'])
            key = field.split(":")[0]
            return line.replace(field, key + ":" + r.choice(NUMBERS), 1)
        if roll < 0.83:  # escapes written otherwise
            return line.replace('"line":"', '"line":"' + r.choice(["\\u0041", "\\u00e9", "\\ud83d\\ude00", "\\x41", "\\'",
                                                                   "\\", "\\u12", "\\/", "\\\\\\\"", "\\b\\f\\n\\r\\t"]), 1)
        if roll < 0.86:  # raw bytes in the text (as text: later encoded; see bytes_line)
            return ("RAW", line)
        if roll < 0.88:
            return json.dumps(record, sort_keys=r.random() < 0.5)  # spaces
        if roll < 0.90:
            return dumps({"v": 1, "ts": record["ts"], "kind": "command", "n": self.n, "line": text}).replace('"v":1,', '"v":1, ', 1) \
                if r.random() < 0.5 else json.dumps(record, separators=(",", ":"))  # keys in another order
        if roll < 0.92:
            return line[:-1] + ',"extra":' + r.choice(["1", '"x"', "null", "[]", "{}"]) + "}"
        if roll < 0.93:
            return line[:-1] + ',"v":2}'  # a key twice
        if roll < 0.94:
            return line.replace('"ts":"', '"ts":' + r.choice(["1", "null", '"'])[0:1] + '"', 1)
        if roll < 0.95:
            return line + r.choice([" ", "\t", "x", "}", ",", "\u00a0"])
        if roll < 0.96:
            return line.replace(record["ts"], r.choice(BAD_TIMES), 1)
        if roll < 0.97:
            return line.replace('"kind":"command"', '"kind":"commands"', 1)
        return line.replace('"n":%d' % self.n, '"n":%d' % -self.n, 1) if r.random() < 0.5 else line.replace(',"v":1', "", 1)

    def day(self, date):
        r = self.rng
        day = {"date": date}
        for key in ["temperature_max_celsius", "temperature_min_celsius", "precipitation_sum_millimetres",
                    "precipitation_probability_max_percent"]:
            if r.random() < 0.9:
                day[key] = r.choice([9.1, 2.3, 0.4, 20, 0, -5.5, 0.1, 100, 12.345])
        if r.random() < 0.9:
            day["weather_code"] = r.choice([0, 3, 61, 95])
        return day

    def snapshot(self):
        r = self.rng
        self.id += 1 if r.random() < 0.97 else r.choice([0, -1, 5])
        ts = self.time()
        record = {"v": 1, "ts": ts, "kind": "snapshot", "id": self.id,
                  "place": {"name": r.choice(PLACES), "latitude": self.pick([53.55, -33.9, 0, 90, 12.3456], [91, -90.5]),
                            "longitude": self.pick([9.99, -70.1, 180, 0.5, -0.25], [-181, 180.01])},
                  "data_time": self.time()}
        for key, values in [("utc_offset_seconds", [3600, 0, -18000, 93600] * 5 + [93601, 100000]), ("timezone", ZONES),
                            ("temperature_celsius", [7.4, -1.25, 0, 30, 1e-7]),
                            ("precipitation_probability_percent", [40, 0, 100, 55.5]),
                            ("precipitation_millimetres", [0.3, 0, 12.7]), ("weather_code", [3, 0, 61, 99])]:
            if r.random() < 0.85:
                record[key] = r.choice(values)
        if r.random() < 0.5:
            start = r.randrange(1, 20)
            days = [self.day("2026-01-%02d" % (start + i)) for i in range(r.choice([1, 3, 7, 16]))]
            if r.random() < 0.05:
                days[-1]["date"] = r.choice(["2026-02-30", "2026-1-5", "20260105", "2026-01-05T00:00:00Z"])
            if r.random() < 0.03:
                days[0]["weather_code"] = r.choice([1.5, "3", None])
            if r.random() < 0.03:
                days.append("x")
            record["forecast_days"] = days
        if r.random() < 0.05:
            record["warnings"] = [{"event": "Wind", "severity": "moderate", "onset": ts, "expires": ts}]
        line = dumps(record)
        roll = r.random()
        if roll < 0.85:
            return line
        if roll < 0.88:
            return json.dumps(record, sort_keys=True)
        if roll < 0.91:
            return line.replace('"temperature_celsius":', '"temperature_celsius":' + r.choice(["null", "1e1", "-0", "01", '"7"']) + ",\"_\":", 1)
        if roll < 0.93:
            return line.replace('"name":"', '"name":"\\u00e9\\n', 1)
        if roll < 0.95:
            return line.replace('"kind":"snapshot"', '"kind":"snapshot","kind":"other"', 1)
        if roll < 0.97:
            return line.replace("Z\"", "+00:00\"", 1)
        return line.replace(',"v":1', ',"v":' + r.choice(NUMBERS), 1)

    def deletion(self):
        r = self.rng
        record = {"v": 1, "ts": self.time(), "kind": "snapshot.deleted", "id": max(1, self.id - r.randrange(0, 5))}
        line = dumps(record)
        roll = r.random()
        if roll < 0.85:
            return line
        if roll < 0.9:
            return line.replace('"id":', '"id":' + r.choice(NUMBERS) + ',"x":', 1)
        if roll < 0.95:
            return json.dumps(record)
        return line.replace('"kind":"snapshot.deleted"', '"kind":"snapshot.deleted","kind":"x"', 1)

    def other(self):
        r = self.rng
        return r.choice([
            dumps({"kind": "look", "v": 1, "ts": self.time(), "place": "Hamburg"}),
            dumps({"kind": "future", "v": 9, "ts": self.time()}),
            dumps({"v": 1, "kind": "future"}),
            "", " ", "{}", "[]", "null", "not json at all", "{\"kind\":\"command\"", '{"kind":1}',
            "\x00\x00", "{\"kind\":\"command\",\"line\":\"show\"}",
            '{"kind":"command","line":"show","n":1,"ts":"2026-01-05T03:07:00Z","v":1}{"kind":"command"}',
            "#" * (r.choice([10, 65536, 65537, 70000, 1 << 20]) if r.random() < 0.02 else 10),
        ])


def mutate(rng, data):
    """A few bytes of `data` flipped, dropped or added."""
    data = bytearray(data)
    for _ in range(rng.randrange(1, 4)):
        if not data:
            break
        at = rng.randrange(len(data))
        roll = rng.random()
        if roll < 0.4:
            data[at] = rng.choice([0, 9, 13, 0x22, 0x5C, 0x7B, 0x7D, 0x30, 0x39, 0x3A, 0x80, 0xC3, 0xFF, rng.randrange(256)])
        elif roll < 0.7:
            del data[at]
        else:
            data.insert(at, rng.randrange(256))
    return bytes(data).replace(b"\n", b"")


def raw_bytes(rng, line):
    """A command line with bytes in its text that JSON does not allow there, or that are no UTF-8."""
    raw = rng.choice([b"\x00", b"\x01", b"\x1f", b"\t", b"\r", b"\x7f", b"\xc3", b"\xc3\xa9", b"\xe2\x82",
                      b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xc0\xaf", b"\xff", b"\xef\xbb\xbf"])
    data = line.encode()
    at = data.index(b'"line":"') + 8
    return data[:at] + raw + data[at:]


def make_log(rng, path, size, crlf, torn):
    maker = Maker(rng)
    out = []
    total = 0
    while total < size:
        roll = rng.random()
        if roll < 0.90:
            line = maker.command()
        elif roll < 0.955:
            line = maker.snapshot()
        elif roll < 0.975:
            line = maker.deletion()
        else:
            line = maker.other()
        if isinstance(line, tuple):
            data = raw_bytes(rng, line[1])
        else:
            data = line.encode("utf-8", "surrogatepass")
        if rng.random() < 0.01:
            data = mutate(rng, data)
        data = data.replace(b"\n", b"\\n") if b"\n" in data and rng.random() < 0.5 else data
        end = b"\r\n" if (crlf and rng.random() < 0.5) or rng.random() < 0.003 else b"\n"
        out.append(data + end)
        total += len(data) + len(end)
    if torn:
        last = rng.choice([b'{"kind":"command","line":"show","n":1,"ts":"2026-01-05T03:07:00Z","v":1}',
                           b'{"kind":"command","line":"sh', b'{"data_time":"2026-01-05T03:07:00Z","id":99999'])
        out.append(last)
    with open(path, "wb") as f:
        f.write(b"".join(out))


def run(wx, home, args):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "WX_HOME": home, "LANG": "C.UTF-8",
           "COLUMNS": "100", "WX_NOW": "2026-03-01T12:00:00Z", "TZ": "UTC", "NO_COLOR": "1"}
    result = subprocess.run([wx] + args, env=env, capture_output=True, timeout=120)
    return result.returncode, result.stdout, result.stderr


def read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--logs", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--work")
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    work = args.work or tempfile.mkdtemp(prefix="wx-index-diff-")
    compared = matched = 0
    failures = []
    for number in range(args.logs):
        rng = random.Random(args.seed * 100_003 + number)
        home = os.path.join(work, "log-%03d" % number)
        shutil.rmtree(home, ignore_errors=True)
        os.makedirs(home)
        log = os.path.join(home, "log.jsonl")
        index = log + ".index"
        size = rng.choice([60_000, 1_200_000, 1_500_000, 2_500_000]) if number % 5 else 300_000
        make_log(rng, log, size, crlf=number % 7 == 3, torn=number % 3 == 0)
        checks = []
        old_first = run(args.old, home, ["saved"])
        old_index = read(index)
        if os.path.exists(index):
            os.remove(index)
        new_first = run(args.new, home, ["saved"])
        new_index = read(index)
        checks.append(("first saved", old_first, new_first))
        checks.append(("index", old_index, new_index))
        for argv in (["log"], ["saved", "--json"], ["saved", "1"], ["saved", str(rng.randrange(1, 200))], ["saved"]):
            checks.append((" ".join(argv), run(args.old, home, argv), run(args.new, home, argv)))
        # `log` with no index, each binary from the log itself.
        for binary in (args.old, args.new):
            if os.path.exists(index):
                os.remove(index)
            checks.append(("log, no index", run(binary, home, ["log"]), None))
        checks[-2] = ("log, no index", checks[-2][1], checks[-1][1])
        checks.pop()
        for name, a, b in checks:
            compared += 1
            if a == b:
                matched += 1
            else:
                failures.append("log %d (%d bytes): %s differs" % (number, os.path.getsize(log), name))
        print("log %3d: %8d bytes, %d comparisons, %s" % (number, os.path.getsize(log), len(checks),
                                                        "ok" if all(a == b for _, a, b in checks) else "DIFFERS"), flush=True)
        if not args.keep and not any(f.startswith("log %d " % number) for f in failures):
            shutil.rmtree(home, ignore_errors=True)
    print("%d of %d comparisons matched" % (matched, compared))
    for failure in failures:
        print(failure)
    print("work folder: %s" % work)
    sys.exit(0 if matched == compared else 1)


if __name__ == "__main__":
    main()
