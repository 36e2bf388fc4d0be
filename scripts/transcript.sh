#!/usr/bin/env bash
# Every command wx has, run in the demo world (Fixtures/demo) as text and as JSON, into one
# transcript: run it before and after a change that must not change output, and diff the two.
#   scripts/transcript.sh [WX_BINARY] > transcript.txt
set -euo pipefail
cd "$(dirname "$0")/.."
wx=${1:-.build/debug/wx}
port_file=$(mktemp); home=$(mktemp -d)
python3 Fixtures/server.py --port 0 --demo Fixtures/demo/places.json > "$port_file" & server=$!
trap 'kill $server 2>/dev/null; rm -rf "$home" "$port_file"' EXIT
for _ in $(seq 50); do grep -q listening "$port_file" && break; sleep 0.1; done
url=$(sed -n 's/^listening on //p' "$port_file")
eval "$(scripts/loopback-env.sh "$url")"
export WX_HOME="$home" WX_DEMO=Fixtures/demo/places.json COLUMNS=80 NO_COLOR=1 WX_NOW=2026-12-05T10:00:00Z
commands=(
  "find Berlin" "use 1" "show" "hourly 6" "daily 3" "rain" "air Berlin" "fav" "favs" "save" "saved"
  "saved 1" "saved verify" "compare" "line" "line --format '%l %t'" "past yesterday Hamburg"
  "past 2024-07-14 Hamburg" "normal Berlin" "drift Berlin" "drift tomorrow Berlin" "skill Berlin"
  "confidence Berlin" "confidence 3 Berlin" "models Berlin" "warnings Berlin" "warnings -v Berlin"
  "show Berlin" "show Delhi" "show Denver" "show Enschede" "show Kochi" "show Munich" "show New York"
  "hourly 4 New York" "daily Kochi" "rain Munich" "history" "history 3" "units" "units imperial" "show Berlin"
  "units metric" "provider" "geocoder" "language" "language de" "language auto" "format" "about"
  "help" "help show" "help saved" "help \\o" "help !$" "log" "export favorites" "export snapshots"
  "export history --format csv" "fav rename Berlin Home" "favs" "fav rm Home" "favs" "saved rm 1"
  "saved" "bogus" "find" "hourly abc" "show London" "confidence 2.5 Berlin" "reset state" "clear"
)
{
for format in text json; do
  rm -rf "${home:?}"/*
  flag=(); [ $format = json ] && flag=(--json)
  # One session on standard input (state carries from line to line), its two streams apart so
  # that their order is the program's, not the pipe's.
  status=0
  printf '%s\n' "${commands[@]}" "show Berlin" "save" "save" "saved" "saved 2" "saved verify Berlin" \
    "saved verify Nowhere" "saved rm 2" "saved 2" "saved rm 2" "saved rm 9" \
    "find Hamburg" "use 1" "fav" "save" "saved verify hamb" "history" "!!" "!1" \
    | "$wx" "${flag[@]}" > "$home/out" 2> "$home/err" || status=$?
  echo "=== $format: standard output"; cat "$home/out"
  echo "=== $format: standard error"; cat "$home/err"
  echo "=== $format: exit $status"
  for c in "show Berlin" "bogus" "hourly Berlin 6"; do
    echo "--- wx -c $c"; "$wx" "${flag[@]}" -c "$c" 2>&1 || echo "[exit $?]"
  done
done
# wx's own flags: help, completion, usage errors (from the flag declarations, Language/FlagSpec.swift).
for arguments in "--help" "-h" "completions bash" "completions zsh" "completions fish" "--complete -- -" \
  "--complete -- --" "--complete -- -c sh" "--complete -- --units ''" "--complete -- --units=i" \
  "--complete -- --home ''" "--complete -- --json --units imperial sho" "--complete -- -n show B" "--bogus" \
  "--home" "--home=" "--units kelvin show" "--units=IMPERIAL -c units" "-c show show" "--help -c show" \
  "-V extra" "--json=1" "completions tcsh" "show Berlin --units imperial --offline"; do
  echo "--- wx $arguments"; eval "\"\$wx\" $arguments" 2>&1 || echo "[exit $?]"
done
# Refusals worded by the views, the meta commands, and help at a narrow width.
for c in "best 2h temp>30 temp<10 Berlin" "best 2h rain<-1 Berlin" "chance temp>1000 Berlin" "\\zz" "\\timing"; do
  echo "--- wx -c $c"; "$wx" -c "$c" 2>&1 || echo "[exit $?]"
done
echo "--- COLUMNS=40 wx -c help"; COLUMNS=40 "$wx" -c help 2>&1
} | sed -e "s|$home|WX_HOME|g" -e "s|$url|URL|g"
