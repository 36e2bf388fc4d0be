#!/usr/bin/env python3
"""Loopback HTTP server that replays recorded service bodies from Fixtures/.

Used by the end-to-end tests, `make demo` and `make bench`. It listens on 127.0.0.1 only and
prints "listening on http://127.0.0.1:PORT" when ready.

Routes come from routes.json (see there), then from every routes.d/*.json in name order (one file a
service family, so that adding a service adds a file instead of editing a shared list). A route
with "nearest" answers with the recording closest to the coordinates asked, as recorded: its
echoed place (Open-Meteo's latitude/longitude, OpenWeatherMap's coord and city.coord) stays the
recording's, so wx refuses one recorded farther than 100 km from the place asked, as it would
refuse the service's answer about another place (asking OpenWeatherMap for Paris gets London's
recording, refused); a route also marked "stand_in": true (the forecast's, air quality's) stands
in for the service anywhere and echoes the place asked, as does a route's "otherwise" body (for
places farther than its "within_km" from every recording: OpenWeatherMap's forecast without steps).
On top of them, tests steer it through a control API:

  POST /__control/next    {"path": "/v1/forecast", "status": 429, "file": "cases/om-error-429-daily.json",
                           "content_type": "...", "headers": {"Retry-After": "30"},
                           "fault": "hang|trickle|cut|flood|badutf8|close", "delay_ms": 0, "times": 1}
                          queues a one-off answer for the next request(s) whose path starts with "path"
  POST /__control/gate    {"path": "/", "count": 5, "timeout_ms": 5000}
                          holds each request whose path starts with "path" until "count" of them
                          are in flight, then answers them all; when that many never come, the
                          ones held are answered after "timeout_ms" and so is every later one
  GET  /__control/gate    {"arrived": N, "opened": true|false, "timed_out": true|false}: whether
                          the gate opened because "count" requests were in flight at once
  POST /__control/reset   forgets queued answers, the gate and the request log
  GET  /__control/requests  the request log as a JSON array

Options: --port N (0 picks a free one), --fixtures DIR, --routes FILE, --log FILE (request log as
JSON lines), --demo FILE (answer only from the recordings of the places a manifest such as
demo/places.json lists: demo.py), --delay-ms N (latency added to every answer), --tls-cert FILE
--tls-key FILE (HTTPS with a certificate the test made).
"""
import argparse
import json
import math
import os
import socket
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CONTENT_TYPES = {
    ".json": "application/json; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".xml": "text/xml; charset=utf-8",
}


