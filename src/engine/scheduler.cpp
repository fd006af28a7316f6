#include "engine/scheduler.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "gpu/counters.hpp"
#include "gpu/runtime.hpp"
#include "gpu/twin.hpp"

namespace fastvmaf {

struct Scheduler::Job {
  FramePair pair;
  std::shared_ptr<const Picture> prev_ref, prev_prev_ref;
  std::vector<RecordingSink> sinks;  // one per slot
  std::vector<std::size_t> device_run;  // the GPU slots that run on this frame
  DeviceCounts device_counts;           // this frame's device work (device strand only)
  int remaining = 0;                 // guarded by Scheduler::mu_
  std::exception_ptr error;          // guarded by Scheduler::mu_
};

struct Scheduler::Slot {
  const SlotSpec* spec = nullptr;
  bool temporal = false;
  bool device = false;  // a GPU twin: `sole`, driven by the device strand
  std::mutex mu;
  std::vector<std::unique_ptr<FeatureExtractor>> idle;  // non-temporal: free instances
  std::unique_ptr<FeatureExtractor> sole;               // temporal: the one instance
  std::deque<Job*> queue;                               // temporal: frames waiting, in order
  bool running = false;                                 // temporal: a strand task is draining
};

struct Scheduler::DeviceStrand {
  Backend backend = Backend::Cpu;
  std::unique_ptr<gpu::FramePipeline> pipeline;
  std::mutex mu;
  std::deque<Job*> queue;  // every frame, in order (guarded by mu)
  bool running = false;    // a strand task is draining the queue (guarded by mu)
  bool draining = false;   // no frame follows: collect the last one (guarded by mu)
  // Touched by the strand task only.
  Job* pending = nullptr;  // submitted to the twins, not yet collected
  std::exception_ptr broken;
  // Per-frame counts of the frames collected (guarded by mu).
  unsigned frames = 0;
  DeviceCounts total, min, max;
};

namespace {

std::unique_ptr<FeatureExtractor> make_instance(const SlotSpec& spec, const VideoGeometry& g) {
  auto e = spec.factory(spec.options);
  e->init(g);
  return e;
}

FrameInput input_of(const Scheduler::Job& j, const ParallelFor* parallel) {
  FrameInput in;
  in.parallel = parallel;
  in.index = j.pair.index;
  in.ref = j.pair.ref.get();
  in.dis = j.pair.dis.get();
  in.prev_ref = j.prev_ref.get();
  in.prev_prev_ref = j.prev_prev_ref.get();
  return in;
}

}  // namespace

Scheduler::Scheduler(const std::vector<SlotSpec>& slots, const VideoGeometry& geometry, unsigned threads,
                     unsigned subsample)
    : geometry_(geometry), subsample_(subsample ? subsample : 1) {
  gpu::PlaneMask planes = 0;
  for (const auto& spec : slots) {
    auto s = std::make_unique<Slot>();
    s->spec = &spec;
    s->temporal = spec.info->temporal;
    s->device = spec.backend != Backend::Cpu;
    std::unique_ptr<FeatureExtractor> first;
    try {
      first = make_instance(spec, geometry);
    } catch (const std::invalid_argument& e) {
      // Say which model or --feature needs the extractor that refused the input.
      if (spec.origin.empty()) throw;
      throw std::invalid_argument(fmt::format("{} (needed by {})", e.what(), spec.origin));
    }
    if (s->device) {
      auto* twin = dynamic_cast<gpu::Twin*>(first.get());
      if (!twin) throw std::logic_error(fmt::format("the {} implementation of \"{}\" is not a GPU twin",
                                                    to_string(spec.backend), spec.info->name));
      if (device_ && device_->backend != spec.backend)
        throw std::logic_error("one run drives one GPU backend");
      if (!device_) {
        device_ = std::make_unique<DeviceStrand>();
        device_->backend = spec.backend;
      }
      planes |= twin->planes();
    }
    if (s->temporal || s->device)
      s->sole = std::move(first);
    else
      s->idle.push_back(std::move(first));
    slots_.push_back(std::move(s));
  }
  if (device_) {
    const gpu::Runtime* rt = gpu::find_runtime(device_->backend);
    if (!rt) throw std::logic_error(fmt::format("this build has no {} runtime", to_string(device_->backend)));
    device_->pipeline = rt->open(geometry, planes);
  }
  pool_ = std::make_unique<ThreadPool>(threads);
  parallel_ = std::make_unique<PoolParallel>(*pool_);
}

Scheduler::~Scheduler() { abandon(); }

void Scheduler::complete(Job& job, int units) {
  bool wake = false;
  {
    std::lock_guard lock(mu_);
    job.remaining -= units;
    wake = job.remaining == 0 && waiters_ > 0;
  }
  if (wake) cv_.notify_all();
}

void Scheduler::run_on_instance(Slot& slot, std::size_t k, Job& job) {
  std::unique_ptr<FeatureExtractor> inst;
  try {
    {
      std::lock_guard lock(slot.mu);
      if (!slot.idle.empty()) {
        inst = std::move(slot.idle.back());
        slot.idle.pop_back();
      }
    }
    if (!inst) inst = make_instance(*slot.spec, geometry_);
    inst->submit(input_of(job, parallel_.get()));
    inst->collect(job.pair.index, job.sinks[k]);
  } catch (...) {
    std::lock_guard lock(mu_);
    if (!job.error) job.error = std::current_exception();
    inst.reset();  // its state is unknown now
  }
  if (inst) {
    std::lock_guard lock(slot.mu);
    slot.idle.push_back(std::move(inst));
  }
  complete(job);
}

void Scheduler::run_strand(Slot& slot, std::size_t k) {
  for (;;) {
    Job* job = nullptr;
    {
      std::lock_guard lock(slot.mu);
      if (slot.queue.empty()) {
        slot.running = false;
        return;
      }
      job = slot.queue.front();
      slot.queue.pop_front();
    }
    try {
      slot.sole->submit(input_of(*job, parallel_.get()));
      slot.sole->collect(job->pair.index, job->sinks[k]);
    } catch (...) {
      std::lock_guard lock(mu_);
      if (!job->error) job->error = std::current_exception();
    }
    complete(*job);
  }
}

void Scheduler::run_device_strand() {
  DeviceStrand& d = *device_;
  for (;;) {
    Job* job = nullptr;
    {
      std::lock_guard lock(d.mu);
      if (!d.queue.empty()) {
        job = d.queue.front();
        d.queue.pop_front();
      } else if (!(d.draining && d.pending)) {
        d.running = false;
        return;
      }
    }
    if (job)
      device_step(*job);
    else
      device_collect_pending();
  }
}

// Frame i: upload, submit(i) of every twin, then collect(i - 1).
void Scheduler::device_step(Job& job) {
  DeviceStrand& d = *device_;
  if (d.broken) {
    if (d.pending) device_fail(*std::exchange(d.pending, nullptr), d.broken);
    device_fail(job, d.broken);
    return;
  }
  if (!job.device_run.empty()) {
    try {
      const DeviceCounts before = d.pipeline->counters();
      const gpu::DeviceFrame& frame = d.pipeline->begin_frame(job.pair.index, *job.pair.ref, *job.pair.dis);
      FrameInput in = input_of(job, nullptr);
      in.device = &frame;
      for (std::size_t k : job.device_run) slots_[k]->sole->submit(in);
      d.pipeline->end_frame();
      job.device_counts = d.pipeline->counters() - before;
    } catch (...) {
      d.broken = std::current_exception();
      if (d.pending) device_fail(*std::exchange(d.pending, nullptr), d.broken);
      device_fail(job, d.broken);
      return;
    }
  }
  device_collect_pending();
  if (!job.device_run.empty()) {
    if (d.broken)
      device_fail(job, d.broken);
    else
      d.pending = &job;
  }
}

void Scheduler::device_collect_pending() {
  DeviceStrand& d = *device_;
  Job* job = std::exchange(d.pending, nullptr);
  if (!job) return;
  if (d.broken) {
    device_fail(*job, d.broken);
    return;
  }
  try {
    const DeviceCounts before = d.pipeline->counters();
    for (std::size_t k : job->device_run) slots_[k]->sole->collect(job->pair.index, job->sinks[k]);
    job->device_counts += d.pipeline->counters() - before;
  } catch (...) {
    d.broken = std::current_exception();
    device_fail(*job, d.broken);
    return;
  }
  {
    std::lock_guard lock(d.mu);
    const DeviceCounts& c = job->device_counts;
    d.total += c;
    if (d.frames == 0) {
      d.min = d.max = c;
    } else {
      auto fold = [](std::uint64_t& lo, std::uint64_t& hi, std::uint64_t v) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      };
      fold(d.min.launches, d.max.launches, c.launches);
      fold(d.min.h2d_copies, d.max.h2d_copies, c.h2d_copies);
      fold(d.min.h2d_bytes, d.max.h2d_bytes, c.h2d_bytes);
      fold(d.min.d2h_copies, d.max.d2h_copies, c.d2h_copies);
      fold(d.min.d2h_bytes, d.max.d2h_bytes, c.d2h_bytes);
      fold(d.min.host_waits, d.max.host_waits, c.host_waits);
    }
    ++d.frames;
  }
  complete(*job, static_cast<int>(job->device_run.size()));
}

