// Reading libvmaf JSON models: errors, feature option values and names, overloads,
// flags, chroma correction, bootstrap collections.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "core/collector.hpp"
#include "core/error.hpp"
#include "core/dict_value.hpp"
#include "model/model.hpp"
#include "model/model_loader.hpp"

namespace fastvmaf::model {
namespace {

namespace fs = std::filesystem;

// A small valid model: two features, a two-vector RBF SVM.
const char* const kSvm =
    "svm_type nu_svr\\nkernel_type rbf\\ngamma 0.5\\nnr_class 2\\ntotal_sv 2\\nrho 0.25\\nSV\\n"
    "1.5 1:0.2 2:0.4 \\n-0.75 1:0.9 2:0.1 \\n";

std::string model_json(const std::string& extra = "", const std::string& svm = kSvm,
                       const std::string& names =
                           R"(["VMAF_integer_feature_adm2_score", "VMAF_integer_feature_motion2_score"])") {
  return R"({"model_dict": {"model_type": "LIBSVMNUSVR", "norm_type": "linear_rescale",
    "feature_names": )" + names + R"(,
    "slopes": [0.5, 2.0, 0.25], "intercepts": [-1.0, 0.125, -0.5],
    "score_clip": [0.0, 100.0], "model": ")" + svm + "\"" + extra + "}}";
}

ModelRequest request(std::string name = "vmaf") {
  ModelRequest r;
  r.path = "inline.json";
  r.name = std::move(name);
  return r;
}

// The InputError message of loading `text`, or "no error".
std::string load_error(const std::string& text, const ModelRequest& req = request()) {
  try {
    read_model_json(text, req, "inline.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

void expect_error(const std::string& text, const std::string& part, const ModelRequest& req = request()) {
  const std::string msg = load_error(text, req);
  EXPECT_NE(msg.find(part), std::string::npos) << "message: " << msg;
  EXPECT_NE(msg.find("inline.json"), std::string::npos) << "message does not name the model: " << msg;
}

TEST(ModelLoader, ReadsAValidModel) {
  const ModelFile f = read_model_json(model_json(), request(), "inline.json");
  ASSERT_EQ(f.model.features.size(), 2u);
  EXPECT_TRUE(f.collection.empty());
  EXPECT_EQ(f.model.name, "vmaf");
  EXPECT_EQ(f.model.slope, 0.5);
  EXPECT_EQ(f.model.intercept, -1.0);
  EXPECT_EQ(f.model.features[0].key, "VMAF_integer_feature_adm2_score");
  EXPECT_EQ(f.model.features[0].extractor->name, "adm");
  EXPECT_EQ(f.model.features[0].slope, 2.0);
  EXPECT_EQ(f.model.features[1].intercept, -0.5);
  EXPECT_EQ(f.model.features[1].extractor->name, "motion");
  EXPECT_TRUE(f.model.clip.enabled);
  EXPECT_FALSE(f.model.transform.enabled);
  EXPECT_EQ(f.model.svm.support_vector_count(), 2u);
}

TEST(ModelLoader, ErrorsNameTheModelAndTheProblem) {
  expect_error("{\"model_dict\": ", "not valid JSON");
  expect_error("[1, 2]", "must be an object");
  expect_error(R"({"param_dict": {}})", "neither a model");
  expect_error(R"({"model_dict": {"norm_type": "none", "norm_type": "none"}})", "appears twice");
  expect_error(R"({"model_dict": {"norm_type": "none", "model": "x"}})", "no feature_names");
  expect_error(R"({"model_dict": {"feature_names": ["VMAF_integer_feature_adm2_score"]}})", "no norm_type");
  expect_error(model_json(R"(, "model_type": "FOO")"), "key \"model_type\" appears twice");
  expect_error(R"({"model_dict": {"model_type": "FOO", "norm_type": "none", "feature_names": ["x"]}})",
               "unknown model_type \"FOO\"");
  expect_error(R"({"model_dict": {"norm_type": "clip_0to1", "feature_names": ["x"]}})",
               "unsupported norm_type \"clip_0to1\"");
  expect_error(model_json("", kSvm, R"(["VMAF_integer_feature_adm2_score", "VMAF_feature_nonsense_score"])"),
               "no feature extractor provides feature \"VMAF_feature_nonsense_score\"");
  expect_error(model_json("", kSvm, R"(["VMAF_integer_feature_adm2_score"])"), "slopes has 3 values; expected 2");
  expect_error(model_json("", "svm_type nu_svr\\nkernel_type linear\\nnr_class 2\\ntotal_sv 0\\nrho 0\\nSV\\n"),
               "kernel_type \"linear\" is not supported");
  expect_error(model_json("", "svm_type nu_svr\\nkernel_type rbf\\ngamma 1\\nnr_class 2\\ntotal_sv 5\\nrho 0\\nSV\\n"),
               "lists 0 support vectors, total_sv says 5");
  expect_error(R"({"model_dict": {"norm_type": "none", "feature_names": ["VMAF_integer_feature_adm2_score"]}})",
               "no \"model\"");
  expect_error(R"({"model_dict": {"norm_type": "linear_rescale",
      "feature_names": ["VMAF_integer_feature_adm2_score"], "model": "x"}})",
               "needs model_dict.slopes");
  expect_error(model_json(R"(, "score_transform": {"enabled": true, "knots": [[0, 0], [0, 1]]})"),
               "strictly increasing");
  expect_error(model_json(R"(, "score_transform": {"enabled": "yes"})"), "must be true or false");
  expect_error(model_json(R"(, "feature_opts_dicts": [{"adm_enhn_gain_limit": 0.5}, {}])"),
               "adm_enhn_gain_limit=0.5 is invalid");
  expect_error(model_json(R"(, "feature_opts_dicts": [{"no_such_option": 1}, {}])"),
               "unknown option \"no_such_option\"");
  expect_error(model_json(R"(, "feature_opts_dicts": [{}, {}, {}])"), "3 entries for 2 features");
  expect_error(model_json(R"(, "feature_opts_dicts": [{"adm_csf_mode": null}, {}])"),
               "must be a number, a boolean or a string");
  expect_error(model_json(R"(, "chroma_correction_parameter": 120.0)"), "exactly one feature");
  expect_error(R"({"0": )" + model_json() + "}", "needs entries \"0\" and \"1\"");
  expect_error(R"({"0": )" + model_json() + R"(, "1": )" + model_json() + "}", "BOOTSTRAP_LIBSVMNUSVR");
}

TEST(ModelLoader, MissingFilesAreInputErrors) {
  ModelRequest r;
  r.path = "/nonexistent/dir/model.json";
  try {
    load_model(r, "");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/dir/model.json"), std::string::npos) << e.what();
  }
  ModelRequest v;
  v.version = "vmaf_v9.9.9";
  try {
    load_model(v, "/nonexistent/models");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("vmaf_v9.9.9"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("/nonexistent/models/vmaf_v9.9.9.json"), std::string::npos) << e.what();
  }
  EXPECT_EQ(model_path(v, "/m"), "/m/vmaf_v9.9.9.json");
  // A directory is not a model.
  r.path = fs::temp_directory_path().string();
  EXPECT_THROW(load_model(r, ""), InputError);
}

TEST(ModelLoader, VersionLoadsFromTheModelDirectory) {
  const fs::path dir = fs::temp_directory_path() / "fastvmaf_model_loader_test";
  fs::create_directories(dir);
  std::ofstream(dir / "tiny.json") << model_json();
  ModelRequest v;
  v.version = "tiny";
  v.name = "t";
  const auto m = load_model(v, dir.string());
  EXPECT_EQ(m->output_names(), std::vector<std::string>{"t"});
  fs::remove_all(dir);
}

TEST(DictValue, NormalisesNumbersAsLibvmafsDictionary) {
  EXPECT_EQ(normalize_numeric_value("0.7"), "0.7");
  EXPECT_EQ(normalize_numeric_value("17.0"), "17");
  EXPECT_EQ(normalize_numeric_value("1080"), "1080");
  EXPECT_EQ(normalize_numeric_value("1e-2"), "0.01");
  EXPECT_EQ(normalize_numeric_value("0.123456789"), "0.123457");  // %g of the float
  EXPECT_EQ(normalize_numeric_value("bilinear"), "bilinear");
  EXPECT_TRUE(is_numeric_value("1.0"));
  EXPECT_TRUE(is_numeric_value("1.0 "));
  EXPECT_FALSE(is_numeric_value("1.0x"));
  EXPECT_FALSE(is_numeric_value("bilinear"));
  EXPECT_EQ(cli_dictionary_value("1.20"), "1.2");
  EXPECT_EQ(cli_dictionary_value("true"), "true");
}

TEST(ModelLoader, FeatureOptionsAreStoredAndNamedAsLibvmafDoes) {
  const ModelFile f = read_model_json(
      model_json(R"(, "feature_opts_dicts": [{"adm_enhn_gain_limit": 1.0, "adm_csf_mode": 2,
          "adm_dlm_weight": 0.70000000000000001, "adm_noise_weight": 0.123456789, "adm_skip_scale0": true},
          {"motion_max_val": 18.0}])"),
      request(), "inline.json");
  const OptionDict& adm = f.model.features[0].options;
  ASSERT_NE(adm.get("adm_enhn_gain_limit"), nullptr);
  EXPECT_EQ(*adm.get("adm_enhn_gain_limit"), "1");
  EXPECT_EQ(*adm.get("adm_csf_mode"), "2");
  EXPECT_EQ(*adm.get("adm_dlm_weight"), "0.7");
  EXPECT_EQ(*adm.get("adm_noise_weight"), "0.123457");
  EXPECT_EQ(*adm.get("adm_skip_scale0"), "true");
  // Options in alphabetical order, aliases, booleans by key alone.
  EXPECT_EQ(f.model.features[0].key, "integer_adm2_csf_2_dlmw_0.7_egl_1_nw_0.123457_ssz");
  EXPECT_EQ(f.model.features[1].key, "integer_motion2_mmxv_18");
}

