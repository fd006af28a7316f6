// Outputs that must not be written: an output file that is one of the inputs (the run
// would overwrite its own source video). Compared by device and inode, not spelling.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace fastvmaf::cli {

// What a path names, for comparing: "dev:ino" of an existing regular file (symlinks
// followed), the real path of a file not there yet (its folder resolved, then its name),
// or nullopt for anything else (a device, a pipe, a folder: nothing is replaced there).
std::optional<std::string> output_identity(const std::string& path);

// Throws std::invalid_argument when `output` is the same file as one of `inputs`.
void refuse_output_over_input(const std::string& output, const std::vector<std::string>& inputs);

}  // namespace fastvmaf::cli
