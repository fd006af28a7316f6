// The CLI's contract with bad input: a clear message naming the file (and frame) and
// what is wrong, exit code 1, never a crash, and no output file written.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "process.hpp"

namespace fs = std::filesystem;

namespace fastvmaf::test {
namespace {

// Writes y4m files: a header line, then `frames` frames of the given payload size.
class BadInput : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("fastvmaf_bad_input_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  // A y4m with `frames` frames of w x h 4:2:0 8-bit, each frame `bytes_short` bytes
  // short in the last frame.
  std::string y4m(const std::string& name, const std::string& header, unsigned frame_bytes, unsigned frames,
                  unsigned last_short = 0, std::uint8_t value = 100) {
    std::ofstream f(path(name), std::ios::binary);
    f << header << "\n";
    std::string payload(frame_bytes, static_cast<char>(value));
    for (unsigned i = 0; i < frames; ++i) {
      f << "FRAME\n";
      f.write(payload.data(), i + 1 == frames ? frame_bytes - last_short : frame_bytes);
    }
    return path(name);
  }
  std::string good(const std::string& name, unsigned frames = 3, std::uint8_t value = 100) {
    return y4m(name, "YUV4MPEG2 W64 H48 F25:1 Ip A1:1 C420jpeg", 64 * 48 * 3 / 2, frames, 0, value);
  }

  // Runs the CLI; the output file is requested in out.json. A run that would hang is
  // killed after a minute (a failure: timed_out).
  ProcessResult cli(std::vector<std::string> args, bool with_output = true) {
    std::vector<std::string> argv{FASTVMAF_CLI_PATH};
    argv.insert(argv.end(), args.begin(), args.end());
    if (with_output) argv.insert(argv.end(), {"--json", "-o", path("out.json")});
    argv.push_back("-q");
    RunOptions o{path("stdout.txt"), path("stderr.txt")};
    o.timeout_s = 60;
    auto r = run_process(argv, o);
    EXPECT_FALSE(r.timed_out) << "killed after " << o.timeout_s << " s";
    return r;
  }
  // The same with any flags (no output added), stdout and stderr as `o` says.
  ProcessResult cli_raw(std::vector<std::string> args, RunOptions o) {
    std::vector<std::string> argv{FASTVMAF_CLI_PATH};
    argv.insert(argv.end(), args.begin(), args.end());
    if (o.err_path.empty()) o.err_path = path("stderr.txt");
    o.timeout_s = 60;
    auto r = run_process(argv, o);
    EXPECT_FALSE(r.timed_out);
    return r;
  }
  static bool has_model(const std::string& version) {
    return fs::exists(fs::path(FASTVMAF_MODEL_DIR) / (version + ".json"));
  }

  bool output_written() const { return fs::exists(dir_ / "out.json"); }

  void expect_error(const ProcessResult& r, const std::vector<std::string>& fragments) {
    EXPECT_EQ(r.status, 1) << r.err;
    for (const auto& f : fragments) EXPECT_NE(r.err.find(f), std::string::npos) << "missing \"" << f << "\" in:\n" << r.err;
    EXPECT_FALSE(output_written());
    // Nothing half written either.
    for (const auto& e : fs::directory_iterator(dir_))
      EXPECT_EQ(e.path().filename().string().find("out.json"), std::string::npos) << e.path();
  }

  fs::path dir_;
};

TEST_F(BadInput, GoodInputScores) {
  auto r = cli({"-r", good("a.y4m"), "-d", good("b.y4m", 3, 90), "-n", "--feature", "psnr"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(output_written());
  EXPECT_NE(read_file(path("out.json")).find("\"psnr_y\""), std::string::npos);
}

TEST_F(BadInput, MissingFile) {
  auto r = cli({"-r", path("nope.y4m"), "-d", good("b.y4m"), "-n", "--feature", "psnr"});
  expect_error(r, {"nope.y4m", "cannot open"});
}

TEST_F(BadInput, EmptyFile) {
  { std::ofstream f(path("empty.y4m")); }
  auto r = cli({"-r", path("empty.y4m"), "-d", good("b.y4m"), "-n", "--feature", "psnr"});
  expect_error(r, {"empty.y4m", "empty file"});
}

TEST_F(BadInput, BadMagic) {
  auto p = y4m("magic.y4m", "YUV4MPEG3 W64 H48 C420jpeg", 64 * 48 * 3 / 2, 1);
  auto r = cli({"-r", p, "-d", good("b.y4m"), "-n", "--feature", "psnr"});
  expect_error(r, {"magic.y4m", "not a YUV4MPEG2 file"});
}

TEST_F(BadInput, TruncatedHeader) {
  {
    std::ofstream f(path("trunc.y4m"), std::ios::binary);
    f << "YUV4MPEG2 W64 H4";
  }
  auto r = cli({"-r", path("trunc.y4m"), "-d", good("b.y4m"), "-n", "--feature", "psnr"});
  expect_error(r, {"trunc.y4m", "truncated y4m header"});
}

TEST_F(BadInput, HeaderWithoutSize) {
  auto p = y4m("nosize.y4m", "YUV4MPEG2 W64 C420jpeg", 100, 1);
  auto r = cli({"-r", p, "-d", good("b.y4m"), "-n", "--feature", "psnr"});
  expect_error(r, {"nosize.y4m", "lacks the W or H tag"});
}

TEST_F(BadInput, BadSizeTag) {
  auto p = y4m("badw.y4m", "YUV4MPEG2 Wabc H48 C420jpeg", 100, 1);
  auto r = cli({"-r", p, "-d", good("b.y4m"), "-n", "--feature", "psnr"});
  expect_error(r, {"badw.y4m", "bad y4m width tag"});
}

TEST_F(BadInput, ZeroSize) {
  auto p = y4m("zero.y4m", "YUV4MPEG2 W0 H48 C420jpeg", 0, 1);
  auto r = cli({"-r", p, "-d", good("b.y4m"), "-n", "--feature", "psnr"});
  expect_error(r, {"zero.y4m", "invalid size 0x48"});
}

TEST_F(BadInput, AbsurdSizeIsRejectedBeforeAllocating) {
  auto p = y4m("huge.y4m", "YUV4MPEG2 W2000000000 H2000000000 C420jpeg", 10, 1);
  auto r = cli({"-r", p, "-d", good("b.y4m"), "-n", "--feature", "psnr"});
  expect_error(r, {"huge.y4m", "larger than the supported maximum"});
}

// A legal frame larger than the memory the process may use: a clear message, exit 1, no
// output. The file is sparse (1.5 GiB of zeros that take no disk); the picture it needs
// cannot be mapped under a 1 GiB address-space limit, so the run stops before reading it.
TEST_F(BadInput, OutOfMemoryIsAClearError) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer reserves more address space than the limit allows";
#else
  const std::string header = "YUV4MPEG2 W16384 H16384 F25:1 C444p16\nFRAME\n";
  const std::string big = path("big.y4m");
  {
    std::ofstream f(big, std::ios::binary);
    f << header;
  }
  fs::resize_file(big, header.size() + 16384ull * 16384 * 3 * 2);
  RunOptions o{path("stdout.txt"), path("stderr.txt")};
  o.timeout_s = 60;
  o.address_space_mb = 1024;
  auto r = run_process({FASTVMAF_CLI_PATH, "-r", big, "-d", big, "-n", "--feature", "psnr", "--threads", "1",
                        "--backend", "cpu", "--json", "-o", path("out.json"), "-q"},
                       o);
  EXPECT_FALSE(r.timed_out);
  expect_error(r, {"fastvmaf: error: out of memory", "--threads"});
#endif
}

TEST_F(BadInput, UnsupportedChroma) {
  auto p = y4m("c411.y4m", "YUV4MPEG2 W64 H48 C411", 64 * 48 * 3 / 2, 1);
  auto r = cli({"-r", p, "-d", good("b.y4m"), "-n", "--feature", "psnr"});
  expect_error(r, {"c411.y4m", "unsupported y4m colour space C411"});
}

TEST_F(BadInput, Interlaced) {
  auto p = y4m("int.y4m", "YUV4MPEG2 W64 H48 It C420jpeg", 64 * 48 * 3 / 2, 1);
  auto r = cli({"-r", p, "-d", good("b.y4m"), "-n", "--feature", "psnr"});
  expect_error(r, {"int.y4m", "interlaced"});
}

TEST_F(BadInput, TruncatedFrameSaysHowManyBytesShort) {
  auto p = y4m("short.y4m", "YUV4MPEG2 W64 H48 C420jpeg", 64 * 48 * 3 / 2, 2, 100);
  auto r = cli({"-r", p, "-d", good("b.y4m"), "-n", "--feature", "psnr"});
  expect_error(r, {"short.y4m", "frame 1 is truncated", "100 bytes short"});
}

TEST_F(BadInput, BadFrameHeader) {
  auto p = good("a.y4m", 2);
  {
    std::fstream f(p, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(std::string("YUV4MPEG2 W64 H48 F25:1 Ip A1:1 C420jpeg\n").size() + 6 +
                                        64 * 48 * 3 / 2));
    f.write("FRAMX", 5);
  }
  auto r = cli({"-r", p, "-d", good("b.y4m"), "-n", "--feature", "psnr"});
  expect_error(r, {"a.y4m", "frame 1: bad frame header"});
}

TEST_F(BadInput, DifferentSizes) {
  auto d = y4m("big.y4m", "YUV4MPEG2 W80 H48 C420jpeg", 80 * 48 * 3 / 2, 3);
  auto r = cli({"-r", good("a.y4m"), "-d", d, "-n", "--feature", "psnr"});
  expect_error(r, {"reference and distorted videos differ", "64x48", "80x48"});
}

TEST_F(BadInput, DifferentFormats) {
  auto d = y4m("c444.y4m", "YUV4MPEG2 W64 H48 C444", 64 * 48 * 3, 3);
  auto r = cli({"-r", good("a.y4m"), "-d", d, "-n", "--feature", "psnr"});
  expect_error(r, {"reference and distorted videos differ", "420", "444"});
}

TEST_F(BadInput, DifferentBitDepths) {
  auto d = y4m("p10.y4m", "YUV4MPEG2 W64 H48 C420p10", 64 * 48 * 3, 3, 0, 1);
  auto r = cli({"-r", good("a.y4m"), "-d", d, "-n", "--feature", "psnr"});
  expect_error(r, {"reference and distorted videos differ", "8-bit", "10-bit"});
}

TEST_F(BadInput, SampleAboveBitDepth) {
  // 10-bit samples of 0x6464 = 25700 > 1023.
  auto d = y4m("hot.y4m", "YUV4MPEG2 W64 H48 C420p10", 64 * 48 * 3, 1, 0, 100);
  auto r = cli({"-r", d, "-d", d, "-n", "--feature", "psnr"});
  expect_error(r, {"hot.y4m", "frame 0", "exceeds the 10-bit range"});
}

TEST_F(BadInput, FrameCountMismatchScoresCommonFramesAndWarns) {
  auto r = cli({"-r", good("a.y4m", 5), "-d", good("b.y4m", 3, 90), "-n", "--feature", "psnr"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("b.y4m\" ended before"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("scored the first 3 frames"), std::string::npos) << r.err;
  const std::string out = read_file(path("out.json"));
  EXPECT_NE(out.find("\"frameNum\": 2"), std::string::npos);
  EXPECT_EQ(out.find("\"frameNum\": 3"), std::string::npos);
}

TEST_F(BadInput, RawYuvTruncatedLastFrame) {
  const unsigned frame = 64 * 48 * 3 / 2;
  {
    std::ofstream f(path("a.yuv"), std::ios::binary);
    std::string s(frame * 2 - 7, 'x');
    f.write(s.data(), static_cast<std::streamsize>(s.size()));
  }
  auto r = cli({"-r", path("a.yuv"), "-d", path("a.yuv"), "-w", "64", "-h", "48", "-p", "420", "-b", "8", "-n",
                "--feature", "psnr"});
  expect_error(r, {"a.yuv", "frame 1 is truncated", "7 bytes short"});
}

TEST_F(BadInput, RawYuvNeedsAllGeometryFlags) {
  auto r = cli({"-r", good("a.y4m"), "-d", good("b.y4m"), "-w", "64", "-n", "--feature", "psnr"});
  expect_error(r, {"--width/-w", "--height/-h", "--pixel_format/-p", "--bitdepth/-b"});
}

TEST_F(BadInput, RawYuvBadBitDepthAndFormat) {
  auto r = cli({"-r", good("a.y4m"), "-d", good("b.y4m"), "-w", "64", "-h", "48", "-p", "420", "-b", "9", "-n",
                "--feature", "psnr"});
  expect_error(r, {"-b/--bitdepth", "8/10/12/16"});
  r = cli({"-r", good("a.y4m"), "-d", good("b.y4m"), "-w", "64", "-h", "48", "-p", "411", "-b", "8", "-n",
           "--feature", "psnr"});
  expect_error(r, {"-p/--pixel_format", "420/422/444"});
}

TEST_F(BadInput, UnknownFeature) {
  auto r = cli({"-r", good("a.y4m"), "-d", good("b.y4m"), "-n", "--feature", "psnrx"});
  expect_error(r, {"unknown feature \"psnrx\"", "psnr"});
}

TEST_F(BadInput, UnknownOptionAndBadValue) {
  auto r = cli({"-r", good("a.y4m"), "-d", good("b.y4m"), "-n", "--feature", "psnr=enable_msee=true"});
  expect_error(r, {"psnr", "unknown option \"enable_msee\""});
  r = cli({"-r", good("a.y4m"), "-d", good("b.y4m"), "-n", "--feature", "psnr=enable_mse=yes"});
  expect_error(r, {"psnr", "enable_mse=yes", "true|false"});
  r = cli({"-r", good("a.y4m"), "-d", good("b.y4m"), "-n", "--feature", "psnr=min_sse=-1"});
  expect_error(r, {"psnr", "min_sse=-1"});
}

TEST_F(BadInput, BadNumericFlags) {
  auto r = cli({"-r", good("a.y4m"), "-d", good("b.y4m"), "-n", "--feature", "psnr", "--threads", "x"});
  expect_error(r, {"--threads"});
  r = cli({"-r", good("a.y4m"), "-d", good("b.y4m"), "-n", "--feature", "psnr", "--subsample", "0"});
  expect_error(r, {"--subsample"});
  r = cli({"-r", good("a.y4m"), "-d", good("b.y4m"), "-n", "--feature", "psnr", "--backend", "tpu"});
  expect_error(r, {"--backend"});
}

TEST_F(BadInput, NoGpuIsAClearErrorAndAutoFallsBackToTheCpu) {
  auto a = cli({"-r", good("a.y4m"), "-d", good("b.y4m", 3, 90), "-n", "--feature", "psnr", "--backend", "auto"});
  ASSERT_EQ(a.status, 0) << a.err;
  if (a.err.find("no usable GPU") == std::string::npos) GTEST_SKIP() << "a GPU is present: " << a.err;
  EXPECT_NE(a.err.find("running on the CPU"), std::string::npos) << a.err;
  fs::remove(path("out.json"));
  for (const char* b : {"cuda", "hip"}) {
    auto r = cli({"-r", good("a.y4m"), "-d", good("b.y4m"), "-n", "--feature", "psnr", "--backend", b});
    expect_error(r, {std::string("--backend ") + b});
    // Either the build has no such backend, or there is no device: both say so.
    EXPECT_TRUE(r.err.find("device") != std::string::npos || r.err.find("this build has no") != std::string::npos)
        << r.err;
  }
}

TEST_F(BadInput, MissingRequiredFlags) {
  auto r = cli({"-d", good("b.y4m"), "-n", "--feature", "psnr"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("--reference"), std::string::npos) << r.err;
  EXPECT_FALSE(output_written());
}

TEST_F(BadInput, NothingToCompute) {
  auto r = cli({"-r", good("a.y4m"), "-d", good("b.y4m"), "-n"});
  expect_error(r, {"nothing to compute"});
}

TEST_F(BadInput, UnwritableOutputLeavesNothing) {
  std::vector<std::string> argv{FASTVMAF_CLI_PATH, "-r", good("a.y4m"), "-d", good("b.y4m"), "-n", "--feature",
                                "psnr", "--json", "-o", path("no/such/dir/out.json"), "-q"};
  auto r = run_process(argv, path("stdout.txt"), path("stderr.txt"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("cannot write output file"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(path("no")));
}

TEST_F(BadInput, FailedRunKeepsAnEarlierOutputIntact) {
  // A run that fails must not leave a half-written file where a good one was.
  auto ok = cli({"-r", good("a.y4m"), "-d", good("b.y4m", 3, 90), "-n", "--feature", "psnr"});
  ASSERT_EQ(ok.status, 0) << ok.err;
  const std::string before = read_file(path("out.json"));
  auto p = y4m("short.y4m", "YUV4MPEG2 W64 H48 C420jpeg", 64 * 48 * 3 / 2, 2, 100);
  auto r = cli({"-r", p, "-d", good("b.y4m"), "-n", "--feature", "psnr"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(read_file(path("out.json")), before);
}

// -o naming an input (another spelling, a symlink, a hard link) would overwrite the source
// video with the scores: refused before scoring, the video unchanged.
TEST_F(BadInput, OutputThatIsAnInputIsRefused) {
  const std::string a = good("a.y4m"), b = good("b.y4m", 3, 90);
  fs::create_directories(dir_ / "sub");
  fs::create_symlink(dir_ / "b.y4m", dir_ / "b_sym.y4m");
  fs::create_hard_link(dir_ / "a.y4m", dir_ / "a_hard.y4m");
  const std::string a_before = read_file(a), b_before = read_file(b);
  for (const auto& out : std::vector<std::string>{b, path("sub/../b.y4m"), path("b_sym.y4m"), path("a_hard.y4m")}) {
    SCOPED_TRACE(out);
    const auto r = cli_raw({"-r", a, "-d", b, "-n", "--feature", "psnr", "--json", "-o", out, "-q"}, {});
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_NE(r.err.find("would overwrite the video"), std::string::npos) << r.err;
    EXPECT_EQ(read_file(a), a_before);
    EXPECT_EQ(read_file(b), b_before);
    EXPECT_TRUE(fs::is_symlink(dir_ / "b_sym.y4m"));
  }
}


// ---- hardening (a hostile user's inputs) ------------------------------------------------

TEST_F(BadInput, ExistingOutputKeepsItsPermissionBits) {
  ::umask(022);
  { std::ofstream f(path("out.json")); f << "old"; }
  fs::permissions(path("out.json"), fs::perms::owner_read | fs::perms::owner_write);  // 0600
  auto r = cli({"-r", good("a.y4m"), "-d", good("b.y4m", 3, 90), "-n", "--feature", "psnr"});
  ASSERT_EQ(r.status, 0) << r.err;
  struct stat st {};
  ASSERT_EQ(::stat(path("out.json").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0600u);
  EXPECT_NE(read_file(path("out.json")).find("psnr_y"), std::string::npos);
  // A new output gets what the umask allows, as any file the user creates.
  fs::remove(path("out.json"));
  r = cli({"-r", good("a.y4m"), "-d", good("b.y4m", 3, 90), "-n", "--feature", "psnr"});
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_EQ(::stat(path("out.json").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0644u);
}

TEST_F(BadInput, ModelThatIsNotARegularFileIsRefused) {
  auto r = cli({"-r", good("a.y4m"), "-d", good("b.y4m"), "-m", "path=/dev/zero"});
  expect_error(r, {"/dev/zero", "not a regular file"});
  // A FIFO nobody writes to: refused, not waited on.
  ASSERT_EQ(::mkfifo(path("fifo.json").c_str(), 0600), 0);
  r = cli({"-r", good("a.y4m"), "-d", good("b.y4m"), "-m", "path=" + path("fifo.json")});
  expect_error(r, {"fifo.json", "not a regular file"});
  r = cli({"-r", good("a.y4m"), "-d", good("b.y4m"), "-m", "path=" + dir_.string()});
  expect_error(r, {dir_.string(), "not a regular file"});
}

TEST_F(BadInput, ModelAboveTheSizeLimitIsRefused) {
  { std::ofstream f(path("huge.json")); }
  fs::resize_file(path("huge.json"), (std::uintmax_t{8} << 20) + 1);  // sparse: no disk used
  auto r = cli({"-r", good("a.y4m"), "-d", good("b.y4m"), "-m", "path=" + path("huge.json")});
  expect_error(r, {"huge.json", "8 MiB"});
}

TEST_F(BadInput, FailingStdoutIsAnError) {
  const std::vector<std::string> pair{"-r", good("a.y4m"), "-d", good("b.y4m", 3, 90)};
  for (const bool closed : {false, true}) {
    RunOptions o;
    o.out_path = closed ? path("stdout.txt") : "/dev/full";
    o.close_stdout = closed;
    // An output to stdout, the pooled scores a model prints, --version. (Not -o /dev/stdout:
    // a regression that replaced the output's path would replace the system's /dev/stdout
    // link when the tests run as root; /proc/self/fd/1 cannot be replaced.)
    std::vector<std::vector<std::string>> extras{{"-n", "--feature", "psnr", "--json", "-o", "/proc/self/fd/1"}};
    if (has_model("vmaf_v0.6.1")) extras.push_back({"-m", "version=vmaf_v0.6.1"});
    for (const auto& extra : extras) {
      auto args = pair;
      args.insert(args.end(), extra.begin(), extra.end());
      auto r = cli_raw(args, o);
      EXPECT_EQ(r.status, 1) << (closed ? "closed stdout" : "/dev/full") << ": " << r.err;
      EXPECT_TRUE(r.err.find("standard output") != std::string::npos || r.err.find("/proc/self/fd/1") != std::string::npos)
          << r.err;
    }
    auto r = cli_raw({"--version"}, o);
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_NE(r.err.find("standard output"), std::string::npos) << r.err;
  }
  // With -q and -o nothing goes to stdout: a closed stdout is no error.
  RunOptions o;
  o.close_stdout = true;
  auto args = pair;
  args.insert(args.end(), {"-n", "--feature", "psnr", "--json", "-o", path("out.json"), "-q"});
  auto r = cli_raw(args, o);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(output_written());
}

// -o /dev/stdout (or /proc/self/fd/1) while stdout is redirected to a file: the scores
// go into that file; the path is not replaced by a new file (which, for /dev/stdout,
// would replace the system's link).
TEST_F(BadInput, OutputToAStdoutRedirectedToAFile) {
  const std::vector<std::string> score{"-r", good("a.y4m"), "-d", good("b.y4m", 3, 90), "-n", "--feature", "psnr",
                                       "--json", "-q", "-o", "/proc/self/fd/1"};
  auto r = cli_raw(score, {path("stdout.txt"), path("stderr.txt")});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"psnr_y\""), std::string::npos) << r.out;
}

TEST_F(BadInput, MonoAgainstColourIsRefused) {
  auto mono = y4m("m.y4m", "YUV4MPEG2 W64 H48 F25:1 Ip Cmono", 64 * 48, 3);
  auto r = cli({"-r", good("a.y4m"), "-d", mono, "-n", "--feature", "psnr"});
  expect_error(r, {"reference and distorted videos differ", "a.y4m", "m.y4m", "mono", "420"});
  r = cli({"-r", mono, "-d", good("a.y4m"), "-n", "--feature", "psnr"});
  expect_error(r, {"reference and distorted videos differ", "mono", "420"});
  auto mono2 = y4m("m2.y4m", "YUV4MPEG2 W64 H48 F25:1 Ip Cmono", 64 * 48, 3, 0, 90);
  r = cli({"-r", mono, "-d", mono2, "-n", "--feature", "psnr"});
  EXPECT_EQ(r.status, 0) << r.err;
}

TEST_F(BadInput, ModelNamesAreEscapedOrRefusedPerFormat) {
  if (!has_model("vmaf_v0.6.1")) GTEST_SKIP() << "no model files in " << FASTVMAF_MODEL_DIR;
  const std::string name = "q\"u\\o<t>e&\n\t\x01 ,x";
  const std::vector<std::string> base{"-r", good("a.y4m"), "-d", good("b.y4m", 3, 90), "-m",
                                      "version=vmaf_v0.6.1:name=" + name};
  // JSON: any name, escaped.
  auto args = base;
  args.insert(args.end(), {"--json", "-o", path("out.json"), "-q"});
  auto r = cli_raw(args, {});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(read_file(path("out.json")));  // throws on invalid JSON
  EXPECT_TRUE(j["pooled_metrics"].contains(name)) << j["pooled_metrics"].dump();
  EXPECT_TRUE(j["frames"][0]["metrics"].contains(name));
  // CSV: quoted as RFC 4180 says (a quote doubled).
  args = base;
  args.insert(args.end(), {"--csv", "-o", path("out.csv"), "-q"});
  r = cli_raw(args, {});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string csv = read_file(path("out.csv"));
  EXPECT_NE(csv.find(",\"q\"\"u\\o<t>e&\n\t\x01 ,x\","), std::string::npos) << csv;
  // XML: an attribute name cannot hold such characters: refused before scoring.
  args = base;
  args.insert(args.end(), {"--xml", "-o", path("out.xml"), "-q"});
  r = cli_raw(args, {});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("cannot be written as XML"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(path("out.xml")));
  // Subtitles: '|' separates values and a newline ends the line.
  args = {"-r", good("a.y4m"), "-d", good("b.y4m", 3, 90), "-m", "version=vmaf_v0.6.1:name=a|b", "--sub", "-o",
          path("out.sub"), "-q"};
  r = cli_raw(args, {});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("cannot be written as subtitles"), std::string::npos) << r.err;
  // XML with an ordinary name still works.
  args = {"-r", good("a.y4m"), "-d", good("b.y4m", 3, 90), "-m", "version=vmaf_v0.6.1:name=v061-a.b", "--xml",
          "-o", path("out.xml"), "-q"};
  r = cli_raw(args, {});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(read_file(path("out.xml")).find(" v061-a.b=\""), std::string::npos);
}

TEST_F(BadInput, DirectoryAsInput) {
  auto r = cli({"-r", dir_.string(), "-d", good("b.y4m"), "-n", "--feature", "psnr"});
  expect_error(r, {dir_.string(), "is a directory"});
  r = cli({"-r", dir_.string(), "-d", dir_.string(), "-w", "64", "-h", "48", "-p", "420", "-b", "8", "-n",
           "--feature", "psnr"});
  expect_error(r, {dir_.string(), "is a directory"});
}

TEST_F(BadInput, CrlfHeaderIsNamedWithoutEchoingTheCarriageReturn) {
  auto p = y4m("crlf.y4m", "YUV4MPEG2 W64 H48 F25:1 Ip C420jpeg\r", 64 * 48 * 3 / 2, 1);
  auto r = cli({"-r", p, "-d", p, "-n", "--feature", "psnr"});
  expect_error(r, {"crlf.y4m", "\\r\\n"});
  EXPECT_EQ(r.err.find('\r'), std::string::npos) << r.err;
}

TEST_F(BadInput, FileEndingInsideAFrameHeaderIsTruncated) {
  auto p = good("a.y4m", 2);
  { std::ofstream f(p, std::ios::binary | std::ios::app); f << "FRA"; }
  auto r = cli({"-r", p, "-d", good("b.y4m"), "-n", "--feature", "psnr"});
  expect_error(r, {"a.y4m", "frame 2", "truncated frame header"});
  EXPECT_EQ(r.err.find("bad frame header"), std::string::npos) << r.err;
}

TEST_F(BadInput, CambiWindowTooLargeForTheFrameSizeSaysSo) {
  auto p = y4m("c.y4m", "YUV4MPEG2 W256 H216 F25:1 C420jpeg", 256 * 216 * 3 / 2, 1);
  auto r = cli({"-r", p, "-d", p, "-n", "--feature", "cambi=src_width=7680:src_height=4320"});
  expect_error(r, {"cambi", "window_size 65", "7680x4320", "at most"});
}

TEST_F(BadInput, OutputPathIsCheckedBeforeTheFirstFrame) {
  // The input fails at frame 1: an output error must come first, not after scoring.
  auto bad = y4m("short.y4m", "YUV4MPEG2 W64 H48 C420jpeg", 64 * 48 * 3 / 2, 2, 100);
  const std::vector<std::string> args{"-r", bad, "-d", good("b.y4m"), "-n", "--feature", "psnr", "--json", "-q", "-o"};
  auto run = [&](const std::string& out) {
    auto a = args;
    a.push_back(out);
    return cli_raw(a, {path("stdout.txt"), path("stderr.txt")});
  };
  auto r = run(path("missing/out.json"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("cannot write output file"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("does not exist"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("truncated"), std::string::npos) << r.err;
  fs::create_directories(path("folder"));
  r = run(path("folder"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("is a directory"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("truncated"), std::string::npos) << r.err;
  { std::ofstream f(path("file.txt")); }
  r = run(path("file.txt/out.json"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("cannot write output file"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("truncated"), std::string::npos) << r.err;
  if (::geteuid() != 0) {  // root writes anywhere
    fs::create_directories(path("locked"));
    fs::permissions(path("locked"), fs::perms::owner_read | fs::perms::owner_exec);
    r = run(path("locked/out.json"));
    fs::permissions(path("locked"), fs::perms::owner_all);
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("Permission denied"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("truncated"), std::string::npos) << r.err;
  }
  // Nothing is left behind by the check.
  for (const auto& e : fs::directory_iterator(dir_))
    EXPECT_EQ(e.path().filename().string().find(".tmp"), std::string::npos) << e.path();
}

TEST_F(BadInput, HugeHeaderOnATinyFileIsRefusedBeforeAllocating) {
  auto p = y4m("huge.y4m", "YUV4MPEG2 W16384 H16384 F25:1 Ip A1:1 C420jpeg", 370, 1);
  ASSERT_EQ(fs::file_size(p), 423u);
  auto r = cli({"-r", p, "-d", p, "-n", "--feature", "psnr"});
  expect_error(r, {"huge.y4m", "frame 0 is truncated", "402653184"});
  EXPECT_LT(r.max_rss_kb, 200 * 1024) << "peak memory of the run";
  // The same for raw .yuv.
  { std::ofstream f(path("huge.yuv"), std::ios::binary); f << std::string(100, 'x'); }
  r = cli({"-r", path("huge.yuv"), "-d", path("huge.yuv"), "-w", "16384", "-h", "16384", "-p", "444", "-b", "16",
           "-n", "--feature", "psnr"});
  expect_error(r, {"huge.yuv", "frame 0 is truncated"});
  EXPECT_LT(r.max_rss_kb, 200 * 1024) << "peak memory of the run";
}

TEST_F(BadInput, NulInAHeaderIsRefused) {
  auto p = y4m("nul.y4m", std::string("YUV4MPEG2 W64 H4\08 F25:1 C420jpeg", 33), 64 * 48 * 3 / 2, 1);
  auto r = cli({"-r", p, "-d", p, "-n", "--feature", "psnr"});
  expect_error(r, {"nul.y4m", "NUL"});
}

TEST_F(BadInput, DuplicatedSizeTagIsRefused) {
  auto p = y4m("dup.y4m", "YUV4MPEG2 W64 H48 F25:1 W80 C420jpeg", 64 * 48 * 3 / 2, 1);
  auto r = cli({"-r", p, "-d", p, "-n", "--feature", "psnr"});
  expect_error(r, {"dup.y4m", "W", "twice"});
  p = y4m("duph.y4m", "YUV4MPEG2 W64 H48 H48 C420jpeg", 64 * 48 * 3 / 2, 1);
  r = cli({"-r", p, "-d", p, "-n", "--feature", "psnr"});
  expect_error(r, {"duph.y4m", "H", "twice"});
}

}  // namespace
}  // namespace fastvmaf::test
