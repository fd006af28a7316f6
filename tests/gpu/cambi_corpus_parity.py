#!/usr/bin/env python3
"""CAMBI on the GPU against the CPU and libvmaf, on every frame of every corpus clip.

Runs on the device machine, which has no ffmpeg: tests/gpu/make_device_corpus.sh turns the
corpus's distorted clips into luma-only .y4m.xz files small enough to carry there (CAMBI
without full_ref reads only the distorted luma, so each clip is passed as both -r and -d).

For every clip and each of three option sets (libvmaf's golden runs `cambi` and
`cambi_opts`, and the cambi options of the v1 model), runs the CLI with --backend cpu and
--backend cuda and compares every per-frame value at %.17g:
  - cpu must equal libvmaf's golden value (this also proves the luma-only clip is faithful);
  - cuda must equal cpu, except on the frames listed in EXPECTED (pair, run, frame, cpu
    value, gpu value), where libvmaf's double top-K sum is inexact and the twin's exact
    sum differs by a few ulps. A listed frame that starts agreeing fails too.
Clips too small for CAMBI must be refused by both backends with the same message.

usage: cambi_corpus_parity.py CLI CLIPS_DIR GOLDEN_CORPUS_DIR EXPECTED_TSV
           [--write-found TSV] [--gpu-backend cuda|hip|cpu]
(--gpu-backend cpu checks the script and the clips against libvmaf on a machine without a GPU.)
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

RUNS = (
    ("cambi", "cambi", "cambi"),
    ("cambi_opts", "cambi=window_size=33:topk=0.2:tvi_threshold=0.012", "cambi_topk_0.2_tvit_0.012_ws_33"),
    ("v1", "cambi=cambi_high_res_speedup=1080:cambi_vis_lum_threshold=0.06:cambi_max_val=17.0",
     "cambi_hrs_1080_cmxv_17_vlt_0.06"),
)


def run_cli(cli, clip, feature, backend):
    fd, out = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    try:
        r = subprocess.run([cli, "-r", clip, "-d", clip, "-n", "--feature", feature, "--backend", backend,
                            "--json", "-o", out, "--precision", "max", "-q"],
                           capture_output=True, text=True, timeout=600)
        last = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else ""
        return r.returncode, last, (json.load(open(out)) if r.returncode == 0 else None)
    finally:
        if os.path.exists(out):
            os.unlink(out)


def per_frame(doc, key):
    return [f["metrics"][key] for f in doc["frames"]]


def main():
    args = sys.argv[1:]
    opts = {"--write-found": None, "--gpu-backend": "cuda"}
    for name in opts:
        if name in args:
            i = args.index(name)
            opts[name] = args[i + 1]
            del args[i:i + 2]
    found_path, gpu_backend = opts["--write-found"], opts["--gpu-backend"]
    if len(args) != 4:
        sys.exit(__doc__)
    cli, clips_dir, golden_dir, expected_path = args
    for path, what in ((cli, "CLI"), (golden_dir, "golden folder"), (expected_path, "expected list")):
        if not os.path.exists(path):
            sys.exit(f"{what} not found: {path}")

    expected = set()
    for line in open(expected_path):
        if line.strip() and not line.startswith("#"):
            pair, run, frame, cpu, gpu = line.rstrip("\n").split("\t")
            expected.add((pair, run, int(frame), float(cpu), float(gpu)))

    clips = sorted(glob.glob(os.path.join(clips_dir, "*_dis.y4m")))
    if not clips:
        sys.exit(f"no *_dis.y4m in {clips_dir}")
    failures, found, values = [], set(), 0
    for clip in clips:
        pair = os.path.basename(clip)[:-len("_dis.y4m")]
        for run, feature, key in RUNS:
            rc_c, err_c, cpu = run_cli(cli, clip, feature, "cpu")
            rc_g, err_g, gpu = run_cli(cli, clip, feature, gpu_backend)
            if rc_c or rc_g:
                same = rc_c == rc_g and err_c == err_g
                print(f"{'OK  ' if same else 'FAIL'} {pair} {run}: refused: cpu '{err_c}' {gpu_backend} '{err_g}'")
                if not same:
                    failures.append(f"{pair} {run}: exit {rc_c}/{rc_g}")
                continue
            c, g = per_frame(cpu, key), per_frame(gpu, key)
            golden_file = os.path.join(golden_dir, pair, run + ".json")
            gold = per_frame(json.load(open(golden_file)), key) if os.path.exists(golden_file) else None
            if gold is not None and c != gold:
                bad = [i for i, (a, b) in enumerate(zip(c, gold)) if a != b]
                failures.append(f"{pair} {run}: cpu != libvmaf on frames {bad or 'count'}")
            if len(c) != len(g):
                failures.append(f"{pair} {run}: frame count cpu {len(c)} {gpu_backend} {len(g)}")
            differ = 0
            for i, (a, b) in enumerate(zip(c, g)):
                values += 1
                if a != b:
                    differ += 1
                    found.add((pair, run, i, a, b))
                    print(f"     {pair} {run} frame {i}: cpu {a!r} {gpu_backend} {b!r} ({b - a:+.2e})")
            print(f"OK   {pair} {run}: {len(c)} frames, {differ} differ, "
                  f"cpu {'= libvmaf' if gold is not None else '(no golden)'}")

    for row in sorted(found - expected):
        failures.append(f"unlisted difference: {row}")
    for row in sorted(expected - found):
        failures.append(f"listed difference not seen: {row}")
    if found_path:
        with open(found_path, "w") as f:
            for row in sorted(found):
                f.write("\t".join([row[0], row[1], str(row[2]), repr(row[3]), repr(row[4])]) + "\n")
    print(f"{values} per-frame values compared, {len(found)} differ (listed: {len(expected)})")
    for x in failures:
        print("FAIL", x)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
