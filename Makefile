# For OpenBench (README.md, "OpenBench (chess)"): its workers build an
# engine with `make -j EXE=NAME [CC=... | CXX=...] [EVALFILE=...]` in the
# source folder and run the binary at NAME. turncoat needs only cargo:
# the C compiler settings and EVALFILE are ignored.
EXE ?= turncoat
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)
ifeq ($(OS),Windows_NT)
SUFFIX := .exe
endif
unexport CC CXX EVALFILE

.PHONY: all
all:
	cargo build --release
	cp $(TARGET_DIR)/release/turncoat$(SUFFIX) $(EXE:%$(SUFFIX)=%)$(SUFFIX)

# The web build (docs/web.md): the static site in target/web/ — turncoat
# gui's page with the engine and the page's model compiled to WebAssembly
# with wasm-bindgen (`--target web`, which a page and node both load),
# assembled by web/site/build.mjs — and the node script that runs the
# engine as a UCI engine on stdin/stdout. The wasm32 target and the `wasm-bindgen` command (exactly
# the version web/Cargo.toml pins for the crate: the two must match) are
# installed when missing. The functions' names are left out of the module
# (5% of its bytes, 7% gzipped; a panic still prints its message).
# wasm-opt does not pay: binaryen 108 (Debian's) takes 12% off, 6% gzipped,
# and breaks wasm-bindgen's table of JavaScript values (docs/experiments.md).
# `--locked` first (the versions wasm-bindgen-cli
# was released with), and where the registry lacks one of them (a mirror
# without webpki-roots 1.0.11, on 2026-11-28) the newest that fit.
WEB_DIR := $(TARGET_DIR)/web
WASM_BINDGEN_VERSION := $(shell sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' web/Cargo.toml)
WASM := $(TARGET_DIR)/wasm32-unknown-unknown/wasm/turncoat_web.wasm

.PHONY: web web-tools
web: web-tools
	cargo build --profile wasm -p turncoat-web --target wasm32-unknown-unknown
	rm -rf $(WEB_DIR)
	wasm-bindgen --target web --no-typescript --remove-name-section \
		--remove-producers-section --out-dir $(WEB_DIR) $(WASM)
	cp web/turncoat-uci.mjs $(WEB_DIR)/
	node web/site/build.mjs $(WEB_DIR)

web-tools:
	@rustup target list --installed | grep -qx wasm32-unknown-unknown \
		|| rustup target add wasm32-unknown-unknown
	@if [ "$$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $(WASM_BINDGEN_VERSION)" ]; then \
		echo "installing wasm-bindgen-cli $(WASM_BINDGEN_VERSION)"; \
		cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION) --locked \
		|| cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION); \
	fi
