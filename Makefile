# SPDX-License-Identifier: GPL-2.0-only
#
# vgcrypto: out-of-tree kernel module. kbuild reads ./Kbuild; this file is
# the entry point for people and CI:
#
#   make          build vgcrypto.ko for KDIR
#   make run      build it and load it (running kernel, else a QEMU guest)
#   make check    every test suite; ends with "N passed, N failed"
#   make bench    benchmarks: against OpenSSL, and tcrypt in UML
#
# KDIR defaults to the running kernel's build tree, else Debian's 6.1
# headers, fetched once into the cache (scripts/common.sh: VGCRYPTO_CACHE).

ROOT := $(CURDIR)
BUILD := $(ROOT)/build
RUNNING_KDIR := /lib/modules/$(shell uname -r)/build
# deferred: the headers are only fetched when a recipe needs them
KDIR ?= $(if $(wildcard $(RUNNING_KDIR)/Makefile),$(RUNNING_KDIR),$(shell $(ROOT)/scripts/kernel-6.1.sh headers))

HARNESS := $(BUILD)/harness

.PHONY: all module run check bench harness kunit-vectors checkpatch clean

all: module

module:
	scripts/build-module.sh $(KDIR) $(BUILD)/module

harness:
	$(MAKE) -C tests/harness deps
	$(MAKE) -C tests/harness O=$(HARNESS)

# expected outputs for the KUnit suites, computed with OpenSSL, and the ML-KEM
# ACVP cases read from ../shared/vectors (not committed)
kunit-vectors: harness
	mkdir -p kunit/generated
	$(HARNESS)/gen_kunit_vectors kunit/generated/edge_vectors.h
	scripts/gen-mlkem-kunit-vectors.py ../shared/vectors kunit/generated/mlkem_acvp.h

run:
	scripts/run-module.sh

check:
	scripts/run-checks.sh

# user space against OpenSSL, then tcrypt in User-Mode Linux against the
# kernel's own template, then arm64 instruction counts (NEON against
# generic, under qemu-aarch64)
bench: harness
	$(HARNESS)/vgc_bench
	scripts/bench-uml.sh
	scripts/bench-arm64.sh

checkpatch:
	scripts/checkpatch.sh

clean:
	rm -rf $(BUILD) kunit/generated
	$(MAKE) -C tests/harness O=$(HARNESS) clean || true
