"""The fastvmaf report: one self-contained HTML file (no network, no script) drawn from the
JSON outputs of one or more runs, typically several encodes of one source:

- the pooled table: every model and feature, each run's min, max, mean, harmonic mean
  (the JSON's pooled_metrics), and a bootstrap model's 95% interval;
- the worst frames of every model in every run, with their numbers;
- per-frame curves, one chart per model and feature, one curve per run (inline SVG drawn
  here), a bootstrap model's interval as a band around its curve;
- CAMBI's heatmaps, when the run wrote them (cambi's heatmaps_path): the frame with the
  most banding at each scale.

    python3 -m fastvmaf.report enc1.json enc2.json -o report.html
    fastvmaf report enc1.json enc2.json -o report.html        (the same, from the CLI)
"""

from __future__ import annotations

import argparse
import base64
import html
import json
import math
import os
import re
import struct
import sys
import zlib
from typing import Dict, List, Optional, Sequence, Tuple

WORST_FRAMES = 5
PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f",
           "#bcbd22"]
BOOTSTRAP_SUFFIXES = ("_bagging", "_stddev", "_ci_p95_lo", "_ci_p95_hi")
POOL_METHODS = ("mean", "min", "max", "harmonic_mean")


class Run:
    """One JSON output: its label, per-frame values (None where a frame has no value) and pooled values."""

    def __init__(self, label: str, doc: dict, heatmaps: Optional[str] = None):
        self.label = label
        self.doc = doc
        self.heatmaps = heatmaps
        frames = doc.get("frames") or []
        self.frame_numbers = [f["frameNum"] for f in frames]
        names: List[str] = []
        for f in frames:
            for k in f["metrics"]:
                if k not in names:
                    names.append(k)
        for k in doc.get("pooled_metrics", {}):
            if k not in names:
                names.append(k)
        self.names = names
        self.values = {n: [f["metrics"].get(n) for f in frames] for n in names}
        self.pooled: Dict[str, Dict[str, float]] = doc.get("pooled_metrics", {})


def _load(path: str, label: Optional[str] = None, heatmaps: Optional[str] = None) -> Run:
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        raise ValueError(f"{path}: cannot read a fastvmaf JSON output: {e}") from None
    if not isinstance(doc, dict) or "frames" not in doc:
        raise ValueError(f"{path}: not a fastvmaf/libvmaf JSON output (no \"frames\"); write one with --json")
    return Run(label or os.path.splitext(os.path.basename(path))[0], doc, heatmaps)


def _unique_labels(paths: Sequence[str]) -> List[str]:
    labels = [os.path.splitext(os.path.basename(p))[0] for p in paths]
    if len(set(labels)) < len(labels):  # same file names in different folders: name the folder too
        labels = [os.path.join(os.path.basename(os.path.dirname(os.path.abspath(p))), l) for p, l in zip(paths, labels)]
    return labels


def _feature_names() -> set:
    from . import _fastvmaf  # the extractors' names, from the engine's registry

    return set(_fastvmaf.feature_names())


def classify(names: Sequence[str], features: set) -> Tuple[List[str], List[str], Dict[str, str]]:
    """(models, features, hidden): a model is a series no extractor provides; a bootstrap
    model's members (NAME_0001...) and interval (NAME_ci_p95_lo/hi) are drawn with NAME,
    not on charts of their own (hidden maps them to NAME)."""
    def is_feature(n):
        return n in features or any(n.startswith(f + "_") for f in features)

    models = [n for n in names if not is_feature(n)]
    hidden: Dict[str, str] = {}
    for m in list(models):
        for n in names:
            if n != m and n.startswith(m + "_") and (re.fullmatch(re.escape(m) + r"_\d{4}", n)
                                                     or n[len(m):] in ("_ci_p95_lo", "_ci_p95_hi")):
                hidden[n] = m
    models = [m for m in models if m not in hidden and not any(m == h for h in hidden)]
    # NAME_bagging, NAME_stddev stay as series of their own, after their model.
    ordered = [m for m in models if not m.endswith(BOOTSTRAP_SUFFIXES)] + [m for m in models if m.endswith(BOOTSTRAP_SUFFIXES)]
    feats = [n for n in names if is_feature(n) and n not in hidden]
    return ordered, feats, hidden


def _fmt(v) -> str:
    """A value exactly (repr round-trips a double), for data-value attributes."""
    return "" if v is None else repr(float(v))


