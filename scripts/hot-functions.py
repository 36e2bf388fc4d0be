#!/usr/bin/env python3
"""Writes scripts/hot-functions.txt: the sections of the functions of wx that a start (`wx` reading
`quit`) and a cold `wx -c "find Hamburg; show"` against Fixtures/server.py run, for the linker to
put together (Makefile, SWIFT_BUILD_FLAGS: gold's --section-ordering-file, which places them after
the rest of .text, in this order).

Why: those ~2,500 functions (0.95 MB) lay spread over 800 pages of the 16 MB of code, and the
kernel maps code a 64 KiB block at a time at each fault: a find+show took 132 page faults in wx's
code, 74 with them together (issue 39; BENCHMARKS.md).

The list is read from callgrind (valgrind --demangle=no) runs of a release binary, in the order
callgrind names the functions; the Makefile has every function of wx compiled in a section of its
own (.text.<symbol>, swiftc -function-sections), as the Swift runtime's are. A name that no longer
exists after a change is ignored by the linker; a new function is laid out as before, elsewhere:
run this again after larger changes.

Usage: python3 scripts/hot-functions.py .build/release/wx
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "bench"))
import run as bench  # noqa: E402  (the bench's fixture server and environment)


def functions(path, binary):
    """The functions of `binary` a callgrind output file names, in its order."""
    objects, names, found = {}, {}, []
    current_object = called_object = None

    def name_of(table, text):
        match = re.match(r"\((\d+)\)(?: (.*))?$", text)
        if not match:
            return text
        if match.group(2) is not None:
            table[match.group(1)] = match.group(2)
        return table.get(match.group(1))

    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        if line.startswith("ob="):
            current_object = name_of(objects, line[3:])
        elif line.startswith("cob="):
            called_object = name_of(objects, line[4:])
        elif line.startswith("fn="):
            name = name_of(names, line[3:])
            if current_object == binary:
                found.append(name)
        elif line.startswith("cfn="):
            name = name_of(names, line[4:])
            if (called_object or current_object) == binary:
                found.append(name)
            called_object = None
    return found


def main():
    wx = os.path.realpath(sys.argv[1])
    server = bench.Server()
    work = tempfile.mkdtemp(prefix="wx-hot-")
    env = bench.base_env(os.path.join(work, "home"))
    env.update(server.env())
    runs = [([], "quit\n"), (["-c", "find Hamburg; show"], None)]
    order, seen = [], set()
    try:
        for index, (arguments, stdin) in enumerate(runs):
            out = os.path.join(work, f"{index}.callgrind")
            subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}", wx]
                           + arguments, env=env, input=stdin, text=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=True)
            for name in functions(out, wx):
                name = re.sub(r"'\d+$", "", name)  # callgrind's mark of a recursive call
                if name and not name.startswith(("0x", "(")) and name not in seen:
                    seen.add(name)
                    order.append(name)
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)
    with open(os.path.join(HERE, "hot-functions.txt"), "w") as f:
        f.writelines(f".text.{name}\n" for name in order)
    print(f"{len(order)} functions", file=sys.stderr)


if __name__ == "__main__":
    main()
