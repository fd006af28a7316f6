"""fastvmaf: VMAF and its features, bit-exact with Netflix libvmaf, from Python.

Score two files::

    import fastvmaf
    r = fastvmaf.score("ref.y4m", "dis.mp4", models=["vmaf_v0.6.1"], features=["psnr"])
    r.frames["vmaf"]          # numpy array, one value per frame
    r.pooled["vmaf"]["mean"]  # what the CLI's pooled_metrics say
    r.to_json("scores.json")  # the CLI's --json file, byte for byte

or frames you decode yourself, one by one, with a :class:`Session`, or one long video in
segments scored anywhere (a cluster's workers) and put back together::

    parts = [fastvmaf.score_segment("ref.y4m", "dis.y4m", s, s + 1000, models=["vmaf_v0.6.1"])
             for s in range(0, frames, 1000)]                 # picklable; any order
    r = fastvmaf.assemble(parts, models=["vmaf_v0.6.1"])      # the same values as score()

Every option means what the ``fastvmaf`` command's flag of the same name means: the options
are parsed by the command's own parser, files are scored by the same code and the outputs
are written by the same writers. Errors: :class:`ValueError` for a bad request (unknown
feature, option out of range), :class:`InputError` for bad data, :class:`DeviceError` for a
GPU that is absent or fails; the message says what is wrong. Scoring releases the GIL.
"""

from __future__ import annotations

import os
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Union

from . import _fastvmaf
from ._fastvmaf import DeviceError, Error, InputError

__version__ = _fastvmaf.__version__
__all__ = ["score", "score_ladder", "score_segment", "assemble", "Session", "Result", "Error", "InputError", "DeviceError",
           "__version__"]

PathLike = Union[str, "os.PathLike[str]"]


def _argv(models, features, backend, threads, subsample, no_prediction, width, height, pixel_format, bitdepth,
          frame_cnt, frame_skip_ref, frame_skip_dist, scale, convert, decode_threads, segment_frames=None,
          gpus=None) -> List[str]:
    """The fastvmaf command's arguments for these keyword arguments."""
    argv: List[str] = []
    if isinstance(models, str):
        models = [models]
    if isinstance(features, str):
        features = [features]
    for m in models or []:
        # "vmaf_v0.6.1" alone is a version; anything with '=' is -m's own syntax.
        argv += ["-m", m if "=" in m else "version=" + m]
    for f in features or []:
        argv += ["--feature", f]
    argv += ["--backend", backend]
    if gpus is not None:
        # "all", "0,1" or a sequence of device numbers (a number twice: two pipelines on it).
        argv += ["--gpus", gpus if isinstance(gpus, str) else ",".join(str(int(g)) for g in gpus)]
    for flag, value in (("--threads", threads), ("--subsample", subsample), ("-w", width), ("-h", height),
                        ("-p", pixel_format), ("-b", bitdepth), ("--frame_cnt", frame_cnt),
                        ("--frame_skip_ref", frame_skip_ref), ("--frame_skip_dist", frame_skip_dist),
                        ("--convert", convert), ("--decode-threads", decode_threads),
                        ("--segment-frames", segment_frames)):
        if value is not None:
            argv += [flag, str(value)]
    if no_prediction:
        argv.append("-n")
    if scale:
        argv.append("--scale" if scale is True else "--scale=" + str(scale))
    return argv


