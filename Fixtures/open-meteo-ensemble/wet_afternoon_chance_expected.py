#!/usr/bin/env python3
"""The chance of rain `changed` and `brief` should compare between a look at the hand-written
Paris ensemble (paris-ecmwf-ifs025-51-members-all-variables-dst-hand-written.json) and one at
its hand-edited later run (paris-ecmwf-ifs025-30-members-wet-at-15h-hand-edited.json: 1.2 mm in
the hour ending 15:00 CEST in the control run and members 01–29), counted here by
later_run_chance_expected.py's code (the rule `help changed` and `help chance` state: the rest
of today from the later look's next whole hour, a member wet when its hours add up to 1 mm or
more) and worded by `help brief`'s likelihoods (65 % or more likely, 35 % or less unlikely).

  argv: LATER_NOW (ISO 8601 UTC: the later look's instant)

Prints {"from", "was_members", "was_of_members", "now_members", "now_of_members", "likelihood"}.
"""
import json
import re
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ left in Fixtures/
sys.path.insert(0, str(Path(__file__).resolve().parent))
from later_run_chance_expected import count, first  # noqa: E402

HERE = Path(__file__).resolve().parent
WET = "paris-ecmwf-ifs025-30-members-wet-at-15h-hand-edited.json"
NAN = re.compile(r"(?<=[,\[\s])(nan|NaN)(?=[,\]])")


def main():
    now = datetime.fromisoformat(sys.argv[1].replace("Z", "+00:00"))
    start = now.replace(minute=0, second=0, microsecond=0)
    if start < now:
        start += timedelta(hours=1)
    start = int(start.timestamp())
    wet = json.loads(NAN.sub("NaN", (HERE / WET).read_text()))
    (was, was_of), (now_wet, now_of) = count(first(), start), count(wet, start)
    percent = now_wet * 100 / now_of if now_of else 0
    likelihood = "likely" if percent >= 65 else "unlikely" if percent <= 35 else "possible"
    print(json.dumps({
        "from": datetime.fromtimestamp(start, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "was_members": was, "was_of_members": was_of, "now_members": now_wet, "now_of_members": now_of,
        "likelihood": likelihood,
    }))


if __name__ == "__main__":
    main()
