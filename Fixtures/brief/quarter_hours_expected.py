#!/usr/bin/env python3
"""Paris's hand-written 7-day answer with a dry 15-minute block in front, and what `brief` and
`rain` should say of it at the instant given as argv[1] (on a quarter hour), computed here with
code of its own.

The block is what wx asks for (`forecast_minutely_15=24`): 24 values of 0.0 mm, the first
labelled a quarter hour after now. Open-Meteo's 15-minute amount is the sum of the preceding
15 minutes and an hourly amount that of the preceding hour, so the block covers the next
6 hours and the hours labelled after its end carry on. A wet 15 minutes has 0.05 mm or more, a
wet hour 0.1 mm or more. The spell: the first run of wet intervals beginning within 24 hours of
now, from where its first begins to where its last ends; its total follows it to its end
(`rain`); `window_hours` is the whole hours from now the data cover within 24. With `--hours-only` as
argv[2], the answer as recorded (no 15-minute block).

Prints one JSON object: "body" (the answer to serve), "start", "end" (UTC), "total_millimetres",
"window_hours", "quarters_end".
"""
import json
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

ANSWER = (
    Path(__file__).resolve().parent.parent / "open-meteo-forecast" / "paris-7d-hourly-hand-written-beside-the-ensemble.json"
)


def iso(moment):
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def main():
    now = datetime.fromisoformat(sys.argv[1].replace("Z", "+00:00"))
    answer = json.loads(ANSWER.read_text())
    labels = [] if sys.argv[2:] == ["--hours-only"] else [now + timedelta(minutes=15 * (i + 1)) for i in range(24)]
    if labels:
        answer["minutely_15_units"] = {"time": "unixtime", "precipitation": "mm"}
        answer["minutely_15"] = {"time": [int(t.timestamp()) for t in labels], "precipitation": [0.0] * 24}
    quarters_end = labels[-1] if labels else now
    # (begins, ends, mm, wet from) for each interval, the 15-minute ones, then the hours after.
    intervals = [(t - timedelta(minutes=15), t, 0.0, 0.05) for t in labels]
    for label, amount in zip(answer["hourly"]["time"], answer["hourly"]["precipitation"]):
        end = datetime.fromtimestamp(label, timezone.utc)
        if (end - timedelta(hours=1) >= quarters_end or not labels) and amount is not None:
            intervals.append((end - timedelta(hours=1), end, amount, 0.1))
    horizon = now + timedelta(hours=24)
    window = [i for i in intervals if i[1] > now and i[0] < horizon]
    window_hours = int((min(horizon, window[-1][1]) - now).total_seconds() // 3600)
    first = next((n for n, i in enumerate(window) if i[2] >= i[3]), None)
    result = {"body": json.dumps(answer), "window_hours": window_hours, "quarters_end": iso(quarters_end)}
    if first is None:
        result.update(start=None, end=None, total_millimetres=0)
    else:
        ahead = [i for i in intervals if i[1] > now]
        begin = ahead.index(window[first])
        spell = []
        for interval in ahead[begin:]:
            if interval[2] < interval[3]:
                break
            spell.append(interval)
        result.update(
            start=iso(spell[0][0]), end=iso(spell[-1][1]), total_millimetres=round(sum(i[2] for i in spell), 2)
        )
    print(json.dumps(result))


main()
