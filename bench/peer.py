#!/usr/bin/env python3
"""The Python peer for `make bench`: geocode a place with geopy's Nominatim client, then fetch the
same Open-Meteo forecast wx asks for with requests — what `wx -c "find Hamburg; show"` does.

usage: peer.py BASE_URL QUERY
"""
import sys
from urllib.parse import urlsplit

import requests
from geopy.geocoders import Nominatim


def main():
    base, query = sys.argv[1], sys.argv[2]
    url = urlsplit(base)
    geocoder = Nominatim(user_agent="wx-bench-python-peer", domain=url.netloc, scheme=url.scheme)
    place = geocoder.geocode(query, addressdetails=True, language="en")
    if place is None:
        sys.exit(f"no place found for {query}")
    params = {
        "latitude": round(place.latitude, 4), "longitude": round(place.longitude, 4),
        "current": "temperature_2m,apparent_temperature,relative_humidity_2m,weather_code,wind_speed_10m,wind_direction_10m",
        "hourly": "temperature_2m,precipitation_probability,precipitation,weather_code",
        "daily": "weather_code,temperature_2m_max,temperature_2m_min,sunrise,sunset",
        "timezone": "auto", "timeformat": "unixtime", "forecast_days": 16,
    }
    forecast = requests.get(f"{base}/v1/forecast", params=params, timeout=20).json()
    current = forecast.get("current", {})
    print(place.address, current.get("temperature_2m"))


if __name__ == "__main__":
    main()
