// float_ssim and float_ms_ssim: the option tables, the helpers (automatic scale, sizes,
// the minimum size, dB), the streaming SSIM map and the decimations against plain
// whole-plane versions written here the way libvmaf structures them (plane passes,
// decimation in place), bit for bit on random images of odd and tiny sizes, the
// extractors' refusals and output names, and the SIMD level's values against the C
// entries'.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "core/cpu.hpp"
#include "core/options.hpp"
#include "features/ssim/ms_ssim.hpp"
#include "features/ssim/ssim.hpp"
#include "features/ssim/ssim_dsp.hpp"
#include "features/ssim/ssim_map.hpp"
#include "features/ssim/ssim_options.hpp"
#include "features/ssim/ssim_params.hpp"
#include "error_of.hpp"
#include "value_sink.hpp"
#include "picture_samples.hpp"

namespace fastvmaf::ssim {
namespace {

using ::fastvmaf::test::error_of;

OptionSet ssim_options(std::initializer_list<std::pair<const char*, const char*>> kv) {
  OptionDict d;
  for (const auto& [k, v] : kv) d.set(k, v);
  return OptionSet("float_ssim", &ssim_option_specs(), d);
}

OptionSet ms_ssim_options(std::initializer_list<std::pair<const char*, const char*>> kv) {
  OptionDict d;
  for (const auto& [k, v] : kv) d.set(k, v);
  return OptionSet("float_ms_ssim", &ms_ssim_option_specs(), d);
}

bool same_bits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(SsimOptions, TablesAndRanges) {
  const OptionSet d = ssim_options({});
  EXPECT_FALSE(d.get_bool("enable_lcs"));
  EXPECT_FALSE(d.get_bool("enable_db"));
  EXPECT_FALSE(d.get_bool("clip_db"));
  EXPECT_EQ(d.get_int("scale"), 0);
  EXPECT_EQ(ssim_options({{"scale", "10"}}).get_int("scale"), 10);
  EXPECT_NE(error_of([] { ssim_options({{"scale", "11"}}); }).find("[0, 10]"), std::string::npos);
  EXPECT_NE(error_of([] { ssim_options({{"scale", "-1"}}); }).find("scale"), std::string::npos);
  EXPECT_NE(error_of([] { ssim_options({{"enable_db", "maybe"}}); }).find("enable_db"), std::string::npos);
  // MS-SSIM has no scale option.
  EXPECT_NE(error_of([] { ms_ssim_options({{"scale", "2"}}); }).find("scale"), std::string::npos);
  EXPECT_TRUE(ms_ssim_options({{"enable_lcs", "true"}}).get_bool("enable_lcs"));
  // None of them renames the outputs (libvmaf flags none as a feature parameter).
  for (const auto& s : ssim_option_specs()) EXPECT_FALSE(s.feature_param) << s.name;
  for (const auto& s : ms_ssim_option_specs()) EXPECT_FALSE(s.feature_param) << s.name;
}

TEST(SsimParams, AutomaticScale) {
  EXPECT_EQ(auto_scale(1920, 1080), 4);
  EXPECT_EQ(auto_scale(3840, 2160), 8);
  EXPECT_EQ(auto_scale(1280, 720), 3);
  EXPECT_EQ(auto_scale(576, 324), 1);
  EXPECT_EQ(auto_scale(1920, 128), 1);  // 0.5 rounds up, and the minimum is 1 anyway
  EXPECT_EQ(auto_scale(640, 384), 2);   // 1.5 rounds away from zero
  EXPECT_EQ(auto_scale(640, 383), 1);
  EXPECT_EQ(auto_scale(32, 32), 1);
}

TEST(SsimParams, SizesAndLimits) {
  EXPECT_EQ(decimated_size(1920, 4), 480);
  EXPECT_EQ(decimated_size(853, 2), 427);
  EXPECT_EQ(decimated_size(1281, 3), 428);  // one more for an odd size, whatever the factor
  EXPECT_EQ(decimated_size(5, 10), 1);
  EXPECT_TRUE(ms_ssim_fits(176, 176));
  EXPECT_FALSE(ms_ssim_fits(175, 176));
  EXPECT_FALSE(ms_ssim_fits(176, 175));
  EXPECT_FALSE(ms_ssim_fits(1920, 128));
  EXPECT_FALSE(ms_ssim_fits(160, 90));
  EXPECT_EQ(kMsSsimMinSize, 176);
  EXPECT_TRUE(box_filter_fits(1920, 10));
  EXPECT_TRUE(box_filter_fits(5, 10));   // one output, its taps mirrored once
  EXPECT_TRUE(box_filter_fits(4, 10));   // no output: nothing is read
  EXPECT_FALSE(box_filter_fits(3, 10));  // one output whose taps reach past the mirror
  EXPECT_FALSE(box_filter_fits(3, 8));
}

TEST(SsimParams, Decibels) {
  EXPECT_TRUE(std::isinf(max_db(false, 8, 576, 324)));
  // 255^2 / (0.5 / (16 * 16)) = 33292800: 75.22 dB, rounded up.
  EXPECT_EQ(max_db(true, 8, 16, 16), 76.0);
  EXPECT_EQ(to_db(1.0, 76.0), 76.0);  // -10 log10(0) = +inf, clipped
  EXPECT_NEAR(to_db(0.9, max_db(false, 8, 16, 16)), 10.0, 1e-12);
  EXPECT_EQ(to_db(std::nan(""), 60.0), 60.0);  // libvmaf's MIN picks the ceiling for NaN
  EXPECT_EQ(unsupported_depth("float_ssim", 10), "");
  EXPECT_NE(unsupported_depth("float_ssim", 9).find("bit depth 9"), std::string::npos);
}

// ---- Whole-plane versions, structured as libvmaf's iqa code is ----

std::vector<float> convolve_valid(const std::vector<float>& img, int w, int h, int& ow, int& oh) {
  ow = w - 10;
  oh = h - 10;
  std::vector<float> cache(static_cast<std::size_t>(w) * h, 0.0f);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < ow; ++x) {
      double sum = 0.0;
      for (int t = 0; t < 11; ++t) sum += img[y * w + x + t] * kGaussian[t];
      cache[y * w + x + 5] = static_cast<float>(sum);
    }
  std::vector<float> out(ow > 0 && oh > 0 ? static_cast<std::size_t>(ow) * oh : 0);
  for (int x = 0; x < ow; ++x)
    for (int y = 0; y < oh; ++y) {
      double sum = 0.0;
      for (int t = 0; t < 11; ++t) sum += cache[(y + t) * w + x + 5] * kGaussian[t];
      out[y * ow + x] = static_cast<float>(sum);
    }
  return out;
}

SsimMeans plane_ssim(const std::vector<float>& a, const std::vector<float>& b, int w, int h) {
  std::vector<float> aa(a.size()), bb(a.size()), ab(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    aa[i] = a[i] * a[i];
    bb[i] = b[i] * b[i];
    ab[i] = a[i] * b[i];
  }
  int ow = 0, oh = 0;
  const auto mu1 = convolve_valid(a, w, h, ow, oh), mu2 = convolve_valid(b, w, h, ow, oh);
  auto s11 = convolve_valid(aa, w, h, ow, oh), s22 = convolve_valid(bb, w, h, ow, oh),
       s12 = convolve_valid(ab, w, h, ow, oh);
  const float c1 = (0.01f * 255) * (0.01f * 255), c2 = (0.03f * 255) * (0.03f * 255), c3 = c2 / 2.0f;
  double sum = 0, ls = 0, cs = 0, ss = 0;
  for (std::size_t i = 0; i < mu1.size(); ++i) {
    s11[i] -= mu1[i] * mu1[i];
    s22[i] -= mu2[i] * mu2[i];
    s11[i] = 0.0 > s11[i] ? 0.0f : s11[i];
    s22[i] = 0.0 > s22[i] ? 0.0f : s22[i];
    s12[i] -= mu1[i] * mu2[i];
  }
  for (std::size_t i = 0; i < mu1.size(); ++i) {
    const float root = static_cast<float>(std::sqrt(static_cast<double>(s11[i] * s22[i])));
    const double l = (2.0 * mu1[i] * mu2[i] + c1) / (mu1[i] * mu1[i] + mu2[i] * mu2[i] + c1);
    const double c = (2.0 * root + c2) / (s11[i] + s22[i] + c2);
    const float cov = (s12[i] < 0.0f && root <= 0.0f) ? 0.0f : s12[i];
    const double s = (cov + c3) / (root + c3);
    sum += l * c * s;
    ls += l;
    cs += c;
    ss += s;
  }
  const double n = static_cast<double>(ow * oh);
  return {static_cast<float>(sum / n), static_cast<float>(ls / n), static_cast<float>(cs / n),
          static_cast<float>(ss / n)};
}

// libvmaf's decimation: in place for float_ssim (`in_place`), into a new image for
// MS-SSIM; `img` ends up holding the result either way.
void decimate_plane(std::vector<float>& img, int w, int h, int f, const float* table, int k, int& sw, int& sh,
                    bool in_place) {
  const std::vector<float> src = img;
  sw = w / f + (w & 1);
  sh = h / f + (h & 1);
  const int half = k / 2, last = half - (k % 2 == 0);
  auto at = [&](int x, int y) {
    if (x < 0) x = -1 - x;
    if (x >= w) x = w - (x - w) - 1;
    if (y < 0) y = -1 - y;
    if (y >= h) y = h - (y - h) - 1;
    return in_place ? img[y * w + x] : src[y * w + x];
  };
  for (int y = 0; y < sh; ++y)
    for (int x = 0; x < sw; ++x) {
      double sum = 0;
      int i = 0;
      for (int v = -half; v <= last; ++v)
        for (int u = -half; u <= last; ++u, ++i) sum += at(x * f + u, y * f + v) * table[i];
      img[y * sw + x] = static_cast<float>(sum);
    }
}

std::vector<float> random_image(std::mt19937& rng, int w, int h, float scale) {
  std::uniform_int_distribution<int> d(0, 255 * 4);
  std::vector<float> v(static_cast<std::size_t>(w) * h);
  // A smooth ramp plus noise, so windows are neither flat nor pure noise.
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) v[y * w + x] = static_cast<float>((x * 3 + y * 2) % 400 + d(rng) % 200) / scale;
  return v;
}

