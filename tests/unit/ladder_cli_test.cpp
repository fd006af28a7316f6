// The encoding ladder's command-line rules: how several -o map to several -d
// (cli_args.hpp, ladder_output_paths), and which --batch lines are scored in one pass
// over their reference (batch_manifest.hpp, group_by_reference); and how the engine's
// threads are shared out between the encodes (engine/ladder_run.hpp).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/batch_manifest.hpp"
#include "cli/cli_args.hpp"
#include "engine/ladder_run.hpp"

namespace fs = std::filesystem;

namespace fastvmaf::cli {
namespace {

TEST(LadderOutputs, NoneOnePerEncodeOrATemplate) {
  const std::vector<std::string> dis{"in/enc_1080p.mp4", "enc_720p.mkv", "/abs/enc_540p.y4m"};
  EXPECT_EQ(ladder_output_paths({}, dis), std::vector<std::string>(3));
  EXPECT_EQ(ladder_output_paths({"a.xml", "b.xml", "c.xml"}, dis),
            (std::vector<std::string>{"a.xml", "b.xml", "c.xml"}));
  EXPECT_EQ(ladder_output_paths({"out/{name}.json"}, dis),
            (std::vector<std::string>{"out/enc_1080p.json", "out/enc_720p.json", "out/enc_540p.json"}));
  // Every {name} is replaced.
  EXPECT_EQ(ladder_output_paths({"{name}/{name}.csv"}, {"x.y4m", "y.y4m"}),
            (std::vector<std::string>{"x/x.csv", "y/y.csv"}));
}

TEST(LadderOutputs, OtherCountsAreRefused) {
  const std::vector<std::string> dis{"a.y4m", "b.y4m", "c.y4m"};
  EXPECT_THROW(ladder_output_paths({"one.json"}, dis), std::invalid_argument);  // no {name}
  EXPECT_THROW(ladder_output_paths({"a.json", "b.json"}, dis), std::invalid_argument);
  EXPECT_THROW(ladder_output_paths({"1", "2", "3", "4"}, dis), std::invalid_argument);
  try {
    ladder_output_paths({"a.json", "b.json"}, dis);
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("3 distorted videos (-d) and 2 output files (-o)"), std::string::npos)
        << e.what();
  }
}

class GroupByReference : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("fastvmaf_group_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    for (const char* f : {"r.y4m", "s.y4m"}) std::ofstream(dir_ / f) << "x";
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::vector<ManifestLine> parse(const std::string& text) {
    std::istringstream in(text);
    return parse_manifest(in, dir_);
  }
  fs::path dir_;
};

TEST_F(GroupByReference, LinesSharingAReferenceFileAndGeometryInManifestOrder) {
  const auto lines = parse(
      "r.y4m\td1.y4m\to1.json\n"      // 0: group r
      "s.y4m\td2.y4m\to2.json\n"      // 1: group s
      "./r.y4m\td3.y4m\to3.json\n"    // 2: r spelled otherwise: group r
      "missing.y4m\td4.y4m\to4.json\n"  // 3: not there: alone
      "missing.y4m\td5.y4m\to5.json\n"  // 4: alone too
      "r.y4m\td6.y4m\n"                 // 5: bad line: alone
      "r.y4m\td7.yuv\to7.json\t64\t48\t420\t8\n"   // 6: raw geometry: group r-raw
      "r.y4m\td8.yuv\to8.json\t64\t48\t420\t10\n"  // 7: another depth: its own group
      "r.y4m\td9.yuv\to9.json\t64\t48\t420\t8\n"   // 8: group r-raw
      "r.y4m\td10.y4m\to10.json\n");  // 9: group r
  const auto groups = group_by_reference(lines);
  const std::vector<std::vector<std::size_t>> want{{0, 2, 9}, {1}, {3}, {4}, {5}, {6, 8}, {7}};
  EXPECT_EQ(groups, want);
}

TEST(LadderThreads, SharedOutRoundingUp) {
  EXPECT_EQ(ladder_threads_per_encode(16, 6), 3u);
  EXPECT_EQ(ladder_threads_per_encode(2, 6), 1u);
  EXPECT_EQ(ladder_threads_per_encode(12, 6), 2u);
  EXPECT_EQ(ladder_threads_per_encode(1, 1), 1u);
  EXPECT_EQ(ladder_threads_per_encode(0, 3), 1u);
  EXPECT_EQ(ladder_threads_per_encode(8, 0), 8u);
}

}  // namespace
}  // namespace fastvmaf::cli
