"""What `import favorites` should do with each record of a fixture, by README's rule ("takes
the good rows and skips the bad"; bounds: latitude -90..90, longitude -180..180 degrees):
the names imported, in order, and each record skipped with its origin ("item 2", "line 3")
and why ("missing", "number", "range"). Prints one JSON object keyed by the file's name.

Run: python3 Fixtures/cases/import_favorites_expected.py
"""
import csv
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
FILES = [
    "import-favorites-bad-coordinates.json",
    "import-favorites-bad-coordinates.csv",
    "import-favorites-one-bad.json",
    "import-favorites-one-bad.csv",
]


def records(path):
    """(origin, name, latitude, longitude) of each record, None for a missing value."""
    if path.endswith(".json"):
        with open(path, encoding="utf-8") as f:
            items = json.load(f)
        for index, item in enumerate(items):
            yield f"item {index + 1}", item.get("name"), item.get("latitude"), item.get("longitude")
    else:
        with open(path, encoding="utf-8", newline="") as f:
            rows = list(csv.reader(f))
        for index, row in enumerate(rows[1:]):
            cells = [cell if cell.strip() else None for cell in row]
            yield f"line {index + 2}", cells[0], cells[1], cells[2]


def degrees(value):
    """The number a value reads as, or why not ("missing", "number")."""
    if value is None:
        return None, "missing"
    if isinstance(value, (int, float)):
        return float(value), None
    try:
        return float(value), None
    except ValueError:
        return None, "number"


def expected(path):
    imported, skipped = [], []
    for origin, name, latitude, longitude in records(path):
        (lat, lat_why), (lon, lon_why) = degrees(latitude), degrees(longitude)
        why = lat_why or lon_why
        if why is None and not (-90 <= lat <= 90 and -180 <= lon <= 180):
            why = "range"
        if why is None:
            imported.append(name)
        else:
            skipped.append({"origin": origin, "why": why})
    return {"imported": imported, "skipped": skipped}


print(json.dumps({name: expected(os.path.join(HERE, name)) for name in FILES}, indent=1, ensure_ascii=False))
