# wx — build, run, test. Every target installs what it needs from Debian when it is missing.
SHELL := /bin/bash
.DEFAULT_GOAL := build

PREFIX ?= /usr/local
DESTDIR ?=
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# The C libraries wx links (libedit, libcurl), the time-zone database it reads, and what the
# tests drive it with (tmux for the real-terminal test, python3 for the loopback server).
APT_PACKAGES := libedit-dev libcurl4-openssl-dev pkg-config tzdata tmux python3
SWIFT_BUILD_FLAGS := --static-swift-stdlib
RELEASE_BIN := .build/release/wx
# The recorded data the demo shows as current: Berlin, 27 July 2025, 03:10 UTC.
DEMO_NOW ?= 2025-07-27T03:10:00Z

.PHONY: build release run demo test deps clean fmt lint

deps:
	@missing=""; for package in $(APT_PACKAGES); do \
	  dpkg -s $$package >/dev/null 2>&1 || missing="$$missing $$package"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

build: release

release: deps
	swift build -c release --product wx $(SWIFT_BUILD_FLAGS)

# The shell against the live services.
run: release
	@$(RELEASE_BIN)

# The shell against the loopback server replaying Fixtures/, with the clock set to the data's time.
demo: release
	@port_file=$$(mktemp); home=$$(mktemp -d); \
	python3 Fixtures/server.py --port 0 > $$port_file & server=$$!; \
	trap 'kill $$server 2>/dev/null; rm -rf "$$home" "$$port_file"' EXIT; \
	for _ in $$(seq 50); do grep -q listening $$port_file && break; sleep 0.1; done; \
	url=$$(sed -n 's/^listening on //p' $$port_file); \
	echo "demo: services replayed from Fixtures/ at $$url; clock at $(DEMO_NOW); try: find Hamburg, show, fav, save"; \
	WX_HOME="$$home" WX_NOW=$(DEMO_NOW) WX_NOMINATIM_URL=$$url WX_OPEN_METEO_URL=$$url \
	WX_OPEN_METEO_GEOCODING_URL=$$url WX_OPENWEATHERMAP_URL=$$url WX_OPEN_METEO_AIR_QUALITY_URL=$$url \
	$(RELEASE_BIN)

test: deps
	swift build --build-tests
	swift test --skip-build

fmt:
	swift format --in-place --recursive Sources Tests Package.swift

lint:
	swift format lint --recursive Sources Tests Package.swift

clean:
	rm -rf .build
