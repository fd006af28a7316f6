// libvmaf's output formats (output.c): xml (default), json, csv and sub, with the
// same layout and number formatting, written to a temporary file and renamed into
// place when complete, so an output file is either whole or absent.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "fastvmaf/result.hpp"

namespace fastvmaf::io {

enum class OutputFormat { Xml, Json, Csv, Sub };

// How numbers are printed. Default: libvmaf's rule, "%.6f", or "%.16f" when the
// fraction has more than six leading zeros. Fixed: "%.<digits>f". Max: "%.17g",
// which round-trips every double.
struct NumberFormat {
  enum class Kind { Libvmaf, Fixed, Max } kind = Kind::Libvmaf;
  int digits = 6;
  std::string format(double v) const;
};

// What was done to one input before scoring (scaling, a pixel-format conversion):
// `role` is "reference" or "distorted", `attributes` (name, value) pairs. XML and JSON
// record it in an element / key of its own, "input", after everything libvmaf writes;
// CSV and SUB have no place for it. Nothing is written when nothing was done.
struct InputRecord {
  std::string role;
  std::vector<std::pair<std::string, std::string>> attributes;
};

// Renders the whole output document.
std::string render_output(const Result& r, OutputFormat fmt, const NumberFormat& nf, const std::string& version,
                          const std::vector<InputRecord>& inputs = {});

// Writes `contents` to `path` atomically (temporary file in the same folder, then
// rename). A path that is not a regular file (/dev/stdout, a pipe) is written directly.
// Throws std::runtime_error naming the path on failure; no partial file remains.
void write_file_atomically(const std::string& path, const std::string& contents);

}  // namespace fastvmaf::io