TEST(ModelLoader, OverloadsMergeIntoEveryFeatureOfTheExtractor) {
  const std::string text = model_json(
      R"(, "feature_opts_dicts": [{"adm_enhn_gain_limit": 1.0}, {}])", kSvm,
      R"(["VMAF_integer_feature_adm2_score", "VMAF_integer_feature_motion2_score", "VMAF_integer_feature_adm3_score"])");
  // Three features: slopes and intercepts need four values.
  std::string t = text;
  t.replace(t.find("[0.5, 2.0, 0.25]"), 16, "[0.5, 2.0, 0.25, 1.0]");
  t.replace(t.find("[-1.0, 0.125, -0.5]"), 19, "[-1.0, 0.125, -0.5, 0.0]");

  ModelRequest r = request();
  r.overloads.push_back({"adm", "adm_enhn_gain_limit", "1.20"});  // replaces the model's value
  r.overloads.push_back({"adm", "adm_csf_mode", "1"});             // adds to both adm features
  r.overloads.push_back({"motion", "motion_force_zero", "true"});
  const ModelFile f = read_model_json(t, r, "inline.json");
  EXPECT_EQ(f.model.features[0].key, "integer_adm2_csf_1_egl_1.2");
  EXPECT_EQ(f.model.features[1].key, "integer_motion2_force_0");
  EXPECT_EQ(f.model.features[2].key, "integer_adm3_csf_1_egl_1.2");

  const auto m = load_model_text(t, r, "inline.json");
  const auto& uses = m->feature_uses();
  ASSERT_EQ(uses.size(), 3u);
  EXPECT_EQ(uses[0].extractor, "adm");
  EXPECT_EQ(*uses[0].options.get("adm_enhn_gain_limit"), "1.2");
  EXPECT_EQ(*uses[2].options.get("adm_csf_mode"), "1");
  EXPECT_EQ(uses[1].extractor, "motion");
  EXPECT_EQ(uses[1].options.get("adm_csf_mode"), nullptr);

  ModelRequest bad = request();
  bad.overloads.push_back({"amd", "adm_csf_mode", "1"});
  expect_error(t, "no feature extractor \"amd\"", bad);
  bad.overloads = {{"cambi", "topk", "0.2"}};
  expect_error(t, "has no effect", bad);
  bad.overloads = {{"adm", "adm_csf_mode", "9"}};
  expect_error(t, "adm_csf_mode=9 is invalid", bad);
}

