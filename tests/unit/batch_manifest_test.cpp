// The --batch manifest (cli/batch_manifest.hpp): fields, comments, line numbers, where
// relative paths are taken from, and the refusal of outputs that collide.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "cli/batch_manifest.hpp"

namespace fs = std::filesystem;

namespace fastvmaf::cli {
namespace {

std::vector<ManifestLine> parse(const std::string& text, const fs::path& base = "base") {
  std::istringstream in(text);
  return parse_manifest(in, base);
}

TEST(BatchManifest, ParsesFieldsCommentsAndLineNumbers) {
  const auto lines = parse(
      "# a comment\n\nr.y4m\td.y4m\tout/a.json\r\n/abs/r.yuv\t../d.yuv\to.json\t64\t48\t422\t10\n  \t \n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].number, 3u);
  EXPECT_EQ(lines[0].error, "");
  EXPECT_EQ(lines[0].job.ref_path, "base/r.y4m");
  EXPECT_EQ(lines[0].job.output_path, "base/out/a.json");
  EXPECT_FALSE(lines[0].job.raw);
  EXPECT_EQ(lines[1].number, 4u);
  EXPECT_EQ(lines[1].job.ref_path, "/abs/r.yuv");
  EXPECT_EQ(lines[1].job.dis_path, "d.yuv");  // base/../d.yuv, normalised
  EXPECT_TRUE(lines[1].job.raw);
  EXPECT_EQ(lines[1].job.raw_geometry.width, 64u);
  EXPECT_EQ(lines[1].job.raw_geometry.height, 48u);
  EXPECT_EQ(lines[1].job.raw_geometry.format, PixelFormat::YUV422);
  EXPECT_EQ(lines[1].job.raw_geometry.bpc, 10u);
  // No base: relative paths stay relative (to the working directory).
  EXPECT_EQ(parse("r.y4m\td.y4m\to.json\n", {})[0].job.ref_path, "r.y4m");
}

TEST(BatchManifest, BadLinesCarryTheirError) {
  const auto lines = parse("a\tb\n\tb\tc\na\tb\tc\t0\t1\t420\t8\na\tb\tc\t8\t8\t411\t8\na\tb\tc\t8\t8\t420\t9\n");
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_NE(lines[0].error.find("2 fields"), std::string::npos);
  EXPECT_NE(lines[1].error.find("field 1 is empty"), std::string::npos);
  EXPECT_NE(lines[2].error.find("width \"0\""), std::string::npos);
  EXPECT_NE(lines[3].error.find("pixel format \"411\""), std::string::npos);
  EXPECT_NE(lines[4].error.find("bit depth \"9\""), std::string::npos);
}

TEST(BatchManifest, BaseIsTheManifestsFolderOnlyForARegularFileNamedByAPath) {
  const fs::path dir = fs::temp_directory_path() / ("fastvmaf_manifest_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "m.tsv") << "r\td\to\n";
  EXPECT_EQ(manifest_base((dir / "m.tsv").string()), dir);
  EXPECT_EQ(manifest_base("-"), fs::path());
  EXPECT_EQ(manifest_base("/dev/stdin"), fs::path());
  EXPECT_EQ(manifest_base("/dev/null"), fs::path());  // not a regular file
  fs::remove_all(dir);
}

TEST(BatchManifest, OutputsThatCollideAreRefused) {
  const fs::path dir = fs::temp_directory_path() / ("fastvmaf_manifest_out_" + std::to_string(::getpid()));
  fs::create_directories(dir / "sub");
  std::ofstream(dir / "r.y4m") << "x";
  std::ofstream(dir / "d.y4m") << "y";
  const std::string b = dir.string();
  EXPECT_NO_THROW(check_manifest_outputs(parse("r.y4m\td.y4m\ta.json\nr.y4m\td.y4m\tb.json\n", b)));
  EXPECT_THROW(check_manifest_outputs(parse("r.y4m\td.y4m\ta.json\nr.y4m\td.y4m\tsub/../a.json\n", b)),
               std::invalid_argument);
  EXPECT_THROW(check_manifest_outputs(parse("r.y4m\td.y4m\tsub/../d.y4m\n", b)), std::invalid_argument);
  // Bad lines are left out of the check; devices may be written by several lines.
  EXPECT_NO_THROW(check_manifest_outputs(parse("r.y4m\td.y4m\n r.y4m\td.y4m\td.y4m\tx\n", b)));
  EXPECT_NO_THROW(check_manifest_outputs(parse("r.y4m\td.y4m\t/dev/null\nr.y4m\td.y4m\t/dev/null\n", b)));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace fastvmaf::cli
