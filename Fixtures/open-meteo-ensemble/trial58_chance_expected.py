#!/usr/bin/env python3
"""The ensemble's chances of rain `brief --sure`, `changed` and `check --changed` should state
for the Paris ensemble and trial58's hand-edited answers of it, counted by
later_run_chance_expected.py's code (the rule `help chance` states: a member is wet when its
hours add up to 1 mm or more; an hour's amount covers the hour before its time):

  argv: FILE (a name in this folder) NOW (ISO 8601 UTC)

Prints {"today_members", "today_of_members" (the rest of today from NOW's next whole hour),
"tomorrow_members", "tomorrow_of_members" (tomorrow whole, at Paris's clock), and each one's
"today_likelihood"/"tomorrow_likelihood" by `help brief`'s words (65 % or more likely, 35 % or
less unlikely)}.
"""
import json
import re
import sys
from datetime import datetime, timedelta
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ left in Fixtures/
sys.path.insert(0, str(Path(__file__).resolve().parent))
from later_run_chance_expected import ZONE, count  # noqa: E402

HERE = Path(__file__).resolve().parent
NAN = re.compile(r"(?<=[,\[\s])(nan|NaN)(?=[,\]])")


def likelihood(wet, of):
    percent = wet * 100 / of if of else 0
    return "likely" if percent >= 65 else "unlikely" if percent <= 35 else "possible"


def main():
    body = json.loads(NAN.sub("NaN", (HERE / sys.argv[1]).read_text()))
    now = datetime.fromisoformat(sys.argv[2].replace("Z", "+00:00"))
    start = now.replace(minute=0, second=0, microsecond=0)
    if start < now:
        start += timedelta(hours=1)
    tomorrow = (now.astimezone(ZONE) + timedelta(days=1)).replace(hour=0, minute=0, second=0, microsecond=0)
    today = count(body, int(start.timestamp()))
    whole = count(body, int(tomorrow.timestamp()))
    print(json.dumps({
        "today_members": today[0], "today_of_members": today[1], "today_likelihood": likelihood(*today),
        "tomorrow_members": whole[0], "tomorrow_of_members": whole[1], "tomorrow_likelihood": likelihood(*whole),
    }))


if __name__ == "__main__":
    main()
