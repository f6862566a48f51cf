#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/check/ct_scan.py ARCH BUILDDIR [ALLOWLIST]
#        scripts/check/ct_scan.py ARCH BUILDDIR --show FUNCTION
#        scripts/check/ct_scan.py ARCH BUILDDIR --draft
#
# Constant time in the object code that ships: the module's objects as
# Kbuild built them in BUILDDIR (scripts/build/module.sh; ARCH x86 or
# arm64). Every function of the objects that hold the algorithm code (the
# lib/ objects of lib/objs.mk and the back ends of arch/ARCH/objs.mk: the
# AEAD core, ChaCha20, Poly1305 with its final step, the tag compare,
# SHA-3/Keccak, ML-KEM with its decapsulation, every SIMD back end, and
# X-Wing's lib/xwing.o, which vgcrypto_xwing.ko holds) is
# disassembled, and for each the scan finds
#   - every conditional branch (x86: jcc; arm64: b.cond, cbz, cbnz, tbz,
#     tbnz), with the instruction that set its condition;
#   - every memory access through an index register (x86: (base,index,s);
#     arm64: [xn, xm...]), the form a table lookup on a secret takes;
#   - every instruction whose timing may depend on its operands: x86 div
#     and idiv (and the floating-point divides and square roots); on
#     arm64 every data-processing instruction that is not on Arm's list of
#     instructions with data-independent timing under PSTATE.DIT (DIT_OK
#     below; loads, stores and branches are judged by the two rules above);
#     and every call to a compare or scan whose time depends on the data
#     (memcmp, strcmp, memchr...: VARIABLE_TIME_CALLS).
# tests/ct/allowlist holds, per architecture and function, how many
# branches and indexed accesses it has, the off-DIT or dividing
# instructions it may hold, and the reasoning why each depends on public
# values only (lengths, counters, loop bounds, the back end's state
# flags, public ciphertext or public keys). A function missing from the
# list, a count that differs (a new branch, or one gone: the reasoning is
# reviewed again), a data-dependent-timing instruction not named, or an
# entry without reasoning fails. --show prints one function's branches
# and accesses, for the review; --draft prints entries for what is
# missing.
#
# The scan does not follow data: that a branch's operand is public is the
# reviewed claim in the allowlist, checked by valgrind (make ct-check,
# tests/mlkem ct) where valgrind runs the code, and for the AVX-512 code,
# which valgrind cannot run, by the reasoning here alone.
#
# Last line: "ct-scan-ARCH: N passed, N failed", one test per function,
# plus one per stale allowlist entry.
import os
import re
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))

OBJDUMP = {'x86': 'objdump', 'arm64': 'aarch64-linux-gnu-objdump'}

# Arm's list of data-processing instructions whose timing does not depend
# on the values of their operands while PSTATE.DIT is set (Arm ARM, "Data
# Independent Timing"), the ones a compiler or the NEON code here can
# emit, by their assembler names (aliases included).
DIT_OK = set('''
adc adcs add adds adr adrp and ands asr asrv bfc bfi bfm bfxil bic bics
ccmn ccmp cinc cinv cls clz cmn cmp cneg csel cset csetm csinc csinv
csneg eon eor extr lsl lslv lsr lsrv madd mneg mov movk movn movz msub mul
mvn neg negs ngc ngcs nop orn orr rbit rev rev16 rev32 ror rorv sbc sbcs
sbfiz sbfm sbfx smaddl smnegl smsubl smulh smull sub subs sxtb sxth sxtw
tst ubfiz ubfm ubfx umaddl umnegl umsubl umulh umull uxtb uxth
abs addhn addhn2 addp addv bif bit bsl cmeq cmge cmgt cmhi cmhs cmle
cmlt cmtst cnt dup ext ins mla mls movi mvni not pmull pmull2 rev64
rshrn rshrn2 sadalp saddl saddl2 saddw saddw2 shl shll shll2 shrn shrn2
sli smlal smlal2 smlsl smlsl2 smov smull2 sri sshl sshll sshll2 sshr
ssra ssubl ssubl2 ssubw ssubw2 subhn subhn2 sxtl sxtl2 tbl tbx trn1 trn2
uadalp uaddl uaddl2 uaddw uaddw2 uaddlv umlal umlal2 umlsl umlsl2 umov
umull2 ushl ushll ushll2 ushr usra usubl usubl2 usubw usubw2 uxtl uxtl2
uzp1 uzp2 xtn xtn2 zip1 zip2 addp
eor3 rax1 xar bcax aese aesd aesmc aesimc
'''.split())

