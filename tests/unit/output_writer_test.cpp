#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "io/output_writer.hpp"

namespace fs = std::filesystem;

namespace fastvmaf::io {
namespace {

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

// A fresh folder per test.
fs::path scratch() {
  const fs::path d = fs::temp_directory_path() / ("fastvmaf_ow_" + std::to_string(::getpid()) + "_" +
                                                  ::testing::UnitTest::GetInstance()->current_test_info()->name());
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

Result sample() {
  Result r;
  r.width = 64;
  r.height = 48;
  r.frame_count = 3;
  r.fps = 12.345;
  r.series.push_back({"psnr_y", {30.5, 31.25, 29.0}, {1, 1, 1}});
  r.series.push_back({"VMAF_integer_feature_adm2_score", {0.9, 0.8, 0.7}, {1, 1, 1}});
  r.series.push_back({"sparse", {0.0, 2.0, 0.0}, {0, 1, 0}});
  r.aggregates.push_back({"apsnr_y", 33.0});
  return r;
}

TEST(NumberFormat, LibvmafSwitchesToSixteenDigitsAfterSixLeadingZeros) {
  NumberFormat nf;
  EXPECT_EQ(nf.format(0.5), "0.500000");
  EXPECT_EQ(nf.format(-12.25), "-12.250000");
  EXPECT_EQ(nf.format(0.0000012), "0.000001");                // six leading zeros: %.6f
  EXPECT_EQ(nf.format(0.00000012), "0.0000001200000000");     // seven: %.16f
  EXPECT_EQ(nf.format(0.0), "0.000000");
  NumberFormat fixed{NumberFormat::Kind::Fixed, 3};
  EXPECT_EQ(fixed.format(1.23456), "1.235");
  NumberFormat max{NumberFormat::Kind::Max, 0};
  EXPECT_EQ(max.format(0.1), "0.10000000000000001");
  EXPECT_EQ(std::stod(max.format(1.0 / 3.0)), 1.0 / 3.0);
}

TEST(OutputWriter, JsonHasLibvmafSchemaAliasesAndPooledValues) {
  const std::string doc = render_output(sample(), OutputFormat::Json, NumberFormat{}, "0.1.0");
  const auto j = nlohmann::json::parse(doc);
  ASSERT_EQ(j["frames"].size(), 3u);
  EXPECT_EQ(j["frames"][1]["frameNum"], 1);
  EXPECT_DOUBLE_EQ(j["frames"][1]["metrics"]["integer_adm2"].get<double>(), 0.8);  // alias applied
  EXPECT_TRUE(j["frames"][1]["metrics"].contains("sparse"));
  EXPECT_FALSE(j["frames"][0]["metrics"].contains("sparse"));
  EXPECT_DOUBLE_EQ(j["pooled_metrics"]["psnr_y"]["mean"].get<double>(), 30.25);
  EXPECT_DOUBLE_EQ(j["pooled_metrics"]["psnr_y"]["min"].get<double>(), 29.0);
  EXPECT_DOUBLE_EQ(j["pooled_metrics"]["psnr_y"]["max"].get<double>(), 31.25);
  // A feature missing on some frames has no pooled values, as in libvmaf.
  EXPECT_TRUE(j["pooled_metrics"]["sparse"].empty());
  EXPECT_DOUBLE_EQ(j["aggregate_metrics"]["apsnr_y"].get<double>(), 33.0);
  EXPECT_NE(doc.find("  \"fps\": 12.35,\n"), std::string::npos);
}

TEST(OutputWriter, JsonWritesNullForNonFinite) {
  Result r = sample();
  r.series[0].values[1] = std::numeric_limits<double>::infinity();
  r.series[1].values[2] = std::nan("");
  const auto j = nlohmann::json::parse(render_output(r, OutputFormat::Json, NumberFormat{}, "v"));
  EXPECT_TRUE(j["frames"][1]["metrics"]["psnr_y"].is_null());
  EXPECT_TRUE(j["frames"][2]["metrics"]["integer_adm2"].is_null());
}

TEST(OutputWriter, HarmonicMeanIsLibvmafs) {
  const auto j = nlohmann::json::parse(render_output(sample(), OutputFormat::Json, NumberFormat{
                                                          NumberFormat::Kind::Max, 0}, "v"));
  const double isum = 1. / (30.5 + 1.) + 1. / (31.25 + 1.) + 1. / (29.0 + 1.);
  EXPECT_EQ(j["pooled_metrics"]["psnr_y"]["harmonic_mean"].get<double>(), 3 / isum - 1.0);
}

TEST(OutputWriter, SubsampleListsAndPoolsEveryNthFrame) {
  Result r = sample();
  r.subsample = 2;
  const auto j = nlohmann::json::parse(render_output(r, OutputFormat::Json, NumberFormat{}, "v"));
  ASSERT_EQ(j["frames"].size(), 2u);
  EXPECT_EQ(j["frames"][1]["frameNum"], 2);
  EXPECT_DOUBLE_EQ(j["pooled_metrics"]["psnr_y"]["mean"].get<double>(), (30.5 + 29.0) / 2);
}

TEST(OutputWriter, XmlLayout) {
  const std::string doc = render_output(sample(), OutputFormat::Xml, NumberFormat{}, "0.1.0");
  EXPECT_EQ(doc.rfind("<VMAF version=\"0.1.0\">\n  <params qualityWidth=\"64\" qualityHeight=\"48\" />\n", 0), 0u);
  EXPECT_NE(doc.find("    <frame frameNum=\"0\" psnr_y=\"30.500000\" integer_adm2=\"0.900000\" />\n"),
            std::string::npos);
  EXPECT_NE(doc.find("    <metric name=\"psnr_y\" min=\"29.000000\" max=\"31.250000\" mean=\"30.250000\" "),
            std::string::npos);
  EXPECT_NE(doc.find("  <aggregate_metrics apsnr_y=\"33.000000\" />\n</VMAF>\n"), std::string::npos);
}

TEST(OutputWriter, CsvKeepsColumnsAlignedAndSubListsFrames) {
  const std::string csv = render_output(sample(), OutputFormat::Csv, NumberFormat{}, "v");
  EXPECT_EQ(csv, "Frame,psnr_y,integer_adm2,sparse,\n"
                 "0,30.500000,0.900000,,\n"
                 "1,31.250000,0.800000,2.000000,\n"
                 "2,29.000000,0.700000,,\n");
  const std::string sub = render_output(sample(), OutputFormat::Sub, NumberFormat{}, "v");
  EXPECT_EQ(sub.substr(0, sub.find('\n')), "{0}{1}frame: 0|psnr_y: 30.500000|integer_adm2: 0.900000|");
}

// A long run: 25 000 frames of six series, a document of several MB.
Result long_run() {
  Result r;
  r.width = 64;
  r.height = 64;
  r.frame_count = 25000;
  r.fps = 1000;
  for (int k = 0; k < 6; ++k) {
    Result::Series s{"feature_" + std::to_string(k), {}, {}};
    for (unsigned i = 0; i < r.frame_count; ++i) {
      s.values.push_back(k + i / 7.0);
      s.written.push_back(1);
    }
    r.series.push_back(std::move(s));
  }
  return r;
}

// The output of a long run is handed over in pieces of about a MiB, never held whole
// (a 100 000-frame run's 64 MB JSON took its peak memory from 35 to 148 MB), and the
// pieces are exactly the document.
TEST(OutputWriter, LongDocumentsAreRenderedInPieces) {
  const Result r = long_run();
  for (OutputFormat f : {OutputFormat::Xml, OutputFormat::Json, OutputFormat::Csv, OutputFormat::Sub}) {
    const std::string whole = render_output(r, f, NumberFormat{NumberFormat::Kind::Max}, "v");
    ASSERT_GT(whole.size(), std::size_t{2} << 20) << to_string(f);
    std::string joined;
    std::size_t pieces = 0, largest = 0;
    render_output(r, f, NumberFormat{NumberFormat::Kind::Max}, "v", {}, [&](std::string_view piece) {
      joined += piece;
      ++pieces;
      largest = std::max(largest, piece.size());
    });
    EXPECT_EQ(joined, whole) << to_string(f);
    EXPECT_GE(pieces, 2u) << to_string(f);
    EXPECT_LT(largest, std::size_t{(1 << 20) + 4096}) << to_string(f);
  }
}

TEST(WriteFileAtomically, AStreamedDocumentIsWholeOrAbsent) {
  const fs::path d = scratch();
  const Result r = long_run();
  const fs::path out = d / "out.json";
  write_output(out.string(), r, OutputFormat::Json, NumberFormat{}, "v");
  EXPECT_EQ(slurp(out), render_output(r, OutputFormat::Json, NumberFormat{}, "v"));
  // A producer that fails half way leaves the previous output and no temporary file.
  EXPECT_THROW(write_file_atomically(out.string(),
                                     [](const OutputChunks& put) {
                                       put("half a document");
                                       throw std::runtime_error("the run failed");
                                     }),
               std::runtime_error);
  EXPECT_EQ(slurp(out), render_output(r, OutputFormat::Json, NumberFormat{}, "v"));
  EXPECT_EQ(std::distance(fs::directory_iterator(d), fs::directory_iterator{}), 1);
  fs::remove_all(d);
}

TEST(WriteFileAtomically, NeverFollowsASymlinkPlantedAtTheTemporaryName) {
  const fs::path d = scratch();
  const fs::path victim = d / "victim.txt", out = d / "out.json";
  { std::ofstream(victim) << "precious"; }
  // The name the temporary file used to have: <out>.tmp.<pid>.
  const fs::path planted = d / ("out.json.tmp." + std::to_string(::getpid()));
  fs::create_symlink(victim, planted);
  write_file_atomically(out.string(), "new contents");
  EXPECT_EQ(slurp(victim), "precious");
  EXPECT_EQ(slurp(out), "new contents");
  EXPECT_TRUE(fs::is_symlink(planted));
  // Only the output and what was there before remain.
  EXPECT_EQ(std::distance(fs::directory_iterator(d), fs::directory_iterator{}), 3);
  fs::remove_all(d);
}

TEST(WriteFileAtomically, ReplacesASymlinkedOutputWithoutWritingThroughIt) {
  const fs::path d = scratch();
  const fs::path victim = d / "victim.txt", out = d / "out.json";
  { std::ofstream(victim) << "precious"; }
  fs::create_symlink(victim, out);
  write_file_atomically(out.string(), "new contents");
  EXPECT_EQ(slurp(victim), "precious");
  EXPECT_FALSE(fs::is_symlink(out));
  EXPECT_EQ(slurp(out), "new contents");
  fs::remove_all(d);
}

TEST(WriteFileAtomically, KeepsAnExistingOutputsPermissionBits) {
  const fs::path d = scratch();
  const fs::path out = d / "out.json";
  const mode_t old_mask = ::umask(022);
  { std::ofstream(out) << "old"; }
  ::chmod(out.c_str(), 0640);
  write_file_atomically(out.string(), "new");
  struct stat st {};
  ASSERT_EQ(::stat(out.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
  EXPECT_EQ(slurp(out), "new");
  // A new file: what the umask leaves of 0666, as fopen would create it.
  const fs::path fresh = d / "fresh.json";
  write_file_atomically(fresh.string(), "x");
  ASSERT_EQ(::stat(fresh.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0644u);
  ::umask(old_mask);
  fs::remove_all(d);
}

TEST(WriteFileAtomically, DevicesAreWrittenDirectlyAndFailuresNameThePath) {
  EXPECT_NO_THROW(write_file_atomically("/dev/null", "x"));
  try {
    write_file_atomically("/dev/full", "x");
    FAIL() << "/dev/full accepted the write";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/dev/full"), std::string::npos) << e.what();
  }
}

// libvmaf casts the value to int to find its fraction; past INT_MAX, for inf and for NaN
// that cast is undefined behaviour. On x86-64 it yields INT_MIN, the fraction is then
// >= 1 (or NaN) and libvmaf prints "%.6f": so do we, without the cast.
TEST(NumberFormat, HugeInfiniteAndNanValuesPrintAsLibvmafWithoutUndefinedBehaviour) {
  NumberFormat nf;
  auto f6 = [](double v) {
    char buf[512];
    std::snprintf(buf, sizeof buf, "%.6f", v);
    return std::string(buf);
  };
  EXPECT_EQ(nf.format(4294836225.0), "4294836225.000000");  // 65535^2, a 16-bit MSE
  EXPECT_EQ(nf.format(2147483648.0), "2147483648.000000");
  EXPECT_EQ(nf.format(-3e9 - 0.25), "-3000000000.250000");
  EXPECT_EQ(nf.format(1e300), f6(1e300));
  EXPECT_EQ(nf.format(-1e300), f6(-1e300));
  EXPECT_EQ(nf.format(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(nf.format(-std::numeric_limits<double>::infinity()), "-inf");
  EXPECT_EQ(nf.format(std::nan("")), f6(std::nan("")));
  // Just below 2^31 the cast is defined and the fraction decides, as before.
  EXPECT_EQ(nf.format(2147483647.5), "2147483647.500000");
  EXPECT_EQ(nf.format(2147483647.0 + 0x1p-22), "2147483647.0000002384185791");
}

Result with_name(const std::string& name) {
  Result r = sample();
  r.series.push_back({name, {1.0, 2.0, 3.0}, {1, 1, 1}});
  r.aggregates.push_back({name, 4.0});
  return r;
}

TEST(OutputWriter, JsonEscapesEveryName) {
  const std::string name = "q\"u\\o<t>e&\n\t\x01\x1f\x7f ,x\xc3\xa9";
  const auto j = nlohmann::json::parse(render_output(with_name(name), OutputFormat::Json, NumberFormat{}, "v"));
  EXPECT_TRUE(j["frames"][0]["metrics"].contains(name));
  EXPECT_TRUE(j["pooled_metrics"].contains(name));
  EXPECT_EQ(j["aggregate_metrics"][name].get<double>(), 4.0);
  // Not UTF-8: JSON cannot hold it.
  EXPECT_THROW(render_output(with_name("a\xff"), OutputFormat::Json, NumberFormat{}, "v"), std::invalid_argument);
}

TEST(OutputWriter, CsvQuotesFieldsThatNeedIt) {
  const std::string csv = render_output(with_name("a,\"b\"\nc"), OutputFormat::Csv, NumberFormat{}, "v");
  EXPECT_EQ(csv.substr(0, csv.find(",\n")), "Frame,psnr_y,integer_adm2,sparse,\"a,\"\"b\"\"\nc\"") << csv;
  EXPECT_EQ(render_output(with_name("plain"), OutputFormat::Csv, NumberFormat{}, "v").substr(0, 41),
            "Frame,psnr_y,integer_adm2,sparse,plain,\n0");
}

TEST(OutputWriter, XmlAndSubRefuseNamesTheyCannotHold) {
  for (const std::string bad : {"a b", "a<b", "a\"b", "1ab", "", "a\nb", "a&b", "-x", "a\xff", "\xc3\x97x"}) {
    EXPECT_TRUE(name_problem(bad, OutputFormat::Xml).has_value()) << bad;
    try {
      render_output(with_name(bad), OutputFormat::Xml, NumberFormat{}, "v");
      ADD_FAILURE() << "XML took \"" << bad << "\"";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("cannot be written as XML"), std::string::npos) << e.what();
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << "control characters are shown escaped";
    }
  }
  // XML names: a letter or '_' first (any letter: "\xc3\xa9t\xc3\xa9" is UTF-8 for "ete" with accents).
  for (const std::string good : {"vmaf", "v061-a.b", "_x", "VMAF_integer_feature_adm2_score", "\xc3\xa9t\xc3\xa9"})
    EXPECT_FALSE(name_problem(good, OutputFormat::Xml).has_value()) << good;
  for (const std::string bad : {"a|b", "a\nb", "a\rb"}) {
    EXPECT_TRUE(name_problem(bad, OutputFormat::Sub).has_value()) << bad;
    EXPECT_THROW(render_output(with_name(bad), OutputFormat::Sub, NumberFormat{}, "v"), std::invalid_argument);
  }
  EXPECT_FALSE(name_problem("a b<c>", OutputFormat::Sub).has_value());
  EXPECT_FALSE(name_problem("a,\"b\n", OutputFormat::Csv).has_value());
  EXPECT_FALSE(name_problem("a\"b\n\x01", OutputFormat::Json).has_value());
  EXPECT_TRUE(name_problem("\xc3", OutputFormat::Json).has_value());  // truncated UTF-8
}

TEST(CheckOutputPath, FailsForWhatCannotBeWrittenAndLeavesNothing) {
  const fs::path d = scratch();
  auto message = [](const fs::path& p) {
    try {
      check_output_path(p.string());
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(message(d / "out.json"), "");
  EXPECT_FALSE(fs::exists(d / "out.json"));
  EXPECT_NE(message(d / "missing" / "out.json").find("does not exist"), std::string::npos);
  EXPECT_NE(message(d).find("is a directory"), std::string::npos);
  { std::ofstream(d / "file.txt") << "x"; }
  EXPECT_NE(message(d / "file.txt" / "out.json").find("cannot write output file"), std::string::npos);
  EXPECT_EQ(message("/dev/null"), "");
  EXPECT_EQ(std::distance(fs::directory_iterator(d), fs::directory_iterator{}), 1);  // file.txt
  fs::remove_all(d);
}

}  // namespace
}  // namespace fastvmaf::io
