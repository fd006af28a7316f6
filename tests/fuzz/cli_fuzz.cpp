// Fuzz target for the command line: the input is split at newlines into arguments
// after "fastvmaf" and parsed as the CLI parses them (flags, numbers, raw geometry,
// -m and --feature strings); the model names are then checked against the chosen
// output format. Nothing is opened or written: parsing must end in Args or a
// std::invalid_argument (or CLI11's own error), never a crash.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/cli_args.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fastvmaf;
  std::vector<std::string> words{"fastvmaf"};
  std::string word;
  for (std::size_t i = 0; i < size && words.size() < 64; ++i) {
    if (data[i] == '\n') {
      words.push_back(word);
      word.clear();
    } else {
      word += static_cast<char>(data[i]);
    }
  }
  if (!word.empty() && words.size() < 64) words.push_back(word);
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  try {
    CLI::App app;
    cli::Args args;
    if (cli::parse(app, args, static_cast<int>(words.size()), argv.data())) return 0;
    cli::check_model_names(args);
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
