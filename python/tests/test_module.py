"""The fastvmaf module against the fastvmaf command: the same values bit for bit, the same
documents byte for byte (the fps of the run aside: it is each run's own speed), a Session
fed numpy frames equal to the file run, and bad input raising the C++ API's errors."""

import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
import unittest

import numpy as np

import fastvmaf
from support import (CORPUS_PAIR, NETFLIX_8BIT, NETFLIX_10BIT, corpus_pair, netflix_pair, raw_args, run_cli,
                     without_fps)

MODELS = ["vmaf_v0.6.1"]
FEATURES = ["psnr"]


def geometry_kwargs(geometry):
    if geometry is None:
        return {}
    w, h, p, b = geometry
    return dict(width=w, height=h, pixel_format=p, bitdepth=b)


def read_raw_frames(path, geometry):
    """The frames of a raw 4:2:0 .yuv file as (Y, U, V) numpy planes."""
    w, h, _, bits = geometry
    dtype = np.uint8 if bits == 8 else np.dtype("<u2")
    cw, ch = (w + 1) // 2, (h + 1) // 2
    data = np.fromfile(path, dtype=dtype)
    size = w * h + 2 * cw * ch
    frames = []
    for start in range(0, data.size - size + 1, size):
        f = data[start:start + size]
        frames.append((f[:w * h].reshape(h, w), f[w * h:w * h + cw * ch].reshape(ch, cw),
                       f[w * h + cw * ch:].reshape(ch, cw)))
    return frames


