#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/bench/mca.sh
#
# Model estimates for the CPUs there is none of here (issue 22): LLVM's
# machine-code analyser (llvm-mca-19; Ice Lake server, Sapphire Rapids,
# Zen 5, Zen 4, Zen 3) over the steady-state loops of each x86 back end, next to
# the kernel's own under the same model (Linux 6.1 arch/x86/crypto,
# assembled at bench time by kernel-asm.sh), in cycles per byte, with the
# ratio kernel / ours. These are estimates of instruction streams on a
# model, not measurements: no caches, no branch mispredictions, no clock
# (nor its drop with zmm on Intel parts), and only as good as LLVM's
# scheduling model of each CPU.
#
# What a row times:
#  - chacha20 pass: one full vertical pass (every block to dst), run back
#    to back: state set-up, the round loop unrolled to its iterations,
#    feed-forward, transposes, XOR with src and stores; per byte of the
#    pass. Ours: the body of a back end's loop over full passes; the
#    kernel's: its N-block function from entry to RET with every length
#    check falling through (the glue's call per pass is not in it).
#  - chacha20 rounds: the round loop alone, times its iterations, per byte
#    of the pass: the part the two do the same work in.
#  - poly1305 loop: the main block loop, per byte it consumes.
# The loops are found in objdump's disassembly of the objects (see
# chacha() and poly() below), so that they follow the code as it changes;
# each row's address ranges are printed under the table.
#
# Without llvm-19 (and no way to install it) there is no table and the
# script still succeeds: make bench must not fail for a missing tool.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"

none() {
	echo "llvm-mca model estimates: $*: no model table"
	exit 0
}

[[ $(uname -m) == x86_64 ]] || none "not x86-64"
mca=/usr/bin/llvm-mca-19
# in subshells: vgc_need_pkgs dies when apt fails, and that is no failure here
if [[ ! -x $mca ]]; then
	(vgc_need_pkgs llvm-19) >&2 || true
	[[ -x $mca ]] || none "llvm-19 (llvm-mca-19) could not be installed"
fi
if ! command -v python3 >/dev/null; then
	(vgc_need_pkgs python3) >&2 || true
	command -v python3 >/dev/null || none "python3 could not be installed"
fi
command -v objdump >/dev/null || none "no objdump (binutils)"

out=$VGC_TOP/build/bench
mkdir -p "$out/mca"
# Ours as vgc.sh builds them (same O and flags, so nothing is rebuilt when
# it ran first; SIMD_CHECK=0 as in the module).
x86=$out/harness/obj/arch/x86
ours=("$x86/chacha20_x86_64.o" "$x86/poly1305_avx2.o" "$x86/poly1305_ifma.o")
make -s -C "$VGC_TOP/tests/harness" O="$out/harness" SIMD_CHECK=0 "${ours[@]}" >&2
# The kernel's: what vgc.sh had kernel-asm.sh assemble, else assembled now.
kobjs=()
for f in chacha-ssse3-x86_64 chacha-avx2-x86_64 chacha-avx512vl-x86_64 \
	poly1305-x86_64-cryptogams; do
	kobjs+=("$out/kasm/$f.o")
done
for f in "${kobjs[@]}"; do
	[[ -f $f ]] && continue
	if ! "$VGC_SCRIPTS/bench/kernel-asm.sh" "$out/kasm" >"$out/kasm.log" 2>&1; then
		vgc_log "no kernel column (see $out/kasm.log)"
		kobjs=()
	fi
	break
done

