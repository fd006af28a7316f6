#include <gtest/gtest.h>

#include "core/feature_name.hpp"
#include "core/options.hpp"

namespace fastvmaf {
namespace {

const std::vector<OptionSpec>& specs() {
  static const std::vector<OptionSpec> s = {
      {.name = "window_size", .type = OptType::Int, .default_value = 65, .min = 15, .max = 127,
       .feature_param = true, .alias = "ws"},
      {.name = "topk", .type = OptType::Double, .default_value = 0.6, .min = 0.0001, .max = 1.0,
       .feature_param = true},
      {.name = "full_ref", .type = OptType::Bool, .default_value = false},
      {.name = "flag", .type = OptType::Bool, .default_value = false, .feature_param = true, .alias = "fl"},
      {.name = "eotf", .type = OptType::String, .default_value = std::string("bt1886"), .feature_param = true,
       .alias = "ceot", .choices = {"bt1886", "pq"}},
  };
  return s;
}

TEST(Options, ParsesFeatureArgumentLikeLibvmaf) {
  auto [name, dict] = parse_feature_argument("cambi=window_size=33:topk=0.2");
  EXPECT_EQ(name, "cambi");
  ASSERT_NE(dict.get("window_size"), nullptr);
  EXPECT_EQ(*dict.get("window_size"), "33");
  EXPECT_EQ(*dict.get("topk"), "0.2");
  EXPECT_THROW(parse_feature_argument("cambi=window_size"), std::invalid_argument);
  EXPECT_EQ(parse_feature_argument("psnr").first, "psnr");
}

TEST(Options, DefaultsAndTypedValues) {
  OptionDict d;
  d.set("window_size", "33");
  OptionSet o("cambi", &specs(), d);
  EXPECT_EQ(o.get_int("window_size"), 33);
  EXPECT_DOUBLE_EQ(o.get_double("topk"), 0.6);
  EXPECT_FALSE(o.get_bool("full_ref"));
  EXPECT_TRUE(o.is_set("window_size"));
  EXPECT_FALSE(o.is_set("topk"));
}

TEST(Options, RejectsUnknownKeysBadValuesAndRanges) {
  auto make = [](const char* k, const char* v) {
    OptionDict d;
    d.set(k, v);
    return OptionSet("cambi", &specs(), d);
  };
  try {
    make("window_sz", "33");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("unknown option \"window_sz\""), std::string::npos);
  }
  try {
    make("window_size", "200");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("[15, 127]"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("cambi"), std::string::npos);
  }
  EXPECT_THROW(make("window_size", "33.5"), std::invalid_argument);
  EXPECT_THROW(make("window_size", "abc"), std::invalid_argument);
  EXPECT_THROW(make("topk", "0"), std::invalid_argument);
  EXPECT_THROW(make("topk", "0.5x"), std::invalid_argument);
  EXPECT_THROW(make("full_ref", "yes"), std::invalid_argument);
  EXPECT_THROW(make("eotf", "hlg"), std::invalid_argument);
  EXPECT_NO_THROW(make("eotf", "pq"));
  EXPECT_NO_THROW(make("window_size", "17.0"));  // models write integers as 17.0
}

TEST(FeatureName, DefaultOptionsKeepTheLongName) {
  OptionSet o("cambi", &specs(), OptionDict{});
  EXPECT_EQ(feature_name("Cambi_feature_cambi_score", o), "Cambi_feature_cambi_score");
  EXPECT_EQ(feature_alias("Cambi_feature_cambi_score"), "cambi");
  EXPECT_EQ(feature_alias("VMAF_integer_feature_motion_sad_score"), "VMAF_integer_feature_motion_sad_score");
}

TEST(FeatureName, NonDefaultFeatureParamsAreSortedByOptionName) {
  OptionDict d;
  d.set("window_size", "33");
  d.set("topk", "0.20");
  d.set("full_ref", "true");  // not a feature param: not in the name
  d.set("flag", "true");
  d.set("eotf", "pq");
  OptionSet o("cambi", &specs(), d);
  // eotf < flag < topk < window_size; a bool adds its key alone; %g formatting.
  EXPECT_EQ(feature_name("Cambi_feature_cambi_score", o), "cambi_ceot_pq_fl_topk_0.2_ws_33");
}

TEST(FeatureName, ValueEqualToDefaultIsNotInTheName) {
  OptionDict d;
  d.set("window_size", "65");
  OptionSet o("cambi", &specs(), d);
  EXPECT_EQ(feature_name("Cambi_feature_cambi_score", o), "Cambi_feature_cambi_score");
}

}  // namespace
}  // namespace fastvmaf
