// Integer VIF: the helpers and both kernel paths against a plain reference of
// libvmaf's algorithm (integer_vif.c) written here from its description: mirrored
// indices, 64-bit sums, one pixel at a time.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "core/collector.hpp"
#include "core/cpu.hpp"
#include "features/vif/vif.hpp"
#include "features/vif/vif_math.hpp"
#include "features/vif/vif_options.hpp"
#include "features/vif/vif_params.hpp"
#include "features/vif/vif_dsp.hpp"
#include "picture_samples.hpp"

namespace fastvmaf::vif {
namespace {

// ---- reference -------------------------------------------------------------------

const std::vector<std::uint16_t>& ref_log2_table() {
  // libvmaf's log_generate(): round(log2f(i) * 2048).
  static const std::vector<std::uint16_t> t = [] {
    std::vector<std::uint16_t> v(65536, 0);
    for (unsigned i = 32767; i < 65536; ++i)
      v[i] = static_cast<std::uint16_t>(std::round(std::log2(static_cast<float>(i)) * 2048.0f));
    return v;
  }();
  return t;
}

int bit_length(std::uint64_t v) {
  int n = 0;
  while (v) {
    ++n;
    v >>= 1;
  }
  return n;
}

// log2(v) * 2048 from the 16 leading bits of v.
std::int64_t ref_log2(std::uint64_t v) {
  const int k = bit_length(v) - 16;
  return ref_log2_table()[v >> k] + 2048 * k;
}

const std::vector<std::uint32_t>& ref_filter(int scale) {
  static const std::vector<std::uint32_t> f[4] = {
      {489, 935, 1640, 2640, 3896, 5274, 6547, 7455, 7784, 7455, 6547, 5274, 3896, 2640, 1640, 935, 489},
      {1244, 3663, 7925, 12590, 14692, 12590, 7925, 3663, 1244},
      {3571, 16004, 26386, 16004, 3571},
      {10904, 43728, 10904}};
  return f[scale];
}

int mirror(int i, int n) { return i < 0 ? -i : (i >= n ? 2 * (n - 1) - i : i); }

struct Img {
  unsigned w = 0, h = 0;
  std::vector<std::uint32_t> px;
  std::uint32_t at(int x, int y) const { return px[static_cast<std::size_t>(mirror(y, h)) * w + mirror(x, w)]; }
};

struct RefAccum {
  std::int64_t num_log = 0, den_log = 0, num_non_log = 0, den_non_log = 0;
};

RefAccum ref_statistic(const Img& r, const Img& d, int scale, unsigned bpc, double egl) {
  const auto& f = ref_filter(scale);
  const int W = static_cast<int>(f.size()), R = W / 2;
  // Vertical rounding: scale 0 on samples of bpc bits, later scales on 16-bit means.
  const int mu_shift = scale == 0 ? static_cast<int>(bpc) : 16;
  const int sq_shift = scale == 0 ? 2 * (static_cast<int>(bpc) - 8) : 16;
  const std::uint64_t mu_round = std::uint64_t{1} << (mu_shift - 1);
  const std::uint64_t sq_round = sq_shift ? std::uint64_t{1} << (sq_shift - 1) : 0;
  RefAccum a;
  std::vector<std::uint64_t> vm1(r.w), vm2(r.w), vxx(r.w), vyy(r.w), vxy(r.w);
  for (int y = 0; y < static_cast<int>(r.h); ++y) {
    for (int x = 0; x < static_cast<int>(r.w); ++x) {
      std::uint64_t m1 = 0, m2 = 0, xx = 0, yy = 0, xy = 0;
      for (int k = 0; k < W; ++k) {
        const std::uint64_t p = r.at(x, y - R + k), q = d.at(x, y - R + k);
        m1 += f[k] * p;
        m2 += f[k] * q;
        xx += f[k] * p * p;
        yy += f[k] * q * q;
        xy += f[k] * p * q;
      }
      vm1[x] = static_cast<std::uint16_t>((m1 + mu_round) >> mu_shift);
      vm2[x] = static_cast<std::uint16_t>((m2 + mu_round) >> mu_shift);
      vxx[x] = static_cast<std::uint32_t>((xx + sq_round) >> sq_shift);
      vyy[x] = static_cast<std::uint32_t>((yy + sq_round) >> sq_shift);
      vxy[x] = static_cast<std::uint32_t>((xy + sq_round) >> sq_shift);
    }
    for (int x = 0; x < static_cast<int>(r.w); ++x) {
      std::uint64_t m1 = 0, m2 = 0, xx = 0, yy = 0, xy = 0;
      for (int k = 0; k < W; ++k) {
        const int c = mirror(x - R + k, r.w);
        m1 += f[k] * vm1[c];
        m2 += f[k] * vm2[c];
        xx += f[k] * vxx[c];
        yy += f[k] * vyy[c];
        xy += f[k] * vxy[c];
      }
      const std::uint64_t mu1 = static_cast<std::uint32_t>(m1), mu2 = static_cast<std::uint32_t>(m2);
      const std::uint32_t mu1_sq = static_cast<std::uint32_t>((mu1 * mu1 + (1ull << 31)) >> 32);
      const std::uint32_t mu2_sq = static_cast<std::uint32_t>((mu2 * mu2 + (1ull << 31)) >> 32);
      const std::uint32_t mu12 = static_cast<std::uint32_t>((mu1 * mu2 + (1ull << 31)) >> 32);
      const std::int64_t s1 = static_cast<std::int32_t>(static_cast<std::uint32_t>((xx + 32768) >> 16) - mu1_sq);
      std::int64_t s2 = static_cast<std::int32_t>(static_cast<std::uint32_t>((yy + 32768) >> 16) - mu2_sq);
      const std::int64_t s12 = static_cast<std::int32_t>(static_cast<std::uint32_t>((xy + 32768) >> 16) - mu12);
      if (s2 < 0) s2 = 0;
      if (s1 >= 131072) {
        a.den_log += ref_log2(static_cast<std::uint64_t>(131072 + s1)) - 2048 * 17;
        if (s12 > 0 && s2 > 0) {
          double g = static_cast<double>(s12) / (static_cast<double>(s1) + 65536 * 1.0e-10);
          const double sv = static_cast<double>(s2) - g * static_cast<double>(s12);
          const std::int64_t sv_sq = sv > 0 ? static_cast<std::int64_t>(sv) : 0;
          if (g > egl) g = egl;
          const std::uint64_t numer1 = static_cast<std::uint64_t>(sv_sq) + 131072;
          const auto gain = static_cast<std::int64_t>(g * g * static_cast<double>(s1));
          a.num_log += ref_log2(static_cast<std::uint64_t>(gain) + numer1) - ref_log2(numer1);
        }
      } else {
        a.num_non_log += s2;
        a.den_non_log += 1;
      }
    }
  }
  return a;
}

// The low-pass filter of `scale + 1` at the even rows and columns.
Img ref_subsample(const Img& src, int scale, unsigned bpc) {
  const auto& f = ref_filter(scale + 1);
  const int W = static_cast<int>(f.size()), R = W / 2;
  const int shift = scale == 0 ? static_cast<int>(bpc) : 16;
  Img out;
  out.w = src.w / 2;
  out.h = src.h / 2;
  out.px.resize(static_cast<std::size_t>(out.w) * out.h);
  for (unsigned oy = 0; oy < out.h; ++oy) {
    const int y = 2 * static_cast<int>(oy);
    for (unsigned ox = 0; ox < out.w; ++ox) {
      const int x = 2 * static_cast<int>(ox);
      std::uint64_t s = 0;
      for (int kx = 0; kx < W; ++kx) {
        const int c = x - R + kx;
        std::uint64_t v = 0;
        for (int ky = 0; ky < W; ++ky) v += f[ky] * static_cast<std::uint64_t>(src.at(c, y - R + ky));
        s += f[kx] * ((v + (std::uint64_t{1} << (shift - 1))) >> shift);
      }
      out.px[oy * out.w + ox] = static_cast<std::uint16_t>((s + 32768) >> 16);
    }
  }
  return out;
}

struct RefScores {
  float num[4], den[4];
};

RefScores ref_vif(const Img& r, const Img& d, unsigned bpc, double egl, bool skip_scale0) {
  RefScores out{};
  Img rs = r, ds = d;
  for (int s = 0; s < 4; ++s) {
    if (s > 0) {
      rs = ref_subsample(rs, s - 1, bpc);
      ds = ref_subsample(ds, s - 1, bpc);
    }
    if (s == 0 && skip_scale0) continue;
    const RefAccum a = ref_statistic(rs, ds, s, bpc, egl);
    out.num[s] = static_cast<float>(static_cast<double>(a.num_log) / 2048.0 +
                                    (static_cast<double>(a.den_non_log) -
                                     static_cast<double>(a.num_non_log) / 16384.0 / 65025.0));
    out.den[s] = static_cast<float>(static_cast<double>(a.den_log) / 2048.0 + static_cast<double>(a.den_non_log));
  }
  return out;
}

// ---- inputs ----------------------------------------------------------------------

// A reference plane with flat areas, gradients and noise of varying strength, and
// a distorted one (noise, a gain, clipping), so both branches of the statistic and
// the extreme sample values occur.
void make_planes(unsigned w, unsigned h, unsigned bpc, std::uint32_t seed, Img& r, Img& d) {
  std::mt19937 rng(seed);
  const int mx = (1 << bpc) - 1;
  r.w = d.w = w;
  r.h = d.h = h;
  r.px.resize(static_cast<std::size_t>(w) * h);
  d.px.resize(r.px.size());
  std::uniform_int_distribution<int> any(0, mx);
  for (unsigned y = 0; y < h; ++y) {
    for (unsigned x = 0; x < w; ++x) {
      const unsigned region = (x / 7 + y / 5) % 4;
      int v;
      if (region == 0)
        v = mx / 3;  // flat
      else if (region == 1)
        v = static_cast<int>((static_cast<long long>(x + 2 * y) * mx) / (w + 2 * h));  // gradient
      else if (region == 2)
        v = any(rng);  // full-range noise
      else
        v = mx / 2 + static_cast<int>(rng() % (mx / 16 + 1)) - mx / 32;  // mild noise
      v = std::clamp(v, 0, mx);
      int e = v + static_cast<int>(rng() % (mx / 8 + 1)) - mx / 16;
      if ((x + y) % 11 == 0) e = mx - v;
      r.px[y * w + x] = static_cast<std::uint32_t>(v);
      d.px[y * w + x] = static_cast<std::uint32_t>(std::clamp(e, 0, mx));
    }
  }
}

Picture to_picture(const Img& img, unsigned bpc) {
  Picture p = Picture::allocate(PixelFormat::YUV420, bpc, img.w, img.h);
  Plane& pl = p.plane(0);
  for (unsigned y = 0; y < img.h; ++y)
    for (unsigned x = 0; x < img.w; ++x) {
      test::set_sample(pl, bpc, x, y, img.px[y * img.w + x]);
    }
  return p;
}

OptionSet options(const OptionDict& d = {}) { return OptionSet("vif", &option_specs(), d); }

OptionDict dict(std::initializer_list<std::pair<const char*, const char*>> kv) {
  OptionDict d;
  for (const auto& [k, v] : kv) d.set(k, v);
  return d;
}

// Runs one frame through the extractor and returns its scale scores.
std::vector<ScaleScore> run_extractor(const Img& r, const Img& d, unsigned bpc, const OptionDict& opts,
                                      bool c_entries) {
  // The table is filled when the extractor is made (core/cpu.hpp).
  cpu::ScopedFlags flags(c_entries ? 0 : cpu::kAllFlags);
  VifExtractor e(options(opts));
  e.init({r.w, r.h, PixelFormat::YUV420, bpc});
  const Picture pr = to_picture(r, bpc), pd = to_picture(d, bpc);
  FrameInput in;
  in.ref = &pr;
  in.dis = &pd;
  e.submit(in);
  return {std::begin(e.scores()), std::end(e.scores())};
}

// ---- tests -----------------------------------------------------------------------

TEST(VifParams, Log2TableIsLibvmafs) {
  const std::uint16_t* t = log2_table();
  for (unsigned i = kLog2Base; i < 2 * kLog2Base; ++i) ASSERT_EQ(t[i - kLog2Base], ref_log2_table()[i]) << i;
}

TEST(VifMath, Log2HelpersMatchReferenceAndLog2) {
  const std::uint16_t* t = log2_table();
  std::mt19937_64 rng(7);
  for (int n = 0; n < 200000; ++n) {
    const std::uint32_t v32 = static_cast<std::uint32_t>(rng() >> (rng() % 14)) | (1u << 18);
    ASSERT_EQ(log2_32(t, v32), ref_log2(v32)) << v32;
    ASSERT_NEAR(log2_32(t, v32), 2048.0 * std::log2(static_cast<double>(v32)), 1.0);
    const std::uint64_t v64 = (rng() >> (11 + rng() % 36)) | (1ull << 17);
    ASSERT_EQ(log2_64(t, v64), ref_log2(v64)) << v64;
    ASSERT_NEAR(log2_64(t, v64), 2048.0 * std::log2(static_cast<double>(v64)), 1.0);
  }
}

TEST(VifMath, SigmasMatchReference) {
  std::mt19937_64 rng(11);
  for (int n = 0; n < 100000; ++n) {
    const std::uint32_t mu1 = static_cast<std::uint32_t>(rng()), mu2 = static_cast<std::uint32_t>(rng());
    const std::uint32_t xx = static_cast<std::uint32_t>(rng()), yy = static_cast<std::uint32_t>(rng()),
                        xy = static_cast<std::uint32_t>(rng());
    const Sigmas s = vif_sigmas(mu1, mu2, xx, yy, xy);
    const auto hi = [](std::uint64_t a, std::uint64_t b) {
      return static_cast<std::uint32_t>((a * b + 0x80000000ull) >> 32);
    };
    // Differences modulo 2^32, read as two's complement.
    const auto diff = [](std::uint32_t a, std::uint32_t b) {
      const std::int64_t d = static_cast<std::int64_t>(a) - b;
      return static_cast<std::int32_t>(d >= 0x80000000LL ? d - 0x100000000LL : (d < -0x80000000LL ? d + 0x100000000LL : d));
    };
    ASSERT_EQ(s.s1, diff(xx, hi(mu1, mu1)));
    ASSERT_EQ(s.s2, std::max(0, diff(yy, hi(mu2, mu2))));
    ASSERT_EQ(s.s12, diff(xy, hi(mu1, mu2)));
  }
}

TEST(VifMath, AccumulateMatchesReferenceOnRandomSigmas) {
  const std::uint16_t* t = log2_table();
  std::mt19937_64 rng(3);
  for (double egl : {100.0, 1.0, 1.7}) {
    VifAccum acc;
    std::int64_t num_log = 0, den_log = 0, num_non_log = 0, den_non_log = 0;
    for (int n = 0; n < 200000; ++n) {
      // Mostly plausible variances (< 2^30), some anywhere in int32.
      auto pick = [&] {
        return n % 7 ? static_cast<std::int32_t>(rng() % (1u << 30)) - (1 << 20) : static_cast<std::int32_t>(rng());
      };
      Sigmas s{pick(), std::max(0, pick()), pick()};
      vif_accumulate(acc, s, egl, t);
      if (s.s1 >= 131072) {
        den_log += ref_log2(static_cast<std::uint32_t>(131072 + static_cast<std::int64_t>(s.s1))) - 2048 * 17;
        if (s.s12 > 0 && s.s2 > 0) {
          double g = s.s12 / (s.s1 + 65536 * 1.0e-10);
          const double sv = s.s2 - g * s.s12;
          const std::int64_t sv_sq = sv > 0 ? static_cast<std::int64_t>(sv) : 0;
          g = std::min(g, egl);
          const std::uint64_t numer1 = static_cast<std::uint64_t>(sv_sq) + 131072;
          num_log += ref_log2(static_cast<std::uint64_t>(static_cast<std::int64_t>(g * g * s.s1)) + numer1) -
                     ref_log2(numer1);
        }
      } else {
        num_non_log += s.s2;
        ++den_non_log;
      }
    }
    EXPECT_EQ(acc.num_log, num_log);
    EXPECT_EQ(acc.den_log, den_log);
    EXPECT_EQ(acc.num_non_log, num_non_log);
    EXPECT_EQ(acc.den_non_log, den_non_log);
  }
}

struct Case {
  unsigned w, h, bpc;
};

class VifFrames : public ::testing::TestWithParam<Case> {};

TEST_P(VifFrames, BothPathsMatchTheReference) {
  const Case c = GetParam();
  Img r, d;
  make_planes(c.w, c.h, c.bpc, c.w * 131 + c.h * 7 + c.bpc, r, d);
  for (double egl : {100.0, 1.0}) {
    const RefScores want = ref_vif(r, d, c.bpc, egl, false);
    OptionDict o;
    o.set("vif_enhn_gain_limit", egl == 1.0 ? "1.0" : "100");
    for (bool scalar : {true, false}) {
      const auto got = run_extractor(r, d, c.bpc, o, scalar);
      for (int s = 0; s < 4; ++s) {
        EXPECT_EQ(got[s].num, want.num[s]) << "scale " << s << (scalar ? " scalar" : " simd") << " egl " << egl;
        EXPECT_EQ(got[s].den, want.den[s]) << "scale " << s << (scalar ? " scalar" : " simd") << " egl " << egl;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, VifFrames,
                         ::testing::Values(Case{16, 16, 8}, Case{17, 17, 8}, Case{17, 17, 10}, Case{31, 23, 12},
                                           Case{64, 40, 16}, Case{100, 37, 8}, Case{853, 480, 8},
                                           Case{853, 480, 10}, Case{201, 77, 16}, Case{160, 90, 8},
                                           Case{47, 300, 12}, Case{130, 66, 9}));

// This CPU's SIMD entries and the C ones on many more sizes (every width modulo 16 and
// a few heights per bit depth), without the slow reference.
TEST(VifKernels, SimdPathIsBitIdenticalToC) {
  if (cpu::level_of(cpu::active()) == cpu::Level::C) GTEST_SKIP() << "no SIMD level on this CPU";
  for (unsigned bpc : {8u, 10u, 12u, 16u}) {
    for (unsigned w = 16; w < 16 + 40; ++w) {
      for (unsigned h : {16u, 21u, 34u}) {
        Img r, d;
        make_planes(w, h, bpc, w * 977 + h + bpc, r, d);
        const auto a = run_extractor(r, d, bpc, {}, true);
        const auto b = run_extractor(r, d, bpc, {}, false);
        for (int s = 0; s < 4; ++s) {
          ASSERT_EQ(a[s].num, b[s].num) << w << "x" << h << " bpc " << bpc << " scale " << s;
          ASSERT_EQ(a[s].den, b[s].den) << w << "x" << h << " bpc " << bpc << " scale " << s;
        }
      }
    }
  }
}

TEST(VifExtractor, EmitsScoresDebugValuesAndSkipScale0LikeLibvmaf) {
  Img r, d;
  make_planes(40, 32, 8, 5, r, d);
  const Picture pr = to_picture(r, 8), pd = to_picture(d, 8);
  FrameInput in;
  in.ref = &pr;
  in.dis = &pd;
  for (bool skip : {false, true}) {
    const OptionDict o = skip ? dict({{"debug", "true"}, {"vif_skip_scale0", "true"}}) : dict({{"debug", "true"}});
    VifExtractor e(options(o));
    e.init({40, 32, PixelFormat::YUV420, 8});
    e.submit(in);
    FeatureCollector c;
    e.collect(3, c);
    const RefScores want = ref_vif(r, d, 8, 100.0, skip);
    const std::string sfx = skip ? "_ssclz" : "";
    auto get = [&](const std::string& n) {
      auto v = c.get(n, 3);
      EXPECT_TRUE(v.has_value()) << n;
      return v.value_or(-12345.0);
    };
    const std::string s0 = skip ? "integer_vif_scale0" + sfx : "VMAF_integer_feature_vif_scale0_score";
    EXPECT_EQ(get(s0), skip ? 0.0 : static_cast<double>(want.num[0] / want.den[0]));
    for (int s = 1; s < 4; ++s) {
      const std::string n = skip ? "integer_vif_scale" + std::to_string(s) + sfx
                                 : "VMAF_integer_feature_vif_scale" + std::to_string(s) + "_score";
      EXPECT_EQ(get(n), static_cast<double>(want.num[s] / want.den[s])) << n;
      EXPECT_EQ(get("integer_vif_num_scale" + std::to_string(s) + sfx), static_cast<double>(want.num[s]));
      EXPECT_EQ(get("integer_vif_den_scale" + std::to_string(s) + sfx), static_cast<double>(want.den[s]));
    }
    double num = 0, den = 0;
    for (int s = skip ? 1 : 0; s < 4; ++s) {
      num += static_cast<double>(want.num[s]);
      den += static_cast<double>(want.den[s]);
    }
    EXPECT_EQ(get("integer_vif" + sfx), num / den);
    EXPECT_EQ(get("integer_vif_num" + sfx), num);
    EXPECT_EQ(get("integer_vif_den" + sfx), den);
    EXPECT_EQ(get("integer_vif_num_scale0" + sfx), skip ? 0.0 : static_cast<double>(want.num[0]));
    EXPECT_EQ(get("integer_vif_den_scale0" + sfx), skip ? -1.0 : static_cast<double>(want.den[0]));
  }
}

TEST(VifExtractor, FeatureNamesCarryNonDefaultOptions) {
  const FeatureNames n = make_feature_names(options(dict({{"vif_enhn_gain_limit", "1.0"}})));
  EXPECT_EQ(n.scale[0], "integer_vif_scale0_egl_1");
  EXPECT_EQ(n.scale[3], "integer_vif_scale3_egl_1");
  EXPECT_EQ(make_feature_names(options()).scale[1], "VMAF_integer_feature_vif_scale1_score");
}

TEST(VifExtractor, RejectsPicturesBelowTheMinimumSize) {
  VifExtractor e(options());
  for (auto [w, h] : {std::pair{15u, 100u}, {100u, 15u}, {8u, 8u}, {1u, 1u}}) {
    try {
      e.init({w, h, PixelFormat::YUV420, 8});
      FAIL() << w << "x" << h;
    } catch (const std::invalid_argument& ex) {
      EXPECT_NE(std::string(ex.what()).find("at least 16x16"), std::string::npos) << ex.what();
    }
  }
  EXPECT_NO_THROW(e.init({16, 16, PixelFormat::YUV420, 8}));
}

TEST(VifExtractor, RejectsOptionsOutOfRange) {
  EXPECT_THROW(options(dict({{"vif_enhn_gain_limit", "0.5"}})), std::invalid_argument);
  EXPECT_THROW(options(dict({{"vif_enhn_gain_limit", "100.5"}})), std::invalid_argument);
  EXPECT_THROW(options(dict({{"vif_skip_scale0", "maybe"}})), std::invalid_argument);
  EXPECT_NO_THROW(options(dict({{"vif_enhn_gain_limit", "1"}})));
}

}  // namespace
}  // namespace fastvmaf::vif
