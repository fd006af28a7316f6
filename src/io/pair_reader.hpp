// Reads reference and distorted frames on threads of their own, a bounded number ahead
// of the consumer, so reading overlaps computing and the two files are read at once.
// A file read in order has one thread; an indexed file (VideoSource::indexed(): frames
// at fixed offsets) may have several, each reading whole frames with pread, so reading
// keeps up with a GPU at 4K. Without PairStorage (a CPU run), a file that can be mapped
// (VideoSource::mappable) is not read at all: its frames are pictures over its pages
// (map_at), one thread per file faulting them in ahead. Frames are handed out in order
// whatever order they were read in. Pictures are recycled. A source decoded by the GPU (VideoSource::on_device)
// gives pictures in device memory: the pairs then carry them (FramePair::device), beside
// the other side's host picture when only one source is on the device.
#pragma once

#include <condition_variable>
#include <exception>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/frame_pair.hpp"
#include "core/pair_storage.hpp"
#include "core/plane_set.hpp"
#include "fastvmaf/picture.hpp"
#include "io/video_source.hpp"

namespace fastvmaf::io {

class PairReader {
 public:
  // How the pairs are read.
  struct Settings {
    unsigned ahead = 1;  // bounds the frames read but not yet taken (0 counts as 1)
    // With it, each pair's pictures come from it (both sides of frame n from one
    // make_pair); without, each picture is its own recycled allocation.
    PairStorage* storage = nullptr;
    unsigned readers = 1;  // threads per indexed file (1: every file is read by one thread)
    // An indexed file is read with read_at even by one thread, leaving the source's own
    // position alone, so several readers may read one source at once (the workers of a
    // hybrid run, each its own segments).
    bool random_access = false;
    // What the consumer reads of each side: a mapped file's frames are still checked
    // whole, but the pages of the planes not read are not kept in memory
    // (VideoSource::map_at): CAMBI alone reads the distorted luma.
    PlanesRead planes;
  };
  // Skips the first frames of each source, then reads up to max_frames pairs
  // (0: until either source ends).
  PairReader(VideoSource& ref, VideoSource& dis, unsigned skip_ref, unsigned skip_dis, unsigned max_frames,
             const Settings& settings);
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
  static constexpr unsigned kNone = std::numeric_limits<unsigned>::max();
  // One side's frame: a host picture, or a picture in device memory (a source decoded by
  // the GPU, VideoSource::on_device) and what keeps it.
  struct Frame {
    std::shared_ptr<const Picture> pic;
    DeviceFrameView device;
    std::shared_ptr<void> keep;
  };
  // Recycled pictures; a picture returns here when its last user drops it.
  struct Pool {
    std::mutex mu;
    std::vector<std::unique_ptr<Picture>> free;
  };
  // One file: its reading threads and the frames they have read (by pair index).
  struct Side {
    VideoSource* source = nullptr;
    unsigned skip = 0;
    PlaneSet planes = kAllPlanes;  // the planes of its pictures anything reads
    // How its frames are found: read in order by one thread (read and skip), by index
    // with read_at by one or several threads, or by index as pictures over the mapped file
    // (map_at) by one thread.
    enum class Access { InOrder, ByIndex, Mapped } access = Access::InOrder;
    unsigned end = kNone;      // by index or mapped: the pairs this file holds (after the skip)
    unsigned next = 0;         // the next pair index a thread takes
    std::map<unsigned, Frame> ready;
    bool ended = false;        // every thread has stopped
    unsigned error_at = kNone; // the first pair index whose reading failed
    std::exception_ptr error;
    unsigned running = 0;      // threads not yet stopped
    unsigned waiting = 0;      // threads waiting for room
    std::shared_ptr<Pool> pool = std::make_shared<Pool>();
    std::condition_variable room;  // signalled when the consumer takes a pair
    std::vector<std::thread> threads;
  };
  enum class State { Pending, Have, End, Error };

  void run(Side& side);
  void read_one(Side& side, unsigned n, std::shared_ptr<Picture>& pic);
  State state(const Side& side) const;  // of pair taken_; under mu_
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
