#!/usr/bin/env python3
"""No fp64 and no contracted floating-point operation in any SYCL kernel.

The SYCL module's kernels reach the device as LLVM IR (AdaptiveCpp's generic target: one
IR module per source, in a container the runtime registers when the module loads). The
runtime writes those containers out when ACPP_HCF_DUMP_DIRECTORY is set; this loads the
module (through `fastvmaf --list-features`), takes every IR module from them, and checks
its text (llvm-dis):
  - no `double` anywhere: Intel's Arc and UHD GPUs have no fp64, so the twins' double
    arithmetic is integer arithmetic in SYCL (core/hd/f64.hpp, docs/adr/0208-sycl-backend.md);
  - no `contract`, `fast` or `afn` flag on an operation: each one rounds as written, as the
    CPU's does (the module's SYCL units are compiled with -ffp-contract=off);
  - no `unreachable`: a path the optimiser knows is never taken is a second exit, and
    AdaptiveCpp 24.06's CPU compiler, which cuts a kernel with barriers at them, may then
    build the kernel without its return, in some compiles and not others, and the kernel
    never ends on the CPU device (docs/adr/0211-sycl-cpu-kernel-exits.md). The CPU's code
    is compiled from the same source as this IR, so the block shows here first.
Fails naming each function that breaks a rule, with its first offending lines.

usage: sycl_device_ir.py FASTVMAF_CLI SYCL_MODULE LLVM_DIS
       sycl_device_ir.py --hcf DIR LLVM_DIS     (check containers dumped before: the
                                                 checker's own test, on a fixture)
"""
import os
import re
import subprocess
import sys
import tempfile

import sycl_hcf

bad = []
images = 0
functions = 0
with tempfile.TemporaryDirectory() as tmp:
    if sys.argv[1] == "--hcf":
        dumps, llvm_dis = sys.argv[2:4]
    else:
        cli, module, llvm_dis = sys.argv[1:4]
        dumps = sycl_hcf.dump(cli, module, tmp)
    for path in sycl_hcf.containers(dumps):
        name = os.path.basename(path)
        for start, code in sycl_hcf.ir_modules(path):
            bc = os.path.join(tmp, f"{name}.{start}.bc")
            open(bc, "wb").write(code)
            ir = subprocess.run([llvm_dis, bc, "-o", "-"], capture_output=True, text=True)
            if ir.returncode != 0:
                sys.exit(f"FAIL: {llvm_dis} {name}: {ir.stderr.strip()}")
            images += 1
            current, first = None, {}
            for line in ir.stdout.splitlines():
                if line.startswith("define "):
                    m2 = re.search(r"@(\"[^\"]+\"|[\w.$]+)\(", line)
                    current = m2.group(1).strip('"') if m2 else "?"
                    functions += 1
                what = None
                if re.search(r"\bdouble\b", line):
                    what = "fp64"
                elif re.search(r"\b(fadd|fsub|fmul|fdiv|frem|fneg|call)\b.*\b(contract|fast|afn|reassoc)\b", line):
                    what = "contracted or fast-math"
                elif re.match(r"\s*unreachable\b", line):
                    what = "a second exit (unreachable)"
                if what and current:
                    first.setdefault((current, what), []).append(line.strip())
            for (fn, what), lines in first.items():
                demangled = sycl_hcf.demangle(fn)
                bad.append(f"FAIL {what} in {demangled[:300]}:\n    " + "\n    ".join(lines[:3]))
if images == 0:
    sys.exit("FAIL: no device IR found (is the module built for AdaptiveCpp's generic target?)")
for b in bad:
    print(b)
print(f"{'FAIL' if bad else 'ok'}: {images} device IR modules, {functions} functions, "
      f"{len(bad)} with fp64, contraction or a second exit")
sys.exit(1 if bad else 0)
