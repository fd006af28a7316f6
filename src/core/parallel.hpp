// Work inside one frame, spread over the engine's threads. An extractor cuts a large
// frame into bands (rows of a plane, pairs of a matrix) whose results it combines in a
// fixed order, and asks for them to run; the engine runs them on its thread pool with
// the calling thread helping, so a band never waits for a free thread and nothing
// deadlocks. How many bands a frame has depends on its size only (band_count), never on
// the number of threads, and each band's result does not depend on which thread ran it:
// outputs are the same for every --threads.
#pragma once

#include <functional>

namespace fastvmaf {

class ParallelFor {
 public:
  virtual ~ParallelFor() = default;
  // Runs body(0) .. body(n - 1), each once, in any order and on any of the pool's threads
  // (the calling one among them), and returns when all have returned. If bodies throw,
  // the first exception is rethrown after every body has finished.
  virtual void run(unsigned n, const std::function<void(unsigned)>& body) const = 0;
  // As run(), but only workers that are idle at the call help; with none idle the calling
  // thread runs every band. For bands whose split costs work of its own (CAMBI's refill
  // their sliding histograms and filter windows), which pays only where a worker would
  // otherwise wait, not where other frames keep every thread busy (docs/adr/0011).
  virtual void run_on_idle(unsigned n, const std::function<void(unsigned)>& body) const { run(n, body); }
};

// body(0) .. body(n - 1) in order on this thread, each once even when one throws; then
// the first exception is rethrown (as ParallelFor::run promises).
void run_in_order(unsigned n, const std::function<void(unsigned)>& body);

// Who may help with a frame's bands: any of the pool's threads (the default), or only
// those idle at the call (ParallelFor::run_on_idle).
enum class Helpers { Any, Idle };

// body(i) for i < n: on `pool`'s threads, or in order on this thread when pool is null
// (tests, single frames) or n is 1.
void parallel_for(const ParallelFor* pool, unsigned n, const std::function<void(unsigned)>& body,
                  Helpers helpers = Helpers::Any);

// Frames of fewer rows are not cut into bands: enough of them are in flight at once to
// keep every thread busy, and bands would only add their small overhead.
inline constexpr unsigned kBandedFrameRows = 720;

// The number of bands of `rows` rows (of a frame `frame_rows` high), each at least
// `min_rows` high: as many as fit, at most `max_bands`, at least 1; 1 below
// kBandedFrameRows. And the first row of band i of n.
unsigned band_count(unsigned rows, unsigned min_rows, unsigned max_bands, unsigned frame_rows);
inline unsigned band_begin(unsigned rows, unsigned n, unsigned i) {
  return static_cast<unsigned>(static_cast<unsigned long long>(rows) * i / n);
}

}  // namespace fastvmaf
