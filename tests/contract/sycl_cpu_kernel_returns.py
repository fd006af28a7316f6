#!/usr/bin/env python3
"""Every SYCL kernel of the CPU device returns: its work-group loop has a return instruction.

AdaptiveCpp 24.06's CPU compiler (the `omp` target) runs a kernel with barriers as regions
between them, chosen by a dispatcher whose exit is the kernel's return. When the kernel's
code before that cutting holds a second exit (an `unreachable`: a path the optimiser knows
is never taken, or the dead default of the switch clang makes for a `break` out of a loop),
the compiler may build the kernel without its return, in some compiles and not others: the
kernel then never ends on the CPU device, and every run that uses it hangs
(docs/adr/0211-sycl-cpu-kernel-exits.md). This reads the machine code of the objects the
module is linked from (objdump) and fails naming each work-group loop
(`iterate_nd_range_omp`) with no return instruction: a build that would hang fails here in
seconds, whichever way its compile went.

usage: sycl_cpu_kernel_returns.py OBJDUMP OBJECT...
"""
import re
import subprocess
import sys

objdump, objects = sys.argv[1], sys.argv[2:]
loops = 0
lost = []
for obj in objects:
    run = subprocess.run([objdump, "-d", "--no-show-raw-insn", obj], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"FAIL: {objdump} -d {obj}: {run.stderr.strip()}")
    for body in re.split(r"\n(?=[0-9a-f]+ <)", run.stdout):
        m = re.match(r"[0-9a-f]+ <([^>]+)>:", body)
        if not m or "iterate_nd_range_omp" not in m.group(1):
            continue
        loops += 1
        if not re.search(r"^\s*[0-9a-f]+:\s+(ret|retq)\b", body, re.M):
            name = subprocess.run(["c++filt", m.group(1)], capture_output=True, text=True).stdout.strip() or m.group(1)
            lost.append((obj, name))
for obj, name in lost:
    print(f"FAIL a kernel without its return in {obj}: {name[:600]}")
if lost:
    sys.exit(1)
if loops == 0:
    sys.exit("FAIL: no SYCL work-group loop (iterate_nd_range_omp) in the objects: nothing was checked")
print(f"OK: {loops} work-group loops in {len(objects)} objects, each with its return")
