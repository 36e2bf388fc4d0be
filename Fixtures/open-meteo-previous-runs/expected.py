#!/usr/bin/env python3
"""The figures the tests expect from the fixtures in this folder, computed here without wx's code:
local days from the tz database (zoneinfo Europe/Berlin, not the answer's offset), exact decimal
arithmetic, rounding half away from zero (as wx rounds: means to 0.01, then shown to 0.1).

What it checks (Tests/EndToEndTests/RunsEndToEndTests.swift and
Tests/WeatherKitTests/PreviousRunsTests.swift paste its output):
- each observed day's precipitation as `skill` sums it, beside the archive's own daily sum;
- `skill` (30 and 60 days) at WX_NOW=2025-08-14T08:00:00Z: the window ends 2025-08-09 (today, UTC,
  minus the archive's five days); what happened is
  ../open-meteo-archive/hamburg-2025-07-20-to-08-10-daily-max-min-hourly-precipitation-hand-written.json
  (the archive's daily high and low, its hourly precipitation);
- `drift tomorrow` and `drift sat` at the same time: each lead's high, low and sum for the day,
  and how many days ahead of the day its run was made.

A day's precipitation, on both sides, is the sum of the hours that END within it (Open-Meteo's
`precipitation` is the preceding hour's: the hours labelled 01:00 … 23:00 and the next day's 00:00),
and exists only when all of them are there; the high and low are over the instants 00:00–23:00.

Run: python3 Fixtures/open-meteo-previous-runs/expected.py
"""
import datetime
import json
import os
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
ARCHIVE = os.path.join(
    HERE, "..", "open-meteo-archive", "hamburg-2025-07-20-to-08-10-daily-max-min-hourly-precipitation-hand-written.json")
ZONE = ZoneInfo("Europe/Berlin")


def exact(value):
    return Fraction(Decimal(str(value)))


def half_up(value, places):
    """`value` (a Fraction) rounded half away from zero to `places` decimals."""
    scaled = value * 10**places
    sign = -1 if scaled < 0 else 1
    whole = int(abs(scaled) + Fraction(1, 2))
    return Fraction(sign * whole, 10**places)


def text(value, places):
    """`value` (a Fraction) as wx shows it: `places` decimals, half away from zero."""
    value = half_up(value, places)
    quantum = Decimal(1).scaleb(-places)
    return str((Decimal(value.numerator) / Decimal(value.denominator)).quantize(quantum, rounding=ROUND_HALF_UP))


def days_of(path, leads):
    """{(local date, lead): (max, min, sum) or None when the day is not whole}."""
    with open(os.path.join(HERE, path), encoding="utf-8") as f:
        hourly = json.load(f)["hourly"]
    by_day = {}
    for index, seconds in enumerate(hourly["time"]):
        date = datetime.datetime.fromtimestamp(seconds, ZONE).date()
        by_day.setdefault(date, []).append(index)
    ending = ending_within(hourly["time"])
    result = {}
    for date, indices in by_day.items():
        for lead in leads:
            suffix = "" if lead == 0 else f"_previous_day{lead}"
            temperatures = [hourly["temperature_2m" + suffix][i] for i in indices]
            result[(date, lead)] = (
                *((exact(max(temperatures)), exact(min(temperatures)))
                  if len(indices) >= 23 and None not in temperatures else (None, None)),
                summed(hourly["precipitation" + suffix], ending.get(date)),
            )
    return result, hourly


def ending_within(times):
    """{local date: the positions of the hours that end within it} — only for days whose covered
    hours (each value's time minus one hour) run from 00:00 to 23:00."""
    covered = {}
    for index, seconds in enumerate(times):
        start = datetime.datetime.fromtimestamp(seconds - 3600, ZONE)
        covered.setdefault(start.date(), []).append((start.hour, index))
    return {date: [i for _, i in hours] for date, hours in covered.items()
            if len(hours) >= 23 and hours[0][0] == 0 and hours[-1][0] == 23}


def summed(series, indices):
    """The exact sum of `series` over `indices`, None when a value is missing or the day is not whole."""
    if indices is None or any(series[i] is None for i in indices):
        return None
    return sum(exact(series[i]) for i in indices)