class ValuesAndWriters(unittest.TestCase):
    """Every pair: the CLI's --precision max JSON read back equals the module's arrays exactly."""

    def check_pair(self, ref, dis, geometry, models=MODELS, features=FEATURES):
        with tempfile.TemporaryDirectory() as tmp:
            r = fastvmaf.score(ref, dis, models=models, features=features, **geometry_kwargs(geometry))
            cli_args = ["-r", ref, "-d", dis, *raw_args(geometry)]
            for m in models:
                cli_args += ["-m", m if "=" in m else "version=" + m]
            for f in features:
                cli_args += ["--feature", f]
            # Values: %.17g round-trips every double, so equality here is bit equality.
            out = os.path.join(tmp, "max.json")
            run_cli([*cli_args, "--json", "--precision", "max", "-o", out])
            with open(out) as fh:
                doc = json.load(fh)
            self.assertEqual(r.frame_count, len(doc["frames"]))
            self.assertGreater(r.frame_count, 0)
            for name, values in r.frames.items():
                cli_values = np.array([f["metrics"][name] for f in doc["frames"]], dtype=np.float64)
                self.assertTrue(np.array_equal(values, cli_values), f"{name}: {values} != {cli_values}")
            self.assertEqual(set(r.frames), set(doc["frames"][0]["metrics"]))
            for name, pooled in doc["pooled_metrics"].items():
                self.assertEqual(r.pooled[name], pooled, name)
            # Documents: every format the CLI writes, at its default and at max precision.
            for fmt, flag in (("json", "--json"), ("xml", "--xml"), ("csv", "--csv")):
                for precision, pflags in ((None, []), ("max", ["--precision", "max"]), (3, ["--precision", "3"])):
                    cli_out = os.path.join(tmp, f"cli.{fmt}")
                    py_out = os.path.join(tmp, f"py.{fmt}")
                    run_cli([*cli_args, flag, *pflags, "-o", cli_out])
                    getattr(r, "to_" + fmt)(py_out, precision=precision)
                    with open(cli_out) as a, open(py_out) as b:
                        cli_doc, py_doc = a.read(), b.read()
                    if fmt == "csv":  # no fps in CSV: byte for byte as it stands
                        self.assertEqual(cli_doc, py_doc)
                    else:
                        self.assertEqual(without_fps(cli_doc), without_fps(py_doc), f"{fmt} {precision}")
                        self.assertNotEqual(without_fps(py_doc), py_doc)  # the fps line was there
                    self.assertEqual(getattr(r, "to_" + fmt)(precision=precision), py_doc)
        return r

    def test_netflix_8bit_raw(self):
        self.check_pair(*netflix_pair(NETFLIX_8BIT))

    def test_netflix_10bit_raw(self):
        self.check_pair(*netflix_pair(NETFLIX_10BIT), models=["vmaf_v0.6.1", "version=vmaf_b_v0.6.3:name=vmaf_b"], features=[])

    def test_corpus_y4m(self):
        ref, dis = corpus_pair()
        r = self.check_pair(ref, dis, None, features=["psnr", "cambi"])
        self.assertIn("cambi", r.frames)

    def test_compressed_scaled_input(self):
        # A compressed encode at a lower size, scaled back (--scale): the outputs' "input"
        # record comes from the same code as the CLI's.
        ffmpeg = shutil.which("ffmpeg")
        if not ffmpeg:
            self.skipTest("no ffmpeg to make the compressed file")
        with tempfile.TemporaryDirectory() as tmp:
            ref, dis = os.path.join(tmp, "ref.y4m"), os.path.join(tmp, "dis.mp4")
            subprocess.run([ffmpeg, "-nostdin", "-loglevel", "error", "-f", "lavfi", "-i",
                            "testsrc2=size=320x180:rate=24:duration=0.5", "-pix_fmt", "yuv420p", "-f", "yuv4mpegpipe",
                            "-strict", "-1", ref], check=True)
            subprocess.run([ffmpeg, "-nostdin", "-loglevel", "error", "-i", ref, "-vf", "scale=160:90", "-c:v",
                            "libx264", "-preset", "veryfast", "-crf", "30", dis], check=True)
            r = fastvmaf.score(ref, dis, models=MODELS, scale=True)
            self.assertIn("distorted", r.inputs)
            out = os.path.join(tmp, "cli.json")
            run_cli(["-r", ref, "-d", dis, "-m", "version=vmaf_v0.6.1", "--scale", "--json", "-o", out])
            with open(out) as f:
                self.assertEqual(without_fps(f.read()), without_fps(r.to_json()))

    def test_bootstrap_interval(self):
        ref, dis, g = netflix_pair(NETFLIX_10BIT)
        r = fastvmaf.score(ref, dis, models="vmaf_b_v0.6.3", **geometry_kwargs(g))
        (m,) = r.models
        self.assertTrue(m["bootstrap"])
        self.assertLessEqual(m["ci_lo"], m["ci_hi"])
        self.assertIn("vmaf_ci_p95_lo", r.frames)  # under the model's name, "vmaf" by default

    def test_progress(self):
        ref, dis, g = netflix_pair(NETFLIX_8BIT)
        seen = []
        r = fastvmaf.score(ref, dis, models=MODELS, progress=seen.append, **geometry_kwargs(g))
        self.assertEqual(seen, sorted(seen))
        self.assertEqual(seen[-1], r.frame_count)

        def stop(n):
            raise KeyError("stop")

        with self.assertRaises(KeyError):  # an exception in the callback ends the run and propagates
            fastvmaf.score(ref, dis, models=MODELS, progress=stop, **geometry_kwargs(g))

    def test_to_pandas(self):
        try:
            import pandas  # noqa: F401
        except ImportError:
            self.skipTest("pandas is not installed (Debian: python3-pandas)")
        ref, dis, g = netflix_pair(NETFLIX_8BIT)
        r = fastvmaf.score(ref, dis, models=MODELS, **geometry_kwargs(g))
        df = r.to_pandas()
        self.assertEqual(len(df), r.frame_count)
        self.assertTrue(np.array_equal(df["vmaf"].to_numpy(), r.frames["vmaf"]))


