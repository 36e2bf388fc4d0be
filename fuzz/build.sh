#!/usr/bin/env bash
# Builds fuzz/wx-fuzz: the decoders of WeatherKit, WeatherStore and WeatherShell compiled as one module with
# libFuzzer and AddressSanitizer (swiftc -sanitize=fuzzer,address), plus FuzzDecoders.swift.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build/fuzz/modules
# WeatherStore's sources go into the one module too, so WeatherShell's `import WeatherStore`
# finds only this empty module of that name (as its `import WeatherKit` names the module itself).
: > .build/fuzz/empty.swift
swiftc -parse-as-library -module-name WeatherStore -emit-module -emit-module-path .build/fuzz/modules/WeatherStore.swiftmodule \
  .build/fuzz/empty.swift
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name WeatherKit \
  -I Sources/CCurl -I .build/fuzz/modules -package-name wx -suppress-warnings \
  -D WX_FUZZ $(find Sources/WeatherKit Sources/WeatherStore Sources/WeatherShell -name '*.swift' | sort) \
  Tests/WeatherTestSupport/DecoderExercise.swift \
  fuzz/FuzzDecoders.swift \
  -o .build/fuzz/wx-fuzz 2>&1 | grep -v "Cannot export local symbol" || true
test -x .build/fuzz/wx-fuzz