def skill(window_days):
    end = datetime.date(2025, 8, 14) - datetime.timedelta(days=5)
    start = end - datetime.timedelta(days=window_days - 1)
    with open(ARCHIVE, encoding="utf-8") as f:
        body = json.load(f)
    archive, hours = body["daily"], body["hourly"]
    ending = ending_within(hours["time"])
    observed = {}
    for i, day in enumerate(archive["time"]):
        date = datetime.date.fromisoformat(day)
        values = [None if v is None else exact(v) for v in (archive["temperature_2m_max"][i], archive["temperature_2m_min"][i])]
        values.append(summed(hours["precipitation"], ending.get(date)))
        if any(v is not None for v in values):
            observed[date] = values
    days, hourly = days_of("hamburg-skill-2025-06-11-to-08-10.json", range(1, 8))
    window = [d for d in sorted({d for d, _ in days}) if start <= d <= end]
    print(f"skill {window_days}: {start} .. {end}, {len([d for d in window if d in observed])} days with archive values")
    for lead in range(1, 8):
        # A lead repeating the one before it hour for hour (where both have values) is named, not scored.
        if lead > 1:
            a, b = hourly[f"temperature_2m_previous_day{lead}"], hourly[f"temperature_2m_previous_day{lead - 1}"]
            both = [(x, y) for x, y in zip(a, b) if x is not None and y is not None]
            if len(both) >= 12 and all(x == y for x, y in both):
                print(f"  lead {lead}: repeats lead {lead - 1}")
                continue
        high, low, rain_days, rain_hits = [], [], 0, 0
        for date in window:
            if date not in observed:
                continue
            fmax, fmin, fsum = days[(date, lead)]
            omax, omin, osum = observed[date]
            if fmax is not None and omax is not None:
                high.append(fmax - omax)
            if fmin is not None and omin is not None:
                low.append(fmin - omin)
            if fsum is not None and osum is not None:
                rain_days += 1
                rain_hits += (fsum >= 1) == (osum >= 1)

        def figures(errors):
            if not errors:
                return "none"
            mae = half_up(sum(abs(e) for e in errors) / len(errors), 2)
            bias = half_up(sum(errors) / len(errors), 2)
            return f"MAE {text(mae, 2)} ({text(mae, 1)}) bias {text(bias, 2)} ({text(bias, 1)}) n={len(errors)}"

        share = half_up(Fraction(rain_hits * 100, rain_days), 0) if rain_days else None
        print(
            f"  lead {lead}: high {figures(high)}; low {figures(low)}; rain {rain_hits}/{rain_days}"
            + (f" = {text(share, 0)} %" if share is not None else ""))


TODAY = datetime.date(2025, 8, 14)  # at WX_NOW in Hamburg


def drift(path, date):
    """Each lead's figures, the day of its run (Open-Meteo's Previous Runs documentation: lead 0
    is the current run, lead N the run N x 24 h before the valid time, so never after today; a
    lead whose run would be after today does not exist yet), and the bar of its high (1 + the
    high's place between the lowest and highest high, scale widened to 5 degrees, in 9 steps)."""
    days, _ = days_of(path, range(0, 8))
    print(f"drift {date}:")
    rows = []
    for lead in range(7, -1, -1):
        fmax, fmin, fsum = days[(date, lead)]
        made = date - datetime.timedelta(days=lead)
        no_run = lead >= 1 and made > TODAY
        run_day = min(made, TODAY)
        issued = "none" if no_run else run_day.strftime("%a %d %b")
        rows.append((lead, fmax, issued, no_run))
        show = lambda v, p: "none" if v is None else text(v, p)
        # How far ahead the run was made: the day minus the run's day (lead 0 is the newest run,
        # made today for a day ahead: Sat 16 from Thu 14 is 2 days ahead, not 0).
        ahead = "" if no_run else f" ahead {(date - run_day).days} d{' (newest run)' if lead == 0 else ''}"
        print(f"  lead {lead}: run {issued}{' (no run that old yet)' if no_run else ''}{ahead}"
              f" high {show(fmax, 1)} low {show(fmin, 1)} precipitation {show(fsum, 1)}")
    highs = [h for _, h, _, _ in rows if h is not None]
    low, high = min(highs), max(highs)
    if high - low < 5:
        middle = (low + high) / 2
        low, high = middle - Fraction(5, 2), middle + Fraction(5, 2)
    bars = [1 + int(half_up((h - low) / (high - low) * 9, 0)) if h is not None else 0 for _, h, _, _ in rows]
    print("  bars: " + " ".join(str(b) for b in bars))


def observed_rain():
    """Each day's observed precipitation as `skill` sums it (the hours that end within the day),
    next to the archive's own daily `precipitation_sum` (the hours labelled 00:00–23:00) from the
    daily answer the hours were written from."""
    with open(ARCHIVE, encoding="utf-8") as f:
        hours = json.load(f)["hourly"]
    with open(os.path.join(HERE, "..", "open-meteo-archive", "hamburg-daily-2025-07-20-to-08-09-hand-written.json"),
              encoding="utf-8") as f:
        daily = json.load(f)["daily"]
    ending = ending_within(hours["time"])
    print("observed rain (hours ending within the day | the archive's daily sum):")
    for i, day in enumerate(daily["time"]):
        total = summed(hours["precipitation"], ending.get(datetime.date.fromisoformat(day)))
        print(f"  {day}: {'none' if total is None else text(total, 2)} | {daily['precipitation_sum'][i]}")


if __name__ == "__main__":
    observed_rain()
    skill(30)
    skill(60)
    drift("hamburg-drift-2025-08-14-to-16.json", datetime.date(2025, 8, 15))
    drift("hamburg-drift-2025-08-15-to-17.json", datetime.date(2025, 8, 16))
