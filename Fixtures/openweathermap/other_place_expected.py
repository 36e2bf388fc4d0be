#!/usr/bin/env python3
"""How far the OpenWeatherMap recordings the fixture server answers for Paris and Tokyo are from
the place asked, without wx's code: the server answers the current weather nearest the place
(routes.json's /data/2.5/weather "nearest": London for Paris, Moscow for Tokyo), each with its
own `coord`. wx refuses an answer whose place is farther than 100 km from the place asked
(AnswerPlace.farthestKilometres), as it refuses Open-Meteo's. Great-circle distance on a sphere
of radius 6371 km (haversine), as Coordinate.kilometres(to:) and server.py's distance_km.

Run: python3 Fixtures/openweathermap/other_place_expected.py
"""
import json
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def kilometres(a, b):
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    dp, dl = p2 - p1, math.radians(b[1] - a[1])
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 6371 * 2 * math.asin(min(1, math.sqrt(h)))


for asked, file in [
    ((48.85, 2.35), "weather-london-lat-lon-kelvin-rain-1h.json"),
    ((35.68, 139.69), "../cases/owm-current-cyrillic-snow.json"),
]:
    with open(os.path.join(HERE, file), encoding="utf-8") as f:
        coord = json.load(f)["coord"]
    answered = (coord["lat"], coord["lon"])
    print(f"asked {asked[0]:.4f},{asked[1]:.4f}  answered {answered[0]:.4f},{answered[1]:.4f}  "
          f"{kilometres(asked, answered):.1f} km")
