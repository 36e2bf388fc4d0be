#!/usr/bin/env python3
"""Writes hamburg-four-models-daily-hand-written.json: a forecast-API answer for
`daily=weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum` with
`models=ecmwf_ifs025,gfs_seamless,icon_seamless,gem_seamless`, `timezone=auto`, `timeformat=unixtime`.

Hand-written: no public recording of this request exists. The shape follows open-meteo.com/en/docs
("models" parameter: with several models every variable's key gets the model as a suffix) and the
recorded Fixtures/open-meteo-forecast/berlin-gmt-two-models-suffixed-keys.json (keys such as
`weather_code_gfs_seamless` in `daily` and `daily_units`). Values are made up; GEM has no values on
the last two days and ICON none on the last (the end of their range), as real answers write null.

Prints the days the tests expect to be marked, decided here: rain when one model has < 0.2 mm and
another >= 1 mm; high when the highs are more than 3 degrees apart.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
MODELS = ["ecmwf_ifs025", "gfs_seamless", "icon_seamless", "gem_seamless"]
START = 1796079600  # 2026-12-01T00:00 CET
DAYS = [
    # (highs, lows, sums, codes) per model
    ([7.0, 7.4, 6.8, 7.9], [-1.0, -0.5, -1.2, 0.1], [0.0, 0.1, 0.0, 0.0], [3, 2, 3, 1]),
    ([9.0, 8.1, 9.4, 8.7], [1.0, 0.2, 1.5, 0.9], [3.2, 0.0, 2.1, 0.6], [61, 3, 61, 51]),
    ([6.0, 10.5, 5.8, 7.0], [-2.0, 1.0, -2.5, -1.0], [4.0, 5.5, 3.1, 6.2], [63, 61, 63, 65]),
    ([10.0, 6.5, 11.2, 9.9], [2.0, 0.5, 3.0, 2.2], [0.0, 1.4, 0.1, 0.0], [2, 61, 1, 3]),
    ([5.0, 8.0, 6.0, 7.0], [0.0, 1.0, 0.5, 0.8], [0.2, 1.0, 0.5, 0.3], [3, 61, 51, 3]),
    ([4.1, 4.5, 3.9, None], [-3.0, -2.5, -3.4, None], [0.0, 0.0, 0.0, None], [0, 1, 0, None]),
    ([3.0, 3.6, None, None], [-4.0, -3.1, None, None], [0.0, 0.0, None, None], [0, 0, None, None]),
]

def main():
    daily = {"time": [START + 86400 * d for d in range(len(DAYS))]}
    units = {"time": "unixtime"}
    for m, model in enumerate(MODELS):
        daily["weather_code_" + model] = [day[3][m] for day in DAYS]
        daily["temperature_2m_max_" + model] = [day[0][m] for day in DAYS]
        daily["temperature_2m_min_" + model] = [day[1][m] for day in DAYS]
        daily["precipitation_sum_" + model] = [day[2][m] for day in DAYS]
        units["weather_code_" + model] = "wmo code"
        units["temperature_2m_max_" + model] = "°C"
        units["temperature_2m_min_" + model] = "°C"
        units["precipitation_sum_" + model] = "mm"
    body = {
        "latitude": 53.54, "longitude": 9.98, "generationtime_ms": 1.2, "utc_offset_seconds": 3600,
        "timezone": "Europe/Berlin", "timezone_abbreviation": "GMT+1", "elevation": 8.0,
        "daily_units": units, "daily": daily,
    }
    with open(os.path.join(HERE, "hamburg-four-models-daily-hand-written.json"), "w", encoding="utf-8") as f:
        f.write(json.dumps(body, ensure_ascii=False, separators=(",", ":")) + "\n")
    for d, (highs, lows, sums, codes) in enumerate(DAYS):
        hs = [h for h in highs if h is not None]
        ss = [s for s in sums if s is not None]
        rain = any(s < 0.2 for s in ss) and any(s >= 1.0 for s in ss)
        high = len(hs) >= 2 and max(hs) - min(hs) > 3.0 + 1e-9
        print("day %d  rain %s  high %s  range %.1f" % (d, rain, high, max(hs) - min(hs)))

if __name__ == "__main__":
    main()
