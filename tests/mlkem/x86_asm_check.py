#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
#
# x86_asm_check.py OBJECT...: reads the disassembly (objdump) of the x86
# ML-KEM assembly and checks, per function, what valgrind cannot check on
# AVX-512 code (valgrind 3.19 does not run it) and what it never checks:
#
#  - no conditional jump on flags, and no memory address, that depends on
#    data: every value loaded from a caller's buffer, every vector and
#    mask register, and every general register written from them is
#    data; only immediates, the constant tables (%rip-relative) and the
#    pointer and counter arithmetic on them are not;
#  - no division on data;
#  - no use of the stack (%rsp, %rbp, push, pop, call): nothing spilled;
#  - at the return, no vector or mask register still holding data (or a
#    value computed from data) and no general register but the return
#    value of a setcc: the caller's registers carry no secret away.
#
# One line per function that fails, then "x86-asm-check: N passed,
# N failed" (one test per function). Exit status 1 on any failure.
import re
import subprocess
import sys

VEC = re.compile(r'%([xyz]mm)(\d+)')
KREG = re.compile(r'%k([0-7])')
GPR_NAMES = {
    'rax': 'ax', 'eax': 'ax', 'ax': 'ax', 'al': 'ax',
    'rbx': 'bx', 'ebx': 'bx', 'bx': 'bx', 'bl': 'bx',
    'rcx': 'cx', 'ecx': 'cx', 'cx': 'cx', 'cl': 'cx',
    'rdx': 'dx', 'edx': 'dx', 'dx': 'dx', 'dl': 'dx',
    'rsi': 'si', 'esi': 'si', 'si': 'si', 'sil': 'si',
    'rdi': 'di', 'edi': 'di', 'di': 'di', 'dil': 'di',
    'rbp': 'bp', 'ebp': 'bp', 'rsp': 'sp', 'esp': 'sp',
}
for n in range(8, 16):
    for suf in ('', 'd', 'w', 'b'):
        GPR_NAMES['r%d%s' % (n, suf)] = 'r%d' % n

FLAG_WRITERS = ('cmp', 'test', 'add', 'sub', 'dec', 'inc', 'and', 'or',
                'xor', 'neg', 'shl', 'shr', 'sar', 'sal', 'rol', 'ror',
                'bt', 'vptest', 'kortest', 'ktest', 'vucomis', 'vcomis',
                'adc', 'sbb', 'imul', 'mul')
# instructions whose last operand is read, not written
NO_DEST = ('cmp', 'test', 'vptest', 'kortest', 'ktest', 'vucomis',
           'vcomis', 'bt')


def split_operands(s):
    ops, depth, cur = [], 0, ''
    for ch in s:
        if ch == '(':
            depth += 1
        elif ch == ')':
            depth -= 1
        if ch == ',' and depth == 0:
            ops.append(cur.strip())
            cur = ''
        else:
            cur += ch
    if cur.strip():
        ops.append(cur.strip())
    return ops


def is_mem(op):
    return '(' in op and not op.startswith('$')


def mem_regs(op):
    """the base and index registers of a memory operand"""
    inside = op[op.index('(') + 1:op.rindex(')')]
    return [GPR_NAMES.get(r.strip().lstrip('%'), r.strip().lstrip('%'))
            for r in inside.split(',') if r.strip().startswith('%')]


def reg_of(op):
    """('v', n), ('k', n), ('g', name) or None for an operand"""
    op = op.split('{')[0]
    m = VEC.fullmatch(op)
    if m:
        return ('v', int(m.group(2)))
    m = KREG.fullmatch(op)
    if m:
        return ('k', int(m.group(1)))
    if op.startswith('%'):
        name = op[1:]
        if name in GPR_NAMES:
            return ('g', GPR_NAMES[name])
    return None


