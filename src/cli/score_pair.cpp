#include "cli/score_pair.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <utility>

#include "engine/file_run.hpp"
#include "engine/ladder_run.hpp"
#include "fastvmaf/version.hpp"
#include "io/output_writer.hpp"

namespace fastvmaf::cli {

std::FILE* standard_stream_writing(const std::string& path) {
  struct stat target {}, stream {};
  if (::stat(path.c_str(), &target) != 0) return nullptr;
  for (std::FILE* s : {stdout, stderr})
    if (::fstat(::fileno(s), &stream) == 0 && stream.st_dev == target.st_dev && stream.st_ino == target.st_ino)
      return s;
  return nullptr;
}

namespace {

// The pair's output file, as the single-pair command writes it (atomically, or through
// the standard stream that already writes there).
void write_pair_output(const Args& args, const std::string& path, const FileRun& run) {
  if (path.empty()) return;
  if (std::FILE* stream = standard_stream_writing(path))
    io::render_output(run.result, args.output_format, args.number_format, kVersion, run.inputs,
                      [stream](std::string_view piece) { std::fwrite(piece.data(), 1, piece.size(), stream); });
  else
    io::write_output(path, run.result, args.output_format, args.number_format, kVersion, run.inputs);
}

FileRunOptions file_options(const Args& args, const PairJob& job) {
  return FileRunOptions{job.raw, job.raw_geometry, args.decode, args.scale, args.limits};
}

}  // namespace

Result score_pair(Engine& engine, const Args& args, const PairJob& job, const PairHooks& hooks, bool& sizes_differ) {
  FileRun run = run_files(engine, job.ref_path, job.dis_path, file_options(args, job),
                          {hooks.progress, hooks.warn, hooks.note}, sizes_differ);
  write_pair_output(args, job.output_path, run);
  return std::move(run.result);
}

std::vector<EncodeScore> score_ladder(Engine& engine, const Args& args, const std::vector<PairJob>& jobs,
                                      const PairHooks& hooks, const std::vector<PairHooks>& encode_hooks,
                                      unsigned threads) {
  std::vector<EncodeScore> out(jobs.size());
  for (std::size_t first = 0; first < jobs.size(); first += kMaxEncodesPerPass) {
    const std::size_t end = std::min(jobs.size(), first + kMaxEncodesPerPass);
    std::vector<std::string> dis_paths;
    std::vector<FileRunHooks> file_hooks;
    for (std::size_t k = first; k < end; ++k) {
      dis_paths.push_back(jobs[k].dis_path);
      file_hooks.push_back({{}, encode_hooks.at(k).warn, encode_hooks.at(k).note});
    }
    const unsigned per_encode = threads ? ladder_threads_per_encode(threads, end - first) : 0;
    std::vector<LadderFileOutcome> runs;
    try {
      runs = run_file_ladder(engine, jobs[first].ref_path, dis_paths, file_options(args, jobs[first]),
                             {hooks.progress, hooks.warn, hooks.note}, file_hooks, per_encode);
    } catch (const std::exception& e) {  // the reference: every encode fails with it
      for (std::size_t k = first; k < end; ++k) out[k].error = e.what();
      continue;
    }
    for (std::size_t k = first; k < end; ++k) {
      EncodeScore& o = out[k];
      LadderFileOutcome& run = runs[k - first];
      o.sizes_differ = run.sizes_differ;
      try {
        if (!run.ok) std::rethrow_exception(run.error);
        write_pair_output(args, jobs[k].output_path, run.run);
        o.result = std::move(run.run.result);
      } catch (const std::exception& e) {
        o.error = e.what();
      }
    }
  }
  return out;
}

}  // namespace fastvmaf::cli
