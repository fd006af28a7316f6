// The SegmentDispatcher of hybrid and multi-GPU runs (engine/segment_dispatcher.hpp): every
// frame handed out once, in order, in pieces that follow the workers' measured rates, that
// shrink towards the end, and that a failing worker hands back to the others.
#include "engine/segment_dispatcher.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <optional>
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
  EXPECT_EQ(d.frames_left(), 100u);
  auto a = d.next(cpu);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->first, 0u);
  EXPECT_EQ(a->end, 8u);
  EXPECT_EQ(d.frames_left(), 92u);  // what auto's decision weighs after the first piece
  d.done(cpu, *a, 0.01);
  auto b = d.next(cpu);
  ASSERT_TRUE(b);
  EXPECT_EQ(b->first, 8u);
  EXPECT_EQ(b->end, 100u);
  EXPECT_EQ(d.frames_left(), 0u);
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

// Frame by frame: each worker claims every frame before scoring it (as the hybrid run's
// workers do), so another worker may take the end of its piece; `rate(k, t)` is worker k's
// rate at time t, `start_at` when it asks first, `ahead[k]` how many frames beyond the one
// it scores it has claimed (read and in flight). A worker k < `pipeline.size()` is a
// device pipeline: its very first frame takes `pipeline[k]` seconds more (its one-time
// start), and it tells done() when each piece's first frame was final, as the hybrid run's
// device workers do (`tell_first` false: it does not, as before they did). Every frame
// scored once; returns when the last worker finished.
double simulate_claims(SegmentDispatcher& d, const std::function<double(std::size_t, double)>& rate,
                       const std::vector<unsigned>& ids, const std::vector<double>& start_at,
                       std::vector<unsigned>* scored = nullptr, const std::vector<unsigned>& ahead = {},
                       const std::vector<double>& pipeline = {}, bool tell_first = true) {
  const std::size_t n = ids.size();
  std::vector<double> t = start_at, began(n, 0.0), first_final(n, -1.0);
  std::vector<bool> started(n, false);
  std::vector<std::optional<SegmentRange>> piece(n);
  std::vector<unsigned> at(n, 0);
  std::vector<bool> ended(n, false);
  std::vector<int> covered(d.frames(), 0);
  if (scored) scored->assign(n, 0);
  for (;;) {
    std::size_t k = n;
    for (std::size_t i = 0; i < n; ++i)
      if (!ended[i] && (k == n || t[i] < t[k])) k = i;
    if (k == n) break;
    if (!piece[k]) {
      piece[k] = d.next(ids[k]);
      if (!piece[k]) {
        ended[k] = true;
        continue;
      }
      at[k] = piece[k]->first;
      began[k] = t[k];
    }
    // A worker claims `ahead` frames beyond the one it scores (frames read and in flight):
    // a claim refused there ends its piece before that frame.
    if (k < ahead.size())
      for (unsigned f = at[k] + 1; f <= at[k] + ahead[k] && f < piece[k]->end; ++f)
        if (!d.claim(ids[k], f)) break;
    if (at[k] < piece[k]->end && d.claim(ids[k], at[k])) {
      ++covered[at[k]];
      if (k < pipeline.size() && !started[k]) t[k] += pipeline[k];
      started[k] = true;
      t[k] += 1.0 / rate(k, t[k]);
      if (at[k] == piece[k]->first) first_final[k] = t[k] - began[k];
      ++at[k];
      if (scored) ++(*scored)[k];
      continue;
    }
    EXPECT_GT(at[k], piece[k]->first) << "a piece with no frame left to its holder";
    const bool tells = tell_first && k < pipeline.size();
    d.done(ids[k], SegmentRange{piece[k]->first, at[k]}, t[k] - began[k], tells ? first_final[k] : -1.0);
    piece[k].reset();
  }
  for (unsigned f = 0; f < d.frames(); ++f) EXPECT_EQ(covered[f], 1) << "frame " << f;
  EXPECT_TRUE(d.handed_out());
  double end = 0;
  for (double x : t) end = std::max(end, x);
  return end;
}

