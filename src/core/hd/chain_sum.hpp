// The value of a loop `acc = acc + term[i]` for i = 0 .. n - 1 (acc from +0, every addition
// rounded to nearest-even in the accumulator's format), computed by a work-group: libvmaf's
// raster-order float and double sums (the SSIM map's, PSNR-HVS's planes, CIEDE's frame) have
// one rounding per addition, so their value depends on the order, and a tree of partial sums
// gives other bits. Adding the terms one after another on one work-item is exact but slow
// (2 million dependent double additions for MS-SSIM's 1080p map: 13 ms).
//
// Why a work-group can do it exactly: while the running sum s stays in one binade
// [2^k, 2^(k+1)) (or its negative), every value the loop produces is a whole multiple of the
// binade's unit u = ulp(s), and fl(s + t) = s + round_u(t): the term rounded to a multiple of
// u, to nearest, halves to the even multiple. So inside a binade the loop is a sum of
// integers N = s / u, which is associative. Only a halfway term depends on the sum so far
// (on N's parity), so each term is a function of the parity in: "add a" or, at a tie,
// "add a, or a + 1 if that makes N even". Such functions compose (a pair of totals, one per
// parity in), so the work-group scans them, each work-item over a contiguous span of terms.
// The scan is exact until the first term whose result leaves the binade; a result is
// certainly inside when N lies 2 units inside the binade's ends, so the group finds the first
// position where N does not, adds that term with the real addition (`add`), and starts a new
// round from there in the new binade. A sum crosses a binade a few dozen times (its
// magnitude doubles, or halves), so rounds are few. Below the smallest normal binade (the
// sum 0, or subnormal) the unit is the subnormal one and N may be of either sign; a NaN or
// infinite sum, or -0, takes the real addition term by term.
//
// A round is kPhases phases between barriers, `item(sh, p, t, ...)` for every work-item t of
// the group, after a phase kStart that sets up the first round; `drive` is that loop, which
// the kernels run with their barrier and the replay with its lockstep:
//   0 "span"   each work-item composes its span's functions (sh.a0/a1: the totals for parity
//              0 and 1 in) and keeps, in its registers, the range its partial sums take
//   1 "lanes"  work-items t < kGroups make their 32 spans' totals inclusive prefixes
//   2 "groups" work-item 0 makes the 32-span groups' totals exclusive prefixes
//   3 "walk"   each work-item whose span's range, from its prefix, may reach past the safe
//              part of the binade walks the span, N term by term, and notes the first
//              position whose N is not safely inside (the others: none, N at the span's end)
//   4 "first"  work-items t < kGroups find their group's first such position
//   5 "fix"    work-item 0 takes the first one: the sum before it from N, that term by the
//              real addition, and sets up the next round (or ends: sh.done)
// and, before a round that starts at a tile's start (Tiles, below):
//   kStage     work-items t < kStaged copy the next kStaged tiles into shared memory
//   kWalk      work-item 0 takes the staged tiles it can, then stages more (sh.walk) or
//              sets the round's window
// Terms are read from global memory by index; nothing here is floating-point arithmetic but
// `add`, so SYCL's kernels need no SoftF64 for it.
//
// Tiles (optional, where the kernels give `tiles`): one work-group walks 2 million terms at
// a few per work-item-cycle, so before it two launches of many work-items prepare the terms
// in tiles of kChainTile: `estimate_tile` adds a tile's terms roughly in float (any order
// would do: it is only an estimate), and `compose_tile` adds the estimates before its tile,
// predicts from them the binade the running sum stays in over the tile (`predict_unit`: only
// with a margin of 2^-10 from the binade's ends) and composes the tile's terms' functions
// under that binade's unit, as phase 0 does for a span. Then, where `set_up` leaves the sum
// at a tile's start, two phases come before the round: kStage, every work-item t <
// kStaged copies one of the next kStaged tiles into shared memory (their loads all in
// flight at once), and kWalk, work-item 0 takes the staged tiles in O(1) each while a tile
// was composed under the unit of the sum's binade and its partial sums keep N safely inside
// it: exactly the test phase 3 makes of a span, so a wrong prediction only costs time (the
// rounds then add that tile's terms as before). Every staged tile taken, the pair comes
// again from the next one. A round's window ends at its tile's end, so the next tile is
// tried as soon as the sum gets there. Sums without tiles never run the pair, and the walk
// holds no tile in registers (a batch of four did: the sum kernels went past their
// register cap and spilled, docs/adr/0213-chain-tiles.md).
#pragma once

