// The SegmentDispatcher of hybrid and multi-GPU runs (engine/segment_dispatcher.hpp): every
// frame handed out once, in order, in pieces that follow the workers' measured rates, that
// shrink towards the end, and that a failing worker hands back to the others.
#include "engine/segment_dispatcher.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace fastvmaf {
namespace {

// Simulates workers of the given rates (frames per second) taking pieces until none is
// left: every frame is handed out once and in order; returns the frames each scored and,
// through `end_s`, when the last one finished.
std::vector<unsigned> simulate(SegmentDispatcher& d, const std::vector<double>& rates,
                               const std::vector<unsigned>& ids, double* end_s = nullptr) {
  const std::size_t n = ids.size();
  std::vector<double> free_at(n, 0.0);
  std::vector<bool> done(n, false);
  std::vector<unsigned> frames(n, 0);
  std::vector<bool> covered(d.frames(), false);
  for (;;) {
    // The worker free first asks next.
    std::size_t k = n;
    for (std::size_t i = 0; i < n; ++i)
      if (!done[i] && (k == n || free_at[i] < free_at[k])) k = i;
    if (k == n) break;
    auto s = d.next(ids[k]);
    if (!s) {
      done[k] = true;
      continue;
    }
    EXPECT_LT(s->first, s->end);
    for (unsigned f = s->first; f < s->end; ++f) {
      EXPECT_FALSE(covered[f]) << "frame " << f << " handed out twice";
      covered[f] = true;
    }
    const double secs = s->size() / rates[k];
    free_at[k] += secs;
    frames[k] += s->size();
    d.done(ids[k], *s, secs);
  }
  for (unsigned f = 0; f < d.frames(); ++f) EXPECT_TRUE(covered[f]) << "frame " << f << " never handed out";
  EXPECT_TRUE(d.handed_out());
  double end = 0;
  for (std::size_t i = 0; i < n; ++i) end = std::max(end, free_at[i]);
  if (end_s) *end_s = end;
  return frames;
}

TEST(SegmentDispatcher, OneWorkerTakesTheRestOnceMeasured) {
  SegmentDispatcher d(100, 0);
  const unsigned cpu = d.add_worker("cpu", 8, 8);
  auto a = d.next(cpu);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->first, 0u);
  EXPECT_EQ(a->end, 8u);
  d.done(cpu, *a, 0.01);
  auto b = d.next(cpu);
  ASSERT_TRUE(b);
  EXPECT_EQ(b->first, 8u);
  EXPECT_EQ(b->end, 100u);
  EXPECT_FALSE(d.next(cpu));
  EXPECT_EQ(d.frames_of(cpu), 8u);
}

TEST(SegmentDispatcher, FixedPieces) {
  SegmentDispatcher d(10, 3);
  const unsigned a = d.add_worker("a", 64, 32), b = d.add_worker("b", 1, 1);
  std::vector<unsigned> sizes;
  for (unsigned w : {a, b, a, b}) {
    auto s = d.next(w);
    ASSERT_TRUE(s);
    sizes.push_back(s->size());
    d.done(w, *s, 1.0);
  }
  EXPECT_EQ(sizes, (std::vector<unsigned>{3, 3, 3, 1}));
  EXPECT_FALSE(d.next(a));
}

TEST(SegmentDispatcher, TheFasterWorkerGetsTheLargerShareAndTheyEndTogether) {
  for (double fast : {2.0, 5.0, 20.0}) {
    SegmentDispatcher d(2400, 0);
    const unsigned cpu = d.add_worker("cpu", 16, 16), gpu = d.add_worker("gpu", 64, 32);
    double end = 0;
    auto frames = simulate(d, {100.0, 100.0 * fast}, {cpu, gpu}, &end);
    EXPECT_GT(frames[1], frames[0]) << fast;
    // Ideal: every frame at the sum of the rates. Within 10% of it (the first pieces are
    // taken before any rate is known).
    const double ideal = 2400 / (100.0 + 100.0 * fast);
    EXPECT_LT(end, 1.10 * ideal) << "rates 1:" << fast << ": ended at " << end << " s, ideal " << ideal;
  }
}

