#include "engine/device_strand.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "engine/env_count.hpp"
#include "gpu/counters.hpp"
#include "gpu/frame_layout.hpp"
#include "gpu/runtime.hpp"
#include "gpu/twin.hpp"

namespace fastvmaf {

namespace {
using Clock = std::chrono::steady_clock;
double seconds(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

// A lane per twin (the backend caps the count): twins run beside each other, each in its
// own stream order (docs/adr/0206-compute-lanes.md). FASTVMAF_GPU_LANES=N caps it lower,
// for measuring the lanes against one stream in one binary (N=1: every twin on one stream).
unsigned lanes_for(std::size_t twins) {
  const unsigned lanes = static_cast<unsigned>(std::max<std::size_t>(twins, 1));
  return std::min(lanes, env_count("FASTVMAF_GPU_LANES", 1, 64).value_or(lanes));
}

// A side of a frame given on the device: its device picture, or its host picture where
// the view has no planes (only the other side is on the device).
gpu::FramePipeline::Input side(const Picture* host, const DeviceFrameView& device) {
  gpu::FramePipeline::Input s;
  if (device.planes[0].data)
    s.device = device;
  else
    s.host = host;
  return s;
}
}  // namespace

DeviceStrand::DeviceStrand(Backend backend, std::vector<std::vector<gpu::Twin*>> twins,
                           const VideoGeometry& geometry, ThreadPool& pool, Done done)
    : backend_(backend), twins_(std::move(twins)), next_(twins_.size(), 0), pool_(pool), done_(std::move(done)) {
  gpu::PlaneMask planes = 0;
  std::size_t results = 0, instances = 0, side_by_side = 1;
  for (const auto& copies : twins_) {
    if (copies.empty()) throw std::logic_error("a device twin without an instance");
    // A frame goes to one instance of each twin, so the instances share one slot.
    planes |= copies.front()->planes();
    offsets_.push_back(results);
    results += gpu::align_results(copies.front()->results_bytes());
    instances += copies.size();
    side_by_side = std::max(side_by_side, copies.size());
  }
  const gpu::Runtime* rt = gpu::find_runtime(backend_);
  if (!rt) throw std::logic_error(fmt::format("this build has no {} runtime", to_string(backend_)));
  pipeline_ = rt->open(geometry, planes, results, lanes_for(instances), static_cast<unsigned>(side_by_side));
  // Instance after instance, lane after lane: a twin's instances (at most as many as the
  // lanes) each get a lane of their own.
  unsigned next_lane = 0;
  for (const auto& copies : twins_) {
    lanes_.emplace_back();
    for (std::size_t c = 0; c < copies.size(); ++c) lanes_.back().push_back(next_lane++ % pipeline_->lanes());
  }
}

DeviceStrand::~DeviceStrand() = default;

bool DeviceStrand::reads_chroma() const { return (pipeline_->layout().mask() & ~gpu::kLuma) != 0; }

unsigned DeviceStrand::depth() const { return pipeline_->depth(); }
PairStorage& DeviceStrand::pair_storage() { return pipeline_->pair_storage(); }

void DeviceStrand::push(Frame* frame) {
  bool start = false;
  {
    std::lock_guard lock(mu_);
    queue_.push_back(frame);
    if (!running_) start = running_ = true;
  }
  if (start) pool_.post([this] { run(); });
}

void DeviceStrand::drain() {
  bool start = false;
  {
    std::lock_guard lock(mu_);
    if (!running_) start = running_ = true;
  }
  if (start) pool_.post([this] { run(); });
}

// Enqueues the pushed frames; with nothing to enqueue, finishes the oldest frame in flight
// (a caller may be waiting for it), and stops when none is left.
void DeviceStrand::run() {
  for (;;) {
    Frame* f = nullptr;
    {
      std::lock_guard lock(mu_);
      if (!queue_.empty()) {
        f = queue_.front();
        queue_.pop_front();
      } else if (in_flight_.empty()) {
        running_ = false;
        return;
      }
    }
    if (f)
      step(*f);
    else
      finish_oldest();
  }
}

void DeviceStrand::step(Frame& f) {
  if (broken_) {
    fail_all(&f, broken_);
    return;
  }
  try {
    // The ring is full: the oldest frame's device buffer is the one this frame needs.
    if (in_flight_.size() >= pipeline_->depth()) finish_oldest();
    if (broken_) {
      fail_all(&f, broken_);
      return;
    }
    const DeviceCounts before = pipeline_->counters();
    const auto t0 = Clock::now();
    if (f.on_device)
      pipeline_->begin_frame(f.index, side(f.ref, f.on_device->ref), side(f.dis, f.on_device->dis));
    else
      pipeline_->begin_frame(f.index, *f.ref, *f.dis);
    in_flight_.push_back(&f);
    const auto t1 = Clock::now();
    // An instance always on its lane: its work stays in its own stream order. Instances
    // of a twin take frames in turn.
    f.instances.clear();
    for (unsigned k : f.twins) {
      const unsigned c = next_[k];
      next_[k] = (c + 1) % static_cast<unsigned>(twins_[k].size());
      f.instances.push_back(c);
      const gpu::DeviceFrame& frame = pipeline_->frame(lanes_[k][c]);
      twins_[k][c]->enqueue(frame, frame.results() + offsets_[k]);
    }
    pipeline_->end_frame();
    upload_s_ += seconds(t0, t1);
    enqueue_s_ += seconds(t1, Clock::now());
    f.counts = pipeline_->counters() - before;
  } catch (...) {
    broken_ = std::current_exception();
    fail_all(&f, broken_);
    return;
  }
  // Frames whose results are back already are finished now, not when the ring is full.
  while (!in_flight_.empty() && !broken_ && pipeline_->frame_done(in_flight_.front()->index)) finish_oldest();
}

void DeviceStrand::finish_oldest() {
  Frame* f = in_flight_.front();
  in_flight_.pop_front();
  try {
    const DeviceCounts before = pipeline_->counters();
    const auto t0 = Clock::now();
    const std::uint8_t* block = pipeline_->wait_frame(f->index);
    const auto t1 = Clock::now();
    for (std::size_t n = 0; n < f->twins.size(); ++n) {
      const unsigned k = f->twins[n];
      twins_[k][f->instances[n]]->finish(f->index, block + offsets_[k], *f->sinks[n]);
    }
    wait_s_ += seconds(t0, t1);
    finish_s_ += seconds(t1, Clock::now());
    f->counts += pipeline_->counters() - before;
  } catch (...) {
    broken_ = std::current_exception();
    fail_all(f, broken_);
    return;
  }
  count(*f);
  done_(*f, nullptr);
}

// After an error: the device finishes what was enqueued (uploads may still read the
// frames' pictures), then every frame in flight fails with `error`, as does `also`.
void DeviceStrand::fail_all(Frame* also, std::exception_ptr error) {
  try {
    pipeline_->abort();
  } catch (...) {  // the device is broken too; the first error is the one reported
  }
  while (!in_flight_.empty()) {
    Frame* f = in_flight_.front();
    in_flight_.pop_front();
    if (f != also) done_(*f, error);
  }
  if (also) done_(*also, error);
}

void DeviceStrand::count(const Frame& f) {
  std::lock_guard lock(mu_);
  const DeviceCounts& c = f.counts;
  total_ += c;
  if (frames_ == 0) {
    min_ = max_ = c;
  } else {
    auto fold = [](std::uint64_t& lo, std::uint64_t& hi, std::uint64_t v) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    };
    fold(min_.launches, max_.launches, c.launches);
    fold(min_.h2d_copies, max_.h2d_copies, c.h2d_copies);
    fold(min_.h2d_bytes, max_.h2d_bytes, c.h2d_bytes);
    fold(min_.d2h_copies, max_.d2h_copies, c.d2h_copies);
    fold(min_.d2h_bytes, max_.d2h_bytes, c.d2h_bytes);
    fold(min_.host_waits, max_.host_waits, c.host_waits);
  }
  ++frames_;
}

DeviceStats DeviceStrand::stats() const {
  std::lock_guard lock(mu_);
  DeviceStats s;
  s.backend = to_string(backend_);
  s.frames = frames_;
  s.lanes = pipeline_->lanes();
  for (const auto& copies : twins_) s.instances += static_cast<unsigned>(copies.size());
  s.depth = pipeline_->depth();
  s.total = total_;
  s.per_frame_min = min_;
  s.per_frame_max = max_;
  s.upload_s = upload_s_;
  s.enqueue_s = enqueue_s_;
  s.wait_s = wait_s_;
  s.finish_s = finish_s_;
  return s;
}

}  // namespace fastvmaf
