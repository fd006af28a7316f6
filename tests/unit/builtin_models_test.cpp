// The built-in models: every model libvmaf ships, byte for byte the files in models/ (and
// libvmaf's own files where the shared data is present), and how version=NAME chooses
// between the model directory and the built-in model.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/collector.hpp"
#include "core/error.hpp"
#include "model/builtin_models.hpp"
#include "model/model.hpp"
#include "model/model_loader.hpp"

namespace fastvmaf::model {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// libvmaf's built-in models (libvmaf/src/model.c, built with its float features).
TEST(BuiltinModels, AreEveryModelLibvmafShips) {
  std::vector<std::string> versions;
  for (const auto& m : builtin_models()) versions.push_back(m.version);
  EXPECT_EQ(versions, (std::vector<std::string>{
                          "vmaf_4k_v0.6.1", "vmaf_4k_v0.6.1neg", "vmaf_b_v0.6.3", "vmaf_float_4k_v0.6.1",
                          "vmaf_float_b_v0.6.3", "vmaf_float_v0.6.1", "vmaf_float_v0.6.1neg", "vmaf_v0.6.1",
                          "vmaf_v0.6.1neg", "vmaf_v1.0.16_1d5h_2160", "vmaf_v1.0.16_3d0h", "vmaf_v1.0.16_3d0h_2160",
                          "vmaf_v1.0.16_5d0h", "vmaf_v1.0.16_hfr_1d5h_2160", "vmaf_v1.0.16_hfr_3d0h",
                          "vmaf_v1.0.16_hfr_3d0h_2160", "vmaf_v1.0.16_hfr_5d0h"}));
  EXPECT_EQ(find_builtin_model("vmaf_v0.6.1")->version, std::string("vmaf_v0.6.1"));
  EXPECT_EQ(find_builtin_model("vmaf_v0.6.1.json"), nullptr);
  EXPECT_EQ(find_builtin_model(""), nullptr);
}

TEST(BuiltinModels, AreTheModelFilesByteForByte) {
  const fs::path models = fs::path(FASTVMAF_SOURCE_DIR) / "models";
  const fs::path libvmaf = fs::path(FASTVMAF_SHARED_DIR) / "models";
  unsigned compared_with_libvmaf = 0;
  for (const auto& m : builtin_models()) {
    const std::string file = std::string(m.version) + ".json";
    ASSERT_TRUE(fs::exists(models / file)) << file;
    EXPECT_EQ(m.text(), slurp(models / file)) << file;
    EXPECT_GT(m.size, 1000u) << file;
    if (fs::exists(libvmaf / file)) {
      EXPECT_EQ(m.text(), slurp(libvmaf / file)) << file << " differs from libvmaf's";
      ++compared_with_libvmaf;
    }
  }
  if (!compared_with_libvmaf) std::cout << "note: no shared models to compare with at " << libvmaf << "\n";
  EXPECT_TRUE(fs::exists(models / "LICENSE"));
}

// Every built-in model parses; those whose extractors exist load completely.
TEST(BuiltinModels, Load) {
  for (const auto& m : builtin_models()) {
    ModelRequest r;
    r.version = m.version;
    try {
      const auto model = load_model(r, "");
      EXPECT_FALSE(model->feature_uses().empty()) << m.version;
    } catch (const InputError& e) {
      // A model of the float family before its extractors exist names the missing one.
      EXPECT_NE(std::string(e.what()).find("no feature extractor provides"), std::string::npos)
          << m.version << ": " << e.what();
      EXPECT_NE(std::string(m.version).find("float"), std::string::npos) << m.version << ": " << e.what();
    }
  }
}

class ModelLookup : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("fastvmaf_builtin_models_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // vmaf_v0.6.1 scored on fixed feature values.
  static double score(const ModelRequest& r, const std::string& dir) {
    const auto m = load_model(r, dir);
    FeatureCollector c;
    for (const char* f : {"VMAF_integer_feature_adm2_score", "VMAF_integer_feature_motion2_score",
                          "VMAF_integer_feature_vif_scale0_score", "VMAF_integer_feature_vif_scale1_score",
                          "VMAF_integer_feature_vif_scale2_score", "VMAF_integer_feature_vif_scale3_score"})
      c.append(f, 0, 0.5);
    m->predict(c, 0);
    return *c.get(r.name, 0);
  }

  fs::path dir_;
};

// version=NAME: <model_dir>/NAME.json when the directory holds it, else the built-in model;
// path= is that file. A model directory without the file is no error.
TEST_F(ModelLookup, ModelDirectoryThenBuiltin) {
  ModelRequest v;
  v.version = "vmaf_v0.6.1";
  const double builtin = score(v, "");
  EXPECT_EQ(score(v, dir_.string()), builtin);  // the directory has no vmaf_v0.6.1.json

  // The same model with another score clip in the directory wins over the built-in one.
  nlohmann::json j = nlohmann::json::parse(find_builtin_model("vmaf_v0.6.1")->text());
  j["model_dict"]["score_clip"] = {60.0, 60.0};
  std::ofstream(dir_ / "vmaf_v0.6.1.json") << j.dump();
  ASSERT_NE(builtin, 60.0);
  EXPECT_EQ(score(v, dir_.string()), 60.0);

  ModelRequest p;
  p.path = (dir_ / "vmaf_v0.6.1.json").string();
  EXPECT_EQ(score(p, ""), 60.0);
}

TEST_F(ModelLookup, UnknownVersionListsTheBuiltinModels) {
  ModelRequest v;
  v.version = "vmaf_v9";
  try {
    load_model(v, dir_.string());
    FAIL() << "no error";
  } catch (const InputError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("\"vmaf_v9\" is not a built-in model"), std::string::npos) << msg;
    EXPECT_NE(msg.find((dir_ / "vmaf_v9.json").string()), std::string::npos) << msg;
    EXPECT_NE(msg.find("vmaf_v1.0.16_3d0h"), std::string::npos) << msg;
  }
}

}  // namespace
}  // namespace fastvmaf::model
