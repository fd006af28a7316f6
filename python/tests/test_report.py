"""The HTML report in headless Chromium (Debian's chromium): two encodes of one source scored
by the CLI, the report drawn by `fastvmaf report` and by --html, the page loaded and its
rendered DOM checked (axes, one drawn curve per run on every chart, table values equal to
the JSON, the bootstrap band, the CAMBI heatmaps), and a 1280x800 screenshot that is not
blank."""

import html
import json
import os
import re
import shutil
import subprocess
import tempfile
import unittest

from support import CLI, run_cli

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
FFMPEG = shutil.which("ffmpeg")

# Runs in the page after it is laid out: what a reader would see, measured by the browser.
PROBE = """<script>
const out = {figures: [], pooled: [], worst: [], bands: [], images: []};
for (const f of document.querySelectorAll('figure[data-metric]')) {
  const series = [...f.querySelectorAll('path.series')].map(p => {
    const b = p.getBBox(); return {run: p.dataset.series, width: b.width, height: b.height};
  });
  out.figures.push({metric: f.dataset.metric, series,
    xticks: f.querySelectorAll('.x-axis text.tick').length, yticks: f.querySelectorAll('.y-axis text.tick').length});
}
for (const tr of document.querySelectorAll('#pooled-table tbody tr')) {
  const cells = {};
  for (const td of tr.querySelectorAll('td[data-method]')) cells[td.dataset.method] = [td.dataset.value, td.textContent];
  out.pooled.push({metric: tr.dataset.metric, run: tr.dataset.run, cells});
}
for (const tr of document.querySelectorAll('#worst-table tbody tr'))
  out.worst.push({metric: tr.dataset.metric, run: tr.dataset.run, frame: +tr.querySelector('.frame').textContent,
                  score: tr.querySelector('.score').dataset.value});
for (const p of document.querySelectorAll('polygon.ci-band')) out.bands.push(p.getBBox().height);
for (const i of document.querySelectorAll('#heatmaps img')) out.images.push([i.naturalWidth, i.complete]);
const pre = document.createElement('pre'); pre.id = 'probe'; pre.textContent = JSON.stringify(out);
document.body.appendChild(pre);
</script>"""


def chromium(*args, tmp):
    return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                           "--no-first-run", f"--user-data-dir={os.path.join(tmp, 'profile')}", *args],
                          check=True, capture_output=True, text=True, timeout=120)


