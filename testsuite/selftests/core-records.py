#!/usr/bin/env python3
"""core-records.py OUT LIST: the CO-RE relocation records of each object
clang and bpf-gcc + plugin built (OUT/{clang,gcc}/NAME.o, the files of
LIST), compared.

A CO-RE access bpf-gcc does not relocate still loads on the kernel that
vmlinux.h came from and reads the wrong offset on another, so loading
cannot show it.  For each object this lists the (kind, access string)
pairs of clang's .BTF.ext that bpf-gcc's has nowhere in the object, and
counts the objects where there are such.  Sections are left out of the
comparison: a subprogram one compiler inlines into a program's section
and the other keeps in .text carries the same relocation in another
section; and how many records an access gets (CSE, unrolling) differs
between the compilers too.  Reads .BTF.ext and .BTF with objcopy;
writes OUT/core-records.txt and prints its last line."""
import collections, os, struct, subprocess, sys, tempfile


def section(path, name):
    with tempfile.NamedTemporaryFile() as t:
        r = subprocess.run(["objcopy", "-I", "elf64-little", "--dump-section",
                            "%s=%s" % (name, t.name), path, "/dev/null"],
                           capture_output=True)
        return open(t.name, "rb").read() if r.returncode == 0 else None


def records(path):
    ext, btf = section(path, ".BTF.ext"), section(path, ".BTF")
    out = collections.Counter()
    if not ext or not btf or len(ext) < 32 or len(btf) < 24:
        return out
    hdr_len = struct.unpack_from("<I", ext, 4)[0]
    if hdr_len < 32:
        return out
    core_off, core_len = struct.unpack_from("<II", ext, 24)
    bhl, _, _, str_off, str_len = struct.unpack_from("<IIIII", btf, 4)
    strs = btf[bhl + str_off:bhl + str_off + str_len]

    def name(off):
        end = strs.find(b"\0", off)
        return strs[off:end if end >= 0 else len(strs)].decode(errors="replace")

    p, end = hdr_len + core_off, hdr_len + core_off + core_len
    if core_len < 4 or end > len(ext):
        return out
    size = struct.unpack_from("<I", ext, p)[0]
    p += 4
    if size < 16:
        return out
    while p + 8 <= end:
        sec, n = struct.unpack_from("<II", ext, p)
        p += 8
        for _ in range(n):
            if p + 16 > end:
                return out
            _, _, access, kind = struct.unpack_from("<IIII", ext, p)
            p += size
            out[(name(sec), kind, name(access))] += 1
    return out


def main():
    out_dir, listing = sys.argv[1], sys.argv[2]
    names = [os.path.basename(l.strip())[:-2] for l in open(listing) if l.strip()]
    lines, differ = [], 0
    for n in names:
        c, g = (os.path.join(out_dir, cc, n + ".o") for cc in ("clang", "gcc"))
        if not (os.path.exists(c) and os.path.exists(g)):
            continue
        rc, rg = records(c), records(g)
        have = {(k, a) for (_, k, a) in rg}
        missing = sorted({(k, a) for (_, k, a) in rc} - have)
        if missing:
            differ += 1
            lines.append("%s: clang %d records, gcc %d; only in clang: %s" % (
                n, sum(rc.values()), sum(rg.values()),
                " ".join("%d/%s" % k for k in missing[:6])))
    lines.append("CO-RE records: %d objects where clang has a (kind, "
                 "access) that bpf-gcc's lacks (list in %s)"
                 % (differ, os.path.join(out_dir, "core-records.txt")))
    with open(os.path.join(out_dir, "core-records.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print(lines[-1])


if __name__ == "__main__":
    main()