void expect_same(const SsimMeans& a, const SsimMeans& b, int w, int h) {
  EXPECT_TRUE(same_bits(a.ssim, b.ssim)) << w << "x" << h << ": " << a.ssim << " vs " << b.ssim;
  EXPECT_TRUE(same_bits(a.l, b.l)) << w << "x" << h;
  EXPECT_TRUE(same_bits(a.c, b.c)) << w << "x" << h;
  EXPECT_TRUE(same_bits(a.s, b.s)) << w << "x" << h;
}

TEST(SsimMap, EqualsThePlaneAlgorithmBitForBit) {
  std::mt19937 rng(7);
  const std::pair<int, int> sizes[] = {{11, 11}, {12, 37}, {37, 12}, {64, 48}, {97, 53}, {200, 31}};
  for (const auto& [w, h] : sizes)
    for (float scale : {1.0f, 4.0f, 256.0f}) {
      const auto a = random_image(rng, w, h, scale);
      auto b = random_image(rng, w, h, scale);
      SsimMap map(make_dsp(0));
      expect_same(map.compute(a.data(), b.data(), w, h), plane_ssim(a, b, w, h), w, h);
      // Identical images (flat windows included) go through the clamps.
      expect_same(map.compute(a.data(), a.data(), w, h), plane_ssim(a, a, w, h), w, h);
      std::vector<float> flat(a.size(), 117.25f);
      expect_same(map.compute(flat.data(), flat.data(), w, h), plane_ssim(flat, flat, w, h), w, h);
    }
}

