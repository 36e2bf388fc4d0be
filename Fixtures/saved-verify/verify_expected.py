#!/usr/bin/env python3
"""What `saved verify --json` must say over log.jsonl (generate_log.py) at NOW, computed here from
the log and the archive body the loopback server answers every place with
(../open-meteo-archive/hamburg-daily-2025-07-20-to-08-09-hand-written.json), with code of its own.

The rules, as wx states them: the snapshots listed are those not deleted, oldest first, grouped by
their coordinate (places in the order they first appear, each named by its latest snapshot). A
place's range is its snapshots' kept days that have passed (in each snapshot's own zone); what
happened is the body's days within it with any reading. A kept day with an observed day is
checked: its high and low errors are forecast − observed rounded to hundredths (half away from
zero), rain / no rain is right when both sides are ≥ 1.0 mm or both below; a day without one is
to come when it has not passed (in the snapshot's zone), else unobserved (from 1940-01-01, where
the archive starts; an earlier one is neither). By lead (days after the snapshot's own local day) the errors are not rounded. Sums are
taken left to right, one value at a time (not Python's `sum`, which compensates since 3.12), so
the means are those of a plain fold; JSON gives them rounded to hundredths.

Prints {"places": [{"name", "latitude", "longitude", "snapshots", "snapshots_without_forecast",
"checked_days", "pending_days", "unobserved_days", "high_mae", "high_bias", "low_mae", "rain_hits", "rain_days",
"rain_percent", "by_lead": [{"lead", "high_mae", "high_bias", "high_days", "low_mae", "low_bias",
"low_days", "rain_hits", "rain_days"}]}]}, means as JSON gives them (null for none).
"""
import datetime
import json
import math
from pathlib import Path
from zoneinfo import ZoneInfo

HERE = Path(__file__).resolve().parent
ARCHIVE = HERE.parent / "open-meteo-archive" / "hamburg-daily-2025-07-20-to-08-09-hand-written.json"
NOW = datetime.datetime(2025, 9, 1, 12, 0, tzinfo=datetime.timezone.utc)
RAIN_MILLIMETRES = 1.0


def half_away(value):
    return math.copysign(math.floor(abs(value) + 0.5), value)


def hundredths(value):
    return None if value is None else half_away(value * 100) / 100


def mean(values):
    if not values:
        return None
    total = 0.0
    for value in values:
        total += value
    return total / len(values)


def local_date(text, zone):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(ZoneInfo(zone)).date()


def snapshots():
    records = [json.loads(line) for line in (HERE / "log.jsonl").read_text(encoding="utf-8").splitlines()]
    deleted = {r["id"] for r in records if r["kind"] == "snapshot.deleted"}
    return [r for r in records if r["kind"] == "snapshot" and r["id"] not in deleted]


def observed_days():
    daily = json.loads(ARCHIVE.read_text(encoding="utf-8"))["daily"]
    days = {}
    for i, day in enumerate(daily["time"]):
        values = (daily["temperature_2m_max"][i], daily["temperature_2m_min"][i], daily["precipitation_sum"][i])
        if any(v is not None for v in values):
            days[datetime.date.fromisoformat(day)] = values
    return days


def score(group, archive):
    passed = [datetime.date.fromisoformat(d["date"]) for s in group for d in s.get("forecast_days", [])
              if datetime.date.fromisoformat(d["date"]) < NOW.astimezone(ZoneInfo(s["timezone"])).date()]
    first, last = min(passed), max(passed)
    observed = {day: values for day, values in archive.items() if first <= day <= last}
    high, low, hits, rain_days, checked, pending, unobserved, without = [], [], 0, 0, 0, 0, 0, 0
    leads = {}
    for snapshot in group:
        if "forecast_days" not in snapshot:
            without += 1
            continue
        saved = local_date(snapshot["data_time"], snapshot["timezone"])
        for day in snapshot["forecast_days"]:
            date = datetime.date.fromisoformat(day["date"])
            seen = observed.get(date)
            if seen is None:
                if date >= NOW.astimezone(ZoneInfo(snapshot["timezone"])).date():
                    pending += 1
                elif date >= datetime.date(1940, 1, 1):
                    unobserved += 1
                continue
            checked += 1
            f_high, f_low, f_rain = (day.get("temperature_max_celsius"), day.get("temperature_min_celsius"),
                                     day.get("precipitation_sum_millimetres"))
            o_high, o_low, o_rain = seen
            lead = leads.setdefault((date - saved).days, {"high": [], "low": [], "hits": 0, "days": 0})
            if f_high is not None and o_high is not None:
                high.append(half_away((f_high - o_high) * 100) / 100)
                lead["high"].append(f_high - o_high)
            if f_low is not None and o_low is not None:
                low.append(half_away((f_low - o_low) * 100) / 100)
                lead["low"].append(f_low - o_low)
            if f_rain is not None and o_rain is not None:
                right = (f_rain >= RAIN_MILLIMETRES) == (o_rain >= RAIN_MILLIMETRES)
                rain_days += 1
                hits += right
                lead["days"] += 1
                lead["hits"] += right
    return {
        "snapshots": len(group), "snapshots_without_forecast": without, "checked_days": checked,
        "pending_days": pending, "unobserved_days": unobserved, "high_mae": hundredths(mean([abs(e) for e in high])),
        "high_bias": hundredths(mean(high)), "low_mae": hundredths(mean([abs(e) for e in low])),
        "rain_hits": hits, "rain_days": rain_days,
        "rain_percent": half_away(hits * 100 / rain_days) if rain_days else None,
        "by_lead": [{
            "lead": number, "high_mae": hundredths(mean([abs(e) for e in lead["high"]])),
            "high_bias": hundredths(mean(lead["high"])), "high_days": len(lead["high"]),
            "low_mae": hundredths(mean([abs(e) for e in lead["low"]])), "low_bias": hundredths(mean(lead["low"])),
            "low_days": len(lead["low"]), "rain_hits": lead["hits"], "rain_days": lead["days"],
        } for number, lead in sorted(leads.items())],
    }


def main():
    archive = observed_days()
    order, groups = [], {}
    for snapshot in snapshots():
        key = (round(snapshot["place"]["latitude"], 4), round(snapshot["place"]["longitude"], 4))
        if key not in groups:
            order.append(key)
            groups[key] = []
        groups[key].append(snapshot)
    places = []
    for key in order:
        group = groups[key]
        place = {"name": group[-1]["place"]["name"], "latitude": key[0], "longitude": key[1]}
        place.update(score(group, archive))
        places.append(place)
    print(json.dumps({"places": places}, ensure_ascii=False))


if __name__ == "__main__":
    main()
