// The CLI's model behaviour: with no -m it scores with vmaf_v1.0.16_3d0h and says so
// once, with no model directory (the models are built in); FASTVMAF_MODEL_DIR and path=
// override a built-in model; model errors are clear.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include <nlohmann/json.hpp>

#include "flat_y4m.hpp"
#include "process.hpp"

namespace fs = std::filesystem;

namespace fastvmaf::test {
namespace {

class CliModels : public ::testing::Test {
 protected:
  void SetUp() override {
    ::unsetenv("FASTVMAF_MODEL_DIR");
    dir_ = fs::temp_directory_path() / ("fastvmaf_models_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
    ref_ = clip("ref.y4m", 0);
    dis_ = clip("dis.y4m", 9);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // 256x256 4:2:0 with texture (CAMBI and SpEED need at least 216 and 160).
  std::string clip(const std::string& name, int noise) {
    const std::string p = (dir_ / name).string();
    std::ofstream f(p, std::ios::binary);
    f << "YUV4MPEG2 W256 H256 F24:1 Ip C420jpeg\n";
    std::mt19937 rng(7);
    for (int k = 0; k < 3; ++k) {
      f << "FRAME\n";
      for (int y = 0; y < 256; ++y)
        for (int x = 0; x < 256; ++x) f.put(static_cast<char>((x + 2 * y + 5 * k) % 200 + (noise ? rng() % noise : 0)));
      for (int i = 0; i < 2 * 128 * 128; ++i) f.put(static_cast<char>(128 + (i % 7)));
    }
    return p;
  }

  ProcessResult cli(std::vector<std::string> args, const std::string& out) {
    std::vector<std::string> argv{FASTVMAF_CLI_PATH, "-r", ref_, "-d", dis_};
    argv.insert(argv.end(), args.begin(), args.end());
    argv.insert(argv.end(), {"--json", "-o", (dir_ / out).string(), "--precision", "max", "-q"});
    return run_process(argv, (dir_ / "stdout.txt").string(), (dir_ / "stderr.txt").string());
  }

  fs::path dir_;
  std::string ref_, dis_;
};

TEST_F(CliModels, DefaultModelIsV1AndSaysSoOnce) {
  auto def = cli({}, "default.json");
  ASSERT_EQ(def.status, 0) << def.err;
  const std::string note = "no model given: scoring with vmaf_v1.0.16_3d0h";
  ASSERT_NE(def.err.find(note), std::string::npos) << def.err;
  EXPECT_EQ(def.err.find(note), def.err.rfind(note));
  auto expl = cli({"-m", "version=vmaf_v1.0.16_3d0h"}, "explicit.json");
  ASSERT_EQ(expl.status, 0) << expl.err;
  auto a = nlohmann::json::parse(read_file((dir_ / "default.json").string()));
  auto b = nlohmann::json::parse(read_file((dir_ / "explicit.json").string()));
  ASSERT_EQ(a["frames"].size(), 3u);
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(a["frames"][i]["metrics"].contains("vmaf"));
    EXPECT_EQ(a["frames"][i]["metrics"]["vmaf"].get<double>(), b["frames"][i]["metrics"]["vmaf"].get<double>());
  }
  // The v1 model's features are there under their option-suffixed names.
  EXPECT_TRUE(a["frames"][0]["metrics"].contains("cambi_hrs_1080_cmxv_17_vlt_0.06"));
}

// FASTVMAF_MODEL_DIR/NAME.json replaces the built-in NAME; a directory without it does not.
TEST_F(CliModels, ModelDirectoryOverridesBuiltinModels) {
  auto builtin = cli({"-m", "version=vmaf_v0.6.1"}, "builtin.json");
  ASSERT_EQ(builtin.status, 0) << builtin.err;
  const fs::path models = dir_ / "models";
  fs::create_directories(models);
  auto j = nlohmann::json::parse(read_file((fs::path(FASTVMAF_MODEL_DIR) / "vmaf_v0.6.1.json").string()));
  j["model_dict"]["score_clip"] = {42.0, 42.0};
  std::ofstream(models / "vmaf_v0.6.1.json") << j.dump();
  setenv("FASTVMAF_MODEL_DIR", models.c_str(), 1);
  auto over = cli({"-m", "version=vmaf_v0.6.1"}, "override.json");
  ASSERT_EQ(over.status, 0) << over.err;
  auto fallback = cli({"-m", "version=vmaf_v0.6.1neg"}, "fallback.json");  // not in the directory
  ASSERT_EQ(fallback.status, 0) << fallback.err;
  ::unsetenv("FASTVMAF_MODEL_DIR");
  auto path = cli({"-m", "path=" + (models / "vmaf_v0.6.1.json").string()}, "path.json");
  ASSERT_EQ(path.status, 0) << path.err;
  auto neg = cli({"-m", "version=vmaf_v0.6.1neg"}, "neg.json");
  ASSERT_EQ(neg.status, 0) << neg.err;
  auto vmaf = [&](const char* file, int i) {
    return nlohmann::json::parse(read_file((dir_ / file).string()))["frames"][i]["metrics"]["vmaf"].get<double>();
  };
  for (int i = 0; i < 3; ++i) {
    EXPECT_NE(vmaf("builtin.json", i), 42.0);
    EXPECT_EQ(vmaf("override.json", i), 42.0);
    EXPECT_EQ(vmaf("path.json", i), 42.0);
    EXPECT_EQ(vmaf("fallback.json", i), vmaf("neg.json", i));
  }
}

TEST_F(CliModels, MissingAndBrokenModelsAreClearErrors) {
  auto r = cli({"-m", "version=vmaf_v9"}, "o.json");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("\"vmaf_v9\" is not a built-in model"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "o.json"));
  {
    std::ofstream f(dir_ / "broken.json");
    f << "{\"model_dict\": {\"model_type\": \"LIBSVMNUSVR\",";
  }
  r = cli({"-m", "path=" + (dir_ / "broken.json").string()}, "o.json");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("broken.json"), std::string::npos) << r.err;
  r = cli({"-m", "version=vmaf_v0.6.1", "-m", "version=vmaf_v0.6.1neg"}, "o.json");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("unique name"), std::string::npos) << r.err;
  r = cli({"-m", "version=vmaf_v0.6.1:bogus"}, "o.json");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("bad option string \"bogus\""), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "o.json"));
}

TEST_F(CliModels, TooSmallForTheDefaultModelGivesAHint) {
  const std::string tiny = (dir_ / "tiny.y4m").string();
  test::write_flat_y4m(tiny, 64, 64, 1, [](unsigned) { return static_cast<unsigned char>(0x40); });
  auto r = run_process({FASTVMAF_CLI_PATH, "-r", tiny, "-d", tiny, "-q"}, (dir_ / "o.txt").string(),
                       (dir_ / "e.txt").string());
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("too small"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("needed by model vmaf_v1.0.16_3d0h"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("-m version=vmaf_v0.6.1"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace fastvmaf::test
