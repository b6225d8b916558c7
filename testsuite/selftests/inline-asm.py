#!/usr/bin/env python3
"""inline-asm.py OUT LIST: the report of make check-inline-asm.

For every file of LIST, the statements of each inline asm block are
counted in the text GCC wrote between #APP and #NO_APP (OUT/gcc/NAME.s),
independently of bpf-asm: comments (#, //, /* */) go, GCC's line markers
("; 12 \"file.c\" 1") and the plugin's CO-RE marks (";core#N") go, every
other line is split at ';' (outside strings), and each non-blank piece is
one statement.  bpf-asm's
--app-stats (OUT/gcc/NAME.stats) says how many of them it assembled in
each block, and how many it skipped on purpose (a branch of .if/.ifc not
taken, the body of a .macro or .rept).  A block where the two add up to
fewer statements than its text holds, in a file bpf-asm accepted, is a
silent drop.
"""
import os
import re
import sys

MARKER = re.compile(r'^\s*;\s*\d+\s+"')
# The plugin's CO-RE accesses are inline asm ending in `;core#N'.
CORE_MARK = re.compile(r';core#\d+\s*$')


def strip_comments(line, state):
    out, i, instr = [], 0, False
    while i < len(line):
        ch = line[i]
        if state[0]:
            if line.startswith('*/', i):
                state[0] = False
                out.append(' ')
                i += 2
            else:
                i += 1
            continue
        if instr:
            out.append(ch)
            if ch == '\\' and i + 1 < len(line):
                out.append(line[i + 1])
                i += 2
                continue
            if ch == '"':
                instr = False
            i += 1
            continue
        if ch == '"':
            instr = True
        elif line.startswith('/*', i):
            state[0] = True
            i += 2
            continue
        elif ch == '#' or (line.startswith('//', i) and (i == 0 or line[i - 1] in ' \t')):
            break
        out.append(ch)
        i += 1
    return ''.join(out)


def split_statements(line):
    pieces, cur, instr, i = [], [], False, 0
    while i < len(line):
        ch = line[i]
        if instr:
            cur.append(ch)
            if ch == '\\' and i + 1 < len(line):
                cur.append(line[i + 1])
                i += 2
                continue
            if ch == '"':
                instr = False
        elif ch == '"':
            instr = True
            cur.append(ch)
        elif ch == ';':
            pieces.append(''.join(cur))
            cur = []
        else:
            cur.append(ch)
        i += 1
    pieces.append(''.join(cur))
    return [p for p in pieces if p.strip()]


def blocks(path):
    """[(line of #APP, statements in the block)]"""
    res, cur, state = [], None, [False]
    with open(path, errors='replace') as f:
        for no, line in enumerate(f, 1):
            t = line.strip()
            if t == '#APP':
                if cur is not None:
                    res.append(tuple(cur))
                cur = [no, 0]
                continue
            if t == '#NO_APP':
                if cur is not None:
                    res.append(tuple(cur))
                cur = None
                continue
            if cur is None or MARKER.match(line):
                continue
            line = CORE_MARK.sub('', line.rstrip('\n'))
            cur[1] += len(split_statements(strip_comments(line, state)))
    return res


def read(path):
    try:
        with open(path, errors='replace') as f:
            return f.read()
    except OSError:
        return ''


def first_error(log):
    for l in log.splitlines():
        if 'error' in l:
            return l[:200]
    return log.splitlines()[0][:200] if log else '?'


def main():
    out, lst = sys.argv[1], sys.argv[2]
    files = [os.path.basename(l.strip())[:-2] for l in open(lst) if l.strip()]
    tot_text = tot_asm = tot_drop = tot_skip = 0
    nblocks = 0
    dropped, asm_fail, clang_fail, cc1_fail, mismatch = [], [], [], [], []
    for n in files:
        g = os.path.join(out, 'gcc', n)
        gst = read(g + '.status').strip()
        cst = read(os.path.join(out, 'clang', n + '.status')).strip()
        if cst != 'ok':
            clang_fail.append((n, gst, first_error(read(os.path.join(out, 'clang', n + '.log')))))
        if gst == 'cc1-fail':
            cc1_fail.append((n, first_error(read(g + '.cc1.log'))))
            continue
        text = blocks(g + '.s')
        stats = []
        skipped = {}
        for l in read(g + '.stats').splitlines():
            f = l.split()
            stats.append((int(f[0]), int(f[1])))
            skipped[int(f[0])] = int(f[2]) if len(f) > 2 else 0
        got = dict(stats)
        nblocks += len(text)
        ft = fa = fd = fs = 0
        for line, cnt in text:
            a = got.get(line, 0)
            sk = skipped.get(line, 0)
            ft += cnt
            fa += a
            fs += sk
            if a + sk < cnt:
                fd += cnt - a - sk
            elif a + sk > cnt:
                mismatch.append((n, line, cnt, a + sk))
        tot_text += ft
        tot_asm += fa
        tot_skip += fs
        if gst != 'ok':
            asm_fail.append((n, cst, ft - fa, first_error(read(g + '.asm.log'))))
        elif fd:
            tot_drop += fd
            dropped.append((n, fd, ft))
    print('inline asm: %d files, %d asm blocks' % (len(files), nblocks))
    print('  statements in asm blocks (GCC -S text):  %d' % tot_text)
    print('  statements bpf-asm assembled:            %d' % tot_asm)
    print('  skipped (.if branch not taken, bodies):  %d' % tot_skip)
    print('  dropped without an error:                %d (in %d files)' % (tot_drop, len(dropped)))
    print('  files bpf-asm rejects:                   %d (clang assembles %d of them)'
          % (len(asm_fail), sum(1 for x in asm_fail if x[1] == 'ok')))
    print('  files bpf-gcc rejects before assembly:   %d' % len(cc1_fail))
    print('  files clang rejects:                     %d' % len(clang_fail))
    if dropped:
        print('\nstatements dropped without an error (file: dropped/in blocks):')
        for n, d, t in sorted(dropped, key=lambda x: -x[1]):
            print('  %s: %d/%d' % (n, d, t))
    if mismatch:
        print('\nblocks where bpf-asm counted more statements than the text holds:')
        for n, l, t, a in mismatch:
            print('  %s.s:%d: text %d, assembled or skipped %d' % (n, l, t, a))
    if asm_fail:
        print('\nfiles bpf-asm rejects (clang status, statements not assembled, first error):')
        for n, c, m, e in asm_fail:
            print('  %s [clang %s] %d: %s' % (n, c, m, e))
    if cc1_fail:
        print('\nfiles bpf-gcc rejects before the assembler:')
        for n, e in cc1_fail:
            print('  %s: %s' % (n, e))
    if clang_fail:
        print('\nfiles clang rejects (bpf-gcc+bpf-asm status, clang\'s first error):')
        for n, g, e in clang_fail:
            print('  %s [gcc %s]: %s' % (n, g, e))
    bad = tot_drop or any(x[1] == 'ok' for x in asm_fail) or mismatch
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
