#!/usr/bin/env bash
# Installs the .deb with dpkg, checks what it installed, and removes it again (needs root).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
packages=(wx_*.deb)
package=${packages[-1]}
$SUDO dpkg -i "$package"
trap '$SUDO dpkg -r wx >/dev/null 2>&1 || true' EXIT
test "$(command -v wx)" = /usr/bin/wx
wx --version
home=$(mktemp -d)
# Output is captured whole: `| grep -q` would close the pipe early and, under pipefail,
# turn wx's SIGPIPE into a failure.
output=$(wx --home "$home" -c "units imperial; units")
grep -q "imperial" <<<"$output"
mandoc -T lint /usr/share/man/man1/wx.1.gz
test -f /usr/share/bash-completion/completions/wx
test -f /usr/share/zsh/vendor-completions/_wx
test -f /usr/share/fish/vendor_completions.d/wx.fish
grep -q "OpenStreetMap" /usr/share/doc/wx/copyright
$SUDO dpkg -r wx
trap - EXIT
! dpkg -s wx >/dev/null 2>&1
test ! -e /usr/bin/wx && test ! -e /usr/share/man/man1/wx.1.gz && test ! -e /usr/share/bash-completion/completions/wx
echo "deb-test: $package installs, runs and removes cleanly"
