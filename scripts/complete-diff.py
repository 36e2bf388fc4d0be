#!/usr/bin/env python3
"""Differential check of `wx --complete` between two wx binaries (issue 39 item 5): the same
answer, byte for byte, over 60 state.plist files (plistlib's layout, names with entities, CJK,
emoji, combining marks, the Kelvin sign, a binary plist, truncated, commented, CDATA, a 0 byte, bad
UTF-8, and 25 with random bytes changed), each read with no names file (state.plist modified
"tomorrow", so no run writes one) and then from the names file, which both binaries must write
alike. Usage: scripts/complete-diff.py OLD_WX NEW_WX [--quick]; prints each difference and the
count. --quick: 6 words × 2 commands (a change of the scan alone), else 24 × 6."""
import os, plistlib, random, shutil, subprocess, sys, tempfile, time

OLD, NEW = sys.argv[1], sys.argv[2]
QUICK = "--quick" in sys.argv[3:]
WORK = tempfile.mkdtemp(prefix="complete-diff-")
rng = random.Random(39)

def fav(name, i, **kw):
    d = {"name": name, "latitude": round(-60 + (100 + i * 0.731) % 130, 4),
         "longitude": round(-180 + (100 + i * 4.37) % 360, 4),
         "displayName": f"{name}, Somewhere", "countryCode": "de"}
    d.update(kw)
    return d

SPECIAL = ["Place 1234", "place 12345", "PLACE 1", "O'Brien's Pub", "O`Brien`s Pub", "O\u2019Brien\u2019s Pub",
           "Hamburg", "hamburg", "Ham", "H", "New York", "new york city", "Zürich", "Zu\u0308rich", "東京", "東京タワー",
           "Café\u0301", "🌧 Rain", "🌧", "a\tb", "A&B <c>", "x~y", "1906 Building", "; semicolon", "\u037E semi",
           "Kelvin", "\u212Aelvin", "kelvin", "Straße", "STRASSE", "İstanbul", "ǅemal", "Ωmega", "ωmega",
           "Place 1234, Somewhere long name that is longer than sixteen bytes and more", "P", "Pl", "Pla",
           "Pla\u0301ce", "back\\slash", 'quote"d', "dollar $HOME", "tab\tin", "Place\u00a0nbsp", " lead", "trail ",
           "multi  space", "x" * 300, "Ünïcödé Place", "placé", "Place 12\u200d34"]

def base(n, specials, every=7, **kw):
    favs = []
    k = 0
    for i in range(n):
        if specials and i % every == 3:
            favs.append(fav(specials[k % len(specials)], i, **kw)); k += 1
        else:
            favs.append(fav(f"Place {i:02d}", i, **kw))
    return favs

def doc(favs, **extra):
    d = {"version": 1, "favorites": favs, "settings": {}}
    d.update(extra)
    return d

