#!/usr/bin/env python3
"""report.py T SELFTESTS_BPF: the comparison of make check-test-progs.

T is build/test-progs (run.sh's layout): results/{clang19,bpf_gcc}/TEST.log
hold each test's test_progs output and exit status, gcc-missing.txt the
progs files bpf-cc did not build and the prog_tests files left out of
test_progs-bpf_gcc with them, removed.txt what clang-19 did not build.
Prints (and writes to T/summary.md) tests and subtests passed / failed /
skipped per runner, then one row per test that passes with clang-19 and
fails with bpf-gcc, with its cause read from bpf-gcc's output.
"""
import os
import re
import sys

RESULT = re.compile(r'^#(\d+)(/\d+)?\s+(.*):(OK|SKIP|FAIL)( \(SKIP: \d+/\d+\))?$')
STATUS = re.compile(r'^test-progs: exit status (\d+)$')


def parse_log(path):
    """{'test': name, 'result', 'subtests': {name: result}, 'rc', 'text'}"""
    text = open(path, errors='replace').read()
    name = os.path.basename(path)[:-len('.log')]
    res = {'test': name, 'result': None, 'subtests': {}, 'rc': None, 'text': text}
    for line in text.splitlines():
        m = STATUS.match(line)
        if m:
            res['rc'] = int(m.group(1))
            continue
        m = RESULT.match(line)
        if not m:
            continue
        full, result = m.group(3), m.group(4)
        if m.group(2):
            sub = full.split('/', 1)[1] if '/' in full else full
            res['subtests'].setdefault(sub, result)
        elif full == name and res['result'] is None:
            res['result'] = result
    if res['result'] is None:
        # No result line: the runner was killed (time limit) or crashed.
        res['result'] = 'FAIL'
        rc = res['rc']
        res['died'] = ('time limit' if rc in (124, 137) else
                       'crash (signal %d)' % (rc - 128) if rc and rc > 128 else
                       'no result (exit %s)' % rc)
    return res


def load(results):
    out = {}
    if not os.path.isdir(results):
        return out
    for f in sorted(os.listdir(results)):
        if f.endswith('.log'):
            r = parse_log(os.path.join(results, f))
            out[r['test']] = r
    return out


def tests_of(prog_tests_file):
    names = []
    try:
        for line in open(prog_tests_file, errors='replace'):
            m = re.match(r'^void (serial_)?test_([a-zA-Z0-9_]+)\((void)?\)', line)
            if m:
                names.append(m.group(2))
    except OSError:
        pass
    return names


def not_built(t, selftests):
    """{test: cause} for the tests left out of test_progs-bpf_gcc."""
    out = {}
    path = os.path.join(t, 'gcc-missing.txt')
    if not os.path.exists(path):
        return out, []
    missing = []
    last = None
    for line in open(path, errors='replace'):
        line = line.rstrip('\n')
        m = re.match(r'^  tests of prog_tests/(\S+) left out \((.*)\)$', line)
        if m:
            need = re.match(r'they need (\S+)', m.group(2))
            why = ('missing object: %s not built (%s)' % (need.group(1), last or '?') if need else
                   'test not built: ' + m.group(2))
            for name in tests_of(os.path.join(selftests, 'prog_tests', m.group(1))):
                out.setdefault(name, why)
            continue
        if line and not line.startswith(' '):
            f, _, why = line.partition('\t')
            missing.append((f, why))
            last = why.strip() or 'see build-bpf_gcc.log'
    return out, missing


def fail_lines(text):
    return [l for l in text.splitlines() if ':FAIL:' in l]


def cause(r):
    """The kind of failure of one test's run, and the line that shows it."""
    if r.get('died'):
        return r['died'], ''
    text = r['text']
    fails = fail_lines(text)
    first = fails[0].strip() if fails else ''
    checks = [
        ('missing object', r'\.bpf\.o.*(No such file|-ENOENT|errno 2\b)|failed to open .*\.bpf\.o|: -2\b.*\.bpf\.o'),
        ('open failure', r'skel_open[a-z_]*:FAIL|__open unexpected|open_file|failed to open|libbpf: elf:|libbpf: BTF|failed to find BTF|Error loading BTF'),
        ('load failure', r'BPF program load failed|failed to load object|-- BEGIN PROG LOAD LOG|unexpected_load_failure|skel_load|__load unexpected|open_and_load|open_and_load unexpected|load unexpected error|prog_load'),
        ('attach failure', r'attach[a-z_]* unexpected error|failed to auto-attach|_attach:FAIL'),
        ('verifier log differs', r'expect_msg|EXPECTED (SUBSTR|REGEX)|unexpected_load_success'),
    ]
    # A check that held (`name:PASS:skel_load') says nothing of a failure.
    lines = [l for l in text.splitlines() if ':PASS:' not in l]
    for kind, rx in checks:
        for l in lines:
            if re.search(rx, l):
                return kind, (first or l.strip())
    if fails:
        return 'wrong value', first
    return 'failed (no check line)', ''


