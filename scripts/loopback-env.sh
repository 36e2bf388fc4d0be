#!/bin/sh
# Prints the exports that point every service of wx at the loopback replay server
# (Fixtures/server.py) listening at URL, one `export` a line, for a shell to eval:
#   eval "$(scripts/loopback-env.sh http://127.0.0.1:PORT)"    (or: make -s loopback-env URL=…)
# The one list: `make demo`, scripts/transcript.sh and README use it, and a test
# (LoopbackEnvironmentTests) checks it names each service's WX_…_URL as the tests' server does.
# Without a URL: one usage line on stderr and status 2 (`${1:?}` put the shell's name and line
# number before it).
if [ $# -ne 1 ] || [ -z "$1" ]; then
  echo 'usage: scripts/loopback-env.sh URL (from the "listening on" line of Fixtures/server.py)' >&2
  exit 2
fi
url=$1
for variable in WX_NOMINATIM_URL WX_OPEN_METEO_URL WX_OPEN_METEO_GEOCODING_URL WX_OPENWEATHERMAP_URL \
  WX_OPEN_METEO_AIR_QUALITY_URL WX_OPEN_METEO_ARCHIVE_URL WX_OPEN_METEO_ENSEMBLE_URL WX_NWS_URL \
  WX_BRIGHTSKY_URL WX_ECCC_URL WX_METNO_URL WX_METEOALARM_URL; do
  echo "export $variable=$url"
done
# The Previous Runs API shares its paths with the forecast API: the server answers it under a prefix.
echo "export WX_OPEN_METEO_PREVIOUS_RUNS_URL=$url/previous-runs"
