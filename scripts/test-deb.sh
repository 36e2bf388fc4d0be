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
# Ctrl-C at the prompt drops the line being typed, in the release build as installed: a debug
# build hid a fault there (two copies of the interrupt count, so the line ran at Enter).
session="wx-deb-$$"
tmux new-session -d -s "$session" -x 80 -y 12 "wx --home '$home' -n"
for _ in $(seq 100); do tmux capture-pane -p -t "$session" | grep -q '^wx>' && break; sleep 0.1; done
tmux send-keys -t "$session" favs
tmux send-keys -t "$session" C-c
tmux send-keys -t "$session" Enter
for _ in $(seq 50); do [ "$(tmux capture-pane -p -t "$session" | grep -c '^wx>')" -ge 3 ] && break; sleep 0.1; done
screen=$(tmux capture-pane -p -t "$session")
tmux kill-session -t "$session"
if grep -q "no favorites yet" <<<"$screen" || ! grep -q '^wx> favs^C' <<<"$screen"; then
  echo "deb-test: Ctrl-C did not drop the typed line:" >&2
  echo "$screen" >&2
  exit 1
fi
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
