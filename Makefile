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