// Predictions of the small model, by hand: normalise, SVM, denormalise, transform, clip.
double by_hand(double adm2, double motion2, const char* rho = "0.25") {
  const SvrRbfModel svm = SvrRbfModel::parse(
      std::string("svm_type nu_svr\nkernel_type rbf\ngamma 0.5\nnr_class 2\ntotal_sv 2\nrho ") + rho +
      "\nSV\n1.5 1:0.2 2:0.4 \n-0.75 1:0.9 2:0.1 \n");
  const double raw = svm.predict({2.0 * adm2 + 0.125, 0.25 * motion2 + -0.5});
  return (raw - -1.0) / 0.5;
}

TEST(ModelPredict, SingleModelWritesItsScoreAndPools) {
  const auto m = load_model_text(model_json(), request("score"), "inline.json");
  FeatureCollector c;
  const double adm[] = {0.9, 0.5, 0.1}, motion[] = {3.0, 0.0, 7.5};
  for (unsigned i = 0; i < 3; ++i) {
    c.append("VMAF_integer_feature_adm2_score", i, adm[i]);
    c.append("VMAF_integer_feature_motion2_score", i, motion[i]);
  }
  for (unsigned i = 0; i < 3; ++i) m->predict(c, i);
  for (unsigned i = 0; i < 3; ++i) m->predict_collection(c, i);
  double sum = 0;
  for (unsigned i = 0; i < 3; ++i) {
    const double expected = std::clamp(by_hand(adm[i], motion[i]), 0.0, 100.0);
    EXPECT_EQ(*c.get("score", i), expected);
    sum += expected;
  }
  Result::ModelScore s;
  m->summarize(c, 0, 2, 1, s);
  EXPECT_EQ(s.mean, sum / 3);
  EXPECT_FALSE(s.bootstrap);
  // Writing the same output twice is an error, not a silent overwrite.
  EXPECT_THROW(m->predict(c, 0), std::runtime_error);
}

