// Runs the registered extractors over frames on a thread pool.
//
// Each frame becomes a job with one recording sink per slot. A non-temporal slot's
// work for a frame is a pool task on any free instance (instances are created on
// demand, at most one per thread). A temporal slot is one instance fed in frame order
// through a strand. Completed jobs are replayed into the collector strictly in frame
// order and slot order, so the output never depends on timing.
//
// GPU twins (slots whose backend is not the CPU) are one instance each, driven in frame
// order by one device strand (device_strand.hpp): per frame one upload into the shared
// device frame, every twin's enqueue, one download of the results block; the twins'
// finish follows the frame's one host wait, several frames later. The strand also counts
// each frame's device work (DeviceStats).
//
// Segments (core/extractor.hpp, docs/adr/0013-segments.md): after begin_segment(first),
// frames before `first` are warm-up: each goes only to the in-order slots (temporal, or
// twins) whose history reaches back to it, and what they append is dropped. carries()
// hands over what each slot's flush needs from the segment's frames.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/collector.hpp"
#include "core/extractor.hpp"
#include "core/frame_pair.hpp"
#include "core/pair_storage.hpp"
#include "engine/device_strand.hpp"
#include "engine/pool_parallel.hpp"
#include "engine/thread_pool.hpp"
#include "fastvmaf/result.hpp"

namespace fastvmaf {

struct SlotSpec {
  const ExtractorInfo* info = nullptr;
  OptionSet options;
  std::string dedupe_key;
  Backend backend = Backend::Cpu;
  ExtractorFactory factory;
  std::string origin;  // who asked for it, for messages: "model vmaf_v0.6.1", "--feature cambi"
  // Asked for by --feature only (no model reads it): when its init() refuses the input
  // (std::invalid_argument: a size, depth or format it cannot score) and another
  // extractor runs, it is left out with a warning instead of failing the run, as
  // libvmaf's threaded CLI drops the values of an extractor that fails.
  bool optional = false;
};

class Scheduler {
 public:
  // Creates and initialises one instance of every slot, so option and size errors
  // surface before any frame is read. Optional slots that refuse the input are left
  // out (see left_out()); if every slot would be, the first refusal is thrown.
  // `memo`: an encoding ladder's shared reference values, handed to the CPU extractors
  // (FrameInput::reference_memo); null for a run of its own. `thread_init` runs first on
  // each of its threads (ThreadPool). `shared_pool`: threads shared with other schedulers
  // (an encoding ladder's encodes on the CPU, within one --threads) instead of `threads`
  // of its own; CPU slots only, and it must outlive the scheduler.
  Scheduler(const std::vector<SlotSpec>& slots, const VideoGeometry& geometry, unsigned threads, unsigned subsample,
            ReferenceMemo* memo = nullptr, std::function<void()> thread_init = {},
            ThreadPool* shared_pool = nullptr);
  // Why each left-out slot refused the input, in slot order.
  const std::vector<std::string>& left_out() const { return left_out_; }
  ~Scheduler();

  void submit(FramePair pair);
  // Replays finished frames in order until fewer than `n` are in flight.
  void wait_below(unsigned n, FeatureSink& sink, const std::function<void(unsigned)>& progress);
  // No frame follows: waits for every frame and replays them.
  void drain(FeatureSink& sink, const std::function<void(unsigned)>& progress);
  // drain(), then flushes the extractors in slot order.
  void finish(FeatureCollector& collector, const std::function<void(unsigned)>& progress);

  // Segments. With no frame in flight (after drain()): the frames submitted next start a
  // new segment whose first scored frame is `first`; those before it are its warm-up.
  // Every instance restarts and the previous references are forgotten.
  void begin_segment(unsigned first);
  // Per slot of the engine (the `slots` given to the constructor, in order): whether it
  // scored the frames (not left out) and its carry since the segment began. After drain().
  std::vector<std::pair<bool, std::vector<std::uint64_t>>> carries() const;
  // Error path: waits for running work and drops every result.
  void abandon();
  // The device work of the frames replayed so far; nullopt when no slot runs on a GPU.
  std::optional<DeviceStats> device_stats() const;
  // Where the readers should put frame pairs: the device strand's pinned slabs on a GPU
  // run, else nullptr (each picture its own allocation).
  PairStorage* pair_storage();
  // Whether every extractor of the run is a twin: frames may then be pictures in device
  // memory (FramePair::device), which no CPU extractor could read.
  bool all_on_device() const;
  // Whether the run's twins read a chroma plane; false without twins.
  bool device_reads_chroma() const;
  // The planes of each side any slot reads (ExtractorInfo::planes_read; a twin reads
  // every plane: its frame is copied whole).
  PlanesRead planes_read() const { return planes_read_; }
  // Frames the device keeps in flight (0 without a GPU slot): the engine keeps more than
  // that many frames submitted so the device pipeline fills.
  unsigned device_depth() const;
  // At most `n` of the scheduler's threads work at once from now on (ThreadPool::limit_active).
  // Its own threads only: on a shared pool it throws std::logic_error.
  void limit_threads(unsigned n);

 private:
  struct Slot;

 public:
  struct Job;

 private:
  void run_on_instance(Slot& slot, std::size_t slot_index, Job& job);
  void run_strand(Slot& slot, std::size_t slot_index);
  void drain_device();
  void device_done(DeviceStrand::Frame& f, std::exception_ptr error);
  void complete(Job& job, int units = 1);
  bool replay_front(FeatureSink& sink, const std::function<void(unsigned)>& progress, bool block);

  VideoGeometry geometry_;
  unsigned subsample_;
  unsigned replayed_ = 0;           // frames replayed, warm-up frames not counted
  std::size_t spec_count_ = 0;      // the engine's slots, left-out ones included
  unsigned segment_first_ = 0;      // frames before it are warm-up (begin_segment)
  std::vector<std::unique_ptr<Slot>> slots_;
  std::vector<std::string> left_out_;
  std::unique_ptr<DeviceStrand> device_;  // set when a slot runs on a GPU
  std::mutex mu_;
  std::condition_variable cv_;  // a job's remaining reached 0
  unsigned waiters_ = 0;        // threads waiting on cv_ (notified only then)
  std::deque<std::unique_ptr<Job>> jobs_;
  // The reference pictures of the two previous frames (libvmaf's prev_ref), kept only as
  // far back as an extractor with needs_prev_ref reads (prev_refs_: 0, 1 or 2).
  std::shared_ptr<const Picture> prev_ref_, prev_prev_ref_;
  unsigned prev_refs_ = 0;
  PlanesRead planes_read_{kNoPlanes, kNoPlanes};
  ReferenceMemo* memo_ = nullptr;
  std::unique_ptr<PoolParallel> parallel_;  // bands of a frame on pool_ (core/parallel.hpp)
  // Tasks this scheduler posted that have not returned (guarded by mu_): a shared pool
  // outlives the scheduler, so the destructor waits for them to leave its memory.
  unsigned tasks_ = 0;
  void post(std::function<void()> task);
  ThreadPool* pool_ = nullptr;  // own_pool_, or the shared one
  // Last member: destroyed first, so running tasks finish while the rest still lives.
  std::unique_ptr<ThreadPool> own_pool_;
};

}  // namespace fastvmaf
