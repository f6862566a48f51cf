#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
#
# Writes arch/x86/mlkem_x86_tables.S: the constant vectors of the x86
# ML-KEM arithmetic (arch/x86/mlkem_*.S). The output is committed; run
# this again after changing the data movement it describes, and check
# that `git diff` shows what you meant.
#
# usage: scripts/build/mlkem-x86-tables.py > arch/x86/mlkem_x86_tables.S
#
# The NTT keeps FIPS 203's coefficient order in memory. Inside, the
# layers whose butterfly partners share a register (distance below the
# vector width) are reached by exchanging halves, quadwords or dwords
# between register pairs. This script replays those shuffles on lists
# of coefficient indices, exactly as the instructions move lanes, checks
# that every butterfly meets its partner and that the last shuffle
# restores FIPS order, and writes the twiddle factor of every lane.
import sys

Q = 3329
QINV = 62209          # q^-1 mod 2^16
R = 1 << 16


def centred(x):
    x %= Q
    return x - Q if x > Q // 2 else x


def s16(x):
    return ((x + 32768) & 0xffff) - 32768


def brv7(i):
    return int('{:07b}'.format(i)[::-1], 2)


# zeta^BitRev7(i) * R mod q, centred: the same numbers as lib/mlkem_poly.c
ZETAS = [centred(pow(17, brv7(i), Q) * R) for i in range(128)]

# ---- lane movement of the shuffles, on lists of coefficient indices ----


def groups(x, n):
    return [x[i:i + n] for i in range(0, len(x), n)]


def flat(gs):
    return [e for g in gs for e in g]


def shuf128(s1, s2, imm):
    """vshufi64x2: lanes 0, 1 from s1, lanes 2, 3 from s2 (zmm)"""
    a, b = groups(s1, 8), groups(s2, 8)
    return flat([a[imm & 3], a[(imm >> 2) & 3], b[(imm >> 4) & 3],
                 b[(imm >> 6) & 3]])


def perm2i128(s1, s2, imm):
    """vperm2i128 (ymm)"""
    c = groups(s1, 8) + groups(s2, 8)
    return flat([c[imm & 3], c[(imm >> 4) & 3]])


def unpck(s1, s2, words, high):
    """vpunpck{l,h}{wd,dq,qdq}: per 128-bit lane, interleave halves"""
    out = []
    for l1, l2 in zip(groups(s1, 8), groups(s2, 8)):
        a, b = groups(l1, words), groups(l2, words)
        h = len(a) // 2
        a, b = (a[h:], b[h:]) if high else (a[:h], b[:h])
        for x, y in zip(a, b):
            out += x + y
    return out


def shufps(s1, s2, imm):
    """vshufps: per 128-bit lane, two dwords of s1 then two of s2"""
    out = []
    for l1, l2 in zip(groups(s1, 8), groups(s2, 8)):
        a, b = groups(l1, 2), groups(l2, 2)
        out += a[imm & 3] + a[(imm >> 2) & 3] + b[(imm >> 4) & 3] + \
            b[(imm >> 6) & 3]
    return out


def permd(src, idx):
    """vpermd: dword idx[i] of src to dword i"""
    d = groups(src, 2)
    return flat([d[i] for i in idx])


def permi2d(t1, t2, idx):
    """vpermi2d: dword i from dword idx[i] of t1 || t2"""
    d = groups(t1, 2) + groups(t2, 2)
    return flat([d[i] for i in idx])


def dword_index(src, target):
    """the dword indices that pick @target out of @src"""
    d = groups(src, 2)
    return [d.index(t) for t in groups(target, 2)]


def natural(w, r):
    return list(range(w * r, w * r + w))

# ---- the NTT's butterfly pairs ----


def fwd_zeta(j, m):
    """forward layer m (distance 2^m): the twiddle of coefficient j"""
    return ZETAS[(1 << (7 - m)) + (j >> (m + 1))]


def inv_zeta(j, m):
    return ZETAS[(1 << (8 - m)) - 1 - (j >> (m + 1))]


def pair(x, y, m, zeta):
    """lane i of x meets lane i of y in layer m: their twiddles"""
    out = []
    for a, b in zip(x, y):
        assert b == a + (1 << m) and not (a >> m) & 1, (m, a, b)
        out.append(zeta(a, m))
    return out


