#!/usr/bin/env bash
# Checks the .deb in a throwaway root: its control data (dpkg-deb --info, --contents) and its
# files unpacked with `dpkg -x` into a temporary folder, run from there. Nothing is installed
# into /usr and no root is needed, so a developer's own system is untouched.
set -euo pipefail
cd "$(dirname "$0")/.."
packages=(wx_*.deb)
package=${packages[-1]}
root=$(mktemp -d)
home=$(mktemp -d)
session="wx-deb-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$root" "$home"' EXIT
# Listings are captured whole before they are searched: `| grep -q` closes the pipe at the first
# match, and dpkg-deb's tar then dies of SIGPIPE, which pipefail turns into a failure.
info=$(dpkg-deb --info "$package")
grep -q "Package: wx" <<<"$info"
contents=$(dpkg-deb --contents "$package")
grep -q "./usr/bin/wx$" <<<"$contents"
dpkg -x "$package" "$root"
wx="$root/usr/bin/wx"
test -x "$wx"
"$wx" --version
# Output is captured whole: `| grep -q` would close the pipe early and, under pipefail,
# turn wx's SIGPIPE into a failure.
output=$("$wx" --home "$home" -c "units imperial; units")
grep -q "imperial" <<<"$output"
# Ctrl-C at the prompt drops the line being typed, in the release build as packaged: a debug
# build hid a fault there (two copies of the interrupt count, so the line ran at Enter).
tmux new-session -d -s "$session" -x 80 -y 12 "'$wx' --home '$home' -n"
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
mandoc -T lint "$root/usr/share/man/man1/wx.1.gz"
test -f "$root/usr/share/bash-completion/completions/wx"
test -f "$root/usr/share/zsh/vendor-completions/_wx"
test -f "$root/usr/share/fish/vendor_completions.d/wx.fish"
grep -q "OpenStreetMap" "$root/usr/share/doc/wx/copyright"
# Nothing outside the package's own folders.
unexpected=$(cd "$root" && find . -type f | grep -v -E '^\./usr/(bin|share/(man|doc|bash-completion|zsh|fish))/' || true)
if [ -n "$unexpected" ]; then
  echo "deb-test: files outside the expected folders: $unexpected" >&2
  exit 1
fi
echo "deb-test: $package unpacks into a throwaway root, runs there and holds what it should (nothing installed)"
