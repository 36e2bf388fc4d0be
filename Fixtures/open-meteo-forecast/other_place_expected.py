#!/usr/bin/env python3
"""How far the answers the other-place tests use lie from the places asked, without wx's code.

Great-circle distance by the haversine, mean Earth radius 6371.0 km. wx accepts an Open-Meteo
answer whose echoed latitude/longitude (its grid cell's centre) lie within 100 km of the place
asked: the coarsest grid it reads is CAMS global's 0.4°, and with cell_selection=land the cell
may be a neighbour of the nearest, 1.5 cells (0.6°) away along each axis.

Run: python3 Fixtures/open-meteo-forecast/other_place_expected.py
"""
import json
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.dirname(HERE)


def km(a, b):
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    dp, dl = p2 - p1, math.radians(b[1] - a[1])
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371.0 * math.asin(min(1, math.sqrt(h)))


def echoed(path):
    with open(os.path.join(FIXTURES, path), encoding="utf-8") as f:
        answer = json.load(f)
    return round(answer["latitude"], 4), round(answer["longitude"], 4)


BERLIN = (52.52, 13.41)
cases = [
    ("forecast New York, asked Berlin", BERLIN,
     echoed("open-meteo-forecast/new-york-current-hourly-168h-daily-sunrise-reformatted.json")),
    ("ensemble Paris, asked Berlin", BERLIN,
     echoed("open-meteo-ensemble/paris-ecmwf-ifs025-51-members-all-variables-dst-hand-written.json")),
    ("air Lahore, asked Berlin", BERLIN, echoed("open-meteo-air-quality/lahore-hourly-aqi-pm-4-days.json")),
    ("OM-16 grid cell, asked Tokyo", (35.6895, 139.6917), echoed("cases/om-echoed-coordinates.json")),
    ("a neighbour cell of CAMS 0.4° on the equator", (0.0, 0.0), (0.6, 0.6)),
    ("one degree north of the equator", (0.0, 0.0), (1.0, 0.0)),
]


def nearest_recording(path, asked):
    """The recording Fixtures/routes.json's 'nearest' route for `path` (no query) answers at
    `asked`: the one recorded closest to it, served as recorded (trial 59: the server used to
    rewrite its latitude/longitude to the place asked, so Hamburg's archive read as Berlin's)."""
    routes = []
    extra = sorted("routes.d/" + n for n in os.listdir(os.path.join(FIXTURES, "routes.d")) if n.endswith(".json"))
    for name in ["routes.json"] + extra:
        with open(os.path.join(FIXTURES, name), encoding="utf-8") as f:
            routes += json.load(f)["routes"]
    route = next(r for r in routes if r["path"] == path and "nearest" in r and "query" not in r)
    best = min(route["nearest"], key=lambda c: km(asked, (c["latitude"], c["longitude"])))
    return echoed(best["file"])


# Trial 59 (finding 6), through the fixture server's routes: Berlin as Nominatim's recording
# places it (warnings/nominatim-search-berlin-hand-written.json), and 10°N 10°E.
with open(os.path.join(FIXTURES, "warnings/nominatim-search-berlin-hand-written.json"), encoding="utf-8") as f:
    first = json.load(f)[0]
NOMINATIM_BERLIN = (float(first["lat"]), float(first["lon"]))
cases += [
    ("archive route, asked Nominatim's Berlin", NOMINATIM_BERLIN, nearest_recording("/v1/archive", NOMINATIM_BERLIN)),
    ("ensemble route, asked 10,10", (10.0, 10.0), nearest_recording("/v1/ensemble", (10.0, 10.0))),
]
for name, asked, answered in cases:
    distance = km(asked, answered)
    verdict = "accepted" if distance <= 100 else "refused"
    print(f"{name}: asked {asked[0]:.4f},{asked[1]:.4f}, answered {answered[0]:.4f},{answered[1]:.4f},"
          f" {distance:.1f} km -> {round(distance)} km, {verdict}")
