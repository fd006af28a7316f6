// The device strand: drives every GPU twin of a run through the frame pipeline, frame
// after frame, on the engine's thread pool (../shared/DESIGN.md, "The extractor contract").
//
// Per frame with device work: the pipeline's one upload, every twin's enqueue on the shared
// device frame with its slot of the results block, the one download of the block; later
// the one host wait and every twin's finish from its slot. Up to the pipeline's depth of
// frames are in flight: the strand finishes the oldest frame when the ring is full, when a
// frame's results are already back, or when it has nothing else to do (so a caller that
// waits for a frame is never left waiting for one that no later frame would push out).
//
// Not thread-safe by itself except push() and drain(); the scheduler owns it.
#pragma once

#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/backend.hpp"
#include "core/extractor.hpp"
#include "core/frame_pair.hpp"
#include "core/pair_storage.hpp"
#include "engine/thread_pool.hpp"
#include "fastvmaf/result.hpp"

namespace fastvmaf {

namespace gpu {
class FramePipeline;
class Twin;
}  // namespace gpu

class DeviceStrand {
 public:
  // One frame's device work; the scheduler's frame owns it until `done` is called.
  struct Frame {
    void* context = nullptr;  // the caller's, for `done`
    unsigned index = 0;
    const Picture* ref = nullptr;
    const Picture* dis = nullptr;
    const FramePair::OnDevice* on_device = nullptr;  // instead of ref and dis (or beside one)
    std::vector<unsigned> twins;      // the strand's twins that run on this frame
    std::vector<FeatureSink*> sinks;  // each one's sink, in the same order
    std::vector<unsigned> instances;  // the strand's: which instance of each twin took it
    DeviceCounts counts;              // this frame's device work
  };
  // Called once per pushed frame, after its twins finished (error empty) or failed.
  using Done = std::function<void(Frame&, std::exception_ptr)>;

  // `twins` are initialised, each as one or more instances (gpu::Twin::frames_side_by_side):
  // frames go to a twin's instances in turn, which share its slot of the results block.
  // The strand opens the backend's pipeline for their planes and results slots. Throws
  // when the build has no such backend.
  DeviceStrand(Backend backend, std::vector<std::vector<gpu::Twin*>> twins, const VideoGeometry& geometry, ThreadPool& pool,
               Done done);
  ~DeviceStrand();
  DeviceStrand(const DeviceStrand&) = delete;
  DeviceStrand& operator=(const DeviceStrand&) = delete;

  // Frames in frame order, from one thread.
  void push(Frame* frame);
  // No frame follows: makes sure every frame in flight gets finished.
  void drain();

  Backend backend() const { return backend_; }
  // Whether the twins read a chroma plane (of either picture).
  bool reads_chroma() const;
  // Frames the pipeline keeps in flight.
  unsigned depth() const;
  // Pinned slabs for the readers (pictures laid out as the device frame).
  PairStorage& pair_storage();
  DeviceStats stats() const;

 private:
  void run();
  void step(Frame& f);
  void finish_oldest();
  void fail_all(Frame* also, std::exception_ptr error);
  void count(const Frame& f);

  Backend backend_;
  std::vector<std::vector<gpu::Twin*>> twins_;  // each twin's instances
  std::vector<std::vector<unsigned>> lanes_;    // each instance's compute lane
  std::vector<unsigned> next_;                  // each twin's instance for the next frame
  std::vector<std::size_t> offsets_;            // each twin's slot in the results block
  std::unique_ptr<gpu::FramePipeline> pipeline_;
  ThreadPool& pool_;
  Done done_;

  mutable std::mutex mu_;
  std::deque<Frame*> queue_;  // pushed, not yet enqueued (guarded by mu_)
  bool running_ = false;      // a pool task drains the queue (guarded by mu_)
  // Touched by the strand's task only.
  std::deque<Frame*> in_flight_;  // enqueued, not yet finished, oldest first
  std::exception_ptr broken_;
  // Per-frame counts of the frames finished (guarded by mu_).
  unsigned frames_ = 0;
  DeviceCounts total_, min_, max_;
  // Host seconds by stage (touched by the strand's task; read after it stopped).
  double upload_s_ = 0, enqueue_s_ = 0, wait_s_ = 0, finish_s_ = 0;
};

}  // namespace fastvmaf
