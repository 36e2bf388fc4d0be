# wx — build, run, test. Every target installs what it needs from Debian when it is missing.
SHELL := /bin/bash
.DEFAULT_GOAL := build

# Where `make install` puts things; DESTDIR stages them for a package.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man/man1
BASH_COMPLETION_DIR ?= $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(PREFIX)/share/zsh/site-functions
FISH_COMPLETION_DIR ?= $(PREFIX)/share/fish/vendor_completions.d
# The binary install-files copies (make install builds it first).
BINARY ?= .build/release/wx
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# The C libraries wx links (libedit, libcurl), the time-zone database it reads, and what the
# tests drive it with: tmux (real terminal), python3 and curl (loopback server), mandoc (man
# page lint), zsh and fish (their completion scripts), python3-jsonschema (--json schema), openssl
# (a certificate made in the tests of a private certificate authority).
APT_PACKAGES := libedit-dev libcurl4-openssl-dev pkg-config tzdata tmux python3 time curl mandoc zsh fish python3-jsonschema openssl
# Static Swift runtime (no libswiftCore.so to load and relocate at every start); no $$ORIGIN
# runpath (the loader would probe ~40 folders beside the binary for each system library).
# libstdc++ (the C++ library the Swift runtime uses) linked in too: the toolchain's link line
# asks for -lstdc++, and the linker takes the first folder that holds one, so STATIC_CXX_DIR,
# holding only gcc's libstdc++.a, makes it the archive. Loading libstdc++.so.6 and binding its
# ~1,800 symbols was 57 % of the instructions of a start (callgrind: 2.92 M → 1.27 M).
STATIC_CXX_DIR := .build/static-libstdc++
# No symbol exported (scripts/local-symbols.map says why): 1.27 M → 1.14 M instructions.
# Not position-independent: a PIE of this size carries 38,250 relative relocations, which the
# loader applies at every start, writing (and so copying) every page of pointers they touch;
# an executable linked at a fixed address has none (1.14 M → 0.63 M instructions, 322 → 212
# page faults). The cost: wx's own code and data are not at a random address (ASLR still
# places the libraries, heap and stack). Packed relative relocations (DT_RELR, with lld) keep
# the PIE and save less: 1.14 M → 0.97 M, 322 page faults (BENCHMARKS.md).
# Generic types named by their metadata accessors, not by mangled names: a mangled name is
# demangled at its first use and each of its generic requirements (String: Hashable for a
# dictionary's key…) looked up by a scan of every conformance record in the static binary —
# 4.4 M of the 33.6 M instructions of a `find Hamburg; show` (issue 39).
# gcc's unwinder linked in (-static-libgcc) rather than libgcc_s.so.1 needed: every library the
# program needs is searched for each symbol of libcurl's 31 libraries, loaded at the first request
# ahead of their own (dlopen's scope), and libgcc_s there cost 0.41 M instructions of a `wx -c
# "find Hamburg; show"` (issue 39; libm, the other one, has no static form for a dynamic program).
# (glibc loaded libgcc_s privately when the main thread exited in dispatch_main, +23 k a start, until the
# main actor ran on that thread: MainThreadExecutor.)
# The functions a start and a find+show run laid out together (each function in a section of its
# own, -function-sections; gold's --section-ordering-file with the list scripts/hot-functions.py
# writes, which gold puts after the rest of the code): spread over 800 pages of the 16 MB of code,
# they took 132 page faults of a `find Hamburg; show`, now 74 (issue 39; BENCHMARKS.md). swiftc
# does not make an object again when its IR is unchanged: after changing -function-sections,
# delete .build/release's objects (their sections stay as they were otherwise).
SWIFT_BUILD_FLAGS := --static-swift-stdlib --disable-local-rpath -Xlinker -L$(CURDIR)/$(STATIC_CXX_DIR) \
  -Xlinker --version-script=$(CURDIR)/scripts/local-symbols.map -Xswiftc -Xclang-linker -Xswiftc -no-pie \
  -Xswiftc -Xclang-linker -Xswiftc -static-libgcc \
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
  -Xswiftc -Xfrontend -Xswiftc -function-sections -Xlinker --section-ordering-file=$(CURDIR)/scripts/hot-functions.txt
RELEASE_BIN := .build/release/wx

.PHONY: build release quiet-release static-cxx run demo loopback-env test test-fast stress bench fuzz docs deps clean fmt lint install install-files uninstall deb deb-test

deps:
	@missing=""; for package in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-upgrade $$missing; \
	fi

build: release

release: deps static-cxx
	swift build -c release --product wx $(SWIFT_BUILD_FLAGS)

static-cxx:
	@mkdir -p $(STATIC_CXX_DIR)
	@archive=$$(cc -print-file-name=libstdc++.a); [ -f "$$archive" ] || { echo "no libstdc++.a: install libstdc++-dev" >&2; exit 1; }; \
	ln -sf "$$archive" $(STATIC_CXX_DIR)/libstdc++.a