def count(runs, subs_of_missing=None):
    t = {'OK': 0, 'FAIL': 0, 'SKIP': 0}
    s = {'OK': 0, 'FAIL': 0, 'SKIP': 0}
    for r in runs.values():
        t[r['result']] += 1
        for v in r['subtests'].values():
            s[v] += 1
    return t, s


def main():
    t, selftests = sys.argv[1], sys.argv[2]
    clang = load(os.path.join(t, 'results', 'clang19'))
    gcc = load(os.path.join(t, 'results', 'bpf_gcc'))
    left_out, gcc_missing = not_built(t, selftests)
    # A test left out of bpf-gcc's runner fails there, with clang's subtests.
    for name, why in left_out.items():
        if name in clang and name not in gcc:
            gcc[name] = {'test': name, 'result': 'FAIL', 'rc': None, 'text': '',
                         'subtests': {k: 'FAIL' for k in clang[name]['subtests']},
                         'died': why}
    removed = []
    rp = os.path.join(t, 'removed.txt')
    if os.path.exists(rp):
        removed = [l.rstrip('\n') for l in open(rp) if l.strip() and not l.startswith(' ')]
    lines = []
    w = lines.append
    w('| runner | tests run | passed | failed | skipped | subtests passed | failed | skipped |')
    w('| --- | --- | --- | --- | --- | --- | --- | --- |')
    # run.sh's CLANG_RUNNER: test_progs, or test_progs-no_alu32 (CPU=v2)
    clang_runner = os.environ.get('CLANG_RUNNER', 'test_progs')
    for label, runs in (('%s (clang-19)' % clang_runner, clang), ('test_progs-bpf_gcc (bpf-cc)', gcc)):
        tc, sc = count(runs)
        w('| %s | %d | %d | %d | %d | %d | %d | %d |' % (
            label, len(runs), tc['OK'], tc['FAIL'], tc['SKIP'], sc['OK'], sc['FAIL'], sc['SKIP']))
    w('')
    testmod = sorted(n for n, r in clang.items() if r['result'] == 'FAIL'
                     and re.search(r'bpf_testmod|bpf_kfunc_call_test|bpf_test_modorder|bpf_test_no_cfi', r['text']))
    both = sorted(n for n in clang if clang[n]['result'] == 'FAIL' and n in gcc and gcc[n]['result'] == 'FAIL')
    w('- failing with both runners: %d tests; %d of them need bpf_testmod.ko or '
      'another test module (their output names one; the modules cannot be built here)'
      % (len(both), len(set(testmod) & set(both))))
    w('- progs files clang-19 does not build, removed for both runners: %d%s' % (
        len(removed), (' (' + ', '.join(l.split('\t')[0] for l in removed) + ')') if removed else ''))
    w('- progs files bpf-cc does not build: %d; tests left out of test_progs-bpf_gcc with them '
      '(counted as failed, with clang\'s subtests): %d' % (len(gcc_missing), len(left_out)))
    for f, why in gcc_missing:
        w('  - %s: %s' % (f, why.strip() or 'see build-bpf_gcc.log'))
    better = sorted(n for n in gcc if gcc[n]['result'] != 'FAIL' and n in clang and clang[n]['result'] == 'FAIL')
    w('- failing with clang-19 only: %d%s' % (len(better), (' (' + ', '.join(better) + ')') if better else ''))
    w('')
    rows = []
    for n in sorted(clang):
        if clang[n]['result'] == 'FAIL' or n not in gcc or gcc[n]['result'] != 'FAIL':
            continue
        kind, line = cause(gcc[n])
        subs = [k for k, v in gcc[n]['subtests'].items() if v == 'FAIL' and clang[n]['subtests'].get(k) != 'FAIL']
        rows.append((kind, n, len(subs), line))
    kinds = {}
    for kind, *_ in rows:
        kinds[kind] = kinds.get(kind, 0) + 1
    w('Tests passing with clang-19 and failing with bpf-gcc: %d (%s)' % (
        len(rows), ', '.join('%s %d' % kv for kv in sorted(kinds.items(), key=lambda kv: -kv[1]))))
    w('')
    w('| test | cause | subtests failing | first failing check |')
    w('| --- | --- | --- | --- |')
    for kind, n, nsubs, line in sorted(rows, key=lambda r: (r[0], r[1])):
        line = line.replace('|', '\\|')
        if len(line) > 160:
            line = line[:157] + '...'
        w('| %s | %s | %d | `%s` |' % (n, kind, nsubs, line) if line else '| %s | %s | %d | |' % (n, kind, nsubs))
    text = '\n'.join(lines) + '\n'
    open(os.path.join(t, 'summary.md'), 'w').write(text)
    sys.stdout.write(text)


if __name__ == '__main__':
    main()
