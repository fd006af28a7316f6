// One run of an engine over a sequence of frame pairs, whoever produces them: the file
// readers (engine/source_run.cpp) or a caller pushing frames (engine/session.cpp). It
// owns the scheduler and the collector, bounds the frames in flight, reports frames when
// they are final, and at the end flushes, predicts and builds the Result with its profile.
//
//   Run run(engine, geometry, hooks);
//   run.pair_storage()        where a frame's pictures should be written (a GPU run's
//                             pinned slabs), or nullptr: any Picture
//   run.submit(pair) ...      frames in order; blocks while enough frames are in flight
//   run.finish()              the Result
//
// Segments (docs/adr/0013-segments.md). With EngineOptions::segment_frames N the run is
// cut: every N frames the segment is drained and handed to a SegmentAssembler, and the
// next one starts with the last frames submitted again as its warm-up; finish() flushes
// and predicts once on the assembled series. A run of an extractor whose history is
// unbounded is not cut (the engine says so in its notes). Or the run is one segment of a
// longer one (Engine::score_segment):
//
//   run.begin_segment(first)  before any frame, or after finish_segment(): frames from
//                             next_index() on, those before `first` being the warm-up
//   run.finish_segment()      its values and carries (SegmentScores)
//
// A worker of a hybrid or multi-GPU run (engine/hybrid_run.cpp) is one Run scoring segment
// after segment with its own slots (Setup: the CPU's or a device's) and threads.
#pragma once

#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/collector.hpp"
#include "core/frame_pair.hpp"
#include "core/pair_storage.hpp"
#include "engine/engine_impl.hpp"
#include "engine/scheduler.hpp"
#include "engine/segment_assembler.hpp"
#include "fastvmaf/result.hpp"
#include "fastvmaf/segment.hpp"
#include "fastvmaf/session.hpp"

namespace fastvmaf {

class Run {
 public:
  struct Hooks {
    std::function<void(unsigned)> progress;             // frames replayed so far
    std::function<void(const FrameScores&)> on_frame;  // each frame once it is final
  };

  // Which slots and threads a run uses: by default the engine's single_slots() and
  // threads. The slots must be the engine's, each on some backend (same order and keys).
  struct Setup {
    const std::vector<SlotSpec>* slots = nullptr;
    // The run's worker threads, 0: the engine's (an encoding ladder shares the engine's
    // threads out between its encodes' runs, engine/ladder_run.hpp).
    unsigned threads = 0;
    std::function<void()> thread_init;  // first on each scheduler thread (ThreadPool)
    // An encoding ladder's reference values shared between its runs
    // (core/reference_memo.hpp); null for a run of its own.
    ReferenceMemo* memo = nullptr;
    // Worker threads shared with other runs (an encoding ladder's on the CPU: its encodes
    // together use the engine's threads), null: `threads` of the run's own. `threads` still
    // sizes the frames in flight and read ahead. CPU slots only; it outlives the run.
    ThreadPool* pool = nullptr;
  };
  // Initialises every extractor for `geometry` (and the device pipeline).
  Run(const EngineImpl& engine, const VideoGeometry& geometry, Hooks hooks);
  Run(const EngineImpl& engine, const VideoGeometry& geometry, Hooks hooks, Setup setup);
  ~Run();
  Run(const Run&) = delete;
  Run& operator=(const Run&) = delete;