class ReportInChromium(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not CHROMIUM:
            raise unittest.SkipTest("no chromium (Debian: chromium)")
        if not FFMPEG or not CLI:
            raise unittest.SkipTest("needs ffmpeg and the CLI (FASTVMAF_CLI) to make and score two encodes")
        cls.tmp = tempfile.mkdtemp(prefix="fastvmaf-report-")
        t = cls.tmp
        ref = os.path.join(t, "source.y4m")
        subprocess.run([FFMPEG, "-nostdin", "-loglevel", "error", "-f", "lavfi", "-i",
                        "testsrc2=size=320x180:rate=24:duration=1.5", "-pix_fmt", "yuv420p", "-f", "yuv4mpegpipe",
                        "-strict", "-1", ref], check=True)
        cls.jsons = []
        for crf in (26, 40):
            enc = os.path.join(t, f"crf{crf}.mp4")
            subprocess.run([FFMPEG, "-nostdin", "-loglevel", "error", "-i", ref, "-c:v", "libx264", "-preset",
                            "veryfast", "-crf", str(crf), enc], check=True)
            out = os.path.join(t, f"crf{crf}.json")
            run_cli(["-r", ref, "-d", enc, "-m", "version=vmaf_v0.6.1", "-m", "version=vmaf_b_v0.6.3:name=vmaf_b",
                     "--feature", "psnr", "--feature", f"cambi=heatmaps_path={os.path.join(t, f'maps{crf}')}",
                     "--json", "-o", out])
            cls.jsons.append(out)
        cls.report = os.path.join(t, "report.html")
        # Without PYTHONPATH: the CLI finds the package of its own build tree.
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        subprocess.run([CLI, "report", *cls.jsons, "--heatmaps", "crf40=" + os.path.join(t, "maps40"),
                        "-o", cls.report], check=True, capture_output=True, env=env)
        cls.docs = [json.load(open(p)) for p in cls.jsons]

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def probe(self, page):
        probed = os.path.join(self.tmp, "probed.html")
        with open(page) as f, open(probed, "w") as g:
            g.write(f.read().replace("</body>", PROBE + "</body>"))
        dom = chromium("--dump-dom", "file://" + probed, tmp=self.tmp).stdout
        m = re.search(r'<pre id="probe">(.*?)</pre>', dom, re.S)
        self.assertIsNotNone(m, "the probe did not run")
        return json.loads(html.unescape(m.group(1)))

    def test_self_contained(self):
        with open(self.report) as f:
            page = f.read()
        self.assertNotRegex(page, r"<script|<link|@import|url\(")
        self.assertEqual(re.findall(r"https?://[^\"' ]+", page),
                         ["http://www.w3.org/2000/svg"] * page.count('xmlns="http://www.w3.org/2000/svg"'))

    def test_dom(self):
        p = self.probe(self.report)
        runs = ["crf26", "crf40"]
        names = set(self.docs[0]["frames"][0]["metrics"])
        drawn = {f["metric"] for f in p["figures"]}
        # Every model and feature has a chart; a bootstrap model's members and interval are drawn with it.
        hidden = {n for n in names if re.fullmatch(r"vmaf_b_\d{4}|vmaf_b_ci_p95_(lo|hi)", n)}
        self.assertEqual(drawn, names - hidden)
        for f in p["figures"]:
            self.assertGreaterEqual(f["xticks"], 2, f)
            self.assertGreaterEqual(f["yticks"], 2, f)
            self.assertEqual([s["run"] for s in f["series"]], runs, f)  # one curve per run
            for s in f["series"]:
                self.assertGreater(s["width"], 100, f)  # drawn across the chart
        # The pooled table: the JSON's values exactly, shown as libvmaf prints them.
        self.assertEqual(len(p["pooled"]), 2 * len(names - hidden))
        for row in p["pooled"]:
            doc = self.docs[runs.index(row["run"])]
            expected = doc["pooled_metrics"][row["metric"]]
            self.assertEqual(set(row["cells"]), set(expected))
            for method, (value, text) in row["cells"].items():
                self.assertEqual(float(value), expected[method], row)
                self.assertEqual(text, f"{expected[method]:.6f}")
        # The worst frames: each model's lowest scores in each run, by the JSON.
        for model in ("vmaf", "vmaf_b"):
            for k, run in enumerate(runs):
                rows = [r for r in p["worst"] if r["metric"] == model and r["run"] == run]
                scores = sorted((f["metrics"][model], f["frameNum"]) for f in self.docs[k]["frames"])[:5]
                self.assertEqual([(float(r["score"]), r["frame"]) for r in rows], scores)
        self.assertEqual(len(p["bands"]), 2)  # vmaf_b's interval, one band per run
        self.assertTrue(all(h > 1 for h in p["bands"]))
        self.assertEqual(len(p["images"]), 5)  # CAMBI's five scales, for the run given its folder
        self.assertTrue(all(w > 0 and done for w, done in p["images"]))

    def test_screenshot_not_blank(self):
        try:
            from PIL import Image
        except ImportError:
            self.skipTest("no PIL to read the screenshot (Debian: python3-pil)")
        shot = os.path.join(self.tmp, "shot.png")
        chromium("--window-size=1280,800", f"--screenshot={shot}", "file://" + self.report, tmp=self.tmp)
        im = Image.open(shot).convert("RGB")
        self.assertEqual(im.size, (1280, 800))
        pixels = list(im.getdata())
        ink = sum(1 for px in pixels if px != (255, 255, 255)) / len(pixels)
        self.assertGreater(ink, 0.05, "the screenshot is (nearly) blank")
        colors = set(pixels)
        self.assertGreater(len(colors), 50)
        # Both runs' curves are on the first screen, in their colours.
        for rgb in ((0x1F, 0x77, 0xB4), (0xD6, 0x27, 0x28)):
            self.assertIn(rgb, colors)

    def test_html_option_on_a_run(self):
        page = os.path.join(self.tmp, "one.html")
        ref = os.path.join(self.tmp, "source.y4m")
        run_cli(["-r", ref, "-d", os.path.join(self.tmp, "crf40.mp4"), "-m", "version=vmaf_v0.6.1", "--html", page])
        p = self.probe(page)
        vmaf = [f for f in p["figures"] if f["metric"] == "vmaf"]
        self.assertEqual(len(vmaf), 1)
        self.assertEqual([s["run"] for s in vmaf[0]["series"]], ["crf40"])


if __name__ == "__main__":
    unittest.main()
