// Several -d: an encoding ladder. `fastvmaf -r source.y4m -d enc_1080p.mp4 -d enc_720p.mp4
// ... --scale -o {name}.json` scores every encode against the reference in one pass over
// it: the reference is read (decoded) once and its pictures shared by every encode's run
// (engine/ladder_run.hpp, docs/adr/0014-encoding-ladder.md). Each encode's output is the
// file the single-pair command would write for it, byte for byte (fps aside, which is a
// measured speed); a summary table (cli/summary.hpp) goes to stdout. An encode that fails
// is reported on stderr and leaves no output; the others finish; the exit status is 0
// only when every encode was scored.
#pragma once

#include "cli/cli_args.hpp"
#include "fastvmaf/engine.hpp"

namespace fastvmaf::cli {

// Before anything is scored: every output can be written, none is an input, and no two
// encodes write the same file (compared by what the files are, not their spelling).
// Throws std::invalid_argument naming them.
void check_ladder_outputs(const Args& args);

// Scores args.dis_paths against args.ref_path; returns the exit status. `sizes_differ`:
// some encode's size differs from the reference's and --scale was not given. `engine_s`:
// the seconds the engine took to build, for --profile (a block per scored encode).
int run_ladder(Engine& engine, const Args& args, bool& sizes_differ, double engine_s = 0);

}  // namespace fastvmaf::cli