void Scheduler::device_fail(Job& job, std::exception_ptr error) {
  {
    std::lock_guard lock(mu_);
    if (!job.error) job.error = error;
  }
  complete(job, static_cast<int>(job.device_run.size()));
}

// No frame follows: the strand collects the last one and stops.
void Scheduler::drain_device() {
  if (!device_) return;
  bool start = false;
  {
    std::lock_guard lock(device_->mu);
    device_->draining = true;
    if (!device_->running) start = device_->running = true;
  }
  if (start) pool_->post([this] { run_device_strand(); });
}

std::optional<DeviceStats> Scheduler::device_stats() const {
  if (!device_) return std::nullopt;
  std::lock_guard lock(device_->mu);
  DeviceStats s;
  s.backend = to_string(device_->backend);
  s.frames = device_->frames;
  s.total = device_->total;
  s.per_frame_min = device_->min;
  s.per_frame_max = device_->max;
  return s;
}

void Scheduler::submit(FramePair pair) {
  auto job = std::make_unique<Job>();
  job->pair = std::move(pair);
  job->prev_ref = prev_ref_;
  job->prev_prev_ref = prev_prev_ref_;
  prev_prev_ref_ = prev_ref_;
  prev_ref_ = job->pair.ref;
  job->sinks.resize(slots_.size());
  const unsigned index = job->pair.index;
  const bool sampled = subsample_ <= 1 || index % subsample_ == 0;
  std::vector<std::size_t> run;
  // libvmaf runs TEMPORAL and PREV_REF extractors on every frame, whatever the
  // subsampling (libvmaf.c, no_subsample_flags): motion needs each frame's SAD.
  for (std::size_t k = 0; k < slots_.size(); ++k) {
    if (!slots_[k]->temporal && !slots_[k]->spec->info->needs_prev_ref && !sampled) continue;
    (slots_[k]->device ? job->device_run : run).push_back(k);
  }
  job->remaining = static_cast<int>(run.size() + job->device_run.size());
  Job* j = job.get();
  bool wake = false;
  {
    std::lock_guard lock(mu_);
    jobs_.push_back(std::move(job));
    wake = j->remaining == 0 && waiters_ > 0;
  }
  if (wake) cv_.notify_all();
  // Every frame goes through the device strand, even one without device work: its step
  // collects the frame before it.
  if (device_) {
    bool start = false;
    {
      std::lock_guard lock(device_->mu);
      device_->queue.push_back(j);
      if (!device_->running) start = device_->running = true;
    }
    if (start) pool_->post([this] { run_device_strand(); });
  }
  for (std::size_t k : run) {
    Slot& slot = *slots_[k];
    if (slot.temporal) {
      bool start = false;
      {
        std::lock_guard lock(slot.mu);
        slot.queue.push_back(j);
        if (!slot.running) start = slot.running = true;
      }
      if (start) pool_->post([this, &slot, k] { run_strand(slot, k); });
    } else {
      pool_->post([this, &slot, k, j] { run_on_instance(slot, k, *j); });
    }
  }
}