#include <cstdint>

#include "core/hd.hpp"
#include "core/hd/bits.hpp"

namespace fastvmaf::hd {

// The accumulator's format.
struct Binary64 {
  static constexpr int kP = 53, kBias = 1023, kBits = 64;
  static constexpr unsigned kExpMax = 2047;
};
struct Binary32 {
  static constexpr int kP = 24, kBias = 127, kBits = 32;
  static constexpr unsigned kExpMax = 255;
};

// A term as (-1)^neg * mant * 2^exp, exactly; special: infinite or NaN.
struct TermParts {
  std::uint64_t mant;
  int exp;
  bool neg, special;
};
// A float term.
FVMAF_HD inline TermParts term_parts(float f) {
  const std::uint32_t b = float_bits(f);
  const unsigned e = (b >> 23) & 0xffu;
  const std::uint64_t m = b & 0x7fffffu;
  return {e ? m | (1ull << 23) : m, (e ? static_cast<int>(e) : 1) - 150, (b >> 31) != 0, e == 0xffu};
}
// A double term, as its bits (the SSIM map keeps its terms so).
FVMAF_HD inline TermParts term_parts(std::uint64_t b) {
  const unsigned e = static_cast<unsigned>(b >> 52) & 0x7ffu;
  const std::uint64_t m = b & ((1ull << 52) - 1);
  return {e ? m | (1ull << 52) : m, (e ? static_cast<int>(e) : 1) - 1075, (b >> 63) != 0, e == 0x7ffu};
}

// A term's value roughly, as a float, for a tile's estimate: a float term itself; a double
// term's top 24 bits, 0 below float's normal range, NaN when infinite, NaN or above it.
FVMAF_HD inline float rough(float f) { return f; }
FVMAF_HD inline float rough(std::uint64_t b) {
  const int e = static_cast<int>((b >> 52) & 0x7ffu) - 1023 + 127;
  const std::uint32_t sign = static_cast<std::uint32_t>(b >> 63) << 31;
  if (e >= 255) return bits_float(0x7fc00000u);
  if (e <= 0) return bits_float(sign);
  return bits_float(sign | (static_cast<std::uint32_t>(e) << 23) | static_cast<std::uint32_t>((b >> 29) & 0x7fffffu));
}

// The terms a tile holds (the last one of a sum may hold fewer).
inline constexpr unsigned long long kChainTile = 2048;
// Tiles pay for a long sum only: their two launches, a work-item per tile reading its own
// lines, cost a few tenths of a millisecond whatever the sum (H100: float_ms_ssim 0.45 ->
// 0.93 ms at 576x324 with every map tiled, 2.41 -> 1.84 at 1080p, 9.59 -> 4.06 at 4K). A
// sum takes tiles from this many terms (MS-SSIM's scale 0 from 1080p on, PSNR-HVS's luma
// from 1080p on).
inline constexpr unsigned long long kChainTiledFrom = 1ull << 20;
// A tile's rough sum and the lowest and highest of its partial sums (from 0, 0 included).
struct ChainTileEstimate {
  float sum, lo, hi, unused;
};
// A tile's functions (ChainSum::Regs) under the unit 2^eu; eu == kNoUnit: none predicted.
struct ChainTile {
  std::uint64_t t0, t1;
  long long lo0, hi0, lo1, hi1;
  long long eu;
};
inline constexpr long long kNoUnit = -(1ll << 40);

// The tiles of n terms, and those a sum of n terms takes: none below kChainTiledFrom.
FVMAF_HD constexpr unsigned long long chain_tile_count(unsigned long long n) { return (n + kChainTile - 1) / kChainTile; }
FVMAF_HD constexpr unsigned long long chain_tiles_for(unsigned long long n) {
  return n >= kChainTiledFrom ? chain_tile_count(n) : 0;
}
// A sum's tiles live in the plans' scratch of 64-bit words: its estimates, then its
// functions, chain_tile_words(tiles) words in all.
static_assert(sizeof(ChainTileEstimate) % 8 == 0 && sizeof(ChainTile) % 8 == 0, "tiles are whole words");
inline constexpr unsigned long long kChainEstimateWords = sizeof(ChainTileEstimate) / 8;
FVMAF_HD constexpr unsigned long long chain_tile_words(unsigned long long tiles) {
  return tiles * (kChainEstimateWords + sizeof(ChainTile) / 8);
}
struct ChainTileStore {
  ChainTileEstimate* est;
  ChainTile* tiles;
};
// The store of `tiles` tiles at `words` (host side: the plans hand the pointers to the kernels).
inline ChainTileStore chain_tile_store(std::uint64_t* words, unsigned long long tiles) {
  return {reinterpret_cast<ChainTileEstimate*>(words), reinterpret_cast<ChainTile*>(words + tiles * kChainEstimateWords)};
}

template <class Fmt, unsigned Threads>
struct ChainSum {
  static_assert(Threads % 32 == 0 && Threads >= 32 && Threads <= 1024, "spans go in groups of 32");
  static constexpr unsigned kThreads = Threads;
  static constexpr unsigned kGroups = Threads / 32;
  static constexpr unsigned kPhases = 6, kStart = kPhases;
  // The phases of a walk over tiles, between rounds: the group stages tiles, work-item 0
  // walks them.
  static constexpr unsigned kStage = kPhases + 1, kWalk = kPhases + 2;
  static constexpr int kP = Fmt::kP;
  static constexpr std::uint64_t kNone = ~0ull;
  // The first window: a few terms a work-item (a sum from 0 crosses binades early and often).
  static constexpr unsigned long long kMinWindow = 4ull * Threads;
  // Far outside every binade's range: a term that cannot stay in it.
  static constexpr long long kOut = 1ll << 60;
  static constexpr long long kMaxN = 1ll << 62;  // beyond every partial sum a check reads
  static constexpr unsigned kBatch = 8;           // terms a work-item loads at once
  static constexpr unsigned long long kTile = kChainTile;
  // Tiles staged at once (one a work-item): 7 KB of shared memory at 128.
  static constexpr unsigned kStaged = Threads < 128 ? Threads : 128;

