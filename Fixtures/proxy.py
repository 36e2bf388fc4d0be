#!/usr/bin/env python3
"""A loopback HTTP proxy for the tests of wx behind a company network.

Tunnels `CONNECT host:port` (HTTPS through the proxy) and forwards absolute-form requests
(`GET http://host:port/path`, plain HTTP through the proxy), to 127.0.0.1 only. Prints
"listening on http://127.0.0.1:PORT" when ready, then one line per request it handled:
"CONNECT 127.0.0.1:4443" or "GET http://127.0.0.1:8080/search?…".

Options: --port N (0 picks a free one), --route NAME=PORT (repeatable), --exit-on-eof (exit when standard input closes: the test
that started it is gone).
"""
import argparse
import os
import select
import signal
import threading
import socket
import socketserver
import sys
import urllib.parse


ROUTES = {}  # host name -> a port on 127.0.0.1 (--route)


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        line = self.rfile.readline(65536).decode("latin-1").strip()
        headers = []
        while True:
            header = self.rfile.readline(65536)
            if header in (b"\r\n", b"\n", b""):
                break
            headers.append(header)
        parts = line.split(" ")
        if len(parts) != 3:
            return
        method, target, version = parts
        print(f"{method} {target}", flush=True)
        if method == "CONNECT":
            host, _, port = target.rpartition(":")
            if host.lower() in ROUTES:
                host, port = "127.0.0.1", ROUTES[host.lower()]
            if host not in ("127.0.0.1", "localhost"):
                self.wfile.write(b"HTTP/1.1 403 Forbidden\r\n\r\n")
                return
            upstream = socket.create_connection(("127.0.0.1", int(port)))
            self.wfile.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
            self.wfile.flush()
            self.tunnel(self.connection, upstream)
            return
        url = urllib.parse.urlsplit(target)
        routed = ROUTES.get((url.hostname or "").lower())
        if url.hostname not in ("127.0.0.1", "localhost") and routed is None:
            self.wfile.write(b"HTTP/1.1 403 Forbidden\r\n\r\n")
            return
        upstream = socket.create_connection(("127.0.0.1", routed or url.port or 80))
        path = url.path + ("?" + url.query if url.query else "")
        kept = [h for h in headers if not h.lower().startswith((b"proxy-", b"connection"))]
        upstream.sendall(f"{method} {path} {version}\r\n".encode("latin-1") + b"".join(kept)
                         + b"Connection: close\r\n\r\n")
        self.tunnel(self.connection, upstream)

    @staticmethod
    def tunnel(client, upstream):
        sockets = [client, upstream]
        try:
            while True:
                readable, _, _ = select.select(sockets, [], [], 30)
                if not readable:
                    return
                for source in readable:
                    data = source.recv(65536)
                    if not data:
                        return
                    (upstream if source is client else client).sendall(data)
        finally:
            upstream.close()


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--exit-on-eof", action="store_true")
    parser.add_argument("--route", action="append", default=[], help="NAME=PORT: the host NAME is 127.0.0.1:PORT")
    args = parser.parse_args()
    for route in args.route:
        name, _, port = route.partition("=")
        ROUTES[name.lower()] = int(port)
    # Started from a thread that blocks signals (a test runner's worker), the mask is inherited:
    # SIGTERM must still end it.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    if args.exit_on_eof:
        def watch_stdin():
            sys.stdin.buffer.read()
            os._exit(0)
        threading.Thread(target=watch_stdin, daemon=True).start()
    server = Server(("127.0.0.1", args.port), Handler)
    print(f"listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
