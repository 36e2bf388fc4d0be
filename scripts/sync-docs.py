#!/usr/bin/env python3
"""Regenerates the command list in README.md from `wx --help`, which prints the command table
(Sources/WeatherShell/Features/*/…Commands.swift). A test fails when they differ; `make docs` fixes it.

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
    if updated != readme:
        open(path, "w", encoding="utf-8").write(updated)
        print("README.md: command list updated")


if __name__ == "__main__":
    main()