  const VideoGeometry& geometry() const { return geometry_; }
  // Where the frames' pictures should live: the device pipeline's pinned slabs on a GPU
  // run (one host copy per frame: whoever fills them), else nullptr.
  PairStorage* pair_storage() { return scheduler_.pair_storage(); }
  // Whether frames may be pictures in device memory (every extractor is a twin).
  bool takes_device_frames() const { return scheduler_.all_on_device(); }
  // The planes of each side any extractor reads (Scheduler::planes_read).
  PlanesRead planes_read() const { return scheduler_.planes_read(); }
  // Whether the device work reads chroma planes (device frames need all three filled).
  bool device_reads_chroma() const { return scheduler_.device_reads_chroma(); }
  // How many frames a reader may read ahead of submit() within the run's memory budget.
  unsigned read_ahead() const { return ahead_; }
  // Frames submitted and not yet final, at most: when frame n is submitted, every frame
  // below n + 1 - in_flight() has been scored.
  unsigned in_flight() const { return in_flight_; }
  // Reading threads per file that can be read at random (io::PairReader).
  unsigned readers() const { return readers_; }
  // At most `n` of the run's threads work at once from now on (a hybrid run's CPU worker
  // beside device pipelines); the frames in flight stay as they are.
  void limit_threads(unsigned n) { scheduler_.limit_threads(n); }
  // Why each --feature-only extractor that refused the input was left out (Scheduler).
  const std::vector<std::string>& left_out() const { return scheduler_.left_out(); }
  // The device work of the frames scored so far (a GPU run's), else nullopt.
  std::optional<DeviceStats> device_stats() const { return scheduler_.device_stats(); }

  // Frame `next_index()`: waits until fewer than the run's bound are in flight, then hands
  // the pair to the scheduler. Rethrows the error of an earlier frame.
  void submit(FramePair pair);
  // Waits until one more frame may be submitted at once (what submit() waits for). A
  // reader loop calls it before taking the next pair from its reader, so that pair is not
  // held outside the read-ahead while the engine waits: one pair of memory fewer.
  void make_room();
  // Frames submitted so far, warm-up frames of a segment not counted.
  unsigned frames() const { return frames_; }
  // The index the next submit() takes: frames() but in a segment (begin_segment).
  unsigned next_index() const { return next_; }
  // For the profile of a run from files: the time until the readers had the first pair
  // ("first frame"; "frames" counts from then on), and the producer's time blocked waiting
  // for the readers ("waiting for readers").
  void note_first_frame(double seconds) {
    first_frame_s_ = seconds;
    frames_t_ = Clock::now();
  }
  void note_reader_wait(double seconds) { reader_wait_s_ = seconds; }

  // No frame follows: drains, flushes, predicts (unless the engine does not), reports the
  // frames not yet final, and returns the Result. At least one frame must be submitted.
  Result finish();

  // This run is the segment of a longer run whose first scored frame is `first`; before
  // any submit(), or after finish_segment() (the next segment of the same worker). The frames to submit start at next_index(): first - min(first,
  // EngineImpl::segment_history()). The segment is not cut again (segment_frames).
  void begin_segment(unsigned first);
  // No frame follows: drains and returns the segment's values and carries. At least one
  // frame from `first` on must be submitted.
  SegmentScores finish_segment();

 private:
  using Clock = std::chrono::steady_clock;
  enum class Mode { Whole, Cut, Segment };
  void replayed(unsigned n);
  void report_final(unsigned n);
  void report(unsigned index, bool predicted_in_collector);
  FeatureSink& sink();
  void open_segment(unsigned first);
  void close_segment();
  void submit_now(FramePair pair);

  const EngineImpl& engine_;
  VideoGeometry geometry_;
  Hooks hooks_;
  Clock::time_point t0_, frames_t_;
  double setup_s_ = 0, first_frame_s_ = -1, reader_wait_s_ = -1, engine_wait_s_ = 0;
  FeatureCollector collector_;
  Scheduler scheduler_;
  unsigned ahead_ = 1, in_flight_ = 2;
  unsigned readers_ = 1;
  unsigned frames_ = 0;
  unsigned next_ = 0;
  bool final_when_replayed_ = true;  // no extractor appends per-frame values at flush
  unsigned reported_ = 0;            // frames passed to on_frame
  bool segment_open_ = false;        // Segment: between begin_segment and finish_segment

  Mode mode_ = Mode::Whole;
  unsigned cut_ = 0;      // Cut: frames per segment
  unsigned history_ = 0;  // Cut and Segment: the warm-up frames a segment reads
  SegmentScores segment_;  // the open segment (Cut and Segment)
  std::unique_ptr<SegmentSink> segment_sink_;
  std::deque<FramePair> recent_;  // Cut: the last history_ frames, the next segment's warm-up
  std::unique_ptr<SegmentAssembler> assembler_;  // Cut
};

}  // namespace fastvmaf
