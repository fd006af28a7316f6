#include "cli/cli_args.hpp"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

#include "core/error.hpp"
#include "core/options.hpp"

namespace fastvmaf::cli {

namespace {

// The model the CLI uses when none is given and -n is not set.
constexpr const char* kDefaultModel = "vmaf_v1.0.16_3d0h";

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const auto p = s.find(sep, start);
    out.push_back(s.substr(start, p == std::string::npos ? std::string::npos : p - start));
    if (p == std::string::npos) break;
    start = p + 1;
  }
  return out;
}

unsigned parse_unsigned(const std::string& flag, const std::string& v, unsigned min, unsigned max) {
  char* end = nullptr;
  errno = 0;
  const long long n = std::strtoll(v.c_str(), &end, 0);
  if (v.empty() || *end || errno || n < static_cast<long long>(min) || n > static_cast<long long>(max))
    throw std::invalid_argument(fmt::format("invalid argument \"{}\" for {}; should be an integer in [{}, {}]", v,
                                            flag, min, max));
  return static_cast<unsigned>(n);
}

}  // namespace

ModelRequest parse_model_argument(const std::string& arg) {
  ModelRequest m;
  for (const auto& kv : split(arg, ':')) {
    if (kv.empty()) continue;
    const auto eq = kv.find('=');
    const std::string key = kv.substr(0, eq);
    std::string val = eq == std::string::npos ? std::string() : kv.substr(eq + 1);
    if (eq == std::string::npos) {
      if (key == "disable_clip" || key == "enable_transform")
        val = "true";
      else
        throw std::invalid_argument(fmt::format("problem parsing model \"{}\": bad option string \"{}\"", arg, key));
    }
    if (key == "path") {
      m.path = val;
    } else if (key == "name") {
      m.name = val;
    } else if (key == "version") {
      m.version = val;
    } else if (key == "disable_clip") {
      m.disable_clip = val == "true";
    } else if (key == "enable_transform") {
      m.enable_transform = val == "true";
    } else {
      // A feature overload: "<extractor>.<option>=<value>".
      const auto dot = key.find('.');
      if (dot == std::string::npos || dot == 0 || dot + 1 == key.size())
        throw std::invalid_argument(fmt::format(
            "problem parsing model \"{}\": unknown key \"{}\" (expected path, version, name, disable_clip, "
            "enable_transform or EXTRACTOR.OPTION=VALUE)",
            arg, key));
      m.overloads.push_back({key.substr(0, dot), key.substr(dot + 1), val});
    }
  }
  if (m.path.empty() == m.version.empty())
    throw std::invalid_argument(fmt::format("model \"{}\" needs exactly one of path= or version=", arg));
  return m;
}

std::vector<std::string> ladder_output_paths(const std::vector<std::string>& outputs,
                                             const std::vector<std::string>& distorted) {
  std::vector<std::string> out;
  if (outputs.empty()) return std::vector<std::string>(distorted.size());
  if (outputs.size() == distorted.size()) {
    out = outputs;
  } else if (outputs.size() == 1 && outputs[0].find("{name}") != std::string::npos) {
    for (const auto& d : distorted) {
      std::string o = outputs[0];
      const std::string name = std::filesystem::path(d).stem().string();
      for (std::size_t p; (p = o.find("{name}")) != std::string::npos;) o.replace(p, 6, name);
      out.push_back(std::move(o));
    }
  } else {
    throw std::invalid_argument(fmt::format(
        "{} distorted videos (-d) and {} output files (-o): give one -o per -d, in the same order, or one -o "
        "template with {{name}} (the distorted file's name without folder and extension), e.g. -o {{name}}.json",
        distorted.size(), outputs.size()));
  }
  return out;
}

void check_model_names(const Args& a) {
  bool any_output = !a.output_path.empty();
  for (const auto& o : a.ladder_outputs) any_output = any_output || !o.empty();
  if (!any_output) return;
  for (const auto& m : a.engine.models)
    if (auto why = io::name_problem(m.name, a.output_format))
      throw std::invalid_argument(fmt::format(
          "model name \"{}\" cannot be written as {}: {}; choose another name (-m ...:name=NAME) or another output "
          "format",
          printable(m.name), io::to_string(a.output_format), *why));
}

