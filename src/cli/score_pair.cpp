#include "cli/score_pair.hpp"

#include <sys/stat.h>

#include <cstdio>
#include <utility>

#include "engine/file_run.hpp"
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

Result score_pair(Engine& engine, const Args& args, const PairJob& job, const PairHooks& hooks, bool& sizes_differ) {
  const FileRunOptions options{job.raw, job.raw_geometry, args.decode, args.scale, args.limits};
  FileRun run = run_files(engine, job.ref_path, job.dis_path, options, {hooks.progress, hooks.warn, hooks.note},
                          sizes_differ);
  if (!job.output_path.empty()) {
    if (std::FILE* stream = standard_stream_writing(job.output_path))
      io::render_output(run.result, args.output_format, args.number_format, kVersion, run.inputs,
                        [stream](std::string_view piece) { std::fwrite(piece.data(), 1, piece.size(), stream); });
    else
      io::write_output(job.output_path, run.result, args.output_format, args.number_format, kVersion, run.inputs);
  }
  return std::move(run.result);
}

}  // namespace fastvmaf::cli
