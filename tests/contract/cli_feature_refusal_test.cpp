// The CLI's contract when an extractor refuses the input (a frame too small, a bit
// depth it cannot score): alone, or needed by a model, the run fails with its clear
// message; asked for by --feature beside other extractors, it is left out with a
// warning and the others are scored (libvmaf's threaded CLI drops a failing
// extractor's values the same way).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "process.hpp"

namespace fs = std::filesystem;

namespace fastvmaf::test {
namespace {

class FeatureRefusal : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("fastvmaf_refusal_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  // Two frames of a w x h 4:2:0 picture: a ramp, shifted by `shift` in the second file.
  std::string clip(const std::string& name, unsigned w, unsigned h, const std::string& tag, unsigned bytes,
                   unsigned shift) {
    std::ofstream f(path(name), std::ios::binary);
    f << "YUV4MPEG2 W" << w << " H" << h << " F25:1 Ip A1:1 " << tag << "\n";
    const std::size_t samples = static_cast<std::size_t>(w) * h * 3 / 2;
    for (int frame = 0; frame < 2; ++frame) {
      f << "FRAME\n";
      for (std::size_t i = 0; i < samples; ++i) {
        const unsigned v = static_cast<unsigned>((i * 7 + shift + frame) % 200 + 20);
        if (bytes == 1) {
          f.put(static_cast<char>(v));
        } else {
          f.put(static_cast<char>(v & 0xff));
          f.put(static_cast<char>(v >> 8));
        }
      }
    }
    return path(name);
  }

  ProcessResult cli(std::vector<std::string> args) {
    std::vector<std::string> argv{FASTVMAF_CLI_PATH};
    argv.insert(argv.end(), args.begin(), args.end());
    argv.insert(argv.end(), {"--json", "-o", path("out.json"), "-q"});
    return run_process(argv, path("stdout.txt"), path("stderr.txt"));
  }

  nlohmann::json output() const { return nlohmann::json::parse(read_file(path("out.json"))); }

  fs::path dir_;
};

TEST_F(FeatureRefusal, AloneTheRefusalIsTheRunsError) {
  const std::string r = clip("r.y4m", 64, 48, "C420jpeg", 1, 0), d = clip("d.y4m", 64, 48, "C420jpeg", 1, 3);
  const ProcessResult p = cli({"-r", r, "-d", d, "-n", "--feature", "float_ms_ssim"});
  EXPECT_EQ(p.status, 1) << p.err;
  EXPECT_NE(p.err.find("float_ms_ssim: the frame 64x48 is too small"), std::string::npos) << p.err;
  EXPECT_NE(p.err.find("176x176"), std::string::npos) << p.err;
  EXPECT_FALSE(fs::exists(path("out.json")));
}

TEST_F(FeatureRefusal, BesideOtherFeaturesItIsLeftOutWithAWarning) {
  const std::string r = clip("r.y4m", 64, 48, "C420jpeg", 1, 0), d = clip("d.y4m", 64, 48, "C420jpeg", 1, 3);
  const ProcessResult p =
      cli({"-r", r, "-d", d, "-n", "--feature", "float_ssim", "--feature", "float_ms_ssim", "--feature", "psnr_hvs"});
  ASSERT_EQ(p.status, 0) << p.err;
  EXPECT_NE(p.err.find("warning: float_ms_ssim: the frame 64x48 is too small"), std::string::npos) << p.err;
  EXPECT_NE(p.err.find("left out"), std::string::npos) << p.err;
  const nlohmann::json j = output();
  ASSERT_EQ(j["frames"].size(), 2u);
  for (const auto& f : j["frames"]) {
    EXPECT_TRUE(f["metrics"].contains("float_ssim"));
    EXPECT_TRUE(f["metrics"].contains("psnr_hvs"));
    EXPECT_FALSE(f["metrics"].contains("float_ms_ssim"));
  }
}

TEST_F(FeatureRefusal, ADepthRefusalBehavesTheSame) {
  const std::string r = clip("r.y4m", 64, 48, "C420p16", 2, 0), d = clip("d.y4m", 64, 48, "C420p16", 2, 3);
  ProcessResult p = cli({"-r", r, "-d", d, "-n", "--feature", "psnr_hvs"});
  EXPECT_EQ(p.status, 1) << p.err;
  EXPECT_NE(p.err.find("psnr_hvs: bit depth 16 is not supported"), std::string::npos) << p.err;
  p = cli({"-r", r, "-d", d, "-n", "--feature", "psnr_hvs", "--feature", "ciede"});
  ASSERT_EQ(p.status, 0) << p.err;
  EXPECT_NE(p.err.find("psnr_hvs: bit depth 16 is not supported"), std::string::npos) << p.err;
  EXPECT_TRUE(output()["frames"][0]["metrics"].contains("ciede2000"));
}

TEST_F(FeatureRefusal, AModelsExtractorIsNeverLeftOut) {
  // vmaf_v1.0.16_3d0h reads CAMBI, which refuses 64x48: the run fails, psnr or not.
  const std::string r = clip("r.y4m", 64, 48, "C420jpeg", 1, 0), d = clip("d.y4m", 64, 48, "C420jpeg", 1, 3);
  setenv("FASTVMAF_MODEL_DIR", FASTVMAF_MODEL_DIR, 1);
  const ProcessResult p = cli({"-r", r, "-d", d, "-m", "version=vmaf_v1.0.16_3d0h", "--feature", "psnr"});
  EXPECT_EQ(p.status, 1) << p.err;
  EXPECT_NE(p.err.find("too small"), std::string::npos) << p.err;
  EXPECT_NE(p.err.find("needed by model vmaf_v1.0.16_3d0h"), std::string::npos) << p.err;
  EXPECT_FALSE(fs::exists(path("out.json")));
}

}  // namespace
}  // namespace fastvmaf::test