  struct Shared {
    std::uint64_t a0[Threads], a1[Threads];  // phases 0-1: the spans' totals
    std::uint64_t exit_at[Threads];          // phase 3: the span's first unsafe position, or kNone
    std::uint64_t before[Threads];           // phase 3: N before it (or after the span)
    std::uint64_t g0[kGroups], g1[kGroups];  // phase 2: groups' prefixes; phase 4: first position, N
    unsigned long long n, pos, end;          // the round's window of positions [pos, end)
    std::uint64_t acc;                       // the sum of the positions before pos, as bits
    long long n0, lo, hi;                    // acc as N, and N's safe range
    int eu;                                  // the unit: 2^eu
    unsigned done;
    unsigned walk;                           // 1: a walk over tiles (kStage, kWalk) before the round
    const ChainTile* tiles;                  // the terms' tiles, or none
    ChainTile staged[kStaged];               // kStage: tiles pos / kTile on, for kWalk
  };

  // A work-item's registers between phases 0 and 3 (the replay keeps one per work-item):
  // its span's totals and the lowest and highest partial sum, for parity 0 and 1 in.
  struct Regs {
    std::uint64_t t0, t1;
    long long lo0, hi0, lo1, hi1;
  };

  // A term as a function of N's parity: add `a`, or at a tie (`tie`) a or a + 1, the even.
  struct Step {
    long long a;
    bool tie;
  };
  FVMAF_HD static Step step_of(const TermParts& t, int eu) {
    if (t.special) return {kOut, false};
    if (t.mant == 0) return {0, false};
    const int d = eu - t.exp;
    if (d <= 0) {  // a multiple of the unit; out of range once 4 times the binade's top
      const int s = -d;
      if (s >= 64 || t.mant >= ((1ull << (kP + 2)) >> s)) return {kOut, false};
      const long long v = static_cast<long long>(t.mant << s);
      return {t.neg ? -v : v, false};
    }
    if (d >= 64) return {0, false};  // below half a unit (mant < 2^53 <= 2^(d - 1))
    std::uint64_t q = t.mant >> d;
    const std::uint64_t rem = t.mant & ((1ull << d) - 1), half = 1ull << (d - 1);
    if (rem == half) {
      const long long lo = static_cast<long long>(q);
      return {t.neg ? -lo - 1 : lo, true};
    }
    if (rem > half) ++q;
    const long long v = static_cast<long long>(q);
    return {t.neg ? -v : v, false};
  }
  // What the step adds to N of parity p (two's complement: wrapping adds are exact here).
  FVMAF_HD static std::uint64_t inc(const Step& s, std::uint64_t p) {
    const std::uint64_t a = static_cast<std::uint64_t>(s.a);
    return s.tie ? a + ((p ^ a) & 1u) : a;
  }
  // f then g, each a pair of totals by parity in.
  FVMAF_HD static void compose(std::uint64_t& f0, std::uint64_t& f1, std::uint64_t g0, std::uint64_t g1) {
    f0 += (f0 & 1u) ? g1 : g0;
    f1 += ((1u + f1) & 1u) ? g1 : g0;
  }

