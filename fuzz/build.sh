#!/usr/bin/env bash
# Builds fuzz/wx-fuzz with libFuzzer and AddressSanitizer (swiftc -sanitize=fuzzer,address):
# WXBasics as a module of its own (WeatherKit and WeatherShell import it by name), then the
# decoders of WeatherKit and WeatherShell compiled as one module with FuzzDecoders.swift.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build/fuzz
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -suppress-warnings)
swiftc "${flags[@]}" -wmo -module-name WXBasics -emit-module -emit-module-path .build/fuzz/WXBasics.swiftmodule \
  -c $(find Sources/WXBasics -name '*.swift' | sort) -o .build/fuzz/WXBasics.o
swiftc "${flags[@]}" -module-name WeatherKit -I Sources/CCurl -I .build/fuzz \
  -D WX_FUZZ $(find Sources/WeatherKit Sources/WeatherShell -name '*.swift' | sort) \
  Tests/WeatherTestSupport/DecoderExercise.swift fuzz/FuzzDecoders.swift .build/fuzz/WXBasics.o \
  -o .build/fuzz/wx-fuzz 2>&1 | grep -v "Cannot export local symbol" || true
test -x .build/fuzz/wx-fuzz
