// Reads reference and distorted frames on a thread of its own, a bounded number
// ahead of the consumer, so reading overlaps computing. Pictures are recycled.
#pragma once

#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "fastvmaf/picture.hpp"
#include "io/video_source.hpp"

namespace fastvmaf::io {

struct FramePair {
  unsigned index = 0;
  std::shared_ptr<const Picture> ref;
  std::shared_ptr<const Picture> dis;
};

class PairReader {
 public:
  // Skips the first frames of each source, then reads up to max_frames pairs
  // (0: until either source ends). `ahead` bounds the pairs read but not yet taken.
  PairReader(VideoSource& ref, VideoSource& dis, unsigned skip_ref, unsigned skip_dis, unsigned max_frames,
             unsigned ahead);
  ~PairReader();
  PairReader(const PairReader&) = delete;
  PairReader& operator=(const PairReader&) = delete;

  // The next pair, or nullopt at the end. Rethrows a reading error.
  std::optional<FramePair> next();
  // After the end: a warning when one source ended before the other, else empty.
  const std::string& mismatch() const { return mismatch_; }

 private:
  void run();
  std::shared_ptr<Picture> acquire(const VideoGeometry& g);

  VideoSource& ref_;
  VideoSource& dis_;
  unsigned skip_ref_, skip_dis_, max_frames_, ahead_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<FramePair> ready_;
  bool done_ = false;
  bool stop_ = false;
  std::exception_ptr error_;
  std::string mismatch_;
  // Recycled pictures; a picture returns here when the last user drops it.
  struct Pool {
    std::mutex mu;
    std::vector<std::unique_ptr<Picture>> free;
  };
  std::shared_ptr<Pool> pool_ = std::make_shared<Pool>();
  std::thread thread_;
};

}  // namespace fastvmaf::io