TEST(SsimMap, FramesSmallerThanTheWindow) {
  // libvmaf divides its empty sums by (w-10)(h-10): NaN for 0, -0 for a negative count.
  std::mt19937 rng(3);
  SsimMap map(make_dsp(0));
  auto a = random_image(rng, 10, 20, 1.0f);
  EXPECT_TRUE(std::isnan(map.compute(a.data(), a.data(), 10, 20).ssim));
  a = random_image(rng, 5, 30, 1.0f);
  const SsimMeans m = map.compute(a.data(), a.data(), 5, 30);
  EXPECT_EQ(m.ssim, 0.0f);
  EXPECT_TRUE(std::signbit(m.ssim));
  a = random_image(rng, 5, 5, 1.0f);
  EXPECT_FALSE(std::signbit(map.compute(a.data(), a.data(), 5, 5).l));
}

// A w x h 4:2:0 picture of random luma samples: noise, ramps and flat areas.
Picture random_picture(std::mt19937& rng, unsigned w, unsigned h, unsigned bpc) {
  Picture p = Picture::allocate(PixelFormat::YUV420, bpc, w, h);
  const unsigned max = (1u << bpc) - 1;
  std::uniform_int_distribution<unsigned> d(0, max);
  const unsigned flat = d(rng);
  for (unsigned y = 0; y < h; ++y)
    for (unsigned x = 0; x < w; ++x) {
      const unsigned v = y % 5 == 0 ? flat : x % 3 == 0 ? (x * 37 + y * 11) % (max + 1) : d(rng);
      test::set_sample(p.plane(0), bpc, x, y, v);
    }
  return p;
}