# arm64 instructions that are not data processing: judged by the branch
# and index rules, or they move no data
ARM_CONTROL = re.compile(
    r'^(b|bl|blr|br|ret|b\..*|cbz|cbnz|tbz|tbnz|ld.*|st.*|prfm|paciasp|'
    r'autiasp|hint|bti|dmb|dsb|isb|msr|mrs|udf|brk|nop|yield)$')

# library functions whose time depends on the data they compare or scan
# (crypto_memneq is the constant-time compare)
VARIABLE_TIME_CALLS = {'memcmp', 'bcmp', '__builtin_memcmp', 'strcmp',
                       'strncmp', 'memchr', 'strlen', 'strnlen'}

X86_SLOW = re.compile(r'^(div|idiv|v?divs[sd]|v?divp[sd]|v?sqrt)')


def arch_objs(arch):
    mk = 'include %s\ninclude %s\nall:\n\t@echo $(vgc_lib_objs) $(vgc_arch_objs) $(vgc_xwing_objs)\n' % (
        os.path.join(ROOT, 'lib', 'objs.mk'),
        os.path.join(ROOT, 'arch', arch, 'objs.mk'))
    out = subprocess.run(['make', '-s', '-f', '-'], input=mk, text=True,
                         capture_output=True, check=True).stdout
    return out.split()


def disassemble(arch, obj):
    """{function: [(addr, mnemonic, operands, relocation or '')]}"""
    out = subprocess.run([OBJDUMP[arch], '-dr', '--no-show-raw-insn', obj],
                         check=True, capture_output=True, text=True).stdout
    funcs, cur = {}, None
    for line in out.splitlines():
        m = re.match(r'^[0-9a-f]+ <([^>]+)>:$', line)
        if m:
            cur = m.group(1)
            funcs[cur] = []
            continue
        m = re.match(r'^\s+[0-9a-f]+:\s+R_\S+\s+(\S+)', line)
        if m and cur and funcs[cur]:
            a, mn, ops, _ = funcs[cur][-1]
            funcs[cur][-1] = (a, mn, ops, m.group(1))
            continue
        m = re.match(r'^\s+([0-9a-f]+):\s+(\S+)\s*(.*)$', line)
        if m and cur:
            mn, ops = m.group(2), m.group(3)
            ops = re.sub(r'\s*//.*$', '', ops.split('#')[0] if arch == 'x86'
                         else ops).strip()
            if arch == 'x86' and mn in ('cs', 'ds', 'data16'):
                continue
            funcs[cur].append((int(m.group(1), 16), mn, ops, ''))
    return funcs


def x86_branch(mn):
    return mn.startswith('j') and mn != 'jmp' or mn.startswith('loop')


def arm_branch(mn):
    return mn.startswith('b.') or mn in ('cbz', 'cbnz', 'tbz', 'tbnz')


X86_FLAGS = re.compile(r'^(cmp|test|add|sub|and|or|xor|dec|inc|neg|sh|sa|ro|'
                       r'bt|adc|sbb|vptest|ptest|kortest|ktest|popcnt)')


def analyse(arch, insns):
    """(branches, indexed accesses, timing findings), each a list of text"""
    branches, indexed, timing = [], [], []
    last_flags = '?'
    for addr, mn, ops, rel in insns:
        callee = re.sub(r'[-+]0x[0-9a-f]+$', '', rel)
        if callee in VARIABLE_TIME_CALLS:
            timing.append('call:' + callee)
        where = '%x: %s %s' % (addr, mn, ops)
        if arch == 'x86':
            if x86_branch(mn):
                branches.append('%s    <- %s' % (where, last_flags))
            elif X86_FLAGS.match(mn):
                last_flags = '%s %s' % (mn, ops)
            if re.search(r'\(%[a-z0-9]*,%[a-z0-9]+', ops) and \
                    not mn.startswith(('lea', 'nop')):
                indexed.append(where)
            if X86_SLOW.match(mn):
                timing.append(mn)
        else:
            if arm_branch(mn):
                cond = last_flags if mn.startswith('b.') else \
                    '%s %s' % (mn, ops.rsplit(',', 1)[0] if mn.startswith('tb')
                               else ops.split(',')[0])
                branches.append('%s    <- %s' % (where, cond))
            elif mn in ('cmp', 'cmn', 'tst', 'ccmp', 'ccmn', 'adds', 'subs',
                        'ands', 'adcs', 'sbcs', 'negs', 'bics'):
                last_flags = '%s %s' % (mn, ops)
            if (mn.startswith('ld') or mn.startswith('st') or mn == 'prfm') \
                    and re.search(r'\[[xw]\d+|sp, [xw]\d+', ops) and \
                    re.search(r'\[(x\d+|sp), [xw]\d+', ops):
                indexed.append(where)
            if not ARM_CONTROL.match(mn) and mn not in DIT_OK:
                timing.append(mn)
    return branches, indexed, timing


