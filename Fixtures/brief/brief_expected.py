#!/usr/bin/env python3
"""The facts `wx brief` should state for Berlin's recorded forecast (answered in GMT) at the
instant given as argv[1] — or for the recording argv[2] names (under Fixtures/) at the place's
zone argv[3] (its ISO labels read at the answer's `utc_offset_seconds`) — computed here from the recording with code of its own, by the rules `help brief`
states (`rain`'s reading): a wet hour has 0.1 mm or more (the sum of the hour before its time);
the spell is the first run of wet hours that starts among those reaching past now within 24
hours, followed to its end in the data as `rain` follows it, starting where its first wet hour
begins (now, when that is past) and dry again where its last ends (where the data end when it
is still wet there: "still_raining_at_end"); the amount is what is still to come of it (of the
hour holding now, the share of it after now); "hours_left" is the whole hours from now the
answer covers (24 at most); the heaviest is its wettest hour (the first of equals) with the
hours in a row after it that have as much (heaviest_start to heaviest_end), and "even" says
every hour of the spell has the same amount (the sentence then names no heaviest span), and
"heaviest_said" the span as the sentence words it; "later" the spells after it that start
within the 24 hours, each followed to its end, and "later_said" the words that name them
(`later_spells`), and "rain_heaviest_later_said" the line `rain` adds for the heaviest of them
(`rain_heaviest_later`);
tomorrow's and today's highs are the days of the place's calendar. Prints one JSON object with
"rain" (null when dry), "tomorrow" and "hours_left"."""
import json
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

ANSWER = Path(__file__).resolve().parent.parent / "open-meteo-forecast" / "berlin-gmt-all-params-168h-daily-reformatted.json"


def iso(moment):
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def instant(label, offset_seconds=0):
    """An hour's label: Unix seconds, or an ISO time at the answer's UTC offset
    (`utc_offset_seconds`: Open-Meteo's labels carry no zone, and one offset holds for the whole
    answer — 0 for Berlin's recording in GMT, -18000 for New York's in EST)."""
    if isinstance(label, (int, float)):
        return datetime.fromtimestamp(label, timezone.utc)
    return datetime.fromisoformat(label).replace(tzinfo=timezone(timedelta(seconds=offset_seconds)))


def falls(hourly, times, start, end):
    """What falls over start–end by the WMO codes of the hours touching it (hours with 0 mm
    passed over): snow when every coded hour is snow (71–77, 85–86), rain when every one is
    rain (51–67, 80–82, 95–99), else neither (said as rain)."""
    codes = hourly.get("weather_code") or [None] * len(times)
    amounts = hourly["precipitation"]
    kinds = set()
    for t, a, c in zip(times, amounts, codes):
        if t - timedelta(hours=1) < end and t > start and (a is None or a > 0) and c is not None:
            if 51 <= c <= 67 or 80 <= c <= 82 or 95 <= c <= 99:
                kinds.add("rain")
            elif 71 <= c <= 77 or 85 <= c <= 86:
                kinds.add("snow")
    return "snow" if kinds == {"snow"} else "rain"


