// An encoding ladder: one reference scored against several distorted videos (the
// renditions of one source, or the outputs of several encoders) in one pass over the
// reference (docs/adr/0014-encoding-ladder.md).
//
// The reference is read (decoded, for a compressed file) once, by one io::FrameReader,
// and each of its pictures is handed, unchanged and shared, to every encode's Run; each
// encode has its own reader for its distorted file and its own Run (scheduler,
// extractors, collector), exactly the Run a single pair gets. The values of an encode
// are therefore the single pair's: every extractor sees the same pictures in the same
// order and no state crosses from one encode's run into another's.
//
// Each encode follows the single pair's rules (engine/source_run.hpp, io/pair_reader.hpp):
// the same skips and frame count, frames paired by index, the common frames scored with a
// warning when one file ends first, a reading error within the common length being that
// encode's error. One encode failing (an input error, an extractor's error) ends that
// encode only: the others go on to the end of the reference.
#pragma once

#include <cstdint>
#include <exception>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "fastvmaf/engine.hpp"
#include "fastvmaf/result.hpp"
#include "io/video_source.hpp"

namespace fastvmaf {

struct LadderEncode {
  io::VideoSource* distorted = nullptr;
  std::function<void(const std::string&)> warn;  // this encode's warnings (left out, lengths)
};

struct LadderOutcome {
  std::optional<Result> result;  // set when the encode was scored
  std::exception_ptr error;      // else why not (what the single pair would have thrown)
};

// The worker threads each encode's run is sized for (its frames in flight and read ahead)
// when the engine's `threads` are shared out between `encodes` runs scoring at once:
// ceil(threads / encodes), at least 1 (a frame's work differs between encodes; rounding up
// keeps every core busy). On the CPU the runs work on one pool of the engine's threads; on
// a GPU each run has this many threads of its own.
unsigned ladder_threads_per_encode(unsigned threads, std::size_t encodes);

// What the encodes shared beyond the reference's pictures: values of the reference alone
// (core/reference_memo.hpp) computed by one run, and taken by another instead of computed.
struct LadderStats {
  std::uint64_t reference_values_computed = 0, reference_values_shared = 0;
  // Reference frames uploaded once to the GPU for every encode's pipeline (0 on the CPU).
  std::uint64_t reference_uploads = 0;
};

// Scores every encode against `ref` in one pass; one outcome per encode, in order.
// `threads_per_encode` 0: ladder_threads_per_encode(engine's threads, encodes). `progress`
// gets the reference frames handed out so far; `stats`, when given, what was shared.
std::vector<LadderOutcome> run_ladder_sources(const Engine& engine, io::VideoSource& ref,
                                              const std::vector<LadderEncode>& encodes, const RunLimits& limits,
                                              unsigned threads_per_encode = 0,
                                              const std::function<void(unsigned)>& progress = {},
                                              LadderStats* stats = nullptr);

}  // namespace fastvmaf