std::optional<int> parse(CLI::App& app, Args& a, int argc, char** argv) {
  // libvmaf uses -h for the height, so help is --help only.
  app.set_help_flag("--help", "Print this help and exit");
  std::vector<std::string> models, features;
  std::string width, height, pix_fmt, bitdepth, threads, subsample, frame_cnt, skip_ref, skip_dist, precision,
      segment_frames, backend = "cpu", gpus;
  bool xml = false, json = false, csv = false, sub = false;
  std::string cpumask, gpumask;

  app.add_option("-r,--reference", a.ref_path, "reference: .y4m, raw .yuv or compressed (.mp4, .mkv, ...)");
  app.add_option("-d,--distorted", a.dis_paths,
                 "distorted: .y4m, raw .yuv or compressed (.mp4, .mkv, ...); repeatable: several -d score every "
                 "encode of a ladder against the reference in one pass over it (the reference read once), each "
                 "with its own output (-o once per -d, or one -o with {name}) and a summary table on stdout");
  std::string batch_jobs;
  app.add_option("--batch", a.batch_path,
                 "score many pairs in one process: a manifest ('-': standard input), one pair a line, tab-separated: reference, "
                 "distorted, output file[, width, height, pixel format, bit depth for raw .yuv]; lines sharing a "
                 "reference are scored in one pass over it; a summary table goes to stdout");
  app.add_option("--batch-jobs", batch_jobs, "with --batch: pairs scored at once (default 2)");
  app.add_option("-w,--width", width, "width (raw .yuv)");
  app.add_option("-h,--height", height, "height (raw .yuv)");
  app.add_option("-p,--pixel_format", pix_fmt, "pixel format of raw .yuv: 420, 422 or 444");
  app.add_option("-b,--bitdepth", bitdepth, "bit depth of raw .yuv: 8, 10, 12 or 16");
  app.add_option("-m,--model", models,
                 "model: path=FILE or version=NAME, with :name=NAME, :disable_clip, :enable_transform, "
                 ":EXTRACTOR.OPTION=VALUE; repeatable");
  app.add_option("--feature", features, "additional feature: NAME or NAME=key=value:key=value; repeatable");
  app.add_option("-o,--output", a.output_paths,
                 "output file; with several -d, one per -d in the same order, or one template in which {name} "
                 "is each distorted file's name without folder and extension (-o scores/{name}.json)");
  app.add_option("--html", a.html_path,
                 "also write the run's report: one self-contained HTML file of curves and tables (see `fastvmaf "
                 "report --help` to draw one from JSON outputs)");
  app.add_flag("--xml", xml, "write the output file as XML (default)");
  app.add_flag("--json", json, "write the output file as JSON");
  app.add_flag("--csv", csv, "write the output file as CSV");
  app.add_flag("--sub", sub, "write the output file as subtitles");
  app.add_option("--threads", threads, "worker threads (default: all hardware threads)");
  app.add_option("--subsample", subsample, "compute scores only every N frames");
  app.add_option("--frame_cnt", frame_cnt, "maximum number of frames to score");
  app.add_option("--frame_skip_ref", skip_ref, "skip the first N reference frames");
  app.add_option("--frame_skip_dist", skip_dist, "skip the first N distorted frames");
  app.add_option("--segment-frames", segment_frames,
                 "cut the run into segments of N frames, scored one by one and put back together: the outputs are "
                 "the same (to check that they are, or to test)");
  app.add_option("--cpumask", cpumask, "accepted for libvmaf compatibility; ignored");
  app.add_option("--gpumask", gpumask, "accepted for libvmaf compatibility; ignored");
  app.add_flag("-n,--no_prediction", a.engine.no_prediction, "extract features only, no model prediction");
  app.add_flag("-q,--quiet", a.quiet, "no progress line, no score summary when writing a file");
  app.add_flag("--profile", a.profile, "print where the run's time went (stages, device strand) on stderr");
  app.add_flag("-v,--version", a.show_version, "print the version and exit");
  app.add_option("--precision", precision,
                 "digits after the point in outputs (0-17), or 'max' for %.17g (round-trip); default: libvmaf's");
  app.add_option("--backend", backend,
                 "cpu, cuda, hip, sycl, auto, cpu+cuda, cpu+hip or cpu+sycl (default: cpu). cuda/hip/sycl need a "
                 "usable device and a twin of every extractor. auto: the CPU starts scoring at once and, when the "
                 "run is long enough to pay for a device's start-up, the first GPU found (cuda, then hip, then a "
                 "SYCL GPU) initialises beside it and takes segments of frames too, the faster getting more; with "
                 "no GPU, or an extractor without a twin there, the CPU alone (inputs that are not .y4m or raw "
                 ".yuv files: the GPU with the other extractors on the CPU, as one run). cpu+X: the CPU and X's "
                 "device together from the start (cpu+sycl takes a SYCL CPU device too)");
  app.add_option("--gpus", gpus,
                 "all (default) or a comma-separated list of device numbers for cuda, hip, sycl and auto: one "
                 "frame pipeline per entry, segments of frames spread over them; a number may repeat (0,0: two "
                 "pipelines on device 0). SYCL drives one device (--sycl-device): 0 only");
  app.add_option("--sycl-device", a.engine.sycl_device,
                 "the SYCL device: gpu, cpu, auto (a GPU, else any device; the default) or its number in the "
                 "SYCL runtime's list (an unknown one is an error that lists them); $FASTVMAF_SYCL_DEVICE too");
  app.add_flag("--list-features", a.list_features, "list the feature extractors and exit");
  std::string decode_threads;
  app.add_flag("--scale{bicubic}", a.scale,
               "scale the distorted video to the reference's size (libswscale, as ffmpeg's scale filter): "
               "--scale is bicubic, --scale=FILTER names another (bilinear, lanczos, spline, neighbor, area, ...)");
  app.add_option("--convert", a.decode.convert,
                 "convert compressed input whose pixel format cannot be scored as stored (RGB, 4:1:1, alpha) "
                 "to this format (yuv420p, yuv444p10le, ...) with libswscale; without it such input is an error");
  std::string hwdec = "none";
  app.add_option("--hwdec", hwdec,
                 "where compressed input is decoded: cuda (NVDEC, into the GPU's memory, where the twins score it "
                 "without a copy through the host; a stream NVDEC cannot decode falls back to the CPU, with a note), "
                 "none (the CPU: the default, faster on many-core hosts, docs/performance.md), auto (cuda when the "
                 "run is on CUDA and all of it on the device, else none)");
  app.add_option("--decode-threads", decode_threads,
                 "libavcodec threads per compressed input (default 0: libavcodec's choice)");

  // --version and --list-features need no inputs.
  for (int i = 1; i < argc; ++i) {
    const std::string s = argv[i];
    if (s == "-v" || s == "--version" || s == "--list-features") {
      a.show_version = s != "--list-features";
      a.list_features = s == "--list-features";
      return std::nullopt;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "fastvmaf: error: %s\nRun with --help for the options.\n", e.what());
    return 1;
  }

  // Raw input geometry: all four or none.
  const int given = !width.empty() + !height.empty() + !pix_fmt.empty() + !bitdepth.empty();
  if (given > 0 && given < 4)
    throw std::invalid_argument("raw .yuv input needs all of --width/-w, --height/-h, --pixel_format/-p and "
                                "--bitdepth/-b");
  if (given == 4) {
    a.raw = true;
    a.raw_geometry.width = parse_unsigned("-w/--width", width, 1, 16384);
    a.raw_geometry.height = parse_unsigned("-h/--height", height, 1, 16384);
    if (!pixel_format_from(pix_fmt, a.raw_geometry.format))
      throw std::invalid_argument(fmt::format(
          "invalid argument \"{}\" for -p/--pixel_format; should be a valid pixel format (420/422/444)", pix_fmt));
    a.raw_geometry.bpc = parse_unsigned("-b/--bitdepth", bitdepth, 8, 16);
    if (a.raw_geometry.bpc != 8 && a.raw_geometry.bpc != 10 && a.raw_geometry.bpc != 12 && a.raw_geometry.bpc != 16)
      throw std::invalid_argument(fmt::format(
          "invalid argument \"{}\" for -b/--bitdepth; should be a valid bitdepth (8/10/12/16)", bitdepth));
  }

  if (xml + json + csv + sub > 1) throw std::invalid_argument("choose one of --xml, --json, --csv, --sub");
  a.output_format = json ? io::OutputFormat::Json
                    : csv ? io::OutputFormat::Csv
                    : sub ? io::OutputFormat::Sub
                          : io::OutputFormat::Xml;
  if (!precision.empty()) {
    if (precision == "max") {
      a.number_format.kind = io::NumberFormat::Kind::Max;
    } else {
      a.number_format.kind = io::NumberFormat::Kind::Fixed;
      a.number_format.digits = static_cast<int>(parse_unsigned("--precision", precision, 0, 17));
    }
  }
  if (!a.dis_paths.empty()) a.dis_path = a.dis_paths.front();
  if (a.dis_paths.size() > 1) {
    a.ladder_outputs = ladder_output_paths(a.output_paths, a.dis_paths);
    if (!a.html_path.empty())
      throw std::invalid_argument("--html draws one run; for several -d, write JSON outputs and draw their report "
                                  "with fastvmaf report OUTPUT.json ... -o report.html");
  } else if (a.output_paths.size() > 1) {
    throw std::invalid_argument(fmt::format("{} output files (-o) for one distorted video (-d): give one",
                                            a.output_paths.size()));
  } else if (!a.output_paths.empty()) {
    a.output_path = a.output_paths.front();
  }
  if (a.batch_path.empty()) {
    if (a.ref_path.empty() || a.dis_path.empty())
      throw std::invalid_argument(fmt::format("{} is required: give the reference (-r) and the distorted video (-d), "
                                              "or --batch MANIFEST",
                                              a.ref_path.empty() ? "--reference" : "--distorted"));
    if (!batch_jobs.empty()) throw std::invalid_argument("--batch-jobs needs --batch");
  } else {
    if (!a.html_path.empty())
      throw std::invalid_argument("--html draws one run; for a batch, draw the report of its JSON outputs with "
                                  "fastvmaf report OUTPUT.json ... -o report.html");
    if (!a.ref_path.empty() || !a.dis_paths.empty() || !a.output_paths.empty() || given > 0)
      throw std::invalid_argument("--batch takes the pairs, their outputs and their raw geometry from the manifest: "
                                  "drop -r, -d, -o and -w/-h/-p/-b");
    if (!batch_jobs.empty()) a.batch_jobs = parse_unsigned("--batch-jobs", batch_jobs, 1, 64);
  }
  if (!decode_threads.empty()) a.decode.threads = parse_unsigned("--decode-threads", decode_threads, 0, 64);
  if (!threads.empty()) a.engine.threads = parse_unsigned("--threads", threads, 0, 1024);
  if (!subsample.empty()) a.engine.subsample = parse_unsigned("--subsample", subsample, 1, 1u << 30);
  if (!segment_frames.empty())
    a.engine.segment_frames = parse_unsigned("--segment-frames", segment_frames, 1, 1u << 30);
  if (!frame_cnt.empty()) a.limits.frame_cnt = parse_unsigned("--frame_cnt", frame_cnt, 0, 1u << 30);
  if (!skip_ref.empty()) a.limits.frame_skip_ref = parse_unsigned("--frame_skip_ref", skip_ref, 0, 1u << 30);
  if (!skip_dist.empty()) a.limits.frame_skip_dist = parse_unsigned("--frame_skip_dist", skip_dist, 0, 1u << 30);

  if (backend == "cpu")
    a.engine.backend = BackendChoice::Cpu;
  else if (backend == "cuda")
    a.engine.backend = BackendChoice::Cuda;
  else if (backend == "hip")
    a.engine.backend = BackendChoice::Hip;
  else if (backend == "sycl")
    a.engine.backend = BackendChoice::Sycl;
  else if (backend == "auto")
    a.engine.backend = BackendChoice::Auto;
  else if (backend == "cpu+cuda")
    a.engine.backend = BackendChoice::CpuCuda;
  else if (backend == "cpu+hip")
    a.engine.backend = BackendChoice::CpuHip;
  else if (backend == "cpu+sycl")
    a.engine.backend = BackendChoice::CpuSycl;
  else
    throw std::invalid_argument(fmt::format(
        "invalid argument \"{}\" for --backend; should be cpu, cuda, hip, sycl, auto, cpu+cuda, cpu+hip or cpu+sycl",
        backend));
  if (hwdec == "none")
    a.decode.hwdec = io::HwDecode::None;
  else if (hwdec == "cuda")
    a.decode.hwdec = io::HwDecode::Cuda;
  else if (hwdec == "auto")
    a.decode.hwdec = io::HwDecode::Auto;
  else
    throw std::invalid_argument(fmt::format("invalid argument \"{}\" for --hwdec; should be cuda, none or auto", hwdec));
  if (a.decode.hwdec == io::HwDecode::Cuda && a.engine.backend != BackendChoice::Cuda &&
      a.engine.backend != BackendChoice::Auto && a.engine.backend != BackendChoice::CpuCuda)
    throw std::invalid_argument("--hwdec cuda decodes into CUDA device memory: it needs --backend cuda (or auto, "
                                "cpu+cuda)");
  if (!gpus.empty() && gpus != "all") {
    if (a.engine.backend == BackendChoice::Cpu)
      throw std::invalid_argument("--gpus lists devices for --backend cuda, hip, sycl, auto or cpu+X, not cpu");
    std::size_t at = 0;
    for (;;) {
      const std::size_t comma = gpus.find(',', at);
      const std::string one = gpus.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
      a.engine.gpus.push_back(parse_unsigned("--gpus", one, 0, 1023));
      if (comma == std::string::npos) break;
      at = comma + 1;
    }
    if (a.engine.gpus.size() > 64) throw std::invalid_argument("--gpus: at most 64 pipelines");
  }

  for (const auto& m : models) a.engine.models.push_back(parse_model_argument(m));
  for (const auto& f : features) {
    auto [name, dict] = parse_feature_argument(f);
    FeatureRequest req{name, dict.entries()};
    a.engine.features.push_back(std::move(req));
  }
  if (a.engine.models.empty() && !a.engine.no_prediction) {
    ModelRequest m;
    m.version = kDefaultModel;
    a.engine.models.push_back(m);
    a.default_model = true;
    a.notes.push_back(fmt::format("no model given: scoring with {}", kDefaultModel));
  }

  // version=NAME looks here first, then among the built-in models.
  const char* env = std::getenv("FASTVMAF_MODEL_DIR");
  if (env && *env) a.engine.model_dir = env;
  return std::nullopt;
}

}  // namespace fastvmaf::cli
