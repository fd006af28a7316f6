// --batch MANIFEST: many pairs in one process. The engine (models, backend, device) is set
// up once; several pairs are scored at once (--batch-jobs, default 2), so while one pair's
// files open or its last frames finish, another keeps the device (or the cores) busy.
//
// The manifest: one pair per line, tab-separated: reference, distorted, the pair's output
// file, then optionally width, height, pixel format (420/422/444) and bit depth for raw
// .yuv inputs. Relative paths are taken from the manifest's folder, or from the working
// directory when the manifest is standard input (`--batch -`), a pipe (`<(...)`) or named
// through a descriptor (/dev/stdin, /dev/fd/N). Blank lines and lines starting with '#'
// are skipped. The command's model, feature, format and precision flags apply to every
// pair. A manifest in which two lines write the same output file, or an output is an
// input, is refused before anything is scored (cli/batch_manifest.hpp).
//
// Lines that share a reference (the same file, and the same raw geometry) are scored
// together in one pass over it, as several -d are (an encoding ladder, cli/ladder.hpp):
// the reference is read once for all of them, and each line's output is still the
// single-pair command's. Such a group is one of the --batch-jobs at once (scored in passes
// of at most kMaxEncodesPerPass lines, cli/score_pair.hpp).
//
// Each pair's output is written as the single-pair command writes it; a pair that fails
// (a bad line, a missing file, an input error) is reported on stderr and leaves no output,
// and the others go on. At the end a summary table (pair, status, frames, fps, each
// model's pooled score) goes to stdout; the exit status is 0 only when every pair succeeded.
#pragma once

#include "cli/cli_args.hpp"
#include "fastvmaf/engine.hpp"

namespace fastvmaf::cli {

// The worker threads each concurrent pair gets out of --threads (every hardware thread
// by default).
unsigned batch_threads_per_job(const Args& args);

int run_batch(Engine& engine, const Args& args);

}  // namespace fastvmaf::cli
