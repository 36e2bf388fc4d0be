#!/usr/bin/env bash
# Builds fuzz/wx-fuzz: the decoders of WeatherKit and WeatherShell compiled as one module with
# libFuzzer and AddressSanitizer (swiftc -sanitize=fuzzer,address), plus FuzzDecoders.swift.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build/fuzz
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name WeatherKit \
  -I Sources/CCurl -suppress-warnings \
  -D WX_FUZZ Sources/WeatherKit/*.swift Sources/WeatherShell/*.swift Tests/WeatherTestSupport/DecoderExercise.swift \
  fuzz/FuzzDecoders.swift \
  -o .build/fuzz/wx-fuzz 2>&1 | grep -v "Cannot export local symbol" || true
test -x .build/fuzz/wx-fuzz