  FVMAF_HD static bool safe(const Shared& sh, std::uint64_t n) {
    const long long v = static_cast<long long>(n);
    return v >= sh.lo && v <= sh.hi;
  }

  // The accumulator's bits from N (safe, so |N| < 2^kP; below 2^(kP - 1) only in the
  // subnormal unit's range).
  FVMAF_HD static std::uint64_t bits_of(long long n, int eu) {
    if (n == 0) return 0;
    const std::uint64_t sign = n < 0 ? 1ull << (Fmt::kBits - 1) : 0;
    const std::uint64_t m = static_cast<std::uint64_t>(n < 0 ? -n : n), top = 1ull << (kP - 1);
    if (m < top) return sign | m;  // subnormal
    const std::uint64_t e = static_cast<std::uint64_t>(eu + Fmt::kBias + kP - 1);
    return sign | (e << (kP - 1)) | (m - top);
  }

  // The next round from sh.acc and sh.pos: the real addition term by term while the sum is
  // NaN, infinite or -0, then the binade's unit, N and range, and the window; at a tile's
  // start (where the terms have tiles) a walk over tiles first (sh.walk), which sets the
  // window.
  template <class Term, class Add>
  FVMAF_HD static void set_up(Shared& sh, const Term* terms, Add add) {
    const std::uint64_t frac = (1ull << (kP - 1)) - 1;
    for (;;) {
      if (sh.pos >= sh.n) {
        sh.done = 1;
        return;
      }
      const std::uint64_t b = sh.acc;
      const unsigned e = static_cast<unsigned>(b >> (kP - 1)) & Fmt::kExpMax;
      const bool neg = (b >> (Fmt::kBits - 1)) & 1u;
      const long long m = static_cast<long long>(b & frac), top = 1ll << (kP - 1), max = (1ll << kP) - 2;
      if (e != Fmt::kExpMax && !(neg && e == 0 && m == 0)) {
        if (e <= 1) {  // 0, subnormal, or the lowest normal binade: one unit for all
          sh.eu = 1 - Fmt::kBias - (kP - 1);
          sh.n0 = (e ? top : 0) + m;
          sh.lo = -max;
          sh.hi = max;
        } else {
          sh.eu = static_cast<int>(e) - Fmt::kBias - (kP - 1);
          sh.n0 = top + m;
          sh.lo = top + 2;
          sh.hi = max;
        }
        if (neg) {
          sh.n0 = -sh.n0;
          const long long lo = sh.lo;
          sh.lo = -sh.hi;
          sh.hi = -lo;
        }
        sh.walk = sh.tiles && sh.pos % kTile == 0 ? 1u : 0u;
        if (!sh.walk) set_window(sh);
        sh.done = 0;
        return;
      }
      sh.acc = add(sh.acc, terms[sh.pos]);
      ++sh.pos;
    }
  }

  // Whether the partial sums [lo, hi] (from N = n) stay in the binade's safe range.
  FVMAF_HD static bool stays_safe(const Shared& sh, std::uint64_t n, long long lo, long long hi) {
    const long long room_lo = static_cast<long long>(static_cast<std::uint64_t>(sh.lo) - n);
    const long long room_hi = static_cast<long long>(static_cast<std::uint64_t>(sh.hi) - n);
    return lo >= room_lo && hi <= room_hi;
  }

