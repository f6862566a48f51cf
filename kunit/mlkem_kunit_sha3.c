// SPDX-License-Identifier: GPL-2.0-only
/*
 * The test module's own copy of lib/sha3.c (vgcrypto.ko does not export
 * its Keccak): SHAKE-128 for the CCTV accumulated test's streams and
 * SHAKE-256 for the expected implicit-rejection secrets J(z || c). The
 * code itself is checked against OpenSSL by tests/mlkem.
 */
#include "../lib/sha3.c"
