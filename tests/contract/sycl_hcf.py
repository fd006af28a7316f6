"""The SYCL module's device code as AdaptiveCpp registers it (shared by the contract checks).

AdaptiveCpp's generic target keeps one container (HCF) per source of the module, holding
that source's kernels as LLVM IR; the runtime writes them out when ACPP_HCF_DUMP_DIRECTORY
is set. dump() loads the module through `fastvmaf --list-features` and returns the folder.
"""
import os
import re
import subprocess
import sys


def dump(cli, module, folder):
    """The module's containers, written into `folder` (exits naming what went wrong)."""
    env = dict(os.environ, ACPP_HCF_DUMP_DIRECTORY=folder, FASTVMAF_SYCL_MODULE=module, ACPP_DEBUG_LEVEL="0")
    run = subprocess.run([cli, "--list-features"], env=env, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"FAIL: {cli} --list-features: {run.stderr.strip()}")
    if "sycl" not in run.stdout:
        sys.exit("FAIL: the SYCL module registered no twin")
    return folder


def containers(folder):
    """The .hcf files of `folder`, sorted."""
    return [os.path.join(folder, n) for n in sorted(os.listdir(folder)) if n.endswith(".hcf")]


def _parts(path):
    """A container's text part and its appendix (the binaries; empty when it has none)."""
    data = open(path, "rb").read()
    marker = data.find(b"__acpp_hcf_binary_appendix")
    if marker < 0:
        return data.decode("utf-8", "replace"), b""
    return data[:marker].decode("utf-8", "replace"), data[marker + len(b"__acpp_hcf_binary_appendix"):]


def kernels(path):
    """The kernels a container holds (their mangled names), from its text part."""
    return re.findall(r"^\{\.(_Z\S*__acpp_sscp_kernel\S*)$", _parts(path)[0], re.M)


def ir_modules(path):
    """The LLVM bitcode modules a container holds, as (offset, bytes) pairs."""
    text, appendix = _parts(path)
    found = re.finditer(r"format=llvm-ir\s*\{\.__binary\s*start=(\d+)\s*size=(\d+)", text)
    spans = [(int(m.group(1)), int(m.group(2))) for m in found]
    return [(start, appendix[start:start + size]) for start, size in spans if appendix]


def demangle(name):
    return subprocess.run(["c++filt", name], capture_output=True, text=True).stdout.strip() or name
