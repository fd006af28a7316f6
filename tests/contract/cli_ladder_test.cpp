// Several -d: an encoding ladder scored in one pass over the reference (cli/ladder.hpp).
// Each encode's output equals the single-pair command's (every value, at %.17g); the
// summary lists every encode; an encode that fails (a missing file, a size that differs
// without --scale) is reported, leaves no output, and the others finish, with exit status
// 1; encodes of different lengths follow the single pair's rule; the outputs' names are
// checked before anything is scored. --batch lines sharing a reference are grouped.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "process.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace fastvmaf::test {
namespace {

class Ladder : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("fastvmaf_ladder_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  // A 4:2:0 8-bit y4m of noise (seeded), w x h, `frames` frames.
  std::string video(const std::string& name, unsigned w, unsigned h, unsigned frames, unsigned seed) {
    std::ofstream f(path(name), std::ios::binary);
    f << "YUV4MPEG2 W" << w << " H" << h << " F25:1 Ip A1:1 C420jpeg\n";
    std::mt19937 rng(seed);
    const std::size_t bytes = std::size_t{w} * h + 2 * std::size_t{(w + 1) / 2} * ((h + 1) / 2);
    std::string payload(bytes, '\0');
    for (unsigned i = 0; i < frames; ++i) {
      for (auto& c : payload) c = static_cast<char>(rng() % 256);
      f << "FRAME\n";
      f.write(payload.data(), static_cast<std::streamsize>(payload.size()));
    }
    return path(name);
  }

  ProcessResult cli(std::vector<std::string> args) {
    std::vector<std::string> argv{FASTVMAF_CLI_PATH};
    argv.insert(argv.end(), args.begin(), args.end());
    return run_process(argv, path("stdout.txt"), path("stderr.txt"));
  }

  // The single-pair command's output for `dis`, at path(out).
  void single(const std::string& ref, const std::string& dis, const std::string& out) {
    std::vector<std::string> a{"-r", ref, "-d", dis, "-o", path(out), "-q"};
    a.insert(a.end(), kFlags.begin(), kFlags.end());
    const ProcessResult s = cli(a);
    ASSERT_EQ(s.status, 0) << s.err;
  }

  // Every frame's and every pooled value of two libvmaf JSON outputs (fps aside).
  static void expect_same_scores(const std::string& a_path, const std::string& b_path) {
    const json a = json::parse(read_file(a_path)), b = json::parse(read_file(b_path));
    EXPECT_EQ(a.at("frames"), b.at("frames"));
    EXPECT_EQ(a.at("pooled_metrics"), b.at("pooled_metrics"));
    EXPECT_EQ(a.at("aggregate_metrics"), b.at("aggregate_metrics"));
  }

  static std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> rows;
    std::stringstream ss(text);
    for (std::string l; std::getline(ss, l);) rows.push_back(l);
    return rows;
  }

  static const std::vector<std::string> kFlags;
  fs::path dir_;
};

const std::vector<std::string> Ladder::kFlags = {"--feature", "psnr", "--feature", "motion", "-m",
                                                 "version=vmaf_v0.6.1", "--json", "--precision", "max",
                                                 "--threads", "2"};

TEST_F(Ladder, EachEncodeEqualsItsSingleRunAndTheSummaryListsThemAll) {
  const auto ref = video("src.y4m", 64, 48, 5, 1);
  const auto e1 = video("enc_hi.y4m", 64, 48, 5, 2);
  const auto e2 = video("enc_lo.y4m", 64, 48, 5, 3);
  const auto e3 = video("enc_short.y4m", 64, 48, 3, 4);  // shorter: the first 3 frames
  std::vector<std::string> a{"-r", ref, "-d", e1, "-d", e2, "-d", e3, "-o", path("{name}.json")};
  a.insert(a.end(), kFlags.begin(), kFlags.end());
  const ProcessResult r = cli(a);
  ASSERT_EQ(r.status, 0) << r.err;
  // The length rule of a single pair: the common frames, and a warning naming the encode.
  EXPECT_NE(r.err.find("warning: encode 3 (" + e3 + "): \"" + e3 + "\" ended before"), std::string::npos) << r.err;
  const auto rows = lines(r.out);
  ASSERT_EQ(rows.size(), 4u) << r.out;
  EXPECT_EQ(rows[0].rfind("pair\tstatus\tframes\tfps\treference\tdistorted\tvmaf", 0), 0u) << rows[0];
  EXPECT_EQ(rows[1].rfind("1\tok\t5\t", 0), 0u) << rows[1];
  EXPECT_EQ(rows[2].rfind("2\tok\t5\t", 0), 0u) << rows[2];
  EXPECT_EQ(rows[3].rfind("3\tok\t3\t", 0), 0u) << rows[3];
  for (const auto& name : {"enc_hi", "enc_lo", "enc_short"}) {
    SCOPED_TRACE(name);
    single(ref, path(std::string(name) + ".y4m"), std::string(name) + "_single.json");
    ASSERT_TRUE(fs::exists(path(std::string(name) + ".json")));
    expect_same_scores(path(std::string(name) + ".json"), path(std::string(name) + "_single.json"));
  }
  // Different encodes, different scores: the comparison above can fail.
  EXPECT_NE(json::parse(read_file(path("enc_hi.json"))).at("frames"),
            json::parse(read_file(path("enc_lo.json"))).at("frames"));
}

