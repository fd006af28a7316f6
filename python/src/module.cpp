// fastvmaf._fastvmaf: the C++ API (include/fastvmaf) for Python, through pybind11.
// Nothing is computed here: the options are parsed by the CLI's parser (cli/cli_args),
// files are scored as the CLI scores them (engine/file_run), documents are rendered by the
// CLI's writers (io/output_writer) and pooled values come from core/pooling. The Python
// package (python/fastvmaf/__init__.py) puts a friendlier face on these objects.
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "cli/batch_manifest.hpp"
#include "cli/cli_args.hpp"
#include "cli/score_pair.hpp"
#include "core/feature_name.hpp"
#include "core/pooling.hpp"
#include "core/registry.hpp"
#include "engine/file_run.hpp"
#include "fastvmaf/engine.hpp"
#include "fastvmaf/error.hpp"
#include "fastvmaf/segment.hpp"
#include "fastvmaf/session.hpp"
#include "fastvmaf/version.hpp"
#include "io/output_writer.hpp"

namespace py = pybind11;

namespace {

using fastvmaf::cli::Args;

// The CLI's arguments, parsed once: what to compute (the engine's options), how to read
// the inputs, and how outputs print numbers. Python builds the argument list from its
// keyword arguments, so every option means what the CLI's flag means, with its checks and
// messages.
struct Options {
  Args args;
};

std::shared_ptr<Options> parse_options(std::vector<std::string> argv) {
  argv.insert(argv.begin(), "fastvmaf");
  std::vector<char*> ptrs;
  for (auto& a : argv) ptrs.push_back(a.data());
  auto opts = std::make_shared<Options>();
  CLI::App app{"fastvmaf"};
  // The parser prints a usage error itself and returns its code; the message goes to
  // stderr, and Python gets a ValueError saying where to look.
  if (auto code = fastvmaf::cli::parse(app, opts->args, static_cast<int>(ptrs.size()), ptrs.data()))
    throw std::invalid_argument("fastvmaf: the options were not understood (the parser's message is on stderr)");
  fastvmaf::cli::check_model_names(opts->args);
  return opts;
}

// run, score_segment and a session take one distorted video; several (an encoding
// ladder) go to run_ladder.
void require_one_distorted(const Args& a) {
  if (a.dis_paths.size() > 1)
    throw std::invalid_argument("fastvmaf: several distorted videos are an encoding ladder: use score_ladder");
}

// An engine and the options it was built from (the session's and the run's settings).
struct PyEngine {
  std::shared_ptr<Options> options;
  std::unique_ptr<fastvmaf::Engine> engine;
};

// A result and what was done to its inputs, which the XML and JSON documents record.
struct PyResult {
  fastvmaf::Result result;
  std::vector<fastvmaf::io::InputRecord> inputs;
};

fastvmaf::io::NumberFormat number_format(const py::object& precision) {
  fastvmaf::io::NumberFormat nf;
  if (precision.is_none()) return nf;
  if (py::isinstance<py::str>(precision)) {
    if (precision.cast<std::string>() != "max")
      throw std::invalid_argument("precision is a number of digits (0-17), \"max\" or None");
    nf.kind = fastvmaf::io::NumberFormat::Kind::Max;
    return nf;
  }
  const int d = precision.cast<int>();
  if (d < 0 || d > 17) throw std::invalid_argument("precision is a number of digits (0-17), \"max\" or None");
  nf.kind = fastvmaf::io::NumberFormat::Kind::Fixed;
  nf.digits = d;
  return nf;
}

fastvmaf::io::OutputFormat output_format(const std::string& f) {
  if (f == "xml") return fastvmaf::io::OutputFormat::Xml;
  if (f == "json") return fastvmaf::io::OutputFormat::Json;
  if (f == "csv") return fastvmaf::io::OutputFormat::Csv;
  if (f == "sub") return fastvmaf::io::OutputFormat::Sub;
  throw std::invalid_argument("output format \"" + f + "\" is not xml, json, csv or sub");
}

// The document the CLI writes for this result (-o with --xml/--json/--csv/--sub and
// --precision); written atomically to `path` when one is given, else returned.
py::object render(const PyResult& r, const std::string& format, const py::object& path, const py::object& precision) {
  const auto fmt = output_format(format);
  const auto nf = number_format(precision);
  if (path.is_none()) {
    std::string doc;
    {
      py::gil_scoped_release release;
      doc = fastvmaf::io::render_output(r.result, fmt, nf, fastvmaf::kVersion, r.inputs);
    }
    return py::str(doc);
  }
  const std::string p = py::str(path).cast<std::string>();  // str or os.PathLike (via str())
  {
    // As the CLI writes its output file: streamed into a temporary file renamed into place.
    py::gil_scoped_release release;
    fastvmaf::io::write_output(p, r.result, fmt, nf, fastvmaf::kVersion, r.inputs);
  }
  return py::none();
}

// Each series under the name the outputs print (feature_alias), as float64 per frame,
// NaN where the frame has no value (subsampled frames).
py::dict frames(const PyResult& r) {
  py::dict out;
  for (const auto& s : r.result.series) {
    py::array_t<double> a(static_cast<py::ssize_t>(r.result.frame_count));
    auto v = a.mutable_unchecked<1>();
    for (unsigned i = 0; i < r.result.frame_count; ++i)
      v(i) = s.has(i) ? s.values[i] : std::numeric_limits<double>::quiet_NaN();
    out[py::str(std::string(fastvmaf::feature_alias(s.name)))] = a;
  }
  return out;
}

// What the outputs' pooled_metrics hold: min, max, mean and harmonic_mean of each series
// (core/pooling, libvmaf's rule), a method left out where libvmaf leaves it out.
py::dict pooled(const PyResult& r) {
  py::dict out;
  const auto& res = r.result;
  for (const auto& s : res.series) {
    py::dict m;
    if (res.frame_count)
      for (auto method : {fastvmaf::PoolMethod::Min, fastvmaf::PoolMethod::Max, fastvmaf::PoolMethod::Mean,
                          fastvmaf::PoolMethod::HarmonicMean})
        if (auto v = fastvmaf::pool(s.values, s.written, method, 0, res.frame_count - 1, res.subsample))
          m[fastvmaf::to_string(method)] = *v;
    out[py::str(std::string(fastvmaf::feature_alias(s.name)))] = m;
  }
  return out;
}

py::list models(const PyResult& r) {
  py::list out;
  for (const auto& m : r.result.models) {
    py::dict d;
    d["label"] = m.label;
    d["name"] = m.name;
    d["mean"] = m.mean;
    d["bootstrap"] = m.bootstrap;
    if (m.bootstrap) {
      d["bagging"] = m.bagging;
      d["stddev"] = m.stddev;
      d["ci_lo"] = m.ci_lo;
      d["ci_hi"] = m.ci_hi;
    }
    out.append(d);
  }
  return out;
}

// One plane from Python: a 2-D numpy array of the plane's size and the run's sample type
// (the C++ API reads `height` rows of `width` samples at `stride`, so the shape is checked
// here, where it is still known).
fastvmaf::PlaneView plane_view(const py::array& a, unsigned width, unsigned height, unsigned bpc, const char* what,
                               int plane) {
  const char* names[] = {"Y", "U", "V"};
  const bool wide = bpc > 8;
  if (wide ? !py::isinstance<py::array_t<std::uint16_t>>(a) || a.dtype().kind() != 'u' || a.itemsize() != 2
           : a.dtype().kind() != 'u' || a.itemsize() != 1)
    throw std::invalid_argument(std::string(what) + " plane " + names[plane] + ": samples must be " +
                                (wide ? "uint16" : "uint8") + " for " + std::to_string(bpc) + "-bit video, not " +
                                py::str(a.dtype()).cast<std::string>());
  if (a.ndim() != 2 || a.shape(0) != static_cast<py::ssize_t>(height) || a.shape(1) != static_cast<py::ssize_t>(width))
    throw std::invalid_argument(std::string(what) + " plane " + names[plane] + ": expected shape (" +
                                std::to_string(height) + ", " + std::to_string(width) + "), got " +
                                py::str(py::tuple(py::cast(std::vector<py::ssize_t>(a.shape(), a.shape() + a.ndim()))))
                                    .cast<std::string>());
  if (a.strides(1) != a.itemsize())
    throw std::invalid_argument(std::string(what) + " plane " + names[plane] +
                                ": samples of a row must be adjacent (use numpy.ascontiguousarray)");
  return {a.data(), a.strides(0)};
}

// One segment's scores (fastvmaf/segment.hpp), picklable: a worker's task returns it.
struct PySegment {
  fastvmaf::SegmentScores s;
};

py::tuple segment_state(const PySegment& p) {
  const auto& s = p.s;
  const auto n = static_cast<py::ssize_t>(s.values.size());
  py::array_t<std::uint32_t> names(n), index(n);
  py::array_t<double> values(n);
  for (py::ssize_t i = 0; i < n; ++i) {
    names.mutable_at(i) = s.values[i].name;
    index.mutable_at(i) = s.values[i].index;
    values.mutable_at(i) = s.values[i].value;
  }
  py::list carry;
  for (const auto& c : s.carry) carry.append(py::make_tuple(c.extractor, c.scored, c.words));
  return py::make_tuple(s.first, s.end, s.geometry.width, s.geometry.height, static_cast<int>(s.geometry.format),
                        s.geometry.bpc, s.names, names, index, values, s.aggregates, carry);
}

PySegment segment_from_state(const py::tuple& t) {
  if (t.size() != 12) throw std::invalid_argument("not the state of a fastvmaf segment");
  PySegment p;
  auto& s = p.s;
  s.first = t[0].cast<unsigned>();
  s.end = t[1].cast<unsigned>();
  s.geometry = {t[2].cast<unsigned>(), t[3].cast<unsigned>(), static_cast<fastvmaf::PixelFormat>(t[4].cast<int>()),
                t[5].cast<unsigned>()};
  s.names = t[6].cast<std::vector<std::string>>();
  const auto names = t[7].cast<py::array_t<std::uint32_t>>();
  const auto index = t[8].cast<py::array_t<std::uint32_t>>();
  const auto values = t[9].cast<py::array_t<double>>();
  if (names.size() != index.size() || names.size() != values.size())
    throw std::invalid_argument("a fastvmaf segment's state has arrays of different lengths");
  for (py::ssize_t i = 0; i < names.size(); ++i) s.values.push_back({names.at(i), index.at(i), values.at(i)});
  s.aggregates = t[10].cast<std::vector<std::pair<std::string, double>>>();
  for (const auto& c : t[11].cast<py::list>()) {
    const auto ct = c.cast<py::tuple>();
    s.carry.push_back({ct[0].cast<std::string>(), ct[1].cast<bool>(), ct[2].cast<std::vector<std::uint64_t>>()});
  }
  return p;
}

class PySession {
 public:
  PySession(std::shared_ptr<PyEngine> engine, unsigned width, unsigned height, const std::string& pixel_format,
            unsigned bitdepth, py::object on_frame)
      : engine_(std::move(engine)) {
    fastvmaf::VideoGeometry g{width, height, fastvmaf::PixelFormat::YUV420, bitdepth};
    if (!fastvmaf::pixel_format_from(pixel_format, g.format))
      throw std::invalid_argument("pixel_format \"" + pixel_format + "\" is not 420, 422 or 444");
    fastvmaf::SessionOptions so;
    on_frame_ = std::move(on_frame);
    if (!on_frame_.is_none()) {
      // Called on the thread that pushes, with the GIL released: take it for Python. The
      // callable is this object's (released with the GIL held, never by the session).
      so.on_frame = [cb = &on_frame_](const fastvmaf::FrameScores& f) {
        py::gil_scoped_acquire gil;
        py::dict values;
        for (const auto& [k, v] : f.features) values[py::str(std::string(fastvmaf::feature_alias(k)))] = v;
        for (const auto& [k, v] : f.models) values[py::str(k)] = v;
        (*cb)(f.index, values);
      };
    }
    py::gil_scoped_release release;
    session_ = std::make_unique<fastvmaf::Session>(*engine_->engine, g, std::move(so));
  }

