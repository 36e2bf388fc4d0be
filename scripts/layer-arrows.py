#!/usr/bin/env python3
"""Counts references that point the wrong way inside Sources/WeatherShell.

Each top-level type (class, struct, enum, protocol, actor, typealias) belongs to the folder its
file is in (Language, Features, Views, Session, Shell, Routing, Configuration, Errors, Demo).
A file's references are the names of those types it uses outside comments and string literals.
The arrows that must not exist (ARCHITECTURE.md, issue 34):
  - the language reads neither the session, the app (Shell) nor the demo;
  - the session and the features read neither the app nor the demo, and their handlers (files
    that extend WeatherSession, or named *Handler*/*Command*) call no renderer;
  - shared views read neither the session, the app, the routing tables nor the demo;
  - the configuration value reads neither the session nor the app; errors read nothing above them.
Prints each wrong-way reference (file -> type, folder) and the count; exit status 1 when any.
`make test` runs it (Tests/DocsTests/LayerArrowsTests.swift), so a new one fails the suite.
    scripts/layer-arrows.py [--quiet] [--root SOURCES_FOLDER]
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "WeatherShell")
FORBIDDEN = {
    "Language": {"Session", "Shell", "Demo"},
    "Session": {"Shell", "Demo"},
    "Features": {"Shell", "Demo"},
    "Views": {"Session", "Shell", "Demo"},
    "Configuration": {"Session", "Shell", "Routing", "Features", "Language", "Views"},
    "Errors": {"Session", "Shell", "Routing", "Features", "Language", "Views", "Demo"},
    "Routing": {"Shell", "Demo"},
}
RENDERERS = {"TextRenderer", "JSONRenderer", "ValueFormatter"}
DECLARATION = re.compile(
    r"^(?:(?:package|public|internal|fileprivate|private|final|nonisolated|@\w+)\s+)*"
    r"(?:class|struct|enum|protocol|actor|typealias)\s+([A-Z]\w*)", re.M)


def stripped(text):
    text = re.sub(r'"""[\s\S]*?"""', '""', text)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
    text = re.sub(r"/\*[\s\S]*?\*/", "", text)
    return re.sub(r"//[^\n]*", "", text)


def main():
    root = ROOT
    if "--root" in sys.argv:
        root = sys.argv[sys.argv.index("--root") + 1]
    files = {}
    for folder, _, names in os.walk(root):
        for name in names:
            if name.endswith(".swift"):
                path = os.path.join(folder, name)
                files[path] = stripped(open(path, encoding="utf-8").read())
    owner = {}
    for path, text in files.items():
        top = os.path.relpath(path, root).split(os.sep)[0]
        for match in DECLARATION.finditer(text):
            owner.setdefault(match.group(1), top)
    wrong = []
    for path, text in sorted(files.items()):
        relative = os.path.relpath(path, root)
        top = relative.split(os.sep)[0]
        used = set(re.findall(r"\b[A-Z]\w*\b", text))
        for name in sorted(used):
            folder = owner.get(name)
            if folder and folder != top and folder in FORBIDDEN.get(top, set()):
                wrong.append((relative, name, folder))
        is_handler = (
            top in ("Session", "Features")
            and ("extension WeatherSession" in text or re.search(r"(Handler|Command)\w*\.swift$", relative))
            and "Renderer+" not in relative)
        if is_handler:
            for name in sorted(used & RENDERERS):
                wrong.append((relative, name, "a renderer"))
    if "--quiet" not in sys.argv:
        for relative, name, folder in wrong:
            print(f"{relative} -> {name} ({folder})")
    print(f"wrong-way references: {len(wrong)}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
