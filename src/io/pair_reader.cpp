#include "io/pair_reader.hpp"

#include <fmt/format.h>

namespace fastvmaf::io {

PairReader::PairReader(VideoSource& ref, VideoSource& dis, unsigned skip_ref, unsigned skip_dis,
                       unsigned max_frames, unsigned ahead, PairStorage* storage)
    : max_frames_(max_frames), ahead_(ahead ? ahead : 1), storage_(storage) {
  ref_.source = &ref;
  ref_.skip = skip_ref;
  dis_.source = &dis;
  dis_.skip = skip_dis;
  ref_.thread = std::thread([this] { run(ref_); });
  dis_.thread = std::thread([this] { run(dis_); });
}

PairReader::~PairReader() {
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  ref_.room.notify_all();
  dis_.room.notify_all();
  ref_.thread.join();
  dis_.thread.join();
}

std::shared_ptr<Picture> PairReader::acquire(Side& side) {
  std::unique_ptr<Picture> p;
  {
    std::lock_guard lock(side.pool->mu);
    if (!side.pool->free.empty()) {
      p = std::move(side.pool->free.back());
      side.pool->free.pop_back();
    }
  }
  const VideoGeometry& g = side.source->geometry();
  if (!p) p = std::make_unique<Picture>(Picture::allocate(g.format, g.bpc, g.width, g.height));
  std::weak_ptr<Pool> weak = side.pool;
  return std::shared_ptr<Picture>(p.release(), [weak](Picture* q) {
    if (auto pool = weak.lock()) {
      std::lock_guard lock(pool->mu);
      pool->free.emplace_back(q);
    } else {
      delete q;
    }
  });
}

std::shared_ptr<Picture> PairReader::from_storage(const Side& side, unsigned n) {
  const bool is_ref = &side == &ref_;
  std::lock_guard lock(pairs_mu_);
  auto& mine = is_ref ? waiting_ref_ : waiting_dis_;
  auto& theirs = is_ref ? waiting_dis_ : waiting_ref_;
  if (auto it = mine.find(n); it != mine.end()) {
    auto pic = std::move(it->second);
    mine.erase(it);
    return pic;
  }
  auto [ref, dis] = storage_->make_pair();
  theirs.emplace(n, is_ref ? std::move(dis) : std::move(ref));
  return is_ref ? std::move(ref) : std::move(dis);
}

void PairReader::run(Side& side) {
  try {
    for (unsigned i = 0; i < side.skip && side.source->skip(); ++i) {
    }
    for (unsigned n = 0; max_frames_ == 0 || n < max_frames_; ++n) {
      {
        std::unique_lock lock(mu_);
        side.waiting = true;
        side.room.wait(lock, [&] { return stop_ || side.ready.size() < ahead_; });
        side.waiting = false;
        if (stop_) break;
      }
      auto pic = storage_ ? from_storage(side, n) : acquire(side);
      if (!side.source->read(*pic)) break;
      bool wake = false;
      {
        std::lock_guard lock(mu_);
        side.ready.push_back(std::move(pic));
        wake = consumer_waiting_;
      }
      if (wake) pair_ready_.notify_one();
    }
  } catch (...) {
    std::lock_guard lock(mu_);
    side.error = std::current_exception();
  }
  {
    std::lock_guard lock(mu_);
    side.ended = true;
  }
  pair_ready_.notify_one();
}

std::optional<FramePair> PairReader::next() {
  std::unique_lock lock(mu_);
  // Wait until each side has a frame or has stopped.
  consumer_waiting_ = true;
  pair_ready_.wait(lock, [this] {
    return (!ref_.ready.empty() || ref_.ended) && (!dis_.ready.empty() || dis_.ended);
  });
  consumer_waiting_ = false;
  if (!ref_.ready.empty() && !dis_.ready.empty()) {
    FramePair p{taken_++, std::move(ref_.ready.front()), std::move(dis_.ready.front())};
    ref_.ready.pop_front();
    dis_.ready.pop_front();
    // A reader waits only when its queue is full: it has room now. (Waking it later, at
    // half, saved wake-ups but cost throughput where reading is the bottleneck.)
    const bool wake_ref = ref_.waiting;
    const bool wake_dis = dis_.waiting;
    lock.unlock();
    if (wake_ref) ref_.room.notify_one();
    if (wake_dis) dis_.room.notify_one();
    return p;
  }
  // At least one side stopped at frame `taken_`: an error there is the run's error.
  if (ref_.ready.empty() && ref_.error) std::rethrow_exception(ref_.error);
  if (dis_.ready.empty() && dis_.error) std::rethrow_exception(dis_.error);
  // Clean end of one file (or both): libvmaf scores the common frames and says which
  // file ended first.
  const bool ref_more = !ref_.ready.empty();
  const bool dis_more = !dis_.ready.empty();
  if (ref_more != dis_more) {
    const VideoSource& ended = ref_more ? *dis_.source : *ref_.source;
    const VideoSource& other = ref_more ? *ref_.source : *dis_.source;
    mismatch_ = fmt::format("\"{}\" ended before \"{}\"; scored the first {} frames", ended.path(), other.path(),
                            taken_);
  }
  return std::nullopt;
}

}  // namespace fastvmaf::io
