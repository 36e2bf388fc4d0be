#!/usr/bin/env python3
"""Counts the references between features in Sources/WeatherShell/Features.

A cross-feature reference is a file in Features/X naming (outside comments and string literals)
a top-level type declared in Features/Y, Y not X; each file and type counts once. A pair is an
ordered (X, Y). Types, comments and strings are read as scripts/layer-arrows.py reads them.
Prints each reference (file -> type, feature) unless --quiet, then the counts per pair and in all.
    scripts/cross-feature.py [--quiet] [--root SOURCES_FOLDER]
"""
import collections
import importlib.util
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("layer_arrows", os.path.join(HERE, "layer-arrows.py"))
arrows = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(arrows)


def main():
    root = arrows.ROOT
    if "--root" in sys.argv:
        root = sys.argv[sys.argv.index("--root") + 1]
    features = os.path.join(root, "Features")
    files = {}
    for folder, _, names in os.walk(features):
        for name in names:
            if name.endswith(".swift"):
                path = os.path.join(folder, name)
                files[os.path.relpath(path, features)] = arrows.stripped(open(path, encoding="utf-8").read())
    owner = {}
    for relative, text in files.items():
        for match in arrows.DECLARATION.finditer(text):
            owner.setdefault(match.group(1), relative.split(os.sep)[0])
    references = []
    for relative, text in sorted(files.items()):
        feature = relative.split(os.sep)[0]
        for name in sorted(set(re.findall(r"\b[A-Z]\w*\b", text))):
            other = owner.get(name)
            if other and other != feature:
                references.append((relative, name, feature, other))
    pairs = collections.Counter((feature, other) for _, _, feature, other in references)
    if "--quiet" not in sys.argv:
        for relative, name, _, other in references:
            print(f"{relative} -> {name} ({other})")
        for (feature, other), count in sorted(pairs.items()):
            print(f"{feature} -> {other}: {count}")
    print(f"cross-feature references: {len(references)} in {len(pairs)} pairs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
