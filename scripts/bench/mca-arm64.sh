#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/bench/mca-arm64.sh BENCHDIR
#
# Model estimates for arm64, where there is no hardware here: LLVM's
# machine-code analyser (llvm-mca-19; Neoverse N1, N2, V1, V2, and the
# Cortex-A cores that LLVM 19 describes with a model of their own: A53,
# A55, A57, A510) over the
# steady-state loops of the neon back end next to the kernel's own arm64
# code under the same model (Linux 6.1 arch/arm64/crypto, assembled by
# kernel-arm64-asm.sh into BENCHDIR/kernel, as scripts/bench/arm64.sh
# does before calling this; ours from BENCHDIR/mlkem/obj/arch/arm64), in
# cycles per byte, with the ratio kernel / ours (above 1: ours needs
# fewer cycles on the model). Estimates of instruction streams on a
# model, not measurements: no caches, no branch mispredictions, and only
# as good as LLVM's scheduling model of each core (LLVM 19 gives the
# Cortex-A72, A76, A78 and X1 the A57's model, llvm-mca's resource names
# show it, so they are left out).
#
# What a row times:
#  - chacha20 pass: one full pass of the multi-block code, the round loop
#    repeated its ten times: ours a 5-block pass (four NEON blocks and one
#    in general registers, 320 bytes, the body of chacha_xor's loop over
#    whole groups of five), the kernel's
#    chacha_4block_xor_neon from entry to RET with every length check
#    falling through (four NEON blocks and one in general registers, 320
#    bytes, as the kernel's glue calls it for a full piece);
#  - poly1305 loop: the main block loop per byte: ours the NEON loop
#    (two lanes, 64 bytes an iteration) and, beside it, the 64-bit scalar
#    loop (16 bytes) that short texts take, the kernel's NEON loop (64
#    bytes);
#  - AEAD at 4 KiB: the ChaCha20 pass and the NEON Poly1305 loop summed
#    per byte (the kernel's template takes its NEON Poly1305 for updates
#    over 128 bytes, ours from 256).
# Then, size by size (64 B to 16 KiB), whole seals and opens as they run:
# scripts/bench/mca_arm64_trace.py gives the same models the instructions
# BENCHDIR/insn_count executed, traced under qemu-aarch64, ours against
# the kernel's code in Linux 6.1's and 7.3's compositions.
# Branches are left out of the loop streams (the model has no control flow),
# as are the address computations of constants (adrp/adr). The loops are
# found in the disassembly (the backward branches), so that they follow
# the code as it changes; their address ranges are printed.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"

none() {
	echo "llvm-mca arm64 model estimates: $*: no model table"
	exit 0
}

bench=${1:-}
[[ -n $bench ]] || vgc_usage
mca=/usr/bin/llvm-mca-19
if [[ ! -x $mca ]]; then
	(vgc_need_pkgs llvm-19) >&2 || true
	[[ -x $mca ]] || none "llvm-19 (llvm-mca-19) could not be installed"
fi
ours=$bench/mlkem/obj/arch/arm64
kern=$bench/kernel
for f in "$ours/chacha20_neon.o" "$ours/poly1305_arm64.o" "$ours/poly1305_neon.o" \
	"$kern/chacha-neon-core.o" "$kern/poly1305-core.o"; do
	[[ -f $f ]] || none "no $f"
done

python3 - "$mca" "$ours" "$kern" <<'PY'
import re, subprocess, sys

mca, ours, kern = sys.argv[1:4]
insn = re.compile(r'^\s*([0-9a-f]+):\t(\S+)\t?(.*)$')
head = re.compile(r'^[0-9a-f]+ <(.+)>:$')
branch = re.compile(r'^(b|b\..+|cbn?z|tbn?z|bl|blr|br|ret)$')


def disasm(obj, fn):
    """[(addr, mnemonic, operands)] of function fn"""
    out = subprocess.run(['aarch64-linux-gnu-objdump', '-d', '--no-show-raw-insn', obj],
                         capture_output=True, text=True, check=True).stdout
    cur, res = None, []
    for line in out.splitlines():
        m = head.match(line)
        if m:
            cur = m.group(1)
            continue
        m = insn.match(line)
        if m and cur == fn:
            ops = re.sub(r'\s*//.*$', '', m.group(3))
            ops = re.sub(r'\s*<[^>]*>', '', ops)
            res.append((int(m.group(1), 16), m.group(2), ops.strip()))
    if not res:
        sys.exit('mca-arm64: no %s in %s' % (fn, obj))
    return res


def loops(code):
    """conditional backward branches inside the function, before its first
    ret (the main path), as (target, branch address), longest first"""
    start = code[0][0]
    end = min([a for a, op, _ in code if op == 'ret'] or [code[-1][0]])
    res = []
    for a, op, ops in code:
        if re.match(r'^(b\..+|cbn?z|tbn?z)$', op) and a < end:
            t = ops.split(',')[-1].strip()
            if re.fullmatch(r'[0-9a-f]+', t) and start <= int(t, 16) < a:
                res.append((int(t, 16), a))
    return sorted(res, key=lambda r: r[0] - r[1])