class SessionFrames(unittest.TestCase):
    """Frames pushed as numpy planes give the file run's result."""

    def check(self, pair):
        ref, dis, g = netflix_pair(pair)
        w, h, p, b = g
        from_files = fastvmaf.score(ref, dis, models=MODELS, features=FEATURES, **geometry_kwargs(g))
        seen = []
        s = fastvmaf.Session(w, h, p, b, models=MODELS, features=FEATURES,
                             on_frame=lambda i, values: seen.append((i, values["vmaf"])))
        for fr, fd in zip(read_raw_frames(ref, g), read_raw_frames(dis, g)):
            s.push(fr, fd)
        self.assertEqual(s.frames, from_files.frame_count)
        r = s.flush()
        self.assertEqual(without_fps(r.to_json(precision="max")), without_fps(from_files.to_json(precision="max")))
        for name in from_files.frames:
            self.assertTrue(np.array_equal(r.frames[name], from_files.frames[name]), name)
        self.assertEqual([i for i, _ in seen], list(range(r.frame_count)))
        self.assertEqual([v for _, v in seen], list(r.frames["vmaf"]))

    def test_8bit(self):
        self.check(NETFLIX_8BIT)

    def test_10bit(self):
        self.check(NETFLIX_10BIT)


class Segments(unittest.TestCase):
    """One video in segments, scored in a shuffled order, pickled (as a worker returns them)
    and assembled in another order: the same values and documents as score() (fps aside)."""

    def test_segments_equal_the_whole_run(self):
        import pickle
        import random
        ref, dis, geometry = netflix_pair(NETFLIX_8BIT)
        kw = dict(models=["vmaf_v0.6.1", "version=vmaf_b_v0.6.3:name=boot"], features=["psnr=enable_apsnr=true", "float_motion"])
        whole = fastvmaf.score(ref, dis, **kw, **geometry_kwargs(geometry))
        n = whole.frame_count
        cuts = [(s, min(n, s + 7)) for s in range(0, n, 7)]
        rng = random.Random(7)
        order = list(range(len(cuts)))
        rng.shuffle(order)
        parts = {}
        for i in order:
            first, end = cuts[i]
            seg = fastvmaf.score_segment(ref, dis, first, None if end == n else end, **kw, **geometry_kwargs(geometry))
            self.assertEqual((seg.first, seg.end), (first, end))
            parts[i] = pickle.loads(pickle.dumps(seg))
        segments = list(parts.values())
        rng.shuffle(segments)
        r = fastvmaf.assemble(segments, **kw)
        self.assertEqual(r.frame_count, n)
        for name, values in whole.frames.items():
            np.testing.assert_array_equal(r.frames[name], values, err_msg=name)
        self.assertEqual(r.models, whole.models)
        self.assertEqual(without_fps(r.to_json(precision="max")), without_fps(whole.to_json(precision="max")))
        cut = fastvmaf.score(ref, dis, **kw, **geometry_kwargs(geometry), segment_frames=5)
        self.assertEqual(without_fps(cut.to_xml(precision="max")), without_fps(whole.to_xml(precision="max")))

    def test_gaps_and_overlaps_are_value_errors(self):
        ref, dis, geometry = netflix_pair(NETFLIX_8BIT)
        a = fastvmaf.score_segment(ref, dis, 0, 4, features="motion", no_prediction=True, **geometry_kwargs(geometry))
        b = fastvmaf.score_segment(ref, dis, 3, 8, features="motion", no_prediction=True, **geometry_kwargs(geometry))
        with self.assertRaises(ValueError):
            fastvmaf.assemble([a, b], features="motion", no_prediction=True)
        with self.assertRaises(ValueError):
            fastvmaf.assemble([b], features="motion", no_prediction=True)


