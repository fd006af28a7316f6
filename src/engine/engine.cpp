// The engine: resolves the GPU backend and the extractors (from models and --feature)
// once; runs over frames are engine/run.cpp's (fed by the file readers,
// engine/source_run.cpp, or by a caller's Session, engine/session.cpp).
#include "fastvmaf/engine.hpp"

#include <algorithm>
#include <thread>

#include <fmt/format.h>

#include "core/collector.hpp"
#include "core/dict_value.hpp"
#include "core/error.hpp"
#include "core/feature_name.hpp"
#include "core/registration.hpp"
#include "core/registry.hpp"
#include "engine/engine_impl.hpp"
#include "engine/hybrid_run.hpp"
#include "engine/segment_assembler.hpp"
#include "engine/series.hpp"
#include "engine/source_run.hpp"
#include "gpu/runtime.hpp"
#include "io/video_source.hpp"
#include "model/model.hpp"

namespace fastvmaf {

namespace {

const char* backend_compiler(Backend b) {
  return b == Backend::Hip ? "hipcc" : b == Backend::Sycl ? "a SYCL compiler (acpp or icpx)" : "nvcc";
}

Backend backend_of(BackendChoice c) {
  switch (c) {
    case BackendChoice::Cuda:
    case BackendChoice::CpuCuda: return Backend::Cuda;
    case BackendChoice::Hip:
    case BackendChoice::CpuHip: return Backend::Hip;
    case BackendChoice::Sycl:
    case BackendChoice::CpuSycl: return Backend::Sycl;
    default: return Backend::Cpu;
  }
}

bool is_hybrid(BackendChoice c) {
  return c == BackendChoice::Auto || c == BackendChoice::CpuCuda || c == BackendChoice::CpuHip ||
         c == BackendChoice::CpuSycl;
}

// The backend of the run's twins (../shared/DESIGN.md, "Backends and where they run"):
// cuda, hip or sycl must be usable (cpu+X: X, where a SYCL CPU device will do); auto takes
// cuda, then hip, then a SYCL GPU (a SYCL CPU device is no faster than the CPU engine),
// then the CPU. Says which in `notes`; `device` gets the device's name.
Backend resolve_backend(BackendChoice choice, std::vector<std::string>& notes, std::string& device) {
  if (choice == BackendChoice::Cpu) return Backend::Cpu;
  if (choice != BackendChoice::Auto) {
    const Backend b = backend_of(choice);
    std::string missing;
    const gpu::Runtime* rt = gpu::find_runtime(b, &missing);
    const std::string flag = is_hybrid(choice) ? fmt::format("cpu+{}", to_string(b)) : to_string(b);
    if (!rt && !missing.empty()) throw DeviceError(fmt::format("--backend {}: {}", flag, missing));
    if (!rt)
      throw std::invalid_argument(fmt::format("--backend {}: this build has no {} backend ({} was not found when it "
                                              "was built); use --backend cpu or auto",
                                              flag, to_string(b), backend_compiler(b)));
    const gpu::Probe p = rt->probe();
    if (!p.usable) throw DeviceError(fmt::format("--backend {}: {}", flag, p.detail));
    notes.push_back(fmt::format("backend {}: {}", flag, p.detail));
    device = p.detail;
    return b;
  }
  std::string why;
  for (Backend b : {Backend::Cuda, Backend::Hip, Backend::Sycl}) {
    std::string missing;
    const gpu::Runtime* rt = gpu::find_runtime(b, &missing);
    if (!rt) {
      why += fmt::format("{}{}: {}", why.empty() ? "" : "; ", to_string(b), missing.empty() ? "not built" : missing);
      continue;
    }
    const gpu::Probe p = rt->probe();
    if (p.usable && !p.gpu) {
      why += fmt::format("{}{}: {} is not a GPU", why.empty() ? "" : "; ", to_string(b), p.detail);
      continue;
    }
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

// The engine's slots with `backend`'s twin for every extractor that has one; the others
// stay on the CPU (a note each). Sets `every` when all have one.
std::vector<SlotSpec> slots_on(const std::vector<SlotSpec>& slots, Backend backend, bool& every,
                               std::vector<std::string>& notes) {
  const Registry& reg = Registry::instance();
  std::vector<SlotSpec> out = slots;
  every = true;
  for (auto& s : out) {
    if (s.backend != Backend::Cpu) continue;
    if (const ExtractorFactory* f = reg.factory(s.info->name, backend)) {
      s.factory = *f;
      s.backend = backend;
    } else {
      every = false;
      notes.push_back(fmt::format("{} has no {} implementation: it runs on the CPU", s.info->name, to_string(backend)));
    }
  }
  return out;
}

}  // namespace

Engine::Impl::Impl(EngineOptions o) : options(std::move(o)) {
  if (options.subsample == 0) options.subsample = 1;
  threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  if (!options.sycl_device.empty()) gpu::set_device_selector(Backend::Sycl, options.sycl_device);
  hybrid = is_hybrid(options.backend);
  if (hybrid) check_hybrid_environment();
  // auto and cpu+X: the CPU's slots now; the device is probed when a run first needs it
  // (device_plan), so a run that the CPU alone finishes never pays for a device.
  if (!hybrid) gpu = resolve_backend(options.backend, notes, device_name);
  if (options.backend == BackendChoice::Auto)
    notes.push_back("--backend auto: the CPU scores at once; a GPU, where there is one, is started beside it for "
                    "runs long enough to pay for its start-up");
}

const Engine::Impl::DevicePlan& Engine::Impl::device_plan() const {
  std::call_once(plan_once_, [this] {
    DevicePlan p;
    if (!hybrid) {
      p.backend = gpu;
      p.slots = slots;
      p.device = device_name;
      p.every_slot = true;
      for (const auto& s : slots) p.every_slot = p.every_slot && s.backend != Backend::Cpu;
    } else {
      p.backend = resolve_backend(options.backend, p.notes, p.device);
      if (p.backend == Backend::Cpu)
        p.slots = slots;
      else
        p.slots = slots_on(slots, p.backend, p.every_slot, p.notes);
      if (p.backend != Backend::Cpu && !p.every_slot) {
        const std::string flag =
            options.backend == BackendChoice::Auto ? "auto" : "cpu+" + std::string(to_string(p.backend));
        p.notes.push_back(fmt::format("--backend {}: a run from .y4m or .yuv files is the CPU's alone when an "
                                      "extractor has no {} twin",
                                      flag, to_string(p.backend)));
      }
    }
    plan_ = std::move(p);
    plan_done_ = true;
  });
  return plan_;
}

const std::vector<SlotSpec>& Engine::Impl::single_slots() const { return hybrid ? device_plan().slots : slots; }

// libvmaf registers an extractor once per distinct (name, feature-param options):
// a second request with the same key is dropped (fex_ctx_vector.c).
void Engine::Impl::add_slot(const ExtractorInfo* info, const OptionDict& dict, const std::string& origin,
                            bool optional) {
  OptionSet opts(info->name, info->options, dict);
  std::string key = feature_name(info->name, opts);
  for (auto& s : slots)
    if (s.info->name == info->name && s.dedupe_key == key) {
      s.optional = s.optional && optional;  // a model's request, merged into a feature's, needs it
      return;
    }
  const Registry& reg = Registry::instance();
  Backend backend = Backend::Cpu;
  const ExtractorFactory* f = nullptr;
  if (gpu != Backend::Cpu) {
    f = reg.factory(info->name, gpu);
    if (f) {
      backend = gpu;
    } else {
      throw std::invalid_argument(fmt::format(
          "feature extractor \"{}\" has no {} implementation; use --backend cpu, or --backend auto to run it on "
          "the CPU",
          info->name, to_string(gpu)));
    }
  }
  if (!f) f = reg.factory(info->name, Backend::Cpu);
  if (!f) throw std::invalid_argument(fmt::format("feature extractor \"{}\" is not implemented yet", info->name));
  slots.push_back(SlotSpec{info, std::move(opts), std::move(key), backend, *f, origin, optional});
}

unsigned Engine::Impl::segment_history(std::string* unbounded) const {
  unsigned w = 0;
  for (const auto& s : slots) {
    const unsigned h = history_of(*s.info, s.options);
    if (h == kUnboundedHistory) {
      if (unbounded) *unbounded = s.info->name;
      return kUnboundedHistory;
    }
    w = std::max(w, h);
  }
  return w;
}

void Engine::Impl::add_extractor(const std::string& name, const OptionDict& dict, const std::string& origin,
                                 bool optional) {
  const Registry& reg = Registry::instance();
  const ExtractorInfo* info = reg.by_name(name);
  if (!info) {
    std::string known;
    for (const auto* e : reg.all()) known += (known.empty() ? "" : ", ") + e->name;
    throw std::invalid_argument(fmt::format("unknown feature \"{}\" (available: {})", name, known));
  }
  add_slot(info, dict, origin, optional);
}

Engine::Engine(EngineOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {
  check_registrations();  // the program's own initialisers' refusals (core/registration.hpp)
  Registry::instance().check_experimental_request();
  Impl& m = *impl_;
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
      m.add_slot(info, use.options, "model " + req.label(), false);
    }
  }
  for (const auto& f : m.options.features) {
    OptionDict dict;
    // libvmaf's CLI stores --feature values with vmaf_feature_dictionary_set, which
    // rounds a number through float and "%g" (core/dict_value.hpp): topk=0.0123456789
    // runs with 0.0123457.
    for (const auto& [k, v] : f.options) dict.set(k, cli_dictionary_value(v));
    // Models come first: a --feature slot that a model also reads was merged into the
    // model's, so what stays optional here feeds no model.
    m.add_extractor(f.name, dict, "--feature " + f.name, true);
  }
  if (m.slots.empty()) throw std::invalid_argument("nothing to compute: give a model (-m) or a feature (--feature)");
  std::string unbounded;
  if (m.options.segment_frames > 0 && m.segment_history(&unbounded) == kUnboundedHistory)
    m.notes.push_back(fmt::format("--segment-frames: \"{}\" keeps state from every earlier frame, so the run is not "
                                  "cut into segments",
                                  unbounded));
}

Engine::Engine(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Engine::~Engine() = default;

std::vector<std::string> Engine::notes() const {
  std::vector<std::string> all = impl_->notes;
  if (impl_->hybrid && impl_->plan_resolved()) {
    const auto& p = impl_->device_plan();
    all.insert(all.end(), p.notes.begin(), p.notes.end());
  }
  return all;
}

std::unique_ptr<Engine> EngineInternals::make(EngineOptions options, const std::vector<SlotRequest>& slots) {
  options.models.clear();
  options.features.clear();
  options.no_prediction = true;
  auto impl = std::make_unique<Engine::Impl>(std::move(options));
  for (const auto& s : slots) impl->add_extractor(s.extractor, s.options, s.origin, s.optional);
  if (impl->slots.empty()) throw std::invalid_argument("nothing to compute: no feature extractor was registered");
  return std::unique_ptr<Engine>(new Engine(std::move(impl)));
}

unsigned Engine::segment_history() const {
  std::string unbounded;
  const unsigned w = impl_->segment_history(&unbounded);
  if (w == kUnboundedHistory)
    throw std::invalid_argument(fmt::format(
        "feature extractor \"{}\" keeps state from every earlier frame: its runs cannot be cut into segments",
        unbounded));
  return w;
}

namespace {

std::unique_ptr<io::VideoSource> open_file(const VideoFile& f) {
  io::DecodeOptions decode;
  decode.threads = f.decode_threads;
  decode.convert = f.convert;
  return io::open_video(f.path, f.raw.has_value(), f.raw.value_or(VideoGeometry{}), decode);
}

}  // namespace

SegmentScores Engine::score_segment(const VideoFile& ref, const VideoFile& dis, unsigned first, unsigned end,
                                    const RunLimits& limits) const {
  segment_history();  // throws for an engine whose runs cannot be cut
  if (end != 0 && end <= first)
    throw std::invalid_argument(fmt::format("segment [{}, {}) holds no frame", first, end));
  auto r = open_file(ref);
  auto d = open_file(dis);
  return score_segment_sources(*this, *r, *d, first, end, limits);
}

Result Engine::assemble(std::vector<SegmentScores> segments) const {
  if (segments.empty()) throw std::invalid_argument("no segment to assemble");
  const VideoGeometry geometry = segments.front().geometry;
  SegmentAssembler assembler(*impl_, geometry);
  FeatureCollector collector;
  for (auto& s : segments) assembler.add(std::move(s), collector);
  assembler.finish(collector);
  const unsigned frames = assembler.assembled();
  std::vector<Result::ModelScore> scores = predict_series(*impl_, collector, frames);
  return series_result(*impl_, std::move(collector), std::move(scores), frames, geometry);
}

Result Engine::run(const VideoFile& ref, const VideoFile& dis, const RunLimits& limits,
                   const std::function<void(unsigned)>& progress,
                   const std::function<void(const std::string&)>& warn) const {
  auto r = open_file(ref);
  auto d = open_file(dis);
  return run_sources(*this, *r, *d, limits, progress, warn);
}

}  // namespace fastvmaf
