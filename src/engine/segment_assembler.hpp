// Segments back into one series (docs/adr/0013-segments.md): the segments of a run, added
// in any order, go into the run's collector in frame order, each as soon as every frame
// before it is in, so the collector receives exactly the appends of a sequential run in
// its order (series keep the order of their first append). Each segment's carries are
// absorbed, in frame order, by a fresh CPU instance of each extractor; finish() flushes
// those once, in slot order, over the assembled series (motion2/motion3, apsnr, ...).
//
// SegmentSink records one segment's values as the scheduler replays them.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/collector.hpp"
#include "core/extractor.hpp"
#include "engine/engine_impl.hpp"
#include "fastvmaf/segment.hpp"

namespace fastvmaf {

// A FeatureSink that appends to a SegmentScores (one thread: the run's).
class SegmentSink final : public FeatureSink {
 public:
  explicit SegmentSink(SegmentScores& into) : into_(into) {}
  void append(const std::string& name, unsigned index, double value) override;
  void aggregate(const std::string& name, double value) override { into_.aggregates.emplace_back(name, value); }

 private:
  SegmentScores& into_;
  std::unordered_map<std::string, std::uint32_t> ids_;
};

class SegmentAssembler {
 public:
  SegmentAssembler(const EngineImpl& engine, const VideoGeometry& geometry);
  ~SegmentAssembler();

  // A scored segment, in any order. Throws std::invalid_argument for a segment of another
  // geometry or engine, or one overlapping a segment already added.
  void add(SegmentScores segment, FeatureCollector& into);
  // Frames [0, assembled()) are in the collector.
  unsigned assembled() const { return assembled_; }
  // Every segment is in: throws std::invalid_argument when frames are missing (naming
  // the first gap) or none was added; else flushes the extractors into the collector.
  void finish(FeatureCollector& into);

 private:
  void replay(const SegmentScores& s, FeatureCollector& into);

  const EngineImpl& engine_;
  VideoGeometry geometry_;
  std::map<unsigned, SegmentScores> waiting_;  // by first frame, not yet contiguous
  unsigned assembled_ = 0;
  bool started_ = false;
  // Per slot of the engine, a CPU instance absorbing the carries (null: left out, or an
  // extractor whose flush does nothing: ExtractorInfo::flushes), and whether it scored.
  std::vector<std::unique_ptr<FeatureExtractor>> flushers_;
  std::vector<bool> scored_;
};

}  // namespace fastvmaf