TEST(SsimDecimation, EqualsLibvmafsPlaneDecimation) {
  std::mt19937 rng(11);
  for (int f = 2; f <= 10; ++f)
    for (const auto& [w, h] : {std::pair{64, 48}, {61, 37}, {100, 23}, {f + 1, 2 * f + 1}, {f, f + 2}}) {
      if (!box_filter_fits(w, f) || !box_filter_fits(h, f)) continue;
      const unsigned bpc = std::vector<unsigned>{8, 10, 12, 16}[f % 4];
      const Picture pic = random_picture(rng, static_cast<unsigned>(w), static_cast<unsigned>(h), bpc);
      std::vector<float> src(static_cast<std::size_t>(w) * h);
      luma_to_float(pic.plane(0), bpc, src.data());
      std::vector<float> dst(static_cast<std::size_t>(decimated_size(w, f)) * decimated_size(h, f));
      int ow = 0, oh = 0;
      decimate_box(pic.plane(0), bpc, f, dst.data(), ow, oh);
      auto in_place = src;
      std::vector<float> table(f * f, 1.0f / static_cast<float>(f * f));
      int sw = 0, sh = 0;
      decimate_plane(in_place, w, h, f, table.data(), f, sw, sh, true);
      ASSERT_EQ(ow, sw);
      ASSERT_EQ(oh, sh);
      for (std::size_t i = 0; i < dst.size(); ++i)
        ASSERT_TRUE(same_bits(dst[i], in_place[i]))
            << "factor " << f << " " << w << "x" << h << " " << bpc << "-bit at " << i;
    }
  for (const auto& [w, h] : {std::pair{176, 176}, {97, 53}, {22, 11}}) {
    const auto src = random_image(rng, w, h, 4.0f);
    std::vector<float> dst(static_cast<std::size_t>(decimated_size(w, 2)) * decimated_size(h, 2));
    int ow = 0, oh = 0;
    decimate_lpf(src.data(), w, h, dst.data(), ow, oh, make_dsp(0));
    auto copy = src;
    int sw = 0, sh = 0;
    decimate_plane(copy, w, h, 2, &kLpf2d[0][0], kLpf, sw, sh, false);
    for (std::size_t i = 0; i < dst.size(); ++i) ASSERT_TRUE(same_bits(dst[i], copy[i])) << w << "x" << h << " " << i;
  }
}

