// fastvmaf — the engine: scores a distorted video against its reference with the
// requested features and models, bit-exact with libvmaf.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fastvmaf/error.hpp"
#include "fastvmaf/model_request.hpp"
#include "fastvmaf/picture.hpp"
#include "fastvmaf/result.hpp"
#include "fastvmaf/segment.hpp"

namespace fastvmaf {

// One --feature: an extractor name and its options ("cambi", {{"window_size","33"}}).
struct FeatureRequest {
  std::string name;
  std::vector<std::pair<std::string, std::string>> options;
};

// --backend: cpu, cuda, hip or sycl (a usable device is required, and every extractor
// needs a twin there), or auto: the CPU scores segments of the run at once while the first
// GPU found (cuda, then hip, then a SYCL GPU) initialises on a thread of its own, and then
// takes segments too (docs/adr/0015-hybrid-and-multi-gpu.md); with no GPU, or an
// extractor without a twin there, the CPU alone. cpu+cuda, cpu+hip, cpu+sycl: the CPU and
// that backend's device together, its device started at once (cpu+sycl takes a SYCL CPU
// device too). Runs that are not read from indexed files (Session, compressed input)
// take auto as one backend: the GPU with CPU extractors for those without a twin.
enum class BackendChoice { Cpu, Cuda, Hip, Sycl, Auto, CpuCuda, CpuHip, CpuSycl };

struct EngineOptions {
  std::vector<FeatureRequest> features;
  std::vector<ModelRequest> models;
  bool no_prediction = false;   // -n: extract the models' features but do not predict
  unsigned threads = 0;         // 0: every hardware thread
  unsigned subsample = 1;
  // --segment-frames: cut every run into segments of this many frames, scored one after
  // another and put back together (segment.hpp); the results are the same, value for
  // value. 0: not cut. A run of an extractor whose history is unbounded is not cut.
  unsigned segment_frames = 0;
  BackendChoice backend = BackendChoice::Cpu;
  std::string model_dir;        // where version=NAME looks first for NAME.json; empty: built-in models only
  // --sycl-device: the SYCL device, "gpu", "cpu", "auto" or its number (empty: auto, or
  // $FASTVMAF_SYCL_DEVICE). The process keeps the first device it opens.
  std::string sycl_device;
  // --gpus: the device pipelines of a GPU or hybrid run, by device number; a number may
  // repeat (two pipelines on one device). Empty: one pipeline on every device the backend
  // counts. Runs that are not read from indexed files use one pipeline, on device 0.
  std::vector<unsigned> gpus;
  // --backend cuda in a caller's CUDA driver context (a CUcontext: FFmpeg's, handed over
  // by libvmaf's CUDA API) instead of the device's primary context: the sessions' device
  // work, their threads' and the calling thread's during each Session call, runs in it,
  // so pictures the caller keeps in that context can be pushed (Session::push_device).
  // Null: the primary context.
  void* cuda_context = nullptr;
};

// An input file: .y4m; raw .yuv, whose geometry `raw` gives; or, in builds with FFmpeg's
// libraries, any compressed file they read (.mp4, .mkv, ...), decoded as it is read.
struct VideoFile {
  std::string path;
  std::optional<VideoGeometry> raw;  // read the file as raw planar yuv of this geometry
  unsigned decode_threads = 0;       // compressed input: libavcodec threads (0: its choice)
  std::string convert;               // compressed input: convert to this pixel format
                                     // (ffmpeg's name) when it cannot be scored as stored
};

struct RunLimits {
  unsigned frame_cnt = 0;       // 0: all frames
  unsigned frame_skip_ref = 0;
  unsigned frame_skip_dist = 0;
};

class Engine {
 public:
  // Loads models and resolves extractors; throws std::invalid_argument / InputError
  // with a clear message on a bad model, unknown feature or bad option.
  explicit Engine(EngineOptions options);
  ~Engine();
  // What the engine decided that a user may want to know: the GPU backend and device it
  // uses (--backend auto says which, or that it fell back to the CPU), and extractors that
  // run on the CPU for want of a twin. The CLI prints them on stderr. With --backend auto
  // (or cpu+X) the device is probed when a run first needs one: its notes follow from then.
  std::vector<std::string> notes() const;
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Scores a pair of files (reading them on threads of their own, ahead of the
  // extractors). `progress(frames_done)` is called from the calling thread. Warnings
  // (one file ended before the other) go to `warn`. Throws InputError for unreadable or
  // incompatible files. To score frames you decode yourself, use a Session (session.hpp).
  Result run(const VideoFile& ref, const VideoFile& dis, const RunLimits& limits = {},
             const std::function<void(unsigned)>& progress = {},
             const std::function<void(const std::string&)>& warn = {}) const;

  // Segments (segment.hpp, docs/adr/0013-segments.md). How many frames before its first
  // a segment reads as warm-up: the longest window of earlier pictures an extractor of
  // the engine needs. Throws std::invalid_argument naming an extractor whose state
  // reaches back to frame 0 (the runs of such an engine are not cut).
  unsigned segment_history() const;
  // Frames [first, end) of the run that run(ref, dis, limits) scores (end 0: up to the
  // end of the shorter file), reading from frame first - min(first, segment_history()).
  // Throws InputError when the files hold no frame at `first`.
  SegmentScores score_segment(const VideoFile& ref, const VideoFile& dis, unsigned first, unsigned end,
                              const RunLimits& limits = {}) const;
  // The whole run from its segments, given in any order, scored by an engine of the same
  // options: what run() returns for the same frames, value for value (fps, profile and
  // device counts aside). Throws std::invalid_argument when they overlap, leave frames
  // [0, n) uncovered, or differ in geometry or extractors.
  Result assemble(std::vector<SegmentScores> segments) const;

 private:
  struct Impl;
  friend struct EngineInternals;  // the library's own access to Impl (src/engine)
  explicit Engine(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace fastvmaf
