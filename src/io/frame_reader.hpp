// Reads one video source in order on a thread of its own, a bounded number of frames
// ahead of the consumer: the reader of an encoding ladder (engine/ladder_run.hpp), where
// the reference's frames are read once and handed to every encode's run, and each
// encode's distorted file has a reader of its own. Pictures are recycled once their last
// user drops them (every run holding a shared reference picture). A file that can be
// mapped (VideoSource::mappable) gives pictures over its pages instead (map_at).
//
// A pair's two sides are read by io::PairReader; this is one side of it, with the same
// rules: skip, then up to max_frames frames; a reading error is handed out at the frame
// where it happened, so the consumer decides, as PairReader does, whether it is within
// the common length of a pair.
#pragma once

#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "core/plane_set.hpp"
#include "fastvmaf/picture.hpp"
#include "io/video_source.hpp"

namespace fastvmaf::io {

class FrameReader {
 public:
  // What next() found at the consumer's frame: a picture, the clean end of the source
  // (or of max_frames), or the error reading it.
  struct Frame {
    enum class State { Have, End, Error } state = State::End;
    std::shared_ptr<const Picture> picture;  // Have
    std::exception_ptr error;                // Error
  };

  // Skips the first `skip` frames, then reads up to max_frames (0: to the end), at most
  // `ahead` (at least 1) frames ahead of next(). `planes`: those the consumer reads; a
  // mapped file's other planes are not kept in memory (VideoSource::map_at).
  FrameReader(VideoSource& source, unsigned skip, unsigned max_frames, unsigned ahead, PlaneSet planes = kAllPlanes);
  ~FrameReader();  // stops the thread (frames not taken are dropped)
  FrameReader(const FrameReader&) = delete;
  FrameReader& operator=(const FrameReader&) = delete;

  // The next frame, waiting for it. After End or Error, every call returns the same.
  Frame next();
  const VideoSource& source() const { return source_; }

 private:
  struct Pool {
    std::mutex mu;
    std::vector<std::unique_ptr<Picture>> free;
  };
  void run();
  std::shared_ptr<Picture> acquire();

  VideoSource& source_;
  unsigned skip_, max_frames_, ahead_;
  PlaneSet planes_;
  std::mutex mu_;
  std::condition_variable ready_, room_;
  std::deque<std::shared_ptr<const Picture>> frames_;  // read, not yet taken
  bool ended_ = false;                                  // the thread read its last frame
  std::exception_ptr error_;                            // after frames_, when set
  bool stop_ = false;
  std::shared_ptr<Pool> pool_ = std::make_shared<Pool>();
  std::thread thread_;  // last: started once the rest is set up
};

}  // namespace fastvmaf::io