def distance_km(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 6371 * 2 * math.asin(min(1, math.sqrt(a)))


class State:
    def __init__(self, fixtures, routes, log_path, delay_ms):
        self.fixtures = fixtures
        self.routes = routes
        self.log_path = log_path
        self.delay_ms = delay_ms
        self.lock = threading.Lock()
        self.queued = []
        self.requests = []
        self.demo = None
        self.gate = None
        self.gate_changed = threading.Condition(self.lock)

    def record(self, entry):
        with self.lock:
            self.requests.append(entry)
            if self.log_path:
                with open(self.log_path, "a", encoding="utf-8") as log:
                    log.write(json.dumps(entry, ensure_ascii=False) + "\n")

    def pass_gate(self, path):
        """Holds a request at the gate (see POST /__control/gate) until it opens or times out."""
        with self.lock:
            gate = self.gate
            if gate is None or not path.startswith(gate["path"]) or gate["opened"] or gate["timed_out"]:
                return
            gate["arrived"] += 1
            if gate["arrived"] >= gate["count"]:
                gate["opened"] = True
                self.gate_changed.notify_all()
                return
            if not self.gate_changed.wait_for(lambda: gate["opened"] or gate["timed_out"], gate["timeout_ms"] / 1000):
                gate["timed_out"] = True
                self.gate_changed.notify_all()

    def take_queued(self, path):
        with self.lock:
            for item in self.queued:
                if path.startswith(item.get("path", "")):
                    item["times"] = item.get("times", 1) - 1
                    if item["times"] <= 0:
                        self.queued.remove(item)
                    return item
        return None


def query_matches(route_query, query):
    for name, wanted in route_query.items():
        values = query.get(name)
        if not values:
            return False
        if wanted != "*" and values[0].strip().lower() != wanted.lower():
            return False
    return True


def coordinates(query, lat_name, lon_name):
    lats = query.get(lat_name, [""])[0].split(",")
    lons = query.get(lon_name, [""])[0].split(",")
    try:
        return [(float(a), float(b)) for a, b in zip(lats, lons)]
    except ValueError:
        return []


def nearest_file(route, lat, lon):
    """The recording nearest (lat, lon), and whether it is the route's "otherwise" body instead
    (no recording within "within_km"): a body written for any place, which echoes the place."""
    best = min(route["nearest"], key=lambda c: distance_km(lat, lon, c["latitude"], c["longitude"]))
    limit = route.get("within_km")
    if limit is not None and distance_km(lat, lon, best["latitude"], best["longitude"]) > limit:
        return route.get("otherwise"), True
    return best["file"], False


# How far from the place asked an answer's echoed place may be (wx refuses an answer farther
# away, Open-Meteo's and OpenWeatherMap's alike: AnswerPlace.farthestKilometres).
GRID_CELL_KM = 100


def echoed_places(item):
    """The places an answer says it is about, as (object, latitude key, longitude key): Open-Meteo's
    `latitude`/`longitude`, OpenWeatherMap's current weather `coord.lat`/`coord.lon` and its
    forecast's `city.coord`."""
    places = [(item, "latitude", "longitude")]
    if isinstance(item.get("coord"), dict):
        places.append((item["coord"], "lat", "lon"))
    city = item.get("city")
    if isinstance(city, dict) and isinstance(city.get("coord"), dict):
        places.append((city["coord"], "lat", "lon"))
    return [(o, a, b) for o, a, b in places
            if isinstance(o.get(a), (int, float)) and isinstance(o.get(b), (int, float))]


def echoing(body, lat, lon):
    """A recording of a route marked "stand_in" (or a route's "otherwise" body, written for any
    place) as the service would answer at (lat, lon): each echoed place recorded farther than
    GRID_CELL_KM from the place asked (`echoed_places`) is set to the place's. Only for answers
    that stand in for the service anywhere (the forecast, air quality: tests use them at places
    with no recording); other bodies unchanged."""
    try:
        item = json.loads(body)
    except ValueError:
        return body
    if not isinstance(item, dict):
        return body
    far = [(o, a, b) for o, a, b in echoed_places(item) if distance_km(lat, lon, o[a], o[b]) > GRID_CELL_KM]
    if not far:
        return body
    for o, a, b in far:
        o[a], o[b] = lat, lon
    # Compact, as the service sends its answers.
    return json.dumps(item, ensure_ascii=False, separators=(",", ":")).encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "wx-fixture-server/1"

    def log_message(self, format, *args):  # quiet
        pass

    @property
    def state(self):
        return self.server.state

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if self.path == "/__control/next":
            item = json.loads(body or b"{}")
            with self.state.lock:
                self.state.queued.append(item)
            return self.send_body(200, b"{}", "application/json")
        if self.path == "/__control/gate":
            item = json.loads(body or b"{}")
            with self.state.lock:
                self.state.gate = {"path": item.get("path", "/"), "count": int(item["count"]),
                                   "timeout_ms": int(item.get("timeout_ms", 5000)),
                                   "arrived": 0, "opened": False, "timed_out": False}
            return self.send_body(200, b"{}", "application/json")
        if self.path == "/__control/reset":
            with self.state.lock:
                self.state.queued.clear()
                self.state.requests.clear()
                self.state.gate = None
            return self.send_body(200, b"{}", "application/json")
        self.send_body(404, b"not found", "text/plain")

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        if url.path == "/__control/requests":
            with self.state.lock:
                data = json.dumps(self.state.requests, ensure_ascii=False).encode()
            return self.send_body(200, data, "application/json")
        if url.path == "/__control/gate":
            with self.state.lock:
                gate = self.state.gate or {"arrived": 0, "opened": False, "timed_out": False}
                data = json.dumps({k: gate[k] for k in ("arrived", "opened", "timed_out")}).encode()
            return self.send_body(200, data, "application/json")
        query = urllib.parse.parse_qs(url.query, keep_blank_values=True)
        self.state.record({
            "time": time.time(),
            "path": url.path,
            "host": self.headers.get("Host"),
            "raw_query": url.query,
            "query": {k: v[0] for k, v in query.items()},
            "user_agent": self.headers.get("User-Agent"),
            "accept_language": self.headers.get("Accept-Language"),
        })
        self.state.pass_gate(url.path)
        if self.state.delay_ms:
            time.sleep(self.state.delay_ms / 1000)
        queued = self.state.take_queued(url.path)
        if queued is not None:
            return self.answer_queued(queued)
        if self.state.demo is not None:
            status, body = self.state.demo.answer(url.path, query, self.read_fixture)
            return self.send_body(status, body, CONTENT_TYPES[".json"])
        self.answer_route(url.path, query)

    def answer_queued(self, item):
        if item.get("delay_ms"):
            time.sleep(item["delay_ms"] / 1000)
        fault = item.get("fault")
        if fault == "hang":
            time.sleep(item.get("seconds", 120))
            self.close_connection = True
            return
        if fault == "close":
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        if fault == "trickle":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            try:
                for _ in range(int(item.get("seconds", 120) * 2)):
                    self.wfile.write(b" ")
                    self.wfile.flush()
                    time.sleep(0.5)
            except OSError:
                pass
            self.close_connection = True
            return
        if fault == "cut":
            body = self.read_fixture(item.get("file", "open-meteo-forecast/new-york-current-hourly-168h-daily-sunrise-reformatted.json"))
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        if fault == "flood":
            size = int(item.get("bytes", 50 * 1024 * 1024))
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(size))
            self.end_headers()
            chunk = b"[" + b"0," * 32767
            sent = 0
            try:
                while sent < size:
                    piece = chunk[: size - sent]
                    self.wfile.write(piece)
                    sent += len(piece)
            except OSError:
                pass
            self.close_connection = True
            return
        if fault == "badutf8":
            body = b'[{"lat":"53.55","lon":"9.99","display_name":"Ham\xff\xfeburg","address":{"city":"Ham\xc3burg"}}]'
            return self.send_body(200, body, "application/json")
        body = self.read_fixture(item["file"]) if "file" in item else item.get("body", "").encode()
        content_type = item.get("content_type") or self.content_type(item.get("file", ".json"))
        self.send_body(item.get("status", 200), body, content_type, item.get("headers", {}))

    def answer_route(self, path, query):
        for route in self.state.routes:
            if route["path"] != path:
                continue
            if "query" in route and not query_matches(route["query"], query):
                continue
            if "nearest" in route:
                lat_name, lon_name = ("lat", "lon") if "lat" in query else ("latitude", "longitude")
                points = coordinates(query, lat_name, lon_name)
                if not points:
                    continue
                # The recording nearest the place, as recorded: its echoed latitude and longitude
                # are where it was recorded, so one recorded farther than a grid cell from the
                # place asked is refused by wx (OpenMeteoAnswer.checkAnswer) as an answer about
                # another place would be. Rewriting them to the place asked for every route
                # showed Hamburg's archive as Berlin's and a Paris ensemble as 10°N 10°E to
                # anyone driving wx by hand (trial 59); only a "stand_in" route still does.
                # The "otherwise" body is written for any place: it echoes the place too.
                chosen = [nearest_file(route, lat, lon) for lat, lon in points]
                files = [f for f, _ in chosen]
                echoes = [bool(route.get("stand_in")) or otherwise for _, otherwise in chosen]
                if len(files) == 1 or "," not in query.get(lat_name, [""])[0]:
                    if not echoes[0]:
                        return self.send_file(route.get("status", 200), files[0])
                    body = echoing(self.read_fixture(files[0]), *points[0])
                    return self.send_body(route.get("status", 200), body, self.content_type(files[0]))
                # Several places in one request: the service answers a JSON array.
                items = [json.loads(echoing(self.read_fixture(f), *p) if e else self.read_fixture(f))
                         for f, p, e in zip(files, points, echoes)]
                return self.send_body(200, json.dumps(items, ensure_ascii=False).encode(), CONTENT_TYPES[".json"])
            return self.send_file(route.get("status", 200), route["file"])
        self.send_body(404, b'{"error":true,"reason":"no fixture for this request"}', CONTENT_TYPES[".json"])

    def read_fixture(self, name):
        with open(os.path.join(self.state.fixtures, name), "rb") as f:
            return f.read()

    def content_type(self, name):
        return CONTENT_TYPES.get(os.path.splitext(name)[1], "application/octet-stream")

    def send_file(self, status, name):
        self.send_body(status, self.read_fixture(name), self.content_type(name))

    def send_body(self, status, body, content_type, headers=None):
        try:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            for key, value in (headers or {}).items():
                self.send_header(key, str(value))
            self.end_headers()
            self.wfile.write(body)
        except OSError:
            self.close_connection = True


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--fixtures", default=here)
    parser.add_argument("--routes", default=os.path.join(here, "routes.json"))
    parser.add_argument("--log")
    parser.add_argument("--delay-ms", type=int, default=0)
    parser.add_argument("--demo", help="answer only from the places this manifest lists (make demo)")
    parser.add_argument("--tls-cert", help="serve HTTPS with this PEM certificate (and --tls-key)")
    parser.add_argument("--tls-key", help="the private key of --tls-cert, PEM")
    parser.add_argument("--exit-on-eof", action="store_true", help="exit when standard input closes (the parent is gone)")
    args = parser.parse_args()
    with open(args.routes, encoding="utf-8") as f:
        routes = json.load(f)["routes"]
    extra = os.path.join(os.path.dirname(os.path.abspath(args.routes)), "routes.d")
    if os.path.isdir(extra):
        for name in sorted(os.listdir(extra)):
            if name.endswith(".json"):
                with open(os.path.join(extra, name), encoding="utf-8") as f:
                    routes += json.load(f)["routes"]
    # socketserver's listen backlog is 5: with 20 connections opened at once (compare's warning
    # feeds) the kernel dropped the rest's SYNs, and each came back a second later. Real servers
    # queue far more; so does this one.
    ThreadingHTTPServer.request_queue_size = 128
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    server.state = State(args.fixtures, routes, args.log, args.delay_ms)
    if args.demo:
        from demo import DemoWorld
        server.state.demo = DemoWorld(args.demo)
    scheme = "http"
    if args.tls_cert:
        import ssl
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.tls_cert, args.tls_key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
        scheme = "https"
    print(f"listening on {scheme}://127.0.0.1:{server.server_address[1]}", flush=True)
    if args.exit_on_eof:
        def watch_stdin():
            sys.stdin.buffer.read()
            os._exit(0)
        threading.Thread(target=watch_stdin, daemon=True).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