objdump -d --no-show-raw-insn "${ours[@]}" >"$out/mca/ours.dis"
: >"$out/mca/kernel.dis"
if ((${#kobjs[@]})); then
	objdump -d --no-show-raw-insn "${kobjs[@]}" >"$out/mca/kernel.dis"
fi

python3 - "$mca" "$out/mca" <<'PY'
import os, re, subprocess, sys

mca, work = sys.argv[1], sys.argv[2]
MODELS = ['icelake-server', 'sapphirerapids', 'znver5', 'znver4', 'znver3']
# no AVX-512: see runs_on()
NO_AVX512 = {'znver3'}
WIDTH = {'x': 16, 'y': 32, 'z': 64}


class Bad(Exception):
    pass


def functions(path):
    """{symbol: [(address, mnemonic, operands)]} from objdump -d (AT&T),
    operands without objdump's '<sym+off>' and '# ...' annotations"""
    funcs, cur = {}, None
    head = re.compile(r'^[0-9a-f]+ <([^>]+)>:$')
    insn = re.compile(r'^\s*([0-9a-f]+):\t(\S+)\s*(.*)$')
    with open(path) as f:
        for line in f:
            m = head.match(line)
            if m:
                cur = funcs.setdefault(m.group(1), [])
                continue
            m = insn.match(line)
            if m and cur is not None:
                ops = re.sub(r'\s*#.*$', '', m.group(3))
                ops = re.sub(r'\s*<[^>]*>', '', ops).strip()
                cur.append((int(m.group(1), 16), m.group(2), ops))
    return funcs


def branch(i):
    return i[1].startswith('j') and re.fullmatch(r'[0-9a-f]+', i[2])


def loops(fn):
    """(target index, branch index) of each backward branch"""
    at = {a: k for k, (a, _, _) in enumerate(fn)}
    return [(at[int(i[2], 16)], k) for k, i in enumerate(fn)
            if branch(i) and int(i[2], 16) < i[0] and int(i[2], 16) in at]


def innermost(ls):
    return [l for l in ls
            if not any(o != l and l[0] <= o[0] and o[1] <= l[1] for o in ls)]


def widest(body, mnemonics):
    return max([WIDTH[r] for _, mn, ops in body if mn.startswith(mnemonics)
                for r in re.findall(r'%([xyz])mm', ops)], default=0)


def qr_adds(body):
    return sum(mn in ('paddd', 'vpaddd') for _, mn, _ in body)


def straight(fn, s, e, inner):
    """fn[s:e] must run straight through to e but for the round loop's
    back edge: every other branch in it leaves the range (the length
    checks a full pass does not take), else the pass is not one path"""
    lo, hi = fn[s][0], fn[e - 1][0]
    for k in range(s, e):
        if k == inner[1] or not branch(fn[k]):
            continue
        if lo <= int(fn[k][2], 16) <= hi or fn[k][1] == 'jmp':
            raise Bad('the branch at %x is taken in a full pass' % fn[k][0])


def trips(fn, s, loop):
    """the round loop's iterations: the mov $n that sets its counter before
    the loop over the step (dec, sub $k) before its back edge; where an
    argument sets it (the kernel's nrounds, %r8d), ChaCha20's 20"""
    mn, ops = fn[loop[1] - 1][1:]
    if mn == 'dec':
        k, reg = 1, ops
    elif mn == 'sub' and ops.startswith('$'):
        k, reg = int(ops[1:].split(',')[0], 0), ops.split(',')[1]
    else:
        raise Bad('no counter step before %x' % fn[loop[1]][0])
    for _, mn, ops in reversed(fn[s:loop[0]]):
        if mn == 'mov' and ops.startswith('$') and ops.endswith(',' + reg):
            return int(ops[1:].split(',')[0], 0) // k
    if reg == '%r8d':
        return 20 // k
    raise Bad('no start value for %s' % reg)


def chacha(fn, kernel_blocks):
    """The round loop: the innermost loop with the most 32-bit vector
    adds (the row-wise tails' loops have fewer). Ours: the pass is the
    one backward jmp around it (the loop over full passes; the partial
    pass and the tails are elsewhere), its bytes what it steps dst (%rsi)
    by. The kernel's: the N-block function from entry to the RET after
    the round loop, 64 N bytes."""
    ls = loops(fn)

    def in_pass_loop(l):
        return any(fn[o[1]][1] == 'jmp' and o[0] < l[0] and l[1] < o[1]
                   for o in ls)
    # of equals, ours the one inside the loop over passes (the stitched
    # seal makes its first pass before that loop, without Poly1305)
    inner = max(innermost(ls), key=lambda l: (qr_adds(fn[l[0]:l[1] + 1]),
                                              not kernel_blocks and in_pass_loop(l)),
                default=None)
    if inner is None or not qr_adds(fn[inner[0]:inner[1] + 1]):
        raise Bad('no round loop')
    if kernel_blocks:
        s, nbytes = 0, 64 * kernel_blocks
        e = next((k for k in range(inner[1], len(fn)) if fn[k][1] == 'ret'), None)
        if e is None:
            raise Bad('no ret after the round loop')
    else:
        outer = [l for l in ls if fn[l[1]][1] == 'jmp' and l[0] < inner[0]
                 and inner[1] < l[1]]
        if len(outer) != 1:
            raise Bad('%d loops over passes' % len(outer))
        s, e = outer[0]
        nbytes = sum(int(m.group(1), 0) for _, mn, ops in fn[s:e] if mn == 'add'
                     for m in [re.fullmatch(r'\$(\w+),%rsi', ops)] if m)
    straight(fn, s, e, inner)
    n = trips(fn, s, inner)
    rounds = fn[inner[0]:inner[1] + 1]
    # 10 double rounds of 8 quarter rounds of 4 adds for each register set
    # of (width / 4) blocks: what was found must add up to the bytes
    adds, w = qr_adds(rounds) * n, widest(rounds, ('paddd', 'vpaddd'))
    if adds % 320 or adds // 320 * w // 4 * 64 != nbytes:
        raise Bad('%d quarter-round adds on %d-byte registers are not %d bytes'
                  % (adds, w, nbytes))
    whole = fn[s:inner[0]] + rounds * n + fn[inner[1] + 1:e]
    where = 'pass %x-%x, %d bytes; round loop %x-%x, %d times' % (
        fn[s][0], fn[e - 1 if kernel_blocks else e][0], nbytes,
        rounds[0][0], rounds[-1][0], n)
    return {'pass': (whole, nbytes, 1), 'rounds': (rounds, nbytes, n)}, where


def poly(fn):
    """Of the innermost loops with a vector multiply, the one in the
    widest registers (cryptogams' AVX-512 function holds an AVX2 loop too,
    for short inputs), then the longest; its bytes what it steps the
    input pointer (%rsi in both) by."""
    mul = ('vpmuludq', 'vpmadd52')
    cand = [l for l in innermost(loops(fn)) if widest(fn[l[0]:l[1]], mul)]
    if not cand:
        raise Bad('no multiply loop')
    s, e = max(cand, key=lambda l: (widest(fn[l[0]:l[1]], mul), l[1] - l[0]))
    body = fn[s:e + 1]
    step = {'add': r'\$(\w+),%rsi', 'lea': r'(\w+)\(%rsi\),%rsi'}
    nbytes = sum(int(m.group(1), 0) for _, mn, ops in body if mn in step
                 for m in [re.fullmatch(step[mn], ops)] if m)
    if not nbytes:
        raise Bad('the loop does not step %rsi')
    return {'loop': (body, nbytes, 1)}, 'loop %x-%x, %d bytes an iteration' % (
        body[0][0], body[-1][0], nbytes)


def text(body):
    """llvm-mca's input: every branch to one label (it follows none, but
    they take their ports), alignment padding left out (objdump's
    spellings of it, 'cs nopw' and the like, are not all LLVM's)"""
    lines = ['.Lt:']
    for _, mn, ops in body:
        if mn.startswith(('nop', 'xchg', 'data16', 'cs')):
            continue
        lines.append('\t%s %s' % (mn, '.Lt' if mn.startswith('j') else ops))
    return '\n'.join(lines) + '\n'


cache, errors = {}, []


def mca_run(src, model):
    """(cycles, busiest port's cycles) per iteration, over 100: Total
    Cycles, and the top of the resource pressure per iteration (Block
    RThroughput spreads uops over port groups that the scheduler does
    not, so it is lower than what the ports need)"""
    if (src, model) not in cache:
        path = os.path.join(work, 'loop.s')
        with open(path, 'w') as f:
            f.write(src)
        r = subprocess.run([mca, '-mtriple=x86_64', '-mcpu=' + model,
                            '-iterations=100', '-instruction-info=false', path],
                           capture_output=True, text=True)
        tot = re.search(r'^Total Cycles:\s+(\d+)', r.stdout, re.M)
        prs = re.search(r'^Resource pressure per iteration:\n.*\n(.*)\n', r.stdout, re.M)
        res = None
        if r.returncode == 0 and tot and prs:
            ports = [float(v) for v in prs.group(1).split() if v != '-']
            res = (int(tot.group(1)) / 100, max(ports, default=0))
        else:
            errors.append('llvm-mca -mcpu=%s: %s' % (
                model, (r.stderr.strip() or '?').splitlines()[0]))
        cache[src, model] = res
    return cache[src, model]


# AVX-512 (EVEX-only) instructions: LLVM's x86 parser takes them whatever
# -mcpu says and llvm-mca times them on a model without AVX-512 (ymm ones
# even without complaint), so the models without it are told by hand.
EVEX_MN = re.compile(r'(vprol|vpror|vpternlog|vpmadd52|vshuf[if]|vextract[if](32|64)|'
                     r'vinsert[if](32|64)|vperm[it]2|vpcompress|vpexpand|'
                     r'vmovdq[au](8|16|32|64)|vp(xor|and|andn|or)[dq]$|k[a-z]+[bwdq]$)')
EVEX_OP = re.compile(r'%zmm|%[xy]mm(1[6-9]|2[0-9]|3[01])\b|%k[0-7]|\{1to')


def runs_on(body, model):
    return model not in NO_AVX512 or not any(
        EVEX_MN.match(mn) or EVEX_OP.search(ops) or
        (mn.startswith('vpbroadcast') and re.match(r'%[re]', ops))
        for _, mn, ops in body)


def per_byte(unit, model):
    """(cycles per byte, latency-bound) of unit = (body, bytes, times);
    latency-bound: the model's cycles exceed what its busiest port needs
    by over 10%, so dependency chains (or the front end) bound it"""
    if unit is None or not runs_on(unit[0], model):
        return None
    r = mca_run(text(unit[0]), model)
    if r is None:
        return None
    return r[0] * unit[2] / unit[1], r[0] > 1.1 * r[1]


ours = functions(os.path.join(work, 'ours.dis'))
kern = functions(os.path.join(work, 'kernel.dis'))
# Linux 6.1's AVX-512VL ChaCha20 is ymm only; a later one may have zmm
kz = 'chacha_16block_xor_avx512vl'
kz = kz if kz in kern else 'chacha_8block_xor_avx512vl'
PAIRS = [
    ('chacha20', 'ssse3', 'vgc_chacha20_xor_ks_ssse3', 'chacha_4block_xor_ssse3'),
    ('chacha20', 'avx2', 'vgc_chacha20_xor_ks_avx2', 'chacha_8block_xor_avx2'),
    # the stitched seal's pass: ChaCha20 with the previous pass's Poly1305
    ('chacha20', 'stitched', 'vgc_chacha20poly1305_seal_avx2', 'chacha_8block_xor_avx2'),
    ('chacha20', 'avx512', 'vgc_chacha20_xor_ks_avx512', kz),
    ('chacha20', 'avx512vl', 'vgc_chacha20_xor_ks_avx512vl', 'chacha_8block_xor_avx512vl'),
    ('poly1305', 'avx2', 'vgc_poly1305_avx2_blocks', 'poly1305_blocks_avx2'),
    ('poly1305', 'ifma', 'vgc_poly1305_ifma_blocks', 'poly1305_blocks_avx512'),
    ('poly1305', 'ifma256', 'vgc_poly1305_ifma256_blocks', 'poly1305_blocks_avx512'),
]

rows, notes = [], []
for alg, oname, ofn, kfn in PAIRS:
    units = {}
    for who, funcs, fname in (('ours', ours, ofn), ('kernel', kern, kfn)):
        if fname not in funcs:
            if funcs:
                notes.append('%s: not in the object' % fname)
            continue
        try:
            if alg == 'chacha20':
                m = re.search(r'_(\d+)block', fname)
                units[who], where = chacha(funcs[fname], int(m.group(1)) if m else 0)
            else:
                units[who], where = poly(funcs[fname])
            notes.append('%s: %s' % (fname, where))
        except Bad as e:
            notes.append('%s: not modelled: %s' % (fname, e))
    if 'ours' not in units:
        continue
    kname = re.sub(r'^(chacha_|poly1305_)|_xor', '', kfn)
    for kind in units['ours']:
        rows.append(('%s %-6s %-8s | %s' % (alg, kind, oname, kname),
                     [(per_byte(units['ours'][kind], m),
                       per_byte(units.get('kernel', {}).get(kind), m)) for m in MODELS]))

# Whether a model runs a 512-bit vector ALU op on as many ports as a
# 256-bit one: Intel's parts do not (port 1's vector ALU is off while
# 512-bit uops are in flight), so such a model's zmm figures are too low.
def zmm_ports_ok(model):
    def alu(w):
        return ''.join('\tvpaddd %%%smm%d, %%%smm%d, %%%smm%d\n' % (w, i + 8, w, i, w, i)
                       for i in range(6))
    z, y = mca_run(alu('z'), model), mca_run(alu('y'), model)
    return not (z and y and z[0] < 1.2 * y[0])


ver = subprocess.run([mca, '--version'], capture_output=True, text=True).stdout
ver = (re.search(r'LLVM version (\S+)', ver) or re.search(r'(\S+)', ver or '?')).group(1)
print('llvm-mca %s model estimates of the loop bodies, not measurements: cycles per'
      % ver)
print('byte (lower is better), k/o = kernel / ours (above 1: ours cheaper); '
      '*: latency-bound')
lw = max(len(r[0]) for r in rows) if rows else 20
print('%-*s' % (lw, '') + ''.join('  %-20s' % m for m in MODELS).rstrip())
print('%-*s' % (lw, 'ours | kernel (Linux 6.1)') +
      ''.join('  %6s %6s %6s' % ('ours', 'kern', 'k/o') for _ in MODELS))


def fmt(v):
    return '%6s' % '-' if v is None else '%5.3f%s' % (v[0], '*' if v[1] else ' ')


for label, vals in rows:
    print(('%-*s' % (lw, label) + ''.join(
        '  %s %s %6s' % (fmt(o), fmt(k), '%4.2fx' % (k[0] / o[0]) if o and k else '-')
        for o, k in vals)).rstrip())
# issue 22's bar for the ymm back end, where the CPU prefers ymm
target = [v for l, v in rows if re.match(r'chacha20 pass +avx512vl ', l)]
if target and all(target[0][0]):
    o, k = target[0][0]
    print('issue 22 target (model estimate): avx512vl (ymm) pass against the kernel\'s '
          'AVX-512VL on icelake-server: %.2fx, %s 1.20x' % (k[0] / o[0], '>=' if k[0] / o[0] >= 1.2 else 'below'))
# the AEAD's two loops together, per byte of text: the ymm back end's
# (its ChaCha20 pass and IFMA-on-ymm Poly1305) against the kernel's on
# such a CPU (its AVX-512VL ChaCha20 and, Linux 6.1 on every AVX-512 part
# but Skylake-X, its zmm Poly1305)
cp = [v for l, v in rows if re.match(r'chacha20 pass +avx512vl ', l)]
pp = [v for l, v in rows if re.match(r'poly1305 loop +ifma256 ', l)]
if cp and pp:
    for i, m in enumerate(MODELS):
        (co, ck), (po, pk) = cp[0][i], pp[0][i]
        if co and ck and po and pk:
            print('issue 22 (model estimate): avx512vl ChaCha20 pass + Poly1305 loop against '
                  'the kernel\'s on %s: %.3f against %.3f cycles/byte, %.2fx'
                  % (m, co[0] + po[0], ck[0] + pk[0], (ck[0] + pk[0]) / (co[0] + po[0])))
# the stitched AVX2 seal: its pass (ChaCha20 and the scalar Poly1305 of
# 512 bytes) against a ChaCha20 pass and the AVX2 Poly1305 loop, the
# kernel's and our own, per byte of text
sp = [v for l, v in rows if re.match(r'chacha20 pass +stitched ', l)]
cp = [v for l, v in rows if re.match(r'chacha20 pass +avx2 ', l)]
pp = [v for l, v in rows if re.match(r'poly1305 loop +avx2 ', l)]
if sp and cp and pp:
    for i, m in enumerate(MODELS):
        so, (co, ck), (po, pk) = sp[0][i][0], cp[0][i], pp[0][i]
        if so and co and ck and po and pk:
            print('stitched AVX2 seal (model estimate) on %s: its pass %.3f cycles/byte '
                  'against ChaCha20 pass + AVX2 Poly1305 loop, the kernel\'s %.3f (%.2fx), '
                  'ours %.3f (%.2fx)' % (m, so[0], ck[0] + pk[0], (ck[0] + pk[0]) / so[0],
                                         co[0] + po[0], (co[0] + po[0]) / so[0]))
for m in MODELS:
    if m not in NO_AVX512 and not zmm_ports_ok(m):
        notes.append('%s: the model issues 512-bit vector ALU uops on as many ports '
                     'as 256-bit ones, which the CPU does not: its zmm figures are low' % m)
for n in dict.fromkeys(notes + errors):
    print('  ' + n)
PY
