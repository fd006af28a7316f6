// Runs the registered extractors over frames on a thread pool.
//
// Each frame becomes a job with one recording sink per slot. A non-temporal slot's
// work for a frame is a pool task on any free instance (instances are created on
// demand, at most one per thread). A temporal slot is one instance fed in frame order
// through a strand. Completed jobs are replayed into the collector strictly in frame
// order and slot order, so the output never depends on timing.
#pragma once

#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/collector.hpp"
#include "core/extractor.hpp"
#include "core/thread_pool.hpp"
#include "io/pair_reader.hpp"

namespace fastvmaf {

struct SlotSpec {
  const ExtractorInfo* info = nullptr;
  OptionSet options;
  std::string dedupe_key;
  Backend backend = Backend::Cpu;
  ExtractorFactory factory;
};

class Scheduler {
 public:
  // Creates and initialises one instance of every slot, so option and size errors
  // surface before any frame is read.
  Scheduler(const std::vector<SlotSpec>& slots, const VideoGeometry& geometry, unsigned threads, unsigned subsample);
  ~Scheduler();

  void submit(io::FramePair pair);
  // Replays finished frames in order until fewer than `n` are in flight.
  void wait_below(unsigned n, FeatureSink& sink, const std::function<void(unsigned)>& progress);
  // Waits for every frame, replays them, then flushes the extractors in slot order.
  void finish(FeatureCollector& collector, const std::function<void(unsigned)>& progress);
  // Error path: waits for running work and drops every result.
  void abandon();

 private:
  struct Slot;

 public:
  struct Job;

 private:
  void run_on_instance(Slot& slot, std::size_t slot_index, Job& job);
  void run_strand(Slot& slot, std::size_t slot_index);
  void complete(Job& job);
  bool replay_front(FeatureSink& sink, const std::function<void(unsigned)>& progress, bool block);

  VideoGeometry geometry_;
  unsigned subsample_;
  unsigned replayed_ = 0;
  std::vector<std::unique_ptr<Slot>> slots_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::unique_ptr<Job>> jobs_;
  // The reference pictures of the two previous frames (libvmaf's prev_ref).
  std::shared_ptr<const Picture> prev_ref_, prev_prev_ref_;
  // Last member: destroyed first, so running tasks finish while the rest still lives.
  std::unique_ptr<ThreadPool> pool_;
};

}  // namespace fastvmaf
