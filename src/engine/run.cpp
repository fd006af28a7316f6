#include "engine/run.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <thread>

namespace fastvmaf {

namespace {

double since(std::chrono::steady_clock::time_point a) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count();
}

Result to_result(const FeatureCollector& c) {
  Result r;
  for (const auto& s : c.series()) r.series.push_back(Result::Series{s.name, s.values, s.written});
  r.aggregates = c.aggregates();
  return r;
}

bool any_values_at_flush(const std::vector<SlotSpec>& slots) {
  for (const auto& s : slots)
    if (s.info->values_at_flush) return true;
  return false;
}

}  // namespace

Run::Run(const EngineImpl& engine, const VideoGeometry& geometry, Hooks hooks)
    : engine_(engine),
      geometry_(geometry),
      hooks_(std::move(hooks)),
      t0_(Clock::now()),
      scheduler_(engine.slots, geometry, engine.threads, engine.options.subsample) {
  setup_s_ = since(t0_);
  final_when_replayed_ = !any_values_at_flush(engine.slots);

  // Pictures alive at once (read ahead plus in flight) stay within ~256 MiB, and
  // frames in flight within threads + 2: memory does not grow with video length.
  const std::size_t pair_bytes = 2 * Picture::bytes_for(geometry.format, geometry.bpc, geometry.width, geometry.height);
  const std::size_t budget = std::size_t{256} << 20;
  const unsigned by_memory = static_cast<unsigned>(std::max<std::size_t>(3, budget / std::max<std::size_t>(pair_bytes, 1)));
  // Read-ahead: at least a frame per thread; small frames up to 16 (within 32 MiB), so
  // the reader threads wake once per several frames rather than once per frame.
  const unsigned small_frames = static_cast<unsigned>(
      std::min<std::size_t>(16, (std::size_t{32} << 20) / std::max<std::size_t>(pair_bytes, 1)));
  const unsigned threads = engine.threads;
  ahead_ = std::max(1u, std::min(by_memory / 3, std::max(threads, small_frames)));
  // A GPU run does little on the host but read: with several reading threads per file
  // (a quarter of the cores, at most 4) the pread copies into the pinned slabs keep up
  // with the device, where one thread per file bounds it (H200: 1080p and 4K). They need
  // frames to read ahead; a CPU run keeps its cores for the extractors.
  if (scheduler_.pair_storage()) {
    const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
    readers_ = std::clamp(hw / 4, 1u, 4u);
    if (readers_ > 1) ahead_ = std::max(ahead_, std::min(2 * readers_, by_memory > 2 ? by_memory - 2 : 1u));
  }
  // A GPU run keeps more frames submitted than the device pipeline holds, so it fills.
  const unsigned device_depth = scheduler_.device_depth();
  in_flight_ = std::max({2u, device_depth ? device_depth + 2 : 0u, std::min(threads + 2, by_memory - ahead_)});
  frames_t_ = Clock::now();
}

Run::~Run() = default;

void Run::submit(FramePair pair) {
  if (pair.index != frames_) throw std::logic_error("frames must be submitted in order");
  const auto tw = Clock::now();
  scheduler_.wait_below(in_flight_, collector_, [this](unsigned n) { replayed(n); });
  engine_wait_s_ += since(tw);
  scheduler_.submit(std::move(pair));
  ++frames_;
}

// The scheduler replayed frames [0, n) into the collector.
void Run::replayed(unsigned n) {
  if (hooks_.on_frame && final_when_replayed_)
    while (reported_ < n) report(reported_, false);
  if (hooks_.progress) hooks_.progress(n);
}

// Frame `index` to on_frame: its values from the collector, and each model's outputs,
// read from the collector once the models have predicted there, or predicted now on a
// copy of the frame's values (the run's collector then keeps libvmaf's order: model
// outputs are appended after every frame's features, at the end).
void Run::report(unsigned index, bool predicted_in_collector) {
  FrameScores fs;
  fs.index = index;
  std::vector<std::string> outputs;
  for (const auto& m : engine_.models)
    for (auto& n : m->output_names()) outputs.push_back(std::move(n));
  auto is_output = [&](const std::string& name) {
    return std::find(outputs.begin(), outputs.end(), name) != outputs.end();
  };
  for (const auto& s : collector_.series())
    if (s.has(index) && !(predicted_in_collector && is_output(s.name))) fs.features.emplace_back(s.name, s.values[index]);

  const unsigned n = engine_.options.subsample;
  const bool predicts = !engine_.options.no_prediction && !engine_.models.empty() && (n <= 1 || index % n == 0);
  if (predicts && predicted_in_collector) {
    for (const auto& name : outputs)
      if (auto v = collector_.get(name, index)) fs.models.emplace_back(name, *v);
  } else if (predicts) {
    FeatureCollector frame;  // the frame's values at index 0: predictions read nothing else
    for (const auto& [name, v] : fs.features) frame.append(name, 0, v);
    for (const auto& m : engine_.models) m->predict(frame, 0);
    for (const auto& m : engine_.models) m->predict_collection(frame, 0);
    for (const auto& name : outputs)
      if (auto v = frame.get(name, 0)) fs.models.emplace_back(name, *v);
  }
  ++reported_;
  hooks_.on_frame(fs);
}

Result Run::finish() {
  if (frames_ == 0) throw std::invalid_argument("no frames to score");
  auto progress = [this](unsigned n) { replayed(n); };
  {
    const auto tw = Clock::now();
    scheduler_.drain(collector_, progress);
    engine_wait_s_ += since(tw);
  }
  std::vector<std::pair<std::string, double>> profile;
  profile.emplace_back("setup", setup_s_);
  if (first_frame_s_ >= 0) profile.emplace_back("first frame", first_frame_s_);
  profile.emplace_back("frames", since(frames_t_));
  const auto t = Clock::now();
  scheduler_.finish(collector_, progress);
  std::optional<DeviceStats> device = scheduler_.device_stats();

  std::vector<Result::ModelScore> scores;
  if (!engine_.options.no_prediction) {
    const unsigned n = engine_.options.subsample;
    const auto& models = engine_.models;
    for (const auto& model : models)
      for (unsigned i = 0; i < frames_; ++i)
        if (n <= 1 || i % n == 0) model->predict(collector_, i);
    for (const auto& model : models)
      for (unsigned i = 0; i < frames_; ++i)
        if (n <= 1 || i % n == 0) model->predict_collection(collector_, i);
    for (std::size_t k = 0; k < models.size(); ++k) {
      Result::ModelScore s;
      s.label = engine_.options.models[k].label();
      s.name = engine_.options.models[k].name;
      models[k]->summarize(collector_, 0, frames_ - 1, n, s);
      scores.push_back(s);
    }
  }
  if (hooks_.on_frame)
    while (reported_ < frames_) report(reported_, true);

  Result r = to_result(collector_);
  r.models = std::move(scores);
  r.frame_count = frames_;
  r.width = geometry_.width;
  r.height = geometry_.height;
  r.subsample = engine_.options.subsample;
  r.backend = device ? device->backend : "cpu";
  if (device) {
    device->device = engine_.device_name;
    r.device = std::move(device);
  }
  profile.emplace_back("finish", since(t));
  if (reader_wait_s_ >= 0) profile.emplace_back("waiting for readers", reader_wait_s_);
  profile.emplace_back("waiting for extractors", engine_wait_s_);
  r.profile = std::move(profile);
  const double secs = since(t0_);
  r.fps = secs > 0 ? frames_ / secs : 0.0;
  return r;
}

}  // namespace fastvmaf
