// The engine: resolves extractors (from models and --feature), runs them over the
// frames with a thread pool, replays their values into the collector in frame order,
// then predicts the models' scores as libvmaf's CLI does.
#include "fastvmaf/engine.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

#include <fmt/format.h>

#include "core/collector.hpp"
#include "core/dict_value.hpp"
#include "core/error.hpp"
#include "core/feature_name.hpp"
#include "core/registry.hpp"
#include "engine/scheduler.hpp"
#include "gpu/runtime.hpp"
#include "io/pair_reader.hpp"
#include "io/video_source.hpp"
#include "model/model.hpp"

namespace fastvmaf {

namespace {

const char* backend_compiler(Backend b) { return b == Backend::Hip ? "hipcc" : "nvcc"; }

// The backend of the run's twins (../shared/DESIGN.md, "Backends and where they run"):
// cuda or hip must be usable; auto takes cuda, then hip, then the CPU. Says which in
// `notes`; `device` gets the device's name.
Backend resolve_backend(BackendChoice choice, std::vector<std::string>& notes, std::string& device) {
  if (choice == BackendChoice::Cpu) return Backend::Cpu;
  if (choice == BackendChoice::Cuda || choice == BackendChoice::Hip) {
    const Backend b = choice == BackendChoice::Cuda ? Backend::Cuda : Backend::Hip;
    const gpu::Runtime* rt = gpu::find_runtime(b);
    if (!rt)
      throw std::invalid_argument(fmt::format("--backend {}: this build has no {} backend ({} was not found when it "
                                              "was built); use --backend cpu or auto",
                                              to_string(b), to_string(b), backend_compiler(b)));
    const gpu::Probe p = rt->probe();
    if (!p.usable) throw DeviceError(fmt::format("--backend {}: {}", to_string(b), p.detail));
    notes.push_back(fmt::format("backend {}: {}", to_string(b), p.detail));
    device = p.detail;
    return b;
  }
  std::string why;
  for (Backend b : {Backend::Cuda, Backend::Hip}) {
    const gpu::Runtime* rt = gpu::find_runtime(b);
    if (!rt) {
      why += fmt::format("{}{}: not built", why.empty() ? "" : "; ", to_string(b));
      continue;
    }
    const gpu::Probe p = rt->probe();
    if (p.usable) {
      notes.push_back(fmt::format("--backend auto: using {} ({})", to_string(b), p.detail));
      device = p.detail;
      return b;
    }
    why += fmt::format("{}{}", why.empty() ? "" : "; ", p.detail);
  }
  notes.push_back(fmt::format("--backend auto: no usable GPU ({}); running on the CPU", why));
  return Backend::Cpu;
}

}  // namespace

struct Engine::Impl {
  EngineOptions options;
  std::vector<std::unique_ptr<model::ScoringModel>> models;
  std::vector<SlotSpec> slots;
  unsigned threads = 1;
  Backend gpu = Backend::Cpu;  // the backend of the twins, or Cpu
  std::string device_name;
  std::vector<std::string> notes;

