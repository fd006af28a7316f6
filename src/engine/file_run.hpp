// Scoring a pair of files as the command does it: open both inputs (any kind open_video
// takes), scale the distorted one to the reference's size when asked, run the engine, and
// record what was done to each input (for the outputs' "input" record). Shared by the CLI
// (single pair and --batch) and the Python module, so both write the same documents.
#pragma once

#include <exception>
#include <functional>
#include <string>
#include <vector>

#include "fastvmaf/engine.hpp"
#include "fastvmaf/result.hpp"
#include "io/output_writer.hpp"
#include "io/video_source.hpp"

namespace fastvmaf {

struct FileRunOptions {
  bool raw = false;            // raw .yuv inputs of raw_geometry
  VideoGeometry raw_geometry;
  io::DecodeOptions decode;    // compressed input: threads, pixel-format conversion
  std::string scale;           // libswscale filter scaling the distorted video; empty: none
  RunLimits limits;
};

struct FileRunHooks {
  std::function<void(unsigned)> progress;        // frames done, from the scoring thread
  std::function<void(const std::string&)> warn;  // warnings (frame counts differ)
  std::function<void(const std::string&)> note;  // what was decoded or done to an input
};

struct FileRun {
  Result result;
  std::vector<io::InputRecord> inputs;  // what was done to the inputs (scaling, conversion)
};

// Throws what opening and scoring throw. `sizes_differ` is set, before anything is scored,
// when the inputs' sizes differ and no scaling was asked (for a hint after the error).
FileRun run_files(const Engine& engine, const std::string& ref_path, const std::string& dis_path,
                  const FileRunOptions& options, const FileRunHooks& hooks, bool& sizes_differ);

// One encode of run_file_ladder: its FileRun when `ok`, else the error the single pair
// would have thrown (opening, scaling or scoring it).
struct LadderFileOutcome {
  bool ok = false;
  FileRun run;
  std::exception_ptr error;
  bool sizes_differ = false;  // as run_files' (for the hint after the error)
};

// An encoding ladder from files (engine/ladder_run.hpp): the reference opened and read
// once, each of `dis_paths` opened (scaled when asked) and scored against it, as run_files
// would score the pair. `hooks`: the reference's note and the ladder's progress (reference
// frames); `encode_hooks`, one per distorted file: its warnings and notes. Throws only
// when the reference cannot be opened; an encode's error is in its outcome.
std::vector<LadderFileOutcome> run_file_ladder(const Engine& engine, const std::string& ref_path,
                                               const std::vector<std::string>& dis_paths,
                                               const FileRunOptions& options, const FileRunHooks& hooks,
                                               const std::vector<FileRunHooks>& encode_hooks,
                                               unsigned threads_per_encode = 0);

}  // namespace fastvmaf