class Ladder(unittest.TestCase):
    """score_ladder: one pass over the reference, each encode's result the single pair's."""

    def test_each_encode_equals_its_single_run(self):
        ref, dis, g = netflix_pair(NETFLIX_8BIT)
        encodes = [dis, ref, dis]  # the reference against itself too: a different encode
        seen = []
        rs = fastvmaf.score_ladder(ref, encodes, models=MODELS, features=["psnr", "motion"], progress=seen.append,
                                   **geometry_kwargs(g))
        self.assertEqual(len(rs), 3)
        for r, d in zip(rs, encodes):
            single = fastvmaf.score(ref, d, models=MODELS, features=["psnr", "motion"], **geometry_kwargs(g))
            self.assertEqual(without_fps(r.to_json(precision="max")), without_fps(single.to_json(precision="max")))
            for name, values in single.frames.items():
                self.assertTrue(np.array_equal(values, r.frames[name]), name)
        self.assertNotEqual(rs[0].frames["psnr_y"].tolist(), rs[1].frames["psnr_y"].tolist())
        self.assertEqual(seen, sorted(seen))
        self.assertEqual(seen[-1], rs[0].frame_count)

    def test_a_failed_encode_leaves_the_others(self):
        ref, dis, g = netflix_pair(NETFLIX_8BIT)
        with tempfile.TemporaryDirectory() as tmp:
            short = os.path.join(tmp, "short.yuv")
            with open(dis, "rb") as f:
                head = f.read(100)  # not one whole frame: bad data for this encode only
            with open(short, "wb") as f:
                f.write(head)
            encodes = [dis, "/no/such/encode.yuv", short, dis]
            rs = fastvmaf.score_ladder(ref, encodes, models=MODELS, return_exceptions=True, **geometry_kwargs(g))
            self.assertIsInstance(rs[0], fastvmaf.Result)
            self.assertIsInstance(rs[1], fastvmaf.InputError)
            self.assertIn("/no/such/encode.yuv", str(rs[1]))
            self.assertIsInstance(rs[2], fastvmaf.Error)
            self.assertIsInstance(rs[3], fastvmaf.Result)
            self.assertEqual(rs[0].to_json(precision="max"), rs[0].to_json(precision="max"))
            self.assertEqual(rs[0].frames["vmaf"].tolist(), rs[3].frames["vmaf"].tolist())
            with self.assertRaisesRegex(fastvmaf.InputError, "/no/such/encode.yuv"):
                fastvmaf.score_ladder(ref, encodes, models=MODELS, **geometry_kwargs(g))

    def test_a_missing_reference_fails_every_encode(self):
        rs = fastvmaf.score_ladder("/no/such/ref.y4m", ["/no/a.y4m", "/no/b.y4m"], models=MODELS,
                                   return_exceptions=True)
        self.assertEqual(len(rs), 2)
        for e in rs:
            self.assertIsInstance(e, fastvmaf.InputError)
            self.assertIn("/no/such/ref.y4m", str(e))

    def test_bad_requests(self):
        with self.assertRaisesRegex(ValueError, "no distorted video"):
            fastvmaf.score_ladder("a.y4m", [], models=MODELS)
        with self.assertRaisesRegex(ValueError, 'unknown feature "nosuch"'):
            fastvmaf.score_ladder("a.y4m", ["b.y4m", "c.y4m"], features=["nosuch"])


class Gpus(unittest.TestCase):
    def test_gpus_become_the_commands_flag(self):
        self.assertEqual(fastvmaf._argv(None, None, "cuda", None, None, False, None, None, None, None, None, None,
                                        None, None, None, None, gpus=[0, 0])[-2:], ["--gpus", "0,0"])
        self.assertIn("all", fastvmaf._argv(None, None, "auto", None, None, False, None, None, None, None, None,
                                            None, None, None, None, None, gpus="all"))

    def test_gpus_without_a_gpu_backend_is_a_value_error(self):
        with self.assertRaisesRegex(ValueError, "--gpus"):
            fastvmaf.score("a.y4m", "b.y4m", models=MODELS, backend="cpu", gpus=[0])
        with self.assertRaisesRegex(ValueError, "--gpus"):
            fastvmaf.Session(64, 64, models=MODELS, backend="cpu", gpus="0,1")


