// The extractor contract (../shared/DESIGN.md, "The extractor contract").
//
//   init(geometry)    validate every option against the geometry, plan buffers;
//                     throw std::invalid_argument with a clear message, never abort
//   submit(frame)     CPU: compute. GPU twin: enqueue work on the shared device frame
//                     and one async copy of the results block
//   collect(index)    the only wait; append this frame's values to the sink
//   flush(sink)       temporal extractors emit their last values
//
// The engine owns scheduling:
//  - a non-temporal CPU extractor may exist as several instances, each used by one
//    thread at a time; the engine calls submit(i) then collect(i) on the same
//    instance before it hands that instance another frame;
//  - a temporal extractor (ExtractorInfo::temporal) is one instance that sees every
//    frame in order, submit(i) then collect(i);
//  - a GPU twin is one instance driven in order with submit(i+1) before collect(i).
// What collect() appends is replayed into the run's collector in frame order, then
// extractor order, so outputs do not depend on thread timing.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/backend.hpp"
#include "core/options.hpp"
#include "core/parallel.hpp"
#include "fastvmaf/picture.hpp"

namespace fastvmaf {

namespace gpu {
class DeviceFrame;  // the frame's planes on the device (src/gpu/)
}

// Receives feature values. `name` is the full collector key (see feature_name.hpp).
class FeatureSink {
 public:
  virtual ~FeatureSink() = default;
  virtual void append(const std::string& name, unsigned index, double value) = 0;
  // A whole-run value (libvmaf's aggregate_metrics, e.g. psnr's apsnr_y at flush).
  virtual void aggregate(const std::string& name, double value) = 0;
};

struct FrameInput {
  unsigned index = 0;
  const Picture* ref = nullptr;
  const Picture* dis = nullptr;
  // For extractors declared needs_prev_ref (libvmaf's VMAF_FEATURE_EXTRACTOR_PREV_REF):
  // the reference pictures of frames index-1 and index-2, when they exist.
  const Picture* prev_ref = nullptr;
  const Picture* prev_prev_ref = nullptr;
  const gpu::DeviceFrame* device = nullptr;  // set for GPU twins only
  // Bands of this frame's work may run on the engine's threads (core/parallel.hpp);
  // null: run them in order on the calling thread.
  const ParallelFor* parallel = nullptr;
};

class FeatureCollector;

class FeatureExtractor {
 public:
  virtual ~FeatureExtractor() = default;
  virtual void init(const VideoGeometry& geometry) = 0;
  virtual void submit(const FrameInput& frame) = 0;
  virtual void collect(unsigned index, FeatureSink& sink) = 0;
  // After the last frame, on the engine's thread, with the run's collector: it may read
  // values already collected (libvmaf's motion derives motion2/3 from motion_sad here).
  virtual void flush(FeatureCollector& collector) { (void)collector; }
};


using ExtractorFactory = std::function<std::unique_ptr<FeatureExtractor>(const OptionSet& options)>;

// What the registry knows about one extractor (libvmaf's VmafFeatureExtractor), apart
// from its implementations: those register per backend (see registry.hpp), so a
// declared extractor without a CPU implementation is "not implemented yet".
struct ExtractorInfo {
  std::string name;                             // "psnr", "cambi", "adm", ... (--feature NAME)
  std::vector<std::string> provided_features;   // libvmaf's long names, as models list them
  const std::vector<OptionSpec>* options = nullptr;
  bool temporal = false;        // libvmaf's TEMPORAL: one instance sees every frame in order
  bool needs_prev_ref = false;  // libvmaf's PREV_REF: FrameInput carries the previous references
  // flush() appends per-frame values (libvmaf's motion: motion2 and motion3 of every
  // frame), so no frame of a run using it is final before the flush (fastvmaf/session.hpp).
  bool values_at_flush = false;
};

}  // namespace fastvmaf