def stream(code, lo, hi):
    """the instructions in [lo, hi], without branches and adrp/adr"""
    return ['%s\t%s' % (op, ops) for a, op, ops in code
            if lo <= a <= hi and not branch.match(op) and op not in ('adrp', 'adr')]


def cycles(lines, cpu):
    src = '\n'.join(lines) + '\n'
    r = subprocess.run([mca, '-mtriple=aarch64', '-mcpu=' + cpu, '-iterations=100'],
                       input=src, capture_output=True, text=True)
    if r.returncode:
        sys.exit('mca-arm64: llvm-mca failed for %s:\n%s' % (cpu, r.stderr[:2000]))
    it = int(re.search(r'^Iterations:\s+(\d+)', r.stdout, re.M).group(1))
    tc = int(re.search(r'^Total Cycles:\s+(\d+)', r.stdout, re.M).group(1))
    return tc / it


# ours: chacha_xor's loop over 5-block groups (its longest), its round
# loop inside
oc = disasm(ours + '/chacha20_neon.o', 'chacha_xor')
lp = loops(oc)
ps = lp[0]
inner = [l for l in lp[1:] if l[0] > ps[0] and l[1] < ps[1]]
if not inner:
    sys.exit('mca-arm64: no round loop inside the pass loop of chacha_xor')
rnd = inner[0]
ours_pass = (stream(oc, ps[0], rnd[0] - 1) + stream(oc, rnd[0], rnd[1]) * 10 +
             stream(oc, rnd[1] + 1, ps[1]))
# the kernel's: entry to the first ret, its round loop ten times
kc = disasm(kern + '/chacha-neon-core.o', 'chacha_4block_xor_neon')
krnd = loops(kc)[0]
kret = min(a for a, op, _ in kc if op == 'ret')
kern_pass = (stream(kc, kc[0][0], krnd[0] - 1) + stream(kc, krnd[0], krnd[1]) * 10 +
             stream(kc, krnd[1] + 1, kret))
op_ = disasm(ours + '/poly1305_arm64.o', 'vgc_poly1305_blocks_arm64')
opl = loops(op_)[0]
on_ = disasm(ours + '/poly1305_neon.o', 'vgc_poly1305_neon_blocks')
onl = loops(on_)[0]
kp = disasm(kern + '/poly1305-core.o', 'poly1305_blocks_neon')
kpl = loops(kp)[0]
ours_poly = stream(op_, opl[0], opl[1])
ours_npoly = stream(on_, onl[0], onl[1])
kern_poly = stream(kp, kpl[0], kpl[1])

cpus = ['neoverse-n1', 'neoverse-n2', 'neoverse-v1', 'neoverse-v2', 'cortex-a53', 'cortex-a55',
        'cortex-a57', 'cortex-a510']
print('\narm64 llvm-mca model estimates (LLVM 19; estimates, not measurements),')
print('cycles per byte; kernel = Linux 6.1 arch/arm64/crypto; kernel/ours above 1 = ours')
print('needs fewer cycles on the model')
print('%-22s %-12s %9s %9s %12s' % ('loop (ours / kernel)', 'model', 'ours', 'kernel',
                                    'kernel/ours'))
for cpu in cpus:
    oc_b = cycles(ours_pass, cpu) / 320
    kc_b = cycles(kern_pass, cpu) / 320
    op_b = cycles(ours_poly, cpu) / 16
    on_b = cycles(ours_npoly, cpu) / 64
    kp_b = cycles(kern_poly, cpu) / 64
    for name, o, k in (('chacha20 pass', oc_b, kc_b), ('poly1305 loop', on_b, kp_b),
                       ('poly1305 scalar', op_b, kp_b),
                       ('AEAD at 4 KiB', oc_b + on_b, kc_b + kp_b)):
        print('%-22s %-12s %9.3f %9.3f %11.2fx' % (name, cpu, o, k, k / o))
print('# ours chacha_xor: pass 0x%x-0x%x, rounds 0x%x-0x%x (x10); kernel '
      'chacha_4block_xor_neon: 0x%x-0x%x, rounds 0x%x-0x%x (x10)' %
      (ps[0], ps[1], rnd[0], rnd[1], kc[0][0], kret, krnd[0], krnd[1]))
print('# ours vgc_poly1305_neon_blocks loop 0x%x-0x%x (64 B), vgc_poly1305_blocks_arm64 '
      'loop 0x%x-0x%x (16 B); kernel poly1305_blocks_neon loop 0x%x-0x%x (64 B)' %
      (onl[0], onl[1], opl[0], opl[1], kpl[0], kpl[1]))
PY
[[ -x $bench/insn_count ]] || none "no $bench/insn_count"
python3 "$VGC_SCRIPTS/bench/mca_arm64_trace.py" "$bench/insn_count" neoverse-n1 neoverse-n2 \
	neoverse-v1 neoverse-v2 cortex-a53 cortex-a55 cortex-a57 cortex-a510 -- \
	64 256 1024 4096 16384