  // The round's window from sh.pos: twice the terms before it (at least kMinWindow), to the
  // end of sh.pos's tile where the terms have tiles.
  FVMAF_HD static void set_window(Shared& sh) {
    const unsigned long long left = sh.n - sh.pos, want = sh.pos > kMinWindow ? sh.pos : kMinWindow;
    sh.end = sh.pos + (left < want ? left : want);
    if (sh.tiles) {
      const unsigned long long tile_end = (sh.pos / kTile + 1) * kTile;
      sh.end = sh.end < tile_end ? sh.end : tile_end;
    }
  }

  // Phase kStage, work-item t: tile sh.pos / kTile + t into shared memory (one past the last
  // tile: none). One work-item walks a sum's tiles (4096 at MS-SSIM's 4K scale 0); read from
  // global memory by that work-item, each tile's load would wait for the walk to get there.
  FVMAF_HD static void stage_tiles(Shared& sh, unsigned t) {
    if (t < kStaged) {
      const unsigned long long j = sh.pos / kTile + t;
      sh.staged[t] = j < chain_tile_count(sh.n) ? sh.tiles[j] : ChainTile{0, 0, 0, 0, 0, 0, kNoUnit};
    }
  }

  // Phase kWalk, work-item 0, at a tile's start: the staged tiles in O(1) each while a tile
  // was composed under this binade's unit and keeps N safely inside it; sh.acc then the sum
  // after them. Every staged tile taken and terms left: another walk (sh.walk), from the next
  // tile; else the round's window, or the end of the sum. (The loop ends by its condition,
  // never by `break`: in a kernel with barriers a `break` leaves a dead block that
  // AdaptiveCpp 24.06's CPU compiler may take for the kernel's exit,
  // docs/adr/0211-sycl-cpu-kernel-exits.md.)
  FVMAF_HD static void walk_tiles(Shared& sh) {
    const unsigned long long from = sh.pos;
    bool more = true;
    for (unsigned k = 0; more && k < kStaged; ++k) {
      const ChainTile& tile = sh.staged[k];
      const std::uint64_t n = static_cast<std::uint64_t>(sh.n0);
      const bool odd = n & 1u;
      more = tile.eu == sh.eu && stays_safe(sh, n, odd ? tile.lo1 : tile.lo0, odd ? tile.hi1 : tile.hi0);
      if (more) {
        sh.n0 = static_cast<long long>(n + (odd ? tile.t1 : tile.t0));
        sh.pos = sh.pos + kTile < sh.n ? sh.pos + kTile : sh.n;
        more = sh.pos < sh.n;
      }
    }
    if (sh.pos != from) sh.acc = bits_of(sh.n0, sh.eu);
    sh.walk = more ? 1u : 0u;
    if (!more) set_window(sh);
    sh.done = sh.pos >= sh.n ? 1u : 0u;
  }

  // take(term) for terms [b, e) in order, their loads kBatch at a time first: the loads do
  // not wait on what take adds up, so a work-item has kBatch of them in flight instead of
  // one (each work-item reads its own lines).
  template <class Term, class Take>
  FVMAF_HD static void for_each_batched(const Term* terms, unsigned long long b, unsigned long long e, Take& take) {
    unsigned long long i = b;
    for (; i + kBatch <= e; i += kBatch) {
      Term v[kBatch];
      for (unsigned k = 0; k < kBatch; ++k) v[k] = terms[i + k];
      for (unsigned k = 0; k < kBatch; ++k) take(v[k]);
    }
    for (; i < e; ++i) take(terms[i]);
  }

  // The functions of terms [b, e) under the unit 2^eu (phase 0's span): totals and ranges
  // by parity in.
  template <class Term>
  FVMAF_HD static Regs compose_span(const Term* terms, unsigned long long b, unsigned long long e, int eu) {
    std::uint64_t f0 = 0, f1 = 0;
    long long lo0 = kMaxN, hi0 = -kMaxN, lo1 = kMaxN, hi1 = -kMaxN;  // none yet: an empty span passes
    auto take = [&](const Term& term) {
      const Step s = step_of(term_parts(term), eu);
      f0 += inc(s, f0 & 1u);
      f1 += inc(s, (1u + f1) & 1u);
      const long long v0 = static_cast<long long>(f0), v1 = static_cast<long long>(f1);
      lo0 = v0 < lo0 ? v0 : lo0;
      hi0 = v0 > hi0 ? v0 : hi0;
      lo1 = v1 < lo1 ? v1 : lo1;
      hi1 = v1 > hi1 ? v1 : hi1;
    };
    for_each_batched(terms, b, e, take);
    return {f0, f1, lo0, hi0, lo1, hi1};
  }

