// Fuzz target for the --batch manifest (cli/batch_manifest.hpp): the input is a manifest's
// text, parsed with a relative base folder, then the check of its outputs against each
// other and the inputs (which stats the paths it names; nothing is opened or written).
// Parsing must end in lines (a bad line carries its error), and the check in nothing or
// std::invalid_argument, never a crash.
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>

#include "cli/batch_manifest.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  const auto lines = fastvmaf::cli::parse_manifest(in, "fuzz-base");
  for (const auto& l : lines)
    if (l.number == 0 || (l.error.empty() && (l.job.ref_path.empty() || l.job.output_path.empty()))) __builtin_trap();
  try {
    fastvmaf::cli::check_manifest_outputs(lines);
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
