#!/usr/bin/env python3
"""How `drift` dates its rows, worked out from Open-Meteo's Previous Runs documentation without
wx's code, for every whole-hour UTC offset from -11 to +14 and the days a person asks for.

The documented rule (open-meteo.com/en/docs/previous-runs-api): `_previous_day0` is the current
model run (as the live forecast API); `_previous_dayN` is the value predicted N x 24 hours before
the valid time. So for a day D and the place's today T:

- lead 0 is the newest run: made today (T) for a day ahead or today; for a day past, the run of
  that day (D);
- lead N >= 1 is the run of D - N days when D - N <= T;
- lead N >= 1 with D - N > T needs a run made after today: none exists. The service fills those
  hours with the newest run's values or leaves them empty; either way the row is no forecast of
  its own ("no_run_that_old"), dated today when it carries (the newest run's) values, undated
  when empty;
- the change is said over the days between the oldest run of its own with figures and the
  newest (lead 0), by the days they were made.

Each case gives the columns of a synthetic answer the test builds ("own": a forecast of its own;
"newest": lead 0's values again; "null": empty) and the rows expected.

Run: python3 Fixtures/open-meteo-previous-runs/drift_dating_expected.py > Fixtures/open-meteo-previous-runs/drift-dating-expected.json
"""
import datetime
import json

NOW = datetime.datetime(2026, 7, 9, 12, 0, tzinfo=datetime.timezone.utc)  # Thu 12:00 UTC
CASES = [("today", 0), ("tomorrow", 1)] + [(f"+{k}", k) for k in range(2, 8)] + [("yesterday", -1), ("-3", -3), ("-8", -8)]

cases = []
for offset in range(-11, 15):
    zone = datetime.timezone(datetime.timedelta(hours=offset))
    today = NOW.astimezone(zone).date()
    for name, ahead in CASES:
        date = today + datetime.timedelta(days=ahead)
        for fill in ("newest", "null"):
            columns, rows = {}, []
            for lead in range(7, -1, -1):
                made = date - datetime.timedelta(days=lead)
                no_run = lead >= 1 and made > today
                columns[str(lead)] = fill if no_run else "own"
                has_values = not no_run or fill == "newest"
                issued = (today if has_values else None) if no_run else min(made, today)
                rows.append({
                    "lead": lead,
                    "issued": issued.isoformat() if issued else None,
                    "no_run_that_old": no_run,
                })
            own = [r for r in rows if not r["no_run_that_old"]]
            first, last = own[0], own[-1]
            change_days = (datetime.date.fromisoformat(last["issued"]) - datetime.date.fromisoformat(first["issued"])).days
            cases.append({
                "utc_offset_hours": offset, "case": name, "today": today.isoformat(), "date": date.isoformat(),
                "fill": fill, "columns": columns, "rows": rows, "change_over_days": change_days,
            })

print(json.dumps({"now": NOW.strftime("%Y-%m-%dT%H:%M:%SZ"), "cases": cases}, indent=1))
