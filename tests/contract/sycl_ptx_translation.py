#!/usr/bin/env python3
"""Every SYCL kernel translates to PTX in bounded time.

On an NVIDIA GPU a SYCL process compiles each kernel when it is first launched: AdaptiveCpp
turns the container's LLVM IR into PTX in the process (its llvm-to-ptx library), then the
driver compiles the PTX. AdaptiveCpp 24.06 makes every function always-inline on that path,
so a kernel whose routines call heavy helpers many times can grow past what LLVM finishes:
CIEDE's per-pixel kernel sat over 500 s in it on an H100 (docs/conformance.md). The same
library runs here without a GPU (`llvm-to-ptx-tool`), so this runs it on every container
of the module and fails naming the kernels of each that takes longer than LIMIT seconds or
fails. (The driver's own PTX compile comes after and is not measured here.)

usage: sycl_ptx_translation.py FASTVMAF_CLI SYCL_MODULE LLVM_TO_PTX_TOOL LIMIT_S [ONLY]
       ONLY: translate only the containers one of whose kernels' names holds this text
             (the checker's own test: CIEDE's alone, not the whole module again)
"""
import os
import subprocess
import sys
import tempfile
import time

import sycl_hcf

cli, module, tool, limit = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
only = sys.argv[5] if len(sys.argv) > 5 else None
lib = os.path.dirname(os.path.abspath(tool))
env = dict(os.environ, LD_LIBRARY_PATH=os.pathsep.join([lib, os.path.dirname(os.path.dirname(lib)),
                                                         os.environ.get("LD_LIBRARY_PATH", "")]))
bad = []
with tempfile.TemporaryDirectory() as tmp:
    folder = os.path.join(tmp, "hcf")
    os.mkdir(folder)
    found = sycl_hcf.containers(sycl_hcf.dump(cli, module, folder))
    if not found:
        sys.exit("FAIL: no device IR found (is the module built for AdaptiveCpp's generic target?)")
    translated = 0
    for path in found:
        names = sycl_hcf.kernels(path)
        if only and not any(only in sycl_hcf.demangle(n) for n in names):
            continue
        translated += 1
        what = sycl_hcf.demangle(names[0])[:160] if names else os.path.basename(path)
        start = time.monotonic()
        try:
            run = subprocess.run([tool, path, os.path.join(tmp, "out.ptx"), "llvm-ir.global"], env=env,
                                 capture_output=True, text=True, timeout=limit)
            took = time.monotonic() - start
            if run.returncode != 0:
                bad.append(f"FAIL {what}: the translation failed: {(run.stderr or run.stdout).strip()[:300]}")
            print(f"{took:7.1f} s  {len(names):3d} kernels  {what}")
        except subprocess.TimeoutExpired:
            bad.append(f"FAIL {what} ({len(names)} kernels): took longer than {limit:g} s")
    if translated == 0:
        sys.exit(f"FAIL: no container holds a kernel named with {only!r}")
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