TEST(ModelPredict, MissingFeatureNamesTheFeatureAndFrame) {
  const auto m = load_model_text(model_json(), request(), "inline.json");
  FeatureCollector c;
  c.append("VMAF_integer_feature_adm2_score", 0, 0.5);
  try {
    m->predict(c, 0);
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("integer_motion2"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("frame 0"), std::string::npos) << e.what();
  }
}

TEST(ModelPredict, ClipAndTransformFollowTheFlags) {
  // A transform y = 1000 + x, disabled in the file; clip to [0, 100].
  const std::string text = model_json(R"(, "score_transform": {"p0": 1000.0, "p1": 1.0})");
  FeatureCollector c;
  c.append("VMAF_integer_feature_adm2_score", 0, 0.7);
  c.append("VMAF_integer_feature_motion2_score", 0, 2.0);
  const double raw = by_hand(0.7, 2.0);
  auto score = [&](bool disable_clip, bool enable_transform) {
    ModelRequest r = request(std::string("m") + (disable_clip ? "c" : "") + (enable_transform ? "t" : ""));
    r.disable_clip = disable_clip;
    r.enable_transform = enable_transform;
    load_model_text(text, r, "inline.json")->predict(c, 0);
    return *c.get(r.name, 0);
  };
  EXPECT_EQ(score(false, false), std::clamp(raw, 0.0, 100.0));
  EXPECT_EQ(score(true, false), raw);
  EXPECT_EQ(score(false, true), 100.0);
  EXPECT_EQ(score(true, true), 1000.0 + 1.0 * raw);
}