bool Scheduler::replay_front(FeatureSink& sink, const std::function<void(unsigned)>& progress, bool block) {
  std::unique_ptr<Job> job;
  {
    std::unique_lock lock(mu_);
    if (jobs_.empty()) return false;
    if (block) {
      ++waiters_;
      cv_.wait(lock, [this] { return jobs_.front()->remaining == 0; });
      --waiters_;
    }
    else if (jobs_.front()->remaining != 0)
      return false;
    job = std::move(jobs_.front());
    jobs_.pop_front();
  }
  if (job->error) std::rethrow_exception(job->error);
  for (const auto& s : job->sinks) s.replay(sink);
  ++replayed_;
  if (progress) progress(replayed_);
  return true;
}

void Scheduler::wait_below(unsigned n, FeatureSink& sink, const std::function<void(unsigned)>& progress) {
  while (replay_front(sink, progress, false)) {
  }
  for (;;) {
    {
      std::lock_guard lock(mu_);
      if (jobs_.size() < n) return;
    }
    replay_front(sink, progress, true);
  }
}

void Scheduler::finish(FeatureCollector& collector, const std::function<void(unsigned)>& progress) {
  drain_device();
  while (replay_front(collector, progress, true)) {
  }
  // libvmaf flushes its registered extractors in registration order.
  for (auto& s : slots_) {
    if (s->sole) {
      s->sole->flush(collector);
    } else if (!s->idle.empty()) {
      s->idle.front()->flush(collector);
    }
  }
}

void Scheduler::abandon() {
  drain_device();
  std::unique_lock lock(mu_);
  ++waiters_;
  for (auto& j : jobs_) {
    Job* p = j.get();
    cv_.wait(lock, [p] { return p->remaining == 0; });
  }
  --waiters_;
  jobs_.clear();
}

}  // namespace fastvmaf
