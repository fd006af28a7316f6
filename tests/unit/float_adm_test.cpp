// float_adm: the extractor against a transcription of compute_adm with separate
// buffers for every band (DWT bands, decoupled r and a, CSF-weighted and masking
// images, fresh for each scale) on random sizes and option sets, the reciprocal
// division, the CSF modes, the feature names, and the sizes it refuses.
#include <gtest/gtest.h>

#include <xmmintrin.h>

#include <bit>
#include <cmath>
#include <functional>
#include <map>
#include <random>
#include <string>

#include "common/adm_csf.hpp"
#include "core/collector.hpp"
#include "core/cpu.hpp"
#include "core/feature_name.hpp"
#include "features/float_adm/float_adm.hpp"
#include "features/float_adm/float_adm_dsp.hpp"
#include "features/float_adm/float_adm_math.hpp"
#include "features/float_adm/float_adm_options.hpp"
#include "features/float_adm/float_adm_params.hpp"
#include "float_reference.hpp"
#include "error_of.hpp"
#include "value_sink.hpp"

namespace fastvmaf::float_adm {
namespace {

using common::FloatImage;

OptionSet options(const std::vector<std::pair<const char*, const char*>>& kv) {
  OptionDict d;
  for (const auto& [k, v] : kv) d.set(k, v);
  return OptionSet("float_adm", &option_specs(), d);
}

using ::fastvmaf::test::error_of;

struct RefBands {
  FloatImage a, b[3];
};

// adm_dwt2_s over a whole input.
RefBands ref_dwt(const FloatImage& src) {
  const int in_w = static_cast<int>(src.width), in_h = static_cast<int>(src.height);
  const int w = (in_w + 1) / 2, h = (in_h + 1) / 2;
  RefBands out;
  out.a.resize(w, h);
  for (auto& x : out.b) x.resize(w, h);
  FloatImage lo, hi;
  lo.resize(src.width, h);
  hi.resize(src.width, h);
  for (int i = 0; i < h; ++i)
    for (int j = 0; j < in_w; ++j) {
      float s[4];
      for (int t = 0; t < 4; ++t) s[t] = src.row(dwt_index(i, t, in_h))[j];
      lo.row(i)[j] = dwt_tap(kDwtLo, s[0], s[1], s[2], s[3]);
      hi.row(i)[j] = dwt_tap(kDwtHi, s[0], s[1], s[2], s[3]);
    }
  for (int i = 0; i < h; ++i)
    for (int j = 0; j < w; ++j) {
      float l[4], g[4];
      for (int t = 0; t < 4; ++t) {
        l[t] = lo.row(i)[dwt_index(j, t, in_w)];
        g[t] = hi.row(i)[dwt_index(j, t, in_w)];
      }
      out.a.row(i)[j] = dwt_tap(kDwtLo, l[0], l[1], l[2], l[3]);
      out.b[1].row(i)[j] = dwt_tap(kDwtHi, l[0], l[1], l[2], l[3]);  // v
      out.b[0].row(i)[j] = dwt_tap(kDwtLo, g[0], g[1], g[2], g[3]);  // h
      out.b[2].row(i)[j] = dwt_tap(kDwtHi, g[0], g[1], g[2], g[3]);  // d
    }
  return out;
}

bool inside(const Rect& r, int i, int j) { return i >= r.top && i < r.bottom && j >= r.left && j < r.right; }

float ref_cm(const Config& c, const ScaleParams& p, const FloatImage (&src)[3], const FloatImage (&csf)[3],
             const FloatImage (&flt)[3], double noise_weight) {
  float accum[3] = {0, 0, 0};
  for (int i = 0; i < p.h; ++i) {
    float inner[3] = {0, 0, 0};
    bool any = false;
    for (int j = 0; j < p.w; ++j) {
      if (!inside(p.measure, i, j)) continue;
      any = true;
      const int im1 = i == 0 ? 1 : i - 1, ip1 = i == p.h - 1 ? p.h - 1 : i + 1;
      const int jm1 = j == 0 ? 1 : j - 1, jp1 = j == p.w - 1 ? p.w - 1 : j + 1;
      float thr = 0;
      if (!c.bypass_cm)
        for (int b = 0; b < 3; ++b)
          thr += threshold_term(flt[b].row(im1), flt[b].row(i), flt[b].row(ip1), jm1, j, jp1, csf[b].row(i)[j]);
      for (int b = 0; b < 3; ++b) {
        float x = std::fabs(src[b].row(i)[j] * p.rfactor[b]) - thr;
        x = x < 0.0f ? 0.0f : x;
        inner[b] += c.p_norm == 3.0 ? x * x * x : std::pow(x, static_cast<float>(c.p_norm));
      }
    }
    if (any)
      for (int b = 0; b < 3; ++b) accum[b] += inner[b];
  }
  return scale_total(accum, p.measure, noise_weight, c.p_norm);
}

void reference_sums(const Config& c, const FloatImage& ref, const FloatImage& dis, ScaleSums (&out)[kScales]) {
  FloatImage cur_ref = ref, cur_dis = dis;
  for (int s = 0; s < kScales; ++s) {
    const ScaleParams p = make_scale_params(c, s, static_cast<int>(cur_ref.width), static_cast<int>(cur_ref.height));
    const RefBands rb = ref_dwt(cur_ref), db = ref_dwt(cur_dis);
    cur_ref = rb.a;
    cur_dis = db.a;
    if (s == 0 && c.skip_scale0) {
      out[s] = {0.0f, static_cast<float>(1e-10), 0.0f};
      continue;
    }
    // Whole bands; only the regions libvmaf computes hold values (others stay NaN, so
    // a read outside them would show).
    FloatImage r[3], a[3], csf_a[3], flt_a[3], csf_r[3], flt_r[3];
    for (int b = 0; b < 3; ++b)
      for (FloatImage* img : {&r[b], &a[b], &csf_a[b], &flt_a[b], &csf_r[b], &flt_r[b]}) {
        img->resize(p.w, p.h);
        std::fill(img->data.begin(), img->data.end(), NAN);
      }
    for (int i = p.decouple.top; i < p.decouple.bottom; ++i)
      for (int j = p.decouple.left; j < p.decouple.right; ++j) {
        const float o[3] = {rb.b[0].row(i)[j], rb.b[1].row(i)[j], rb.b[2].row(i)[j]};
        const float t[3] = {db.b[0].row(i)[j], db.b[1].row(i)[j], db.b[2].row(i)[j]};
        float rr[3], aa[3];
        decouple(o, t, c.enhn_gain_limit, common::cos_1deg_sq(), rr, aa);
        for (int b = 0; b < 3; ++b) {
          r[b].row(i)[j] = rr[b];
          a[b].row(i)[j] = aa[b];
          csf_a[b].row(i)[j] = p.rfactor[b] * aa[b];
          flt_a[b].row(i)[j] = masking_weight(csf_a[b].row(i)[j]);
          csf_r[b].row(i)[j] = p.rfactor[b] * rr[b];
          flt_r[b].row(i)[j] = masking_weight(csf_r[b].row(i)[j]);
        }
      }
    float accum[3] = {0, 0, 0};
    for (int i = p.measure.top; i < p.measure.bottom; ++i) {
      float inner[3] = {0, 0, 0};
      for (int j = p.measure.left; j < p.measure.right; ++j)
        for (int b = 0; b < 3; ++b) {
          const float v = std::fabs(p.rfactor[b] * rb.b[b].row(i)[j]);
          inner[b] += c.p_norm == 3.0 ? v * v * v : std::pow(v, static_cast<float>(c.p_norm));
        }
      for (int b = 0; b < 3; ++b) accum[b] += inner[b];
    }
    out[s].den = scale_total(accum, p.measure, c.noise_weight, c.p_norm);
    out[s].num = ref_cm(c, p, r, csf_a, flt_a, c.noise_weight);
    out[s].aim_num = ref_cm(c, p, a, csf_r, flt_r, 0.0);
  }
}

TEST(FloatAdmExtractor, EqualsTheSeparateBufferComputation) {
  std::mt19937 rng(31);
  const std::vector<std::vector<std::pair<const char*, const char*>>> option_sets = {
      {},
      {{"adm_enhn_gain_limit", "1.0"}, {"adm_csf_mode", "1"}},
      {{"adm_csf_mode", "2"}, {"adm_p_norm", "2.5"}},
      {{"adm_skip_scale0", "true"}, {"adm_skip_aim_scale", "2"}},
      {{"adm_bypass_cm", "1"}, {"adm_noise_weight", "0.5"}, {"adm_f1s1", "0.02"}, {"adm_f2s3", "0.3"}},
      {{"adm_norm_view_dist", "1.5"}, {"adm_ref_display_height", "2160"}, {"adm_csf_mode", "7"}},
  };
  for (const auto& kv : option_sets) {
    const OptionSet o = options(kv);
    const Config c = Config::from(o);
    for (int trial = 0; trial < 3; ++trial) {
      const unsigned bpc = trial == 0 ? 8 : trial == 1 ? 12 : 16;
      const unsigned w = kMinSize + rng() % 60, h = kMinSize + rng() % 40;
      const Picture ref = test::textured_picture(PixelFormat::YUV444, w, h, bpc, rng);
      const Picture dis = test::textured_picture(PixelFormat::YUV444, w, h, bpc, rng, &ref, 12);
      ScaleSums want[kScales];
      reference_sums(c, test::float_luma(ref), test::float_luma(dis), want);
      auto check = [&](const FloatAdmExtractor& e, const std::string& where) {
        for (int s = 0; s < kScales; ++s) {
          EXPECT_EQ(e.sums()[s].num, want[s].num) << s << " " << where;
          EXPECT_EQ(e.sums()[s].den, want[s].den) << s << " " << where;
          EXPECT_EQ(e.sums()[s].aim_num, want[s].aim_num) << s << " " << where;
        }
      };
      test::run_c_then_simd<FloatAdmExtractor>(o, ref, dis, 2, check);  // a second frame reuses the buffers
    }
  }
}

TEST(FloatAdmDsp, PackedReciprocalEqualsTheScalarOne) {
  // The SIMD decouple entries use rcpps where libvmaf's DIVS uses rcpss: on this CPU
  // they must agree on every float (checked on every 97th mantissa of a spread of
  // exponents), at every level the CPU runs; the reciprocal entry is that instruction.
  std::vector<float> in;
  for (int e : {-126, -60, -20, -3, -1, 0, 1, 2, 7, 20, 60, 127})
    for (std::uint32_t m = 0; m < (1u << 23); m += 97) {
      const std::uint32_t bits = (static_cast<std::uint32_t>(e + 127) << 23) | m;
      in.push_back(std::bit_cast<float>(bits));
      in.push_back(-std::bit_cast<float>(bits));
    }
  for (float v : {0.0f, -0.0f, INFINITY, -INFINITY, 1e-40f}) in.push_back(v);
  int levels = 0;
  for (cpu::Level level : {cpu::Level::Avx2, cpu::Level::Avx512}) {
    const cpu::Flags need = cpu::flags_of(level);
    if ((cpu::active() & need) != need) continue;
    ++levels;
    std::vector<float> packed(in.size());
    make_dsp(need).reciprocal(in.data(), in.size(), packed.data());
    for (std::size_t i = 0; i < in.size(); ++i) {
      const float scalar = _mm_cvtss_f32(_mm_rcp_ss(_mm_set_ss(in[i])));
      ASSERT_EQ(std::bit_cast<std::uint32_t>(packed[i]), std::bit_cast<std::uint32_t>(scalar))
          << in[i] << " " << cpu::to_string(level);
    }
  }
  if (levels == 0) GTEST_SKIP() << "no SIMD level on this CPU (or FASTVMAF_CPU_MASK)";
}

TEST(FloatAdmMath, ReciprocalDivisionIsCloseToDivision) {
  std::mt19937 rng(4);
  std::uniform_real_distribution<float> u(-1000, 1000);
  for (int i = 0; i < 10000; ++i) {
    const float n = u(rng), d = u(rng);
    if (std::fabs(d) < 1e-3f) continue;
    EXPECT_NEAR(divs(n, d), n / d, 4e-7 * std::fabs(n / d) + 1e-30) << n << " / " << d;
  }
}

TEST(FloatAdmParams, CsfModesAndOverrides) {
  const Config watson = Config::from(options({}));
  const Config barten = Config::from(options({{"adm_csf_mode", "1"}, {"adm_csf_diag_scale", "2"}}));
  const Config native = Config::from(options({{"adm_csf_mode", "2"}}));
  const Config other = Config::from(options({{"adm_csf_mode", "9"}}));
  const Config over = Config::from(options({{"adm_f1s2", "0.25"}, {"adm_f2s2", "0"}}));
  for (int s = 0; s < kScales; ++s) {
    const auto w = csf_weights(watson, s);
    EXPECT_EQ(w[0], 1.0f / common::watson_quant_step(s, 1, 3.0, 1080));
    EXPECT_EQ(w[1], w[0]);
    EXPECT_EQ(w[2], 1.0f / common::watson_quant_step(s, 2, 3.0, 1080));
    EXPECT_EQ(csf_weights(other, s), w);  // modes float ADM does not know are Watson's
    EXPECT_EQ(csf_weights(barten, s)[2], common::barten_csf(s, 3.0, 1080, 2.0));
    const auto n = csf_weights(native, s);
    EXPECT_EQ(n[0], common::native_csf(s, 3.0, 1080, 0));
    EXPECT_LT(n[2], n[0]);  // the oblique effect lowers the diagonal's sensitivity here
    const auto o = csf_weights(over, s);
    EXPECT_EQ(o[0], s == 2 ? 0.25f : w[0]);
    EXPECT_EQ(o[2], s == 2 ? 0.0f : w[2]);
  }
  // The DLM paper's CSF at 56.55 pixels per degree, level 0 (28.27 cycles per degree).
  const double sf = 3.0 * 1080 * M_PI / 180.0 / 2;
  EXPECT_NEAR(common::native_csf(0, 3.0, 1080, 0), (0.31 + 0.69 * sf) * std::exp(-0.29 * sf), 1e-6);
}

using Sink = ::fastvmaf::test::ValueSink;

TEST(FloatAdmParams, ScoresAndNames) {
  ScaleSums sums[kScales] = {{1, 2, 0.5f}, {2, 4, 1}, {3, 4, 1}, {1, 2, 0.25f}};
  Sink s;
  const OptionSet o = options({{"debug", "true"}, {"adm_enhn_gain_limit", "1.0"}, {"adm_csf_mode", "1"}});
  emit_scores(Config::from(o), sums, 64, 64, make_feature_names(o), 0, s);
  EXPECT_EQ(s.aliased.at("adm2_csf_1_egl_1"), 7.0 / 12.0);
  EXPECT_EQ(s.aliased.at("aim_csf_1_egl_1"), 2.75 / 12.0);
  EXPECT_EQ(s.aliased.at("adm3_csf_1_egl_1"), 7.0 / 12.0 * 0.5 + (1 - 2.75 / 12.0) * 0.5);
  EXPECT_EQ(s.aliased.at("adm_scale3_csf_1_egl_1"), 0.5);
  EXPECT_EQ(s.aliased.at("adm"), 7.0 / 12.0);  // not a provided feature: no suffix, as libvmaf
  EXPECT_EQ(s.aliased.at("adm_num_csf_1_egl_1"), 7.0);
  EXPECT_EQ(s.aliased.at("adm_den_scale2_csf_1_egl_1"), 4.0);
  // skip_aim_scale leaves that scale out of aim; the harmonic mean and min_val.
  Sink t;
  const OptionSet h = options({{"adm_skip_aim_scale", "0"}, {"adm_adm3_apply_hm", "true"}, {"adm_min_val", "0.9"}});
  emit_scores(Config::from(h), sums, 64, 64, make_feature_names(h), 0, t);
  EXPECT_EQ(t.aliased.at("aim_aah_min_0.9_sasc_0"), 2.25 / 10.0);
  EXPECT_EQ(t.aliased.at("adm3_aah_min_0.9_sasc_0"), 0.9);
  // A zero denominator: adm2 is 1 and aim 0 (libvmaf leaves aim uninitialised).
  ScaleSums zero[kScales] = {};
  Sink z;
  emit_scores(Config::from(options({})), zero, 64, 64, make_feature_names(options({})), 0, z);
  EXPECT_EQ(z.aliased.at("adm2"), 1.0);
  EXPECT_EQ(z.aliased.at("aim"), 0.0);
}

TEST(FloatAdmExtractor, RefusesWhatLibvmafCannotScore) {
  for (auto [w, h] : {std::pair{16u, 17u}, {17u, 16u}, {4u, 4u}}) {
    FloatAdmExtractor e(options({}));
    const std::string m = error_of([&] { e.init({w, h, PixelFormat::YUV420, 8}); });
    EXPECT_NE(m.find("too small"), std::string::npos) << m;
    EXPECT_NE(m.find("at least 17x17"), std::string::npos) << m;
  }
  FloatAdmExtractor ok(options({}));
  EXPECT_NO_THROW(ok.init({17, 17, PixelFormat::YUV420, 8}));
  FloatAdmExtractor d(options({}));
  EXPECT_NE(error_of([&] { d.init({64, 64, PixelFormat::YUV420, 13}); }).find("bit depth 13"), std::string::npos);
  EXPECT_NE(error_of([] { options({{"adm_skip_aim_scale", "4"}}); }).find("adm_skip_aim_scale"), std::string::npos);
  EXPECT_NE(error_of([] { options({{"adm_csf_mode", "10"}}); }).find("[0, 9]"), std::string::npos);
  EXPECT_NE(error_of([] { options({{"adm_p_norm", "0.5"}}); }).find("adm_p_norm"), std::string::npos);
}

}  // namespace
}  // namespace fastvmaf::float_adm
