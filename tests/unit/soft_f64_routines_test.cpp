// The routines that compute in double on the device, instantiated with double and with
// hd::SoftF64 (src/core/hd/f64.hpp) side by side: every result equal bit for bit, on
// random and edge inputs over the domain each feature reaches. These are what an
// fp64-free device (a SYCL unit built with FVMAF_SOFT_F64) runs in place of the
// allowlisted kernels' fp64 (tests/contract/fp64_kernels.txt):
//  - hd::glibc_log2 (SpEED's entropies and weights);
//  - ADM's angle test and enhancement (adm_bands0, adm_stage: within_1deg, enhance, the
//    decouples and mask cells that call them);
//  - VIF's vif_accumulate (vif_scale);
//  - SpEED's double steps (speed_covariance, speed_solve, speed_score): the math and
//    linear-algebra helpers, and the work-items of speed_work.hpp run through a whole
//    frame's statistics as the kernels sequence them.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "common/adm_csf.hpp"
#include "core/hd/f64.hpp"
#include "float_bits.hpp"
#include "core/hd/log2.hpp"
#include "features/adm/adm_math.hpp"
#include "features/adm/adm_params.hpp"
#include "features/speed/gpu/speed_work.hpp"
#include "features/speed/speed_linalg.hpp"
#include "features/speed/speed_math.hpp"
#include "features/speed/speed_params.hpp"
#include "features/vif/vif_math.hpp"
#include "features/vif/vif_params.hpp"

namespace fastvmaf {
namespace {

using hd::SoftF64;
using u64 = std::uint64_t;

using test::bits;
using test::dbl;
using test::fbits;
using test::flt;
SoftF64 soft(double d) { return SoftF64::from_host_double(d); }

// Counts differing results, reports the first few (the inputs formatted only then).
class Check {
 public:
  explicit Check(const char* what) : what_(what) {}
  ~Check() {
    EXPECT_EQ(differ_, 0u) << what_ << ": " << differ_ << " of " << checked_ << " differ";
    EXPECT_GT(checked_, 0u) << what_;
  }
  template <class Describe>
  void operator()(bool same, Describe&& describe) {
    ++checked_;
    if (!same && ++differ_ <= 5) ADD_FAILURE() << what_ << ": " << describe();
  }
  std::uint64_t checked() const { return checked_; }

