// fastvmaf — a scoring session over frames the caller pushes: a decoder loop, an
// encoder's reconstruction, a player, an FFmpeg filter. The engine (engine.hpp) says
// what to compute; a session computes it over one sequence of frame pairs.
//
//   fastvmaf::Engine engine(options);
//   fastvmaf::Session session(engine, {1920, 1080, fastvmaf::PixelFormat::YUV420, 10});
//   while (decode(ref, dis)) session.push(ref_view, dis_view);   // copied: reuse your buffers
//   fastvmaf::Result result = session.flush();
//
// Frames are copied once when pushed (into the device pipeline's pinned memory on a GPU
// run), so the caller's buffers may be reused as soon as push() returns. push() blocks
// while the engine has as many frames in flight as it keeps (a few per thread), so a fast
// producer is held back rather than buffered without bound.
//
// When a frame is final: its values are final once every extractor has computed that
// frame and no later frame can change them. Extractors that see frames one by one
// (CAMBI, PSNR, ADM, VIF, SpEED) make frame i final as soon as it is computed, frames in
// order. Motion derives motion2 and motion3 of every frame from its neighbours' SAD only
// when the video has ended (as libvmaf does: motion2 of the last frame is its own SAD),
// so a run that uses motion, every VMAF model included, has its frames final at flush().
// SessionOptions::on_frame receives each frame exactly once, in frame order, when it is
// final, with the models' scores of that frame.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "fastvmaf/engine.hpp"
#include "fastvmaf/picture.hpp"
#include "fastvmaf/result.hpp"

namespace fastvmaf {

// One plane in the caller's memory: uint8_t samples for 8-bit video, native-endian
// uint16_t in the low bits for 9 to 16 bits (ffmpeg's yuv420p10le, ...). `stride` is the
// distance between the starts of two rows in bytes: at least the row's bytes, or negative
// for a bottom-up image. Nothing is required of the memory past each row.
struct PlaneView {
  const void* data = nullptr;
  std::ptrdiff_t stride = 0;
};

// One picture: Y, Cb and Cr of the session's geometry. Chroma planes are ceil(width / 2)
// samples wide for 4:2:0 and 4:2:2, and ceil(height / 2) rows high for 4:2:0 (ffmpeg's
// layout); 4:4:4 chroma is the luma's size.
struct FrameView {
  PlaneView planes[3];
};

// One frame's values, when they are final.
struct FrameScores {
  unsigned index = 0;
  // Every feature value of the frame, in the order of Result::series: (collector key, value).
  std::vector<std::pair<std::string, double>> features;
  // Every model output of the frame (a bootstrap collection's too), in the models' order:
  // (name, score). Empty when the run does not predict, and on frames --subsample skips.
  std::vector<std::pair<std::string, double>> models;
};

struct SessionOptions {
  // Called once per frame, in frame order, as soon as the frame is final (see above), on
  // the thread that calls push() or flush(). An exception it throws leaves the session
  // unusable and propagates.
  std::function<void(const FrameScores&)> on_frame;
  // Called with the number of frames computed so far, on the same thread.
  std::function<void(unsigned)> progress;
};

class Session {
 public:
  // Opens the session: initialises every extractor for `geometry` (bit depth 8 to 16,
  // sizes up to 16384) and, on a GPU run, the device pipeline. Throws
  // std::invalid_argument for a geometry an extractor cannot score, DeviceError for a
  // device failure. The engine must outlive the session; one engine may serve several
  // sessions, one after another or at once.
  Session(const Engine& engine, const VideoGeometry& geometry, SessionOptions options = {});
  ~Session();
  Session(Session&&) noexcept;
  Session& operator=(Session&&) noexcept;
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  const VideoGeometry& geometry() const;

  // Frame `frames()`: the reference and distorted pictures, copied before it returns.
  // Throws std::invalid_argument for a missing plane or a stride smaller than its row,
  // InputError for a sample above the bit depth (naming the plane, row and column), and
  // what an extractor throws for an earlier frame. After an exception the session
  // accepts no more frames.
  void push(const FrameView& ref, const FrameView& dis);
  // The same for pictures already in the device memory of the session's GPU backend
  // (DeviceFrameView: a decoder's surfaces, libvmaf's CUDA API pictures): copied on the
  // device, no sample through the host. `keep` is released once the frame is scored; the
  // memory must stay as it is until then. The caller's own writes to the pictures must be
  // enqueued on the context's legacy default stream (as cudaMemcpy2D and FFmpeg's
  // cuMemcpy2D do) or be finished. Only on a CUDA or HIP session whose extractors are all
  // twins (std::invalid_argument otherwise). Samples are not checked against the bit depth
  // on the device: a picture from a decoder of that depth holds none above it.
  void push_device(const DeviceFrameView& ref, const DeviceFrameView& dis, std::shared_ptr<void> keep);
  // Whether the session's device work reads the chroma planes (speed_chroma of the v1
  // models, PSNR's chroma, ...): pictures pushed with push_device then need all three
  // planes filled, not the luma alone. False on a CPU session.
  bool device_reads_chroma() const;
  // Frames pushed so far.
  unsigned frames() const;
  // Why each extractor asked for as a feature only (EngineOptions::features, which no
  // model reads) was left out of the session: its init() refused the geometry while
  // other extractors run (docs/adr/0009-refused-extractors.md). Empty when none was.
  const std::vector<std::string>& left_out() const;

  // No frame follows: waits for every frame, flushes the extractors, predicts the models
  // and returns the whole run's result (what Engine::run returns for the same frames).
  // Throws std::invalid_argument when no frame was pushed. The session is done after it.
  Result flush();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace fastvmaf
