// libvmaf's output formats (output.c): xml (default), json, csv and sub, with the
// same layout and number formatting, written to a temporary file and renamed into
// place when complete, so an output file is either whole or absent.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
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

// "XML", "JSON", "CSV", "subtitles", for messages.
const char* to_string(OutputFormat f);

// Why `name` (a feature or model name, as the output prints it) cannot be written in
// `fmt`, or nullopt. JSON escapes any UTF-8 name and CSV quotes any name; an XML
// per-frame value is an attribute named after the feature, so XML takes only XML names;
// a subtitle line takes no '|' or line break.
std::optional<std::string> name_problem(std::string_view name, OutputFormat fmt);

// Receives a rendered document piece by piece, in order.
using OutputChunks = std::function<void(std::string_view)>;

// Renders the output document, names escaped for the format, into `out` in pieces of
// about a MiB (a long run's document is tens of MB that need not be held at once).
// Throws std::invalid_argument, before any piece, when a name cannot be written in it
// (name_problem).
void render_output(const Result& r, OutputFormat fmt, const NumberFormat& nf, const std::string& version,
                   const std::vector<InputRecord>& inputs, const OutputChunks& out);
// The same document as one string.
std::string render_output(const Result& r, OutputFormat fmt, const NumberFormat& nf, const std::string& version,
                          const std::vector<InputRecord>& inputs = {});

// Fails now, as write_file_atomically would later, when `path` cannot be written: its
// folder is missing or not writable, it is a directory, a component is not a folder.
// Checks by creating the temporary file beside it and removing it; leaves nothing.
// Throws std::runtime_error naming the path.
void check_output_path(const std::string& path);

// Writes `contents` to `path` atomically: into a temporary file beside it, created
// exclusively under an unguessable name (so a symlink planted in a shared folder is
// never followed), then renamed over `path`. An existing output keeps its permission
// bits; a symlink at `path` is replaced, not written through. A path that is not a
// regular file (/dev/null, a pipe) or names the file this process's stdout or stderr
// writes to (/dev/stdout redirected to a file) is written directly. Throws
// std::runtime_error naming the path on failure; no partial file remains.
void write_file_atomically(const std::string& path, const std::string& contents);
// The same for a document that `produce` hands to its argument piece by piece; when
// `produce` throws, nothing is left and the exception goes on.
void write_file_atomically(const std::string& path, const std::function<void(const OutputChunks&)>& produce);

// render_output() streamed into write_file_atomically(): the output file of a run.
void write_output(const std::string& path, const Result& r, OutputFormat fmt, const NumberFormat& nf,
                  const std::string& version, const std::vector<InputRecord>& inputs = {});

// Removes every temporary file that check_output_path or write_file_atomically has
// created and not yet renamed or removed. Async-signal-safe (unlink on names held in
// fixed buffers): the CLI calls it from its SIGINT/SIGTERM/SIGHUP handler, so an
// interrupted run leaves no `<output>.tmp.XXXXXXXX` behind. From then on no temporary
// is created (a write fails with EINTR), and it waits briefly for the threads that are
// creating one, so none is left by a write that raced with the signal.
void remove_temporary_outputs() noexcept;

}  // namespace fastvmaf::io