def later_spells(ahead, last, now, end, zone, hourly, times):
    """The spells after the first: every run of wet hours after it that starts within the 24
    hours (its first hour begins before now + 24 h), each followed to its end in the data as
    the first is. Each: start (where its first wet hour begins), end (where its last ends),
    precipitation_millimetres (its hours summed, to the hundredth), falls, still_raining_at_end.
    And the words the sentence says of them: each by itself ("rain again 13:00–14:00 (0.1 mm)
    and 20:00–22:00 (31.0 mm)") up to two; more, "on and off" from the first's start to the
    last's end with their total and the heaviest (the most mm; the first of equals) — a span
    ends with its day when that is not its start's ("20:00–tomorrow 02:00"); the last, still wet
    where the data end, is "from" its start, and said so after the rest."""
    spells = []
    index = last + 1
    while index < len(ahead):
        t, a = ahead[index]
        if a < 0.1 - 1e-9:
            index += 1
            continue
        if t - timedelta(hours=1) >= end:
            break
        first = index
        while index + 1 < len(ahead) and ahead[index + 1][1] >= 0.1 - 1e-9:
            index += 1
        hours = ahead[first:index + 1]
        start, stop = hours[0][0] - timedelta(hours=1), hours[-1][0]
        spells.append({
            "start": iso(start), "end": iso(stop),
            "precipitation_millimetres": round(sum(a for _, a in hours), 2),
            "falls": falls(hourly, times, start, stop),
            "still_raining_at_end": index == len(ahead) - 1,
            "_start": start, "_end": stop,
        })
        index += 1
    today = now.astimezone(zone).date()

    def at(moment):
        local = moment.astimezone(zone)
        days = (local.date() - today).days
        return f"{local:%H:%M}" if days == 0 else f"tomorrow {local:%H:%M}" if days == 1 else f"{local:%a %H:%M}"

    def span(spell):
        start, stop = spell["_start"], spell["_end"]
        same = start.astimezone(zone).date() == stop.astimezone(zone).date()
        return f"{at(start)}–{stop.astimezone(zone):%H:%M}" if same else f"{at(start)}–{at(stop)}"

    def amount(mm):
        return f"{mm:.1f} mm"

    said = None
    if spells and len(spells) <= 2:
        parts = []
        before = None
        for spell in spells:
            noun = spell["falls"]
            word = f"{noun} again " if before is None else "" if noun == before else f"{noun} "
            before = noun
            when = f"from {at(spell['_start'])}" if spell["still_raining_at_end"] else span(spell)
            parts.append(f"{word}{when} ({amount(spell['precipitation_millimetres'])})")
        said = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    elif spells:
        noun = "snow" if all(s["falls"] == "snow" for s in spells) else "rain"
        total = round(sum(s["precipitation_millimetres"] for s in spells), 2)
        whole = {"_start": spells[0]["_start"], "_end": spells[-1]["_end"]}
        when = f"from {at(whole['_start'])}" if spells[-1]["still_raining_at_end"] else span(whole)
        said = f"{noun} again on and off {when} ({amount(total)})"
        heaviest = max(spells, key=lambda s: s["precipitation_millimetres"])
        if any(s["precipitation_millimetres"] != heaviest["precipitation_millimetres"] for s in spells):
            said += f", heaviest {span(heaviest)} ({amount(heaviest['precipitation_millimetres'])})"
    # Only the last can run on past the data: said after the rest.
    if spells and spells[-1]["still_raining_at_end"]:
        falling = "snowing" if spells[-1]["falls"] == "snow" else "raining"
        said += f", still {falling} when the forecast ends"
    heaviest_later = rain_heaviest_later(spells, today, zone)
    for spell in spells:
        del spell["_start"], spell["_end"]
    return spells, said, heaviest_later


def rain_heaviest_later(spells, today, zone):
    """The line `rain` adds under its sentence: the later spell with the most mm (the first of
    equals), "later: …" when it is the only one, else "heaviest later: …", its times as `rain`
    says them ("20:00" today, "Sat 20:00" on another day; the end's day only when not the
    start's), its amount to a tenth; one still wet where the data end "from" its start, said so."""
    if not spells:
        return None
    heaviest = spells[0]
    for spell in spells:
        if spell["precipitation_millimetres"] > heaviest["precipitation_millimetres"]:
            heaviest = spell

    def at(moment):
        local = moment.astimezone(zone)
        return f"{local:%H:%M}" if local.date() == today else f"{local:%a %H:%M}"

    lead = "later" if len(spells) == 1 else "heaviest later"
    noun = heaviest["falls"]
    amount = f"({heaviest['precipitation_millimetres']:.1f} mm)"
    start, stop = heaviest["_start"], heaviest["_end"]
    if heaviest["still_raining_at_end"]:
        falling = "snowing" if noun == "snow" else "raining"
        return f"{lead}: {noun} from {at(start)} {amount}, still {falling} when the forecast ends"
    same = start.astimezone(zone).date() == stop.astimezone(zone).date()
    stop_said = f"{stop.astimezone(zone):%H:%M}" if same else at(stop)
    return f"{lead}: {noun} {at(start)}–{stop_said} {amount}"