class Result:
    """What a run gives.

    ``frames``: each model's and feature's per-frame values as numpy float64 arrays, under
    the names the CLI's outputs use (a model's ``name``, "vmaf" by default; features under
    libvmaf's names), NaN on frames without a value (``subsample``).
    ``pooled``: per name, the pooled values the outputs print (min, max, mean, harmonic_mean).
    ``models``: each model's pooled score and, for a bootstrap model, its interval.
    """

    def __init__(self, native: "_fastvmaf.Result", warnings: Sequence[str] = ()):
        self._native = native
        self._frames: Optional[Dict[str, "numpy.ndarray"]] = None
        self._pooled: Optional[Dict[str, Dict[str, float]]] = None
        self.warnings: List[str] = list(warnings)

    @property
    def frames(self) -> Dict[str, "numpy.ndarray"]:
        if self._frames is None:
            self._frames = self._native.frames()
        return self._frames

    @property
    def pooled(self) -> Dict[str, Dict[str, float]]:
        if self._pooled is None:
            self._pooled = self._native.pooled()
        return self._pooled

    @property
    def models(self) -> List[dict]:
        """Per model: label, name, mean and, when ``bootstrap``, bagging, stddev, ci_lo, ci_hi."""
        return self._native.models()

    @property
    def aggregates(self) -> Dict[str, float]:
        return self._native.aggregates

    @property
    def inputs(self) -> Dict[str, Dict[str, str]]:
        """What was done to each input before scoring (scaling, conversion), as the outputs record it."""
        return self._native.inputs

    frame_count = property(lambda self: self._native.frame_count, doc="Frames scored.")
    width = property(lambda self: self._native.width)
    height = property(lambda self: self._native.height)
    fps = property(lambda self: self._native.fps, doc="Frames per second of the run.")
    backend = property(lambda self: self._native.backend)

    def to_pandas(self):
        """The per-frame values as a pandas DataFrame, one column per name, indexed by frame."""
        import pandas  # optional: only this method needs it

        df = pandas.DataFrame(self.frames)
        df.index.name = "frame"
        return df

    def _write(self, fmt: str, path: Optional[PathLike], precision):
        return self._native.render(fmt, None if path is None else os.fspath(path), precision)

    def to_json(self, path: Optional[PathLike] = None, precision: Union[None, int, str] = None) -> Optional[str]:
        """The CLI's ``--json`` document: written atomically to ``path``, or returned when no path is given.
        ``precision``: digits after the point, or "max" (the CLI's ``--precision``)."""
        return self._write("json", path, precision)

    def to_xml(self, path: Optional[PathLike] = None, precision: Union[None, int, str] = None) -> Optional[str]:
        """The CLI's XML document (its default output)."""
        return self._write("xml", path, precision)

    def to_csv(self, path: Optional[PathLike] = None, precision: Union[None, int, str] = None) -> Optional[str]:
        """The CLI's ``--csv`` document."""
        return self._write("csv", path, precision)

    def to_sub(self, path: Optional[PathLike] = None, precision: Union[None, int, str] = None) -> Optional[str]:
        """The CLI's ``--sub`` (subtitles) document."""
        return self._write("sub", path, precision)

    def to_html(self, path: PathLike, label: str = "run", heatmaps: Optional[PathLike] = None,
                title: str = "fastvmaf report") -> None:
        """The report of this result (see fastvmaf.report): curves, pooled table, worst frames.
        ``heatmaps``: the folder CAMBI wrote its heatmaps to (cambi=heatmaps_path=...)."""
        import json

        from . import report

        run = report.Run(label, json.loads(self.to_json(precision="max")),
                         None if heatmaps is None else os.fspath(heatmaps))
        report.write_runs([run], os.fspath(path), title)

    def __repr__(self) -> str:
        scores = ", ".join(f"{m['name']}={m['mean']:.6f}" for m in self.models)
        return f"<fastvmaf.Result {self.frame_count} frames {self.width}x{self.height}{': ' if scores else ''}{scores}>"


def _engine(argv: List[str]) -> "_fastvmaf.Engine":
    return _fastvmaf.Engine(_fastvmaf.parse_options(argv))


