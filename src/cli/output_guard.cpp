#include "cli/output_guard.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

namespace fastvmaf::cli {

std::optional<std::string> output_identity(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (!S_ISREG(st.st_mode)) return std::nullopt;
    return fmt::format("{}:{}", static_cast<unsigned long long>(st.st_dev), static_cast<unsigned long long>(st.st_ino));
  }
  if (errno != ENOENT) return std::nullopt;  // the write will fail and say why
  std::error_code ec;
  const auto real = std::filesystem::weakly_canonical(std::filesystem::absolute(path, ec), ec);
  if (ec) return std::nullopt;
  return "new:" + real.string();
}

void refuse_output_over_input(const std::string& output, const std::vector<std::string>& inputs) {
  const auto out = output_identity(output);
  if (!out || out->rfind("new:", 0) == 0) return;  // an input exists: a file not there yet is none
  for (const auto& in : inputs)
    if (output_identity(in) == out)
      throw std::invalid_argument(fmt::format(
          "the output file \"{}\" is the input \"{}\": writing it would overwrite the video", output, in));
}

}  // namespace fastvmaf::cli
