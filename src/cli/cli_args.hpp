// Command-line arguments of the fastvmaf command, parsed with CLI11 into the
// engine's options. libvmaf's `vmaf` flags are accepted with libvmaf's meaning.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "fastvmaf/engine.hpp"
#include "fastvmaf/picture.hpp"
#include "io/output_writer.hpp"
#include "io/video_source.hpp"

namespace fastvmaf::cli {

struct Args {
  std::string ref_path, dis_path;  // dis_path: the first -d
  // Every -d, in order. Several: an encoding ladder (cli/ladder.hpp), scored in one pass
  // over the reference, with one output per encode (ladder_outputs).
  std::vector<std::string> dis_paths;
  bool raw = false;  // -w -h -p -b given: raw .yuv input
  VideoGeometry raw_geometry;
  io::DecodeOptions decode;  // compressed input: --decode-threads, --convert
  std::string scale;         // --scale: the filter that scales the distorted video; empty: no scaling
  EngineOptions engine;
  RunLimits limits;
  std::string output_path;                 // with one -d: its -o
  std::vector<std::string> output_paths;   // every -o, as given
  std::vector<std::string> ladder_outputs;  // several -d: each encode's output file (or none)
  std::string html_path;  // --html: the run's report (cli/report_delegate.hpp)
  io::OutputFormat output_format = io::OutputFormat::Xml;
  io::NumberFormat number_format;
  bool quiet = false;
  bool profile = false;  // --profile: where the time went, on stderr
  std::string batch_path;   // --batch: a manifest of pairs (cli/batch.hpp)
  unsigned batch_jobs = 2;  // --batch-jobs: pairs scored at once
  unsigned all_threads = 0;  // --threads as given (0: every hardware thread), before a batch shares them out
  bool show_version = false;
  bool list_features = false;
  std::vector<std::string> notes;  // informational lines for stderr (default model, backend)
  bool default_model = false;      // no -m and no -n: the CLI chose the model
};

// With several -d: each encode's output file from the -o given (none: no files; one per
// -d, in order; or one template in which {name} is replaced by each distorted file's name
// without its folder and extension). Throws std::invalid_argument for any other count,
// or when two encodes would write the same file.
std::vector<std::string> ladder_output_paths(const std::vector<std::string>& outputs,
                                             const std::vector<std::string>& distorted);

// Parses -m's "path=...:name=...:version=...:disable_clip:enable_transform:adm.key=value".
ModelRequest parse_model_argument(const std::string& arg);

// Returns an exit code when the program should stop (help, usage error), else nullopt.
std::optional<int> parse(CLI::App& app, Args& args, int argc, char** argv);

// With an output file: every model's name can be written in its format (a model's name
// keys its scores there). Throws std::invalid_argument naming the model and the format.
void check_model_names(const Args& args);

}  // namespace fastvmaf::cli
