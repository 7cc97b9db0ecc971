# Build rules for the image-resizer service.
# Usage: make [target] [VERSION=x.y.z]

include config/defaults.mk
-include .env.mk
sinclude $(HOME)/.resizer/local.mk
-include $(OBJECTS:.o=.d)

SHELL := /bin/bash
.DEFAULT_GOAL := help

VERSION ?= $(shell git describe --tags --always --dirty)
BUILD_DIR = build
SOURCES := $(wildcard src/*.c src/codecs/*.c)
OBJECTS := $(patsubst src/%.c,$(BUILD_DIR)/%.o,$(SOURCES))
CFLAGS += -O2 -Wall -Wextra -DVERSION=\"$(VERSION)\"
LDLIBS = -lpng -ljpeg -lm

ifeq ($(OS),Windows_NT)
EXE := .exe
else
EXE :=
endif

define banner
	@printf '\n== %s ==\n' "$(1)"
endef

export VERSION
export PKG_CONFIG_PATH := $(CURDIR)/third_party/lib/pkgconfig

.PHONY: all clean test install help docker-build

## all: build the resizer binary
all: $(BUILD_DIR)/resizer

$(BUILD_DIR)/resizer: $(OBJECTS)
	$(call banner,linking $@)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD_DIR)/%.o: src/%.c | $(BUILD_DIR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD_DIR):
	mkdir -p $@

## test: run the unit tests against the built binary
test: all
	$(call banner,testing)
	./tests/run.sh $(BUILD_DIR)/resizer

## install: copy the binary to PREFIX (default /usr/local)
install: PREFIX ?= /usr/local
install: all
	install -m 0755 $(BUILD_DIR)/resizer $(DESTDIR)$(PREFIX)/bin/resizer

## docker-build: build the container image
docker-build:
	docker build --build-arg VERSION=$(VERSION) -t resizer:$(VERSION) .

clean distclean:
	rm -rf $(BUILD_DIR)
	rm -f resizer$(EXE)

## help: list the documented targets
help:
	@grep -E '^## ' $(MAKEFILE_LIST) | sed -e 's/^## //'