def main():
    now = datetime.fromisoformat(sys.argv[1].replace("Z", "+00:00"))
    path = ANSWER if len(sys.argv) < 3 else Path(__file__).resolve().parent.parent / sys.argv[2]
    zone = ZoneInfo(sys.argv[3] if len(sys.argv) > 3 else "Europe/Berlin")
    answer = json.loads(path.read_text())
    hourly = answer["hourly"]
    offset = answer.get("utc_offset_seconds") or 0
    times = [instant(t, offset) for t in hourly["time"]]
    amounts = hourly["precipitation"]
    # Each amount is the hour before its time: the hours that reach past now; the spell must
    # start within 24 hours from now, and is followed past them (`rain`'s reading, which brief
    # shares).
    end = now + timedelta(hours=24)
    ahead = [(t, a or 0.0) for t, a in zip(times, amounts) if t > now]
    window = [(t, a) for t, a in ahead if t - timedelta(hours=1) < end]
    rain = None
    wet = [i for i, (_, a) in enumerate(window) if a >= 0.1 - 1e-9]
    if wet:
        first = last = wet[0]
        while last + 1 < len(ahead) and ahead[last + 1][1] >= 0.1 - 1e-9:
            last += 1
        spell = ahead[first:last + 1]
        heaviest = max(spell, key=lambda hour: hour[1])  # max keeps the first of equals
        # The heaviest runs on over the hours in a row after it with the same amount.
        run_end = spell.index(heaviest)
        while run_end + 1 < len(spell) and spell[run_end + 1][1] == heaviest[1]:
            run_end += 1
        rain = {
            # Raining now: from now; else where the first wet hour begins.
            "start": iso(max(now, spell[0][0] - timedelta(hours=1))),
            # Dry again where the last wet hour ends; still wet where the data end: there.
            "end": iso(spell[-1][0]),
            "heaviest_start": iso(heaviest[0] - timedelta(hours=1)), "heaviest_end": iso(spell[run_end][0]),
            "heaviest_precipitation_millimetres": heaviest[1],
            # Still to come: of an hour begun (raining now), the part after now only.
            "precipitation_millimetres": round(
                sum(a * max(0.0, (t - max(t - timedelta(hours=1), now)).total_seconds()) / 3600
                    for t, a in spell), 6),
            "still_raining_at_end": last == len(ahead) - 1,
            "even": all(a == heaviest[1] for _, a in spell),
        }
        # As the sentence says it: the span at the place's clock, its start with its day when
        # that is not today ("tomorrow", else the weekday), and the amount of each hour — "an
        # hour" after it when the span has several (trial60: a span tomorrow said without it).
        first_hour = (heaviest[0] - timedelta(hours=1)).astimezone(zone)
        last_hour = spell[run_end][0].astimezone(zone)
        days_ahead = (first_hour.date() - now.astimezone(zone).date()).days
        day = "" if days_ahead == 0 else "tomorrow " if days_ahead == 1 else first_hour.strftime("%a ")
        rate = " an hour" if run_end > spell.index(heaviest) else ""
        rain["heaviest_said"] = (
            f"heaviest {day}{first_hour:%H:%M}–{last_hour:%H:%M} ({heaviest[1]:.1f} mm{rate})")
        rain["later"], rain["later_said"], rain["rain_heaviest_later_said"] = later_spells(
            ahead, last, now, end, zone, hourly, times)
    hours_left = 0
    if window:
        hours_left = int(min(24 * 3600, (window[-1][0] - now).total_seconds()) // 3600)
    today = now.astimezone(zone).date()
    days = [d if isinstance(d, str) else instant(d, offset).astimezone(zone).date().isoformat()
            for d in answer["daily"]["time"]]
    highs = dict(zip(days, answer["daily"]["temperature_2m_max"]))
    tomorrow = {
        "today_high_celsius": highs.get(today.isoformat()),
        "tomorrow_high_celsius": highs.get((today + timedelta(days=1)).isoformat()),
    }
    print(json.dumps({"rain": rain, "tomorrow": tomorrow, "hours_left": hours_left}, sort_keys=True))


main()
