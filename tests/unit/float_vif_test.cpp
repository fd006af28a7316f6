// float_vif: the fast log2 and the statistic's branches, the extractor against a
// whole-image transcription of compute_vif (five filtered images per scale, then the
// statistic; decimation of the whole filtered image) on random sizes and option sets,
// the feature names, and the sizes and options it refuses.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <iterator>
#include <functional>
#include <map>
#include <random>
#include <string>

#include "common/gaussian.hpp"
#include "common/resample.hpp"
#include "core/collector.hpp"
#include "core/feature_name.hpp"
#include "features/float_vif/float_vif.hpp"
#include "features/float_vif/float_vif_math.hpp"
#include "features/float_vif/float_vif_options.hpp"
#include "features/float_vif/float_vif_params.hpp"
#include "float_reference.hpp"
#include "error_of.hpp"
#include "value_sink.hpp"

namespace fastvmaf::float_vif {
namespace {

OptionSet options(std::initializer_list<std::pair<const char*, const char*>> kv) {
  OptionDict d;
  for (const auto& [k, v] : kv) d.set(k, v);
  return OptionSet("float_vif", &option_specs(), d);
}

using ::fastvmaf::test::error_of;

TEST(FloatVifMath, Log2ApproxIsExactAtPowersOfTwoAndCloseElsewhere) {
  for (int k = -20; k <= 20; ++k) EXPECT_EQ(log2_approx(std::ldexp(1.0f, k)), static_cast<float>(k));
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> u(1e-3f, 1e6f);
  for (int i = 0; i < 10000; ++i) {
    const float x = u(rng);
    EXPECT_NEAR(log2_approx(x), std::log2(x), 1e-4) << x;
  }
  EXPECT_EQ(log2_approx(0.0f), -INFINITY);
  EXPECT_TRUE(std::isnan(log2_approx(-1.0f)));
}

TEST(FloatVifMath, StatisticBranches) {
  const Config c;
  const StatParams p = c.stat_params();
  EXPECT_EQ(p.sigma_max_inv, static_cast<float>(4.0 / (255.0 * 255.0)));
  float n, d;
  // Flat reference (sigma1_sq < sigma_nsq): num = 1 - sigma2_sq * sigma_max_inv, den = 1.
  statistic(10, 12, 100 + 1, 144 + 9, 120, p, n, d);
  EXPECT_EQ(d, 1.0f);
  EXPECT_EQ(n, 1.0f - (153.0f - 144.0f) * p.sigma_max_inv);
  // Identical textured images: g = 1, sv_sq = eps, num = den.
  statistic(0, 0, 400, 400, 400, p, n, d);
  EXPECT_EQ(n, d);
  EXPECT_EQ(d, log2_approx(static_cast<float>(1.0f + 400.0 / 2.0)));
  // Anti-correlated: num = 0.
  statistic(0, 0, 400, 400, -300, p, n, d);
  EXPECT_EQ(n, 0.0f);
}

// compute_vif as libvmaf lays it out: whole images, scale by scale.
void reference_sums(const Config& c, const common::FloatImage& ref_in, const common::FloatImage& dis_in,
                    ScaleSums (&out)[kScales]) {
  const Plan plan = make_plan(c, ref_in.width, ref_in.height);
  common::FloatImage ref = ref_in, dis = dis_in;
  if (plan.resample) {
    ref.resize(plan.scaled_w, plan.scaled_h);
    dis.resize(plan.scaled_w, plan.scaled_h);
    common::resample_image(c.method, plan.axis_x, plan.axis_y, ref_in, ref);
    common::resample_image(c.method, plan.axis_x, plan.axis_y, dis_in, dis);
  }
  const StatParams sp = c.stat_params();
  for (int s = c.first_scale(); s < kScales; ++s) {
    const std::vector<float> f = common::vif_filter_taps(s, static_cast<float>(c.kernelscale));
    if (s > 0) {
      for (common::FloatImage* img : {&ref, &dis}) {
        const common::FloatImage mu = test::naive_filter(f, *img);
        common::FloatImage dec;
        dec.resize(img->width / 2, img->height / 2);
        for (unsigned i = 0; i < dec.height; ++i)
          for (unsigned j = 0; j < dec.width; ++j) dec.row(i)[j] = mu.row(2 * i)[2 * j];
        *img = dec;
      }
    }
    const common::FloatImage mu1 = test::naive_filter(f, ref), mu2 = test::naive_filter(f, dis);
    const common::FloatImage xx = test::naive_filter(f, ref, nullptr, true);
    const common::FloatImage yy = test::naive_filter(f, dis, nullptr, true);
    const common::FloatImage xy = test::naive_filter(f, ref, &dis);
    float num = 0, den = 0;
    for (unsigned i = 0; i < ref.height; ++i) {
      float rn = 0, rd = 0;
      for (unsigned j = 0; j < ref.width; ++j) {
        float n, d;
        statistic(mu1.row(i)[j], mu2.row(i)[j], xx.row(i)[j], yy.row(i)[j], xy.row(i)[j], sp, n, d);
        rn += n;
        rd += d;
      }
      num += rn;
      den += rd;
    }
    out[s] = {num, den};
  }
}

TEST(FloatVifExtractor, EqualsTheWholeImageComputation) {
  std::mt19937 rng(21);
  const std::vector<std::vector<std::pair<const char*, const char*>>> option_sets = {
      {},
      {{"vif_kernelscale", "0.5"}, {"vif_enhn_gain_limit", "1.0"}},
      {{"vif_kernelscale", "2"}, {"vif_sigma_nsq", "1.5"}},
      {{"vif_skip_scale0", "true"}},
      {{"vif_prescale", "0.5"}, {"vif_prescale_method", "bilinear"}},
      {{"vif_prescale", "1.5"}, {"vif_prescale_method", "bicubic"}},
      {{"vif_prescale", "2"}, {"vif_prescale_method", "lanczos4"}},
      {{"vif_prescale", "0.7"}},
  };
  for (const auto& kv : option_sets) {
    OptionDict d;
    for (const auto& [k, v] : kv) d.set(k, v);
    const OptionSet o("float_vif", &option_specs(), d);
    const Config c = Config::from(o);
    for (int trial = 0; trial < 3; ++trial) {
      const unsigned bpc = trial == 0 ? 8 : trial == 1 ? 10 : 16;
      const unsigned w = 40 + rng() % 40, h = 36 + rng() % 30;
      const Picture ref = test::textured_picture(PixelFormat::YUV420, w, h, bpc, rng);
      const Picture dis = test::textured_picture(PixelFormat::YUV420, w, h, bpc, rng, &ref);
      ScaleSums want[kScales];
      reference_sums(c, test::float_luma(ref), test::float_luma(dis), want);
      auto check = [&](const FloatVifExtractor& e, const std::string& where) {
        for (int s = c.first_scale(); s < kScales; ++s) {
          EXPECT_EQ(e.sums()[s].num, want[s].num) << s << " " << where;
          EXPECT_EQ(e.sums()[s].den, want[s].den) << s << " " << where;
        }
      };
      test::run_c_then_simd<FloatVifExtractor>(o, ref, dis, 1, check);
    }
  }
}

using Sink = ::fastvmaf::test::ValueSink;

TEST(FloatVifExtractor, NamesAndDebugOutputs) {
  Sink sink;
  const Config c = Config::from(options({{"vif_skip_scale0", "true"}, {"debug", "true"}}));
  const ScaleSums sums[kScales] = {{0, 0}, {2, 4}, {3, 4}, {1, 8}};
  emit_scores(c, sums, make_feature_names(options({{"vif_skip_scale0", "true"}, {"debug", "true"}})), 0, sink);
  EXPECT_EQ(sink.aliased.at("vif_scale0_ssclz"), 0.0);
  EXPECT_EQ(sink.aliased.at("vif_scale1_ssclz"), 0.5);
  EXPECT_EQ(sink.aliased.at("vif_num_scale0_ssclz"), 0.0);
  EXPECT_EQ(sink.aliased.at("vif_den_scale0_ssclz"), -1.0);
  EXPECT_EQ(sink.aliased.at("vif_ssclz"), 6.0 / 16.0);
  Sink plain;
  const OptionSet o =
      options({{"vif_kernelscale", "0.5"}, {"vif_enhn_gain_limit", "1.0"}, {"vif_scale3_min_val", "0.9"}});
  emit_scores(Config::from(o), sums, make_feature_names(o), 0, plain);
  EXPECT_EQ(plain.aliased.size(), 4u);
  EXPECT_EQ(plain.aliased.at("vif_scale3_egl_1_ks_0.5_s3miv_0.9"), 0.9);  // MAX(1 / 8, 0.9)
}

TEST(FloatVifExtractor, RefusesWhatLibvmafCannotScore) {
  auto init_error = [](std::initializer_list<std::pair<const char*, const char*>> kv, unsigned w, unsigned h,
                       unsigned bpc = 8) {
    return error_of([&] {
      FloatVifExtractor e(options(kv));
      e.init({w, h, PixelFormat::YUV420, bpc});
    });
  };
  EXPECT_EQ(init_error({}, 16, 16), "");
  for (auto [w, h] : {std::pair{15u, 16u}, {16u, 15u}, {8u, 8u}}) {
    const std::string m = init_error({}, w, h);
    EXPECT_NE(m.find("too small"), std::string::npos) << m;
  }
  // The message names the scale that is too small: 12 rows halve to 6, 3, then 1.
  EXPECT_NE(init_error({}, 40, 12).find("scale 3 is 5x1"), std::string::npos) << init_error({}, 40, 12);
  EXPECT_EQ(init_error({{"vif_kernelscale", "0.5"}}, 16, 16), "");
  EXPECT_NE(init_error({{"vif_kernelscale", "1.2"}}, 64, 64).find("vif_kernelscale=1.2"), std::string::npos);
  EXPECT_NE(init_error({{"vif_prescale", "0.5"}}, 30, 30).find("prescaled to 15x15"), std::string::npos);
  EXPECT_EQ(init_error({{"vif_prescale", "0.5"}}, 32, 32), "");
  EXPECT_NE(init_error({{"vif_prescale", "4"}, {"vif_prescale_method", "bilinear"}}, 2000, 64).find("7680"),
            std::string::npos);
  EXPECT_NE(init_error({}, 64, 64, 9).find("bit depth 9"), std::string::npos);
  EXPECT_NE(error_of([] { options({{"vif_prescale_method", "area"}}); }).find("vif_prescale_method"),
            std::string::npos);
  EXPECT_NE(error_of([] { options({{"vif_enhn_gain_limit", "0.5"}}); }).find("vif_enhn_gain_limit"),
            std::string::npos);
}

}  // namespace
}  // namespace fastvmaf::float_vif