TEST(ModelPredict, ChromaCorrectionReplacesAZeroSpeedChroma) {
  // norm_type none: features enter the SVM as they are.
  const std::string text = R"({"model_dict": {"norm_type": "none", "chroma_correction_parameter": 120.0,
    "feature_names": ["Speed_chroma_feature_speed_chroma_uv_score", "VMAF_integer_feature_adm3_score"],
    "model": ")" + std::string(kSvm) + "\"}}";
  const auto m = load_model_text(text, request(), "inline.json");
  const SvrRbfModel svm = SvrRbfModel::parse(
      "svm_type nu_svr\nkernel_type rbf\ngamma 0.5\nnr_class 2\ntotal_sv 2\nrho 0.25\nSV\n"
      "1.5 1:0.2 2:0.4 \n-0.75 1:0.9 2:0.1 \n");
  FeatureCollector c;
  c.append("Speed_chroma_feature_speed_chroma_uv_score", 0, 0.0);
  c.append("VMAF_integer_feature_adm3_score", 0, 0.995);
  c.append("Speed_chroma_feature_speed_chroma_uv_score", 1, 0.25);
  c.append("VMAF_integer_feature_adm3_score", 1, 0.995);
  m->predict(c, 0);
  m->predict(c, 1);
  EXPECT_EQ(*c.get("vmaf", 0), svm.predict({(-120.0 * 0.995) + 120.0, 0.995}));
  EXPECT_EQ(*c.get("vmaf", 1), svm.predict({0.25, 0.995}));

  std::string zero = text;
  zero.replace(zero.find("120.0"), 5, "0");
  expect_error(zero, "chroma_correction_parameter is 0");
}

TEST(ModelPredict, BootstrapCollectionOutputsInLibvmafOrder) {
  std::string member = model_json();
  member.replace(member.find("\"LIBSVMNUSVR\""), 13, "\"BOOTSTRAP_LIBSVMNUSVR\"");
  std::string member2 = member;
  member2.replace(member2.find("rho 0.25"), 8, "rho 0.75");
  const std::string text = R"({"0": )" + member + R"(, "1": )" + member + R"(, "2": )" + member2 +
                           R"(, "3": )" + member2 + "}";
  const auto m = load_model_text(text, request("b"), "inline.json");
  EXPECT_EQ(m->output_names(), (std::vector<std::string>{"b", "b_0001", "b_0002", "b_0003", "b_bagging", "b_stddev",
                                                        "b_ci_p95_lo", "b_ci_p95_hi"}));
  EXPECT_EQ(m->feature_uses().size(), 6u);  // the features of the three bootstrap models

  FeatureCollector c;
  c.append("VMAF_integer_feature_adm2_score", 0, 0.8);
  c.append("VMAF_integer_feature_motion2_score", 0, 4.0);
  m->predict(c, 0);
  m->predict_collection(c, 0);
  std::vector<std::string> order;
  for (const auto& s : c.series()) order.push_back(s.name);
  EXPECT_EQ(std::vector<std::string>(order.begin() + 2, order.end()), m->output_names());

  // Scores of the two different SVMs; a larger rho gives a lower score.
  const double a = by_hand(0.8, 4.0), b = by_hand(0.8, 4.0, "0.75");
  ASSERT_LT(b, a);
  ASSERT_GT(b - 0.01, 0.0);
  ASSERT_LT(a + 0.01, 100.0);
  const std::vector<double> s = {a, b, b};
  const double mean = (a + b + b) / 3;
  double ssd = 0;
  for (double v : s) ssd += std::pow(v - mean, 2);
  EXPECT_EQ(*c.get("b_0001", 0), std::clamp(a, 0.0, 100.0));
  EXPECT_EQ(*c.get("b_bagging", 0), std::clamp(mean, 0.0, 100.0));
  // Sorted {b, b, a} (b < a): p = 2.5 * 2 / 100 = 0.05 between s[0] and s[1]; 97.5 -> 1.95.
  const double lo = b * (1 - 0.05) + b * (0.05 - 0), hi = b * (2 - 1.95) + a * (1.95 - 1);
  EXPECT_EQ(*c.get("b_ci_p95_lo", 0), std::clamp(lo, 0.0, 100.0));
  EXPECT_EQ(*c.get("b_ci_p95_hi", 0), std::clamp(hi, 0.0, 100.0));
  // Inside the clip range the transform is the identity: slope 1.
  const double slope = ((mean + 0.01) - (mean - 0.01)) / (2.0 * 0.01);
  EXPECT_EQ(*c.get("b_stddev", 0), std::sqrt(ssd / 3) * slope);

  Result::ModelScore score;
  m->summarize(c, 0, 0, 1, score);
  EXPECT_TRUE(score.bootstrap);
  EXPECT_EQ(score.mean, *c.get("b", 0));
  EXPECT_EQ(score.bagging, *c.get("b_bagging", 0));
  EXPECT_EQ(score.ci_hi, *c.get("b_ci_p95_hi", 0));
}

