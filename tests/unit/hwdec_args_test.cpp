// --hwdec as the command line parses it: the CPU's decoders by default (NVDEC was the
// slower feed for 8-bit streams on a 16-core host, ADR 0017), cuda and auto when asked.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/cli_args.hpp"

namespace fastvmaf::cli {
namespace {

io::HwDecode hwdec_of(std::vector<std::string> extra) {
  std::vector<std::string> words{"fastvmaf", "-r", "ref.mp4", "-d", "dis.mp4", "--backend", "cuda"};
  words.insert(words.end(), extra.begin(), extra.end());
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  CLI::App app;
  Args args;
  const auto code = parse(app, args, static_cast<int>(argv.size()), argv.data());
  EXPECT_FALSE(code.has_value());
  return args.decode.hwdec;
}

TEST(HwdecArgs, TheCpuByDefaultNvdecWhenAsked) {
  EXPECT_EQ(hwdec_of({}), io::HwDecode::None);
  EXPECT_EQ(hwdec_of({"--hwdec", "none"}), io::HwDecode::None);
  EXPECT_EQ(hwdec_of({"--hwdec", "cuda"}), io::HwDecode::Cuda);
  EXPECT_EQ(hwdec_of({"--hwdec", "auto"}), io::HwDecode::Auto);
}

}  // namespace
}  // namespace fastvmaf::cli
