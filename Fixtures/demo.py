"""The loopback server's demo mode (`server.py --demo demo/places.json`, used by `make demo`).

A demo is a small recorded world: each place of the manifest has its own recordings, and a
request is answered only from the recordings of the place it is about, found by its coordinates
(within WITHIN_KM) or, for a place search, by one of the place's names. Anything else gets HTTP
404 with an Open-Meteo-shaped error body whose reason says what the demo has no recording of:

  {"error": true, "reason": "the demo has no recording of air quality for Berlin"}

never another place's answer or another request's error.

Manifest: {"places": [{"name", "names", "latitude", "longitude", "recorded", "later"?, "routes": [...]}]}.
A place's routes have the shape of routes.json's ("path", "query", "file", "status"), plus
"dates": [first, last] for answers that hold only those days (a request whose start_date..end_date
falls outside is not answered with it), and "recorded_from": the path of the service whose answer
the body is when it is not the route's own (the server ignores it; wx names that service as the
source of those days), and "at": "later" for a recording made at the place's second, later
instant ("later": what happened on the forecast's days, which wx reads only with its clock
there), which the refusals' "it has …" leaves out, as at the first instant those days are to come.
"""
import datetime
import json
import math

WITHIN_KM = 20

# What a request asks for, in words, by path (the first prefix that matches).
WHAT = [
    ("/search", "a place search"),
    ("/v1/search", "a place search"),
    ("/reverse", "the name of a place"),
    ("/lookup", "the name of a place"),
    ("/v1/air-quality", "air quality"),
    ("/v1/ensemble", "an ensemble forecast"),
    ("/previous-runs/", "earlier forecast runs"),
    ("/data/2.5/", "OpenWeatherMap"),
    ("/alerts", "warnings"),
    ("/collections/weather-alerts", "warnings"),
    ("/weatherapi/metalerts", "warnings"),
    ("/api/v1/warnings", "warnings"),
]


