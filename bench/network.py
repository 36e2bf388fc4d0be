"""The rows of `make bench` about the network and waiting (issue 39): `show` over TLS against curl
fetching the same URLs, a cold `show` at added latency against one round trip, and the wake-ups
of a shell idle at its prompt. run.py calls these with its own helpers (the server, the
environment, callgrind), so that the rows can also run alone (`run.py --only network`).
"""
import contextlib
import glob
import os
import statistics
import subprocess
import time

# Latency the server adds to every answer for the one-round-trip row, ms.
ROUND_TRIP_DELAY_MS = 200


def cpu_interleaved(commands, runs, warmup=3, before=None):
    """User + system CPU time of each command, in milliseconds, from the rusage wait4 gives:
    the commands run in turn (one of each, then again), so that a noisy moment on this shared
    machine hits all of them alike. `commands` are (argv, environment) pairs; `before(index)`
    runs ahead of each run of command `index` (a cold cache). Standard input and output are
    /dev/null. Returns [{"median", "min"}] per command."""
    null = os.open(os.devnull, os.O_RDWR)
    actions = [(os.POSIX_SPAWN_DUP2, null, 0), (os.POSIX_SPAWN_DUP2, null, 1), (os.POSIX_SPAWN_DUP2, null, 2)]
    times = [[] for _ in commands]
    try:
        for run in range(warmup + runs):
            for index, (argv, env) in enumerate(commands):
                if before:
                    before(index)
                pid = os.posix_spawnp(argv[0], argv, env, file_actions=actions)
                _, status, usage = os.wait4(pid, 0)
                if os.waitstatus_to_exitcode(status) != 0:
                    raise RuntimeError(f"{' '.join(argv)} failed ({status})")
                if run >= warmup:
                    times[index].append((usage.ru_utime + usage.ru_stime) * 1000)
    finally:
        os.close(null)
    return [{"median": statistics.median(t), "min": min(t)} for t in times]


def make_certificate_store(folder):
    """A certificate authority made for the run, a server certificate it signed for 127.0.0.1 and
    localhost, and a store shaped like Debian's system one holding the system's authorities and
    this one: a bundle (`ca-certificates.crt`) and a folder of hashed certificates (`certs/`, as
    `openssl rehash` makes /etc/ssl/certs). Returns (server certificate, key, CA file, bundle, folder)."""
    os.makedirs(os.path.join(folder, "certs"))
    path = lambda name: os.path.join(folder, name)

    def openssl(*arguments):
        subprocess.run(["openssl", *arguments], check=True, capture_output=True)

    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path("ca.key"), "-out", path("ca.pem"),
            "-subj", "/CN=wx bench CA", "-days", "1", "-addext", "basicConstraints=critical,CA:TRUE",
            "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", path("server.key"), "-out", path("server.csr"),
            "-subj", "/CN=localhost")
    with open(path("server.ext"), "w") as f:
        f.write("subjectAltName=IP:127.0.0.1,DNS:localhost\n")
    openssl("x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"),
            "-CAcreateserial", "-out", path("server.pem"), "-days", "1", "-extfile", path("server.ext"))
    system = open("/etc/ssl/certs/ca-certificates.crt").read()
    ours = open(path("ca.pem")).read()
    end = "-----END CERTIFICATE-----"
    certificates = [c.strip() + "\n" + end + "\n" for c in system.split(end) if "BEGIN CERTIFICATE" in c] + [ours]
    for index, certificate in enumerate(certificates):
        with open(os.path.join(folder, "certs", f"{index:03d}.pem"), "w") as f:
            f.write(certificate)
    openssl("rehash", os.path.join(folder, "certs"))
    with open(path("ca-certificates.crt"), "w") as f:
        f.write(system + ours)
    return path("server.pem"), path("server.key"), path("ca.pem"), path("ca-certificates.crt"), os.path.join(folder, "certs")