TEST(SegmentDispatcher, AFastWorkerTakesTheEndOfAPieceTakenBeforeItWasMeasured) {
  // The H200 host's 1080p v1 run of 1200 frames (its trace, 2026-12-03): the CPU (444 fps
  // alone, 332 beside the device) took 296 frames while the device was still starting and
  // held the end of the run for 0.27 s after the device (2500 fps) had finished the rest.
  const double ready = 0.32;
  auto rate = [&](std::size_t k, double t) { return k == 1 ? 2500.0 : t < ready ? 444.0 : 332.0; };
  SegmentDispatcher d(1200, 0);
  const unsigned cpu = d.add_worker("cpu", 16, 16), gpu = d.add_worker("gpu", 64, 32);
  std::vector<unsigned> scored;
  const double end = simulate_claims(d, rate, {cpu, gpu}, {0.0, ready}, &scored);
  // Ideal: the CPU alone until the device is ready, then both at their rates.
  const double ideal = ready + (1200 - ready * 444.0) / (332.0 + 2500.0);
  EXPECT_LT(end, 1.10 * ideal) << "ended at " << end << " s, ideal " << ideal;
  EXPECT_EQ(scored[0] + scored[1], 1200u);
  EXPECT_EQ(d.frames_of(cpu) + d.frames_of(gpu), 1200u);
}

TEST(SegmentDispatcher, AShortRunEndsNoLaterThanTheDeviceAlone) {
  // The H100 host's 4K v0.6.1 run of 150 frames (2026-12-06): the CPU (16 threads, its
  // first piece at half its rate, 105 fps alone, about 70 beside a running pipeline that
  // took its reserve of threads; 24 frames read and in flight) and the device (ready at
  // 0.35 s, then 500 fps; 8 frames in flight). cuda alone takes 0.35 + 150 / 500 = 0.65 s;
  // auto took 0.85-0.95 s, the CPU scoring 66 of the frames. Ideal: the CPU alone until
  // the device is ready, then both.
  const double ready = 0.35;
  auto rate = [&](std::size_t k, double t) { return k == 1 ? 500.0 : t < 0.15 ? 55.0 : t < ready ? 105.0 : 70.0; };
  SegmentDispatcher d(150, 0);
  const unsigned cpu = d.add_worker("cpu", 16, 16), gpu = d.add_worker("gpu", 64, 32);
  std::vector<unsigned> scored;
  const double end = simulate_claims(d, rate, {cpu, gpu}, {0.0, ready}, &scored, {24, 8});
  const double cpu_before = 0.15 * 55.0 + (ready - 0.15) * 105.0;
  const double ideal = ready + (150 - cpu_before) / (70.0 + 500.0);
  EXPECT_LT(end, 1.10 * ideal) << "ended at " << end << " s, ideal " << ideal << ", cpu scored " << scored[0];
  EXPECT_LT(end, ready + 150 / 500.0) << "slower than the device alone";
}

TEST(SegmentDispatcher, ADevicesFirstPieceIsRatedAfterItsStart) {
  // The H100 host's 4K runs of 150 frames (2026-12-06, call 23): the device ready at 0.35 s
  // but its first frame final 0.13 s later (its one-time start: a first piece of 15 frames
  // took ~0.2 s), then 450 fps; the CPU 105 fps alone, 70 beside the pipeline. Rated with
  // its start, the device looked about as fast as the CPU when the CPU's last piece was
  // sized, and the CPU ended 0.08-0.11 s after the device. Rated from its first final frame
  // on, the run ends within 10 % of the ideal, and before the CPU alone would have ended.
  const double ready = 0.35, start = 0.13;
  auto rate = [&](std::size_t k, double t) { return k == 1 ? 450.0 : t < 0.15 ? 55.0 : t < ready ? 105.0 : 70.0; };
  const double cpu_before = 0.15 * 55.0 + (ready - 0.15) * 105.0;
  const double ideal = ready + start + (150 - cpu_before - start * 70.0) / (70.0 + 450.0);
  double ends[2] = {0, 0};
  for (bool tell : {false, true}) {
    SegmentDispatcher d(150, 0);
    const unsigned cpu = d.add_worker("cpu", 16, 16), gpu = d.add_worker("gpu", 64, 32);
    std::vector<unsigned> scored;
    ends[tell] = simulate_claims(d, rate, {cpu, gpu}, {0.0, ready}, &scored, {24, 8}, {0.0, start}, tell);
    EXPECT_EQ(scored[0] + scored[1], 150u);
  }
  EXPECT_LT(ends[1], 1.10 * ideal) << "ended at " << ends[1] << " s, ideal " << ideal;
  // What the change is for: the same run, the device's first piece rated with its start.
  EXPECT_LT(ends[1], ends[0]) << "rated after its start " << ends[1] << " s, with it " << ends[0] << " s";
}

