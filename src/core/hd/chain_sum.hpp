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
// Terms are read from global memory by index; nothing here is floating-point arithmetic but
// `add`, so SYCL's kernels need no SoftF64 for it.
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

template <class Fmt, unsigned Threads>
struct ChainSum {
  static_assert(Threads % 32 == 0 && Threads >= 32 && Threads <= 1024, "spans go in groups of 32");
  static constexpr unsigned kGroups = Threads / 32;
  static constexpr unsigned kPhases = 6, kStart = kPhases;
  static constexpr int kP = Fmt::kP;
  static constexpr std::uint64_t kNone = ~0ull;
  // The first window: a few terms a work-item (a sum from 0 crosses binades early and often).
  static constexpr unsigned long long kMinWindow = 4ull * Threads;
  // Far outside every binade's range: a term that cannot stay in it.
  static constexpr long long kOut = 1ll << 60;
  static constexpr long long kMaxN = 1ll << 62;  // beyond every partial sum a check reads
  static constexpr unsigned kBatch = 8;           // terms a work-item loads at once

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
  // NaN, infinite or -0, then the binade's unit, N and range, and the window.
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
        const unsigned long long left = sh.n - sh.pos, want = sh.pos > kMinWindow ? sh.pos : kMinWindow;
        sh.end = sh.pos + (left < want ? left : want);
        sh.done = 0;
        return;
      }
      sh.acc = add(sh.acc, terms[sh.pos]);
      ++sh.pos;
    }
  }

  // The group's run: `step(p)` runs phase p on every work-item (first kStart), `sync()` is
  // the barrier after it; the rounds go on until the sum is done (sh.acc).
  template <class Step, class Sync>
  FVMAF_HD static void drive(const Shared& sh, Step step, Sync sync) {
    step(kStart);
    sync();
    while (!sh.done)
      for (unsigned p = 0; p < kPhases; ++p) {
        step(p);
        sync();
      }
  }

  // Phase p of work-item t over the n terms (kStart: work-item 0 sets up the first round).
  template <class Term, class Add>
  FVMAF_HD static void item(Shared& sh, Regs& r, unsigned p, unsigned t, const Term* terms, unsigned long long n,
                            Add add) {
    if (p != kStart) {
      phase(sh, r, p, t, terms, add);
    } else if (t == 0) {
      sh.n = n;
      sh.pos = 0;
      sh.acc = 0;
      set_up(sh, terms, add);
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
        std::uint64_t f0 = 0, f1 = 0;
        long long lo0 = kMaxN, hi0 = -kMaxN, lo1 = kMaxN, hi1 = -kMaxN;  // none yet: an empty span passes
        auto take = [&](const Term& term) {
          const Step s = step_of(term_parts(term), sh.eu);
          f0 += inc(s, f0 & 1u);
          f1 += inc(s, (1u + f1) & 1u);
          const long long v0 = static_cast<long long>(f0), v1 = static_cast<long long>(f1);
          lo0 = v0 < lo0 ? v0 : lo0;
          hi0 = v0 > hi0 ? v0 : hi0;
          lo1 = v1 < lo1 ? v1 : lo1;
          hi1 = v1 > hi1 ? v1 : hi1;
        };
        // The loads of a batch first: they do not wait on the sums, so a work-item has
        // kBatch of them in flight instead of one (each work-item reads its own lines).
        unsigned long long i = b;
        for (; i + kBatch <= e; i += kBatch) {
          Term v[kBatch];
          for (unsigned k = 0; k < kBatch; ++k) v[k] = terms[i + k];
          for (unsigned k = 0; k < kBatch; ++k) take(v[k]);
        }
        for (; i < e; ++i) take(terms[i]);
        sh.a0[t] = f0;
        sh.a1[t] = f1;
        r = {f0, f1, lo0, hi0, lo1, hi1};
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
        const long long lo = odd ? r.lo1 : r.lo0, hi = odd ? r.hi1 : r.hi0;
        const long long room_lo = static_cast<long long>(static_cast<std::uint64_t>(sh.lo) - n);
        const long long room_hi = static_cast<long long>(static_cast<std::uint64_t>(sh.hi) - n);
        if (lo >= room_lo && hi <= room_hi) {
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