  // Tile j's estimate (one work-item per tile).
  template <class Term>
  FVMAF_HD static void estimate_tile(const Term* terms, unsigned long long n, unsigned long long j,
                                     ChainTileEstimate* est) {
    const unsigned long long b = j * kTile, e = b + kTile < n ? b + kTile : n;
    float sum = 0.0f, lo = 0.0f, hi = 0.0f;
    auto take = [&](const Term& term) {
      sum = sum + rough(term);
      lo = sum < lo ? sum : lo;
      hi = sum > hi ? sum : hi;
    };
    for_each_batched(terms, b, e, take);
    if (!(sum == sum)) lo = hi = sum;  // a NaN, infinite or huge term: no prediction
    est[j] = {sum, lo, hi, 0.0f};
  }

  // The unit of the binade a running sum in [lo, hi] stays in, roughly known: where the
  // range, widened by 2^-10 both ways, lies inside one binade of the accumulator's normal
  // ones above the lowest (set_up gives the lowest and the subnormals one unit of their
  // own); else kNoUnit.
  FVMAF_HD static long long predict_unit(float lo, float hi) {
    if (!(lo <= hi) || (lo <= 0.0f && hi >= 0.0f)) return kNoUnit;
    const float a = lo > 0.0f ? lo : -hi, b = lo > 0.0f ? hi : -lo;
    const float margin = 1.0f / 1024.0f;
    const unsigned ea = (float_bits(a - a * margin) >> 23) & 0xffu, eb = (float_bits(b + b * margin) >> 23) & 0xffu;
    if (ea != eb || ea == 0 || ea == 0xffu) return kNoUnit;
    const int k = static_cast<int>(ea) - 127;  // 2^k <= |sum| < 2^(k + 1)
    if (k < 2 - Fmt::kBias || k > Fmt::kBias) return kNoUnit;
    return k - (kP - 1);
  }

  // Tile j's functions under the unit predicted from the estimates (one work-item per tile).
  template <class Term>
  FVMAF_HD static void compose_tile(const Term* terms, unsigned long long n, unsigned long long j,
                                    const ChainTileEstimate* est, ChainTile* tiles) {
    float before = 0.0f;
    for (unsigned long long k = 0; k < j; ++k) before = before + est[k].sum;
    const long long eu = predict_unit(before + est[j].lo, before + est[j].hi);
    if (eu == kNoUnit) {
      tiles[j] = {0, 0, 0, 0, 0, 0, kNoUnit};
      return;
    }
    const unsigned long long b = j * kTile, e = b + kTile < n ? b + kTile : n;
    const Regs r = compose_span(terms, b, e, static_cast<int>(eu));
    tiles[j] = {r.t0, r.t1, r.lo0, r.hi0, r.lo1, r.hi1, eu};
  }

  // The group's run: `step(p)` runs phase p on every work-item (first kStart), `sync()` is
  // the barrier after it; the rounds, each after a walk over tiles where set_up asks for one,
  // go on until the sum is done (sh.acc). sh.done and sh.walk are read between a barrier and
  // the next, in which nothing writes them, so every work-item takes the same way and meets
  // every barrier.
  template <class Step, class Sync>
  FVMAF_HD static void drive(const Shared& sh, Step step, Sync sync) {
    step(kStart);
    sync();
    while (!sh.done) {
      if (sh.walk) {
        step(kStage);
        sync();
        step(kWalk);
        sync();
      } else {
        for (unsigned p = 0; p < kPhases; ++p) {
          step(p);
          sync();
        }
      }
    }
  }

  // Phase p of work-item t over the n terms (kStart: work-item 0 sets up the first round;
  // kStage, kWalk: a walk over tiles). `tiles`: the terms' tiles (compose_tile), or none.
  template <class Term, class Add>
  FVMAF_HD static void item(Shared& sh, Regs& r, unsigned p, unsigned t, const Term* terms, unsigned long long n,
                            Add add, const ChainTile* tiles = nullptr) {
    if (p < kPhases) {
      phase(sh, r, p, t, terms, add);
    } else if (p == kStage) {
      stage_tiles(sh, t);
    } else if (t == 0) {
      if (p == kWalk) {
        walk_tiles(sh);
      } else {
        sh.n = n;
        sh.pos = 0;
        sh.acc = 0;
        sh.tiles = tiles;
        sh.walk = 0;
        set_up(sh, terms, add);
      }
    }
  }

