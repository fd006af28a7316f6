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
//
// Segments (docs/adr/0013-segments.md): a run may be cut into segments of consecutive
// frames, each scored on its own (anywhere, in any order) and put back in frame order.
// What an extractor keeps from one frame to the next is of two kinds:
//  - what later frames' values need (the previous pictures, their blur): rebuilt by a
//    warm-up, the `history` frames before the segment's first, submitted with
//    FrameInput::warm_up and their values discarded (ExtractorInfo::history);
//  - what flush() needs beyond the collector (PSNR's sums for apsnr, float motion's
//    last score): handed over as carry() words after a segment's frames, and absorb()ed
//    in frame order by a fresh instance that then flushes once, on the assembled series.
// restart() starts an instance on a new segment, so one instance may score several.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "core/backend.hpp"
#include "core/options.hpp"
#include "core/parallel.hpp"
#include "core/plane_set.hpp"
#include "fastvmaf/picture.hpp"

namespace fastvmaf {

namespace gpu {
class DeviceFrame;  // the frame's planes on the device (src/gpu/)
}
class ReferenceMemo;  // core/reference_memo.hpp

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
  // A segment's warm-up frame: its values are discarded; only the state that the next
  // frames' values need matters (an extractor may skip work that feeds only its values).
  // Nothing it sees counts towards carry().
  bool warm_up = false;
  // Bands of this frame's work may run on the engine's threads (core/parallel.hpp);
  // null: run them in order on the calling thread.
  const ParallelFor* parallel = nullptr;
  // On the runs of an encoding ladder (one reference, several distorted videos): values of
  // the reference pictures alone, computed by one run and shared by all
  // (core/reference_memo.hpp); null otherwise. A CPU extractor may take from it only what
  // depends on nothing but the reference pictures it is given and the frame's index.
  ReferenceMemo* reference_memo = nullptr;
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

  // Segments (see the top). A new segment starts: the next frame submitted may have any
  // index (its warm-up first). Forget what carry() would report; whatever the values of
  // the next frames need is rebuilt by the warm-up.
  virtual void restart() {}
  // What flush() needs beyond the collector from the frames scored since init() or
  // restart() (warm-up frames excluded), as plain words: a segment's result holds them,
  // and they may travel to another process. A twin carries what its CPU extractor does,
  // in the same words: a segmented run flushes on CPU instances.
  virtual std::vector<std::uint64_t> carry() const { return {}; }
  // On a fresh instance before flush(): the carry of the next segment, in frame order,
  // so that flush() then gives what one instance that saw every frame would.
  virtual void absorb(const std::vector<std::uint64_t>& later) { (void)later; }
};

// ExtractorInfo::history: how many frames before frame i a segment must submit (as
// warm-up) for frame i's values to equal a sequential run's; kUnboundedHistory when the
// state reaches back to frame 0: the runs of such an extractor are not cut.
using HistoryFn = unsigned (*)(const OptionSet& options);
inline constexpr unsigned kUnboundedHistory = std::numeric_limits<unsigned>::max();

// ExtractorInfo::planes_read: the planes of each side's pictures that an instance made
// with these options reads (CAMBI without full_ref: the distorted luma alone; motion: the
// reference's luma).
using PlanesReadFn = PlanesRead (*)(const OptionSet& options);
// The planes_read of an extractor that reads the luma of both sides, and nothing else.
inline PlanesRead luma_of_both(const OptionSet&) { return {kLumaPlane, kLumaPlane}; }


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
  // flush() writes something or absorb() keeps something (psnr's apsnr sums, motion's
  // motion2/motion3, float_motion's last score, CAMBI's heatmap files): a run put together
  // from segments keeps a fresh CPU instance of it to absorb the carries and flush. Any
  // other extractor's flush does nothing, and no instance is made for it (an instance's
  // init allocates its frame buffers: 5 ms of a one-frame 1080p run with auto).
  bool flushes = false;
  // Segments: the window of earlier frames its values need (see HistoryFn). Unset: 0, or
  // 2 for needs_prev_ref (FrameInput's two previous references), or kUnboundedHistory
  // for a temporal extractor (whose state nobody has bounded): use history_of().
  HistoryFn history = nullptr;
  // Unset: every plane of both sides is read. A run leaves the pages of the planes none
  // of its extractors reads out of memory where its frames are mapped (io::PairReader).
  PlanesReadFn planes_read = nullptr;
};

// The planes `info` with `options` reads, or every plane of both sides (unset).
inline PlanesRead planes_read_of(const ExtractorInfo& info, const OptionSet& options) {
  return info.planes_read ? info.planes_read(options) : PlanesRead{};
}

// The declared history of `info` with `options`, or the default above.
inline unsigned history_of(const ExtractorInfo& info, const OptionSet& options) {
  if (info.history) return info.history(options);
  if (info.temporal) return kUnboundedHistory;
  return info.needs_prev_ref ? 2u : 0u;
}

}  // namespace fastvmaf
