#include "engine/run.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <thread>
#include <utility>

#include "engine/context_scope.hpp"
#include "engine/pipeline_depth.hpp"
#include "engine/series.hpp"

namespace fastvmaf {

namespace {

double since(std::chrono::steady_clock::time_point a) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count();
}

bool any_values_at_flush(const std::vector<SlotSpec>& slots) {
  for (const auto& s : slots)
    if (s.info->values_at_flush) return true;
  return false;
}

}  // namespace

Run::Run(const EngineImpl& engine, const VideoGeometry& geometry, Hooks hooks)
    : Run(engine, geometry, std::move(hooks), Setup{}) {}

Run::Run(const EngineImpl& engine, const VideoGeometry& geometry, Hooks hooks, Setup setup)
    : engine_(engine),
      geometry_(geometry),
      hooks_(std::move(hooks)),
      t0_(Clock::now()),
      scheduler_(setup.slots ? *setup.slots : engine.single_slots(), geometry,
                 setup.threads ? setup.threads : engine.threads, engine.options.subsample, setup.memo,
                 context_thread_init(engine, std::move(setup.thread_init)), setup.pool) {
  setup_s_ = since(t0_);
  final_when_replayed_ = !any_values_at_flush(engine.slots);

  const std::size_t pair_bytes = 2 * Picture::bytes_for(geometry.format, geometry.bpc, geometry.width, geometry.height);
  const PipelineDepth depth =
      pipeline_depth(pair_bytes, setup.threads ? setup.threads : engine.threads, scheduler_.pair_storage() != nullptr,
                     scheduler_.device_depth(), std::thread::hardware_concurrency());
  ahead_ = depth.ahead;
  in_flight_ = depth.in_flight;
  readers_ = depth.readers;
  const unsigned history = engine.segment_history();
  if (engine.options.segment_frames > 0 && history != kUnboundedHistory) {
    mode_ = Mode::Cut;
    cut_ = engine.options.segment_frames;
    history_ = history;
    assembler_ = std::make_unique<SegmentAssembler>(engine, geometry_);
    open_segment(0);
  }
  frames_t_ = Clock::now();
}

Run::~Run() = default;

FeatureSink& Run::sink() { return mode_ == Mode::Whole ? static_cast<FeatureSink&>(collector_) : *segment_sink_; }

void Run::submit(FramePair pair) {
  if (pair.index != next_) throw std::logic_error("frames must be submitted in order");
  if (mode_ == Mode::Cut && next_ > 0 && next_ % cut_ == 0) {
    // A segment ends here; the next one first reads the last history_ frames again.
    close_segment();
    open_segment(next_);
    for (const FramePair& p : recent_) submit_now(p);
  }
  if (mode_ == Mode::Cut && history_ > 0) {
    recent_.push_back(pair);
    if (recent_.size() > history_) recent_.pop_front();
  }
  if (pair.index >= segment_.first) ++frames_;
  ++next_;
  submit_now(std::move(pair));
}

void Run::make_room() {
  const auto tw = Clock::now();
  scheduler_.wait_below(in_flight_, sink(), [this](unsigned n) { replayed(n); });
  engine_wait_s_ += since(tw);
}

void Run::submit_now(FramePair pair) {
  make_room();
  scheduler_.submit(std::move(pair));
}

// The scheduler replayed the values of n frames (warm-up frames not counted): into the
// collector, frames [0, n), on a run that is not cut.
void Run::replayed(unsigned n) {
  if (mode_ == Mode::Whole) report_final(n);
  if (hooks_.progress) hooks_.progress(n);
}

// Frames [0, n) are in the collector.
void Run::report_final(unsigned n) {
  if (hooks_.on_frame && final_when_replayed_)
    while (reported_ < n) report(reported_, false);
}

void Run::open_segment(unsigned first) {
  segment_ = SegmentScores{};
  segment_.first = first;
  segment_.geometry = geometry_;
  segment_sink_ = std::make_unique<SegmentSink>(segment_);
  scheduler_.begin_segment(first);
}

// Drains the open segment; on a cut run, hands it to the assembler.
void Run::close_segment() {
  const auto tw = Clock::now();
  scheduler_.drain(*segment_sink_, [this](unsigned n) { replayed(n); });
  engine_wait_s_ += since(tw);
  segment_.end = next_;
  auto carries = scheduler_.carries();
  for (std::size_t k = 0; k < carries.size(); ++k)
    segment_.carry.push_back({engine_.slots[k].dedupe_key, carries[k].first, std::move(carries[k].second)});
  if (mode_ != Mode::Cut) return;
  assembler_->add(std::move(segment_), collector_);
  report_final(assembler_->assembled());
}

void Run::begin_segment(unsigned first) {
  if (mode_ == Mode::Segment && segment_open_)
    throw std::logic_error("begin_segment() while a segment is open");
  if (mode_ != Mode::Segment && next_ > 0) throw std::logic_error("begin_segment() comes before the first frame");
  history_ = engine_.segment_history();
  if (history_ == kUnboundedHistory) throw std::logic_error("begin_segment() on an engine whose runs cannot be cut");
  // One segment is not cut again, whatever the engine's segment_frames.
  assembler_.reset();
  recent_.clear();
  cut_ = 0;
  mode_ = Mode::Segment;
  next_ = first - std::min(first, history_);
  frames_ = 0;
  open_segment(first);
  segment_open_ = true;
}

SegmentScores Run::finish_segment() {
  if (mode_ != Mode::Segment) throw std::logic_error("finish_segment() without begin_segment()");
  if (frames_ == 0) throw std::invalid_argument("no frames to score in the segment");
  close_segment();
  segment_open_ = false;
  return std::move(segment_);
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
  if (mode_ == Mode::Segment) throw std::logic_error("a segment's run ends with finish_segment()");
  if (frames_ == 0) throw std::invalid_argument("no frames to score");
  auto progress = [this](unsigned n) { replayed(n); };
  if (mode_ == Mode::Cut) {
    close_segment();
  } else {
    const auto tw = Clock::now();
    scheduler_.drain(collector_, progress);
    engine_wait_s_ += since(tw);
  }
  std::vector<std::pair<std::string, double>> profile;
  profile.emplace_back("setup", setup_s_);
  if (first_frame_s_ >= 0) profile.emplace_back("first frame", first_frame_s_);
  profile.emplace_back("frames", since(frames_t_));
  const auto t = Clock::now();
  if (mode_ == Mode::Cut)
    assembler_->finish(collector_);
  else
    scheduler_.finish(collector_, progress);
  std::optional<DeviceStats> device = scheduler_.device_stats();

  std::vector<Result::ModelScore> scores = predict_series(engine_, collector_, frames_);
  if (hooks_.on_frame)
    while (reported_ < frames_) report(reported_, true);

  Result r = series_result(engine_, std::move(collector_), std::move(scores), frames_, geometry_);
  r.backend = device ? device->backend : "cpu";
  if (device) {
    device->device = engine_.hybrid ? engine_.device_plan().device : engine_.device_name;
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
