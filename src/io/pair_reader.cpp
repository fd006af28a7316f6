#include "io/pair_reader.hpp"

#include <fmt/format.h>

namespace fastvmaf::io {

PairReader::PairReader(VideoSource& ref, VideoSource& dis, unsigned skip_ref, unsigned skip_dis,
                       unsigned max_frames, unsigned ahead)
    : ref_(ref), dis_(dis), skip_ref_(skip_ref), skip_dis_(skip_dis), max_frames_(max_frames),
      ahead_(ahead ? ahead : 1) {
  thread_ = std::thread([this] { run(); });
}

PairReader::~PairReader() {
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

std::shared_ptr<Picture> PairReader::acquire(const VideoGeometry& g) {
  std::unique_ptr<Picture> p;
  {
    std::lock_guard lock(pool_->mu);
    if (!pool_->free.empty()) {
      p = std::move(pool_->free.back());
      pool_->free.pop_back();
    }
  }
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

void PairReader::run() {
  try {
    for (unsigned i = 0; i < skip_ref_ && ref_.skip(); ++i) {
    }
    for (unsigned i = 0; i < skip_dis_ && dis_.skip(); ++i) {
    }
    for (unsigned index = 0; max_frames_ == 0 || index < max_frames_; ++index) {
      {
        std::unique_lock lock(mu_);
        cv_.wait(lock, [this] { return stop_ || ready_.size() < ahead_; });
        if (stop_) break;
      }
      auto r = acquire(ref_.geometry());
      auto d = acquire(dis_.geometry());
      const bool got_r = ref_.read(*r);
      const bool got_d = dis_.read(*d);
      if (!got_r || !got_d) {
        // libvmaf scores the common frames and says which file ended first.
        if (got_r != got_d) {
          const auto& ended = got_r ? dis_ : ref_;
          const auto& other = got_r ? ref_ : dis_;
          mismatch_ = fmt::format("\"{}\" ended before \"{}\"; scored the first {} frames", ended.path(),
                                  other.path(), index);
        }
        break;
      }
      {
        std::lock_guard lock(mu_);
        ready_.push_back(FramePair{index, std::move(r), std::move(d)});
      }
      cv_.notify_all();
    }
  } catch (...) {
    std::lock_guard lock(mu_);
    error_ = std::current_exception();
  }
  {
    std::lock_guard lock(mu_);
    done_ = true;
  }
  cv_.notify_all();
}

std::optional<FramePair> PairReader::next() {
  std::unique_lock lock(mu_);
  cv_.wait(lock, [this] { return !ready_.empty() || done_; });
  if (!ready_.empty()) {
    FramePair p = std::move(ready_.front());
    ready_.pop_front();
    lock.unlock();
    cv_.notify_all();
    return p;
  }
  if (error_) std::rethrow_exception(error_);
  return std::nullopt;
}

}  // namespace fastvmaf::io
