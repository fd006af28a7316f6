// --batch: many pairs in one process. Each pair's output equals the single-pair command's
// (every value, at %.17g); a bad pair (missing file, bad manifest line, bad input) is
// reported, leaves no output, and the others go on; the exit status says whether all
// succeeded; the summary table lists every pair in manifest order.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "process.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace fastvmaf::test {
namespace {

class Batch : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("fastvmaf_batch_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "media");
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  // A 4:2:0 8-bit y4m of noise (seeded), w x h, `frames` frames; raw: the same bytes
  // without headers.
  std::string video(const std::string& name, unsigned w, unsigned h, unsigned frames, unsigned seed, bool raw = false) {
    std::ofstream f(path(name), std::ios::binary);
    if (!raw) f << "YUV4MPEG2 W" << w << " H" << h << " F25:1 Ip A1:1 C420jpeg\n";
    std::mt19937 rng(seed);
    const std::size_t bytes = std::size_t{w} * h + 2 * std::size_t{(w + 1) / 2} * ((h + 1) / 2);
    std::string payload(bytes, '\0');
    for (unsigned i = 0; i < frames; ++i) {
      for (auto& c : payload) c = static_cast<char>(rng() % 256);
      if (!raw) f << "FRAME\n";
      f.write(payload.data(), static_cast<std::streamsize>(payload.size()));
    }
    return path(name);
  }

  ProcessResult cli(std::vector<std::string> args) {
    std::vector<std::string> argv{FASTVMAF_CLI_PATH};
    argv.insert(argv.end(), args.begin(), args.end());
    return run_process(argv, path("stdout.txt"), path("stderr.txt"));
  }

  // Every frame's and every pooled value of two libvmaf JSON outputs (fps aside).
  static void expect_same_scores(const std::string& a_path, const std::string& b_path) {
    const json a = json::parse(read_file(a_path)), b = json::parse(read_file(b_path));
    EXPECT_EQ(a.at("frames"), b.at("frames"));
    EXPECT_EQ(a.at("pooled_metrics"), b.at("pooled_metrics"));
    EXPECT_EQ(a.at("aggregate_metrics"), b.at("aggregate_metrics"));
  }

  fs::path dir_;
};

const std::vector<std::string> kFlags = {"--feature", "psnr", "--feature", "motion", "-m", "version=vmaf_v0.6.1",
                                         "--json", "--precision", "max", "--threads", "2"};

TEST_F(Batch, EachPairEqualsTheSingleRunAndABadPairDoesNotStopTheOthers) {
  video("media/a_ref.y4m", 64, 48, 4, 1);
  video("media/a_dis.y4m", 64, 48, 4, 2);
  video("media/b_ref.y4m", 48, 40, 3, 3);
  video("media/b_dis.y4m", 48, 40, 3, 4);
  video("media/c_ref.yuv", 40, 36, 2, 5, true);
  video("media/c_dis.yuv", 40, 36, 2, 6, true);
  {
    std::ofstream m(path("manifest.tsv"));
    m << "# pairs, relative to this file\n"
      << "media/a_ref.y4m\tmedia/a_dis.y4m\tout/a.json\n"
      << "media/missing.y4m\tmedia/a_dis.y4m\tout/missing.json\n"
      << "\n"
      << "media/b_ref.y4m\tmedia/b_dis.y4m\tout/b.json\n"
      << "media/a_ref.y4m\tmedia/a_dis.y4m\n"
      << "media/c_ref.yuv\tmedia/c_dis.yuv\tout/c.json\t40\t36\t420\t8\n";
  }
  fs::create_directories(dir_ / "out");
  std::vector<std::string> args{"--batch", path("manifest.tsv"), "--batch-jobs", "2"};
  args.insert(args.end(), kFlags.begin(), kFlags.end());
  const ProcessResult r = cli(args);
  EXPECT_EQ(r.status, 1) << r.err;
  // The bad pairs are named with their manifest line and what is wrong.
  EXPECT_NE(r.err.find("pair 2 (line 3)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("missing.y4m"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("pair 4 (line 6): bad manifest line: 2 fields"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "out/missing.json"));
  // The summary: a header and one row per pair, in manifest order.
  std::vector<std::string> rows;
  std::stringstream ss(r.out);
  for (std::string l; std::getline(ss, l);) rows.push_back(l);
  ASSERT_EQ(rows.size(), 6u) << r.out;
  EXPECT_EQ(rows[0].rfind("pair\tstatus\tframes\tfps\treference\tdistorted\tvmaf", 0), 0u) << rows[0];
  EXPECT_EQ(rows[1].rfind("1\tok\t4\t", 0), 0u) << rows[1];
  EXPECT_EQ(rows[2].rfind("2\tfailed\t0\t", 0), 0u) << rows[2];
  EXPECT_EQ(rows[3].rfind("3\tok\t3\t", 0), 0u) << rows[3];
  EXPECT_EQ(rows[4].rfind("4\tfailed\t", 0), 0u) << rows[4];
  EXPECT_EQ(rows[5].rfind("5\tok\t2\t", 0), 0u) << rows[5];

  // Each output equals the single-pair command's.
  for (const auto& [name, extra] : std::vector<std::pair<std::string, std::vector<std::string>>>{
           {"a", {"-r", path("media/a_ref.y4m"), "-d", path("media/a_dis.y4m")}},
           {"b", {"-r", path("media/b_ref.y4m"), "-d", path("media/b_dis.y4m")}},
           {"c", {"-r", path("media/c_ref.yuv"), "-d", path("media/c_dis.yuv"), "-w", "40", "-h", "36", "-p", "420",
                  "-b", "8"}}}) {
    SCOPED_TRACE(name);
    std::vector<std::string> single = extra;
    single.insert(single.end(), kFlags.begin(), kFlags.end());
    single.insert(single.end(), {"-o", path(name + "_single.json"), "-q"});
    const ProcessResult s = cli(single);
    ASSERT_EQ(s.status, 0) << s.err;
    ASSERT_TRUE(fs::exists(dir_ / "out" / (name + ".json")));
    expect_same_scores(path("out/" + name + ".json"), path(name + "_single.json"));
  }
}

TEST_F(Batch, AllGoodExitsZero) {
  video("r.y4m", 32, 32, 2, 7);
  video("d.y4m", 32, 32, 2, 8);
  {
    std::ofstream m(path("m.tsv"));
    for (int k = 0; k < 5; ++k) m << "r.y4m\td.y4m\tout" << k << ".json\n";
  }
  const ProcessResult r = cli({"--batch", path("m.tsv"), "--feature", "psnr", "-n", "--json", "--batch-jobs", "3"});
  EXPECT_EQ(r.status, 0) << r.err;
  for (int k = 0; k < 5; ++k) EXPECT_TRUE(fs::exists(dir_ / ("out" + std::to_string(k) + ".json"))) << k;
  EXPECT_NE(r.err.find("batch: 5 pairs, 0 failed, 10 frames"), std::string::npos) << r.err;
}

TEST_F(Batch, BadUseIsAClearError) {
  video("r.y4m", 32, 32, 1, 9);
  {
    std::ofstream m(path("m.tsv"));
    m << "r.y4m\tr.y4m\tout.json\n";
  }
  ProcessResult r = cli({"--batch", path("m.tsv"), "-r", path("r.y4m"), "--feature", "psnr", "-n"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("--batch takes the pairs"), std::string::npos) << r.err;
  r = cli({"--batch", path("nothing.tsv"), "--feature", "psnr", "-n"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("cannot read the batch manifest"), std::string::npos) << r.err;
  {
    std::ofstream m(path("empty.tsv"));
    m << "# nothing\n\n";
  }
  r = cli({"--batch", path("empty.tsv"), "--feature", "psnr", "-n"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("lists no pair"), std::string::npos) << r.err;
  r = cli({"--feature", "psnr", "-n"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("or --batch MANIFEST"), std::string::npos) << r.err;
}

// Two lines writing one file, however spelled: both would report ok and one result would
// be lost. The manifest is refused before anything is scored, naming both lines.
TEST_F(Batch, TwoLinesWritingOneOutputAreRefusedBeforeScoring) {
  video("r.y4m", 32, 32, 2, 11);
  video("d.y4m", 32, 32, 2, 12);
  fs::create_directories(dir_ / "out");
  fs::create_directory_symlink(dir_ / "out", dir_ / "link");
  for (const std::string second : {"out/a.json", "./out/../out/a.json", "link/a.json"}) {
    SCOPED_TRACE(second);
    for (const bool exists : {false, true}) {
      fs::remove(dir_ / "out/a.json");
      if (exists) std::ofstream(path("out/a.json")) << "earlier result\n";
      {
        std::ofstream m(path("m.tsv"));
        m << "r.y4m\td.y4m\tout/a.json\n"
          << "r.y4m\td.y4m\tout/b.json\n"
          << "r.y4m\td.y4m\t" << second << "\n";
      }
      const ProcessResult r = cli({"--batch", path("m.tsv"), "--feature", "psnr", "-n", "--json"});
      EXPECT_EQ(r.status, 1) << r.err;
      EXPECT_NE(r.err.find("lines 1 and 3 write the same output file"), std::string::npos) << r.err;
      EXPECT_FALSE(fs::exists(dir_ / "out/b.json")) << "a pair was scored";
      EXPECT_EQ(fs::exists(dir_ / "out/a.json"), exists);
    }
  }
  // Devices are written in place: two lines may both write /dev/null.
  {
    std::ofstream m(path("m.tsv"));
    m << "r.y4m\td.y4m\t/dev/null\nr.y4m\td.y4m\t/dev/null\n";
  }
  const ProcessResult r = cli({"--batch", path("m.tsv"), "--feature", "psnr", "-n", "--json"});
  EXPECT_EQ(r.status, 0) << r.err;
}

// An output that is an input (of its own line or another), by any spelling or a hard
// link, would overwrite the video: refused, and the video is unchanged.
TEST_F(Batch, AnOutputThatIsAnInputIsRefused) {
  video("r.y4m", 32, 32, 2, 13);
  video("d.y4m", 32, 32, 2, 14);
  video("e.y4m", 32, 32, 2, 15);
  fs::create_hard_link(dir_ / "e.y4m", dir_ / "e_link.y4m");
  const std::string d_before = read_file(path("d.y4m")), e_before = read_file(path("e.y4m"));
  for (const std::string line : {"r.y4m\td.y4m\t./d.y4m\n", "r.y4m\td.y4m\tout.json\nr.y4m\te.y4m\tx/../r.y4m\n",
                                 "r.y4m\td.y4m\te_link.y4m\nr.y4m\te.y4m\tout.json\n"}) {
    SCOPED_TRACE(line);
    {
      std::ofstream m(path("m.tsv"));
      m << line;
    }
    fs::create_directories(dir_ / "x");
    const ProcessResult r = cli({"--batch", path("m.tsv"), "--feature", "psnr", "-n", "--json"});
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_NE(r.err.find("would overwrite the video"), std::string::npos) << r.err;
    EXPECT_EQ(read_file(path("d.y4m")), d_before);
    EXPECT_EQ(read_file(path("e.y4m")), e_before);
    EXPECT_FALSE(fs::exists(dir_ / "out.json"));
  }
}

// A manifest read from standard input or a pipe has no folder of its own: its relative
// paths are taken from the working directory, never from /dev or /dev/fd.
TEST_F(Batch, AManifestFromStandardInputOrAPipeResolvesFromTheWorkingDirectory) {
  video("r.y4m", 32, 32, 2, 16);
  video("d.y4m", 32, 32, 2, 17);
  {
    std::ofstream m(path("m.tsv"));
    m << "r.y4m\td.y4m\tout.json\n";
  }
  const std::string flags = " --feature psnr -n --json";
  const std::string cli_path = FASTVMAF_CLI_PATH;
  for (const std::string how : {"--batch - < m.tsv", "--batch /dev/stdin < m.tsv", "--batch /dev/stdin",
                                "--batch -"}) {
    SCOPED_TRACE(how);
    fs::remove(dir_ / "out.json");
    // The last two read a pipe (cat ... |).
    const bool piped = how.find('<') == std::string::npos;
    const std::string command =
        "cd '" + dir_.string() + "' && " + (piped ? "cat m.tsv | " : "") + "exec '" + cli_path + "' " + how + flags;
    const ProcessResult r = run_process({"/bin/sh", "-c", command}, path("stdout.txt"), path("stderr.txt"));
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(fs::exists(dir_ / "out.json"));
    EXPECT_EQ(r.out.find("/dev/"), std::string::npos) << r.out;
  }
  // Through bash's <(...): /dev/fd/N.
  if (fs::exists("/bin/bash")) {
    fs::remove(dir_ / "out.json");
    const std::string command = "cd '" + dir_.string() + "' && exec '" + cli_path + "' --batch <(cat m.tsv)" + flags;
    const ProcessResult r = run_process({"/bin/bash", "-c", command}, path("stdout.txt"), path("stderr.txt"));
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(fs::exists(dir_ / "out.json"));
  }
  // Empty standard input: no pair.
  const ProcessResult r =
      run_process({"/bin/sh", "-c", "exec '" + cli_path + "' --batch - < /dev/null" + flags}, path("o"), path("e"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("the batch manifest \"(standard input)\" lists no pair"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace fastvmaf::test