using Sink = ::fastvmaf::test::ValueSink;

// A w x h 4:2:0 picture: a ramp with a per-picture offset.
Picture picture(unsigned w, unsigned h, unsigned bpc, unsigned offset) {
  Picture p = Picture::allocate(PixelFormat::YUV420, bpc, w, h);
  for (unsigned y = 0; y < h; ++y)
    for (unsigned x = 0; x < w; ++x) {
      const unsigned v = ((x * 5 + y * 3 + offset * (x % 7)) % 220 + 16) << (bpc - 8);
      test::set_sample(p.plane(0), bpc, x, y, v);
    }
  return p;
}

TEST(FloatSsim, RefusesWhatLibvmafCannotConvertOrFilter) {
  FloatSsimExtractor e(ssim_options({}));
  EXPECT_NE(error_of([&] { e.init({64, 48, PixelFormat::YUV420, 9}); }).find("bit depth 9"), std::string::npos);
  FloatSsimExtractor big(ssim_options({{"scale", "10"}}));
  const std::string msg = error_of([&] { big.init({3, 40, PixelFormat::YUV420, 8}); });
  EXPECT_NE(msg.find("too small for scale=10"), std::string::npos) << msg;
  EXPECT_EQ(error_of([&] { big.init({64, 48, PixelFormat::YUV420, 8}); }), "");
  EXPECT_EQ(big.factor(), 10);
  FloatSsimExtractor hd(ssim_options({}));
  hd.init({1920, 1080, PixelFormat::YUV420, 8});
  EXPECT_EQ(hd.factor(), 4);
}

TEST(FloatSsim, NamesAndDecibels) {
  const Picture r = picture(96, 64, 10, 0), d = picture(96, 64, 10, 3);
  FrameInput in;
  in.ref = &r;
  in.dis = &d;
  FloatSsimExtractor plain(ssim_options({}));
  plain.init({96, 64, PixelFormat::YUV420, 10});
  plain.submit(in);
  Sink a;
  plain.collect(0, a);
  ASSERT_EQ(a.names, std::vector<std::string>{"float_ssim"});
  const double ssim = a.values["float_ssim"];
  EXPECT_GT(ssim, 0.5);
  EXPECT_LT(ssim, 1.0);
  FloatSsimExtractor db(ssim_options({{"enable_lcs", "true"}, {"enable_db", "true"}}));
  db.init({96, 64, PixelFormat::YUV420, 10});
  db.submit(in);
  Sink b;
  db.collect(0, b);
  EXPECT_EQ(b.names, (std::vector<std::string>{"float_ssim", "float_ssim_l", "float_ssim_c", "float_ssim_s"}));
  EXPECT_EQ(b.values["float_ssim"], to_db(ssim, max_db(false, 10, 96, 64)));
  // Identical pictures: SSIM 1, -10 log10(0) = +inf, clipped with clip_db.
  in.dis = &r;
  FloatSsimExtractor clip(ssim_options({{"enable_db", "true"}, {"clip_db", "true"}}));
  clip.init({96, 64, PixelFormat::YUV420, 10});
  clip.submit(in);
  Sink c;
  clip.collect(0, c);
  EXPECT_LE(c.values["float_ssim"], max_db(true, 10, 96, 64));
}

