// libvmaf's C API against the CLI: capi_test (a C program using every function of
// include/libvmaf/, linked with libvmaf.so.3 only) scores a pair it makes; the CLI scores
// the same pair with the same models, overloads and features. Every output format must be
// the same document (but for the version and fps lines), and every value the program read
// through the API (%.17g) must be the CLI's --precision max value, bit for bit.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "process.hpp"

namespace fs = std::filesystem;

namespace fastvmaf::test {
namespace {

// The document without the lines naming the producer's version and speed.
std::string without_version_and_fps(const std::string& doc) {
  std::istringstream in(doc);
  std::string out, line;
  while (std::getline(in, line))
    if (line.find("version") == std::string::npos && line.find("fps") == std::string::npos) out += line + "\n";
  return out;
}

// How the outputs name a collector key (libvmaf's feature_name_alias for these).
std::string alias(const std::string& key) {
  static const std::map<std::string, std::string> a = {
      {"VMAF_integer_feature_adm2_score", "integer_adm2"},
      {"VMAF_integer_feature_motion2_score", "integer_motion2"},
      {"VMAF_integer_feature_vif_scale0_score", "integer_vif_scale0"},
      {"VMAF_integer_feature_vif_scale3_score", "integer_vif_scale3"}};
  auto it = a.find(key);
  return it == a.end() ? key : it->second;
}

class CapiVersusCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("fastvmaf_capi_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    ::unsetenv("FASTVMAF_BACKEND");
    ::unsetenv("FASTVMAF_MODEL_DIR");
  }
  void TearDown() override { fs::remove_all(dir_); }

  ProcessResult cli(const std::vector<std::string>& output) {
    std::vector<std::string> argv{FASTVMAF_CLI_PATH,
                                  "-r", (dir_ / "ref.y4m").string(),
                                  "-d", (dir_ / "dis.y4m").string(),
                                  "-m", "version=vmaf_v0.6.1:name=vmaf",
                                  "-m", "version=vmaf_v0.6.1:name=vmaf_egl:disable_clip:adm.adm_enhn_gain_limit=1.0",
                                  "-m", "version=vmaf_b_v0.6.3:name=vmaf_b:motion.motion_force_zero=false",
                                  "--feature", "psnr=enable_apsnr=true",
                                  "--threads", "2", "-q"};
    argv.insert(argv.end(), output.begin(), output.end());
    return run_process(argv, (dir_ / "cli.out").string(), (dir_ / "cli.err").string());
  }

  fs::path dir_;
};

TEST_F(CapiVersusCli, EveryOutputAndValueEqualsTheCli) {
  const auto c = run_process({FASTVMAF_CAPI_TEST, dir_.string()}, (dir_ / "capi.out").string(),
                             (dir_ / "capi.err").string());
  ASSERT_EQ(c.status, 0) << c.err;

  for (const std::string fmt : {"xml", "json", "csv", "sub"}) {
    const std::string out = (dir_ / ("cli." + fmt)).string();
    const auto r = cli({"--" + fmt, "-o", out});
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string ours = read_file((dir_ / ("capi." + fmt)).string());
    ASSERT_FALSE(ours.empty()) << fmt;
    EXPECT_EQ(without_version_and_fps(ours), without_version_and_fps(read_file(out))) << fmt;
  }

  const auto r = cli({"--json", "-o", (dir_ / "max.json").string(), "--precision", "max"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(read_file((dir_ / "max.json").string()));
  std::istringstream values(read_file((dir_ / "values.txt").string()));
  std::string name;
  unsigned index = 0;
  std::string text;
  unsigned checked = 0;
  while (values >> name >> index >> text) {
    const double v = std::strtod(text.c_str(), nullptr);
    double want = 0;
    if (name.rfind("pooled_", 0) == 0) {
      const auto colon = name.find(':');
      const std::string method = name.substr(7, colon - 7), key = alias(name.substr(colon + 1));
      ASSERT_TRUE(j["pooled_metrics"].contains(key)) << key;
      want = j["pooled_metrics"][key][method].get<double>();
    } else {
      const auto& m = j["frames"][index]["metrics"];
      ASSERT_TRUE(m.contains(alias(name))) << name << " at frame " << index;
      want = m[alias(name)].get<double>();
    }
    EXPECT_EQ(v, want) << name << " " << index << ": C API " << text;
    ++checked;
  }
  EXPECT_EQ(checked, 15u + 5u * (5u + 8u));  // 15 pooled values, 13 a frame
}

}  // namespace
}  // namespace fastvmaf::test
