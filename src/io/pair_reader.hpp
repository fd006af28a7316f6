// Reads reference and distorted frames on two threads of their own (one per file), a
// bounded number ahead of the consumer, so reading overlaps computing and the two
// files are read at once. Pictures are recycled.
#pragma once

#include <condition_variable>
#include <deque>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/frame_pair.hpp"
#include "core/pair_storage.hpp"
#include "fastvmaf/picture.hpp"
#include "io/video_source.hpp"

namespace fastvmaf::io {

class PairReader {
 public:
  // Skips the first frames of each source, then reads up to max_frames pairs
  // (0: until either source ends). `ahead` bounds the frames read but not yet taken.
  // With `storage`, each pair's pictures come from it (both sides of frame n from one
  // make_pair); without, each picture is its own recycled allocation.
  PairReader(VideoSource& ref, VideoSource& dis, unsigned skip_ref, unsigned skip_dis, unsigned max_frames,
             unsigned ahead, PairStorage* storage = nullptr);
  ~PairReader();
  PairReader(const PairReader&) = delete;
  PairReader& operator=(const PairReader&) = delete;

  // The next pair, or nullopt at the end of the shorter source. Rethrows a reading
  // error of a frame within the common length (like libvmaf, frames past the end of
  // the shorter file are never scored, so their errors do not matter).
  std::optional<FramePair> next();
  // After the end: a warning when one source ended before the other, else empty.
  const std::string& mismatch() const { return mismatch_; }

 private:
  // Recycled pictures; a picture returns here when its last user drops it.
  struct Pool {
    std::mutex mu;
    std::vector<std::unique_ptr<Picture>> free;
  };
  // One file's reading thread and the frames it has read.
  struct Side {
    VideoSource* source = nullptr;
    unsigned skip = 0;
    std::deque<std::shared_ptr<const Picture>> ready;
    bool ended = false;        // clean end of file (or max_frames reached)
    std::exception_ptr error;  // the frame after those in `ready` failed
    std::shared_ptr<Pool> pool = std::make_shared<Pool>();
    bool waiting = false;              // the thread waits for room in `ready`
    std::condition_variable room;      // signalled when `ready` has room again
    std::thread thread;
  };

  void run(Side& side);
  static std::shared_ptr<Picture> acquire(Side& side);
  // Side `side`'s picture of frame n from the storage's pair for n (made by whichever side
  // gets there first).
  std::shared_ptr<Picture> from_storage(const Side& side, unsigned n);

  unsigned max_frames_, ahead_;
  unsigned taken_ = 0;
  // One mutex; a condition variable per waiter, signalled only when that waiter can go
  // on: with small frames a wake-up per frame and per thread costs more than the work.
  std::mutex mu_;
  std::condition_variable pair_ready_;  // the consumer's
  bool consumer_waiting_ = false;
  bool stop_ = false;
  Side ref_, dis_;
  std::string mismatch_;
  PairStorage* storage_ = nullptr;
  // Pairs made for frame n whose other side has not been read yet (guarded by pairs_mu_).
  std::mutex pairs_mu_;
  std::map<unsigned, std::shared_ptr<Picture>> waiting_ref_, waiting_dis_;
};

}  // namespace fastvmaf::io