TEST(FloatMsSsim, RefusesBelow176AndNamesItsScales) {
  for (auto [w, h] : {std::pair{175u, 176u}, {176u, 175u}, {32u, 32u}}) {
    FloatMsSsimExtractor e(ms_ssim_options({}));
    const std::string msg = error_of([&] { e.init({w, h, PixelFormat::YUV420, 8}); });
    EXPECT_NE(msg.find("too small"), std::string::npos) << msg;
    EXPECT_NE(msg.find("at least 176x176"), std::string::npos) << msg;
    EXPECT_NE(msg.find(std::to_string(w) + "x" + std::to_string(h)), std::string::npos) << msg;
  }
  FloatMsSsimExtractor e(ms_ssim_options({{"enable_lcs", "true"}}));
  ASSERT_EQ(error_of([&] { e.init({176, 176, PixelFormat::YUV420, 12}); }), "");
  const Picture r = picture(176, 176, 12, 0), d = picture(176, 176, 12, 5);
  FrameInput in;
  in.ref = &r;
  in.dis = &d;
  e.submit(in);
  Sink s;
  e.collect(0, s);
  ASSERT_EQ(s.names.size(), 16u);
  EXPECT_EQ(s.names[0], "float_ms_ssim");
  EXPECT_EQ(s.names[1], "float_ms_ssim_l_scale0");
  EXPECT_EQ(s.names[6], "float_ms_ssim_c_scale0");
  EXPECT_EQ(s.names[15], "float_ms_ssim_s_scale4");
  // The combination: prod over scales of l^alpha c^beta s^gamma, the l's of scales
  // 0-3 weighing nothing.
  const MsSsimScores& m = e.scores();
  double expect = 1.0;
  for (int i = 0; i < kScales; ++i)
    expect *= std::pow(m.l[i], static_cast<double>(kAlpha[i])) * std::pow(m.c[i], static_cast<double>(kBeta[i])) *
              std::pow(m.s[i], static_cast<double>(kGamma[i]));
  EXPECT_EQ(s.values["float_ms_ssim"], expect);
  EXPECT_GT(expect, 0.5);
  EXPECT_LT(expect, 1.0);
}

// The table of this CPU's level (core/cpu.hpp) gives the C entries' maps and
// decimations, and so do the extractors made under either; each entry alone is checked
// by tests/dsp.
TEST(SsimLevels, MapsDecimationsAndExtractorsEqualTheCEntries) {
  const Dsp c = make_dsp(0), best = make_dsp(cpu::active());
  if (cpu::level_of(cpu::active()) == cpu::Level::C) GTEST_SKIP() << "no SIMD level on this CPU";
  std::mt19937 rng(17);
  for (const auto& [w, h] : {std::pair{176, 176}, {97, 53}, {200, 31}, {33, 40}}) {
    const auto a = random_image(rng, w, h, 4.0f), b = random_image(rng, w, h, 4.0f);
    SsimMap slow(c), fast(best);
    expect_same(slow.compute(a.data(), b.data(), w, h), fast.compute(a.data(), b.data(), w, h), w, h);
    std::vector<float> d1(static_cast<std::size_t>(decimated_size(w, 2)) * decimated_size(h, 2)), d2(d1.size());
    int ow = 0, oh = 0;
    decimate_lpf(a.data(), w, h, d1.data(), ow, oh, c);
    decimate_lpf(a.data(), w, h, d2.data(), ow, oh, best);
    for (std::size_t i = 0; i < d1.size(); ++i) ASSERT_TRUE(same_bits(d1[i], d2[i])) << w << "x" << h << " " << i;
  }
  const Picture r = picture(400, 240, 10, 0), d = picture(400, 240, 10, 3);
  FrameInput in;
  in.ref = &r;
  in.dis = &d;
  auto run = [&](bool c_entries) {
    cpu::ScopedFlags flags(c_entries ? 0 : cpu::kAllFlags);
    FloatSsimExtractor ssim(ssim_options({{"enable_lcs", "true"}}));
    FloatMsSsimExtractor ms(ms_ssim_options({{"enable_lcs", "true"}}));
    ssim.init({400, 240, PixelFormat::YUV420, 10});
    ms.init({400, 240, PixelFormat::YUV420, 10});
    ssim.submit(in);
    ms.submit(in);
    Sink sink;
    ssim.collect(0, sink);
    ms.collect(0, sink);
    return sink.values;
  };
  const auto want = run(true), got = run(false);
  ASSERT_EQ(want.size(), 20u);
  for (const auto& [name, v] : want)
    EXPECT_EQ(std::memcmp(&v, &got.at(name), sizeof v), 0) << name << ": " << v << " vs " << got.at(name);
}

}  // namespace
}  // namespace fastvmaf::ssim