def functions(obj):
    """{name: [(address, mnemonic, operands, jump target or None)]}"""
    out = subprocess.run(['objdump', '-d', '--no-show-raw-insn', obj],
                         check=True, capture_output=True, text=True).stdout
    funcs, cur = {}, None
    for line in out.splitlines():
        m = re.match(r'^[0-9a-f]+ <([^>]+)>:$', line)
        if m:
            cur = m.group(1)
            funcs[cur] = []
            continue
        m = re.match(r'^\s+([0-9a-f]+):\s+(\S+)\s*(.*)$', line)
        if m and cur:
            mnem, rest = m.group(2), m.group(3)
            target = None
            t = re.match(r'^([0-9a-f]+) <', rest)
            if mnem.startswith('j') and t:
                target = int(t.group(1), 16)
            rest = rest.split('#')[0].split('<')[0].strip()
            if mnem in ('cs', 'ds') or mnem.startswith(('nop', 'xchg %ax')):
                continue	# alignment padding between functions
            funcs[cur].append((int(m.group(1), 16), mnem,
                               split_operands(rest) if rest else [], target))
    return {name: without_simd_entry(insns) for name, insns in funcs.items()}


def without_simd_entry(insns):
    """the function without VGC_SIMD_ENTRY (arch/x86/simd_entry.S): in the
    test builds, the pushes of the argument registers, the call to
    vgc_simd_check and the pops, before any data is touched (the module's
    build has none of it)"""
    i = 1 if insns and insns[0][1].startswith('endbr') else 0
    if len(insns) <= i or (insns[i][1], insns[i][2]) != ('push', ['%rdi']):
        return insns
    for j in range(i, min(i + 16, len(insns))):
        if insns[j][1] == 'call':
            break
    else:
        return insns
    for k in range(j, min(j + 10, len(insns))):
        if (insns[k][1], insns[k][2]) == ('pop', ['%rdi']):
            return insns[:i] + insns[k + 1:]
    return insns


class State:
    """may hold data: general, vector, mask registers, flags; cptr: must
    point at a constant table; axret: rax last written by setcc"""

    def __init__(self, g=(), v=(), k=(), flags=False, cptr=(), axret=False):
        self.g, self.v, self.k = frozenset(g), frozenset(v), frozenset(k)
        self.flags, self.cptr, self.axret = flags, frozenset(cptr), axret

    def key(self):
        return (self.g, self.v, self.k, self.flags, self.cptr, self.axret)

    def join(self, o):
        return State(self.g | o.g, self.v | o.v, self.k | o.k,
                     self.flags or o.flags, self.cptr & o.cptr,
                     self.axret and o.axret)


def const_address(op, st):
    regs = mem_regs(op)
    return regs == ['rip'] or (len(regs) == 1 and regs[0] in st.cptr)


def step(st, mnem, ops):
    """the state after one instruction"""
    g, v, k = set(st.g), set(st.v), set(st.k)
    flags, cptr, axret = st.flags, set(st.cptr), st.axret
    regs = [reg_of(op) for op in ops]
    if mnem == 'vzeroall':
        return State(g, v - set(range(16)), k, flags, cptr, axret)
    if mnem.startswith('j') or mnem.startswith('ret'):
        return st
    no_dest = mnem.startswith(NO_DEST) or not ops or \
        (is_mem(ops[-1]) and not mnem.startswith('lea'))
    dst = None if no_dest else regs[-1]
    masked = bool(ops) and re.search(r'\{%k([0-7])\}', ops[-1])
    reads_dst = masked or mnem.startswith(
        ('vpermi2', 'vpermt2', 'dec', 'inc', 'add', 'sub', 'and', 'or',
         'adc', 'sbb', 'neg', 'not', 'shl', 'shr', 'sar', 'rol', 'ror',
         'kor', 'kand', 'imul'))
    srcs = list(range(len(ops))) if no_dest or reads_dst else \
        list(range(len(ops) - 1))

    def is_data(i):
        op, r = ops[i], regs[i]
        if r:
            return (r[0] == 'v' and r[1] in v) or (r[0] == 'k' and r[1] in k) \
                or (r[0] == 'g' and r[1] in g)
        if is_mem(op):
            if mnem.startswith('lea'):
                return bool(set(mem_regs(op)) & g)
            return not const_address(op, st)
        return False
    data = any(is_data(i) for i in srcs)
    if masked and int(masked.group(1)) in k:
        data = True
    zero_idiom = dst is not None and len(ops) >= 2 and \
        all(r == dst for r in regs[:-1]) and \
        mnem.startswith(('vpxor', 'xor', 'kxor', 'vxorp', 'sub'))
    if zero_idiom:
        data = False
    if mnem.startswith(FLAG_WRITERS):
        flags = data or any(is_data(i) for i in range(len(ops)))
    if mnem.startswith('set'):
        data = flags
    if dst is None:
        return State(g, v, k, flags, cptr, axret)
    kind, n = dst
    if kind == 'v':
        (v.add if data else v.discard)(n)
    elif kind == 'k':
        (k.add if data else k.discard)(n)
    else:
        (g.add if data else g.discard)(n)
        # a pointer into a constant table, and what it stays under
        if mnem.startswith('lea'):
            const = const_address(ops[0], st)
        elif mnem.startswith(('add', 'sub')) and ops[0].startswith('$'):
            const = n in cptr
        elif mnem.startswith('mov') and regs[0] and regs[0][0] == 'g':
            const = regs[0][1] in cptr
        else:
            const = False
        (cptr.add if const else cptr.discard)(n)
        if n == 'ax':
            axret = mnem.startswith('set') or \
                (mnem.startswith('movzb') and st.axret)
    return State(g, v, k, flags, cptr, axret)


