#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: tests/fuzz/make-seeds.py
#
# Write the committed seed corpus (tests/fuzz/corpus/NAME/*), one small
# input per case the targets' comments describe, from a fixed PRNG: the
# same files every time. Run it again only when an input layout changes.
import os
import random
import struct

here = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(15)


def rb(n):
    return bytes(rng.getrandbits(8) for _ in range(n))


def u16(v):
    return struct.pack('<H', v)


def write(name, tag, data):
    d = os.path.join(here, 'corpus', name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, tag), 'wb') as f:
        f.write(data)


# fuzz_aead: flags, key, nonce, adlen, textlen, flip, cuts, data
for i, (flags, adlen, textlen, cuts) in enumerate([
        (0, 0, 0, []), (1, 0, 0, []), (2, 12, 114, [5, 1]),
        (3, 12, 114, [0, 7, 64]), (0, 0, 64, [64]), (1, 1, 4099, [1, 4096]),
        (2, 600, 1500, [17, 300, 16, 1000]), (3, 31, 8191, [15, 1, 4097]),
        (0, 16, 255, [16, 15, 16, 17, 63, 65]), (2, 0, 1, [])]):
    data = bytes([flags]) + rb(32) + rb(12) + u16(adlen) + u16(textlen) + \
        u16(rng.getrandbits(16)) + bytes([len(cuts)]) + \
        b''.join(u16(c) for c in cuts) + rb(64 + i * 37)
    write('fuzz_aead', 'seed-%02d' % i, data)

# fuzz_mlkem_decaps: mode 0 (seed, m, edits) and 1 (dk, ct; 8: hash fixed)
sizes = {0: (800, 1632, 768), 1: (1184, 2400, 1088), 2: (1568, 3168, 1568)}
for s in range(3):
    ekl, dkl, ctl = sizes[s]
    write('fuzz_mlkem_decaps', 'seed-%d-unedited' % s,
          bytes([s]) + rb(64) + rb(32) + b'\0')
    write('fuzz_mlkem_decaps', 'seed-%d-edited' % s,
          bytes([s]) + rb(64) + rb(32) + b'\x02' + u16(ctl - 1) + b'\x01' +
          u16(3) + b'\x80')
    write('fuzz_mlkem_decaps', 'seed-%d-any-dk' % s,
          bytes([s | 4 | 8]) + rb(dkl) + rb(ctl))
    write('fuzz_mlkem_decaps', 'seed-%d-bad-hash' % s,
          bytes([s | 4]) + rb(dkl) + rb(ctl))

# fuzz_mlkem_keys: raw keys (mostly refused), and near-valid ones with edits
for s in range(3):
    ekl, dkl, ctl = sizes[s]
    write('fuzz_mlkem_keys', 'seed-%d-raw' % s,
          bytes([s]) + rb(ekl) + rb(32) + rb(dkl))
    write('fuzz_mlkem_keys', 'seed-%d-valid' % s,
          bytes([s | 4]) + rb(ekl) + rb(32) + rb(dkl) + b'\0')
    write('fuzz_mlkem_keys', 'seed-%d-edited' % s,
          bytes([s | 4]) + rb(ekl) + rb(32) + rb(dkl) + b'\x02' +
          u16(1) + b'\xf0' + u16(ekl + 5) + b'\x01')
