"""What the Python tests share: where the CLI and the golden pairs are (the variables the
other tests use, given by ctest's environment), and running the CLI."""

import os
import re
import subprocess
import unittest

CLI = os.environ.get("FASTVMAF_CLI", "")
SHARED = os.environ.get("FASTVMAF_SHARED_DIR", "")
CORPUS = os.environ.get("FASTVMAF_CORPUS_DIR", "")

# (name, reference, distorted, raw geometry or None): small golden pairs.
NETFLIX_8BIT = ("src01_160x90", "ref_test_0_1_src01_hrc00_576x324_576x324_vs_src01_hrc01_576x324_576x324_q_160x90.yuv",
                "dis_test_0_1_src01_hrc00_576x324_576x324_vs_src01_hrc01_576x324_576x324_q_160x90.yuv",
                (160, 90, "420", 8))
NETFLIX_10BIT = ("src01_576x324_10bit", "src01_hrc00_576x324.yuv420p10le.yuv", "src01_hrc01_576x324.yuv420p10le.yuv",
                 (576, 324, "420", 10))
CORPUS_PAIR = "lake_dusk_pan_576x324_8bit"


def netflix_pair(pair):
    """(reference, distorted, geometry) of a Netflix pair, or skips the test without the shared data."""
    name, ref, dis, geometry = pair
    folder = os.path.join(SHARED, "netflix")
    if not SHARED or not os.path.isfile(os.path.join(folder, ref)):
        raise unittest.SkipTest(f"no shared data (FASTVMAF_SHARED_DIR={SHARED!r}): the Netflix pair {name} is absent")
    return os.path.join(folder, ref), os.path.join(folder, dis), geometry


def corpus_pair(name=CORPUS_PAIR):
    """(reference, distorted) .y4m of a decoded corpus pair, or skips the test without them."""
    ref = os.path.join(CORPUS, name + "_ref.y4m")
    if not CORPUS or not os.path.isfile(ref):
        raise unittest.SkipTest(f"the decoded corpus (FASTVMAF_CORPUS_DIR={CORPUS!r}) has no {name}")
    return ref, os.path.join(CORPUS, name + "_dis.y4m")


def raw_args(geometry):
    if geometry is None:
        return []
    w, h, p, b = geometry
    return ["-w", str(w), "-h", str(h), "-p", p, "-b", str(b)]


def run_cli(args):
    """Runs the fastvmaf command; returns its completed process (raises when it fails)."""
    if not CLI:
        raise unittest.SkipTest("FASTVMAF_CLI is not set")
    return subprocess.run([CLI, "-q", *args], check=True, capture_output=True, text=True)


def without_fps(doc):
    """A JSON or XML document with its fps value (the speed of that run) blanked; the line stays."""
    doc = re.sub(r'^(  "fps": )[0-9.]+,$', r"\1FPS,", doc, flags=re.M)
    return re.sub(r'^(  <fyi fps=")[0-9.]+(" />)$', r"\1FPS\2", doc, flags=re.M)
