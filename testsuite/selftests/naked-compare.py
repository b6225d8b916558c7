#!/usr/bin/env python3
"""naked-compare.py CLANG_DIR GCC_DIR FILE.c...: for every __naked function
of each selftests source, compare its bytes in clang's object and in
bpf-gcc + bpfsupport's (CLANG_DIR/NAME.o, GCC_DIR/NAME.o), relocations
aside: the immediate of every relocated instruction (map addresses, calls
to subprograms, kfuncs) is masked in both.  Prints one line per function
that differs or is missing, then the counts.  Exit 0 (it measures)."""
import re, struct, sys, os

NAKED = re.compile(r'(?:__naked|__attribute__\s*\(\(\s*naked\s*\)\))'
                   r'[\s\w\*]*?\b(\w+)\s*\(')

def elf(path):
    data = open(path, 'rb').read()
    if data[:4] != b'\x7fELF' or data[4] != 2 or data[5] != 1:
        raise ValueError(f'{path}: not a little-endian ELF64 object')
    shoff, = struct.unpack_from('<Q', data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', data, 0x3a)
    secs = []
    for i in range(shnum):
        name, typ, flags, addr, off, size, link, info, align, entsize = \
            struct.unpack_from('<IIQQQQIIQQ', data, shoff + i * shentsize)
        secs.append(dict(name=name, type=typ, off=off, size=size,
                         link=link, info=info, entsize=entsize))
    shstr = secs[shstrndx]
    def cstr(sec, o):
        s = sec['off'] + o
        return data[s:data.index(b'\0', s)].decode()
    for s in secs:
        s['name'] = cstr(shstr, s['name'])
    funcs, masks = {}, {}
    for s in secs:
        if s['type'] == 2:  # SHT_SYMTAB
            strtab = secs[s['link']]
            for j in range(s['size'] // 24):
                n, info, other, shndx, value, size = struct.unpack_from(
                    '<IBBHQQ', data, s['off'] + j * 24)
                if info & 0xf == 2 and 0 < shndx < len(secs):  # STT_FUNC
                    funcs[cstr(strtab, n)] = (shndx, value, size)
        elif s['type'] == 9:  # SHT_REL
            m = masks.setdefault(s['info'], set())
            for j in range(s['size'] // 16):
                off, = struct.unpack_from('<Q', data, s['off'] + j * 16)
                m.add(off)
    return data, secs, funcs, masks

def func_bytes(obj, name):
    """The function's bytes and the offsets (from its start) of the
    instructions a relocation applies to."""
    data, secs, funcs, masks = obj
    if name not in funcs:
        return None, set()
    shndx, value, size = funcs[name]
    sec = secs[shndx]
    b = data[sec['off'] + value:sec['off'] + value + size]
    return b, {off - value for off in masks.get(shndx, ())
               if 0 <= off - value < size}

def masked(b, rels):
    """Relocations aside: the immediate of an instruction that either
    object relocates is the linker's or loader's to fill in (clang leaves a
    call to a subprogram of the same section to the loader, bpf-asm
    resolves it)."""
    b = bytearray(b)
    for rel in rels:
        if rel + 8 <= len(b):
            b[rel + 4:rel + 8] = b'\0\0\0\0'
            if b[rel] == 0x18 and rel + 16 <= len(b):  # lddw: both halves
                b[rel + 12:rel + 16] = b'\0\0\0\0'
    return bytes(b)

def main():
    cdir, gdir, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    equal = differ = missing = skipped = 0
    for f in files:
        name = os.path.basename(f)[:-2]
        fns = NAKED.findall(open(f, errors='replace').read())
        if not fns:
            continue
        co, go = f'{cdir}/{name}.o', f'{gdir}/{name}.o'
        if not (os.path.exists(co) and os.path.exists(go)):
            skipped += len(fns)
            continue
        try:
            c, g = elf(co), elf(go)
        except (ValueError, struct.error, IndexError) as e:
            print(f'{name}: error: {e}')
            skipped += len(fns)
            continue
        for fn in fns:
            (cb, crel), (gb, grel) = func_bytes(c, fn), func_bytes(g, fn)
            if cb is not None and gb is not None:
                cb, gb = masked(cb, crel | grel), masked(gb, crel | grel)
            if cb is None and gb is None:
                skipped += 1      # not compiled in (#if), by either
            elif cb is None or gb is None:
                missing += 1
                print(f'{name}:{fn}: missing in {"clang" if cb is None else "gcc"}')
            elif cb == gb:
                equal += 1
            else:
                differ += 1
                first = next((i for i in range(min(len(cb), len(gb)))
                              if cb[i] != gb[i]), min(len(cb), len(gb)))
                print(f'{name}:{fn}: differ: clang {len(cb) // 8} insns, '
                      f'gcc {len(gb) // 8}, first difference at insn {first // 8}')
    print(f'naked functions: {equal} equal, {differ} different, '
          f'{missing} missing in one object, {skipped} in files a compiler '
          f'did not build')

main()
