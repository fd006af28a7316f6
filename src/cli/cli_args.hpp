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
  std::string ref_path, dis_path;
  bool raw = false;  // -w -h -p -b given: raw .yuv input
  VideoGeometry raw_geometry;
  io::DecodeOptions decode;  // compressed input: --decode-threads, --convert
  std::string scale;         // --scale: the filter that scales the distorted video; empty: no scaling
  EngineOptions engine;
  RunLimits limits;
  std::string output_path;
  std::string html_path;  // --html: the run's report (cli/report_delegate.hpp)
  io::OutputFormat output_format = io::OutputFormat::Xml;
  io::NumberFormat number_format;
  bool quiet = false;
  bool profile = false;  // --profile: where the time went, on stderr
  std::string batch_path;   // --batch: a manifest of pairs (cli/batch.hpp)
  unsigned batch_jobs = 2;  // --batch-jobs: pairs scored at once
  bool show_version = false;
  bool list_features = false;
  std::vector<std::string> notes;  // informational lines for stderr (default model, backend)
  bool default_model = false;      // no -m and no -n: the CLI chose the model
};

// Parses -m's "path=...:name=...:version=...:disable_clip:enable_transform:adm.key=value".
ModelRequest parse_model_argument(const std::string& arg);

// Returns an exit code when the program should stop (help, usage error), else nullopt.
std::optional<int> parse(CLI::App& app, Args& args, int argc, char** argv);

// With an output file: every model's name can be written in its format (a model's name
// keys its scores there). Throws std::invalid_argument naming the model and the format.
void check_model_names(const Args& args);

}  // namespace fastvmaf::cli
