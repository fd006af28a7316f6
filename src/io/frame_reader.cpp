#include "io/frame_reader.hpp"

#include <algorithm>
#include <cstdint>

namespace fastvmaf::io {

FrameReader::FrameReader(VideoSource& source, unsigned skip, unsigned max_frames, unsigned ahead, PlaneSet planes)
    : source_(source),
      skip_(skip),
      max_frames_(max_frames),
      ahead_(std::max(1u, ahead)),
      planes_(planes),
      thread_([this] { run(); }) {}

FrameReader::~FrameReader() {
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  room_.notify_all();
  thread_.join();
}

std::shared_ptr<Picture> FrameReader::acquire() {
  std::unique_ptr<Picture> p;
  {
    std::lock_guard lock(pool_->mu);
    if (!pool_->free.empty()) {
      p = std::move(pool_->free.back());
      pool_->free.pop_back();
    }
  }
  const VideoGeometry& g = source_.geometry();
  if (!p) p = std::make_unique<Picture>(Picture::allocate(g.format, g.bpc, g.width, g.height));
  std::weak_ptr<Pool> weak = pool_;
  return std::shared_ptr<Picture>(p.release(), [weak](Picture* q) {
    if (auto pool = weak.lock()) {
      std::lock_guard lock(pool->mu);
      pool->free.emplace_back(q);
    } else {
      delete q;
    }
  });
}

void FrameReader::run() {
  std::exception_ptr error;
  try {
    // A file that can be mapped is not read: its frames are pictures over its pages.
    const bool mapped = source_.mappable();
    for (unsigned i = 0; !mapped && i < skip_ && source_.skip(); ++i) {
    }
    for (unsigned n = 0; max_frames_ == 0 || n < max_frames_; ++n) {
      {
        std::unique_lock lock(mu_);
        room_.wait(lock, [&] { return stop_ || frames_.size() < ahead_; });
        if (stop_) break;
      }
      std::shared_ptr<const Picture> pic;
      if (mapped) {
        if (static_cast<std::uint64_t>(skip_) + n >= source_.indexed_frames()) break;
        pic = source_.map_at(skip_ + n, planes_);
      } else {
        auto read = acquire();
        if (!source_.read(*read)) break;
        pic = std::move(read);
      }
      {
        std::lock_guard lock(mu_);
        frames_.push_back(std::move(pic));
      }
      ready_.notify_one();
    }
  } catch (...) {
    error = std::current_exception();
  }
  {
    std::lock_guard lock(mu_);
    ended_ = true;
    error_ = error;
  }
  ready_.notify_one();
}

FrameReader::Frame FrameReader::next() {
  std::unique_lock lock(mu_);
  ready_.wait(lock, [this] { return !frames_.empty() || ended_; });
  Frame f;
  if (!frames_.empty()) {
    f.state = Frame::State::Have;
    f.picture = std::move(frames_.front());
    frames_.pop_front();
    lock.unlock();
    room_.notify_one();
  } else if (error_) {
    f.state = Frame::State::Error;
    f.error = error_;
  }
  return f;
}

}  // namespace fastvmaf::io