  // Work-item t's span of the window.
  FVMAF_HD static void span(const Shared& sh, unsigned t, unsigned long long& b, unsigned long long& e) {
    const unsigned long long len = sh.end - sh.pos, per = (len + Threads - 1) / Threads;
    const unsigned long long from = per * t;
    b = sh.pos + (from < len ? from : len);
    e = sh.pos + (from + per < len ? from + per : len);
  }

  template <class Term, class Add>
  FVMAF_HD static void phase(Shared& sh, Regs& r, unsigned p, unsigned t, const Term* terms, Add add) {
    switch (p) {
      case 0: {
        unsigned long long b, e;
        span(sh, t, b, e);
        r = compose_span(terms, b, e, sh.eu);
        sh.a0[t] = r.t0;
        sh.a1[t] = r.t1;
        break;
      }
      case 1:
        if (t < kGroups)
          for (unsigned j = t * 32 + 1; j < t * 32 + 32; ++j) {
            std::uint64_t f0 = sh.a0[j - 1], f1 = sh.a1[j - 1];
            compose(f0, f1, sh.a0[j], sh.a1[j]);
            sh.a0[j] = f0;
            sh.a1[j] = f1;
          }
        break;
      case 2:
        if (t == 0) {
          std::uint64_t f0 = 0, f1 = 0;
          for (unsigned g = 0; g < kGroups; ++g) {
            const std::uint64_t t0 = sh.a0[g * 32 + 31], t1 = sh.a1[g * 32 + 31];
            sh.g0[g] = f0;
            sh.g1[g] = f1;
            compose(f0, f1, t0, t1);
          }
        }
        break;
      case 3: {
        std::uint64_t f0 = sh.g0[t / 32], f1 = sh.g1[t / 32];
        if (t % 32) compose(f0, f1, sh.a0[t - 1], sh.a1[t - 1]);
        const std::uint64_t n0 = static_cast<std::uint64_t>(sh.n0);
        std::uint64_t n = n0 + ((n0 & 1u) ? f1 : f0);
        // The span's partial sums from n stay in the safe range: no walk. (n is exact up to
        // the window's first unsafe position; past it anything may come, and a span that
        // holds that position has its partial sum there, exactly, in its range.)
        const bool odd = n & 1u;
        if (stays_safe(sh, n, odd ? r.lo1 : r.lo0, odd ? r.hi1 : r.hi0)) {
          sh.exit_at[t] = kNone;
          sh.before[t] = n + (odd ? r.t1 : r.t0);
          break;
        }
        unsigned long long b, e;
        span(sh, t, b, e);
        std::uint64_t at = kNone;
        for (unsigned long long i = b; i < e; ++i) {
          const std::uint64_t next = n + inc(step_of(term_parts(terms[i]), sh.eu), n & 1u);
          if (!safe(sh, next)) {
            at = i;
            break;
          }
          n = next;
        }
        sh.exit_at[t] = at;
        sh.before[t] = n;
        break;
      }
      case 4:
        if (t < kGroups) {
          std::uint64_t at = kNone, n = 0;
          for (unsigned j = t * 32; j < t * 32 + 32; ++j)
            if (sh.exit_at[j] < at) {
              at = sh.exit_at[j];
              n = sh.before[j];
            }
          sh.g0[t] = at;
          sh.g1[t] = n;
        }
        break;
      default:
        if (t == 0) {
          std::uint64_t at = kNone, n = sh.before[Threads - 1];
          for (unsigned g = 0; g < kGroups; ++g)
            if (sh.g0[g] < at) {
              at = sh.g0[g];
              n = sh.g1[g];
            }
          sh.acc = bits_of(static_cast<long long>(n), sh.eu);
          if (at == kNone) {
            sh.pos = sh.end;
          } else {
            sh.acc = add(sh.acc, terms[at]);
            sh.pos = at + 1;
          }
          set_up(sh, terms, add);
        }
        break;
    }
  }
};

}  // namespace fastvmaf::hd
