"""Scoring many pairs on a Dask cluster (dask.distributed; Debian: python3-distributed).

    from dask.distributed import Client
    from fastvmaf.distributed import score_manifest

    client = Client("tcp://scheduler:8786")           # an existing cluster, or LocalCluster()
    outcomes = score_manifest("catalogue.tsv", client=client, models=["vmaf_v0.6.1"])
    for o in outcomes:
        print(o.line, o.ok, o.scores if o.ok else o.error)

One task per pair: each worker scores its pair with fastvmaf.score and writes the pair's
output where the manifest says, with the CLI's writers, so every output equals what
``fastvmaf -r REF -d DIS -o OUT`` writes (the fps value aside: each run's own speed). A
pair that fails (a missing file, a bad line) is reported with its message; the others
finish. The files must be visible to the workers at the same paths (a shared file system),
and the workers must import fastvmaf (installed, or on their PYTHONPATH).

Not yet: cutting one long video into segments scored by several workers. The unit of work
exists (fastvmaf.score_segment returns a picklable segment, fastvmaf.assemble puts them back
together, docs/adr/0013-segments.md); the function that hands them out does not, so each
pair is one task here, however long.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Sequence, Tuple, Union

FORMATS = ("json", "xml", "csv", "sub")


@dataclass
class Pair:
    """One pair to score: its files, its output (None: none written), raw .yuv geometry
    (width, height, pixel format, bit depth) or None, and its line in the manifest (0: none)."""
    reference: str
    distorted: str
    output: Optional[str] = None
    geometry: Optional[Tuple[int, int, str, int]] = None
    line: int = 0
    error: str = ""  # the manifest's line is bad: it is reported, not scored


@dataclass
class Outcome:
    """What became of one pair: ``ok`` and the model scores (pooled means by name), the
    frame count and the output written; or ``error``, the message of what failed."""
    pair: Pair
    ok: bool
    error: str = ""
    frames: int = 0
    fps: float = 0.0
    scores: Dict[str, float] = field(default_factory=dict)
    worker: str = ""  # the address of the worker that ran it

    @property
    def line(self) -> int:
        return self.pair.line


def read_manifest(path: str) -> List[Pair]:
    """The pairs of a --batch manifest, read by the CLI's own parser (cli/batch_manifest):
    one pair a line, tab-separated: reference, distorted, output[, width, height, pixel
    format, bit depth]; blank lines and lines starting with '#' skipped; relative paths from
    the manifest's folder. A malformed line becomes a Pair with its ``error`` set (reported,
    not scored), as --batch reports it; a manifest whose lines share an output file, or
    write over an input, is refused whole with ValueError."""
    from . import _fastvmaf

    return [Pair(d["reference"], d["distorted"], d["output"] or None, d["geometry"], d["line"], d["error"])
            for d in _fastvmaf.read_manifest(os.fspath(path))]


def _score_one(pair: Pair, options: dict, output_format: str, precision) -> dict:
    """The task a worker runs: scores the pair and writes its output; never raises for the
    pair's own errors, which come back as the outcome's message."""
    import fastvmaf

    try:
        from distributed import get_worker

        worker = get_worker().address
    except (ImportError, ValueError):
        worker = ""
    try:
        kwargs = dict(options)
        if pair.geometry:
            kwargs.update(width=pair.geometry[0], height=pair.geometry[1], pixel_format=pair.geometry[2],
                          bitdepth=pair.geometry[3])
        r = fastvmaf.score(pair.reference, pair.distorted, **kwargs)
        if pair.output:
            getattr(r, "to_" + output_format)(pair.output, precision=precision)
        return dict(ok=True, frames=r.frame_count, fps=r.fps, scores={m["name"]: m["mean"] for m in r.models},
                    worker=worker)
    except (ValueError, fastvmaf.Error, OSError) as e:
        return dict(ok=False, error=f"{type(e).__name__}: {e}", worker=worker)


def score_pairs(pairs: Iterable[Union[Pair, Sequence]], client, *, output_format: str = "json",
                precision: Union[None, int, str] = None, **options) -> List[Outcome]:
    """Scores each pair as one task on ``client`` (a dask.distributed.Client) and waits for
    all of them. ``pairs``: Pair objects or tuples (reference, distorted[, output[, geometry]]).
    ``options``: fastvmaf.score's keyword arguments (models, features, backend, threads, ...)
    for every pair. ``output_format``: json, xml, csv or sub; ``precision`` as the CLI's.
    Returns one Outcome per pair, in order; a failing pair (or a worker lost under it) is
    reported there with its message while the others finish."""
    if output_format not in FORMATS:
        raise ValueError(f"output_format {output_format!r} is not one of {', '.join(FORMATS)}")
    pairs = [p if isinstance(p, Pair) else Pair(*p) for p in pairs]
    futures = {}
    for i, p in enumerate(pairs):
        if not p.error:
            futures[i] = client.submit(_score_one, p, options, output_format, precision, pure=False,
                                       key=f"fastvmaf-pair-{i}-{os.urandom(4).hex()}")
    outcomes = []
    for i, p in enumerate(pairs):
        if p.error:
            outcomes.append(Outcome(p, False, f"bad line: {p.error}"))
            continue
        try:
            got = futures[i].result()
        except Exception as e:  # the task itself failed: a worker died, fastvmaf not importable there
            got = dict(ok=False, error=f"{type(e).__name__}: {e}")
        outcomes.append(Outcome(p, **got))
    return outcomes


def score_manifest(path: str, client, *, output_format: str = "json", precision: Union[None, int, str] = None,
                   **options) -> List[Outcome]:
    """Scores every pair of a --batch manifest (read_manifest) on ``client``, each pair's
    output written where its line says; see score_pairs."""
    return score_pairs(read_manifest(path), client, output_format=output_format, precision=precision, **options)
