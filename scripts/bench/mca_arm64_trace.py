#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Model estimates of whole arm64 operations, size by size.

usage: mca_arm64_trace.py INSN_COUNT CPU... -- LEN...
       mca_arm64_trace.py --count BINARY ARGS...
           (scripts/bench/arm64.sh) the instructions BINARY executes
           between its two marker calls, under qemu-aarch64 -cpu max

For each seal and open of LEN bytes (13 bytes of AD), by our neon back
end and by the kernel's own arm64 assembly in its rfc7539 template's
composition (Linux 6.1's glue and 7.3's, scripts/bench/kernel_rfc7539_arm64.c),
one message is run under qemu-aarch64 (-cpu neoverse-n1, so that the C
library picks the string functions of an Armv8.2 core without SVE) with
-d in_asm,exec,nochain. The instructions executed between
tests/arm64/insn_count.c's two marker calls, in the order they ran, are
taken from the binary's disassembly and given to llvm-mca-19 as one
straight-line stream (branch targets made a label: the model has no
control flow, and so no mispredictions, and no caches), for each CPU
model. Besides the whole operation, the same stream's ChaCha20 part and
Poly1305 part alone (the instructions of functions whose names say chacha
or poly1305) give the two primitives' share as the operation runs them.
Printed: cycles per byte for each, and kernel / ours (above 1: ours needs
fewer cycles on the model), after a line of the instructions executed per
byte ('(insns/B)'). Model estimates, not measurements.
"""
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

MCA = '/usr/bin/llvm-mca-19'
TARGETED = re.compile(r'^(b|b\..+|bl|cbn?z|tbn?z|adrp?|ldr|ldrsw|prfm)$')
ADDR = re.compile(r'^[0-9a-f]+$')


def disassembly(binary):
    """{address: (function, 'mnemonic operands')}"""
    out = subprocess.run(['aarch64-linux-gnu-objdump', '-d', '--no-show-raw-insn', binary],
                         capture_output=True, text=True, check=True).stdout
    head = re.compile(r'^[0-9a-f]+ <(.+)>:$')
    insn = re.compile(r'^\s*([0-9a-f]+):\t(\S+)\t?(.*)$')
    res, fn = {}, None
    for line in out.splitlines():
        m = head.match(line)
        if m:
            fn = m.group(1)
            continue
        m = insn.match(line)
        if not m or fn is None:
            continue
        op = m.group(2)
        ops = re.sub(r'\s*//.*$', '', m.group(3))
        ops = re.sub(r'\s*<[^>]*>', '', ops).strip()
        if TARGETED.match(op):
            parts = [p.strip() for p in ops.split(',')]
            if parts and ADDR.match(parts[-1]):
                parts[-1] = 'Lt'
                ops = ', '.join(parts)
        res[int(m.group(1), 16)] = (fn, ('%s\t%s' % (op, ops)).strip())
    return res


def marker(binary, name):
    out = subprocess.run(['aarch64-linux-gnu-nm', binary], capture_output=True, text=True,
                         check=True).stdout
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3 and f[2] == name:
            return int(f[0], 16)
    sys.exit('mca_arm64_trace: no %s in %s' % (name, binary))


def executed(binary, args, begin, end, cpu='neoverse-n1'):
    """the addresses executed between the markers, in order"""
    with tempfile.TemporaryDirectory() as d:
        log = os.path.join(d, 'trace')
        subprocess.run(['qemu-aarch64-static', '-cpu', cpu, '-d',
                        'in_asm,exec,nochain', '-D', log, binary] + args, check=True)
        blocks, cur, on, seq = {}, None, False, []
        insn = re.compile(r'^0x([0-9a-f]+):\s')
        ex = re.compile(r'^Trace \d+: 0x[0-9a-f]+ \[[0-9a-f]+/([0-9a-f]+)/')
        with open(log) as f:
            for line in f:
                if line.startswith('IN:'):
                    cur = None
                    continue
                m = insn.match(line)
                if m:
                    pc = int(m.group(1), 16)
                    if cur is None:
                        cur = pc
                        blocks[cur] = []
                    blocks[cur].append(pc)
                    continue
                m = ex.match(line)
                if m:
                    cur = None
                    pc = int(m.group(1), 16)
                    if pc == begin:
                        on = True
                    elif pc == end:
                        on = False
                    elif on:
                        seq.extend(blocks[pc])
    return seq


def cycles(lines, cpu):
    if not lines:
        return 0
    src = 'Lt:\n' + '\n'.join(lines) + '\n'
    r = subprocess.run([MCA, '-mtriple=aarch64', '-mcpu=' + cpu, '-iterations=1',
                        '-call-latency=1'],
                       input=src, capture_output=True, text=True)
    if r.returncode:
        sys.exit('mca_arm64_trace: llvm-mca failed for %s:\n%s' % (cpu, r.stderr[:2000]))
    return int(re.search(r'^Total Cycles:\s+(\d+)', r.stdout, re.M).group(1))


def part(fn):
    if 'chacha' in fn:
        return 'chacha20'
    if 'poly1305' in fn or fn.startswith(('poly_', 'kpoly')):
        return 'poly1305'
    return 'rest'


def main():
    if sys.argv[1] == '--count':
        binary = sys.argv[2]
        seq = executed(binary, sys.argv[3:], marker(binary, 'vgc_mark_begin'),
                       marker(binary, 'vgc_mark_end'), 'max')
        print(len(seq))
        return
    binary = sys.argv[1]
    sep = sys.argv.index('--')
    cpus, lens = sys.argv[2:sep], [int(v) for v in sys.argv[sep + 1:]]
    dis = disassembly(binary)
    begin, end = marker(binary, 'vgc_mark_begin'), marker(binary, 'vgc_mark_end')
    impls = ('neon', 'kernel', 'kernel73')
    print('\narm64 llvm-mca 19 estimates of whole operations (one message, 13 bytes of AD;')
    print('qemu-aarch64 trace of the instructions run, straight-line; estimates, not')
    print('measurements); cycles per byte; k61, k73: the kernel\'s arm64 assembly in its')
    print('rfc7539 composition with Linux 6.1\'s and 7.3\'s glue; ratio = kernel / ours,')
    print('above 1: ours needs fewer cycles on the model')
    print('%-12s %-5s %6s %-9s %8s %8s %8s %7s %7s' %
          ('model', 'op', 'bytes', 'part', 'ours', 'k61', 'k73', 'k61/our', 'k73/our'))
    for op in ('seal', 'open'):
        mode = 'aead' if op == 'seal' else 'aead-open'
        for n in lens:
            streams = {}
            for impl in impls:
                seq = executed(binary, [mode, impl, str(n), '1'], begin, end)
                whole = {'aead': [], 'chacha20': [], 'poly1305': []}
                for pc in seq:
                    fn, text = dis[pc]
                    whole['aead'].append(text)
                    p = part(fn)
                    if p in whole:
                        whole[p].append(text)
                streams[impl] = whole
            c = {i: len(streams[i]['aead']) / n for i in impls}
            print('%-12s %-5s %6d %-9s %8.2f %8.2f %8.2f %6.2fx %6.2fx' %
                  ('(insns/B)', op, n, 'aead', c['neon'], c['kernel'], c['kernel73'],
                   c['kernel'] / c['neon'], c['kernel73'] / c['neon']))
            jobs = [(cpu, p, i) for cpu in cpus for p in ('chacha20', 'poly1305', 'aead')
                    for i in impls]
            with ThreadPoolExecutor(os.cpu_count() or 1) as ex:
                got = dict(zip(jobs, ex.map(lambda j: cycles(streams[j[2]][j[1]], j[0]) / n,
                                            jobs)))
            for cpu in cpus:
                for p in ('chacha20', 'poly1305', 'aead'):
                    c = {i: got[(cpu, p, i)] for i in impls}
                    print('%-12s %-5s %6d %-9s %8.3f %8.3f %8.3f %6.2fx %6.2fx' %
                          (cpu, op, n, p, c['neon'], c['kernel'], c['kernel73'],
                           c['kernel'] / c['neon'], c['kernel73'] / c['neon']))
            sys.stdout.flush()


if __name__ == '__main__':
    main()
