// fastvmaf — segments: a run cut into pieces of consecutive frames, each scored on its own
// (another thread, another device, another machine) in any order, then put back together
// into the Result one sequential run gives, value for value (docs/adr/0013-segments.md).
//
//   fastvmaf::Engine engine(options);
//   std::vector<fastvmaf::SegmentScores> parts;
//   for (auto [first, end] : cuts)                            // anywhere, in any order
//     parts.push_back(engine.score_segment(ref, dis, first, end));
//   fastvmaf::Result result = engine.assemble(std::move(parts));
//
// A segment [first, end) reads the engine's segment_history() frames before `first` as
// warm-up (the earlier pictures its extractors' values need) and keeps the raw per-frame
// values of its own frames. What runs over the whole series (motion2 and motion3, the
// extractors' flush, predictions, pooling, bootstrap) runs once, in assemble().
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "fastvmaf/picture.hpp"

namespace fastvmaf {

// What scoring frames [first, end) of a run gave, before anything that needs the whole
// series. Plain data, so a worker can send it back (the Python module pickles it).
struct SegmentScores {
  unsigned first = 0, end = 0;  // frames [first, end) of the run
  VideoGeometry geometry;

  // One value appended while scoring the segment's frames: series `names[name]` at frame
  // `index` (a frame may write a value of an earlier frame: float motion's motion2).
  struct Value {
    std::uint32_t name = 0;
    std::uint32_t index = 0;
    double value = 0.0;
  };
  std::vector<std::string> names;
  std::vector<Value> values;  // in the order they were appended: by frame, then extractor
  std::vector<std::pair<std::string, double>> aggregates;  // whole-run values set by a frame

  // Per extractor of the engine, in its order: which (its name with the options that name
  // its features, "motion_mffw"), whether it scored these frames (one asked for by
  // --feature only is left out when it refuses the input) and what its flush needs from
  // them (opaque words, see src/core/extractor.hpp).
  struct Carry {
    std::string extractor;
    bool scored = false;
    std::vector<std::uint64_t> words;
  };
  std::vector<Carry> carry;
};

}  // namespace fastvmaf
