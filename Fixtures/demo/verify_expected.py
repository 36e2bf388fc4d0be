#!/usr/bin/env python3
"""What `saved verify` should say in `make demo` for a snapshot of Berlin saved at its first
recorded instant (places.json's `recorded`) and checked at its later one (`later`), computed
here from the two bodies with code of its own (not wx's).

The snapshot keeps the forecast recording's daily high, low and precipitation for the days
from the recorded instant's UTC day on (the recording was asked in GMT), at most 7; what
happened is the archive body the manifest serves for those days at the later instant. A day is
checked when it is over (in GMT) at the later instant; a rain day has at least 1.0 mm. Prints
one JSON object: {"checked_days", "pending_days", "high_mae", "high_bias", "low_mae",
"low_bias", "rain_hits", "rain_days", "rain_percent", "by_lead": [{"lead", "high_mae",
"high_bias", "low_mae", "low_bias", "rain_hits", "rain_days"}]}, errors forecast − observed, °C.
"""
import datetime
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parent
RAIN_MILLIMETRES = 1.0
KEPT_DAYS = 7


def instant(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def berlin():
    places = json.loads((HERE / "places.json").read_text())["places"]
    return next(place for place in places if place["name"] == "Berlin")


def body(place, path, wanted):
    """The body of the place's route for `path` whose dates hold the day `wanted`, or the
    undated route without a query."""
    for route in place["routes"]:
        if route["path"] != path:
            continue
        dates = route.get("dates")
        if dates and dates[0] <= wanted <= dates[1] or not dates and "query" not in route:
            return json.loads((FIXTURES / route["file"]).read_text())
    raise SystemExit(f"no {path} route for {wanted}")


def day_of(value):
    if isinstance(value, str):
        return value[:10]
    return datetime.datetime.fromtimestamp(value, datetime.timezone.utc).date().isoformat()


def mean(values):
    return sum(values) / len(values) if values else None


def main():
    place = berlin()
    recorded, later = instant(place["recorded"]), instant(place["later"])
    forecast = body(place, "/v1/forecast", "")["daily"]
    first = recorded.date().isoformat()
    kept = [index for index, day in enumerate(forecast["time"]) if day_of(day) >= first][:KEPT_DAYS]
    archive = body(place, "/v1/archive", day_of(forecast["time"][kept[0]]))["daily"]
    observed = {day_of(t): i for i, t in enumerate(archive["time"])}
    today = later.date().isoformat()
    rows = []
    pending = 0
    for lead, index in enumerate(kept):
        day = day_of(forecast["time"][index])
        if day >= today:
            pending += 1
            continue
        seen = observed.get(day)
        if seen is None:
            continue
        f_high, f_low = forecast["temperature_2m_max"][index], forecast["temperature_2m_min"][index]
        f_rain = forecast["precipitation_sum"][index]
        o_high, o_low = archive["temperature_2m_max"][seen], archive["temperature_2m_min"][seen]
        o_rain = archive["precipitation_sum"][seen]
        rows.append({
            "lead": lead, "high": f_high - o_high, "low": f_low - o_low,
            "rain_hit": (f_rain >= RAIN_MILLIMETRES) == (o_rain >= RAIN_MILLIMETRES),
        })
    hits = sum(row["rain_hit"] for row in rows)
    print(json.dumps({
        "checked_days": len(rows), "pending_days": pending,
        "high_mae": mean([abs(r["high"]) for r in rows]), "high_bias": mean([r["high"] for r in rows]),
        "low_mae": mean([abs(r["low"]) for r in rows]), "low_bias": mean([r["low"] for r in rows]),
        "rain_hits": hits, "rain_days": len(rows), "rain_percent": 100 * hits / len(rows),
        "by_lead": [{
            "lead": r["lead"], "high_mae": abs(r["high"]), "high_bias": r["high"], "low_mae": abs(r["low"]),
            "low_bias": r["low"], "rain_hits": int(r["rain_hit"]), "rain_days": 1} for r in rows],
    }))


if __name__ == "__main__":
    main()