def _cell(v, cls: str = "", extra: str = "") -> str:
    """A table cell showing `v` as libvmaf prints it (%.6f), the exact value in data-value."""
    if v is None:
        return f'<td class="{cls}"{extra}></td>'
    return f'<td class="{cls}" data-value="{_fmt(v)}"{extra}>{float(v):.6f}</td>'


def _nice_ticks(lo: float, hi: float, count: int = 5) -> List[float]:
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return []
    if hi <= lo:
        hi = lo + (abs(lo) * 0.1 or 1.0)
    raw = (hi - lo) / count
    mag = 10 ** math.floor(math.log10(raw))
    step = min((m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw), default=10 * mag)
    first = math.ceil(lo / step - 1e-9) * step
    ticks = []
    t = first
    while t <= hi + step * 1e-9:
        ticks.append(round(t, 12))
        t += step
    return ticks


def _tick_label(v: float) -> str:
    return f"{v:g}" if abs(v) < 1e6 else f"{v:.3g}"


def chart_svg(name: str, runs: Sequence[Run], colors: Sequence[str], band: Optional[Dict[str, Tuple[list, list]]] = None,
              marks: Optional[Dict[str, List[int]]] = None, width: int = 600, height: int = 230) -> str:
    """One chart: `name` per frame, one curve (path.series) per run; `band` a run's interval
    (lo, hi) drawn behind its curve; `marks` frame indexes to circle on a run's curve."""
    left, right, top, bottom = 58, 12, 12, 34
    pw, ph = width - left - right, height - top - bottom
    pts = [v for r in runs for v in r.values.get(name, []) if v is not None and math.isfinite(v)]
    if band:
        pts += [v for lo, hi in band.values() for v in lo + hi if v is not None and math.isfinite(v)]
    n_frames = max((len(r.values.get(name, [])) for r in runs), default=0)
    lo, hi = (min(pts), max(pts)) if pts else (0.0, 1.0)
    if hi - lo < 1e-12:
        lo, hi = lo - (abs(lo) * 0.05 or 0.5), hi + (abs(hi) * 0.05 or 0.5)
    yt = _nice_ticks(lo, hi)
    if len(yt) > 1:  # the axis runs from a tick to a tick, the data inside
        step = yt[1] - yt[0]
        if yt[0] > lo + 1e-12:
            yt.insert(0, round(yt[0] - step, 12))
        if yt[-1] < hi - 1e-12:
            yt.append(round(yt[-1] + step, 12))
        lo, hi = yt[0], yt[-1]
    xmax = max(n_frames - 1, 1)

    def x(i):
        return left + pw * i / xmax

    def y(v):
        return top + ph * (1 - (v - lo) / (hi - lo))

    o = [f'<svg class="chart" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
         f'aria-label="{html.escape(name)} per frame" xmlns="http://www.w3.org/2000/svg">']
    o.append(f'<g class="axis y-axis" data-min="{lo!r}" data-max="{hi!r}">')
    for t in yt:
        o.append(f'<line class="grid" x1="{left}" x2="{left + pw}" y1="{y(t):.1f}" y2="{y(t):.1f}"/>'
                 f'<text class="tick" x="{left - 6}" y="{y(t) + 4:.1f}" text-anchor="end">{_tick_label(t)}</text>')
    o.append(f'<line class="axis-line" x1="{left}" x2="{left}" y1="{top}" y2="{top + ph}"/></g>')
    o.append(f'<g class="axis x-axis" data-frames="{n_frames}">')
    for t in _nice_ticks(0, xmax, 8):
        if float(t).is_integer():
            o.append(f'<line class="tickmark" x1="{x(t):.1f}" x2="{x(t):.1f}" y1="{top + ph}" y2="{top + ph + 4}"/>'
                     f'<text class="tick" x="{x(t):.1f}" y="{top + ph + 16}" text-anchor="middle">{int(t)}</text>')
    o.append(f'<line class="axis-line" x1="{left}" x2="{left + pw}" y1="{top + ph}" y2="{top + ph}"/>'
             f'<text class="axis-title" x="{left + pw}" y="{height - 2}" text-anchor="end">frame</text></g>')
    for r, color in zip(runs, colors):
        if band and r.label in band:
            blo, bhi = band[r.label]
            upper = [(x(i), y(v)) for i, v in enumerate(bhi) if v is not None]
            lower = [(x(i), y(v)) for i, v in enumerate(blo) if v is not None]
            if upper and lower:
                poly = " ".join(f"{a:.1f},{b:.1f}" for a, b in upper + lower[::-1])
                o.append(f'<polygon class="ci-band" data-series="{html.escape(r.label)}" points="{poly}" '
                         f'fill="{color}" fill-opacity="0.18" stroke="none"/>')
    for r, color in zip(runs, colors):
        vals = r.values.get(name)
        if not vals:
            continue
        d, pen = [], "M"
        for i, v in enumerate(vals):
            if v is None or not math.isfinite(v):
                pen = "M"
                continue
            d.append(f"{pen}{x(i):.1f} {y(v):.1f}")
            pen = "L"
        o.append(f'<path class="series" data-series="{html.escape(r.label)}" d="{" ".join(d)}" fill="none" '
                 f'stroke="{color}" stroke-width="1.6"><title>{html.escape(r.label)}: {html.escape(name)}</title></path>')
        for i in (marks or {}).get(r.label, []):
            if i < len(vals) and vals[i] is not None:
                o.append(f'<circle class="worst" cx="{x(i):.1f}" cy="{y(vals[i]):.1f}" r="3.5" fill="white" '
                         f'stroke="{color}" stroke-width="1.6"><title>{html.escape(r.label)} frame {i}: '
                         f'{vals[i]:.6f}</title></circle>')
    o.append("</svg>")
    return "".join(o)