// Random edits of a valid model either load or throw InputError; what loads predicts
// or throws std::runtime_error. Nothing else escapes, nothing crashes (run it under
// the sanitizer build).
TEST(ModelLoader, MalformedModelsNeverCrash) {
  const std::string base = model_json(
      R"(, "feature_opts_dicts": [{"adm_enhn_gain_limit": 1.0}, {"motion_max_val": 18}],
      "score_transform": {"enabled": true, "p1": 1.0, "knots": [[0, 0], [100, 100]], "out_gte_in": "true"})");
  std::mt19937 rng(7);
  const std::string alphabet = "{}[]\":,0123456789.-eE \\ntrufalsn";
  FeatureCollector c;
  c.append("VMAF_integer_feature_adm2_score", 0, 0.9);
  c.append("VMAF_integer_feature_motion2_score", 0, 3.0);
  c.append("integer_adm2_egl_1", 0, 0.9);
  c.append("integer_motion2_mmxv_18", 0, 3.0);
  unsigned loaded = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string t = base;
    for (unsigned e = 0, edits = 1 + rng() % 3; e < edits; ++e) {
      switch (rng() % 3) {
        case 0: t[rng() % t.size()] = alphabet[rng() % alphabet.size()]; break;
        case 1: t.erase(rng() % t.size(), 1 + rng() % 8); break;
        default: t.insert(rng() % t.size(), 1, alphabet[rng() % alphabet.size()]); break;
      }
      if (t.empty()) t.push_back('{');
    }
    std::string name = "m";
    name += std::to_string(i);
    std::unique_ptr<ScoringModel> m;
    try {
      m = load_model_text(t, request(name), "inline.json");
    } catch (const InputError&) {
      continue;
    }
    ++loaded;
    try {
      m->predict(c, 0);
    } catch (const std::runtime_error&) {
    }
  }
  EXPECT_GT(loaded, 0u);  // some edits (inside numbers) keep the model valid
}