def read_allowlist(path):
    """{function: dict(counts={arch: (b, i)}, allow=set(), cond=re, why=[],
    line=)}"""
    entries, cur = {}, None
    with open(path) as f:
        for n, line in enumerate(f, 1):
            if not line.strip() or line.startswith('#'):
                continue
            if line[0].isspace():
                if cur is not None:
                    cur['why'].append(line.strip())
                continue
            # cond= is last and runs to the end of the line (spaces in it)
            head, _, cond = line.strip().partition(' cond=')
            w = head.split()
            e = {'counts': {}, 'allow': set(), 'why': [], 'line': n,
                 'cond': re.compile(cond) if cond else None}
            for kv in w[1:]:
                k, _, v = kv.partition('=')
                if k in OBJDUMP:
                    b, _, i = v.partition('/')
                    e['counts'][k] = (int(b), int(i))
                elif k == 'allow':
                    e['allow'] = set(v.split(','))
            entries[w[0]] = cur = e
    return entries


def main(argv):
    arch, bdir = argv[0], argv[1]
    show = argv[3] if len(argv) > 3 and argv[2] == '--show' else None
    draft = len(argv) > 2 and argv[2] == '--draft'
    allow_path = argv[2] if len(argv) > 2 and not argv[2].startswith('--') \
        else os.path.join(ROOT, 'tests', 'ct', 'allowlist')
    allow = read_allowlist(allow_path)
    passed = failed = 0
    seen = set()
    objs = arch_objs(arch)
    if not objs:
        print('not ok - no objects from lib/objs.mk and arch/%s/objs.mk' % arch)
        failed += 1
    for rel in objs:
        obj = os.path.join(bdir, rel)
        if not os.path.exists(obj):
            print('not ok - %s: not built in %s' % (rel, bdir))
            failed += 1
            continue
        for fn, insns in disassemble(arch, obj).items():
            # a section without a symbol (x86 alternatives' replacement
            # code: CPU-feature patches, no function of ours)
            if fn.startswith('.'):
                continue
            b, i, t = analyse(arch, insns)
            seen.add(fn)
            if show:
                if fn == show:
                    print('%s (%s): %d branches, %d indexed, timing %s'
                          % (fn, rel, len(b), len(i), sorted(set(t))))
                    for x in b:
                        print('  branch  ' + x)
                    for x in i:
                        print('  indexed ' + x)
                continue
            e = allow.get(fn)
            if draft:
                if e is None or arch not in e['counts']:
                    extra = ' allow=' + ','.join(sorted(set(t))) if t else ''
                    print('%s %s=%d/%d%s\n\tTODO (%s)'
                          % (fn, arch, len(b), len(i), extra, rel))
                continue
            errs = []
            if e is None:
                errs.append('not in the allowlist: a function of %s with %d '
                            'branches, %d indexed accesses' % (rel, len(b), len(i)))
            elif arch not in e['counts']:
                errs.append('the allowlist has no %s counts: %d branches, %d '
                            'indexed accesses' % (arch, len(b), len(i)))
            else:
                eb, ei = e['counts'][arch]
                if eb != len(b):
                    errs.append('%d conditional branches, the allowlist '
                                'explains %d' % (len(b), eb))
                    errs += ['  ' + x for x in b]
                if ei != len(i):
                    errs.append('%d indexed memory accesses, the allowlist '
                                'explains %d' % (len(i), ei))
                    errs += ['  ' + x for x in i]
                if e['cond']:
                    for x in b:
                        c = x.split('    <- ')[1]
                        if not e['cond'].fullmatch(c):
                            errs.append('a branch on a condition the allowlist '
                                        'does not explain: ' + x)
                bad = sorted(set(t) - e['allow'])
                if bad:
                    errs.append('data-dependent timing: %s not explained'
                                % ', '.join(bad))
                if not e['why'] or any('TODO' in w for w in e['why']):
                    errs.append('no reasoning in the allowlist')
            if errs:
                print('not ok - %s %s (%s)' % (arch, fn, rel))
                for x in errs[:40]:
                    print('#   ' + x)
                failed += 1
            else:
                print('ok - %s %s: %d branches, %d indexed, on public values'
                      % (arch, fn, len(b), len(i)))
                passed += 1
    if show or draft:
        return 0
    for fn, e in sorted(allow.items()):
        if arch in e['counts'] and fn not in seen:
            print('not ok - %s %s: in the allowlist (line %d) but in no object'
                  % (arch, fn, e['line']))
            failed += 1
    print('ct-scan-%s: %d passed, %d failed' % (arch, passed, failed))
    return 1 if failed or not passed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
