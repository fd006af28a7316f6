"""fastvmaf.distributed on Dask: a manifest scored on a LocalCluster of two worker
processes, and on a scheduler and two workers started as processes of their own (`dask
scheduler`, `dask worker`, on 127.0.0.1) and reached by address. Every output equals the
single-process CLI run's byte for byte (the fps value aside); a failing pair and a bad
line are reported with their messages while the others finish."""

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import unittest

from support import NETFLIX_8BIT, NETFLIX_10BIT, SHARED, netflix_pair, raw_args, run_cli, without_fps

try:
    from dask.distributed import Client, LocalCluster
except ImportError:  # pragma: no cover
    Client = LocalCluster = None

from fastvmaf.distributed import read_manifest, score_manifest

MODELS = ["vmaf_v0.6.1"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Manifest:
    """A manifest in a temporary folder: two Netflix pairs (raw, by relative path of a link
    to the shared folder), a pair whose distorted file is missing, and a bad line."""

    def __init__(self, tmp):
        self.tmp = tmp
        os.symlink(os.path.join(SHARED, "netflix"), os.path.join(tmp, "media"))
        self.good = []
        lines = ["# reference\tdistorted\toutput\tw\th\tformat\tbits"]
        for k, pair in enumerate((NETFLIX_8BIT, NETFLIX_10BIT)):
            ref, dis, g = netflix_pair(pair)
            out = f"out/pair{k}.json"
            lines.append("\t".join([f"media/{os.path.basename(ref)}", f"media/{os.path.basename(dis)}", out,
                                    *map(str, g)]))
            self.good.append((ref, dis, g, os.path.join(tmp, out)))
        ref, _, g = netflix_pair(NETFLIX_8BIT)
        lines.append("\t".join([ref, "missing.yuv", "out/missing.json", *map(str, g)]))
        lines.append("only\ttwo")
        os.makedirs(os.path.join(tmp, "out"))
        self.path = os.path.join(tmp, "pairs.tsv")
        with open(self.path, "w") as f:
            f.write("\n".join(lines) + "\n")

    def expected(self, k):
        """The single-process CLI output of good pair k."""
        ref, dis, g, _ = self.good[k]
        out = os.path.join(self.tmp, f"cli{k}.json")
        if not os.path.exists(out):
            run_cli(["-r", ref, "-d", dis, *raw_args(g), "-m", "version=vmaf_v0.6.1", "--json", "-o", out])
        with open(out) as f:
            return f.read()


class DistributedTests(unittest.TestCase):
    def setUp(self):
        if Client is None:
            self.skipTest("no dask.distributed (Debian: python3-distributed)")
        netflix_pair(NETFLIX_8BIT)  # skips without the shared data
        self.tmp = tempfile.mkdtemp(prefix="fastvmaf-dask-")
        self.addCleanup(shutil.rmtree, self.tmp, True)
        self.manifest = Manifest(self.tmp)

    def check(self, client):
        outcomes = score_manifest(self.manifest.path, client=client, models=MODELS, threads=1)
        self.assertEqual([o.line for o in outcomes], [2, 3, 4, 5])
        for k, o in enumerate(outcomes[:2]):
            self.assertTrue(o.ok, o.error)
            self.assertGreater(o.frames, 0)
            self.assertIn(o.worker, client.scheduler_info()["workers"])  # ran on a worker of this cluster
            with open(self.manifest.good[k][3]) as f:
                written = f.read()
            self.assertEqual(without_fps(written), without_fps(self.manifest.expected(k)))
        missing, bad = outcomes[2:]
        self.assertFalse(missing.ok)
        self.assertRegex(missing.error, r"InputError: .*missing\.yuv")
        self.assertFalse(os.path.exists(os.path.join(self.tmp, "out", "missing.json")))  # complete or absent
        self.assertFalse(bad.ok)
        self.assertIn("2 fields", bad.error)
        return outcomes

    def test_read_manifest(self):
        pairs = read_manifest(self.manifest.path)
        self.assertEqual(pairs[0].output, self.manifest.good[0][3])  # relative to the manifest's folder
        self.assertEqual(pairs[0].geometry, (160, 90, "420", 8))
        self.assertTrue(pairs[3].error)

    def test_manifest_writing_one_output_twice_is_refused(self):
        with open(self.manifest.path, "a") as f:
            ref, dis, g, _ = self.manifest.good[0]
            f.write("\t".join([ref, dis, "out/pair1.json", *map(str, g)]) + "\n")
        with self.assertRaisesRegex(ValueError, "out/pair1.json|same output"):
            read_manifest(self.manifest.path)

    def test_local_cluster_two_processes(self):
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                          host="127.0.0.1") as cluster, Client(cluster) as client:
            self.check(client)
            # Both workers took pairs: one task per pair, spread out.
            self.assertEqual(len(client.scheduler_info()["workers"]), 2)

    def test_scheduler_and_workers_as_processes(self):
        dask = shutil.which("dask")
        if not dask:
            self.skipTest("no dask command (Debian: python3-distributed)")
        port = free_port()
        address = f"tcp://127.0.0.1:{port}"
        env = dict(os.environ)  # the workers import fastvmaf from the same PYTHONPATH
        procs = []

        def start(*args):
            with open(os.path.join(self.tmp, f"dask{len(procs)}.log"), "w") as log:
                procs.append(subprocess.Popen([dask, *args], env=env, stdout=log, stderr=log, cwd=self.tmp))

        def stop():
            for p in procs:
                p.terminate()
            for p in procs:
                try:
                    p.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()

        self.addCleanup(stop)
        start("scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard")
        for _ in range(2):
            start("worker", address, "--host", "127.0.0.1", "--nworkers", "1", "--nthreads", "1",
                  "--no-dashboard", "--no-nanny")
        deadline = time.monotonic() + 60
        while True:
            try:
                client = Client(address, timeout=5)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        with client:
            client.wait_for_workers(2, timeout=60)
            workers = client.scheduler_info()["workers"]
            self.assertEqual(len(workers), 2)
            self.assertTrue(all(w.startswith("tcp://127.0.0.1:") for w in workers))
            self.check(client)


if __name__ == "__main__":
    unittest.main()
