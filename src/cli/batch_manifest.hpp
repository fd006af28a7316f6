// The --batch manifest (cli/batch.hpp says what it holds): reading it, resolving its
// paths, and the checks made before any pair is scored. Apart from the batch runner so
// that it can be tested and fuzzed on its own (tests/fuzz/batch_manifest_fuzz.cpp).
#pragma once

#include <filesystem>
#include <istream>
#include <string>
#include <vector>

#include "cli/pair_job.hpp"

namespace fastvmaf::cli {

struct ManifestLine {
  unsigned number = 0;  // in the manifest, from 1
  PairJob job;
  std::string error;    // the line itself is bad (then job may be incomplete)
};

// The folder a manifest's relative paths are taken from: the manifest's own folder when
// it is a regular file named by a path; empty (the working directory) for "-" (standard
// input), a pipe or other non-regular file (`<(...)`), and a file named through a
// descriptor (/dev/stdin, /dev/fd/N, /proc/self/fd/N), whose folder says nothing of where
// the manifest was written.
std::filesystem::path manifest_base(const std::string& path);

// Parses a manifest's text: one ManifestLine per line that is not blank or a comment, a
// bad line with its `error` set. Relative paths are joined to `base` (when not empty).
std::vector<ManifestLine> parse_manifest(std::istream& in, const std::filesystem::path& base);

// Reads and parses the manifest at `path` ("-": standard input). Throws
// std::invalid_argument when it cannot be read or lists no pair.
std::vector<ManifestLine> read_manifest(const std::string& path);

// The manifest's lines grouped by reference, each group scored in one pass over its
// reference (an encoding ladder, cli/ladder.hpp): good lines whose reference is the same
// existing regular file (by device and inode, however spelled) and whose raw geometry is
// the same, in manifest order; every other line (a bad line, a reference that is not
// there or is a pipe or device, which cannot be read twice) is a group of its own. The
// groups are in the order of their first lines.
std::vector<std::vector<std::size_t>> group_by_reference(const std::vector<ManifestLine>& lines);

// Refuses (std::invalid_argument, naming the lines) a manifest in which two good lines
// write the same output file, or a line's output is an input of any line: one result
// would be lost, or a source video overwritten. Files are compared by what they are
// (device and inode; an output not yet there by its folder's real path and its name),
// not by spelling.
void check_manifest_outputs(const std::vector<ManifestLine>& lines);

}  // namespace fastvmaf::cli