def score(reference: PathLike, distorted: PathLike, *, models: Union[None, str, Iterable[str]] = None,
          features: Union[None, str, Iterable[str]] = None, backend: str = "cpu", threads: Optional[int] = None,
          subsample: Optional[int] = None, no_prediction: bool = False, width: Optional[int] = None,
          height: Optional[int] = None, pixel_format: Optional[str] = None, bitdepth: Optional[int] = None,
          frame_cnt: Optional[int] = None, frame_skip_ref: Optional[int] = None,
          frame_skip_dist: Optional[int] = None, scale: Union[None, bool, str] = None, convert: Optional[str] = None,
          decode_threads: Optional[int] = None, segment_frames: Optional[int] = None,
          gpus: Union[None, str, Iterable[int]] = None, progress: Optional[Callable[[int], None]] = None) -> Result:
    """Scores ``distorted`` against ``reference`` (.y4m; raw .yuv with width, height, pixel_format
    and bitdepth; or a compressed file) as ``fastvmaf -r reference -d distorted`` does.

    models: model versions ("vmaf_v0.6.1", built in) or -m strings ("version=vmaf_v0.6.1:name=v061",
    "path=my_model.json"); None: the CLI's default model. features: --feature strings ("psnr",
    "cambi=window_size=33"). backend: "cpu", "cuda", "hip", "sycl", "auto" or "cpu+cuda" (and
    the other cpu+X), as ``--backend``. threads: worker threads
    (default all). pixel_format: "420", "422" or "444". frame_cnt, frame_skip_ref, frame_skip_dist,
    subsample, no_prediction: the CLI's flags. scale: True (bicubic) or a filter name to scale the
    distorted video to the reference's size. convert, decode_threads: compressed input.
    segment_frames: cut the run into segments of that many frames (the same values).
    gpus: the device pipelines of a GPU backend ("all", the default, or device numbers such as
    [0, 1]; a number twice: two pipelines on that device), as ``--gpus``.
    progress: called with the number of frames done.
    """
    argv = ["-r", os.fspath(reference), "-d", os.fspath(distorted)]
    argv += _argv(models, features, backend, threads, subsample, no_prediction, width, height, pixel_format,
                  bitdepth, frame_cnt, frame_skip_ref, frame_skip_dist, scale, convert, decode_threads,
                  segment_frames, gpus)
    native, warnings = _engine(argv).run(progress)
    return Result(native, warnings)


def score_ladder(reference: PathLike, distorted: Iterable[PathLike], *,
                 models: Union[None, str, Iterable[str]] = None, features: Union[None, str, Iterable[str]] = None,
                 backend: str = "cpu", threads: Optional[int] = None, subsample: Optional[int] = None,
                 no_prediction: bool = False, width: Optional[int] = None, height: Optional[int] = None,
                 pixel_format: Optional[str] = None, bitdepth: Optional[int] = None,
                 frame_cnt: Optional[int] = None, frame_skip_ref: Optional[int] = None,
                 frame_skip_dist: Optional[int] = None, scale: Union[None, bool, str] = None,
                 convert: Optional[str] = None, decode_threads: Optional[int] = None,
                 gpus: Union[None, str, Iterable[int]] = None, progress: Optional[Callable[[int], None]] = None,
                 return_exceptions: bool = False) -> List[Union[Result, Error, ValueError]]:
    """Scores every encode of ``distorted`` against ``reference`` in one pass over the reference
    (an encoding ladder), as ``fastvmaf -r reference -d enc1 -d enc2 ...`` does: the reference is
    read or decoded once and the work that depends on it alone is shared. Returns one
    :class:`Result` per encode, in order, each equal to ``score(reference, that_encode, ...)``'s.

    A failed encode does not stop the others. With ``return_exceptions`` its entry is the
    exception that ``score`` would have raised for it; without, once all have finished, the
    first failed encode's exception is raised. ``scale``: scale each encode to the reference's
    size (renditions of a ladder at their own resolutions). ``progress``: called with the number
    of reference frames done (ladders of more than 16 encodes are scored in passes of 16, each
    counting from 0). The other options mean what score()'s do.
    """
    paths = [os.fspath(d) for d in ([distorted] if isinstance(distorted, (str, os.PathLike)) else distorted)]
    if not paths:
        raise ValueError("score_ladder: no distorted video given")
    argv = ["-r", os.fspath(reference)]
    for d in paths:
        argv += ["-d", d]
    argv += _argv(models, features, backend, threads, subsample, no_prediction, width, height, pixel_format,
                  bitdepth, frame_cnt, frame_skip_ref, frame_skip_dist, scale, convert, decode_threads, None, gpus)
    out: List[Union[Result, Error, ValueError]] = []
    for native, warnings, error in _engine(argv).run_ladder(progress):
        out.append(error if native is None else Result(native, warnings))
    if not return_exceptions:
        for entry in out:
            if isinstance(entry, BaseException):
                raise entry
    return out