  void push(const py::sequence& ref, const py::sequence& dis) {
    if (!session_) throw std::invalid_argument("the session is flushed: it takes no more frames");
    const auto& g = session_->geometry();
    const unsigned cw = (g.width + fastvmaf::chroma_shift_x(g.format)) >> fastvmaf::chroma_shift_x(g.format);
    const unsigned ch = (g.height + fastvmaf::chroma_shift_y(g.format)) >> fastvmaf::chroma_shift_y(g.format);
    fastvmaf::FrameView views[2];
    std::vector<py::array> keep;  // the planes stay referenced while the GIL is released
    int k = 0;
    for (const py::sequence* frame : {&ref, &dis}) {
      const char* what = k == 0 ? "reference" : "distorted";
      if (py::len(*frame) != 3)
        throw std::invalid_argument(std::string(what) + " frame: expected 3 planes (Y, U, V), got " +
                                    std::to_string(py::len(*frame)));
      for (int p = 0; p < 3; ++p) {
        py::array a = py::array::ensure((*frame)[p]);
        if (!a) throw std::invalid_argument(std::string(what) + " frame: a plane is not an array");
        views[k].planes[p] = plane_view(a, p ? cw : g.width, p ? ch : g.height, g.bpc, what, p);
        keep.push_back(std::move(a));
      }
      ++k;
    }
    py::gil_scoped_release release;
    session_->push(views[0], views[1]);
  }

