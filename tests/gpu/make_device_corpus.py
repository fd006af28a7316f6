#!/usr/bin/env python3
"""Makes the corpus's distorted clips small enough to carry to the device machine (which has
no ffmpeg) for tests/gpu/cambi_corpus_parity.py: the luma plane only, copied byte for byte
into a Cmono / Cmono10 .y4m (CAMBI without full_ref reads nothing else), xz-compressed.
Codec output compresses well: 8-bit clips shrink about 50x, 10-bit ones about 5x.

The planes are copied, not converted: ffmpeg's gray pixel formats are full range, so
`-pix_fmt gray` would rescale limited-range luma.

usage: make_device_corpus.py MATERIALIZED_CORPUS_DIR OUT_DIR
(MATERIALIZED_CORPUS_DIR: the .y4m files ../shared/corpus/materialize.sh writes.)
"""
import glob
import lzma
import os
import re
import sys

CHROMA = {"420": (2, 2), "422": (2, 1), "444": (1, 1)}


def luma_only(src, dst):
    with open(src, "rb") as f:
        header = f.readline().decode(errors="replace").split()
        tags = {t[0]: t[1:] for t in header[1:]}
        if not header or header[0] != "YUV4MPEG2" or not tags.get("W", "").isdigit() or not tags.get("H", "").isdigit():
            raise SystemExit(f"{src}: not a .y4m file with a width and a height (header {' '.join(header)!r})")
        w, h = int(tags["W"]), int(tags["H"])
        c = tags.get("C", "420")
        m = re.fullmatch(r"(420|422|444)[a-z0-9]*?(?:p(\d+))?", c)
        if not m:
            raise SystemExit(f"{src}: unsupported chroma {c}")
        sub, depth = m.group(1), m.group(2) or ""
        bpp = 2 if depth else 1
        sx, sy = CHROMA[sub]
        luma = w * h * bpp
        chroma = 2 * ((w + sx - 1) // sx) * ((h + sy - 1) // sy) * bpp
        mono = "mono" + (depth if depth else "")
        out_header = [header[0]] + [t if not t.startswith("C") else "C" + mono
                                     for t in header[1:] if not t.startswith("X")]
        tmp = dst + ".tmp"
        try:
            frames = copy_luma(f, src, tmp, out_header, luma, chroma)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)  # nothing written half
            raise
        os.replace(tmp, dst)
        return frames


def copy_luma(f, src, tmp, out_header, luma, chroma):
    """Copies every frame's luma from f (read past its header) into the .xz file tmp."""
    frames = 0
    with lzma.open(tmp, "wb", preset=9) as o:
        o.write((" ".join(out_header) + "\n").encode())
        while True:
            line = f.readline()
            if not line:
                return frames
            if not line.startswith(b"FRAME"):
                raise SystemExit(f"{src}: frame {frames}: bad frame header")
            y = f.read(luma)
            rest = f.read(chroma)
            if len(y) != luma or len(rest) != chroma:
                raise SystemExit(f"{src}: frame {frames} truncated")
            o.write(b"FRAME\n")
            o.write(y)
            frames += 1


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    src, out = sys.argv[1:]
    os.makedirs(out, exist_ok=True)
    clips = sorted(glob.glob(os.path.join(src, "*_dis.y4m")))
    if not clips:
        sys.exit(f"no *_dis.y4m in {src}")
    for clip in clips:
        dst = os.path.join(out, os.path.basename(clip) + ".xz")
        if os.path.exists(dst):
            continue
        n = luma_only(clip, dst)
        print(f"{os.path.basename(dst)}: {n} frames, {os.path.getsize(dst)} bytes", flush=True)


if __name__ == "__main__":
    main()
