#!/usr/bin/env python3
"""Writes hamburg-daily-2025-07-20-to-08-09-gmt-hand-written.json: the hand-written Hamburg
archive body (hamburg-daily-2025-07-20-to-08-09-hand-written.json, Europe/Berlin) as the answer
to the same request asked with timezone=GMT — the same made-up daily values, taken as UTC days
(`utc_offset_seconds` 0, `timezone` and `timezone_abbreviation` GMT). Not a recording, not
model output: the tests' Hamburg forecast is the Berlin recording, which came in GMT, and wx asks
what happened on a snapshot's UTC days in GMT (`Snapshot.daysAreUTC`); routes.json answers such a
request near Hamburg with this body, so those tests keep their figures and now set UTC days
against UTC days. Likewise hamburg-daily-2025-07-20-to-08-09-rain-0730-2.96-gmt-hand-edited.json
from the hand-edited body beside it (ForecastCheckTests queues it). Re-run to rewrite them.
"""
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
PAIRS = [
    ("hamburg-daily-2025-07-20-to-08-09-hand-written.json", "hamburg-daily-2025-07-20-to-08-09-gmt-hand-written.json"),
    (
        "hamburg-daily-2025-07-20-to-08-09-rain-0730-2.96-hand-edited.json",
        "hamburg-daily-2025-07-20-to-08-09-rain-0730-2.96-gmt-hand-edited.json",
    ),
]


def main():
    for source, target in PAIRS:
        body = json.loads((HERE / source).read_text())
        body["utc_offset_seconds"] = 0
        body["timezone"] = "GMT"
        body["timezone_abbreviation"] = "GMT"
        (HERE / target).write_text(json.dumps(body, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
