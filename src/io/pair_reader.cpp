#include "io/pair_reader.hpp"

#include <algorithm>
#include <tuple>
#include <utility>

#include <fmt/format.h>

namespace fastvmaf::io {

PairReader::PairReader(VideoSource& ref, VideoSource& dis, unsigned skip_ref, unsigned skip_dis,
                       unsigned max_frames, const Settings& settings)
    : max_frames_(max_frames), ahead_(settings.ahead ? settings.ahead : 1), storage_(settings.storage) {
  const unsigned readers = settings.readers;
  ref_.planes = settings.planes.ref;
  dis_.planes = settings.planes.dis;
  // Storage gives both sides of a frame at once; a side on the device takes none.
  if (ref.on_device() || dis.on_device()) storage_ = nullptr;
  for (auto [side, source, skip] : {std::tuple{&ref_, &ref, skip_ref}, std::tuple{&dis_, &dis, skip_dis}}) {
    side->source = source;
    side->skip = skip;
    // Without storage (a CPU run), a file that can be mapped is: its frames are pictures
    // over the file's pages, found by index by one thread, where reading copies them.
    if (!storage_ && !source->on_device() && source->mappable())
      side->access = Side::Access::Mapped;
    else if ((readers > 1 || settings.random_access) && source->indexed())
      side->access = Side::Access::ByIndex;
    if (side->access != Side::Access::InOrder) {
      const unsigned count = source->indexed_frames();
      side->end = count > skip ? count - skip : 0;
      if (max_frames_) side->end = std::min(side->end, max_frames_);
    }
  }
  for (Side* side : {&ref_, &dis_}) {
    const unsigned n = side->access == Side::Access::ByIndex ? std::max(1u, std::min(readers, ahead_)) : 1u;
    side->running = n;
    for (unsigned i = 0; i < n; ++i) side->threads.emplace_back([this, side] { run(*side); });
  }
}

PairReader::~PairReader() {
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  for (Side* side : {&ref_, &dis_}) {
    side->room.notify_all();
    for (auto& t : side->threads) t.join();
  }
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

void PairReader::read_one(Side& side, unsigned n, std::shared_ptr<Picture>& pic) {
  pic = storage_ ? from_storage(side, n) : acquire(side);
  side.source->read_at(side.skip + n, *pic);
}

// One reading thread of `side`. In order: skip, then read() frame after frame. Indexed:
// take the next pair index and read_at it, as the other threads of the side do.
void PairReader::run(Side& side) {
  bool in_order_started = false;
  for (;;) {
    unsigned n = 0;
    {
      std::unique_lock lock(mu_);
      ++side.waiting;
      side.room.wait(lock, [&] {
        return stop_ || side.error || side.next >= side.end || side.next < taken_ + ahead_;
      });
      --side.waiting;
      if (stop_ || side.error || side.next >= side.end) break;
      n = side.next++;
    }
    Frame frame;
    try {
      if (side.access == Side::Access::Mapped) {
        frame.pic = side.source->map_at(side.skip + n, side.planes);
      } else if (side.access == Side::Access::ByIndex) {
        std::shared_ptr<Picture> pic;
        read_one(side, n, pic);
        frame.pic = std::move(pic);
      } else {
        if (!in_order_started) {
          for (unsigned i = 0; i < side.skip && side.source->skip(); ++i) {
          }
          in_order_started = true;
        }
        if (max_frames_ && n >= max_frames_) break;
        if (side.source->on_device()) {
          if (!side.source->read_device(frame.device, frame.keep)) break;
        } else {
          std::shared_ptr<Picture> pic = storage_ ? from_storage(side, n) : acquire(side);
          if (!side.source->read(*pic)) break;
          frame.pic = std::move(pic);
        }
      }
    } catch (...) {
      std::lock_guard lock(mu_);
      if (n < side.error_at) {
        side.error_at = n;
        side.error = std::current_exception();
      }
      break;
    }
    bool wake = false;
    {
      std::lock_guard lock(mu_);
      side.ready.emplace(n, std::move(frame));
      wake = consumer_waiting_ && n == taken_;
    }
    if (wake) pair_ready_.notify_one();
  }
  {
    std::lock_guard lock(mu_);
    if (--side.running == 0) side.ended = true;
  }
  pair_ready_.notify_one();
  side.room.notify_all();  // the side's other threads stop too, after an error
}

PairReader::State PairReader::state(const Side& side) const {
  if (side.ready.count(taken_)) return State::Have;
  if (side.error && side.error_at == taken_) return State::Error;
  if (side.access != Side::Access::InOrder ? taken_ >= side.end : side.ended) return State::End;
  // Every thread stopped short of taken_ without an error there: only when stopping.
  if (side.ended) return State::End;
  return State::Pending;
}

std::optional<FramePair> PairReader::next() {
  std::unique_lock lock(mu_);
  // Wait until each side has frame taken_ or cannot have it.
  consumer_waiting_ = true;
  pair_ready_.wait(lock, [this] { return state(ref_) != State::Pending && state(dis_) != State::Pending; });
  consumer_waiting_ = false;
  const State r = state(ref_), d = state(dis_);
  if (r == State::Have && d == State::Have) {
    Frame& a = ref_.ready[taken_];
    Frame& b = dis_.ready[taken_];
    FramePair p{taken_, std::move(a.pic), std::move(b.pic), nullptr};
    if (a.keep || b.keep) {
      // A side with no device picture (no planes) is its host picture (FramePair::OnDevice).
      std::shared_ptr<void> keep = !a.keep ? std::move(b.keep)
                                   : !b.keep ? std::move(a.keep)
                                             : std::make_shared<std::pair<std::shared_ptr<void>, std::shared_ptr<void>>>(
                                                   std::move(a.keep), std::move(b.keep));
      p.device = std::make_shared<const FramePair::OnDevice>(FramePair::OnDevice{a.device, b.device, std::move(keep)});
    }
    ref_.ready.erase(taken_);
    dis_.ready.erase(taken_);
    ++taken_;
    // A reader waits only when it is too far ahead: it may have room now.
    const bool wake_ref = ref_.waiting > 0, wake_dis = dis_.waiting > 0;
    lock.unlock();
    if (wake_ref) ref_.room.notify_all();
    if (wake_dis) dis_.room.notify_all();
    return p;
  }
  // At least one side stopped at frame `taken_`: an error there is the run's error.
  if (r == State::Error) std::rethrow_exception(ref_.error);
  if (d == State::Error) std::rethrow_exception(dis_.error);
  // Clean end of one file (or both): libvmaf scores the common frames and says which
  // file ended first.
  const bool ref_more = r == State::Have;
  const bool dis_more = d == State::Have;
  if (ref_more != dis_more) {
    const VideoSource& ended = ref_more ? *dis_.source : *ref_.source;
    const VideoSource& other = ref_more ? *ref_.source : *dis_.source;
    mismatch_ = fmt::format("\"{}\" ended before \"{}\"; scored the first {} frames", ended.path(), other.path(),
                            taken_);
  }
  return std::nullopt;
}

}  // namespace fastvmaf::io
