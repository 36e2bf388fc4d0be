#!/usr/bin/env python3
"""The scale of `hourly N`'s temperature chart when there are more hours than columns, without
wx's code: the labels are values the chart shows, the top the warmest hour there is.

At most min(72, width - margin) columns, margin = max(8, widest label + 2) + 2 (the labels as
"-11.2 °C", with and without a decimal, of the hours' lowest and highest); hours per column =
ceil(hours / columns); each column shows the warmest of its hours (so the top is the warmest
hour, which the table above lists). Labels: the lowest column value on the bottom row, the
highest on the row its column's top reaches; a decimal when the span is under 5 degrees.

  argv: FILE (relative to Fixtures/) NOW (ISO 8601 UTC) HOURS WIDTH
Prints {"hours_per_column", "top", "bottom", "warmest_hour"} (labels as wx writes them).
"""
import json
import sys
from datetime import datetime, timezone
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent.parent


def main():
    answer = json.loads((FIXTURES / sys.argv[1]).read_text())
    now = datetime.fromisoformat(sys.argv[2].replace("Z", "+00:00")).timestamp()
    count, width = int(sys.argv[3]), int(sys.argv[4])
    hourly = answer["hourly"]
    def instant(t):  # unixtime, or ISO 8601 local to the answer's offset (GMT: UTC)
        if isinstance(t, (int, float)):
            return t
        return datetime.fromisoformat(t).replace(tzinfo=timezone.utc).timestamp() - answer.get("utc_offset_seconds", 0)

    values = [v for t, v in zip(hourly["time"], hourly["temperature_2m"]) if instant(t) > now][:count]
    known = [v for v in values if v is not None]
    low, high = min(known), max(known)
    widest = max(len(f"{v:.{d}f} °C") for v in (low, high) for d in (0, 1))
    margin = max(8, widest + 2) + 2
    columns = max(8, min(72, width - margin))
    step = max(1, -(-len(values) // columns))
    shown = []
    for start in range(0, len(values), step):
        group = [v for v in values[start:start + step] if v is not None]
        if group:
            shown.append(max(group))
    bottom, top = min(shown), max(shown)
    digits = 1 if max(top - bottom, 1) < 5 else 0
    print(json.dumps({
        "hours_per_column": step, "top": f"{top:.{digits}f} °C", "bottom": f"{bottom:.{digits}f} °C",
        "warmest_hour": f"{high:.{digits}f} °C",
    }, ensure_ascii=False))


if __name__ == "__main__":
    main()
