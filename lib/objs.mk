# SPDX-License-Identifier: GPL-2.0-only
#
# The portable algorithm code, read by Kbuild and by the user-space
# harness (tests/harness/algo.mk). backends_portable.o holds the lists of
# back ends where arch/ has no code for the architecture.

vgc_lib_objs := lib/chacha20.o lib/poly1305.o lib/chacha20poly1305.o \
	lib/chacha20poly1305_kat.o \
	lib/sha3.o lib/mlkem.o lib/mlkem_poly.o
vgc_lib_portable_objs := lib/backends_portable.o
# X-Wing's, in vgcrypto_xwing.ko (Kbuild), scanned with the rest
# (scripts/check/ct_scan.py)
vgc_xwing_objs := lib/xwing.o