def vertical(w, regs, m, zeta):
    """
    a layer whose partners are whole registers apart: one vector per
    zeta, for the register pairs that follow until the next
    """
    d = (1 << m) // w
    out = []
    for r in regs:
        if (r // d) % 2 == 0:
            zs = pair(natural(w, r), natural(w, r + d), m, zeta)
            assert len(set(zs)) == 1
            if not out or out[-1][1] != zs:
                out.append(('layer %d, from register %d' % (m, r % 16), zs))
    return out


def inlane(pairs, m, step, zeta):
    """shuffle every register pair with @step, then layer m's twiddles"""
    pairs = [step(x, y) for x, y in pairs]
    return pairs, [('layer %d, register pair %d' % (m, i), pair(x, y, m, zeta))
                   for i, (x, y) in enumerate(pairs)]


ZMM_FWD_STEPS = [
    (4, lambda x, y: (shuf128(x, y, 0x44), shuf128(x, y, 0xee))),
    (3, lambda x, y: (shuf128(x, y, 0x88), shuf128(x, y, 0xdd))),
    (2, lambda x, y: (unpck(x, y, 4, 0), unpck(x, y, 4, 1))),
    (1, lambda x, y: (shufps(x, y, 0x88), shufps(x, y, 0xdd))),
]
ZMM_INV_STEPS = [
    (1, lambda x, y: (shufps(x, y, 0x88), shufps(x, y, 0xdd))),
    (2, lambda x, y: (shufps(x, y, 0x88), shufps(x, y, 0xdd))),
    (3, lambda x, y: (shuf128(x, y, 0x88), shuf128(x, y, 0xdd))),
    (4, lambda x, y: (shuf128(x, y, 0x88), shuf128(x, y, 0xdd))),
]
# the AVX2 inverse reorders dwords in each register before layer 4
YMM_INV_PERMD = [0, 2, 4, 6, 1, 3, 5, 7]
YMM_FWD_STEPS = [
    (3, lambda x, y: (perm2i128(x, y, 0x20), perm2i128(x, y, 0x31))),
    (2, lambda x, y: (unpck(x, y, 4, 0), unpck(x, y, 4, 1))),
    (1, lambda x, y: (shufps(x, y, 0x88), shufps(x, y, 0xdd))),
]
YMM_INV_STEPS = [
    (1, lambda x, y: (shufps(x, y, 0x88), shufps(x, y, 0xdd))),
    (2, lambda x, y: (shufps(x, y, 0x88), shufps(x, y, 0xdd))),
    (3, lambda x, y: (perm2i128(x, y, 0x20), perm2i128(x, y, 0x31))),
    (4, lambda x, y: (perm2i128(permd(x, YMM_INV_PERMD),
                                permd(y, YMM_INV_PERMD), 0x20),
                      perm2i128(permd(x, YMM_INV_PERMD),
                                permd(y, YMM_INV_PERMD), 0x31))),
]


def zmm_ntt(inverse):
    """AVX-512: 8 zmm hold the polynomial; returns (twiddles, restore)"""
    w, tw = 32, []
    zeta = inv_zeta if inverse else fwd_zeta
    pairs = [(natural(w, 2 * i), natural(w, 2 * i + 1)) for i in range(4)]
    if not inverse:
        for m in (7, 6, 5):
            tw += vertical(w, range(8), m, zeta)
    for m, step in ZMM_INV_STEPS if inverse else ZMM_FWD_STEPS:
        pairs, zs = inlane(pairs, m, step, zeta)
        tw += zs
    x, y = pairs[0]
    restore = (dword_index(x + y, natural(w, 0)),
               dword_index(x + y, natural(w, 1)))
    for i, (x, y) in enumerate(pairs):
        assert permi2d(x, y, restore[0]) == natural(w, 2 * i)
        assert permi2d(x, y, restore[1]) == natural(w, 2 * i + 1)
    if inverse:
        for m in (5, 6):
            tw += vertical(w, range(8), m, zeta)
    return tw, restore


def ymm_ntt(inverse):
    """AVX2: each half of the polynomial in 8 ymm, in turn"""
    w, tw, restore = 16, [], None
    zeta = inv_zeta if inverse else fwd_zeta
    if not inverse:
        tw += vertical(w, range(16), 7, zeta)
    for h in range(2):
        regs = range(8 * h, 8 * h + 8)
        pairs = [(natural(w, r), natural(w, r + 1)) for r in regs[::2]]
        if not inverse:
            for m in (6, 5, 4):
                tw += vertical(w, regs, m, zeta)
        for m, step in YMM_INV_STEPS if inverse else YMM_FWD_STEPS:
            pairs, zs = inlane(pairs, m, step, zeta)
            tw += zs
        if inverse:
            for m in (5, 6):
                tw += vertical(w, regs, m, zeta)
        else:
            # back to FIPS order: halves exchanged, then dwords
            pairs = [(perm2i128(x, y, 0x20), perm2i128(x, y, 0x31))
                     for x, y in pairs]
            restore = dword_index(pairs[0][0], natural(w, 8 * h))
            for i, (x, y) in enumerate(pairs):
                assert permd(x, restore) == natural(w, 8 * h + 2 * i)
                assert permd(y, restore) == natural(w, 8 * h + 2 * i + 1)
    return tw, restore

# ---- output ----


def words(vals):
    out = []
    for i in range(0, len(vals), 16):
        out.append('\t.short ' + ', '.join(str(v) for v in vals[i:i + 16]))
    return out


def twiddles(zs):
    """a twiddle vector, then its products with q^-1 (for vpmullw)"""
    return words(zs) + words([s16(z * QINV) for z in zs])


def table(name, lines, align=64):
    return ['', '\t.balign %d' % align, 'SYM_DATA_START(%s)' % name] + \
        lines + ['SYM_DATA_END(%s)' % name]


def bytes_(vals):
    return ['\t.byte ' + ', '.join(str(v) for v in vals[i:i + 16])
            for i in range(0, len(vals), 16)]


def dwords(vals):
    return ['\t.long ' + ', '.join(str(v) for v in vals)]


def main():
    out = [
        '/* SPDX-License-Identifier: GPL-2.0-only */',
        '/*',
        ' * Generated by scripts/build/mlkem-x86-tables.py: do not edit.',
        ' *',
        ' * Twiddle factors of the x86 ML-KEM NTTs in the order the code',
        ' * uses them: per butterfly group one vector of zetas (Montgomery',
        ' * form, centred) and one of the same times q^-1 mod 2^16.',
        ' */',
        '#include <linux/linkage.h>',
        '',
        '\t.section .rodata, "a"',
    ]
    # forward NTT, AVX-512: layers 7, 6, 5 (one zeta per pair of
    # registers), then 4, 3, 2, 1 per register pair; then the dword
    # indices that restore FIPS order
    for inverse, name in ((False, 'fwd'), (True, 'inv')):
        tw, restore = zmm_ntt(inverse)
        lines = []
        for what, zs in tw:
            lines += ['\t/* %s */' % what] + twiddles(zs)
        if inverse:
            # the last layer with the scaling by R / 128 (2^32 / 128 mod
            # q, Montgomery form): f, and f times layer 7's zeta
            f = 1441
            zf = centred(ZETAS[1] * f * pow(R, -1, Q))
            lines += ['\t/* layer 7: f, then f times its zeta */']
            lines += twiddles([f] * 32) + twiddles([zf] * 32)
        out += table('vgc_mlkem_ntt_%s_zmm' % name, lines)
        out += table('vgc_mlkem_ntt_%s_restore_zmm' % name,
                     dwords(restore[0]) + dwords(restore[1]))
    for inverse, name in ((False, 'fwd'), (True, 'inv')):
        tw, restore = ymm_ntt(inverse)
        lines = []
        for what, zs in tw:
            lines += ['\t/* %s */' % what] + twiddles(zs)
        if inverse:
            f = 1441
            zf = centred(ZETAS[1] * f * pow(R, -1, Q))
            lines += ['\t/* layer 7: f, then f times its zeta */']
            lines += twiddles([f] * 16) + twiddles([zf] * 16)
        out += table('vgc_mlkem_ntt_%s_ymm' % name, lines)
    _, restore = ymm_ntt(False)
    out += table('vgc_mlkem_ntt_fwd_restore_ymm', dwords(restore), 32)
    out += table('vgc_mlkem_ntt_inv_permd_ymm', dwords(YMM_INV_PERMD), 32)
    # basemul: per coefficient pair (b0, b1) the multipliers that give
    # (b0 mod q, b1 * gamma): R mod q for b0, gamma for b1 (alternately
    # +zeta and -zeta of the last 64 twiddles, as FIPS 203 Algorithm 11)
    bm = []
    for p in range(128):
        gamma = ZETAS[64 + p // 2] * (1 if p % 2 == 0 else -1)
        bm += [centred(R), gamma]
    out += table('vgc_mlkem_basemul_x86', twiddles(bm))
    # vpshufb: the two words of every dword exchanged (AVX2 basemul)
    out += table('vgc_mlkem_swap16_ymm',
                 bytes_(flat([[4 * i + 2, 4 * i + 3, 4 * i, 4 * i + 1]
                              for i in range(8)])), 32)
    print('\n'.join(out))


if __name__ == '__main__':
    sys.exit(main())
