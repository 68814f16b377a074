#!/usr/bin/env python3
"""compare_png.py ACTUAL.png REFERENCE.png [--channel-tolerance N] [--max-differing FRACTION]

Compares two PNGs pixel by pixel with the standard library only (zlib and struct): the
test suite's check of `:show --png` against its reference pictures. A pixel differs when a
channel differs by more than N (default 48 of 255: anti-aliasing and font hinting move edges
a little). Prints `size WxH, N of M pixels differ (P%)` and exits 0 when at most FRACTION
(default 0.01) of the pixels differ, 1 when more do or the sizes differ, 2 on a bad file.
"""
import struct
import sys
import zlib


def decode(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, chunks, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        elif kind == b"IEND":
            break
    width, height, depth, color, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(color)
    if depth != 8 or channels is None or interlace:
        raise ValueError(f"{path}: only 8-bit, non-interlaced grey/RGB/RGBA PNGs are read")
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows, previous, i = [], bytearray(stride), 0
    for _ in range(height):
        kind = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + b) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + ((a + b) >> 1)) & 0xFF
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                predictor = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + predictor) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main(argv):
    args = argv[1:]
    tolerance, fraction = 48, 0.01
    if "--channel-tolerance" in args:
        k = args.index("--channel-tolerance")
        tolerance = int(args[k + 1])
        del args[k:k + 2]
    if "--max-differing" in args:
        k = args.index("--max-differing")
        fraction = float(args[k + 1])
        del args[k:k + 2]
    if len(args) != 2:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    try:
        w1, h1, c1, a = decode(args[0])
        w2, h2, c2, b = decode(args[1])
    except (OSError, ValueError, zlib.error) as error:
        print(error, file=sys.stderr)
        return 2
    if (w1, h1) != (w2, h2):
        print(f"size {w1}x{h1} differs from the reference's {w2}x{h2}")
        return 1
    if c1 != c2:
        print(f"{c1} channels differ from the reference's {c2}")
        return 1
    differing = 0
    for row_a, row_b in zip(a, b):
        if row_a == row_b:
            continue
        for x in range(0, len(row_a), c1):
            if any(abs(row_a[x + k] - row_b[x + k]) > tolerance for k in range(c1)):
                differing += 1
    total = w1 * h1
    print(f"size {w1}x{h1}, {differing} of {total} pixels differ ({100.0 * differing / total:.2f}%)")
    return 0 if differing <= fraction * total else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
