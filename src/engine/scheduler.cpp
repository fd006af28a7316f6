#include "engine/scheduler.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "engine/env_count.hpp"
#include "gpu/counters.hpp"
#include "gpu/runtime.hpp"
#include "gpu/twin.hpp"

namespace fastvmaf {

struct Scheduler::Job {
  FramePair pair;
  bool warm_up = false;              // a segment's warm-up frame: its values are dropped
  std::shared_ptr<const Picture> prev_ref, prev_prev_ref;
  std::vector<RecordingSink> sinks;  // one per slot
  DeviceStrand::Frame device;        // the frame's GPU slots (twins empty: none runs on it)
  int remaining = 0;                 // guarded by Scheduler::mu_
  std::exception_ptr error;          // guarded by Scheduler::mu_
};

struct Scheduler::Slot {
  const SlotSpec* spec = nullptr;
  std::size_t spec_index = 0;  // among the engine's slots
  unsigned history = 0;        // ExtractorInfo::history with its options
  bool temporal = false;
  bool device = false;  // a GPU twin: `sole`, driven by the device strand
  unsigned twin = 0;    // device: its index among the strand's twins
  // device: more instances of the twin, which the strand gives frames in turn beside
  // `sole` (gpu::Twin::frames_side_by_side)
  std::vector<std::unique_ptr<FeatureExtractor>> copies;
  std::mutex mu;
  std::vector<std::unique_ptr<FeatureExtractor>> idle;  // non-temporal: free instances
  std::unique_ptr<FeatureExtractor> sole;               // temporal: the one instance
  std::deque<Job*> queue;                               // temporal: frames waiting, in order
  bool running = false;                                 // temporal: a strand task is draining
};

namespace {

std::unique_ptr<FeatureExtractor> make_instance(const SlotSpec& spec, const VideoGeometry& g) {
  auto e = spec.factory(spec.options);
  e->init(g);
  return e;
}

// The instances of a twin the strand runs side by side: what the twin allows, capped by
// FASTVMAF_TWIN_COPIES=N (1: one instance, as before; for measuring both in one binary).
unsigned twin_instances(const gpu::Twin& twin) {
  const unsigned n = std::max(1u, twin.frames_side_by_side());
  return std::min(n, env_count("FASTVMAF_TWIN_COPIES", 1, 64).value_or(n));
}

FrameInput input_of(const Scheduler::Job& j, const ParallelFor* parallel, ReferenceMemo* memo) {
  FrameInput in;
  in.parallel = parallel;
  in.reference_memo = memo;
  in.index = j.pair.index;
  in.ref = j.pair.ref.get();
  in.dis = j.pair.dis.get();
  in.prev_ref = j.prev_ref.get();
  in.prev_prev_ref = j.prev_prev_ref.get();
  in.warm_up = j.warm_up;
  return in;
}

}  // namespace

Scheduler::Scheduler(const std::vector<SlotSpec>& slots, const VideoGeometry& geometry, unsigned threads,
                     unsigned subsample, ReferenceMemo* memo, std::function<void()> thread_init,
                     ThreadPool* shared_pool)
    : geometry_(geometry), subsample_(subsample ? subsample : 1), spec_count_(slots.size()), memo_(memo) {
  Backend gpu = Backend::Cpu;
  std::vector<std::vector<gpu::Twin*>> twins;  // each twin's instances
  std::exception_ptr first_refusal;
  for (const auto& spec : slots) {
    auto s = std::make_unique<Slot>();
    s->spec = &spec;
    s->spec_index = static_cast<std::size_t>(&spec - slots.data());
    s->history = history_of(*spec.info, spec.options);
    // FrameInput's previous references reach back no further than the history declared:
    // motion reads frame i - 1's (i - 2's with the five-frame window).
    if (spec.info->needs_prev_ref) prev_refs_ = std::max(prev_refs_, std::clamp(s->history, 1u, 2u));
    s->temporal = spec.info->temporal;
    s->device = spec.backend != Backend::Cpu;
    // A twin reads every plane of both sides: its frame is copied whole.
    planes_read_ |= s->device ? PlanesRead{} : planes_read_of(*spec.info, spec.options);
    std::unique_ptr<FeatureExtractor> first;
    try {
      first = spec.factory(spec.options);
    } catch (const std::invalid_argument& e) {
      if (spec.origin.empty()) throw;
      throw std::invalid_argument(fmt::format("{} (needed by {})", e.what(), spec.origin));
    }
    try {
      first->init(geometry);
    } catch (const std::invalid_argument& e) {
      // Say which model or --feature needs the extractor that refused the input.
      const std::string what = spec.origin.empty() ? e.what() : fmt::format("{} (needed by {})", e.what(), spec.origin);
      if (!spec.optional) throw std::invalid_argument(what);
      if (!first_refusal) first_refusal = std::make_exception_ptr(std::invalid_argument(what));
      left_out_.push_back(what);
      continue;
    }
    if (s->device) {
      auto* twin = dynamic_cast<gpu::Twin*>(first.get());
      if (!twin) throw std::logic_error(fmt::format("the {} implementation of \"{}\" is not a GPU twin",
                                                    to_string(spec.backend), spec.info->name));
      if (gpu != Backend::Cpu && gpu != spec.backend) throw std::logic_error("one run drives one GPU backend");
      gpu = spec.backend;
      s->twin = static_cast<unsigned>(twins.size());
      twins.push_back({twin});
      const unsigned instances = s->temporal ? 1 : twin_instances(*twin);
      for (unsigned c = 1; c < instances; ++c) {
        s->copies.push_back(make_instance(spec, geometry));
        twins.back().push_back(static_cast<gpu::Twin*>(s->copies.back().get()));
      }
    }
    if (s->temporal || s->device)
      s->sole = std::move(first);
    else
      s->idle.push_back(std::move(first));
    slots_.push_back(std::move(s));
  }
  if (slots_.empty() && first_refusal) std::rethrow_exception(first_refusal);
  if (shared_pool && !twins.empty()) throw std::logic_error("a scheduler with GPU twins runs on threads of its own");
  if (shared_pool) {
    pool_ = shared_pool;
  } else {
    own_pool_ = std::make_unique<ThreadPool>(threads, std::move(thread_init));
    pool_ = own_pool_.get();
  }
  parallel_ = std::make_unique<PoolParallel>(*pool_, shared_pool ? std::max(1u, threads) : 0);
  if (!twins.empty())
    device_ = std::make_unique<DeviceStrand>(gpu, std::move(twins), geometry, *pool_,
                                             [this](DeviceStrand::Frame& f, std::exception_ptr error) {
                                               device_done(f, error);
                                             });
}

Scheduler::~Scheduler() {
  abandon();
  // A task has completed its job before it returns (run_strand even looks at its queue
  // once more): wait until none of ours is left on a pool that outlives us.
  std::unique_lock lock(mu_);
  ++waiters_;
  cv_.wait(lock, [this] { return tasks_ == 0; });
  --waiters_;
}

void Scheduler::post(std::function<void()> task) {
  {
    std::lock_guard lock(mu_);
    ++tasks_;
  }
  pool_->post([this, task = std::move(task)] {
    task();
    // Notified under the lock: the destructor, once it sees 0, may free cv_ and mu_ at once.
    std::lock_guard lock(mu_);
    if (--tasks_ == 0 && waiters_ > 0) cv_.notify_all();
  });
}

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
    inst->submit(input_of(job, parallel_.get(), memo_));
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
      slot.sole->submit(input_of(*job, parallel_.get(), memo_));
      slot.sole->collect(job->pair.index, job->sinks[k]);
    } catch (...) {
      std::lock_guard lock(mu_);
      if (!job->error) job->error = std::current_exception();
    }
    complete(*job);
  }
}

