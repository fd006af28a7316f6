// Compressed input as a user meets it (label avinput): files made with the system's
// ffmpeg at test time from corpus clips, scored directly, must give exactly the values
// of scoring what ffmpeg decodes them to (every value printed with %.17g); bad files are
// clear errors that name the file and leave no output.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "process.hpp"
#include "run_ffmpeg.hpp"

namespace fs = std::filesystem;

namespace fastvmaf::test {
namespace {

const std::string kCorpus = FASTVMAF_CORPUS_DIR;
const std::string kClip = "lake_dusk_pan_576x324_8bit";  // 48 frames, 576x324, 8-bit 4:2:0

class CompressedInput : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!fs::exists(clip("ref"))) GTEST_SKIP() << "corpus clip " << clip("ref") << " is not there";
    dir_ = fs::temp_directory_path() / ("fastvmaf_avinput_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  static std::string clip(const std::string& side, const std::string& name = kClip) {
    return kCorpus + "/" + name + "_" + side + ".y4m";
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  // Runs the system's ffmpeg; the test stops when it fails.
  void ffmpeg(const std::vector<std::string>& args) { run_ffmpeg(dir_, args); }
  // ffmpeg's decode of `in` to y4m: every frame as decoded, nothing converted.
  std::string decode(const std::string& in, const std::string& out, std::vector<std::string> filters = {}) {
    std::vector<std::string> a{"-i", in, "-map", "0:v:0", "-fps_mode", "passthrough"};
    a.insert(a.end(), filters.begin(), filters.end());
    a.insert(a.end(), {"-strict", "-1", "-f", "yuv4mpegpipe", path(out)});
    ffmpeg(a);
    return path(out);
  }

  // Runs fastvmaf with a JSON output at full precision.
  ProcessResult cli(std::vector<std::string> args, const std::string& out = "out.json") {
    std::vector<std::string> argv{FASTVMAF_CLI_PATH};
    argv.insert(argv.end(), args.begin(), args.end());
    argv.insert(argv.end(), {"--json", "-o", path(out), "--precision", "max", "-q"});
    return run_process(argv, path("stdout.txt"), path("stderr.txt"));
  }
  // The JSON output of a successful run, without its one timing line ("fps").
  std::string scores(std::vector<std::string> args) {
    fs::remove(path("out.json"));
    const auto r = cli(args);
    EXPECT_EQ(r.status, 0) << r.err;
    std::istringstream in(read_file(path("out.json")));
    std::string line, kept;
    while (std::getline(in, line))
      if (line.find("\"fps\":") == std::string::npos) kept += line + "\n";
    EXPECT_NE(kept.find("\"frameNum\": 0"), std::string::npos) << kept;
    return kept;
  }
  // A run that fails: exit 1, the message names the file and says what is wrong, and no
  // output (nor a temporary one) is left.
  void expect_error(const std::vector<std::string>& args, const std::vector<std::string>& fragments) {
    fs::remove(path("out.json"));
    const auto r = cli(args);
    EXPECT_EQ(r.status, 1) << r.err;
    for (const auto& f : fragments)
      EXPECT_NE(r.err.find(f), std::string::npos) << "missing \"" << f << "\" in:\n" << r.err;
    for (const auto& e : fs::directory_iterator(dir_))
      EXPECT_EQ(e.path().filename().string().find("out.json"), std::string::npos) << e.path();
  }

  fs::path dir_;
};

// The same scores with one block more: the output's record of what was done.
std::string without_input_record(std::string json) {
  const auto p = json.find(",\n  \"input\": {");
  if (p == std::string::npos) return json;
  const auto end = json.find("\n  }\n", p);
  return json.erase(p, end + 4 - p);
}

TEST_F(CompressedInput, LosslessFfv1ScoresEqualTheY4mInEveryValue) {
  ffmpeg({"-i", clip("ref"), "-c:v", "ffv1", path("ref.mkv")});
  ffmpeg({"-i", clip("dis"), "-c:v", "ffv1", path("dis.mkv")});
  auto args = [&](const std::string& r, const std::string& d, bool model) {
    std::vector<std::string> a{"-r", r, "-d", d, "--feature", "psnr"};
    a.insert(a.end(), {model ? "-m" : "-n"});
    if (model) a.emplace_back("version=vmaf_v0.6.1");
    return a;
  };
  const std::string y4m = scores(args(clip("ref"), clip("dis"), true));
  EXPECT_NE(y4m.find("\"vmaf\""), std::string::npos);
  EXPECT_EQ(scores(args(path("ref.mkv"), path("dis.mkv"), true)), y4m);
  // Mixed with .y4m, either way round.
  const std::string psnr = scores(args(clip("ref"), clip("dis"), false));
  EXPECT_EQ(scores(args(clip("ref"), path("dis.mkv"), false)), psnr);
  EXPECT_EQ(scores(args(path("ref.mkv"), clip("dis"), false)), psnr);
}

TEST_F(CompressedInput, LosslessFfv1At10Bit422And444ScoresEqualTheY4m) {
  for (const char* name : {"water_drop_zoom_640x360_422_10bit", "ladybird_pan_640x360_444_8bit"}) {
    if (!fs::exists(clip("ref", name))) continue;
    ffmpeg({"-i", clip("dis", name), "-c:v", "ffv1", path("dis.mkv")});
    EXPECT_EQ(scores({"-r", clip("ref", name), "-d", path("dis.mkv"), "-n", "--feature", "psnr"}),
              scores({"-r", clip("ref", name), "-d", clip("dis", name), "-n", "--feature", "psnr"}))
        << name;
  }
}

TEST_F(CompressedInput, X264Mp4ScoresEqualItsDecodeThroughFfmpeg) {
  // B-frames (veryfast has three): frames come out of the decoder reordered.
  ffmpeg({"-i", clip("dis"), "-c:v", "libx264", "-preset", "veryfast", "-crf", "30", path("dis.mp4")});
  const std::string decoded = decode(path("dis.mp4"), "dis_decoded.y4m");
  const std::string want =
      scores({"-r", clip("ref"), "-d", decoded, "-m", "version=vmaf_v0.6.1", "--feature", "psnr"});
  EXPECT_EQ(scores({"-r", clip("ref"), "-d", path("dis.mp4"), "-m", "version=vmaf_v0.6.1", "--feature", "psnr"}),
            want);
  // Mixed with raw .yuv: -w -h -p -b make the reference raw; the .mp4 is still decoded.
  ffmpeg({"-i", clip("ref"), "-f", "rawvideo", path("ref.yuv")});
  EXPECT_EQ(scores({"-r", path("ref.yuv"), "-d", path("dis.mp4"), "-w", "576", "-h", "324", "-p", "420", "-b", "8",
                    "-m", "version=vmaf_v0.6.1", "--feature", "psnr"}),
            want);
}

TEST_F(CompressedInput, SemiPlanarAndGrayInputMapExactly) {
  const std::string want = scores({"-r", clip("ref"), "-d", clip("dis"), "-n", "--feature", "psnr"});
  for (const char* pix : {"nv12", "nv21"}) {
    ffmpeg({"-i", clip("dis"), "-pix_fmt", pix, "-c:v", "rawvideo", path(std::string("dis.") + pix + ".nut")});
    EXPECT_EQ(scores({"-r", clip("ref"), "-d", path(std::string("dis.") + pix + ".nut"), "-n", "--feature", "psnr"}),
              want)
        << pix;
  }
  // Gray is read as the y4m reader reads Cmono (4:2:0 with mid-grey chroma) and, like it,
  // is monochrome: scored against a monochrome reference, refused against a colour one.
  ffmpeg({"-i", clip("dis"), "-pix_fmt", "gray", "-c:v", "ffv1", path("gray.mkv")});
  const std::string mono = decode(path("gray.mkv"), "gray.y4m");
  ffmpeg({"-i", clip("ref"), "-pix_fmt", "gray", "-strict", "-1", "-f", "yuv4mpegpipe", path("ref_gray.y4m")});
  const std::string mono_ref = path("ref_gray.y4m");
  const std::string gray_scores = scores({"-r", mono_ref, "-d", path("gray.mkv"), "-n", "--feature", "psnr"});
  EXPECT_NE(gray_scores.find("\"frameNum\": 47"), std::string::npos);
  EXPECT_EQ(gray_scores, scores({"-r", mono_ref, "-d", mono, "-n", "--feature", "psnr"}));
  expect_error({"-r", clip("ref"), "-d", path("gray.mkv"), "-n", "--feature", "psnr"}, {"gray.mkv", "mono"});
  // Packed 4:2:2 against its planar twin.
  ffmpeg({"-i", clip("ref"), "-pix_fmt", "yuv422p", "-strict", "-1", "-f", "yuv4mpegpipe", path("ref422.y4m")});
  ffmpeg({"-i", clip("dis"), "-pix_fmt", "yuv422p", "-strict", "-1", "-f", "yuv4mpegpipe", path("dis422.y4m")});
  ffmpeg({"-i", path("dis422.y4m"), "-pix_fmt", "uyvy422", "-c:v", "rawvideo", path("dis.uyvy.nut")});
  EXPECT_EQ(scores({"-r", path("ref422.y4m"), "-d", path("dis.uyvy.nut"), "-n", "--feature", "psnr"}),
            scores({"-r", path("ref422.y4m"), "-d", path("dis422.y4m"), "-n", "--feature", "psnr"}));
}

TEST_F(CompressedInput, LossyPixelFormatsNeedAnExplicitConversion) {
  ffmpeg({"-i", clip("dis"), "-pix_fmt", "rgb24", "-c:v", "ffv1", path("rgb.mkv")});
  expect_error({"-r", clip("ref"), "-d", path("rgb.mkv"), "-n", "--feature", "psnr"},
               {"rgb.mkv", "pixel format", "(RGB) cannot be scored without a lossy conversion", "--convert"});
  // --convert converts as ffmpeg -pix_fmt does, and the output says so.
  const std::string converted = decode(path("rgb.mkv"), "rgb_as_yuv.y4m", {"-pix_fmt", "yuv420p"});
  const std::string got = scores({"-r", clip("ref"), "-d", path("rgb.mkv"), "--convert", "yuv420p", "-n", "--feature",
                                  "psnr"});
  EXPECT_EQ(without_input_record(got), scores({"-r", clip("ref"), "-d", converted, "-n", "--feature", "psnr"}));
  EXPECT_NE(got.find("\"distorted\": {\"convertedFrom\": \"bgr0\", \"convertedTo\": \"yuv420p\"}"),
            std::string::npos)
      << got;
  ffmpeg({"-i", clip("dis"), "-pix_fmt", "yuv411p", "-c:v", "rawvideo", path("dis411.nut")});
  expect_error({"-r", clip("ref"), "-d", path("dis411.nut"), "-n", "--feature", "psnr"},
               {"dis411.nut", "yuv411p (4:1:1 chroma)"});
  ffmpeg({"-i", clip("dis"), "-pix_fmt", "yuva420p", "-c:v", "ffv1", path("alpha.mkv")});
  expect_error({"-r", clip("ref"), "-d", path("alpha.mkv"), "-n", "--feature", "psnr"},
               {"alpha.mkv", "yuva420p (an alpha plane)"});
  expect_error({"-r", clip("ref"), "-d", path("alpha.mkv"), "--convert", "rgb24", "-n", "--feature", "psnr"},
               {"--convert rgb24", "planar YUV"});
}

TEST_F(CompressedInput, ScaleOptionScalesAsFfmpegsScaleFilter) {
  // The usual case: an encode at a lower resolution against the full-size reference.
  ffmpeg({"-i", clip("dis"), "-vf", "scale=288:162", "-c:v", "libx264", "-preset", "veryfast", "-crf", "28",
          path("small.mp4")});
  expect_error({"-r", clip("ref"), "-d", path("small.mp4"), "-n", "--feature", "psnr"},
               {"reference and distorted videos differ", "576x324", "288x162", "hint: --scale"});
  for (const char* filter : {"bicubic", "lanczos"}) {
    const std::string up = decode(path("small.mp4"), std::string("up_") + filter + ".y4m",
                                  {"-vf", std::string("scale=576:324:flags=") + filter});
    const std::string want = scores({"-r", clip("ref"), "-d", up, "-n", "--feature", "psnr"});
    const std::string flag = std::string(filter) == "bicubic" ? "--scale" : std::string("--scale=") + filter;
    const std::string got = scores({"-r", clip("ref"), "-d", path("small.mp4"), flag, "-n", "--feature", "psnr"});
    EXPECT_EQ(without_input_record(got), want) << filter;
    EXPECT_NE(got.find(std::string("\"distorted\": {\"scaledFrom\": \"288x162\", \"scaledTo\": \"576x324\", "
                                   "\"scaler\": \"") +
                       filter + "\"}"),
              std::string::npos)
        << got;
  }
  // A small .y4m scales the same way, and the XML output records it too.
  const std::string small = decode(path("small.mp4"), "small.y4m");
  const std::string up = decode(small, "up.y4m", {"-vf", "scale=576:324"});
  EXPECT_EQ(without_input_record(scores({"-r", clip("ref"), "-d", small, "--scale", "-n", "--feature", "psnr"})),
            scores({"-r", clip("ref"), "-d", up, "-n", "--feature", "psnr"}));
  std::vector<std::string> argv{FASTVMAF_CLI_PATH, "-r", clip("ref"), "-d", small, "--scale", "-n",
                                "--feature", "psnr", "-o", path("out.xml"), "-q"};
  ASSERT_EQ(run_process(argv).status, 0);
  EXPECT_NE(read_file(path("out.xml")).find("  <input>\n    <distorted scaledFrom=\"288x162\" scaledTo=\"576x324\" "
                                            "scaler=\"bicubic\" />\n  </input>\n</VMAF>\n"),
            std::string::npos);
  expect_error({"-r", clip("ref"), "-d", small, "--scale=cubic", "-n", "--feature", "psnr"},
               {"unknown scaling filter \"cubic\"", "lanczos"});
  // Nothing to scale: nothing is recorded.
  EXPECT_EQ(scores({"-r", clip("ref"), "-d", clip("dis"), "--scale", "-n", "--feature", "psnr"}).find("\"input\""),
            std::string::npos);
}

TEST_F(CompressedInput, BadFilesAreClearErrorsNamingTheFile) {
  {
    std::ofstream f(path("notes.mp4"));
    f << "these are not the frames you are looking for\n";
  }
  expect_error({"-r", clip("ref"), "-d", path("notes.mp4"), "-n", "--feature", "psnr"},
               {"notes.mp4", "not a video file that libavformat can read"});
  // Truncated: Matroska ends early with a warning only, MP4 (index at the end) loses its
  // index, MP4 with the index in front loses packets.
  ffmpeg({"-i", clip("dis"), "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", path("full.mkv")});
  ffmpeg({"-i", clip("dis"), "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", path("full.mp4")});
  ffmpeg({"-i", clip("dis"), "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-movflags", "+faststart",
          path("front.mp4")});
  auto cut = [&](const std::string& from, const std::string& to) {
    const std::string s = read_file(path(from));
    std::ofstream(path(to), std::ios::binary).write(s.data(), static_cast<std::streamsize>(s.size() * 2 / 3));
  };
  cut("full.mkv", "cut.mkv");
  cut("full.mp4", "cut.mp4");
  cut("front.mp4", "cut_front.mp4");
  expect_error({"-r", clip("ref"), "-d", path("cut.mkv"), "-n", "--feature", "psnr"},
               {"cut.mkv", "damaged or cut short", "File ended prematurely"});
  expect_error({"-r", clip("ref"), "-d", path("cut.mp4"), "-n", "--feature", "psnr"},
               {"cut.mp4", "not a video file that libavformat can read", "moov atom not found"});
  expect_error({"-r", clip("ref"), "-d", path("cut_front.mp4"), "-n", "--feature", "psnr"},
               {"cut_front.mp4", "damaged or cut short"});
  // The reference side fails the same way.
  expect_error({"-r", path("cut.mkv"), "-d", clip("dis"), "-n", "--feature", "psnr"}, {"cut.mkv", "cut short"});
  ffmpeg({"-f", "lavfi", "-i", "sine=duration=1", path("audio.m4a")});
  expect_error({"-r", clip("ref"), "-d", path("audio.m4a"), "-n", "--feature", "psnr"},
               {"audio.m4a", "has no video stream (streams: audio)"});
  ffmpeg({"-f", "lavfi", "-i", "testsrc2=size=576x324", "-frames:v", "0", "-c:v", "libvpx-vp9", path("empty.ivf")});
  expect_error({"-r", clip("ref"), "-d", path("empty.ivf"), "-n", "--feature", "psnr"},
               {"empty.ivf", "contains no video frames"});
  expect_error({"-r", clip("ref"), "-d", path("missing.mkv"), "-n", "--feature", "psnr"},
               {"missing.mkv", "cannot open"});
}

TEST_F(CompressedInput, FrameCountMismatchScoresTheCommonFramesAndWarns) {
  ffmpeg({"-i", clip("dis"), "-frames:v", "20", "-c:v", "ffv1", path("short.mkv")});
  const auto r = cli({"-r", clip("ref"), "-d", path("short.mkv"), "-n", "--feature", "psnr"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("short.mkv\" ended before"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("scored the first 20 frames"), std::string::npos) << r.err;
  // Frame skipping decodes and drops: the same as skipping in the y4m.
  ffmpeg({"-i", clip("dis"), "-c:v", "ffv1", path("dis.mkv")});
  EXPECT_EQ(scores({"-r", clip("ref"), "-d", path("dis.mkv"), "--frame_skip_dist", "5", "--frame_cnt", "30", "-n",
                    "--feature", "psnr"}),
            scores({"-r", clip("ref"), "-d", clip("dis"), "--frame_skip_dist", "5", "--frame_cnt", "30", "-n",
                    "--feature", "psnr"}));
}

}  // namespace
}  // namespace fastvmaf::test
