#!/usr/bin/env python3
"""What `saved 1` and `saved verify` should show for a snapshot whose forecast came in GMT
(SavedUTCDaysEndToEndTests), computed here from the two bodies with code of its own (not wx's).

The snapshot keeps the forecast body's daily high, low and precipitation sum for the UTC days
from the saved instant's UTC day on, at most 7 (the body was asked in GMT: its days are UTC
days). What happened is the archive body answered for the same UTC days (asked with
timezone=GMT). A day is checked when it is over in UTC at the check instant; a rain day has at
least 1.0 mm. Temperatures and amounts are shown to a tenth (°C, mm; half away from zero, as
written in decimal) and each error is the difference of the two figures shown.

  argv: FORECAST ARCHIVE SAVED CHECKED (files under Fixtures/, instants ISO 8601 UTC)

Prints one JSON object: {"rows": [[date, high, was, error, low, was, error, rain, was, error]…]
for the checked days, "pending_days", "checked_days", "high_mae", "high_bias", "low_mae",
"rain_hits", "rain_days"}, errors forecast − observed.
"""
import datetime
import json
import sys
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent.parent
RAIN_MILLIMETRES = 1.0
KEPT_DAYS = 7


def day_of(value):
    if isinstance(value, str):
        return value[:10]
    return datetime.datetime.fromtimestamp(value, datetime.timezone.utc).date().isoformat()


def daily(name):
    body = json.loads((FIXTURES / name).read_text())
    assert body["utc_offset_seconds"] == 0, f"{name} is not in GMT"
    days = body["daily"]
    return {
        day_of(t): (x, n, p)
        for t, x, n, p in zip(
            days["time"], days["temperature_2m_max"], days["temperature_2m_min"], days["precipitation_sum"])
    }


def tenth(value):
    return Decimal(repr(value)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


def signed(value):
    return f"+{value}" if value > 0 else ("0.0" if value == 0 else str(value))


def instant(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def main():
    forecast, observed = daily(sys.argv[1]), daily(sys.argv[2])
    saved, checked = instant(sys.argv[3]).date().isoformat(), instant(sys.argv[4]).date().isoformat()
    kept = [day for day in sorted(forecast) if day >= saved][:KEPT_DAYS]
    rows, errors, pending = [], [], 0
    for day in kept:
        if day >= checked:
            pending += 1
            continue
        if day not in observed or observed[day][0] is None:
            continue
        row = [day]
        for index in (0, 1, 2):
            shown, was = tenth(forecast[day][index]), tenth(observed[day][index])
            row += [str(shown), str(was), signed(shown - was)]
        rows.append(row)
        errors.append((
            forecast[day][0] - observed[day][0], forecast[day][1] - observed[day][1],
            (forecast[day][2] >= RAIN_MILLIMETRES) == (observed[day][2] >= RAIN_MILLIMETRES)))
    count = len(errors)
    # No day checked yet (the check right after the save): no error to average (null).
    def mean(values):
        return sum(values) / count if count else None
    print(json.dumps({
        "rows": rows, "pending_days": pending, "checked_days": count,
        "high_mae": mean([abs(e[0]) for e in errors]), "high_bias": mean([e[0] for e in errors]),
        "low_mae": mean([abs(e[1]) for e in errors]),
        "rain_hits": sum(e[2] for e in errors), "rain_days": count,
    }))


if __name__ == "__main__":
    main()
