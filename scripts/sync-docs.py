#!/usr/bin/env python3
"""Regenerates the command list in README.md from `wx --help`, which prints the command table
(Sources/WeatherShell/Features/*/…Commands.swift), and README's table of what each command costs
from `wx --json about` (each command's declared `costs`). A test fails when they differ; `make docs`
fixes it.

usage: sync-docs.py PATH_TO_WX
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    help_text = subprocess.run([sys.argv[1], "--help"], capture_output=True, text=True, check=True).stdout
    commands = help_text.split("commands:\n", 1)[1].split("\n\n", 1)[0]
    block = "```\n" + "\n".join(line[2:] for line in commands.splitlines()) + "\n```"
    path = os.path.join(ROOT, "README.md")
    readme = open(path, encoding="utf-8").read()
    updated = re.sub(r"## Commands\n\n```\n.*?\n```", lambda _: "## Commands\n\n" + block, readme, count=1, flags=re.S)
    updated = re.sub(
        r"\| commands \| requests \|\n\| --- \| --- \|\n(?:\|.*\|\n)+",
        lambda _: cost_table(sys.argv[1]), updated, count=1)
    if updated != readme:
        open(path, "w", encoding="utf-8").write(updated)
        print("README.md: command list and costs updated")


def cost_table(wx):
    """README's cost table: a row per cost `about` lists, each command in backquotes."""
    import json
    import tempfile
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, WX_HOME=home)
        about = subprocess.run([wx, "--json", "about"], capture_output=True, text=True, check=True, env=env).stdout
    rows = ["| commands | requests |", "| --- | --- |"]
    for row in json.loads(about)["request_costs"]:
        commands = ", ".join("`%s`" % command for command in row["commands"].split(", "))
        rows.append("| %s | %s |" % (commands, row["cost"].replace("’", "'")))
    return "\n".join(rows) + "\n"


if __name__ == "__main__":
    main()