class BadInput(unittest.TestCase):
    def test_missing_file_is_input_error(self):
        with self.assertRaisesRegex(fastvmaf.InputError, "/no/such/ref.y4m: cannot open"):
            fastvmaf.score("/no/such/ref.y4m", "/no/such/dis.y4m", models=MODELS)
        self.assertTrue(issubclass(fastvmaf.InputError, fastvmaf.Error))

    def test_truncated_y4m_is_input_error(self):
        with tempfile.TemporaryDirectory() as tmp:
            bad = os.path.join(tmp, "bad.y4m")
            with open(bad, "wb") as f:
                f.write(b"YUV4MPEG2 W64 H64 F25:1 C420jpeg\nFRAME\n" + bytes(100))
            with self.assertRaisesRegex(fastvmaf.InputError, "bad.y4m"):
                fastvmaf.score(bad, bad, models=MODELS)

    def test_bad_requests_are_value_errors(self):
        with self.assertRaisesRegex(ValueError, 'unknown feature "nosuch"'):
            fastvmaf.score("a.y4m", "b.y4m", features=["nosuch"])
        with self.assertRaisesRegex(ValueError, "backend"):
            fastvmaf.score("a.y4m", "b.y4m", backend="quantum")
        with self.assertRaisesRegex(ValueError, "raw .yuv input needs all of"):
            fastvmaf.score("a.yuv", "b.yuv", width=64)
        with self.assertRaises((ValueError, fastvmaf.InputError)):
            fastvmaf.score("a.y4m", "b.y4m", models=["no_such_model"])

    def test_bad_planes(self):
        s = fastvmaf.Session(64, 64, "420", 8, models=MODELS)
        y, c = np.zeros((64, 64), np.uint8), np.zeros((32, 32), np.uint8)
        with self.assertRaisesRegex(ValueError, "samples must be uint8"):
            s.push((y.astype(np.uint16), c, c), (y, c, c))
        with self.assertRaisesRegex(ValueError, r"plane U: expected shape \(32, 32\)"):
            s.push((y, y, c), (y, c, c))
        with self.assertRaisesRegex(ValueError, "expected 3 planes"):
            s.push((y, c), (y, c, c))
        with self.assertRaisesRegex(ValueError, "adjacent"):
            s.push((y, c, c), (np.zeros((64, 128), np.uint8)[:, ::2], c, c))

    def test_sample_above_bit_depth_is_input_error(self):
        s = fastvmaf.Session(64, 64, "420", 10, models=MODELS)
        y, c = np.zeros((64, 64), np.uint16), np.zeros((32, 32), np.uint16)
        bad = y.copy()
        bad[3, 5] = 1024
        with self.assertRaises(fastvmaf.InputError):
            s.push((bad, c, c), (y, c, c))

    def test_flush_twice(self):
        s = fastvmaf.Session(64, 64, "420", 8, models=MODELS)
        with self.assertRaisesRegex(ValueError, "no frame"):
            s.flush()


class GilReleased(unittest.TestCase):
    def test_python_runs_while_scoring(self):
        ref, dis = corpus_pair(CORPUS_PAIR)
        done = threading.Event()

        def work():
            # Scores until half a second has passed (at least once): a fast machine scores
            # the pair in under 0.2 s, too short a window to measure the loop in.
            try:
                start = time.monotonic()
                while True:
                    fastvmaf.score(ref, dis, models=MODELS, threads=1)
                    if time.monotonic() - start > 0.5:
                        break
            finally:
                done.set()

        # The loop's speed alone, then while the other thread scores: holding the GIL through
        # the run would leave the loop a switch interval or two (10 ms) of the run's time.
        # The bound leaves room for a loaded CI machine (ctest -j2 on two cores, the scoring
        # thread a third runnable one): the loop gets about half a core there, and 0.6 of its
        # idle rate failed once.
        probe = threading.Event()
        ticks, t0 = 0, time.monotonic()
        while time.monotonic() - t0 < 0.2 and not probe.is_set():
            ticks += 1
        rate = ticks / (time.monotonic() - t0)
        worker = threading.Thread(target=work)
        ticks, t0 = 0, time.monotonic()
        worker.start()
        while not done.is_set():
            ticks += 1
        elapsed = time.monotonic() - t0
        worker.join()
        self.assertGreater(elapsed, 0.2)
        self.assertGreater(ticks, 0.25 * rate * elapsed, f"{ticks} iterations in {elapsed:.2f} s at {rate:.0f}/s alone")


if __name__ == "__main__":
    unittest.main()
