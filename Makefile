# SPDX-License-Identifier: GPL-2.0-only
#
# vgcrypto: out-of-tree kernel module. kbuild reads ./Kbuild; this file is
# the entry point for people and CI (`make help` lists the targets).
#
# KDIR defaults to the running kernel's build tree, else Debian's 6.1
# headers, fetched once into the cache (scripts/lib.sh: VGCRYPTO_CACHE).

ROOT := $(CURDIR)
BUILD := $(ROOT)/build
RUNNING_KDIR := /lib/modules/$(shell uname -r)/build
# deferred: the headers are only fetched when a recipe needs them
KDIR ?= $(if $(wildcard $(RUNNING_KDIR)/Makefile),$(RUNNING_KDIR),$(shell $(ROOT)/scripts/fetch/kernel.sh 6.1 headers))

HARNESS := $(BUILD)/harness

.PHONY: all help module run check bench harness kunit-vectors checkpatch fuzz deb dkms-src clean

all: module

help:
	@echo 'make            build vgcrypto.ko for KDIR (default: the running kernel, else Debian 6.1)'
	@echo 'make run        build it and load it: into the running kernel, else a QEMU guest'
	@echo '                (VGCRYPTO_RELEASE=6.1, 6.12 or 7.3)'
	@echo 'make check      every test suite (scripts/check/all.sh); ends with "N passed, N failed"'
	@echo 'make bench      benchmarks: user space against OpenSSL and mlkem-native, tcrypt under UML,'
	@echo '                arm64 counts'
	@echo 'make deb        vgcrypto-dkms_VERSION_all.deb here (debian/; lintian clean)'
	@echo 'make dkms-src   the DKMS source in /usr/src/vgcrypto-VERSION (the manual route)'
	@echo 'make harness    build the user-space harness (tests/harness) into build/harness'
	@echo 'make checkpatch checkpatch.pl --strict over the sources'
	@echo 'make fuzz       the libFuzzer targets (tests/fuzz), 10 minutes each'
	@echo 'make clean      remove build/ and kunit/generated/'
	@echo
	@echo 'scripts/, by role (each prints its usage when run without arguments):'
	@echo '  fetch/  kernel.sh RELEASE, kernel-trixie.sh, trixie.sh, arm64.sh, debian-system.sh:'
	@echo '          Debian packages, trees and bootable systems'
	@echo '  build/  module.sh KDIR OUT, kunit-kernel.sh um|arm64, mlkem-kunit-vectors.py, deb.sh'
	@echo '  run/    module.sh (make run), qemu.sh (a stock or KUnit kernel), uml.sh (User-Mode Linux)'
	@echo '  check/  all.sh (make check) and one script per stage'
	@echo '  bench/  vgc.sh (user space), kernel-asm.sh, uml.sh (tcrypt in UML), arm64.sh (instruction counts)'

module:
	scripts/build/module.sh $(KDIR) $(BUILD)/module

harness:
	$(MAKE) -C tests/harness deps
	$(MAKE) -C tests/harness O=$(HARNESS)

# expected outputs for the KUnit suites, computed with OpenSSL, and the ML-KEM
# ACVP cases read from ../shared/vectors (not committed); each written
# apart and renamed into place, as make check's two lanes may build a
# module that reads them while another stage writes them
kunit-vectors: harness
	mkdir -p kunit/generated
	$(HARNESS)/gen_kunit_vectors kunit/generated/edge_vectors.h.$$$$ && \
		mv -f kunit/generated/edge_vectors.h.$$$$ kunit/generated/edge_vectors.h
	scripts/build/mlkem-kunit-vectors.py ../shared/vectors kunit/generated/mlkem_acvp.h.$$$$ && \
		mv -f kunit/generated/mlkem_acvp.h.$$$$ kunit/generated/mlkem_acvp.h

run:
	scripts/run/module.sh

check:
	scripts/check/all.sh

# user space against OpenSSL and the kernel's own assembly, ML-KEM's back
# ends against mlkem-native (built from ../shared/anchors), then tcrypt in
# User-Mode Linux against the kernel's own template, then arm64
# instruction counts (NEON against generic, under qemu-aarch64)
bench:
	scripts/bench/vgc.sh
	scripts/bench/mca.sh
	$(MAKE) -C tests/mlkem O=$(BUILD)/mlkem-bench SIMD_CHECK=0 bench
	scripts/bench/uml.sh
	scripts/bench/arm64.sh
	scripts/bench/mca-arm64.sh $(BUILD)/bench-arm64

checkpatch:
	scripts/check/checkpatch.sh

# the Debian package; its version, and DKMS's, is debian/changelog's
deb:
	scripts/build/deb.sh

dkms-src:
	scripts/build/dkms-src.sh /usr/src/vgcrypto-$$(scripts/build/dkms-src.sh version)

# make check fuzzes for 40 s per target; this for FUZZ_LONG_SECONDS (600)
fuzz:
	$(MAKE) -C tests/fuzz O=$(BUILD)/fuzz fuzz

clean:
	rm -rf $(BUILD) kunit/generated
	$(MAKE) -C tests/harness O=$(HARNESS) clean || true
