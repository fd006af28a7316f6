#!/bin/sh
# cmake --install puts the Python package where Python looks: installs the build to a
# temporary prefix, imports fastvmaf from there (not from the build tree) and scores a
# generated pair, and a compressed one where ffmpeg exists (the compressed-input module is
# found beside the installed libfastvmaf.so); the installed CLI's `fastvmaf report` finds
# the installed package.
#   installed.sh BUILD_DIR WORK_DIR PYTHON PACKAGE_DIR_RELATIVE_TO_PREFIX
set -eu
build=$1 work=$2 python=$3 reldir=$4
rm -rf "$work" && mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" >/dev/null
export PYTHONPATH="$work/prefix/$reldir"
cd "$work"
"$python" - <<'PY'
import os, shutil, subprocess
import numpy as np
import fastvmaf
assert fastvmaf.__file__.startswith(os.environ["PYTHONPATH"]), fastvmaf.__file__
w, h = 176, 144
rng = np.random.default_rng(1)
with open("ref.y4m", "wb") as r, open("dis.y4m", "wb") as d:
    for f in (r, d):
        f.write(b"YUV4MPEG2 W176 H144 F25:1 Ip A1:1 C420jpeg\n")
    for _ in range(3):
        frame = rng.integers(0, 256, w * h * 3 // 2, dtype=np.uint8)
        noisy = np.clip(frame.astype(int) + rng.integers(-3, 4, frame.size), 0, 255).astype(np.uint8)
        r.write(b"FRAME\n" + frame.tobytes())
        d.write(b"FRAME\n" + noisy.tobytes())
res = fastvmaf.score("ref.y4m", "dis.y4m", models="vmaf_v0.6.1")
assert res.frame_count == 3 and np.isfinite(res.frames["vmaf"]).all(), res
print("installed module scores:", res)
ffmpeg = shutil.which("ffmpeg")
if ffmpeg:
    subprocess.run([ffmpeg, "-nostdin", "-loglevel", "error", "-i", "dis.y4m", "-c:v", "libx264", "-crf", "20",
                    "dis.mp4"], check=True)
    res = fastvmaf.score("ref.y4m", "dis.mp4", models="vmaf_v0.6.1")
    assert res.frame_count == 3, res
    print("installed module decodes:", res)
res.to_json("scores.json")
PY
# The installed CLI draws the report with the installed package, found from its bin/.
env -u PYTHONPATH "$work/prefix/bin/fastvmaf" report scores.json -o report.html
grep -q '<path class="series"' report.html
echo "installed fastvmaf report: $work/report.html"