def score_segment(reference: PathLike, distorted: PathLike, first: int, end: Optional[int] = None, *,
                  models: Union[None, str, Iterable[str]] = None, features: Union[None, str, Iterable[str]] = None,
                  backend: str = "cpu", threads: Optional[int] = None, subsample: Optional[int] = None,
                  no_prediction: bool = False, width: Optional[int] = None, height: Optional[int] = None,
                  pixel_format: Optional[str] = None, bitdepth: Optional[int] = None, frame_cnt: Optional[int] = None,
                  frame_skip_ref: Optional[int] = None, frame_skip_dist: Optional[int] = None,
                  convert: Optional[str] = None, decode_threads: Optional[int] = None,
                  gpus: Union[None, str, Iterable[int]] = None) -> "_fastvmaf.Segment":
    """Scores frames [first, end) of the run ``score(reference, distorted, ...)`` would score (end
    None: to its end), after a warm-up of the few frames before ``first`` that temporal features
    need. Returns a picklable segment for :func:`assemble`; the options mean what score()'s do.
    """
    argv = ["-r", os.fspath(reference), "-d", os.fspath(distorted)]
    argv += _argv(models, features, backend, threads, subsample, no_prediction, width, height, pixel_format,
                  bitdepth, frame_cnt, frame_skip_ref, frame_skip_dist, None, convert, decode_threads, None, gpus)
    return _engine(argv).score_segment(int(first), 0 if end is None else int(end))


def assemble(segments: Iterable["_fastvmaf.Segment"], *, models: Union[None, str, Iterable[str]] = None,
             features: Union[None, str, Iterable[str]] = None, subsample: Optional[int] = None,
             no_prediction: bool = False) -> Result:
    """The run's :class:`Result` from its segments (:func:`score_segment`), in any order; they must
    cover frames 0 to n - 1 once each and be scored with these models, features, subsample and
    no_prediction. Motion2/motion3, the end-of-run aggregates, predictions and pooling run here,
    once, on the whole series: the values equal score()'s, bit for bit.
    """
    argv = ["-r", "<segments>", "-d", "<segments>"]
    argv += _argv(models, features, "cpu", None, subsample, no_prediction, None, None, None, None, None, None, None,
                  None, None, None)
    return Result(_engine(argv).assemble(list(segments)))


class Session:
    """Scores frames you push, one pair at a time (numpy arrays), as the C++ Session does.

    ``push(ref, dis)``: each frame a tuple of its three planes (Y, U, V), 2-D arrays of
    uint8 (8-bit video) or uint16 (9 to 16 bits, samples in the low bits); chroma planes
    ceil(width/2) wide for 4:2:0 and 4:2:2, ceil(height/2) high for 4:2:0. The frames are
    copied, so the arrays may be reused once push returns. ``flush()`` returns the
    :class:`Result`, which equals the file run's for the same frames. ``on_frame(index,
    values)`` is called once per frame, in order, when its values are final.
    """

    def __init__(self, width: int, height: int, pixel_format: str = "420", bitdepth: int = 8, *,
                 models: Union[None, str, Iterable[str]] = None, features: Union[None, str, Iterable[str]] = None,
                 backend: str = "cpu", threads: Optional[int] = None, subsample: Optional[int] = None,
                 no_prediction: bool = False, on_frame: Optional[Callable[[int, Dict[str, float]], None]] = None,
                 segment_frames: Optional[int] = None, gpus: Union[None, str, Iterable[int]] = None):
        # The CLI's parser wants inputs; the session's frames come from push() instead.
        argv = ["-r", "<session>", "-d", "<session>"]
        argv += _argv(models, features, backend, threads, subsample, no_prediction, None, None, None, None, None,
                      None, None, None, None, None, segment_frames, gpus)
        self._engine = _engine(argv)
        self._native = _fastvmaf.Session(self._engine, int(width), int(height), str(pixel_format), int(bitdepth),
                                         on_frame)

    def push(self, ref: Sequence["numpy.ndarray"], dis: Sequence["numpy.ndarray"]) -> None:
        """Adds one frame pair; raises ValueError for planes of the wrong type or shape."""
        self._native.push(ref, dis)

    @property
    def frames(self) -> int:
        """Frames pushed so far."""
        return self._native.frames

    def flush(self) -> Result:
        """No frame follows: returns the whole run's result. The session is done after it."""
        return Result(self._native.flush())

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc) -> None:
        return None
