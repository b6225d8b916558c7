#!/usr/bin/env python3
"""corrupt-btf.py IN OUT MODE: copy the BPF object IN to OUT with its .BTF
made invalid, for sandbox.exp.  MODE "version": the header's version
byte 2 (the kernel takes 1 only); "kind": the first FUNC's kind set to 31,
which no BTF has (types after it are still read right: a FUNC has no
extra data)."""
import struct
import sys

src, dst, mode = sys.argv[1:4]
d = bytearray(open(src, "rb").read())
shoff, = struct.unpack_from("<Q", d, 0x28)
shentsize, shnum, shstrndx = struct.unpack_from("<HHH", d, 0x3a)


def sh(i):
    return struct.unpack_from("<IIQQQQIIQQ", d, shoff + i * shentsize)


names = sh(shstrndx)[4]
btf = None
for i in range(shnum):
    s = sh(i)
    o = names + s[0]
    if d[o:d.index(0, o)] == b".BTF":
        btf = s[4]
if btf is None:
    sys.exit("corrupt-btf: no .BTF in " + src)
if mode == "version":
    d[btf + 2] = 2
else:
    hdr_len, type_off, type_len = struct.unpack_from("<III", d, btf + 4)
    p = btf + hdr_len + type_off
    end = p + type_len
    extra = {1: lambda v: 4, 3: lambda v: 12, 4: lambda v: 12 * v, 5: lambda v: 12 * v,
             6: lambda v: 8 * v, 13: lambda v: 8 * v, 14: lambda v: 4,
             15: lambda v: 12 * v, 17: lambda v: 4, 19: lambda v: 12 * v}
    while p < end:
        info, = struct.unpack_from("<I", d, p + 4)
        kind, vlen = (info >> 24) & 0x1f, info & 0xffff
        if kind == 12:
            struct.pack_into("<I", d, p + 4, (info & ~(0x1f << 24)) | (31 << 24))
            break
        p += 12 + extra.get(kind, lambda v: 0)(vlen)
    else:
        sys.exit("corrupt-btf: no FUNC in the .BTF of " + src)
open(dst, "wb").write(d)