TEST_F(Ladder, OutputsPairedWithTheDistortedVideosInOrder) {
  const auto ref = video("src.y4m", 48, 40, 3, 5);
  const auto e1 = video("a.y4m", 48, 40, 3, 6);
  const auto e2 = video("b.y4m", 48, 40, 3, 7);
  std::vector<std::string> a{"-r", ref, "-d", e1, "-d", e2, "-o", path("first.json"), "-o", path("second.json")};
  a.insert(a.end(), kFlags.begin(), kFlags.end());
  const ProcessResult r = cli(a);
  ASSERT_EQ(r.status, 0) << r.err;
  single(ref, e1, "a_single.json");
  single(ref, e2, "b_single.json");
  expect_same_scores(path("first.json"), path("a_single.json"));
  expect_same_scores(path("second.json"), path("b_single.json"));
}

TEST_F(Ladder, AFailingEncodeIsReportedAndTheOthersFinish) {
  const auto ref = video("src.y4m", 64, 48, 4, 8);
  const auto good = video("good.y4m", 64, 48, 4, 9);
  const auto small = video("small.y4m", 32, 24, 4, 10);  // another size, no --scale
  std::vector<std::string> a{"-r", ref, "-d", path("missing.y4m"), "-d", good, "-d", small, "-o", path("{name}.json")};
  a.insert(a.end(), kFlags.begin(), kFlags.end());
  const ProcessResult r = cli(a);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("error: encode 1 (" + path("missing.y4m") + ")"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("error: encode 3 (" + small + "): reference and distorted videos differ"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("hint: --scale"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("ladder: 3 encodes, 2 failed"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(path("missing.json")));
  EXPECT_FALSE(fs::exists(path("small.json")));
  const auto rows = lines(r.out);
  ASSERT_EQ(rows.size(), 4u) << r.out;
  EXPECT_EQ(rows[1].rfind("1\tfailed\t0\t", 0), 0u) << rows[1];
  EXPECT_EQ(rows[2].rfind("2\tok\t4\t", 0), 0u) << rows[2];
  EXPECT_EQ(rows[3].rfind("3\tfailed\t0\t", 0), 0u) << rows[3];
  single(ref, good, "good_single.json");
  expect_same_scores(path("good.json"), path("good_single.json"));
}

TEST_F(Ladder, ATruncatedReferenceFailsOnlyTheEncodesThatReachIt) {
  const auto ref = video("src.y4m", 32, 32, 4, 21);
  fs::resize_file(ref, fs::file_size(ref) - 100);  // frame 3 cut short
  const auto full = video("full.y4m", 32, 32, 4, 22);
  const auto two = video("two.y4m", 32, 32, 2, 23);  // ends before frame 3: never reads it
  const ProcessResult r =
      cli({"-r", ref, "-d", full, "-d", two, "-o", path("{name}.json"), "-n", "--feature", "psnr", "--json"});
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("error: encode 1 (" + full + "): "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("frame 3"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(path("full.json")));
  EXPECT_TRUE(fs::exists(path("two.json")));
  // As the single pairs: the first fails, the second scores its 2 frames.
  EXPECT_EQ(cli({"-r", ref, "-d", full, "-n", "--feature", "psnr"}).status, 1);
  EXPECT_EQ(cli({"-r", ref, "-d", two, "-n", "--feature", "psnr"}).status, 0);
}

TEST_F(Ladder, MoreEncodesThanOnePassTakesAreScoredInSeveralPasses) {
  const auto ref = video("src.y4m", 32, 32, 3, 30);
  std::vector<std::string> a{"-r", ref};
  for (unsigned k = 0; k < 18; ++k) {
    std::string name = "e";  // built in steps: GCC 12 warns (-Wrestrict) on "e" + to_string(k)
    name += std::to_string(k);
    name += ".y4m";
    a.insert(a.end(), {"-d", video(name, 32, 32, 3, 31 + k)});
  }
  a.insert(a.end(), {"-o", path("{name}.json")});
  a.insert(a.end(), kFlags.begin(), kFlags.end());
  const ProcessResult r = cli(a);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto rows = lines(r.out);
  ASSERT_EQ(rows.size(), 19u) << r.out;
  for (int k = 0; k < 18; ++k) EXPECT_EQ(rows[k + 1].rfind(std::to_string(k + 1) + "\tok\t3\t", 0), 0u) << rows[k + 1];
  // One encode of the first pass (16 at most) and one of the second.
  for (const char* name : {"e0", "e17"}) {
    SCOPED_TRACE(name);
    single(ref, path(std::string(name) + ".y4m"), std::string(name) + "_single.json");
    expect_same_scores(path(std::string(name) + ".json"), path(std::string(name) + "_single.json"));
  }
}

TEST_F(Ladder, AMissingReferenceFailsEveryEncode) {
  const auto e1 = video("a.y4m", 32, 32, 2, 11);
  const auto e2 = video("b.y4m", 32, 32, 2, 12);
  const ProcessResult r =
      cli({"-r", path("missing.y4m"), "-d", e1, "-d", e2, "-o", path("{name}.json"), "-n", "--feature", "psnr"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("ladder: 2 encodes, 2 failed"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("missing.y4m"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(path("a.json")));
  EXPECT_FALSE(fs::exists(path("b.json")));
}

TEST_F(Ladder, BadOutputNamesAreRefusedBeforeAnythingIsScored) {
  const auto ref = video("src.y4m", 32, 32, 2, 13);
  const auto e1 = video("a.y4m", 32, 32, 2, 14);
  const auto e2 = video("b.y4m", 32, 32, 2, 15);
  const std::vector<std::string> base{"-r", ref, "-d", e1, "-d", e2, "-n", "--feature", "psnr"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> a = base;
    a.insert(a.end(), extra.begin(), extra.end());
    return cli(a);
  };
  // One -o without {name} for two encodes.
  ProcessResult r = with({"-o", path("out.json")});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("2 distorted videos (-d) and 1 output files (-o)"), std::string::npos) << r.err;
  // Three -o for two encodes.
  r = with({"-o", path("x.json"), "-o", path("y.json"), "-o", path("z.json")});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("2 distorted videos (-d) and 3 output files (-o)"), std::string::npos) << r.err;
  // Two encodes writing one file (spelled differently).
  r = with({"-o", path("same.json"), "-o", (dir_ / "." / "same.json").string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("write the same output file"), std::string::npos) << r.err;
  // An output that is an input.
  r = with({"-o", path("ok.json"), "-o", e1});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("would overwrite the video"), std::string::npos) << r.err;
  // --html draws one run.
  r = with({"--html", path("r.html")});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("--html draws one run"), std::string::npos) << r.err;
  // Two -o for one -d.
  r = cli({"-r", ref, "-d", e1, "-o", path("x.json"), "-o", path("y.json"), "-n", "--feature", "psnr"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("2 output files (-o) for one distorted video"), std::string::npos) << r.err;
  for (const auto& f : {"out.json", "x.json", "y.json", "z.json", "same.json", "ok.json", "a.json", "b.json"})
    EXPECT_FALSE(fs::exists(path(f))) << f;
  EXPECT_TRUE(fs::exists(e1));
}

TEST_F(Ladder, BatchLinesSharingAReferenceAreScoredTogetherAsTheirSingleRuns) {
  const auto ref = video("src.y4m", 64, 48, 4, 16);
  video("e1.y4m", 64, 48, 4, 17);
  video("e2.y4m", 64, 48, 2, 18);
  const auto other_ref = video("other.y4m", 48, 40, 3, 19);
  video("o1.y4m", 48, 40, 3, 20);
  {
    std::ofstream m(path("m.tsv"));
    m << "src.y4m\te1.y4m\tb_e1.json\n"
      << "other.y4m\to1.y4m\tb_o1.json\n"
      << "./src.y4m\tmissing.y4m\tb_missing.json\n"  // the same reference spelled otherwise
      << "src.y4m\te2.y4m\tb_e2.json\n";
  }
  std::vector<std::string> a{"--batch", path("m.tsv")};
  a.insert(a.end(), kFlags.begin(), kFlags.end());
  const ProcessResult r = cli(a);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("pair 3 (line 3)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("warning: pair 4 (line 4)"), std::string::npos) << r.err;  // e2 is shorter
  const auto rows = lines(r.out);
  ASSERT_EQ(rows.size(), 5u) << r.out;
  EXPECT_EQ(rows[1].rfind("1\tok\t4\t", 0), 0u) << rows[1];
  EXPECT_EQ(rows[2].rfind("2\tok\t3\t", 0), 0u) << rows[2];
  EXPECT_EQ(rows[3].rfind("3\tfailed\t0\t", 0), 0u) << rows[3];
  EXPECT_EQ(rows[4].rfind("4\tok\t2\t", 0), 0u) << rows[4];
  EXPECT_FALSE(fs::exists(path("b_missing.json")));
  single(ref, path("e1.y4m"), "s_e1.json");
  single(ref, path("e2.y4m"), "s_e2.json");
  single(other_ref, path("o1.y4m"), "s_o1.json");
  expect_same_scores(path("b_e1.json"), path("s_e1.json"));
  expect_same_scores(path("b_e2.json"), path("s_e2.json"));
  expect_same_scores(path("b_o1.json"), path("s_o1.json"));
}

}  // namespace
}  // namespace fastvmaf::test
