// Scoring one reference/distorted pair as the command does it: open both inputs (any
// kind open_video takes), scale the distorted one when --scale asks, run the engine, and
// write the output file atomically; or one reference against several distorted videos
// (an encoding ladder) in one pass. Shared by the command (one -d, several) and --batch.
#pragma once

#include <cstddef>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli_args.hpp"
#include "cli/pair_job.hpp"
#include "fastvmaf/engine.hpp"
#include "fastvmaf/result.hpp"

namespace fastvmaf::cli {

struct PairHooks {
  std::function<void(unsigned)> progress;            // frames done, from the scoring thread
  std::function<void(const std::string&)> warn;      // warnings (frame counts differ)
  std::function<void(const std::string&)> note;      // what was decoded or done to an input
};

// Scores `job` with `engine` and the output flags of `args`; throws on any error, and
// then no output file is left. `sizes_differ` is set when the inputs' sizes differ and
// no --scale was given (for the hint after the error).
Result score_pair(Engine& engine, const Args& args, const PairJob& job, const PairHooks& hooks, bool& sizes_differ);

// One encode of score_ladder: its Result once scored and its output written, else the
// error (what score_pair would have thrown for the pair).
struct EncodeScore {
  std::optional<Result> result;
  std::string error;
  bool sizes_differ = false;  // as score_pair's
};

// The most encodes scored in one pass over a reference: each encode's run holds its own
// frames in flight, reading threads and (on a GPU) device pipeline, so a manifest of a
// hundred lines sharing one source is scored in passes of this many, not all at once.
// Ladders are 6 to 12 rungs.
inline constexpr std::size_t kMaxEncodesPerPass = 16;

// An encoding ladder: `jobs` share one reference (and raw geometry), scored in one pass
// over it (engine/ladder_run.hpp; passes of kMaxEncodesPerPass); each encode's output
// written as score_pair writes it. `hooks`: the reference's note and the progress
// (reference frames, counted again in each pass); `encode_hooks`, one per job: its warnings
// and notes. Never throws for an input: a reference that cannot be opened fails every
// encode. `threads`: the worker threads the ladder's runs share (0: the engine's).
std::vector<EncodeScore> score_ladder(Engine& engine, const Args& args, const std::vector<PairJob>& jobs,
                                      const PairHooks& hooks, const std::vector<PairHooks>& encode_hooks,
                                      unsigned threads = 0);

// The standard stream that already writes to `path` (-o /dev/stdout, /dev/fd/1, or the
// file stdout is redirected to), or nullptr. Such an output goes through the stream:
// its errors are caught with stdout's, and the file is not replaced behind the shell.
std::FILE* standard_stream_writing(const std::string& path);

}  // namespace fastvmaf::cli