# The release build for run and demo: its output (the static link's warnings among it) is shown
# only when the build fails, so that the banner is the first thing on the screen. The notice is
# short enough for a 40-column terminal: a wrapped one would leave its first row when erased.
# A release binary newer than every source, Package.swift and this Makefile is not built again:
# SwiftPM would only find nothing to do, after waiting for .build's lock, which `make test`
# holds for its whole run (trial 14: `make demo` waited minutes for it).
# Before the first build (no release binary yet) it says that one takes minutes (trial 8: five
# minutes of "building wx …" and nothing else).
# One line is let through at once: SwiftPM's "Another instance of SwiftPM … waiting" (make test
# holds .build), said as ours on a line that stays, else "building wx …" sat there for minutes
# without a word (trial 7). SwiftPM ends that line with no newline, so the build writes to a file
# that is looked at five times a second rather than read line by line. A build started with &
# ignores Ctrl-C here, so leaving make ends it.
quiet-release: deps static-cxx
	@if [ -x $(RELEASE_BIN) ] && [ -z "$$(find Sources Package.swift Makefile -newer $(RELEASE_BIN) 2>/dev/null | head -n 1)" ]; then \
	  exit 0; fi; \
	log=$$(mktemp); build=; \
	trap '[ -n "$$build" ] && kill $$build 2>/dev/null; rm -f "$$log"' EXIT; trap 'exit 130' INT TERM; \
	notice='building wx …'; [ -x $(RELEASE_BIN) ] || notice='building wx (first build: minutes) …'; \
	[ -t 1 ] && printf '%s' "$$notice"; \
	swift build -c release --product wx $(SWIFT_BUILD_FLAGS) > "$$log" 2>&1 & build=$$!; \
	said=; while kill -0 $$build 2>/dev/null; do \
	  if [ -z "$$said" ] && grep -q 'Another instance of SwiftPM' "$$log"; then said=1; \
	    [ -t 1 ] && printf '\r\033[K'; \
	    echo "waiting for another build in .build (make test?) …" >&2; \
	    [ -t 1 ] && printf '%s' "$$notice"; \
	  fi; sleep 0.2; \
	done; \
	if ! wait $$build; then build=; echo; cat "$$log"; exit 1; fi; build=; \
	[ -t 1 ] && printf '\r\033[K'; true

# The shell against the live services.
run: quiet-release
	@$(RELEASE_BIN)

# The shell in a recorded world: the loopback server answers only from the recordings of the
# places Fixtures/demo/places.json lists, and wx (WX_DEMO) refuses any other place by name and
# sets its clock to the time the place it shows was recorded.
DEMO_MANIFEST := Fixtures/demo/places.json
demo: quiet-release
	@port_file=$$(mktemp) && home=$$(mktemp -d) || exit 1; \
	python3 Fixtures/server.py --port 0 --demo $(DEMO_MANIFEST) > $$port_file & server=$$!; \
	trap 'kill $$server 2>/dev/null; rm -rf "$$home" "$$port_file"' EXIT; \
	for _ in $$(seq 50); do grep -q listening $$port_file && break; sleep 0.1; done; \
	url=$$(sed -n 's/^listening on //p' $$port_file); \
	eval "$$(scripts/loopback-env.sh $$url)"; \
	WX_HOME="$$home" WX_DEMO=$(DEMO_MANIFEST) $(RELEASE_BIN)

# The exports that point wx at a replay server started by hand (README "Running wx against the
# recordings"): make -s loopback-env URL=http://127.0.0.1:PORT. One list, scripts/loopback-env.sh.
# Without URL: the usage line, status 2 (GNU make then adds its own “*** … Error 2” line).
loopback-env:
	@if [ -z "$(URL)" ]; then \
	  echo 'usage: make -s loopback-env URL=http://127.0.0.1:PORT (from the "listening on" line of Fixtures/server.py)' >&2; \
	  exit 2; fi
	@scripts/loopback-env.sh $(URL)

# SwiftPM holds .build's lock for a whole command, tests and all: `make run` beside `make test`
# waited for every test before building the shell (the last clean-clone run). So the build
# takes the lock and the tests ask not to (--ignore-lock): they only read what that build made.
# Swift 6.3's `swift test` holds the lock all the same, so `make run`/`make demo` wait for the
# tests too (README says so). Every test
# is Swift Testing's: --disable-xctest leaves out XCTest's empty run and its "Executed 0 tests"
# lines (a test written with XCTest would not run: there are none).
test: deps
	swift build --build-tests
	swift test --skip-build --ignore-lock --disable-xctest