def distance_km(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 6371 * 2 * math.asin(min(1, math.sqrt(a)))


def first(query, name):
    return query.get(name, [""])[0]


def merged_days(ranges):
    """Ranges of ISO days ([first, last]) in order, those that overlap or touch made one."""
    merged = []
    for a, b in sorted(ranges):
        if merged and datetime.date.fromisoformat(a) <= datetime.date.fromisoformat(merged[-1][1]) + datetime.timedelta(days=1):
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return merged


def requested_point(query):
    """The coordinates a request is about: lat/lon, latitude/longitude, NWS's point=lat,lon or
    the middle of ECCC's bbox=west,south,east,north; None when it names none."""
    try:
        for lat_name, lon_name in (("lat", "lon"), ("latitude", "longitude")):
            if first(query, lat_name) and first(query, lon_name):
                return float(first(query, lat_name).split(",")[0]), float(first(query, lon_name).split(",")[0])
        if first(query, "point"):
            lat, lon = first(query, "point").split(",")[:2]
            return float(lat), float(lon)
        if first(query, "bbox"):
            west, south, east, north = (float(v) for v in first(query, "bbox").split(",")[:4])
            return (south + north) / 2, (west + east) / 2
    except ValueError:
        return None
    return None


def what(path, query):
    if path.endswith("/v1/forecast") and not path.startswith("/previous-runs"):
        if first(query, "start_date"):
            return "past weather"
        if first(query, "models"):
            return "other models’ forecasts"
        return "the forecast"
    if path == "/v1/archive":
        if first(query, "start_date") == "1991-01-01" and first(query, "end_date") == "2020-12-31":
            return "climate normals"
        return "past weather"
    for prefix, words in WHAT:
        if path.startswith(prefix):
            return words
    return "this request"


class DemoWorld:
    def __init__(self, manifest_path):
        with open(manifest_path, encoding="utf-8") as f:
            self.places = json.load(f)["places"]

    def names(self):
        return ", ".join(place["name"] for place in self.places)

    def place_named(self, name):
        """The place one of whose names is `name`, or is a part of a label wx printed for it
        ("Berlin, Deutschland"), as wx's DemoWorld.place(named:) matches."""
        def folded(text):
            return " ".join(text.split()).casefold()
        wanted = folded(name)
        parts = [folded(part) for part in name.split(",")]
        for place in self.places:
            for alias in [place["name"]] + place.get("names", []):
                if folded(alias) == wanted or folded(alias) in parts:
                    return place
        return None

    def place_near(self, point):
        lat, lon = point
        near = [(distance_km(lat, lon, p["latitude"], p["longitude"]), p) for p in self.places]
        near = [item for item in near if item[0] <= WITHIN_KM]
        return min(near, key=lambda item: item[0])[1] if near else None

    def place_for(self, path, query):
        """The place a request is about, and how to name it when the demo has none."""
        name = first(query, "q") if path == "/search" else first(query, "name") if path == "/v1/search" else ""
        if name:
            return self.place_named(name), f"“{name}”"
        point = requested_point(query)
        if point is not None:
            return self.place_near(point), f"{point[0]:.2f},{point[1]:.2f}"
        # A feed that names no place (MeteoAlarm's per country): the one place that has it.
        having = [p for p in self.places if any(r["path"] == path for r in p["routes"])]
        return (having[0] if len(having) == 1 else None), None

    @staticmethod
    def covers(route, query):
        # The place's forecast does not answer for its past days or other models: a route
        # answers only the kind of request it is a recording of.
        if what(route["path"], {k: [v] for k, v in route.get("query", {}).items()}) != what(route["path"], query):
            return False
        for key, wanted in route.get("query", {}).items():
            value = first(query, key)
            if not value or (wanted != "*" and value.strip().lower() != wanted.lower()):
                return False
        if "dates" in route:
            start, end = first(query, "start_date"), first(query, "end_date") or first(query, "start_date")
            if not start or start < route["dates"][0] or end > route["dates"][1]:
                return False
        return True

    def answer(self, path, query, read):
        """(status, body) for a request; 404 with an error body when the demo has no recording
        of it. `read(name)` gives a fixture's bytes."""
        lat_name = "lat" if "lat" in query else "latitude"
        lon_name = "lon" if "lon" in query else "longitude"
        if "," in first(query, lat_name):
            # Several places in one request (compare): the array of each one's answer, as the
            # service sends it; the first place without a recording refuses the whole.
            bodies = []
            for lat, lon in zip(first(query, lat_name).split(","), first(query, lon_name).split(",")):
                one = dict(query)
                one[lat_name], one[lon_name] = [lat], [lon]
                status, body = self.answer(path, one, read)
                if status != 200:
                    return status, body
                bodies.append(json.loads(body))
            return 200, json.dumps(bodies, ensure_ascii=False).encode()
        place, named = self.place_for(path, query)
        words = what(path, query)
        if place is None and named is None:
            return self.refusal(f"the demo has no recording of {words} from this service")
        if place is None:
            return self.refusal(f"the demo has no recording for {named}; it knows: {self.names()}")
        if path == "/reverse":
            # Nominatim's reverse answer is one place in the shape of a search result: the
            # place's own search answer's first.
            for route in place["routes"]:
                if route["path"] == "/search":
                    return 200, json.dumps(json.loads(read(route["file"]))[0], ensure_ascii=False).encode()
        for route in place["routes"]:
            if route["path"] == path and self.covers(route, query):
                return route.get("status", 200), read(route["file"])
        reason = f"the demo has no recording of {words} for {place['name']}"
        if words == "a place search":
            # The demo's searches are Nominatim's: say which geocoder finds its places.
            reason += " from this geocoder; “geocoder nominatim” finds the demo’s places"
        # Every recording of the same kind counts (past weather comes from /v1/archive and from
        # /v1/forecast's start_date): trial 8 was told Berlin has 2025-06-23..2025-07-22, the
        # archive's days alone, while 23–26 July answered from the forecast API.
        dates = merged_days(
            r["dates"] for r in place["routes"]
            if "dates" in r and r.get("at") != "later"
            and what(r["path"], {k: [v] for k, v in r.get("query", {}).items()}) == words
        )
        if dates and first(query, "start_date") and not first(query, "models"):
            # A one-day recording is written as that day, not as a range of one.
            reason += " on those days (it has " + ", ".join(a if a == b else f"{a}..{b}" for a, b in dates) + ")"
        return self.refusal(reason)

    @staticmethod
    def refusal(reason):
        return 404, json.dumps({"error": True, "reason": reason}, ensure_ascii=False).encode()
