#!/usr/bin/env bash
# Builds wx_<version>_<arch>.deb from a built wx binary with dpkg-deb (no debhelper needed):
# the binary, wx(1), the bash, zsh and fish completions, and the copyright file with the
# services' attribution. Dependencies are the Debian packages that hold the shared libraries wx
# uses here, found with dpkg -S, so the names fit this release (libcurl4 or libcurl4t64).
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/release/wx}
version=$("$binary" --version | awk '{ print $2 }')
arch=$(dpkg --print-architecture)
stage=.build/deb/wx_${version}_${arch}
package=wx_${version}_${arch}.deb

rm -rf "$stage"
make --no-print-directory install-files BINARY="$binary" DESTDIR="$stage" PREFIX=/usr \
  ZSH_COMPLETION_DIR=/usr/share/zsh/vendor-completions >/dev/null
strip --strip-unneeded "$stage/usr/bin/wx"
gzip -9n "$stage/usr/share/man/man1/wx.1"

doc=$stage/usr/share/doc/wx
install -d "$doc"
{
  echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
  echo "Upstream-Name: wx"
  echo "Source: https://github.com/wx-shell/wx"
  echo
  echo "Files: *"
  echo "Copyright: the wx developers"
  echo "License: see the source repository"
  echo
  echo "Comment: Data sources."
  echo " wx shows data from these services, whose terms ask for this attribution:"
  "$binary" --home "$(mktemp -d)" --json -c about | python3 -c 'import json,sys; [print(" " + line) for line in json.load(sys.stdin)["attribution"]]'
} > "$doc/copyright"
chmod 0644 "$doc/copyright"

# The package owning a library wx loads, by the file's real path.
owner() {
  local path
  # awk reads to the end (no early exit), so ldconfig never dies of SIGPIPE under pipefail.
  path=$(ldconfig -p | awk -v name="$1" '$1 == name && !found { print $NF; found = 1 }')
  [ -n "$path" ] || { echo "make-deb: $1 not found; run make deps" >&2; exit 1; }
  # dpkg knows a file by the path its package shipped: with merged /usr that may be the /lib
  # or the /usr/lib spelling, of the link or of its target.
  local real candidate
  real=$(readlink -f "$path")
  for candidate in "$path" "$real" "/usr$path" "/usr$real" "${path#/usr}" "${real#/usr}"; do
    dpkg -S "$candidate" 2>/dev/null | awk -F: 'NR == 1 && $1 != "" { print $1; found = 1 } END { exit !found }' && return
  done
  echo "make-deb: no package holds $path" >&2
  exit 1
}
glibc=$(dpkg-query -W -f='${Version}' libc6 | sed 's/-.*//')
# libstdc++ is linked into the binary (Makefile, STATIC_CXX_DIR).
depends="libc6 (>= $glibc), $(owner libgcc_s.so.1), $(owner libedit.so.2), $(owner libcurl.so.4)"

install -d "$stage/DEBIAN"
cat > "$stage/DEBIAN/control" <<CONTROL
Package: wx
Version: $version
Architecture: $arch
Maintainer: wx developers <https://github.com/wx-shell/wx/issues>
Installed-Size: $(du -sk --exclude=DEBIAN "$stage" | cut -f1)
Depends: $depends
Recommends: tzdata
Section: utils
Priority: optional
Homepage: https://github.com/wx-shell/wx
Description: weather at the prompt: an interactive weather shell
 wx finds places (Nominatim, Open-Meteo geocoding) and shows their weather
 from Open-Meteo (and OpenWeatherMap with a key): conditions now, hours and
 days with a chart, rain to come and air quality. Favorites, snapshots and
 history persist; commands complete with Tab; --json output for scripts.
CONTROL

dpkg-deb --root-owner-group -Zxz --build "$stage" "$package" >/dev/null
echo "$package: $(du -h "$package" | cut -f1), depends: $depends"