  unsigned frames() const { return session_ ? session_->frames() : pushed_; }

  PyResult flush() {
    if (!session_) throw std::invalid_argument("the session is flushed already");
    PyResult r;
    {
      py::gil_scoped_release release;
      pushed_ = session_->frames();
      auto s = std::move(session_);
      r.result = s->flush();
    }
    return r;
  }

 private:
  std::shared_ptr<PyEngine> engine_;  // outlives the session
  py::object on_frame_;  std::unique_ptr<fastvmaf::Session> session_;
  unsigned pushed_ = 0;
};

}  // namespace

PYBIND11_MODULE(_fastvmaf, m) {
  m.doc() = "fastvmaf's C++ engine (use the fastvmaf package, which wraps this module)";
  m.attr("__version__") = fastvmaf::kVersion;
  m.attr("libvmaf_version") = fastvmaf::kLibvmafVersion;

  // The C++ API's errors (fastvmaf/error.hpp): std::invalid_argument is pybind11's
  // ValueError; InputError and DeviceError are classes of their own under fastvmaf.Error.
  static py::exception<std::runtime_error> base(m, "Error", PyExc_RuntimeError);
  static py::exception<fastvmaf::InputError> input_error(m, "InputError", base.ptr());
  static py::exception<fastvmaf::DeviceError> device_error(m, "DeviceError", base.ptr());
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const fastvmaf::InputError& e) {
      PyErr_SetString(input_error.ptr(), e.what());
    } catch (const fastvmaf::DeviceError& e) {
      PyErr_SetString(device_error.ptr(), e.what());
    }
  });
  base.doc() = "A fastvmaf error that is not a bad request (those are ValueError).";
  input_error.doc() = "Bad input data: a file that is missing, malformed, truncated or incompatible, a bad model file, "
                      "a sample above the bit depth.";
  device_error.doc() = "A GPU backend that is absent, cannot be loaded or fails.";

  py::class_<Options, std::shared_ptr<Options>>(m, "Options", "The CLI's options, parsed (see parse_options).")
      .def_property_readonly("reference", [](const Options& o) { return o.args.ref_path; })
      .def_property_readonly("distorted", [](const Options& o) { return o.args.dis_path; })
      .def_property_readonly("notes", [](const Options& o) { return o.args.notes; });
  // What tells a model's series from a feature's in a document: the names every extractor
  // provides, as the outputs print them.
  m.def("feature_names", [] {
    std::vector<std::string> names;
    for (const auto* e : fastvmaf::Registry::instance().all())
      for (const auto& f : e->provided_features) names.emplace_back(fastvmaf::feature_alias(f));
    return names;
  });
  // The --batch manifest, read and checked by the CLI's own code (cli/batch_manifest): one
  // dict per pair line (a bad line with its error); a manifest whose lines share an output,
  // or write over an input, is refused whole (ValueError), as --batch refuses it.
  m.def("read_manifest", [](const std::string& path) {
    const auto lines = fastvmaf::cli::read_manifest(path);
    fastvmaf::cli::check_manifest_outputs(lines);
    py::list out;
    for (const auto& l : lines) {
      py::dict d;
      d["line"] = l.number;
      d["error"] = l.error;
      d["reference"] = l.job.ref_path;
      d["distorted"] = l.job.dis_path;
      d["output"] = l.job.output_path;
      if (l.job.raw && l.error.empty())
        d["geometry"] = py::make_tuple(l.job.raw_geometry.width, l.job.raw_geometry.height,
                                       fastvmaf::to_string(l.job.raw_geometry.format), l.job.raw_geometry.bpc);
      else
        d["geometry"] = py::none();
      out.append(d);
    }
    return out;
  }, py::arg("path"));
  m.def("parse_options", &parse_options, py::arg("argv"),
        "Parses the fastvmaf command's arguments (without the program name), with its checks.");

  py::class_<PyEngine, std::shared_ptr<PyEngine>>(m, "Engine", "The models and features to compute, loaded once.")
      .def(py::init([](std::shared_ptr<Options> o) {
             auto e = std::make_shared<PyEngine>();
             e->options = std::move(o);
             py::gil_scoped_release release;
             e->engine = std::make_unique<fastvmaf::Engine>(e->options->args.engine);
             return e;
           }),
           py::arg("options"))
      .def_property_readonly("notes", [](const PyEngine& e) { return e.engine->notes(); })
      .def(
          "run",
          [](const PyEngine& e, const py::object& progress) {
            const Args& a = e.options->args;
            require_one_distorted(a);
            fastvmaf::FileRunOptions fo{a.raw, a.raw_geometry, a.decode, a.scale, a.limits};
            fastvmaf::FileRunHooks hooks;
            std::vector<std::string> warnings;
            hooks.warn = [&warnings](const std::string& w) { warnings.push_back(w); };
            if (!progress.is_none())
              hooks.progress = [&progress](unsigned n) {
                py::gil_scoped_acquire gil;
                progress(n);
              };
            PyResult r;
            bool sizes_differ = false;
            {
              py::gil_scoped_release release;
              fastvmaf::FileRun run = fastvmaf::run_files(*e.engine, a.ref_path, a.dis_path, fo, hooks, sizes_differ);
              r.result = std::move(run.result);
              r.inputs = std::move(run.inputs);
            }
            return py::make_tuple(std::move(r), warnings);
          },
          py::arg("progress") = py::none(),
          "Scores the options' reference and distorted files as the CLI does; returns (result, warnings).")
      .def(
          "run_ladder",
          [](const PyEngine& e, const py::object& progress) {
            const Args& a = e.options->args;
            fastvmaf::FileRunOptions fo{a.raw, a.raw_geometry, a.decode, a.scale, a.limits};
            const std::size_t n = a.dis_paths.size();
            std::vector<std::vector<std::string>> warnings(n);
            std::vector<fastvmaf::LadderFileOutcome> outcomes;
            std::exception_ptr reference_error;
            {
              py::gil_scoped_release release;
              // In passes of at most kMaxEncodesPerPass encodes, as the command scores them.
              for (std::size_t first = 0; first < n; first += fastvmaf::cli::kMaxEncodesPerPass) {
                const std::size_t end = std::min(n, first + fastvmaf::cli::kMaxEncodesPerPass);
                const std::vector<std::string> paths(a.dis_paths.begin() + first, a.dis_paths.begin() + end);
                std::vector<fastvmaf::FileRunHooks> encode_hooks(end - first);
                for (std::size_t k = first; k < end; ++k)
                  encode_hooks[k - first].warn = [&warnings, k](const std::string& w) { warnings[k].push_back(w); };
                fastvmaf::FileRunHooks hooks;
                if (!progress.is_none())
                  hooks.progress = [&progress](unsigned f) {
                    py::gil_scoped_acquire gil;
                    progress(f);
                  };
                try {
                  auto runs = fastvmaf::run_file_ladder(*e.engine, a.ref_path, paths, fo, hooks, encode_hooks);
                  for (auto& r : runs) outcomes.push_back(std::move(r));
                } catch (...) {  // the reference could not be opened: every encode fails with it
                  reference_error = std::current_exception();
                  break;
                }
              }
            }
            // Per encode (result or None, warnings, error or None); a failed encode's error is
            // the exception the single pair would have raised.
            auto make = [](PyObject* type, const char* what) {
              return py::reinterpret_borrow<py::object>(type)(what);  // an instance, not raised
            };
            auto as_python = [&make](std::exception_ptr p) -> py::object {
              try {
                std::rethrow_exception(p);
              } catch (const fastvmaf::InputError& x) {
                return make(input_error.ptr(), x.what());
              } catch (const fastvmaf::DeviceError& x) {
                return make(device_error.ptr(), x.what());
              } catch (const std::invalid_argument& x) {
                return make(PyExc_ValueError, x.what());
              } catch (const std::exception& x) {
                return make(base.ptr(), x.what());
              }
            };
            py::list out;
            for (std::size_t k = 0; k < n; ++k) {
              if (k >= outcomes.size()) {
                out.append(py::make_tuple(py::none(), warnings[k], as_python(reference_error)));
              } else if (outcomes[k].ok) {
                PyResult r;
                r.result = std::move(outcomes[k].run.result);
                r.inputs = std::move(outcomes[k].run.inputs);
                out.append(py::make_tuple(std::move(r), warnings[k], py::none()));
              } else {
                out.append(py::make_tuple(py::none(), warnings[k], as_python(outcomes[k].error)));
              }
            }
            return out;
          },
          py::arg("progress") = py::none(),
          "Scores the options' reference against each of its distorted files in one pass over the reference "
          "(an encoding ladder); returns, per encode, (result or None, warnings, error or None).")
      .def_property_readonly("segment_history", [](const PyEngine& e) { return e.engine->segment_history(); })
      .def(
          "score_segment",
          [](const PyEngine& e, unsigned first, unsigned end) {
            const Args& a = e.options->args;
            require_one_distorted(a);
            if (!a.scale.empty())
              throw std::invalid_argument("segments of a scaled input are not supported: score them without --scale");
            auto file = [&a](const std::string& path) {
              fastvmaf::VideoFile f{path};
              if (a.raw) f.raw = a.raw_geometry;
              f.decode_threads = a.decode.threads;
              f.convert = a.decode.convert;
              return f;
            };
            PySegment p;
            py::gil_scoped_release release;
            p.s = e.engine->score_segment(file(a.ref_path), file(a.dis_path), first, end, a.limits);
            return p;
          },
          py::arg("first"), py::arg("end") = 0,
          "Scores frames [first, end) of the options' files (end 0: to their end); returns a Segment.")
      .def(
          "assemble",
          [](const PyEngine& e, const std::vector<PySegment>& segments) {
            std::vector<fastvmaf::SegmentScores> parts;
            for (const auto& p : segments) parts.push_back(p.s);
            PyResult r;
            py::gil_scoped_release release;
            r.result = e.engine->assemble(std::move(parts));
            return r;
          },
          py::arg("segments"), "The run's Result from its segments, in any order.");

  py::class_<PySegment>(m, "Segment", "The scores of frames [first, end) of a run (picklable).")
      .def_property_readonly("first", [](const PySegment& p) { return p.s.first; })
      .def_property_readonly("end", [](const PySegment& p) { return p.s.end; })
      .def(py::pickle(&segment_state, &segment_from_state));

  py::class_<PyResult>(m, "Result", "What a run gives.")
      .def_property_readonly("frame_count", [](const PyResult& r) { return r.result.frame_count; })
      .def_property_readonly("width", [](const PyResult& r) { return r.result.width; })
      .def_property_readonly("height", [](const PyResult& r) { return r.result.height; })
      .def_property_readonly("fps", [](const PyResult& r) { return r.result.fps; })
      .def_property_readonly("subsample", [](const PyResult& r) { return r.result.subsample; })
      .def_property_readonly("backend", [](const PyResult& r) { return r.result.backend; })
      .def_property_readonly("aggregates",
                             [](const PyResult& r) {
                               py::dict d;
                               for (const auto& [k, v] : r.result.aggregates) d[py::str(k)] = v;
                               return d;
                             })
      .def_property_readonly("inputs",
                             [](const PyResult& r) {
                               py::dict d;
                               for (const auto& in : r.inputs) {
                                 py::dict a;
                                 for (const auto& [k, v] : in.attributes) a[py::str(k)] = v;
                                 d[py::str(in.role)] = a;
                               }
                               return d;
                             })
      .def("frames", &frames)
      .def("pooled", &pooled)
      .def("models", &models)
      .def("render", &render, py::arg("format"), py::arg("path") = py::none(), py::arg("precision") = py::none());

  py::class_<PySession>(m, "Session", "Frames pushed one by one.")
      .def(py::init<std::shared_ptr<PyEngine>, unsigned, unsigned, const std::string&, unsigned, py::object>(),
           py::arg("engine"), py::arg("width"), py::arg("height"), py::arg("pixel_format"), py::arg("bitdepth"),
           py::arg("on_frame") = py::none())
      .def("push", &PySession::push, py::arg("ref"), py::arg("dis"))
      .def_property_readonly("frames", &PySession::frames)
      .def("flush", &PySession::flush);
}