def tls_rows(wx, work, row, runs, server_class, base_env, instructions):
    """`wx show Hamburg`, one-shot, cold cache, over HTTPS to the loopback server, against curl
    fetching the same URLs (read from the server's log) with the same store: with the hashed
    folder alone (no variable but SSL_CERT_DIR, as the system's folder is used with none) and
    with the bundle named by CURL_CA_BUNDLE. curl takes the store as Debian's curl takes the
    system's: the bundle and the folder both."""
    store = os.path.join(work, "tls")
    certificate, key, ca, bundle, folder = make_certificate_store(store)
    server = server_class(tls=(certificate, key, ca))
    try:
        home = os.path.join(work, "tls-home")

        def env(variables):
            made = base_env(home)
            made.update(server.env())
            made.update(variables)
            return made

        def cold(_=None):
            subprocess.run(["rm", "-rf", home])

        command = [wx, "show", "Hamburg"]
        cold()
        server.reset()
        subprocess.run(command, env=env({"SSL_CERT_DIR": folder}), check=True, capture_output=True)
        urls = [f"https://{r['host']}{r['path']}" + (f"?{r['raw_query']}" if r["raw_query"] else "")
                for r in server.requests()]
        curl = ["curl", "-s", "--fail", "--capath", folder]
        for url in urls:
            curl += ["-o", "/dev/null", url]
        curl_env = env({"CURL_CA_BUNDLE": bundle})
        # The folder (as with no variable, the system's): the target. The bundle named: parsed
        # once for the process, where curl parses it for each connection.
        cases = [("SSL_CERT_DIR (the hashed folder)", {"SSL_CERT_DIR": folder}, 0.5, "≤ 0.5× curl"),
                 ("CURL_CA_BUNDLE (the bundle, parsed once)", {"CURL_CA_BUNDLE": bundle}, 1.0,
                  "< 1× curl (curl parses it for each connection)")]
        for label, variables, limit, target in cases:
            rounds = []
            for _ in range(3):
                measured = cpu_interleaved([(command, env(variables)), (curl, curl_env)], runs,
                                           before=lambda index: cold() if index == 0 else None)
                rounds.append((measured[0]["median"], measured[1]["median"]))
            rounds.sort(key=lambda r: r[0] / r[1])
            wx_cpu, curl_cpu = rounds[1]
            ratio = wx_cpu / curl_cpu
            cold()
            wx_ir = instructions(command, env(variables))
            curl_ir = instructions(curl, curl_env)
            row(f"`wx show Hamburg` over HTTPS (loopback, a CA made for the run, a system-like store of "
                f"{len(os.listdir(folder)) // 2} authorities), cold cache, {len(urls)} GETs on 2 hosts, {label}: CPU, "
                f"median of 3 interleaved rounds · instructions",
                f"{wx_cpu:.1f} ms · {wx_ir / 1e6:.0f} M",
                f"curl, the same URLs, the store's bundle and folder {curl_cpu:.1f} ms · {curl_ir / 1e6:.0f} M",
                f"{ratio:.2f}× curl ({rounds[0][0] / rounds[0][1]:.2f}–{rounds[2][0] / rounds[2][1]:.2f}) · "
                f"{wx_ir / curl_ir:.2f}×", target, ratio <= limit if limit < 1 else ratio < limit)
        cold()
    finally:
        server.stop()


def round_trip_row(wx, work, row, server_class, base_env, write_favorites, hyperfine):
    """A cold `show` of a favorite (no geocoding: its forecast and its warning feed, asked at
    once) with every answer 200 ms late, against one curl request to the same server."""
    slow = server_class(delay_ms=ROUND_TRIP_DELAY_MS)
    try:
        home = os.path.join(work, "round-trip")
        names = write_favorites(home, 1)
        env = base_env(home)
        env.update(slow.env())
        show = f"{wx} show '{names[0]}'"
        single = f"curl -s -o /dev/null '{slow.url}/v1/forecast?latitude=40&longitude=-80'"
        slow.reset()
        subprocess.run(["sh", "-c", f"rm -rf {home}/cache; {show} > /dev/null"], env=env, check=True)
        requests = len(slow.requests())
        res = hyperfine([show, single], 10, env, prepare=f"rm -rf {home}/cache", shell=True, warmup=1)
        show_wall, trip = res[show]["median"], res[single]["median"]
        row(f"cold `show` of a favorite ({requests} requests: forecast and warning feed), "
            f"{ROUND_TRIP_DELAY_MS} ms added latency, wall", f"{show_wall:.0f} ms", f"one round trip {trip:.0f} ms",
            f"{show_wall / trip:.2f}× one round trip", "≤ 1.5× one round trip", show_wall / trip <= 1.5)
    finally:
        slow.stop()


def wakeups(pid):
    """Context switches (voluntary + involuntary) so far of each thread of `pid`, by thread id."""
    counts = {}
    for status in glob.glob(f"/proc/{pid}/task/*/status"):
        try:
            total = 0
            for line in open(status):
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                    total += int(line.split()[1])
            counts[status.split("/")[-2]] = total
        except FileNotFoundError:
            pass
    return counts


def woke_between(before, after):
    """Wake-ups between two readings of `wakeups`: each thread's new context switches; a thread
    started meanwhile counts all of its own, one that ended meanwhile at least the one it ended
    with (its counts go with it)."""
    started_or_kept = sum(count - before.get(thread, 0) for thread, count in after.items())
    ended = sum(1 for thread in before if thread not in after)
    return started_or_kept + ended


IDLE_SECONDS = 10


@contextlib.contextmanager
def shell_at_prompt(wx, env):
    """The interactive shell started under tmux (a terminal of 100 x 30) and left a second to
    reach its prompt; gives its pid, and ends it afterwards."""
    socket = f"wx-bench-{os.getpid()}"
    assignments = " ".join(f"{k}='{v}'" for k, v in env.items())
    subprocess.run(["tmux", "-L", socket, "new-session", "-d", "-x", "100", "-y", "30",
                    f"env -i TERM=xterm {assignments} {wx}"], check=True)
    try:
        time.sleep(1.0)
        yield subprocess.run(["pgrep", "-n", "-f", f"^{wx}$"], capture_output=True, text=True).stdout.strip()
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"])


def idle_row(wx, env, row):
    """The interactive shell at its prompt, nothing typed, nothing scheduled: how often any of
    its threads woke in IDLE_SECONDS (context switches counted by the kernel)."""
    with shell_at_prompt(wx, env) as pid:
        before = wakeups(pid)
        time.sleep(IDLE_SECONDS)
        woke = woke_between(before, wakeups(pid))
    row(f"wake-ups of the interactive shell idle at its prompt, {IDLE_SECONDS} s (context switches, all threads)",
        f"{woke}", "—", "—", "0 (no periodic wake-up)", woke == 0)
