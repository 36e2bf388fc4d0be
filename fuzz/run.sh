#!/usr/bin/env bash
# Runs every decoder target of fuzz/wx-fuzz for FUZZ_SECONDS each (default 60), seeded with the
# recorded bodies in Fixtures/, and prints the executions per target. A crash stops with the
# input saved as .build/fuzz/crash-<target>-*: add it to Fixtures/fuzz-regressions/<target>/.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-"json nominatim-search nominatim-reverse open-meteo open-meteo-geocoding openweathermap log state-plist"}
summary=.build/fuzz/summary.txt
: > "$summary"
status=0
for target in $targets; do
  corpus=.build/fuzz/corpus-$target
  mkdir -p "$corpus"
  case $target in
    json) seeds="Fixtures/nominatim Fixtures/open-meteo-forecast Fixtures/open-meteo-geocoding Fixtures/openweathermap Fixtures/cases" ;;
    nominatim-search|nominatim-reverse) seeds="Fixtures/nominatim Fixtures/cases" ;;
    open-meteo) seeds="Fixtures/open-meteo-forecast Fixtures/cases" ;;
    open-meteo-geocoding) seeds="Fixtures/open-meteo-geocoding Fixtures/cases" ;;
    openweathermap) seeds="Fixtures/openweathermap Fixtures/cases" ;;
    log) seeds="fuzz/seeds/log" ;;
    state-plist) seeds="fuzz/seeds/state-plist" ;;
  esac
  [ -d "Fixtures/fuzz-regressions/$target" ] && seeds="$seeds Fixtures/fuzz-regressions/$target"
  log=.build/fuzz/$target.log
  WX_FUZZ_TARGET=$target .build/fuzz/wx-fuzz -max_total_time="$seconds" -max_len=262144 -rss_limit_mb=2048 \
    -artifact_prefix=".build/fuzz/crash-$target-" -print_final_stats=1 "$corpus" $seeds > "$log" 2>&1
  code=$?
  runs=$(grep -E "^stat::number_of_executed_units" "$log" | awk '{print $2}')
  line="$target: ${runs:-?} executions in ${seconds} s, exit $code"
  echo "$line" | tee -a "$summary"
  [ $code -ne 0 ] && { status=1; tail -30 "$log"; }
done
exit $status
