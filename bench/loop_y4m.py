#!/usr/bin/env python3
# Loops a .y4m's frames (forward, then backward, so motion stays real) into a longer one.
import sys
src, dst, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
data = open(src, "rb").read()
head_end = data.index(b"\n") + 1
header, body = data[:head_end], data[head_end:]
frames = [b"FRAME" + f for f in body.split(b"FRAME")[1:]]
order = frames + frames[-2:0:-1] if len(frames) > 2 else frames
with open(dst, "wb") as out:
    out.write(header)
    for i in range(n):
        out.write(order[i % len(order)])