// A frame's device work is done (or failed): its GPU slots count as completed.
void Scheduler::device_done(DeviceStrand::Frame& f, std::exception_ptr error) {
  Job& job = *static_cast<Job*>(f.context);
  if (error) {
    std::lock_guard lock(mu_);
    if (!job.error) job.error = error;
  }
  complete(job, static_cast<int>(f.twins.size()));
}

// No frame follows: the strand finishes the frames in flight.
void Scheduler::drain_device() {
  if (device_) device_->drain();
}

std::optional<DeviceStats> Scheduler::device_stats() const {
  if (!device_) return std::nullopt;
  return device_->stats();
}

PairStorage* Scheduler::pair_storage() { return device_ ? &device_->pair_storage() : nullptr; }

bool Scheduler::all_on_device() const {
  if (!device_) return false;
  for (const auto& s : slots_)
    if (!s->device) return false;
  return true;
}

bool Scheduler::device_reads_chroma() const { return device_ && device_->reads_chroma(); }

unsigned Scheduler::device_depth() const { return device_ ? device_->depth() : 0; }

void Scheduler::submit(FramePair pair) {
  auto job = std::make_unique<Job>();
  job->pair = std::move(pair);
  job->warm_up = job->pair.index < segment_first_;
  job->prev_ref = prev_ref_;
  job->prev_prev_ref = prev_prev_ref_;
  // Only the references some extractor reads are kept: at 4K each is 12 MB alive longer.
  if (prev_refs_ >= 2) prev_prev_ref_ = prev_ref_;
  if (prev_refs_ >= 1) prev_ref_ = job->pair.ref;
  job->sinks.resize(slots_.size());
  const unsigned index = job->pair.index;
  const bool sampled = subsample_ <= 1 || index % subsample_ == 0;
  std::vector<std::size_t> run;
  // libvmaf runs TEMPORAL and PREV_REF extractors on every frame, whatever the
  // subsampling (libvmaf.c, no_subsample_flags): motion needs each frame's SAD.
  for (std::size_t k = 0; k < slots_.size(); ++k) {
    if (job->warm_up) {
      // Only an instance that sees frames in order keeps state from a frame; the
      // previous references of the others are the scheduler's (prev_ref_ above).
      const Slot& s = *slots_[k];
      if (!(s.temporal || s.device) || segment_first_ - index > s.history) continue;
    }
    if (!slots_[k]->temporal && !slots_[k]->spec->info->needs_prev_ref && !sampled) continue;
    if (slots_[k]->device) {
      job->device.twins.push_back(slots_[k]->twin);
      job->device.sinks.push_back(&job->sinks[k]);
    } else {
      run.push_back(k);
    }
  }
  // Pictures in device memory reach the twins only; an extractor on the CPU would find
  // no picture. Session::push_device refuses such a run before it gets here.
  if (job->pair.device && !run.empty())
    throw std::logic_error("a frame in device memory reached an extractor that runs on the CPU");
  job->device.on_device = job->pair.device.get();
  job->device.context = job.get();
  job->device.index = index;
  job->device.ref = job->pair.ref.get();
  job->device.dis = job->pair.dis.get();
  job->remaining = static_cast<int>(run.size() + job->device.twins.size());
  Job* j = job.get();
  bool wake = false;
  {
    std::lock_guard lock(mu_);
    jobs_.push_back(std::move(job));
    wake = j->remaining == 0 && waiters_ > 0;
  }
  if (wake) cv_.notify_all();
  if (!j->device.twins.empty()) device_->push(&j->device);
  for (std::size_t k : run) {
    Slot& slot = *slots_[k];
    if (slot.temporal) {
      bool start = false;
      {
        std::lock_guard lock(slot.mu);
        slot.queue.push_back(j);
        if (!slot.running) start = slot.running = true;
      }
      if (start) post([this, &slot, k] { run_strand(slot, k); });
    } else {
      post([this, &slot, k, j] { run_on_instance(slot, k, *j); });
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
  if (job->warm_up) return true;  // its values are not the segment's
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

void Scheduler::drain(FeatureSink& sink, const std::function<void(unsigned)>& progress) {
  drain_device();
  while (replay_front(sink, progress, true)) {
  }
}

void Scheduler::finish(FeatureCollector& collector, const std::function<void(unsigned)>& progress) {
  drain(collector, progress);
  // libvmaf flushes its registered extractors in registration order.
  for (auto& s : slots_) {
    if (s->sole) {
      s->sole->flush(collector);
    } else if (!s->idle.empty()) {
      s->idle.front()->flush(collector);
    }
  }
}

void Scheduler::begin_segment(unsigned first) {
  {
    std::lock_guard lock(mu_);
    if (!jobs_.empty()) throw std::logic_error("a segment begins while frames are in flight");
  }
  segment_first_ = first;
  prev_ref_.reset();
  prev_prev_ref_.reset();
  for (auto& s : slots_) {
    if (s->sole) s->sole->restart();
    for (auto& e : s->copies) e->restart();
    for (auto& e : s->idle) e->restart();
  }
}

std::vector<std::pair<bool, std::vector<std::uint64_t>>> Scheduler::carries() const {
  std::vector<std::pair<bool, std::vector<std::uint64_t>>> out(spec_count_);
  for (const auto& s : slots_) {
    // Instances of a slot that is neither temporal nor a twin keep nothing from a frame
    // to the next (core/extractor.hpp), so they carry nothing.
    out[s->spec_index].first = true;
    if (s->sole) out[s->spec_index].second = s->sole->carry();
  }
  return out;
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

void Scheduler::limit_threads(unsigned n) {
  // A shared pool's limit would hold back every run on it, not this one.
  if (!own_pool_) throw std::logic_error("Scheduler::limit_threads: the scheduler's threads are a shared pool's");
  pool_->limit_active(n);
}

}  // namespace fastvmaf