  // libvmaf registers an extractor once per distinct (name, feature-param options):
  // a second request with the same key is dropped (fex_ctx_vector.c).
  void add_slot(const ExtractorInfo* info, const OptionDict& dict, const std::string& origin) {
    OptionSet opts(info->name, info->options, dict);
    std::string key = feature_name(info->name, opts);
    for (const auto& s : slots)
      if (s.info->name == info->name && s.dedupe_key == key) return;
    const Registry& reg = Registry::instance();
    Backend backend = Backend::Cpu;
    const ExtractorFactory* f = nullptr;
    if (gpu != Backend::Cpu) {
      f = reg.factory(info->name, gpu);
      if (f) {
        backend = gpu;
      } else if (options.backend != BackendChoice::Auto) {
        throw std::invalid_argument(fmt::format(
            "feature extractor \"{}\" has no {} implementation; use --backend cpu, or --backend auto to run it on "
            "the CPU",
            info->name, to_string(gpu)));
      } else {
        notes.push_back(fmt::format("{} has no {} implementation: it runs on the CPU", info->name, to_string(gpu)));
      }
    }
    if (!f) f = reg.factory(info->name, Backend::Cpu);
    if (!f) throw std::invalid_argument(fmt::format("feature extractor \"{}\" is not implemented yet", info->name));
    slots.push_back(SlotSpec{info, std::move(opts), std::move(key), backend, *f, origin});
  }
};

Engine::Engine(EngineOptions options) : impl_(std::make_unique<Impl>()) {
  Impl& m = *impl_;
  m.options = std::move(options);
  if (m.options.subsample == 0) m.options.subsample = 1;
  m.threads = m.options.threads ? m.options.threads : std::max(1u, std::thread::hardware_concurrency());
  m.gpu = resolve_backend(m.options.backend, m.notes, m.device_name);

  for (std::size_t i = 0; i < m.options.models.size(); ++i)
    for (std::size_t j = i + 1; j < m.options.models.size(); ++j)
      if (m.options.models[i].name == m.options.models[j].name)
        throw std::invalid_argument(fmt::format(
            "two models are named \"{}\"; each model needs a unique name (-m ...:name=NAME)", m.options.models[i].name));

  const Registry& reg = Registry::instance();
  for (const auto& req : m.options.models) {
    m.models.push_back(model::load_model(req, m.options.model_dir));
    for (const auto& use : m.models.back()->feature_uses()) {
      const ExtractorInfo* info = reg.by_name(use.extractor);
      if (!info)
        throw std::invalid_argument(fmt::format("model {} needs feature extractor \"{}\", which is not implemented",
                                                req.label(), use.extractor));
      m.add_slot(info, use.options, "model " + req.label());
    }
  }
  for (const auto& f : m.options.features) {
    const ExtractorInfo* info = reg.by_name(f.name);
    if (!info) {
      std::string known;
      for (const auto* e : reg.all()) known += (known.empty() ? "" : ", ") + e->name;
      throw std::invalid_argument(fmt::format("unknown feature \"{}\" (available: {})", f.name, known));
    }
    OptionDict dict;
    // libvmaf's CLI stores --feature values with vmaf_feature_dictionary_set, which
    // rounds a number through float and "%g" (core/dict_value.hpp): topk=0.0123456789
    // runs with 0.0123457.
    for (const auto& [k, v] : f.options) dict.set(k, cli_dictionary_value(v));
    m.add_slot(info, dict, "--feature " + f.name);
  }
  if (m.slots.empty()) throw std::invalid_argument("nothing to compute: give a model (-m) or a feature (--feature)");
}

Engine::~Engine() = default;

const std::vector<std::string>& Engine::notes() const { return impl_->notes; }

namespace {

void check_compatible(const io::VideoSource& ref, const io::VideoSource& dis) {
  const VideoGeometry& a = ref.geometry();
  const VideoGeometry& b = dis.geometry();
  if (a.width != b.width || a.height != b.height || a.format != b.format || a.bpc != b.bpc) {
    throw InputError(fmt::format(
        "reference and distorted videos differ: \"{}\" is {}x{} {} {}-bit, \"{}\" is {}x{} {} {}-bit; "
        "they must have the same size, chroma format and bit depth",
        ref.path(), a.width, a.height, to_string(a.format), a.bpc, dis.path(), b.width, b.height,
        to_string(b.format), b.bpc));
  }
}

Result to_result(const FeatureCollector& c) {
  Result r;
  for (const auto& s : c.series()) r.series.push_back(Result::Series{s.name, s.values, s.written});
  r.aggregates = c.aggregates();
  return r;
}

}  // namespace

Result Engine::run(io::VideoSource& ref, io::VideoSource& dis, const RunLimits& limits,
                   const std::function<void(unsigned)>& progress,
                   const std::function<void(const std::string&)>& warn) {
  Impl& m = *impl_;
  check_compatible(ref, dis);
  const VideoGeometry geometry = ref.geometry();
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  auto since = [](Clock::time_point a) { return std::chrono::duration<double>(Clock::now() - a).count(); };
  std::vector<std::pair<std::string, double>> profile;

  FeatureCollector collector;
  Scheduler scheduler(m.slots, geometry, m.threads, m.options.subsample);
  profile.emplace_back("setup", since(t0));

  // Pictures alive at once (read ahead plus in flight) stay within ~256 MiB, and
  // frames in flight within threads + 2: memory does not grow with video length.
  const std::size_t pair_bytes = 2 * Picture::bytes_for(geometry.format, geometry.bpc, geometry.width, geometry.height);
  const std::size_t budget = std::size_t{256} << 20;
  const unsigned by_memory = static_cast<unsigned>(std::max<std::size_t>(3, budget / std::max<std::size_t>(pair_bytes, 1)));
  // Read-ahead: at least a frame per thread; small frames up to 16 (within 32 MiB), so
  // the reader threads wake once per several frames rather than once per frame.
  const unsigned small_frames = static_cast<unsigned>(
      std::min<std::size_t>(16, (std::size_t{32} << 20) / std::max<std::size_t>(pair_bytes, 1)));
  const unsigned ahead = std::max(1u, std::min(by_memory / 3, std::max(m.threads, small_frames)));
  // A GPU run keeps more frames submitted than the device pipeline holds, so it fills.
  const unsigned device_depth = scheduler.device_depth();
  const unsigned in_flight =
      std::max({2u, device_depth ? device_depth + 2 : 0u, std::min(m.threads + 2, by_memory - ahead)});

  // On a GPU run the readers fill the device pipeline's pinned slabs: one host copy per frame.
  io::PairReader reader(ref, dis, limits.frame_skip_ref, limits.frame_skip_dist, limits.frame_cnt, ahead,
                        scheduler.pair_storage());
  unsigned frames = 0;
  double reader_wait = 0, engine_wait = 0;
  auto t = Clock::now();
  try {
    for (;;) {
      const auto tr = Clock::now();
      auto pair = reader.next();
      reader_wait += since(tr);
      if (frames == 0) {
        profile.emplace_back("first frame", since(t));
        t = Clock::now();
      }
      if (!pair) break;
      const auto tw = Clock::now();
      scheduler.wait_below(in_flight, collector, progress);
      engine_wait += since(tw);
      scheduler.submit(std::move(*pair));
      ++frames;
    }
    const auto tw = Clock::now();
    scheduler.drain(collector, progress);
    engine_wait += since(tw);
  } catch (...) {
    scheduler.abandon();
    throw;
  }
  profile.emplace_back("frames", since(t));
  t = Clock::now();
  scheduler.finish(collector, progress);
  std::optional<DeviceStats> device = scheduler.device_stats();
  if (!reader.mismatch().empty() && warn) warn(reader.mismatch());
  if (frames == 0) throw InputError(fmt::format("no frames to score: \"{}\" or \"{}\" is empty", ref.path(), dis.path()));

  std::vector<Result::ModelScore> scores;
  if (!m.options.no_prediction) {
    const unsigned n = m.options.subsample;
    for (const auto& model : m.models)
      for (unsigned i = 0; i < frames; ++i)
        if (n <= 1 || i % n == 0) model->predict(collector, i);
    for (const auto& model : m.models)
      for (unsigned i = 0; i < frames; ++i)
        if (n <= 1 || i % n == 0) model->predict_collection(collector, i);
    for (std::size_t k = 0; k < m.models.size(); ++k) {
      Result::ModelScore s;
      s.label = m.options.models[k].label();
      s.name = m.options.models[k].name;
      m.models[k]->summarize(collector, 0, frames - 1, n, s);
      scores.push_back(s);
    }
  }

  Result r = to_result(collector);
  r.models = std::move(scores);
  r.frame_count = frames;
  r.width = geometry.width;
  r.height = geometry.height;
  r.subsample = m.options.subsample;
  r.backend = device ? device->backend : "cpu";
  if (device) {
    device->device = m.device_name;
    r.device = std::move(device);
  }
  profile.emplace_back("finish", since(t));
  profile.emplace_back("waiting for readers", reader_wait);
  profile.emplace_back("waiting for extractors", engine_wait);
  r.profile = std::move(profile);
  const double secs = since(t0);
  r.fps = secs > 0 ? frames / secs : 0.0;
  return r;
}

}  // namespace fastvmaf
