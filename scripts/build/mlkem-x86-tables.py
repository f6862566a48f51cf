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
    for i in range(0, len(vals), 8):
        out.append('\t.short ' + ', '.join(str(v) for v in vals[i:i + 8]))
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


# ---- codecs: ByteEncode_d / ByteDecode_d (FIPS 203 Algorithms 5, 6) ----


def byte_encode(vals, d):
    acc = sum(v << (d * i) for i, v in enumerate(vals))
    return list(acc.to_bytes(len(vals) * d // 8, 'little'))


def byte_decode(data, d, n):
    acc = int.from_bytes(bytes(data), 'little')
    return [(acc >> (d * i)) & ((1 << d) - 1) for i in range(n)]


def pack_masks(d, nbytes, split=True):
    """
    Encoding, one byte shuffle over @nbytes bytes of dwords: dword i holds
    two d-bit values (vpmaddwd with (1, 2^d)), 2d bits that start at bit
    2d i of the output. Shifted left by (2d i) mod 8 (vpsllvd), its bytes
    go to byte (2d i) / 8 on; even and odd dwords overlap in at most a
    byte, so two shuffles (even dwords, odd dwords) ORed give the bytes.
    Returns (shift per dword, shuffle of the even, of the odd dwords),
    with -1 for an output byte a shuffle leaves zero. Without @split
    (d = 12: byte-aligned, no overlap) the first shuffle does it all.
    """
    n = nbytes // 4
    shifts = [(2 * d * i) % 8 for i in range(n)]
    sel = [[-1] * nbytes, [-1] * nbytes]
    for i in range(n):
        start = (2 * d * i) // 8
        used = (shifts[i] + 2 * d + 7) // 8
        for t in range(used):
            assert sel[i % 2 if split else 0][start + t] == -1
            sel[i % 2 if split else 0][start + t] = 4 * i + t
    return shifts, sel[0], sel[1]


def check_pack(d, nbytes, shifts, even, odd):
    import random
    rnd = random.Random(d)
    for _ in range(50):
        vals = [rnd.randrange(1 << d) for _ in range(nbytes // 2)]
        dw = [(vals[2 * i] | vals[2 * i + 1] << d) << shifts[i]
              for i in range(nbytes // 4)]
        src = flat([list(x.to_bytes(4, 'little')) for x in dw])
        out = [(src[e] if e >= 0 else 0) | (src[o] if o >= 0 else 0)
               for e, o in zip(even, odd)]
        assert out[:len(vals) * d // 8] == byte_encode(vals, d), d


def unpack_words(d, nvals):
    """
    Decoding into 16-bit words: word i takes the two bytes from (d i) / 8
    on; its value starts at bit (d i) mod 8 of them (d <= 12 fits).
    Returns (byte shuffle, bit offset per word).
    """
    sel, off = [], []
    for i in range(nvals):
        b, o = (d * i) // 8, (d * i) % 8
        assert o + d <= 16
        sel += [b, b + 1]
        off.append(o)
    return sel, off


def multishift(d, nvals, top):
    """
    AVX-512 VBMI decoding: vpermb gives every quadword the bytes of its
    four values (4d bits from bit (4d q) mod 8 of byte 4dq / 8 on), and
    vpmultishiftqb takes each output byte as the 8 bits from a bit offset
    of its quadword: the low byte of word w from the value's first bit
    minus @top, so that the value lands at bits [top, top + d).
    Returns (vpermb index, vpmultishiftqb control).
    """
    perm, ctrl = [], []
    for q in range(nvals // 4):
        first = (4 * d * q) // 8
        perm += [min(first + t, 63) for t in range(8)]
        for w in range(4):
            bit = (4 * d * q) % 8 + d * w - top
            ctrl += [bit % 64, (bit + 8) % 64]
    return perm, ctrl


def check_multishift(d, nvals, top, perm, ctrl):
    import random
    rnd = random.Random(d + 100)
    for _ in range(50):
        vals = [rnd.randrange(1 << d) for _ in range(nvals)]
        data = byte_encode(vals, d) + [rnd.randrange(256)
                                       for _ in range(64 - nvals * d // 8)]
        got = []
        for q in range(nvals // 4):
            qw = int.from_bytes(bytes(data[p] for p in perm[8 * q:8 * q + 8]),
                                'little')
            qw2 = qw | qw << 64
            out = [(qw2 >> c) & 0xff for c in ctrl[8 * q:8 * q + 8]]
            for w in range(4):
                word = out[2 * w] | out[2 * w + 1] << 8
                got.append((word >> top) & ((1 << d) - 1))
        assert got == vals, d


def codec_tables():
    out = []
    cb = lambda sel: [x if x >= 0 else 0x80 for x in sel]
    # ---- AVX2: per 128-bit lane, eight values ----
    # d = 1 decoding: word i of a ymm tests bit i of two message bytes
    out += table('vgc_mlkem_bits16_ymm', words([s16(1 << i)
                                                for i in range(16)]), 32)
    # d = 4 encoding packs bytes twice (lane-wise): dwords back in order
    out += table('vgc_mlkem_pack4_ymm', dwords([0, 4, 1, 5, 2, 6, 3, 7]), 32)
    for d in (5, 10, 11, 12):
        shifts, even, odd = pack_masks(d, 16, d != 12)
        check_pack(d, 16, shifts, even, odd)
        lines = dwords(shifts * 2) + bytes_(cb(even) * 2) + bytes_(cb(odd) * 2)
        out += table('vgc_mlkem_pack%d_ymm' % d, lines, 32)
    # ByteEncode_12: the 12 bytes of each lane joined (dwords 3, 7 zero)
    out += table('vgc_mlkem_pack12_join_ymm',
                 dwords([0, 1, 2, 4, 5, 6, 3, 7]), 32)
    # d = 4, 5: both lanes see the same input (a broadcast load), lane 1
    # d bytes further on; each value straight to bits [15 - d, 15)
    for d in (4, 5):
        sel, off = unpack_words(d, 8)
        mul = [s16(1 << (15 - d - o)) for o in off]
        out += table('vgc_mlkem_unpack%d_bcast_ymm' % d,
                     bytes_(sel + [x + d for x in sel]) + words(mul * 2), 32)
    for d in (10, 12):
        sel, off = unpack_words(d, 8)
        if d == 12:
            mul = [1 << (4 - o) for o in off]  # then >> 4
        else:
            mul = [s16(1 << (16 - d - o)) for o in off]
        out += table('vgc_mlkem_unpack%d_ymm' % d,
                     bytes_(sel * 2) + words(mul * 2), 32)
    # d = 11 values may span three bytes: dwords, four values per lane
    sel, sh = [], []
    for i in range(8):
        b, o = (11 * i) // 8, (11 * i) % 8
        sel += [b, b + 1, b + 2, b + 3]
        sh.append(21 - o)
    out += table('vgc_mlkem_unpack11_ymm', bytes_(sel) + dwords(sh), 32)
    # ---- AVX-512 VBMI: a whole zmm, 32 values ----
    # vpermb has no zeroing index: byte 3 (the top of dword 0, whose
    # value has at most 24 bits, unshifted) is zero
    for d in (5, 10, 11, 12):
        shifts, even, odd = pack_masks(d, 64, d != 12)
        assert shifts[0] == 0 and 2 * d <= 24 and 3 not in even + odd
        even = [3 if x < 0 else x for x in even]
        odd = [3 if x < 0 else x for x in odd]
        check_pack(d, 64, shifts, even, odd)
        out += table('vgc_mlkem_pack%d_zmm' % d,
                     dwords(shifts) + bytes_(even) + bytes_(odd))
    for d in (4, 5, 10, 11, 12):
        top = 0 if d == 12 else 15 - d
        perm, ctrl = multishift(d, 32, top)
        check_multishift(d, 32, top, perm, ctrl)
        out += table('vgc_mlkem_unpack%d_zmm' % d, bytes_(perm) + bytes_(ctrl))
    return out


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
    out += codec_tables()
    print('\n'.join(out))


if __name__ == '__main__':
    sys.exit(main())
