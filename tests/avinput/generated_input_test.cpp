// Compressed input on files generated at test time from ffmpeg's own test pattern (label
// avinput; no corpus clip needed): damaged H.264 refused whatever the decoder's threads,
// and inputs of different frame rates warned about.
#include <gtest/gtest.h>

#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "process.hpp"
#include "run_ffmpeg.hpp"

namespace fs = std::filesystem;

namespace fastvmaf::test {
namespace {

class GeneratedInput : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("fastvmaf_avgen_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  // Runs the system's ffmpeg; the test stops when it fails.
  void ffmpeg(const std::vector<std::string>& args) { run_ffmpeg(dir_, args); }
  // testsrc2 at `size` and `rate`, `frames` frames, encoded with `codec` (one encoder
  // thread, so the bytes do not depend on the machine's cores) into `name`.
  void encode(const std::string& name, const std::string& size, const std::string& rate, unsigned frames,
              std::vector<std::string> codec) {
    std::vector<std::string> a{"-f", "lavfi", "-i", "testsrc2=size=" + size + ":rate=" + rate, "-frames:v",
                               std::to_string(frames), "-pix_fmt", "yuv420p", "-threads", "1"};
    a.insert(a.end(), codec.begin(), codec.end());
    a.push_back(path(name));
    ffmpeg(a);
  }

  ProcessResult cli(std::vector<std::string> args) {
    std::vector<std::string> argv{FASTVMAF_CLI_PATH};
    argv.insert(argv.end(), args.begin(), args.end());
    return run_process(argv, path("stdout.txt"), path("stderr.txt"));
  }

  fs::path dir_;
};

const std::vector<std::string> kX264 = {"-c:v", "libx264", "-preset", "veryfast", "-crf", "35"};

// The probe's defect: with frame threads, libavcodec's H.264 decoder can hand a picture
// out before its error concealment ran, and the frame's decode_error_flags are then lost:
// a file refused with one decoder thread was scored at random with more. Every file that
// one thread refuses must be refused with any number of threads, every time. The cases:
// one flipped bit at 40 fixed places of an MP4 (some places decode without a trace in any
// decoder, H.264 having no checksums: those are scored with one thread too and are not
// asked about), and a Matroska file cut at 8 places (always refused).
TEST_F(GeneratedInput, DamagedH264IsRefusedWithAnyDecoderThreads) {
  encode("ref.mkv", "320x240", "30", 60, {"-c:v", "ffv1"});
  encode("dis.mp4", "320x240", "30", 60, kX264);
  encode("dis.mkv", "320x240", "30", 60, kX264);
  const std::string mp4 = read_file(path("dis.mp4")), mkv = read_file(path("dis.mkv"));
  ASSERT_GT(mp4.size(), 4000u);
  struct Case {
    std::string name, bytes, ext;
  };
  std::vector<Case> cases;
  for (std::size_t k = 0; k < 40; ++k) {
    const std::size_t at = 1500 + (mp4.size() - 1600) * k / 40;  // past the header, within the frames
    std::string b = mp4;
    b[at] = static_cast<char>(b[at] ^ (1 << (k % 8)));
    cases.push_back({"bit " + std::to_string(k % 8) + " of byte " + std::to_string(at), b, ".mp4"});
  }
  for (std::size_t k = 1; k <= 8; ++k)
    cases.push_back({"cut at " + std::to_string(k) + "/9", mkv.substr(0, mkv.size() * k / 9), ".mkv"});

  auto scored = [&](const Case& c, const std::string& threads) {
    const std::string file = path("case" + c.ext);
    std::ofstream(file, std::ios::binary | std::ios::trunc).write(c.bytes.data(),
                                                                  static_cast<std::streamsize>(c.bytes.size()));
    const auto r = cli({"-r", path("ref.mkv"), "-d", file, "-n", "--feature", "psnr", "--decode-threads", threads,
                        "-q", "-o", path("out.json")});
    EXPECT_TRUE(r.status == 0 || r.status == 1) << c.name << ": " << r.err;
    // A refusal names the file and leaves no output.
    if (r.status != 0) {
      EXPECT_NE(r.err.find(file), std::string::npos) << r.err;
      EXPECT_FALSE(fs::exists(path("out.json")));
    }
    fs::remove(path("out.json"));
    return r.status == 0;
  };
  unsigned refused = 0;
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const bool cut = c.ext == ".mkv";
    if (scored(c, "1")) {
      EXPECT_FALSE(cut) << "a cut file was scored";
      continue;
    }
    ++refused;
    for (const char* threads : {"2", "4", "8"})
      for (int rep = 0; rep < 2; ++rep) EXPECT_FALSE(scored(c, threads)) << "scored with " << threads << " threads";
  }
  // Most places are damage the decoder sees (the test would otherwise prove little).
  EXPECT_GE(refused, 30u);
}

// Frames are paired by index; inputs of different frame rates (24 against 30 fps) are
// scored so, with a warning naming both files and rates. Equal rates: no warning.
TEST_F(GeneratedInput, DifferentFrameRatesAreWarnedAbout) {
  encode("ref30.mkv", "64x48", "30", 6, {"-c:v", "ffv1"});
  encode("dis24.mp4", "64x48", "24", 6, kX264);
  encode("dis30.mp4", "64x48", "30", 6, kX264);
  encode("dis2997.mp4", "64x48", "30000/1001", 6, kX264);
  auto run = [&](const std::string& dis) {
    const auto r = cli({"-r", path("ref30.mkv"), "-d", path(dis), "-n", "--feature", "psnr", "-q", "-o",
                        path("out.json")});
    EXPECT_EQ(r.status, 0) << r.err;
    return r.err;
  };
  std::string err = run("dis24.mp4");
  EXPECT_NE(err.find("warning: the reference \"" + path("ref30.mkv") + "\" is 30 fps and the distorted \"" +
                     path("dis24.mp4") + "\" 24 fps: frames are paired by their index"),
            std::string::npos)
      << err;
  err = run("dis2997.mp4");
  EXPECT_NE(err.find("\" 29.970 (30000/1001) fps"), std::string::npos) << err;
  EXPECT_EQ(run("dis30.mp4").find("fps:"), std::string::npos);
  // A .y4m declares a rate too, but is scored as a sequence of frames: no warning.
  ffmpeg({"-i", path("ref30.mkv"), "-r", "24", "-f", "yuv4mpegpipe", path("ref24.y4m")});
  const auto r = cli({"-r", path("ref24.y4m"), "-d", path("dis30.mp4"), "-n", "--feature", "psnr", "-q"});
  EXPECT_EQ(r.err.find("fps:"), std::string::npos) << r.err;
}

// --hwdec: a bad word and cuda beside a CPU backend are refused; cuda where the run is on
// no CUDA device (a host without one, CI) says so and decodes on the CPU, every value as
// --hwdec none gives.
TEST_F(GeneratedInput, HwdecChoices) {
  encode("ref.mkv", "64x48", "24", 4, {"-c:v", "ffv1"});
  encode("dis.mp4", "64x48", "24", 4, kX264);
  auto r = cli({"-r", path("ref.mkv"), "-d", path("dis.mp4"), "--hwdec", "nvdec"});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("invalid argument \"nvdec\" for --hwdec; should be cuda, none or auto"), std::string::npos)
      << r.err;
  r = cli({"-r", path("ref.mkv"), "-d", path("dis.mp4"), "--hwdec", "cuda", "--backend", "cpu"});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("--hwdec cuda decodes into CUDA device memory: it needs --backend cuda"), std::string::npos)
      << r.err;
  const auto none = cli({"-r", path("ref.mkv"), "-d", path("dis.mp4"), "-n", "--feature", "psnr", "--json", "-o",
                         path("none.json"), "--hwdec", "none"});
  ASSERT_EQ(none.status, 0) << none.err;
  const auto cuda = cli({"-r", path("ref.mkv"), "-d", path("dis.mp4"), "-n", "--feature", "psnr", "--json", "-o",
                         path("cuda.json"), "--hwdec", "cuda", "--backend", "auto"});
  ASSERT_EQ(cuda.status, 0) << cuda.err;
  if (cuda.err.find("decoded by NVDEC") == std::string::npos)
    EXPECT_NE(cuda.err.find("--hwdec cuda: decoded on the CPU, the run is not on a CUDA device"), std::string::npos)
        << cuda.err;
  auto frames = [&](const std::string& name) {
    std::ifstream f(path(name));
    std::string s((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    return s.substr(s.find("\"frames\""));
  };
  EXPECT_EQ(frames("none.json"), frames("cuda.json"));
}

#ifdef FASTVMAF_SHARED_LIBRARY
// FASTVMAF_AV_MODULE naming the engine's own library: its initialisers register every
// extractor a second time, inside dlopen. That threw through the dynamic loader with its
// lock held, and the run hung (a batch at its second pair or at exit). Now the load fails
// after dlopen returns, with a clear message, for every pair, and the run ends.
TEST_F(GeneratedInput, TheEnginesOwnLibraryAsTheAvModuleIsAClearErrorNotAHang) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer stops the load first: a second copy of the engine's globals is an ODR violation";
#endif
  encode("a.mkv", "64x48", "30", 2, {"-c:v", "ffv1"});
  {
    std::ofstream m(path("m.tsv"));
    m << "a.mkv\ta.mkv\tone.json\na.mkv\ta.mkv\ttwo.json\n";
  }
  ::setenv("FASTVMAF_AV_MODULE", FASTVMAF_SHARED_LIBRARY, 1);
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--batch", path("m.tsv"), "-n", "--feature", "psnr"},
           {"-r", path("a.mkv"), "-d", path("a.mkv"), "-n", "--feature", "psnr", "-o", path("one.json")}}) {
    std::vector<std::string> argv{FASTVMAF_CLI_PATH};
    argv.insert(argv.end(), args.begin(), args.end());
    RunOptions o{path("stdout.txt"), path("stderr.txt")};
    o.timeout_s = 60;
    const auto r = run_process(argv, o);
    EXPECT_FALSE(r.timed_out) << "hung: killed after 60 s";
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_NE(r.err.find("registered what is registered already (extractor"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(path("one.json")));
  }
  ::unsetenv("FASTVMAF_AV_MODULE");
}
#endif

}  // namespace
}  // namespace fastvmaf::test
