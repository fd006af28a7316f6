#include "engine/segment_dispatcher.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace fastvmaf {

namespace {
// While another worker has not measured its rate, a measured one's pieces last about this
// long at its rate (at least its `min` frames).
constexpr double kWhileUnmeasuredS = 0.1;
}  // namespace

SegmentDispatcher::SegmentDispatcher(unsigned frames, unsigned fixed) : frames_(frames), fixed_(fixed) {}

unsigned SegmentDispatcher::add_worker(std::string name, unsigned first, unsigned min) {
  std::lock_guard lock(mu_);
  Worker w;
  w.name = std::move(name);
  w.min = std::max(1u, min);
  w.first = std::max(1u, first);
  workers_.push_back(std::move(w));
  return static_cast<unsigned>(workers_.size() - 1);
}

// The size of the next new piece for `me` (0: none), under mu_.
unsigned SegmentDispatcher::size_for(const Worker& me) const {
  const unsigned remaining = frames_ - next_;
  if (remaining == 0) return 0;
  if (fixed_ > 0) return std::min(fixed_, remaining);
  // The rates of the workers still taking pieces; one that has not measured yet counts as
  // the mean of those that have.
  double known = 0, others_in_hand = 0;
  unsigned known_n = 0, unknown_n = 0, active = 0;
  for (const auto& w : workers_) {
    if (w.retired) continue;
    ++active;
    if (&w != &me && w.rate() > 0) others_in_hand += w.in_hand;
    if (w.rate() > 0) {
      known += w.rate();
      ++known_n;
    } else {
      ++unknown_n;
    }
  }
  // Alone once measured: the rest at once (no drain more than needed).
  if (active <= 1 && me.rate() > 0) return remaining;
  // Nobody has measured yet: a first piece, at most an equal share of what is left.
  if (known_n == 0) return std::min(me.first, std::max(1u, remaining / active));
  const double mean = known / known_n;
  const double total = known + unknown_n * mean;
  const double r = me.rate() > 0 ? me.rate() : mean;
  double chunk;
  if (me.rate() > 0) {
    chunk = std::max<double>(std::ceil(remaining * (r / total) / 2), me.min);
    // A worker still starting (a device initialising) may be far faster than the mean it
    // counts as: until it has measured, a measured worker takes what it scores in a short
    // while, so it holds little of the run when the faster one comes.
    if (unknown_n > 0) chunk = std::min(chunk, std::max<double>(me.min, std::ceil(r * kWhileUnmeasuredS)));
  } else {
    chunk = me.first;  // not measured yet
  }
  // Everyone measured finishing together ends at T: r * T is my part of what is left and of
  // what they hold. A piece that would end after that is cut to what I can do by then, or
  // not taken at all. Only workers that have measured count: one that has not may never
  // come (a device still starting, or none there), and must not be left the tail.
  const double others = known - (me.rate() > 0 ? me.rate() : 0.0);
  if (others > 0) {
    const double fair = r * (remaining + others_in_hand) / (others + r);
    if (chunk > fair + 0.5) chunk = std::floor(fair);
    // Not measured yet: a quarter of that, so a worker much slower than the mean it was
    // taken for holds the end up by a quarter of its share at most.
    if (me.rate() <= 0) chunk = std::max(1.0, std::min(chunk, std::floor(fair / 4)));
  } else if (me.rate() <= 0) {
    chunk = std::min<double>(chunk, std::max(1u, remaining / active));
  }
  if (chunk < 1) return 0;
  return std::min(static_cast<unsigned>(chunk), remaining);
}

void SegmentDispatcher::take(Worker& me, const SegmentRange& s) {
  me.in_hand = s.size();
  me.piece_first = me.claimed = s.first;
  me.piece_end = s.end;
}

// Every frame is handed out: the end of the piece another worker holds and has not begun,
// cut where both would finish together (under mu_).
std::optional<SegmentRange> SegmentDispatcher::take_tail(Worker& me) {
  if (fixed_ > 0 || me.rate() <= 0) return std::nullopt;
  Worker* holder = nullptr;
  unsigned left = 0;
  for (auto& o : workers_) {
    if (&o == &me || o.piece_end == 0 || o.rate() <= 0) continue;
    const unsigned at = std::max(o.claimed, o.piece_first);
    const unsigned n = o.piece_end > at ? o.piece_end - at : 0;
    if (n > left) {
      holder = &o;
      left = n;
    }
  }
  if (!holder) return std::nullopt;
  // Worth cutting when the holder would need longer for what it has left than I need for
  // my smallest piece (its fixed costs: warm-up, drain); then the holder keeps what it
  // scores while I score the rest.
  const double mine = me.rate(), theirs = holder->rate();
  if (left / theirs <= me.min / mine) return std::nullopt;
  const auto keep = static_cast<unsigned>(std::ceil(left * theirs / (theirs + mine)));
  const unsigned taken = left - std::min(left, keep);
  if (taken == 0) return std::nullopt;
  const SegmentRange s{holder->piece_end - taken, holder->piece_end};
  holder->piece_end = s.first;
  holder->in_hand = holder->piece_end - holder->piece_first;
  take(me, s);
  return s;
}

