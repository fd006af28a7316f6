// How the CLI decides what an input is (y4m by name or magic, raw with -w -h -p -b,
// otherwise compressed), in every build: with compressed-input support a file that is no
// video is named as such; without it, the message says this build has no support.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "process.hpp"

namespace fs = std::filesystem;

namespace fastvmaf::test {
namespace {

class InputKind : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("fastvmaf_input_kind_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  // A 3-frame 64x48 4:2:0 y4m whose samples are `value`; `raw` writes the planes only.
  std::string video(const std::string& name, std::uint8_t value, bool raw = false, unsigned w = 64) {
    std::ofstream f(path(name), std::ios::binary);
    if (!raw) f << "YUV4MPEG2 W" << w << " H48 F25:1 Ip A1:1 C420jpeg\n";
    const std::string payload(w * 48 * 3 / 2, static_cast<char>(value));
    for (int i = 0; i < 3; ++i) {
      if (!raw) f << "FRAME\n";
      f.write(payload.data(), static_cast<std::streamsize>(payload.size()));
    }
    return path(name);
  }
  ProcessResult cli(std::vector<std::string> args) {
    std::vector<std::string> argv{FASTVMAF_CLI_PATH};
    argv.insert(argv.end(), args.begin(), args.end());
    argv.insert(argv.end(), {"-n", "--feature", "psnr", "--json", "-o", path("out.json"), "--precision", "max", "-q"});
    return run_process(argv, path("stdout.txt"), path("stderr.txt"));
  }
  std::string psnr_y(const ProcessResult& r) {
    EXPECT_EQ(r.status, 0) << r.err;
    const std::string out = read_file(path("out.json"));
    const auto p = out.find("\"psnr_y\": ");
    return p == std::string::npos ? "" : out.substr(p, out.find('\n', p) - p);
  }
  void expect_error(const ProcessResult& r, const std::vector<std::string>& fragments) {
    EXPECT_EQ(r.status, 1) << r.err;
    for (const auto& f : fragments)
      EXPECT_NE(r.err.find(f), std::string::npos) << "missing \"" << f << "\" in:\n" << r.err;
    EXPECT_FALSE(fs::exists(path("out.json")));
  }

  fs::path dir_;
};

TEST_F(InputKind, Y4mIsKnownByItsMagicWhateverItsName) {
  const std::string want = psnr_y(cli({"-r", video("a.y4m", 100), "-d", video("b.y4m", 90)}));
  ASSERT_FALSE(want.empty());
  fs::remove(path("out.json"));
  EXPECT_EQ(psnr_y(cli({"-r", video("a.video", 100), "-d", video("b", 90)})), want);
}

TEST_F(InputKind, RawFlagsReadRawFilesAndStillKnowY4m) {
  const std::string want = psnr_y(cli({"-r", video("a.y4m", 100), "-d", video("b.y4m", 90)}));
  fs::remove(path("out.json"));
  const std::vector<std::string> raw{"-w", "64", "-h", "48", "-p", "420", "-b", "8"};
  auto with_raw = [&](std::vector<std::string> a) {
    a.insert(a.end(), raw.begin(), raw.end());
    return a;
  };
  EXPECT_EQ(psnr_y(cli(with_raw({"-r", video("a.yuv", 100, true), "-d", video("b.yuv", 90, true)}))), want);
  fs::remove(path("out.json"));
  // Mixed: the y4m beside raw video is read as y4m.
  EXPECT_EQ(psnr_y(cli(with_raw({"-r", video("a.yuv", 100, true), "-d", video("b.y4m", 90)}))), want);
}

TEST_F(InputKind, RawVideoWithoutGeometryIsAClearError) {
  expect_error(cli({"-r", video("a.y4m", 100), "-d", video("b.yuv", 90, true)}),
               {"b.yuv", "raw video needs --width/-w"});
}

TEST_F(InputKind, AFileThatIsNoVideo) {
  {
    std::ofstream f(path("notes.mp4"));
    f << "no video here\n";
  }
  const auto r = cli({"-r", video("a.y4m", 100), "-d", path("notes.mp4")});
#ifdef FASTVMAF_HAVE_AVINPUT
  expect_error(r, {"notes.mp4", "not a video file that libavformat can read"});
#else
  expect_error(r, {"notes.mp4", "not a YUV4MPEG2 file", "this build of fastvmaf has no compressed-input support"});
#endif
}

TEST_F(InputKind, ScalingADifferentSize) {
  const auto r = cli({"-r", video("a.y4m", 100), "-d", video("b.y4m", 90, false, 32), "--scale"});
#ifdef FASTVMAF_HAVE_AVINPUT
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(read_file(path("out.json")).find("\"scaledFrom\": \"32x48\""), std::string::npos);
#else
  expect_error(r, {"--scale", "no compressed-input support"});
#endif
}

}  // namespace
}  // namespace fastvmaf::test