def _png(gray: Sequence[Sequence[int]]) -> bytes:
    """An 8-bit grayscale PNG of rows of samples (zlib from the standard library)."""
    h, w = len(gray), len(gray[0]) if gray else 0
    raw = b"".join(b"\x00" + bytes(row) for row in gray)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def heatmap_images(folder: str, frame: int) -> List[Tuple[str, int, int, str]]:
    """(file name, width, height, PNG data URI) of each scale's heatmap of `frame`, from
    CAMBI's cambi_heatmap_scale_<s>_<w>x<h>_16b.gray files (16-bit samples, a plane per frame)."""
    out = []
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return out
    for name in names:
        m = re.fullmatch(r"cambi_heatmap_scale_(\d+)_(\d+)x(\d+)_16b\.gray", name)
        if not m:
            continue
        w, h = int(m.group(2)), int(m.group(3))
        size = w * h * 2
        with open(os.path.join(folder, name), "rb") as f:
            f.seek(frame * size)
            data = f.read(size)
        if len(data) != size:
            continue
        samples = struct.unpack(f"<{w * h}H", data)
        peak = max(samples) or 1
        rows = [[min(255, s * 255 // peak) for s in samples[r * w:(r + 1) * w]] for r in range(h)]
        uri = "data:image/png;base64," + base64.b64encode(_png(rows)).decode("ascii")
        out.append((name, w, h, uri))
    return out


CSS = """
body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:24px auto;max-width:1240px;
color:#1d1d1f;background:#fff;padding:0 16px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}
.sub{color:#555;margin:0 0 12px}
.legend{display:flex;flex-wrap:wrap;gap:6px 18px;margin:8px 0}.legend span{display:inline-flex;align-items:center;gap:6px}
.swatch{display:inline-block;width:22px;height:4px;border-radius:2px}
table{border-collapse:collapse;font-variant-numeric:tabular-nums}th,td{padding:3px 10px;text-align:right;
border-bottom:1px solid #eee}th{background:#f6f6f7;font-weight:600}td.name,th.name,td.run{text-align:left}
tr.model td{font-weight:600}
.charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(600px,1fr));gap:14px 18px}
figure{margin:0}figcaption{font-weight:600;margin:0 0 2px}figure.model svg{width:100%;height:auto}
svg.chart{max-width:100%;height:auto;background:#fcfcfd}
svg .grid{stroke:#e6e6e9;stroke-width:1}svg .axis-line{stroke:#888}svg .tickmark{stroke:#888}
svg text{font-size:11px;fill:#555}svg .axis-title{fill:#777}
td .swatch{vertical-align:middle}.ci{color:#555;font-weight:400}
.heatmaps{display:flex;flex-wrap:wrap;gap:12px}.heatmaps img{image-rendering:pixelated;border:1px solid #ccc;
max-width:600px}
"""


def render(runs: Sequence[Run], features: Optional[set] = None, title: str = "fastvmaf report") -> str:
    """The report's HTML for these runs."""
    if not runs:
        raise ValueError("the report needs at least one JSON output")
    names: List[str] = []
    for r in runs:
        names += [n for n in r.names if n not in names]
    models, feats, hidden = classify(names, _feature_names() if features is None else features)
    colors = [PALETTE[i % len(PALETTE)] for i in range(len(runs))]
    esc = html.escape
    o = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
         '<meta name="viewport" content="width=device-width, initial-scale=1">',
         f"<title>{esc(title)}</title><style>{CSS}</style></head><body>"]
    o.append(f"<header><h1>{esc(title)}</h1>")
    frames = ", ".join(f"{esc(r.label)}: {len(r.frame_numbers)} frames" for r in runs)
    versions = sorted({str(r.doc.get('version', '?')) for r in runs})
    o.append(f'<p class="sub">{len(runs)} run{"s" if len(runs) != 1 else ""} ({frames}); fastvmaf {esc(", ".join(versions))}. '
             f'VMAF: higher is better.</p>')
    o.append('<div class="legend" id="legend">' + "".join(
        f'<span data-series="{esc(r.label)}"><i class="swatch" style="background:{c}"></i>{esc(r.label)}</span>'
        for r, c in zip(runs, colors)) + "</div></header>")

    score_models = [m for m in models if not m.endswith(BOOTSTRAP_SUFFIXES)]

    def interval(r: Run, n: str) -> str:
        lo, hi = r.pooled.get(n + "_ci_p95_lo", {}).get("mean"), r.pooled.get(n + "_ci_p95_hi", {}).get("mean")
        if lo is None or hi is None:
            return ""
        return f' <span class="ci" data-lo="{_fmt(lo)}" data-hi="{_fmt(hi)}">95% [{lo:.3f}, {hi:.3f}]</span>'

    # Summary: each run's pooled mean of every model, at a glance.
    if score_models:
        o.append('<section id="summary"><h2>Scores</h2><table id="summary-table"><thead><tr><th class="name">run</th>'
                 '<th>frames</th>' + "".join(f"<th>{esc(m)} mean</th>" for m in score_models) + "</tr></thead><tbody>")
        for r, c in zip(runs, colors):
            o.append(f'<tr data-run="{esc(r.label)}"><td class="run"><i class="swatch" style="background:{c}"></i> '
                     f'{esc(r.label)}</td><td>{len(r.frame_numbers)}</td>')
            for m in score_models:
                v = r.pooled.get(m, {}).get("mean")
                o.append(_cell(v, "score", f' data-metric="{esc(m)}"')[:-5] + interval(r, m) + "</td>"
                         if v is not None else "<td></td>")
            o.append("</tr>")
        o.append("</tbody></table></section>")

    # Worst frames of each model.
    worst: Dict[str, Dict[str, List[int]]] = {}
    rows = []
    for m in score_models:
        for r in runs:
            vals = r.values.get(m)
            if not vals:
                continue
            idx = sorted((i for i, v in enumerate(vals) if v is not None), key=lambda i: (vals[i], i))[:WORST_FRAMES]
            worst.setdefault(m, {})[r.label] = idx
            for rank, i in enumerate(idx, 1):
                rows.append(f'<tr data-metric="{esc(m)}" data-run="{esc(r.label)}"><td class="name">{esc(m)}</td>'
                            f'<td class="run">{esc(r.label)}</td><td>{rank}</td><td class="frame">'
                            f'{r.frame_numbers[i]}</td>{_cell(vals[i], "score")}</tr>')

    def charts(names_: Sequence[str], kind: str) -> None:
        for n in names_:
            band = {}
            for r in runs:
                lo, hi = r.values.get(n + "_ci_p95_lo"), r.values.get(n + "_ci_p95_hi")
                if lo and hi:
                    band[r.label] = (lo, hi)
            o.append(f'<figure class="{kind}" data-metric="{esc(n)}"><figcaption>{esc(n)}'
                     f'{" (shaded: 95% bootstrap interval)" if band else ""}'
                     f'{" (circles: worst frames)" if n in worst else ""}</figcaption>')
            o.append(chart_svg(n, [r for r in runs if n in r.values],
                               [c for r, c in zip(runs, colors) if n in r.values], band or None, worst.get(n)))
            o.append("</figure>")

    # Curves: the models first, then every feature.
    if models:
        o.append('<section id="models"><h2>Models per frame</h2><div class="charts">')
        charts(models, "model")
        o.append("</div></section>")
    if rows:
        o.append(f'<section id="worst"><h2>Worst frames</h2><p class="sub">The {WORST_FRAMES} lowest-scoring frames '
                 'of each model in each run.</p><table id="worst-table"><thead><tr><th class="name">model</th>'
                 '<th class="name">run</th><th>rank</th><th>frame</th><th>score</th></tr></thead><tbody>'
                 + "".join(rows) + "</tbody></table></section>")
    if feats:
        o.append('<section id="features"><h2>Features per frame</h2><div class="charts">')
        charts(feats, "feature")
        o.append("</div></section>")

    # Every pooled value.
    o.append('<section id="pooled"><h2>Pooled values</h2><table id="pooled-table"><thead><tr>'
             '<th class="name">metric</th><th class="name">run</th>'
             + "".join(f"<th>{m.replace('_', ' ')}</th>" for m in POOL_METHODS) + "</tr></thead><tbody>")
    for n in models + feats:
        for r in runs:
            if n not in r.pooled:
                continue
            p = r.pooled[n]
            kind = "model" if n in models else "feature"
            o.append(f'<tr class="{kind}" data-metric="{esc(n)}" data-run="{esc(r.label)}"><td class="name">{esc(n)}'
                     f'{interval(r, n)}</td><td class="run">{esc(r.label)}</td>'
                     + "".join(_cell(p.get(m), "", f' data-method="{m}"') for m in POOL_METHODS) + "</tr>")
    o.append("</tbody></table></section>")

    # CAMBI heatmaps: the frame with the most banding.
    maps = []
    for r in runs:
        if not r.heatmaps:
            continue
        cambi = r.values.get("cambi") or []
        frame = max(range(len(cambi)), key=lambda i: (cambi[i] or 0)) if cambi else 0
        for name, w, h, uri in heatmap_images(r.heatmaps, frame):
            maps.append(f'<figure class="heatmap" data-run="{esc(r.label)}"><figcaption>{esc(r.label)}, frame {frame}, '
                        f'{w}x{h}</figcaption><img alt="{esc(name)}" width="{w}" height="{h}" src="{uri}"></figure>')
    if maps:
        o.append('<section id="heatmaps"><h2>CAMBI heatmaps</h2><p class="sub">Banding visibility per pixel at each '
                 'scale, brighter is more visible, in the frame with the highest CAMBI score.</p><div class="heatmaps">'
                 + "".join(maps) + "</div></section>")
    o.append("</body></html>\n")
    return "\n".join(o)


def write_report(outputs: Sequence[str], path: str, labels: Optional[Sequence[str]] = None,
                 heatmaps: Optional[Sequence[Optional[str]]] = None, title: str = "fastvmaf report") -> None:
    """Reads the JSON outputs and writes the report to `path` (complete or not at all)."""
    labels = list(labels) if labels else _unique_labels(outputs)
    heatmaps = list(heatmaps) if heatmaps else [None] * len(outputs)
    write_runs([_load(p, l, h) for p, l, h in zip(outputs, labels, heatmaps)], path, title)


def write_runs(runs: Sequence[Run], path: str, title: str = "fastvmaf report") -> None:
    """Writes the report of `runs` to `path`, through a temporary file renamed into place."""
    doc = render(runs, title=title)
    tmp = f"{path}.tmp{os.getpid()}"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(doc)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def main(argv: Optional[Sequence[str]] = None) -> int:
    p = argparse.ArgumentParser(prog="fastvmaf report",
                                description="Draw one self-contained HTML report from fastvmaf JSON outputs "
                                            "(--json), e.g. several encodes of one source.")
    p.add_argument("outputs", nargs="+", metavar="scores.json", help="JSON outputs of fastvmaf (or libvmaf)")
    p.add_argument("-o", "--output", required=True, metavar="report.html", help="the HTML file to write")
    p.add_argument("--label", action="append", default=None,
                   help="a run's name in the report, one per output in order (default: the file's name)")
    p.add_argument("--heatmaps", action="append", default=None, metavar="[RUN=]DIR",
                   help="the folder where CAMBI wrote a run's heatmaps (cambi=heatmaps_path=DIR); RUN names the "
                        "run (its label), or the first run when left out")
    p.add_argument("--title", default="fastvmaf report")
    a = p.parse_args(argv)
    labels = a.label or _unique_labels(a.outputs)
    if len(labels) != len(a.outputs):
        p.error(f"{len(labels)} --label for {len(a.outputs)} outputs: give one per output")
    maps: List[Optional[str]] = [None] * len(a.outputs)
    for h in a.heatmaps or []:
        run, sep, folder = h.rpartition("=")
        i = labels.index(run) if sep and run in labels else 0
        if sep and run not in labels:
            p.error(f"--heatmaps {h}: no run is labelled {run!r} (runs: {', '.join(labels)})")
        maps[i] = folder
    try:
        write_report(a.outputs, a.output, labels, maps, a.title)
    except (ValueError, OSError) as e:
        print(f"fastvmaf report: error: {e}", file=sys.stderr)
        return 1
    print(f"fastvmaf report: wrote {a.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
