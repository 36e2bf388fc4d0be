#!/usr/bin/env bash
# Builds fuzz/wx-fuzz with libFuzzer and AddressSanitizer (swiftc -sanitize=fuzzer,address):
# WXBasics as a module of its own (the others import it by name), then the decoders of
# WeatherKit, WeatherStore and WeatherShell compiled as one module with FuzzDecoders.swift.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build/fuzz/modules
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -suppress-warnings)
swiftc "${flags[@]}" -wmo -I Sources/CThreads -package-name wx -module-name WXBasics -emit-module -emit-module-path .build/fuzz/modules/WXBasics.swiftmodule \
  -c $(find Sources/WXBasics -name '*.swift' | sort) -o .build/fuzz/WXBasics.o
# WeatherStore's sources go into the one module too, so WeatherShell's `import WeatherStore`
# finds only this empty module of that name (as its `import WeatherKit` names the module itself).
: > .build/fuzz/empty.swift
swiftc -parse-as-library -module-name WeatherStore -emit-module -emit-module-path .build/fuzz/modules/WeatherStore.swiftmodule \
  .build/fuzz/empty.swift
swiftc "${flags[@]}" -module-name WeatherKit -I Sources/CCurl -I Sources/CThreads -I .build/fuzz/modules -package-name wx \
  -D WX_FUZZ $(find Sources/WeatherKit Sources/WeatherStore Sources/WeatherShell -name '*.swift' | sort) \
  Tests/WeatherTestSupport/DecoderExercise.swift fuzz/FuzzDecoders.swift .build/fuzz/WXBasics.o \
  -o .build/fuzz/wx-fuzz 2>&1 | grep -v "Cannot export local symbol" || true
test -x .build/fuzz/wx-fuzz
