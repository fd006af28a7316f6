// The system's ffmpeg, as the compressed-input tests run it to make and decode their
// inputs: quiet, overwriting, its output and errors in files of `dir`.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "process.hpp"

namespace fastvmaf::test {

// Runs ffmpeg with `args`; a failure is a fatal test failure showing ffmpeg's errors
// (call it through ASSERT_NO_FATAL_FAILURE where the test must stop).
inline void run_ffmpeg(const std::filesystem::path& dir, const std::vector<std::string>& args) {
  std::vector<std::string> argv{FASTVMAF_FFMPEG, "-nostdin", "-loglevel", "error", "-y"};
  argv.insert(argv.end(), args.begin(), args.end());
  const auto r = run_process(argv, (dir / "ffmpeg.out").string(), (dir / "ffmpeg.err").string());
  ASSERT_EQ(r.status, 0) << r.err;
}

}  // namespace fastvmaf::test
