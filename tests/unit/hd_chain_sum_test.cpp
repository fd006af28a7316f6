// hd::ChainSum (core/hd/chain_sum.hpp) against the loop it stands for, `acc = acc + t[i]`
// from +0, bit for bit: double terms into a double, float terms into a float and into a
// double; random sums, sums that cross zero and many binades, sums full of halfway terms
// (whose rounding depends on the sum's parity), zeros, -0, subnormals, infinities and NaN;
// several group sizes, work-items run forward and in reverse in each phase (as the replay
// does: a phase that read what another work-item writes in it would differ). With tiles
// too: the tiles' estimates and functions made as their launches make them, and with tiles
// composed under a wrong unit (the group must then add their terms itself, and still give
// the loop's bits).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/hd/bits.hpp"
#include "core/hd/chain_sum.hpp"

namespace fastvmaf {
namespace {

// How the group gets tiles: none; as the launches make them; each composed under the unit
// of the binade above the predicted one (every prediction wrong where one was made); or each
// under the unit of the loop's own sum at the tile's start, with no margin (so the tiles
// the sum leaves its binade in have the right unit, and only their ranges refuse them).
enum class Tiles { None, Made, WrongUnit, StartUnit };

// The tiles' launches ("estimate", then "compose": one work-item per tile).
template <class Fmt, class Chain, class Term, class Add>
std::vector<hd::ChainTile> make_tiles(const std::vector<Term>& terms, Tiles how, Add add) {
  const unsigned long long n = terms.size(), count = hd::chain_tile_count(n);
  std::vector<hd::ChainTileEstimate> est(count);
  std::vector<hd::ChainTile> tiles(count);
  for (unsigned long long j = 0; j < count; ++j) Chain::estimate_tile(terms.data(), n, j, est.data());
  for (unsigned long long j = 0; j < count; ++j) Chain::compose_tile(terms.data(), n, j, est.data(), tiles.data());
  std::uint64_t acc = 0;  // StartUnit: the loop's sum at the tile's start
  for (unsigned long long j = 0; j < count; ++j) {
    const unsigned long long b = j * Chain::kTile, e = std::min(n, b + Chain::kTile);
    long long eu = tiles[j].eu;
    if (how == Tiles::WrongUnit && eu != hd::kNoUnit) eu += 1;
    if (how == Tiles::StartUnit) {
      const unsigned ex = static_cast<unsigned>(acc >> (Fmt::kP - 1)) & Fmt::kExpMax;
      eu = ex >= 2 && ex != Fmt::kExpMax ? static_cast<long long>(ex) - Fmt::kBias - (Fmt::kP - 1) : hd::kNoUnit;
      for (unsigned long long i = b; i < e; ++i) acc = add(acc, terms[i]);
    }
    if (how == Tiles::Made || eu == hd::kNoUnit) {
      if (how != Tiles::Made) tiles[j].eu = eu;
      continue;
    }
    const typename Chain::Regs r = Chain::compose_span(terms.data(), b, e, static_cast<int>(eu));
    tiles[j] = {r.t0, r.t1, r.lo0, r.hi0, r.lo1, r.hi1, eu};
  }
  return tiles;
}

template <class Fmt, unsigned Threads, class Term, class Add>
std::uint64_t group_sum(const std::vector<Term>& terms, Add add, bool reverse, unsigned* rounds = nullptr,
                        Tiles how = Tiles::None, unsigned long long* composed = nullptr) {
  using Chain = hd::ChainSum<Fmt, Threads>;
  auto sh = std::make_unique<typename Chain::Shared>();
  const Term* p = terms.data();
  std::vector<typename Chain::Regs> regs(Threads);
  const std::vector<hd::ChainTile> tiles =
      how == Tiles::None ? std::vector<hd::ChainTile>{} : make_tiles<Fmt, Chain>(terms, how, add);
  unsigned r = 0;
  unsigned long long c = 0;
  Chain::drive(
      *sh,
      [&](unsigned ph) {
        if (ph == 0) {
          ++r;
          c += sh->end - sh->pos;  // the round's window: terms the group composes
        }
        for (unsigned k = 0; k < Threads; ++k) {
          const unsigned t = reverse ? Threads - 1 - k : k;
          Chain::item(*sh, regs[t], ph, t, p, terms.size(), add, how == Tiles::None ? nullptr : tiles.data());
        }
      },
      [] {});
  if (rounds) *rounds = r;
  if (composed) *composed = c;
  return sh->acc;
}

std::uint64_t add_dd(std::uint64_t s, std::uint64_t w) { return hd::double_bits(hd::bits_double(s) + hd::bits_double(w)); }
std::uint64_t add_ff(std::uint64_t s, float w) {
  return hd::float_bits(hd::bits_float(static_cast<std::uint32_t>(s)) + w);
}
std::uint64_t add_df(std::uint64_t s, float w) { return hd::double_bits(hd::bits_double(s) + static_cast<double>(w)); }

std::uint64_t loop_dd(const std::vector<std::uint64_t>& t) {
  double s = 0.0;
  for (std::uint64_t w : t) s += hd::bits_double(w);
  return hd::double_bits(s);
}
std::uint64_t loop_ff(const std::vector<float>& t) {
  float s = 0.0f;
  for (float w : t) s += w;
  return hd::float_bits(s);
}
std::uint64_t loop_df(const std::vector<float>& t) {
  double s = 0.0;
  for (float w : t) s += static_cast<double>(w);
  return hd::double_bits(s);
}

std::vector<std::uint64_t> as_bits(const std::vector<double>& v) {
  std::vector<std::uint64_t> b;
  for (double d : v) b.push_back(hd::double_bits(d));
  return b;
}

void expect_doubles(const std::vector<double>& v, const std::string& what) {
  const std::vector<std::uint64_t> t = as_bits(v);
  const std::uint64_t want = loop_dd(t);
  for (bool rev : {false, true}) {
    EXPECT_EQ(want, (group_sum<hd::Binary64, 32>(t, add_dd, rev))) << what << " (32 work-items)";
    EXPECT_EQ(want, (group_sum<hd::Binary64, 256>(t, add_dd, rev))) << what << " (256)";
  }
  EXPECT_EQ(want, (group_sum<hd::Binary64, 1024>(t, add_dd, false))) << what << " (1024)";
  for (Tiles how : {Tiles::Made, Tiles::WrongUnit, Tiles::StartUnit}) {
    const char* tiles = how == Tiles::Made ? " with tiles" : how == Tiles::WrongUnit ? " with tiles of a wrong unit"
                                                                                      : " with tiles of the start's unit";
    EXPECT_EQ(want, (group_sum<hd::Binary64, 256>(t, add_dd, true, nullptr, how))) << what << " (256)" << tiles;
    EXPECT_EQ(want, (group_sum<hd::Binary64, 1024>(t, add_dd, false, nullptr, how))) << what << " (1024)" << tiles;
  }
}

void expect_floats(const std::vector<float>& v, const std::string& what) {
  const std::uint64_t want_f = loop_ff(v), want_d = loop_df(v);
  for (bool rev : {false, true}) {
    EXPECT_EQ(want_f, (group_sum<hd::Binary32, 32>(v, add_ff, rev))) << what << " (float, 32)";
    EXPECT_EQ(want_f, (group_sum<hd::Binary32, 256>(v, add_ff, rev))) << what << " (float, 256)";
    EXPECT_EQ(want_d, (group_sum<hd::Binary64, 64>(v, add_df, rev))) << what << " (double of floats, 64)";
  }
  for (Tiles how : {Tiles::Made, Tiles::WrongUnit, Tiles::StartUnit}) {
    const char* tiles = how == Tiles::Made ? " with tiles" : how == Tiles::WrongUnit ? " with tiles of a wrong unit"
                                                                                      : " with tiles of the start's unit";
    EXPECT_EQ(want_f, (group_sum<hd::Binary32, 256>(v, add_ff, true, nullptr, how))) << what << " (float, 256)" << tiles;
    EXPECT_EQ(want_d, (group_sum<hd::Binary64, 64>(v, add_df, false, nullptr, how)))
        << what << " (double of floats, 64)" << tiles;
  }
}

TEST(ChainSum, EmptyAndShort) {
  expect_doubles({}, "no term");
  expect_doubles({1.5}, "one");
  expect_doubles({0.1, 0.2}, "two");
  expect_doubles({1e300, 1e300, -1e300}, "three");
  expect_floats({}, "no term");
  expect_floats({0.1f, 0.2f, 0.3f}, "three");
}

TEST(ChainSum, RandomPositiveTermsCrossManyBinades) {
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (std::size_t n : {31u, 33u, 4097u, 100000u}) {
    std::vector<double> v(n);
    for (double& d : v) d = u(rng);
    expect_doubles(v, "uniform, n=" + std::to_string(n));
  }
  std::vector<float> f(200000);
  for (float& x : f) x = static_cast<float>(u(rng) * 100.0);
  expect_floats(f, "uniform floats");
}

TEST(ChainSum, MixedSignsAndMagnitudesCrossZero) {
  std::mt19937_64 rng(2);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_int_distribution<int> e(-60, 60);
  std::vector<double> v(50000);
  for (double& d : v) d = std::ldexp(u(rng), e(rng));
  expect_doubles(v, "magnitudes 2^-60..2^60");
  // A sum that goes up, down through 0 and up again: every binade twice.
  std::vector<double> w;
  for (int i = 0; i < 3000; ++i) w.push_back(0.75 + u(rng) * 0.1);
  for (int i = 0; i < 6000; ++i) w.push_back(-0.75 + u(rng) * 0.1);
  for (int i = 0; i < 3000; ++i) w.push_back(0.5 + u(rng) * 0.1);
  w.push_back(-w.back());
  expect_doubles(w, "through zero");
  std::vector<float> f;
  for (double d : w) f.push_back(static_cast<float>(d));
  expect_floats(f, "through zero");
}

TEST(ChainSum, HalfwayTermsRoundToEven) {
  // At 2^53 a double's unit is 2: every odd term is halfway, rounded by the sum's parity;
  // negative ones take the sum below 2^53 (unit 1) and back.
  std::mt19937_64 rng(3);
  std::uniform_int_distribution<int> odd(-4, 3);
  std::vector<double> v{9007199254740992.0};
  for (int i = 0; i < 20000; ++i) v.push_back(2 * odd(rng) + 1);
  expect_doubles(v, "odd terms at 2^53");
  std::vector<double> w{9007199254740992.0};
  for (int i = 0; i < 20000; ++i) w.push_back((2 * odd(rng) + 1) * 0.5);
  expect_doubles(w, "quarter-unit and halfway terms at 2^53");
  std::vector<float> f{16777216.0f};
  for (int i = 0; i < 20000; ++i) f.push_back(static_cast<float>(2 * odd(rng) + 1));
  expect_floats(f, "odd terms at 2^24");
  // Well inside the binade (from 1.25 * 2^53, 1.25 * 2^24: no round ends early), whole terms
  // -7..7: the even ones leave the sum's parity odd or even, the odd ones are halfway, so
  // every span's halfway terms take the parity its sum brings.
  std::uniform_int_distribution<int> whole(-7, 7);
  std::vector<double> mid{1.25 * 9007199254740992.0};
  for (int i = 0; i < 20000; ++i) mid.push_back(whole(rng));
  expect_doubles(mid, "whole terms inside [2^53, 2^54)");
  std::vector<float> midf{1.25f * 16777216.0f};
  for (int i = 0; i < 20000; ++i) midf.push_back(static_cast<float>(whole(rng)));
  expect_floats(midf, "whole terms inside [2^24, 2^25)");
}

TEST(ChainSum, ZerosAndSubnormals) {
  expect_doubles(std::vector<double>(5000, 0.0), "zeros");
  std::vector<double> z(5000, -0.0);
  expect_doubles(z, "-0 terms");
  z[2500] = 1e-310;
  z[2501] = -1e-310;
  z[4000] = 3.0;
  expect_doubles(z, "-0, subnormals, one normal");
  std::mt19937_64 rng(4);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<double> s(20000);
  for (double& d : s) d = u(rng) * 1e-308;  // subnormal and lowest-binade sums
  expect_doubles(s, "around the smallest normal");
  std::vector<float> f(20000);
  for (float& x : f) x = static_cast<float>(u(rng) * 1e-38);
  expect_floats(f, "around float's smallest normal");
  std::vector<float> zf(3000, 0.0f);
  zf[1000] = -0.0f;
  expect_floats(zf, "float zeros");
}

TEST(ChainSum, InfinityAndNaN) {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> v(3000, 0.5);
  v[1700] = inf;
  expect_doubles(v, "inf");
  v[2000] = -inf;
  expect_doubles(v, "inf - inf");
  std::vector<double> w(3000, 0.25);
  w[10] = nan;
  expect_doubles(w, "NaN");
  std::vector<double> big(3000, 1e308);
  expect_doubles(big, "overflow");
  std::vector<float> f(3000, 3e37f);
  expect_floats(f, "float overflow");
}

TEST(ChainSum, TilesSkipMostTerms) {
  // SSIM-like terms: 2 million near 1, the sum crossing 21 binades. With tiles the group
  // composes only the tiles where the sum leaves a binade (and the first ones), not every
  // term; with tiles of a wrong unit it composes them all, and both give the loop's bits.
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> u(0.5, 1.0);
  std::vector<double> v(2000000);
  for (double& d : v) d = u(rng);
  const std::vector<std::uint64_t> t = as_bits(v);
  unsigned long long made = 0, wrong = 0, start = 0;
  EXPECT_EQ(loop_dd(t), (group_sum<hd::Binary64, 1024>(t, add_dd, false, nullptr, Tiles::Made, &made)));
  EXPECT_EQ(loop_dd(t), (group_sum<hd::Binary64, 1024>(t, add_dd, false, nullptr, Tiles::WrongUnit, &wrong)));
  EXPECT_EQ(loop_dd(t), (group_sum<hd::Binary64, 1024>(t, add_dd, false, nullptr, Tiles::StartUnit, &start)));
  EXPECT_LT(made, t.size() / 20) << "tiles taken in O(1): the group composed " << made << " of " << t.size();
  EXPECT_GE(wrong, t.size()) << "a tile of another unit must not be taken";
  // The start's unit is right for every tile, so only the ranges of the tiles the sum
  // leaves its binade in send them to the rounds.
  EXPECT_LT(start, t.size() / 20);
}

TEST(ChainSum, RoundsFollowTheBinades) {
  // 10^5 terms near 1 cross 17 binades; each round ends at one of them (or the end).
  std::vector<double> v(100000, 1.0);
  unsigned rounds = 0;
  EXPECT_EQ(loop_dd(as_bits(v)), (group_sum<hd::Binary64, 256>(as_bits(v), add_dd, false, &rounds)));
  EXPECT_GE(rounds, 17u);
  EXPECT_LE(rounds, 40u);
}

}  // namespace
}  // namespace fastvmaf