// The v1.0.16 models' feature names, exactly as libvmaf prints them (golden v1.json,
// v1_all.json).
TEST(ModelLoader, V1ModelFeatureNamesMatchLibvmaf) {
  auto keys = [&](std::string file) {
    ModelRequest r;
    r.version = file.substr(0, file.size() - 5);  // the built-in model
    std::vector<std::string> out;
    for (const auto& f : read_model_file(r, "").model.features) out.push_back(f.key);
    return out;
  };
  EXPECT_EQ(keys("vmaf_v1.0.16_3d0h.json"),
            (std::vector<std::string>{"cambi_hrs_1080_cmxv_17_vlt_0.06", "speed_chroma_uv_mxv_45_nnf_0.1_snn_0.19_wvm_5",
                                      "integer_adm3_csf_2_dlmw_0.7_egl_1_min_0.5_nw_0.02",
                                      "integer_motion3_mmxv_18"}));
  EXPECT_EQ(keys("vmaf_v1.0.16_5d0h.json"),
            (std::vector<std::string>{"cambi_hrs_1080_cmxv_17_vlt_0.06",
                                      "speed_chroma_uv_mxv_45_nnf_0.1_ps_0.6_psm_bilinear_snn_0.19_wvm_5",
                                      "integer_adm3_csf_2_dlmw_0.7_egl_1_min_0.5_nw_0.02_nvd_5",
                                      "integer_motion3_mmxv_18"}));
  EXPECT_EQ(keys("vmaf_v1.0.16_1d5h_2160.json")[2], "integer_adm3_csf_2_dlmw_0.7_egl_1_min_0.5_nw_0.02_nvd_1.5_rdh_2160");
  EXPECT_EQ(keys("vmaf_v1.0.16_3d0h_2160.json")[1],
            "speed_chroma_uv_mxv_45_nnf_0.1_ps_0.5_psm_bilinear_snn_0.19_wvm_5");
  EXPECT_EQ(keys("vmaf_4k_v0.6.1neg.json")[0], "integer_adm2_egl_1");
  EXPECT_EQ(keys("vmaf_v0.6.1.json")[0], "VMAF_integer_feature_adm2_score");
}

// Model files: regular files of at most kMaxModelFileBytes, read in memory proportional
// to their size.
TEST(ModelLoader, OnlyRegularFilesWithinTheLimitAreRead) {
  auto error_of = [](const std::string& path) {
    ModelRequest r;
    r.path = path;
    try {
      read_model_file(r, "");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  for (const char* dev : {"/dev/zero", "/dev/null"}) {
    const std::string msg = error_of(dev);
    EXPECT_NE(msg.find(dev), std::string::npos) << msg;
    EXPECT_NE(msg.find("not a regular file"), std::string::npos) << msg;
  }
  const fs::path dir = fs::temp_directory_path() / ("fastvmaf_ml_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path fifo = dir / "fifo.json";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_NE(error_of(fifo.string()).find("not a regular file"), std::string::npos);  // and does not block
  const fs::path big = dir / "big.json";
  { std::ofstream f(big); }
  fs::resize_file(big, kMaxModelFileBytes + 1);
  const std::string msg = error_of(big.string());
  EXPECT_NE(msg.find("big.json"), std::string::npos) << msg;
  EXPECT_NE(msg.find("8 MiB"), std::string::npos) << msg;
  fs::resize_file(big, kMaxModelFileBytes);  // at the limit: read (and refused as JSON)
  EXPECT_NE(error_of(big.string()).find("not valid JSON"), std::string::npos);
  fs::remove_all(dir);
}

long peak_rss_kb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

// A model of a million numbers (5 MB) is parsed in memory of the order of its size.
TEST(ModelLoader, ManyNumbersTakeMemoryProportionalToTheText) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer's shadow memory and quarantine inflate peak RSS; the bound is checked in the "
                  "regular build";
#endif
  std::string slopes;
  for (int i = 0; i < 1000000; ++i) slopes += "0.5, ";
  const std::string text = model_json().replace(model_json().find("\"slopes\": [") + 11, 0, slopes);
  const long before = peak_rss_kb();
  expect_error(text, "model_dict.slopes has 1000003 values");
  EXPECT_LT(peak_rss_kb() - before, 128 * 1024) << "kB of peak memory for " << text.size() << " bytes";
}

}  // namespace
}  // namespace fastvmaf::model