 private:
  const char* what_;
  std::uint64_t checked_ = 0, differ_ = 0;
};

std::string hex(double d) {
  char s[64];
  std::snprintf(s, sizeof s, "%a", d);
  return s;
}

// A float whose bits are uniform over [lo, hi) (finite, non-negative bit patterns).
float float_in(std::mt19937_64& rng, float lo, float hi) {
  const std::uint32_t a = fbits(lo), b = fbits(hi);
  return flt(a + static_cast<std::uint32_t>(rng() % (b - a)));
}

// ---- hd::glibc_log2 ----------------------------------------------------------------------------

TEST(SoftF64Routines, GlibcLog2) {
  Check check("glibc_log2");
  auto one = [&](double x) {
    const double d = hd::glibc_log2(x);
    const SoftF64 s = hd::glibc_log2(soft(x));
    check(bits(d) == s.bits(), [&] { return "log2(" + hex(x) + "): double " + hex(d) + ", soft " + hex(dbl(s.bits())); });
  };
  // Specials, the subnormals, and both sides of every boundary between the routine's paths.
  for (const u64 b : {u64{0}, u64{1}, u64{2}, u64{0x000fffffffffffff}, u64{0x0010000000000000}, u64{0x7fefffffffffffff},
                      u64{0x7ff0000000000000}, u64{0x7ff8000000000000}, u64{0x7ff0000000000001}, u64{0x3ff0000000000000}}) {
    one(dbl(b));
    one(dbl(b | 0x8000000000000000ull));
  }
  for (const u64 edge : {hd::log2_detail::kNearOneLo, hd::log2_detail::kNearOneLo + hd::log2_detail::kNearOneSpan})
    for (u64 d = 0; d < 64; ++d) {
      one(dbl(edge + d));
      one(dbl(edge - 1 - d));
    }
  for (u64 i = 0; i < 64; ++i)  // the 64 intervals' first and last values, in a few binades
    for (const int e : {-1022, -30, -1, 0, 1, 30, 1000}) {
      const u64 start = hd::log2_detail::kOff + (i << 46);
      one(std::ldexp(dbl(start), e));
      one(std::ldexp(dbl(start - 1), e));
    }
  std::mt19937_64 rng(11);
  for (int i = 0; i < 150000; ++i) {
    // SpEED's arguments: a non-negative float (L * S + sigma_nn, 1 + s), 1 + f / 2 for a
    // float f (modes 3 and 4), 1 + 0.75 a + 0.25 b of two floats (modes 5 and 6); then
    // any double.
    const float f = flt(static_cast<std::uint32_t>(rng()) & 0x7fffffffu);
    one(static_cast<double>(f));
    one(1.0 + static_cast<double>(f) / 2.0);
    const float a = float_in(rng, 0.0f, 1e6f), b = float_in(rng, 0.0f, 1e6f);
    one(1.0 + (0.75 * a + 0.25 * b));
    one(1.0 + static_cast<double>(float_in(rng, 0.0f, 0.1f)));  // near 1
    one(dbl(rng()));
  }
}

// ---- ADM ---------------------------------------------------------------------------------------

const double kGainLimits[] = {1.0, 1.2, 1.37, 100.0};

double gain_limit(std::mt19937_64& rng) {
  if (rng() % 2) return kGainLimits[rng() % 4];
  return 1.0 + static_cast<double>(rng() % 99000000) * 1e-6;  // anything adm_enhn_gain_limit accepts
}

// A band value: scale 0's int16, or scales 1..3's int32 (of any magnitude, or the few
// thousands that pictures give).
std::int32_t band(std::mt19937_64& rng, bool scale0) {
  if (scale0) return static_cast<std::int16_t>(rng());
  switch (rng() % 3) {
    case 0: return static_cast<std::int32_t>(rng());
    case 1: return static_cast<std::int32_t>(rng() % 200001) - 100000;
    default: return static_cast<std::int32_t>(rng() % 2001) - 1000;
  }
}

TEST(SoftF64Routines, AdmAngleTest) {
  Check check("within_1deg");
  std::mt19937_64 rng(21);
  const float cos_sq = common::cos_1deg_sq();
  auto one = [&](std::int64_t oh, std::int64_t ov, std::int64_t th, std::int64_t tv, float c) {
    const std::int64_t dp = adm::wrapped_dot2(oh, th, ov, tv), om = adm::wrapped_dot2(oh, oh, ov, ov),
                       tm = adm::wrapped_dot2(th, th, tv, tv);
    const bool d = adm::within_1deg<double>(dp, om, tm, c), s = adm::within_1deg<SoftF64>(dp, om, tm, c);
    check(d == s, [&] { return "(" + std::to_string(oh) + ", " + std::to_string(ov) + ") (" + std::to_string(th) + ", " +
                               std::to_string(tv) + "): double " + std::to_string(d); });
  };
  int passed = 0;
  for (int i = 0; i < 600000; ++i) {
    const bool scale0 = i % 2;
    const std::int64_t oh = band(rng, scale0), ov = band(rng, scale0);
    const float c = i % 8 ? cos_sq : float_in(rng, 0.9f, 1.0f);
    one(oh, ov, band(rng, scale0), band(rng, scale0), c);
    // t: o scaled and turned by 0.5 .. 1.5 degrees, so that the test decides near its
    // threshold.
    const double angle = (0.5 + static_cast<double>(rng() % 100000) * 1e-5) * 3.14159265358979323846 / 180.0;
    const double k = static_cast<double>(rng() % 3000) / 1000.0;
    const double lim = scale0 ? 32767.0 : 2147483647.0;
    const double th = std::fmax(-lim, std::fmin(lim, k * (oh * std::cos(angle) - ov * std::sin(angle))));
    const double tv = std::fmax(-lim, std::fmin(lim, k * (oh * std::sin(angle) + ov * std::cos(angle))));
    one(oh, ov, static_cast<std::int64_t>(th), static_cast<std::int64_t>(tv), cos_sq);
    passed += adm::within_1deg<double>(adm::wrapped_dot2(oh, static_cast<std::int64_t>(th), ov, static_cast<std::int64_t>(tv)),
                                       adm::wrapped_dot2(oh, oh, ov, ov),
                                       adm::wrapped_dot2(static_cast<std::int64_t>(th), static_cast<std::int64_t>(th),
                                                         static_cast<std::int64_t>(tv), static_cast<std::int64_t>(tv)),
                                       cos_sq);
  }
  // The turned vectors fall on both sides of the threshold.
  EXPECT_GT(passed, 100000);
  EXPECT_LT(passed, 500000);
}

TEST(SoftF64Routines, AdmEnhancement) {
  Check check("enhance");
  std::mt19937_64 rng(22);
  for (int i = 0; i < 1000000; ++i) {
    const bool scale0 = i % 2;
    const std::int32_t r = band(rng, scale0), t = band(rng, scale0);
    const bool positive = rng() % 2;
    const double g = gain_limit(rng);
    // Where the value enhance truncates does not fit an int, C (libvmaf's and ours) has no
    // defined result: outside every feature's domain, and the sanitizer build's check.
    const double product = static_cast<double>(r) * g;
    const double kept = positive ? std::fmin(product, static_cast<double>(t)) : std::fmax(product, static_cast<double>(t));
    if (!(kept > -2147483649.0 && kept < 2147483648.0)) continue;
    const std::int32_t d = adm::enhance(r, t, positive, g), s = adm::enhance(r, t, positive, soft(g));
    check(d == s, [&] { return std::to_string(r) + " " + std::to_string(t) + " gain " + hex(g); });
  }
}

TEST(SoftF64Routines, AdmMaskCells) {
  Check check0("mask_cell0"), check123("mask_cell123");
  std::mt19937_64 rng(23);
  const float cos_sq = common::cos_1deg_sq();
  const std::int32_t* lookup = adm::div_lookup();
  auto same = [](const adm::MaskCell& a, const adm::MaskCell& b) { return std::memcmp(&a, &b, sizeof a) == 0; };
  for (int i = 0; i < 300000; ++i) {
    const std::uint32_t rf[3] = {static_cast<std::uint32_t>(rng() % 65536), static_cast<std::uint32_t>(rng() % 65536),
                                 static_cast<std::uint32_t>(rng() % 65536)};
    const double g = gain_limit(rng);
    const bool aim = rng() % 2;
    std::int16_t o0[3], t0[3];
    std::int32_t o1[3], t1[3];
    for (int b = 0; b < 3; ++b) {
      o0[b] = static_cast<std::int16_t>(band(rng, true));
      // t close to o (the enhancement's case) or independent of it.
      t0[b] = rng() % 2 ? static_cast<std::int16_t>(o0[b] + static_cast<int>(rng() % 41) - 20) : static_cast<std::int16_t>(rng());
      // Scales 1-3 values as the decouple sees them (|o|, |t| up to 100000: the products
      // with the gain limit fit an int, as they must for C to define the truncation).
      o1[b] = static_cast<std::int32_t>(rng() % 200001) - 100000;
      t1[b] = rng() % 2 ? static_cast<std::int32_t>(static_cast<double>(o1[b]) * (1.0 + static_cast<double>(rng() % 200) / 1000.0))
                        : static_cast<std::int32_t>(rng() % 200001) - 100000;
    }
    check0(same(adm::mask_cell0(o0, t0, rf, g, cos_sq, lookup, aim), adm::mask_cell0(o0, t0, rf, soft(g), cos_sq, lookup, aim)),
           [&] { return "gain " + hex(g); });
    const std::uint32_t rf123[3] = {static_cast<std::uint32_t>(rng()), static_cast<std::uint32_t>(rng()),
                                    static_cast<std::uint32_t>(rng())};
    check123(same(adm::mask_cell123(o1, t1, rf123, g, cos_sq, lookup, aim),
                  adm::mask_cell123(o1, t1, rf123, soft(g), cos_sq, lookup, aim)),
             [&] { return "gain " + hex(g); });
  }
}

// ---- VIF ----------------------------------------------------------------------------------------

TEST(SoftF64Routines, VifAccumulate) {
  Check check("vif_accumulate");
  std::mt19937_64 rng(31);
  const std::uint16_t* table = vif::log2_table();
  const double limits[] = {1.0, 1.2, 100.0};
  for (int i = 0; i < 2000000; ++i) {
    // sigma1_sq past sigma_nsq (the double branch) up to the int32 sums' range, sigma2_sq
    // and sigma12 of any sign and size (the picture's, or anything in range).
    vif::Sigmas s;
    const std::int64_t s1 = static_cast<std::int64_t>(rng() % (std::uint64_t{1} << (1 + rng() % 31))) + (rng() % 4 ? vif::kSigmaNsq : 0);
    s.s1 = static_cast<std::int32_t>(std::min<std::int64_t>(s1, std::numeric_limits<std::int32_t>::max() - vif::kSigmaNsq));
    s.s2 = static_cast<std::int32_t>(rng() % (std::uint64_t{1} << (rng() % 31)));
    const std::int64_t bound = static_cast<std::int64_t>(std::sqrt(static_cast<double>(s.s1) * s.s2)) + 2;
    s.s12 = rng() % 4 ? static_cast<std::int32_t>(static_cast<std::int64_t>(rng() % (2 * bound)) - bound / 4)
                      : static_cast<std::int32_t>(rng());
    const double g = i % 2 ? limits[rng() % 3] : 1.0 + static_cast<double>(rng() % 99000) * 1e-3;
    vif::VifAccum d, so;
    d.num_log = so.num_log = static_cast<std::int64_t>(rng() % 1000000);
    vif::vif_accumulate(d, s, g, table);
    vif::vif_accumulate(so, s, soft(g), table);
    check(std::memcmp(&d, &so, sizeof d) == 0, [&] {
      return std::to_string(s.s1) + " " + std::to_string(s.s2) + " " + std::to_string(s.s12) + " gain " + hex(g) + ": num_log " +
             std::to_string(d.num_log) + " / " + std::to_string(so.num_log);
    });
  }
}

// ---- SpEED: math and linear algebra --------------------------------------------------------------

// A float of SpEED's statistics: a variance or eigenvalue (any non-negative magnitude, or
// a picture's), a negative eigenvalue now and then, zero.
float statistic(std::mt19937_64& rng) {
  switch (rng() % 6) {
    case 0: return flt(static_cast<std::uint32_t>(rng()) & 0x7f7fffffu);
    case 1: return -float_in(rng, 0.0f, 10.0f);
    case 2: return 0.0f;
    default: return float_in(rng, 1e-8f, 2e4f);
  }
}

TEST(SoftF64Routines, SpeedMath) {
  Check centred("centred"), entropy("add_entropy"), block("block_entropy"), base("base_entropy"),
      blend("log2_one_plus_blend"), score("block_score");
  std::mt19937_64 rng(41);
  const double l2pe = speed::log2_two_pi_e();
  const SoftF64 s2pe = soft(l2pe);
  const float sigmas[] = {0.29f, 0.1f, 1.0f, 2.5f};
  for (int i = 0; i < 200000; ++i) {
    const float v = float_in(rng, 0.0f, 128.0f) * (rng() % 2 ? 1 : -1), m = float_in(rng, 0.0f, 16.0f) * (rng() % 2 ? 1 : -1);
    centred(bits(speed::math::centred<double>(v, m)) == speed::math::centred<SoftF64>(v, m).bits(), [&] { return hex(v); });
    const float sn = i % 4 ? sigmas[rng() % 4] : float_in(rng, 0.0f, 10.0f);
    const float h = float_in(rng, 0.0f, 100.0f) * (rng() % 2 ? 1 : -1), l = statistic(rng), var = std::fabs(statistic(rng));
    entropy(fbits(speed::math::add_entropy(h, l, var, sn, l2pe)) == fbits(speed::math::add_entropy(h, l, var, sn, s2pe)),
            [&] { return hex(h) + " " + hex(l) + " " + hex(var) + " " + hex(sn); });
    if (i % 16 == 0) {
      float eig[speed::kBlockElements];
      for (float& e : eig) e = statistic(rng);
      block(fbits(speed::math::block_entropy(eig, var, sn, l2pe)) == fbits(speed::math::block_entropy(eig, var, sn, s2pe)),
            [&] { return hex(var); });
      const float floor = float_in(rng, 0.0f, 1.0f);
      base(fbits(speed::math::base_entropy(sn, floor, l2pe)) == fbits(speed::math::base_entropy(sn, floor, s2pe)),
           [&] { return hex(sn) + " " + hex(floor); });
    }
    const float sr = std::fabs(statistic(rng)), sd = std::fabs(statistic(rng));
    blend(bits(speed::math::log2_one_plus_blend(0.75, sr, 0.25, sd)) ==
              speed::math::log2_one_plus_blend(SoftF64(0.75), sr, SoftF64(0.25), sd).bits(),
          [&] { return hex(sr) + " " + hex(sd); });
    const float hr = float_in(rng, 0.0f, 200.0f) - 50.0f, hd_ = float_in(rng, 0.0f, 200.0f) - 50.0f;
    const float base_h = i % 3 ? -1.0f : float_in(rng, 0.0f, 100.0f);
    for (int mode = 0; mode <= 6; ++mode)
      score(fbits(speed::math::block_score<double>(hr, hd_, sr, sd, base_h, mode)) ==
                fbits(speed::math::block_score<SoftF64>(hr, hd_, sr, sd, base_h, mode)),
            [&] { return "mode " + std::to_string(mode) + ": " + hex(hr) + " " + hex(hd_) + " " + hex(sr) + " " + hex(sd); });
  }
}

TEST(SoftF64Routines, SpeedLinearAlgebra) {
  namespace la = speed::linalg;
  Check sqrt_f("sqrt_f"), hypot_f("hypot_f"), givens_scale("givens_scale"), givens("givens"), shift("wilkinson_shift"),
      eigen("tridiagonal_eigenvalues"), norm("norm_f");
  std::mt19937_64 rng(42);
  for (int i = 0; i < 300000; ++i) {
    const float a = statistic(rng), b = statistic(rng) * (rng() % 2 ? 1 : -1);
    sqrt_f(fbits(la::sqrt_f<double>(a)) == fbits(la::sqrt_f<SoftF64>(a)), [&] { return hex(a); });
    hypot_f(fbits(la::hypot_f<double>(a, b)) == fbits(la::hypot_f<SoftF64>(a, b)), [&] { return hex(a) + " " + hex(b); });
    const float u = float_in(rng, 1.0f, 2.0f);
    givens_scale(fbits(la::givens_scale<double>(u)) == fbits(la::givens_scale<SoftF64>(u)), [&] { return hex(u); });
    float c[2], s[2];
    la::givens<double>(a, b, c[0], s[0]);
    la::givens<SoftF64>(a, b, c[1], s[1]);
    givens(fbits(c[0]) == fbits(c[1]) && fbits(s[0]) == fbits(s[1]), [&] { return hex(a) + " " + hex(b); });
    const float d[2] = {statistic(rng), statistic(rng)}, e[1] = {statistic(rng)};
    shift(fbits(la::wilkinson_shift<double>(d, e, 2)) == fbits(la::wilkinson_shift<SoftF64>(d, e, 2)),
          [&] { return hex(d[0]) + " " + hex(d[1]) + " " + hex(e[0]); });
    float v[speed::kBlockElements];
    for (float& x : v) x = float_in(rng, 0.0f, 100.0f) * (rng() % 2 ? 1 : -1);
    norm(fbits(la::norm_f<double>(v, speed::kBlockElements)) == fbits(la::norm_f<SoftF64>(v, speed::kBlockElements)),
         [&] { return hex(v[0]); });
  }
  // Symmetric tridiagonal matrices of every size up to 25: eigenvalues from the QR
  // iteration with its deflation tests (in double) and shifts.
  for (int i = 0; i < 3000; ++i) {
    const int n = 2 + static_cast<int>(rng() % 24);
    float d[2][speed::kBlockElements], e[2][speed::kBlockElements];
    const float scale = i % 3 ? 1.0f : float_in(rng, 1e-6f, 1e4f);
    for (int k = 0; k < n; ++k) {
      d[0][k] = d[1][k] = float_in(rng, 0.0f, 100.0f) * scale * (rng() % 4 ? 1 : -1);
      // Some entries negligible beside their neighbours, so that the blocks split.
      e[0][k] = e[1][k] = rng() % 5 ? float_in(rng, 0.0f, 50.0f) * scale : float_in(rng, 0.0f, 1e-5f) * scale;
    }
    la::tridiagonal_eigenvalues<double>(d[0], e[0], n);
    la::tridiagonal_eigenvalues<SoftF64>(d[1], e[1], n);
    eigen(std::memcmp(d[0], d[1], sizeof(float) * n) == 0 && std::memcmp(e[0], e[1], sizeof(float) * (n - 1)) == 0,
          [&] { return "n " + std::to_string(n) + " case " + std::to_string(i); });
  }
}

// ---- SpEED: a frame's statistics through the work-items ---------------------------------------------

namespace tw = speed::twin;

// Device memory of one run, on the host.
struct Buffers {
  std::vector<float> centred, cov, eig, variance, terms;
  std::vector<tw::ImageFlags> flags;
};

// The Plan of a 2-image (one channel) run over `centred` planes of w x h (decimated).
tw::Plan make_plan(unsigned w, unsigned h, Buffers& b, int mode) {
  tw::Plan p;
  p.dims = speed::make_dims(w * speed::kDecimation, h * speed::kDecimation, 1.0);
  p.images = 2;
  p.channels = 1;
  p.plane = static_cast<std::size_t>(w) * h;
  p.sigma_nn = 0.29f;
  p.log2_2pie = hd::host_to_f64(speed::log2_two_pi_e());
  p.base_entropy = speed::math::base_entropy(p.sigma_nn, 0.0f, speed::log2_two_pi_e());
  p.weight_var_mode = mode;
  const std::size_t blocks = p.dims.num_blocks();
  b.cov.assign(2 * tw::kN * tw::kN, -1.0f);
  b.eig.assign(2 * tw::kN, -1.0f);
  b.variance.assign(2 * blocks, -1.0f);
  b.terms.assign(blocks, -1.0f);
  b.flags.assign(2, tw::ImageFlags{7, 7});
  p.s.centred = b.centred.data();
  p.s.cov = b.cov.data();
  p.s.eig = b.eig.data();
  p.s.flags = b.flags.data();
  p.s.variance = b.variance.data();
  p.s.terms = b.terms.data();
  return p;
}

// The covariance, solve and score kernels' phases in their order, one work-item doing
// each phase's whole work (t = 0 of n = 1), with the double steps in F.
template <class F>
void run_statistics(const tw::Plan& p) {
  for (unsigned image = 0; image < p.images; ++image) {
    float means[tw::kN];
    for (unsigned o = 0; o < static_cast<unsigned>(tw::kN); ++o) tw::window_mean(p, image, o, means);
    for (unsigned q = 0; q < static_cast<unsigned>(tw::kPairs); ++q) tw::covariance_sum<F>(p, image, q, means);
  }
  for (unsigned image = 0; image < p.images; ++image) {
    tw::EigenShared s;
    tw::eigen_load(p, image, 0, 1, s);
    for (int i = 0; i + 2 < tw::kN; ++i) {
      tw::eigen_reflector<F>(i, 0, s);
      const bool skip = s.skip != 0;
      tw::eigen_scale_column(i, 0, 1, s);
      if (skip) continue;
      tw::eigen_take_v(i, 0, 1, s);
      tw::eigen_w(i, 0, 1, s);
      tw::eigen_shift<F>(i, 0, s);
      tw::eigen_axpy(i, 0, 1, s);
      tw::eigen_update(i, 0, 1, s);
    }
    tw::eigen_take_tridiagonal(0, 1, s);
    tw::eigen_iterate<F>(p, image, 0, s);
  }
  for (unsigned image = 0; image < p.images; ++image) {
    static tw::QrShared s;  // 15 KiB
    tw::qr_load(p, image, 0, 1, s);
    for (int k = 0; k + 1 < tw::kN; ++k) {
      tw::qr_minor(k, 0, 1, s);
      tw::qr_vector<F>(k, 0, s);
      tw::qr_normalise(0, 1, s);
      tw::qr_reflector(k, 0, 1, s);
      if (k + 2 < tw::kN) {
        tw::qr_apply_z(k, 0, 1, s);
        tw::qr_copy_z(k, 0, 1, s);
      }
      tw::qr_apply_qt(k, 0, 1, s);
      tw::qr_copy_qt(0, 1, s);
    }
    tw::qr_r(0, 1, s);
    tw::qr_pivots<F>(p, image, 0, s);
    tw::qr_solve_blocks(p, image, 0, 1, s);
  }
  tw::ScoreShared sh;
  tw::score_load(p, 0, 0, 1, sh);
  for (unsigned b = 0; b < p.dims.num_blocks(); ++b) tw::score_term<F>(p, 0, b / tw::kScoreThreads, b % tw::kScoreThreads, sh);
}

TEST(SoftF64Routines, SpeedStatistics) {
  std::mt19937_64 rng(43);
  int solved = 0, singular = 0;
  for (int run = 0; run < 48; ++run) {
    const unsigned w = 5 + static_cast<unsigned>(rng() % 28), h = 5 + static_cast<unsigned>(rng() % 16);
    Buffers b[2];
    // The decimated planes minus their local means: noise and a gradient at a picture's
    // amplitudes, a faint texture, or flat (a singular covariance).
    const int kind = run % 6;
    b[0].centred.resize(2 * static_cast<std::size_t>(w) * h);
    for (std::size_t k = 0; k < b[0].centred.size(); ++k) {
      const float x = static_cast<float>(k % w), y = static_cast<float>((k / w) % h);
      switch (kind) {
        case 0: b[0].centred[k] = 0.0f; break;
        case 1: b[0].centred[k] = float_in(rng, 0.0f, 1e-3f) * (rng() % 2 ? 1 : -1); break;
        case 2: b[0].centred[k] = 0.5f * x - 0.25f * y; break;  // rank-deficient
        default: b[0].centred[k] = float_in(rng, 0.0f, 60.0f) * (rng() % 2 ? 1 : -1) + 0.3f * x; break;
      }
    }
    b[1].centred = b[0].centred;
    const int mode = static_cast<int>(rng() % 7);
    const tw::Plan p0 = make_plan(w, h, b[0], mode), p1 = make_plan(w, h, b[1], mode);
    run_statistics<double>(p0);
    run_statistics<SoftF64>(p1);
    const std::string where = std::to_string(w) + "x" + std::to_string(h) + " kind " + std::to_string(kind);
    EXPECT_EQ(std::memcmp(b[0].cov.data(), b[1].cov.data(), b[0].cov.size() * sizeof(float)), 0) << "cov " << where;
    EXPECT_EQ(std::memcmp(b[0].eig.data(), b[1].eig.data(), b[0].eig.size() * sizeof(float)), 0) << "eig " << where;
    for (int i = 0; i < 2; ++i) {
      EXPECT_EQ(b[0].flags[i].regular, b[1].flags[i].regular) << where;
      EXPECT_EQ(b[0].flags[i].pivots_ok, b[1].flags[i].pivots_ok) << where;
      (b[0].flags[i].regular && b[0].flags[i].pivots_ok ? solved : singular) += 1;
    }
    EXPECT_EQ(std::memcmp(b[0].variance.data(), b[1].variance.data(), b[0].variance.size() * sizeof(float)), 0)
        << "variance " << where;
    // Every term bit for bit, except a NaN's payload: where two NaNs meet, x86 keeps the
    // one in the instruction's first operand and the compiler may order a commutative
    // operation either way (the sanitizer build's -O1 does), so C fixes no payload there;
    // a NaN must still be a NaN at the same place, and the score canonicalises it.
    auto canonical = [](std::vector<float> v) {
      for (float& x : v)
        if (x != x) x = std::bit_cast<float>(0x7fc00000u);
      return v;
    };
    const std::vector<float> t0 = canonical(b[0].terms), t1 = canonical(b[1].terms);
    EXPECT_EQ(std::memcmp(t0.data(), t1.data(), t0.size() * sizeof(float)), 0) << "terms " << where;
    EXPECT_NE(b[0].terms[0], -1.0f) << where;  // written
  }
  // Both the solved and the singular paths were taken.
  EXPECT_GT(solved, 10);
  EXPECT_GT(singular, 10);
}

}  // namespace
}  // namespace fastvmaf