# The unit and end-to-end tests without those at a real terminal (tmux) and the stress runs: the
# suites tagged .terminal and .stress (Tests/WeatherTestSupport/Tags.swift). This toolchain's
# `swift test` does not filter by tag yet, so they are skipped by name; a test checks that the
# names and the tags agree.
FAST_SKIP := TerminalTests|PagerFallbackTests|StressTests|MemoryBoundTests|LimitsTests
test-fast: deps
	swift build --build-tests
	swift test --skip-build --ignore-lock --disable-xctest --skip '$(FAST_SKIP)'

# The two-writers-one-killed stress test for more rounds than `make test` runs (STRESS_ROUNDS).
STRESS_ROUNDS ?= 100
stress: deps
	swift build --build-tests
	WX_STRESS_ROUNDS=$(STRESS_ROUNDS) swift test --skip-build --disable-xctest --filter StressTests

# Side-by-side measurements (BENCHMARKS.md): wx against sqlite3, curl and a Python peer.
bench: release
	swift build -c release --product wx-bench $(SWIFT_BUILD_FLAGS)
	swiftc -O -static-stdlib bench/floor.swift -o .build/release/wx-floor
	@command -v hyperfine >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hyperfine sqlite3 curl; }
	@command -v sqlite3 >/dev/null || $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sqlite3
	@command -v valgrind >/dev/null || $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind
	@[ -x bench/.venv/bin/python ] || python3 -m venv bench/.venv
	bench/.venv/bin/pip install -q -r bench/requirements.txt
	python3 bench/run.py --wx $(RELEASE_BIN) --wx-bench .build/release/wx-bench --python bench/.venv/bin/python --floor .build/release/wx-floor --out BENCHMARKS.md

# libFuzzer on every decoder (service bodies, log.jsonl, state.plist), FUZZ_SECONDS each.
FUZZ_SECONDS ?= 60
fuzz: deps
	fuzz/build.sh
	FUZZ_SECONDS=$(FUZZ_SECONDS) fuzz/run.sh

# README's command list from `wx help`, and wx.1 from the command, option and environment tables.
docs:
	swift build --product wx
	python3 scripts/sync-docs.py .build/debug/wx
	swift build --product wx-docs
	.build/debug/wx-docs > wx.1

# The release binary, wx(1) and the bash, zsh and fish completions (written by the binary, from
# the command table) under PREFIX, staged under DESTDIR when it is set.
install: release
	$(MAKE) --no-print-directory install-files BINARY=$(RELEASE_BIN)

install-files:
	@test -x "$(BINARY)" || { echo "no binary at $(BINARY): run make release" >&2; exit 1; }
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)" "$(DESTDIR)$(BASH_COMPLETION_DIR)" \
	  "$(DESTDIR)$(ZSH_COMPLETION_DIR)" "$(DESTDIR)$(FISH_COMPLETION_DIR)"
	install -m 0755 "$(BINARY)" "$(DESTDIR)$(BINDIR)/wx"
	install -m 0644 wx.1 "$(DESTDIR)$(MANDIR)/wx.1"
	@scripts=$$(mktemp -d) && trap 'rm -rf "$$scripts"' EXIT && \
	"$(BINARY)" completions bash > "$$scripts/wx" && \
	"$(BINARY)" completions zsh > "$$scripts/_wx" && \
	"$(BINARY)" completions fish > "$$scripts/wx.fish" && \
	install -m 0644 "$$scripts/wx" "$(DESTDIR)$(BASH_COMPLETION_DIR)/wx" && \
	install -m 0644 "$$scripts/_wx" "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_wx" && \
	install -m 0644 "$$scripts/wx.fish" "$(DESTDIR)$(FISH_COMPLETION_DIR)/wx.fish" && \
	echo "installed wx, wx.1 and completions under $(DESTDIR)$(PREFIX)"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/wx" "$(DESTDIR)$(MANDIR)/wx.1" "$(DESTDIR)$(BASH_COMPLETION_DIR)/wx" \
	  "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_wx" "$(DESTDIR)$(FISH_COMPLETION_DIR)/wx.fish"

# wx_<version>_<arch>.deb: the release binary, man page, completions and copyright, for dpkg -i.
deb: release
	scripts/make-deb.sh $(RELEASE_BIN)

# Unpacks the package into a throwaway root (dpkg -x) and checks its files work there; nothing
# is installed into /usr (CI runs this).
deb-test: deb
	scripts/test-deb.sh

# swift-format (ships with the toolchain) with the rules in .swift-format. lint fails on any
# warning (--strict): CI runs it, so a file that `make fmt` would change does not merge.
FORMAT_PATHS := Sources Tests fuzz Package.swift

fmt:
	swift format --in-place --recursive --parallel $(FORMAT_PATHS)

lint:
	swift format lint --strict --recursive --parallel $(FORMAT_PATHS)

clean:
	rm -rf .build