bool SegmentDispatcher::claim(unsigned w, unsigned frame) {
  std::lock_guard lock(mu_);
  Worker& me = workers_.at(w);
  if (frame >= me.piece_end) return false;
  me.claimed = std::max(me.claimed, frame + 1);
  return true;
}

std::optional<SegmentRange> SegmentDispatcher::next(unsigned w) {
  std::lock_guard lock(mu_);
  {
    // A worker that stopped for want of a piece takes pieces again when one was handed back,
    // or when nobody else is left to take what remains.
    Worker& me = workers_.at(w);
    bool others = false;
    for (const auto& o : workers_) others = others || (&o != &me && !o.retired);
    if (me.retired && !me.failed && (!returned_.empty() || (!others && next_ < frames_))) me.retired = false;
  }
  Worker& me = workers_.at(w);
  if (cancelled_ || me.retired) return std::nullopt;
  if (!returned_.empty()) {
    SegmentRange s = returned_.back();
    returned_.pop_back();
    take(me, s);
    return s;
  }
  const unsigned n = size_for(me);
  if (n == 0) {
    if (next_ == frames_)
      if (auto tail = take_tail(me)) return tail;
    // Nothing for it: it stops, and the others share what is left.
    me.retired = true;
    return std::nullopt;
  }
  SegmentRange s{next_, next_ + n};
  next_ += n;
  take(me, s);
  return s;
}

void SegmentDispatcher::done(unsigned w, const SegmentRange& s, double seconds, double first_final_s) {
  std::lock_guard lock(mu_);
  Worker& me = workers_.at(w);
  unsigned frames = s.size();
  // A pipeline's first piece: its first frame waited for the worker's one-time start (H100,
  // 4K: a first piece of 15 frames took ~0.2 s, later pieces of 32 frames 0.06-0.08 s); the
  // frames after it come at the worker's rate. Later pieces keep their fill and drain: each
  // piece pays them again.
  if (me.scored == 0 && first_final_s >= 0 && frames >= 2 && seconds > first_final_s) {
    frames -= 1;
    seconds -= first_final_s;
  }
  me.scored += s.size();
  // The rate weighs recent pieces most (each earlier piece at half the weight of the one
  // after it): a worker's speed changes during a run (the CPU's first piece starts its
  // threads; it gives a pipeline its reserve of threads once a device runs).
  me.rate_frames = me.rate_frames / 2 + frames;
  me.rate_s = me.rate_s / 2 + std::max(seconds, 1e-9);
  me.in_hand = 0;
  me.piece_end = 0;
}

void SegmentDispatcher::give_back(unsigned w, const SegmentRange& s) {
  std::lock_guard lock(mu_);
  Worker& me = workers_.at(w);
  // What is left of the piece: its end may have been taken by another worker.
  SegmentRange r = s;
  if (me.piece_end > r.first && me.piece_end < r.end) r.end = me.piece_end;
  me.in_hand = 0;
  me.piece_end = 0;
  me.retired = me.failed = true;
  returned_.push_back(r);
  // Workers that stopped for want of a piece take pieces again: this one needs a taker.
  for (auto& o : workers_)
    if (!o.failed) o.retired = false;
}

void SegmentDispatcher::retire(unsigned w) {
  std::lock_guard lock(mu_);
  workers_.at(w).retired = workers_.at(w).failed = true;
  workers_.at(w).in_hand = 0;
  workers_.at(w).piece_end = 0;
}

void SegmentDispatcher::cancel() {
  std::lock_guard lock(mu_);
  cancelled_ = true;
}

unsigned SegmentDispatcher::frames_of(unsigned w) const {
  std::lock_guard lock(mu_);
  return workers_.at(w).scored;
}

std::string SegmentDispatcher::name_of(unsigned w) const {
  std::lock_guard lock(mu_);
  return workers_.at(w).name;
}

void SegmentDispatcher::rename(unsigned w, std::string name) {
  std::lock_guard lock(mu_);
  workers_.at(w).name = std::move(name);
}

unsigned SegmentDispatcher::workers() const {
  std::lock_guard lock(mu_);
  return static_cast<unsigned>(workers_.size());
}

bool SegmentDispatcher::handed_out() const {
  std::lock_guard lock(mu_);
  return next_ == frames_ && returned_.empty();
}

unsigned SegmentDispatcher::frames_left() const {
  std::lock_guard lock(mu_);
  return frames_ - next_;
}

double SegmentDispatcher::seconds_left(unsigned w) const {
  std::lock_guard lock(mu_);
  const double r = workers_.at(w).rate();
  return r > 0 ? (frames_ - next_) / r : -1.0;
}

}  // namespace fastvmaf
