#!/usr/bin/env python3
"""The zone NearestZone.identifier should name, worked out here on its own from the tz
database's zone1970.tab and the anchors of Sources/WXBasics/Time/ZoneAnchors.swift (more places of
known zone, in the table's form): for each place (latitude, longitude in degrees, an optional ISO
country code), the zone whose principal place is nearest by the haversine formula among the
country's places when the table or the anchors list any for it, else among all; the first of
equals wins, the table's before the anchors'.

Usage: nearest_zone_expected.py [TABLE] < places   (one "LAT LON [CC]" a line)
Prints one zone (or "-") a line, in order.
"""
import math
import os
import sys


def angle(text, degree_digits):
    sign, digits = text[0], text[1:]
    if sign not in "+-" or not digits.isdigit() or len(digits) not in (degree_digits + 2, degree_digits + 4):
        return None
    value = int(digits[:degree_digits]) + int(digits[degree_digits:degree_digits + 2]) / 60
    if len(digits) == degree_digits + 4:
        value += int(digits[degree_digits + 2:]) / 3600
    return -value if sign == "-" else value


ANCHORS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources", "WXBasics", "Time",
                       "ZoneAnchors.swift")


def anchor_lines(path=ANCHORS):
    """The lines of the Swift multi-line literal, its `\\t` escapes made tabs."""
    text = open(path, encoding="utf-8").read()
    body = text.split('"""')[1]
    return [line.strip().replace("\\t", "\t") for line in body.splitlines() if line.strip()]


def zones(path):
    lines = open(path, encoding="utf-8") if isinstance(path, str) else path
    for line in lines:
        if line.startswith("#") or not line.strip():
            continue
        fields = line.rstrip("\n").split("\t")
        if len(fields) < 3:
            continue
        codes, place, zone = fields[0], fields[1], fields[2]
        split = next((i for i in range(1, len(place)) if place[i] in "+-"), None)
        if split is None:
            continue
        latitude, longitude = angle(place[:split], 2), angle(place[split:], 3)
        if latitude is None or longitude is None:
            continue
        yield codes.split(","), latitude, longitude, zone


def nearest(table, latitude, longitude, country):
    radians = math.pi / 180
    best = None
    for codes, zone_latitude, zone_longitude, zone in table:
        if country is not None and country not in codes:
            continue
        d_latitude = (zone_latitude - latitude) * radians
        d_longitude = (zone_longitude - longitude) * radians
        # The operations in the order Swift's expression has them, so that the roundings agree.
        a = (math.sin(d_latitude / 2) * math.sin(d_latitude / 2)
             + math.cos(latitude * radians) * math.cos(zone_latitude * radians) * math.sin(d_longitude / 2)
             * math.sin(d_longitude / 2))
        distance = math.asin(min(1, math.sqrt(a)))
        if best is None or distance < best[0]:
            best = (distance, zone)
    return best[1] if best else None


def main():
    table = list(zones(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/zoneinfo/zone1970.tab"))
    table += list(zones(anchor_lines()))
    for line in sys.stdin:
        parts = line.split()
        if not parts:
            continue
        latitude, longitude = float(parts[0]), float(parts[1])
        country = parts[2].upper() if len(parts) > 2 else None
        zone = (nearest(table, latitude, longitude, country) if country else None) \
            or nearest(table, latitude, longitude, None)
        print(zone or "-")


main()