def check(name, insns):
    """dataflow to a fixed point over the function's jumps, then judge"""
    index = {addr: i for i, (addr, _, _, _) in enumerate(insns)}
    succ = []
    for i, (addr, mnem, ops, target) in enumerate(insns):
        s = []
        if not (mnem.startswith('ret') or mnem == 'jmp'):
            s.append(i + 1)
        if target is not None and target in index:
            s.append(index[target])
        succ.append([x for x in s if x < len(insns)])
    state_in = [None] * len(insns)
    state_in[0] = State()
    work = [0]
    while work:
        i = work.pop()
        out = step(state_in[i], insns[i][1], insns[i][2])
        for j in succ[i]:
            new = out if state_in[j] is None else state_in[j].join(out)
            if state_in[j] is None or new.key() != state_in[j].key():
                state_in[j] = new
                work.append(j)

    errors = []
    for i, (addr, mnem, ops, target) in enumerate(insns):
        st = state_in[i]
        if st is None:
            continue
        where = '%x %s %s' % (addr, mnem, ','.join(ops))
        regs = [reg_of(op) for op in ops]
        for op in ops:
            if is_mem(op):
                mr = set(mem_regs(op))
                if mr & {'sp', 'bp'}:
                    errors.append('stack access: ' + where)
                if mr & st.g:
                    errors.append('address from data: ' + where)
        if any(r and r[0] == 'g' and r[1] in ('sp', 'bp') for r in regs) or \
                mnem.startswith(('push', 'pop', 'call', 'enter', 'leave')):
            errors.append('stack use: ' + where)
        if mnem.startswith(('div', 'idiv')):
            errors.append('division: ' + where)
        if mnem.startswith('j') and mnem != 'jmp' and st.flags:
            errors.append('branch on data: ' + where)
        if mnem.startswith('ret'):
            for n in sorted(st.v):
                errors.append('vector register %d may hold data at return' % n)
            for n in sorted(st.k):
                errors.append('mask register k%d may hold data at return' % n)
            for r in sorted(st.g):
                if r == 'ax' and st.axret:
                    continue
                errors.append('%s may hold data at return' % r)
    return errors


# SampleNTT's rejection step reads XOF output of the public seed rho
# (struct vgc_mlkem_backend: "Its input is public"): its branches and
# stores at a count are allowed, so it is not checked
PUBLIC_INPUT = ('vgc_mlkem_rej_uniform_avx2', 'vgc_mlkem_rej_uniform_avx512')


def main(objs):
    passed = failed = 0
    for obj in objs:
        for name, insns in functions(obj).items():
            if name in PUBLIC_INPUT:
                print('skip x86-asm-check: %s (public input)' % name)
                continue
            errs = check(name, insns)
            if errs:
                failed += 1
                print('FAIL x86-asm-check: %s (%s):' % (name, obj))
                for e in errs[:10]:
                    print('    ' + e)
            else:
                passed += 1
    print('x86-asm-check: %d passed, %d failed' % (passed, failed))
    return 1 if failed or not passed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