TEST(SegmentDispatcher, ASlowWorkerLeavesTheTailToAFastOne) {
  // A worker 50 times slower does not take a piece it would still hold when the fast one
  // has finished everything else.
  SegmentDispatcher d(1000, 0);
  const unsigned slow = d.add_worker("slow", 4, 4), fast = d.add_worker("fast", 32, 16);
  double end = 0;
  simulate(d, {20.0, 1000.0}, {slow, fast}, &end);
  const double fast_alone = 1000 / 1000.0;
  EXPECT_LT(end, 1.05 * fast_alone) << end;
}

TEST(SegmentDispatcher, PiecesShrinkTowardsTheEnd) {
  SegmentDispatcher d(4800, 0);
  const unsigned a = d.add_worker("a", 16, 8), b = d.add_worker("b", 16, 8);
  std::vector<unsigned> sizes;
  for (;;) {
    auto s = d.next(sizes.size() % 2 ? b : a);
    if (!s) break;
    sizes.push_back(s->size());
    d.done(sizes.size() % 2 ? a : b, *s, s->size() / 100.0);
  }
  ASSERT_GT(sizes.size(), 4u);
  EXPECT_GT(sizes[2], sizes[sizes.size() - 2]);
  EXPECT_LE(sizes.back(), 8u + 8u);
}

TEST(SegmentDispatcher, APieceGivenBackIsTakenFirstAndTheFailedWorkerTakesNoMore) {
  SegmentDispatcher d(100, 10);
  const unsigned cpu = d.add_worker("cpu", 10, 10), gpu = d.add_worker("gpu", 10, 10);
  auto a = d.next(cpu);
  auto g = d.next(gpu);
  ASSERT_TRUE(a && g);
  EXPECT_EQ(g->first, 10u);
  d.give_back(gpu, *g);
  EXPECT_FALSE(d.next(gpu));
  d.done(cpu, *a, 0.1);
  auto again = d.next(cpu);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->first, 10u);
  EXPECT_EQ(again->end, 20u);
  EXPECT_FALSE(d.handed_out());
}

TEST(SegmentDispatcher, AWorkerThatStoppedTakesAPieceHandedBack) {
  // The CPU stopped for want of a piece; then the device fails: the CPU takes its piece.
  SegmentDispatcher d(20, 0);
  const unsigned cpu = d.add_worker("cpu", 4, 4), gpu = d.add_worker("gpu", 16, 8);
  auto c = d.next(cpu);
  ASSERT_TRUE(c);
  auto g = d.next(gpu);
  ASSERT_TRUE(g);
  d.done(cpu, *c, 0.04);
  while (auto s = d.next(cpu)) d.done(cpu, *s, s->size() * 0.01);
  d.give_back(gpu, *g);
  auto s = d.next(cpu);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->first, g->first);
  EXPECT_EQ(s->end, g->end);
}

TEST(SegmentDispatcher, AWorkerThatNeverComesIsNotLeftTheTail) {
  // auto: the device is added after the CPU's first piece, then finds no GPU and retires
  // without a piece. The CPU is never left waiting for it: it takes every frame, and once
  // the device has retired it takes what is left even after it had stopped.
  for (bool stop_first : {false, true}) {
    SegmentDispatcher d(200, 0);
    const unsigned cpu = d.add_worker("cpu", 16, 16);
    auto a = d.next(cpu);
    ASSERT_TRUE(a);
    d.done(cpu, *a, 0.016);
    const unsigned gpu = d.add_worker("gpu", 64, 32);
    unsigned scored = a->size();
    if (stop_first) {
      while (auto s = d.next(cpu)) {
        scored += s->size();
        d.done(cpu, *s, s->size() * 0.001);
      }
    }
    d.retire(gpu);
    while (auto s = d.next(cpu)) {
      scored += s->size();
      d.done(cpu, *s, s->size() * 0.001);
    }
    EXPECT_EQ(scored, 200u) << stop_first;
    EXPECT_TRUE(d.handed_out());
  }
}

TEST(SegmentDispatcher, CancelStopsEveryone) {
  SegmentDispatcher d(100, 0);
  const unsigned a = d.add_worker("a", 4, 4);
  d.cancel();
  EXPECT_FALSE(d.next(a));
}

}  // namespace
}  // namespace fastvmaf