TEST(SegmentDispatcher, TheRateFollowsAWorkerThatSlowsDown) {
  // Three pieces at 100 fps, then three at 25 fps (the CPU once a pipeline took its reserve
  // of threads): the rate the pieces are sized by is near 25 fps, not the run's mean of 40.
  SegmentDispatcher d(1000, 10);
  const unsigned a = d.add_worker("a", 10, 10);
  for (double fps : {100.0, 100.0, 100.0, 25.0, 25.0, 25.0}) {
    auto p = d.next(a);
    ASSERT_TRUE(p);
    d.done(a, *p, p->size() / fps);
  }
  const double rate = d.frames_left() / d.seconds_left(a);
  EXPECT_GT(rate, 25.0);
  EXPECT_LT(rate, 29.0) << "the pieces before it slowed down weigh too much";
}

TEST(SegmentDispatcher, TheEndOfAPieceIsCutWhereBothFinishTogether) {
  // a (250 fps) takes [10, 33) before b is measured (what it scores in 0.1 s), and begins
  // frame 10; b (1000 fps) then scores the rest of the run. With min 40 (0.04 s of b's
  // time, less than the 0.088 s a needs for its 22 frames left), b takes a's end from frame
  // 16 (a keeps the 5 frames it scores while b scores 17): a's claim of 16 is refused.
  // With min 5000 (5 s) it is left to a. Fixed pieces (--segment-frames) are never cut.
  for (unsigned b_min : {40u, 5000u}) {
    SegmentDispatcher d(100, 0);
    const unsigned a = d.add_worker("a", 10, 10), b = d.add_worker("b", 10, b_min);
    auto p = d.next(a);
    ASSERT_TRUE(p);
    d.done(a, *p, 0.04);
    auto big = d.next(a);
    ASSERT_TRUE(big);
    EXPECT_EQ(big->first, 10u);
    EXPECT_EQ(big->end, 33u);
    EXPECT_TRUE(d.claim(a, 10));
    std::vector<SegmentRange> by_b;
    while (auto q = d.next(b)) {
      by_b.push_back(*q);
      d.done(b, *q, q->size() / 1000.0);
    }
    ASSERT_FALSE(by_b.empty());
    EXPECT_TRUE(d.claim(a, 11));
    if (b_min == 40) {
      EXPECT_EQ(by_b.back().first, 16u);
      EXPECT_EQ(by_b.back().end, 33u);
      for (unsigned f = 12; f < 16; ++f) EXPECT_TRUE(d.claim(a, f)) << f;
      EXPECT_FALSE(d.claim(a, 16));
      d.done(a, SegmentRange{10, 16}, 0.024);
      EXPECT_EQ(d.frames_of(a) + d.frames_of(b), 100u);
    } else {
      EXPECT_EQ(by_b.back().end, 100u);
      for (unsigned f = 12; f < 33; ++f) EXPECT_TRUE(d.claim(a, f)) << f;
    }
  }
  SegmentDispatcher f(100, 10);
  const unsigned fa = f.add_worker("a", 10, 10), fb = f.add_worker("b", 10, 1);
  auto p = f.next(fa);
  ASSERT_TRUE(p);
  f.done(fa, *p, 1.0);
  auto q = f.next(fa);
  ASSERT_TRUE(q);
  while (auto more = f.next(fb)) f.done(fb, *more, 0.001);
  for (unsigned i = q->first; i < q->end; ++i) EXPECT_TRUE(f.claim(fa, i)) << "fixed pieces are never cut";
}

TEST(SegmentDispatcher, APieceGivenBackAfterItsEndWasTakenReturnsOnlyWhatIsLeft) {
  SegmentDispatcher d(100, 0);
  const unsigned a = d.add_worker("a", 10, 10), b = d.add_worker("b", 10, 10);
  auto p = d.next(a);
  d.done(a, *p, 1.0);
  auto big = d.next(a);  // [10, 33)
  ASSERT_TRUE(big);
  EXPECT_TRUE(d.claim(a, 10));
  std::vector<SegmentRange> by_b;
  while (auto q = d.next(b)) {
    by_b.push_back(*q);
    d.done(b, *q, q->size() / 1000.0);
  }
  ASSERT_EQ(by_b.back().first, 12u);
  d.give_back(a, *big);  // a fails: [10, 12) goes back, not [10, 33)
  auto again = d.next(b);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->first, 10u);
  EXPECT_EQ(again->end, 12u);
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
