#!/usr/bin/env python3
"""Writes the generated hostile bodies of this folder (issue 38). Hand-written: no service sent
them. Run from Fixtures/: python3 hostile/generate.py"""
import json

# Bright Sky /alerts (brightsky.dev/docs, the shape of ../warnings/brightsky-alerts-berlin-frost-2026-03.json)
# with 2,000 warnings in force for Berlin at 2026-03-07T03:00Z: 1,997 minor frost warnings, then
# two severe and one extreme (listed last, so that a view showing the first ten shows none of them).
alerts = []
for i in range(2000):
    severity = "minor"
    event = "frost"
    if i == 1997 or i == 1998:
        severity, event = "severe", "heavy snowfall"
    if i == 1999:
        severity, event = "extreme", "extreme thunderstorm"
    alerts.append({
        "id": i + 1, "alert_id": "hand-written.flood.%d" % (i + 1),
        "onset": "2026-03-07T00:00:00+00:00", "expires": "2026-03-07T08:00:00+00:00",
        "severity": severity, "event_en": event,
        "headline_en": "Official WARNING of %s number %d for a district of Berlin" % (event.upper(), i + 1),
        "status": "actual"})
body = {"alerts": alerts, "location": {"warn_cell_id": 111000000, "name": "Berlin", "name_short": "BE",
        "district": "Berlin", "state": "Berlin", "state_short": "BE"}}
with open("hostile/brightsky-alerts-berlin-2000-in-force-hand-written.json", "w") as f:
    json.dump(body, f, separators=(",", ":"))
