# SPDX-License-Identifier: GPL-2.0-only
#
# Read after mlkem-native's example Makefile (tests/mlkem/Makefile): prints
# the compiler flags it would build with, but for its warnings (which
# change no code, and whose -Werror trips over the API functions that
# mlkn_peer.c leaves unused) and its dependency files.
.PHONY: mlkn-print-cflags
mlkn-print-cflags:
	@echo $(filter-out -W% -pedantic -MMD,$(CFLAGS))
