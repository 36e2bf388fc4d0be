#!/usr/bin/env python3
"""Validates `wx --json` output against schema/wx-result.schema.json.

usage: validate-json.py SCHEMA [FILE]   (FILE, or stdin: one JSON document a line)

Prints one line per document that does not validate ("line 3: 'x' is a required property")
and exits 1 if there was any; prints the types seen ("types: about candidates …") otherwise.
"""
import json
import sys

import jsonschema  # Debian: python3-jsonschema


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    with open(sys.argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    validator = jsonschema.Draft202012Validator(schema)
    source = open(sys.argv[2], encoding="utf-8") if len(sys.argv) == 3 else sys.stdin
    failures = 0
    types = set()
    for number, line in enumerate(source, 1):
        if not line.strip():
            continue
        try:
            document = json.loads(line)
        except json.JSONDecodeError as error:
            print(f"line {number}: not JSON: {error}")
            failures += 1
            continue
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
        if errors:
            failures += 1
            # oneOf reports every branch: show the branch whose "type" matches, when there is one.
            best = jsonschema.exceptions.best_match(errors)
            print(f"line {number} ({document.get('type') if isinstance(document, dict) else '?'}): {best.message} at {list(best.absolute_path)}")
        elif isinstance(document, dict):
            types.add(document.get("type"))
    if failures:
        sys.exit(1)
    print("types: " + " ".join(sorted(t for t in types if t)))


if __name__ == "__main__":
    main()
