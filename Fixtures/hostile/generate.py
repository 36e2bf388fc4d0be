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

# Open-Meteo /v1/forecast (the recording ../open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json)
# with one value no weather has in each, for show, hourly, rain and brief: −500 °C in an hour,
# a negative hour of rain, 1e308 °C now, and a day's gusts of 1e308 km/h. Each is refused whole by
# the forecast's range check. (A number beyond any double, 1e999, is read as no value at all.)
with open("open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json") as f:
    recording = f.read()


def forecast_variant(name, change):
    body = json.loads(recording)
    change(body)
    text = json.dumps(body, separators=(",", ":"), ensure_ascii=False)
    with open("hostile/" + name, "w", encoding="utf-8") as f:
        f.write(text)


def hour_minus_500(body):
    body["hourly"]["temperature_2m"][5] = -500


def negative_rain(body):
    body["hourly"]["precipitation"][8] = -2.5


def now_1e308(body):
    body["current"]["temperature_2m"] = 1e308


def gusts_1e308(body):
    body["daily"]["wind_gusts_10m_max"][1] = 1e308


forecast_variant("forecast-berlin-hour-minus-500-c-hand-written.json", hour_minus_500)
forecast_variant("forecast-berlin-negative-rain-hand-written.json", negative_rain)
forecast_variant("forecast-berlin-now-1e308-c-hand-written.json", now_1e308)
forecast_variant("forecast-berlin-gusts-1e308-hand-written.json", gusts_1e308)

# Trial 57: one entry of a series out of order, or repeated, and a zone no place has. Each
# series is refused whole (an hour's values belong to its own time); the zone is unknown and
# guessed from the place, as for an answer in GMT.


def hour_60_out_of_order(body):
    # Tuesday 12:00 UTC's entry dated Sunday 02:00: its 73 km visibility and the hours after
    # it were shown as Sunday's "next 12 hours".
    body["hourly"]["time"][60] = "2025-07-27T02:00"


def hour_5_out_of_order(body):
    body["hourly"]["time"][5] = "2025-07-27T02:00"


def day_repeated(body):
    body["daily"]["time"][3] = body["daily"]["time"][2]


def zone_unreadable(body):
    body["timezone"] = "Mars/Olympus"
    body["utc_offset_seconds"] = 999999


forecast_variant("forecast-berlin-hour-60-time-out-of-order-hand-written.json", hour_60_out_of_order)
forecast_variant("forecast-berlin-hour-5-time-out-of-order-hand-written.json", hour_5_out_of_order)
forecast_variant("forecast-berlin-day-repeated-hand-written.json", day_repeated)
forecast_variant("forecast-berlin-zone-mars-olympus-hand-written.json", zone_unreadable)

# The Previous Runs answer of the demo (../open-meteo-previous-runs/berlin-runs-2025-06-23-to-08-03-hand-written-from-forecast.json)
# with one hour's time repeated: `drift` refuses it rather than put its values in another hour.
with open("open-meteo-previous-runs/berlin-runs-2025-06-23-to-08-03-hand-written-from-forecast.json") as f:
    runs = json.load(f)
runs["hourly"]["time"][40] = runs["hourly"]["time"][39]
with open("hostile/previous-runs-berlin-hour-repeated-hand-written.json", "w") as f:
    json.dump(runs, f, separators=(",", ":"))