def cases():
    out = []
    xml = lambda d, **k: plistlib.dumps(d, **k)
    out.append(("bench-1500", xml(doc(base(1500, [])))))
    out.append(("bench-10", xml(doc(base(10, [])))))
    out.append(("special-1500", xml(doc(base(1500, SPECIAL)))))
    out.append(("special-dense", xml(doc(base(1500, SPECIAL, every=2)))))
    out.append(("special-unsorted", xml(doc(base(1500, SPECIAL)), sort_keys=False)))
    out.append(("binary", plistlib.dumps(doc(base(1500, SPECIAL)), fmt=plistlib.FMT_BINARY)))
    out.append(("empty-favs", xml(doc([], pad="x" * 300000))))
    out.append(("ascii-only-mixed-case", xml(doc(base(1500, ["PLACE X", "place y", "pLaCe Z", "O`Hara", "Ham `burg"], every=3)))))
    # bad latitude / missing name in one favorite
    f = base(1500, SPECIAL); f[700]["latitude"] = 95.0
    out.append(("bad-latitude", xml(doc(f))))
    f = base(1500, SPECIAL); del f[900]["name"]
    out.append(("missing-name", xml(doc(f))))
    f = base(1500, []); f[5]["latitude"] = 12; f[6]["longitude"] = -3
    out.append(("integer-coordinates", xml(doc(f))))
    f = base(1500, []); f[9]["extra"] = {"a": 1}
    out.append(("nested-dict", xml(doc(f))))
    f = base(1500, []); f[11]["name"] = ""
    out.append(("empty-name", xml(doc(f))))
    f = base(1500, []); f[12]["name"] = "   "
    out.append(("space-name", xml(doc(f))))
    f = base(1500, SPECIAL); f[13]["name"] = "Line\nBreak"
    out.append(("newline-name", xml(doc(f))))
    f = base(1500, SPECIAL); f[14]["name"] = "Carriage\rReturn"
    out.append(("cr-name", xml(doc(f))))
    raw = xml(doc(base(1500, SPECIAL)))
    out.append(("truncated-half", raw[: len(raw) // 2]))
    out.append(("truncated-end", raw[:-20]))
    out.append(("comment", raw.replace(b"<key>favorites</key>", b"<!-- c --><key>favorites</key>", 1)))
    mid = raw.index(b"<dict>", len(raw) // 2)
    out.append(("comment-mid", raw[:mid] + b"<!-- c -->" + raw[mid:]))
    out.append(("cdata", raw[:mid] + b"<![CDATA[x]]>" + raw[mid:]))
    out.append(("zero-byte", raw[:mid] + b"\0" + raw[mid:]))
    out.append(("bad-utf8", raw.replace(b"Place 100<", b"Place \xff100<", 1)))
    out.append(("entities", raw.replace(b"<string>Place 101</string>", b"<string>Place&#32;101 &amp; &#x41;&#66;</string>", 1)
                .replace(b"<string>Place 102</string>", b"<string>&lt;Place&gt; 102 &apos;&quot;</string>", 1)
                .replace(b"<string>Place 103</string>", b"<string>Place &bogus; 103</string>", 1)))
    out.append(("crlf", raw.replace(b"\n", b"\r\n")))
    out.append(("spaces-indent", raw.replace(b"\t", b"  ")))
    out.append(("no-indent", raw.replace(b"\n", b"").replace(b"\t", b"")))
    out.append(("favorites-last", raw.replace(b"<key>favorites</key>", b"<key>afavorites</key>", 1)))
    out.append(("garbage-after-array", raw.replace(b"<key>settings</key>", b"<key>settings</key><bogus>", 1)))
    out.append(("empty-array", raw[: raw.index(b"<key>favorites</key>")] + b"<key>favorites</key><array/>" + b"x" * 300000))
    out.append(("self-closing-string", raw.replace(b"<string>de</string>", b"<string/>", 3)))
    out.append(("name-with-gt", raw.replace(b"<string>Place 104</string>", b"<string>Place > 104</string>", 1)))
    out.append(("real-exponent", raw.replace(b"<real>", b"<real>1e1", 1)))
    out.append(("long-digits", raw.replace(b"<real>", b"<real>12.000000000000000000001", 1)))
    names = [f"Place {i}" for i in range(1500)] + SPECIAL
    out.append(("random-mixed", xml(doc([fav(rng.choice(names), i) for i in range(2000)]))))
    # random byte mutations of the special plist
    for k in range(25):
        b = bytearray(raw)
        for _ in range(rng.randint(1, 4)):
            p = rng.randrange(len(b) // 3, len(b))
            op = rng.randrange(3)
            if op == 0: del b[p]
            elif op == 1: b[p] = rng.randrange(256)
            else: b.insert(p, rng.choice(b"<>&/ \t\nPa1.-"))
        out.append((f"mutated-{k}", bytes(b)))
    return out

PREFIXES = [[""], ["Pla"], ["PLACE 1"], ["Place 1234"], ["Place", "12"], ["x"], ["Zü"], ["東"], ["O'"], ["O`"],
            ["O\u2019"], ["\u212A"], ["k"], ["\u037E"], ['"Pla'], ["Place\\ 1"], ["Ham"], ["🌧"], ["ST"], ["İ"],
            ["New", "Y"], ["Placé"], ["pLACE 12345678"], ["Place 1234, Somewhere long"]]
COMMANDS = [["show"], ["hourly", "12"], ["warnings", "-v"], ["fav", "rm"], ["--units", "imperial", "show"], ["best"]]
if QUICK:
    PREFIXES = [[""], ["Pla"], ["Zü"], ["k"], ["O`"], ["Place", "12"]]
    COMMANDS = [["show"], ["fav", "rm"]]

def run(binary, home, words):
    env = {"PATH": os.environ["PATH"], "HOME": home, "LANG": "C.UTF-8", "WX_HOME": home,
           "XDG_RUNTIME_DIR": os.path.join(home, "run")}
    r = subprocess.run([binary, "--complete", "--"] + words, env=env, capture_output=True, timeout=60)
    return r.returncode, r.stdout, r.stderr

def main():
    compared = differ = 0
    future = time.time() + 86400
    for name, data in cases():
        home = os.path.join(WORK, name)
        os.makedirs(home)
        path = os.path.join(home, "state.plist")
        with open(path, "wb") as f: f.write(data)
        for names_file in (False, True):
            if names_file:
                os.utime(path, (time.time() - 100, time.time() - 100))
                # The status-change time settled: a binary older than FavoriteNamesFile.reading writes
                # the names file only of a state.plist unchanged for 2 s.
                time.sleep(2.2)
                made = []
                for binary in (NEW, OLD):
                    for extra in set(os.listdir(home)) - {"state.plist", "run"}:
                        os.remove(os.path.join(home, extra))
                    run(binary, home, ["show", "x"])
                    made.append({f: open(os.path.join(home, f), "rb").read() for f in sorted(set(os.listdir(home)) - {"state.plist", "run"})})
                compared += 1
                if made[0] != made[1]:
                    differ += 1
                    print("DIFF names file", name, list(made[0]), list(made[1]))
                made = list(made[1])
            else:
                os.utime(path, (future, future))
            for command in COMMANDS:
                for prefix in PREFIXES:
                    words = command + prefix
                    a, b = run(OLD, home, words), run(NEW, home, words)
                    compared += 1
                    if a != b:
                        differ += 1
                        print("DIFF", name, names_file, words, a[0], b[0], len(a[1]), len(b[1]), a[1][:200], b[1][:200])
            if names_file:
                print(f"{name}: names file {made}", flush=True)
    print(f"compared {compared}, differ {differ}")
    shutil.rmtree(WORK, ignore_errors=True)
    sys.exit(1 if differ else 0)

main()
