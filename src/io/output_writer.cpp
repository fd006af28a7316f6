#include "io/output_writer.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <optional>
#include <random>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "core/error.hpp"
#include "core/feature_name.hpp"
#include "core/pooling.hpp"
#include "io/output_escape.hpp"

namespace fastvmaf::io {

namespace {

// libvmaf's count_leading_zeros_d: zeros after the decimal point before the first
// non-zero digit of the fraction. libvmaf casts x to int; for x of 2^31 or more, inf or
// NaN that cast is undefined, and on x86-64 it yields INT_MIN, so the fraction is >= 1
// (or NaN) and the count 0: the same answer without the cast.
int leading_zeros(double x) {
  if (x < 0) x = std::fabs(x);
  if (!(x < 2147483648.0)) return 0;
  const int int_part = static_cast<int>(x);
  double frac = x - int_part;
  int n = 0;
  while (frac < 1.0 && frac != 0) {
    frac *= 10;
    ++n;
  }
  return n;
}

std::string printf_double(const char* f, double v) {
  char buf[512];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

bool finite_or_subnormal(double v) {
  switch (std::fpclassify(v)) {
    case FP_NORMAL:
    case FP_ZERO:
    case FP_SUBNORMAL: return true;
    default: return false;
  }
}

const PoolMethod kPoolMethods[] = {PoolMethod::Min, PoolMethod::Max, PoolMethod::Mean, PoolMethod::HarmonicMean};

bool frame_listed(const Result& r, unsigned i) {
  if (r.subsample > 1 && (i % r.subsample)) return false;
  for (const auto& s : r.series)
    if (s.has(i)) return true;
  return false;
}

unsigned frame_span(const Result& r) {
  std::size_t n = 0;
  for (const auto& s : r.series) n = std::max(n, s.written.size());
  return static_cast<unsigned>(n);
}

std::optional<double> pooled(const Result& r, const Result::Series& s, PoolMethod m) {
  if (r.frame_count == 0) return std::nullopt;
  return pool(s.values, s.written, m, 0, r.frame_count - 1, r.subsample);
}

// A document being rendered: text is appended to `text`, and at the end of each frame
// (piece()) handed to `out` once it holds about a MiB, so that a long run's output (64 MB
// of JSON for 100 000 frames) is never held whole. Without `out` it keeps everything.
struct Document {
  static constexpr std::size_t kPieceBytes = std::size_t{1} << 20;
  std::string text;
  const OutputChunks* out = nullptr;

  Document& operator+=(std::string_view s) {
    text += s;
    return *this;
  }
  void piece() {
    if (out && text.size() >= kPieceBytes) {
      (*out)(text);
      text.clear();
    }
  }
  void end() {
    if (out && !text.empty()) (*out)(text);
    if (out) text.clear();
  }
};

// <input><distorted scaledFrom="960x540" ... /></input>: an element libvmaf does not
// write, so readers of libvmaf's XML pass over it.
std::string xml_inputs(const std::vector<InputRecord>& inputs) {
  if (inputs.empty()) return {};
  std::string o = "  <input>\n";
  for (const auto& in : inputs) {
    o += "    <" + in.role + " ";
    for (const auto& [k, v] : in.attributes) o += k + "=\"" + xml_escape(v) + "\" ";
    o += "/>\n";
  }
  return o + "  </input>\n";
}

void render_xml(const Result& r, const NumberFormat& nf, const std::string& version,
                const std::vector<InputRecord>& inputs, Document& o) {
  o += "<VMAF version=\"" + xml_escape(version) + "\">\n";
  o += "  <params qualityWidth=\"" + std::to_string(r.width) + "\" qualityHeight=\"" + std::to_string(r.height) +
       "\" />\n";
  o += "  <fyi fps=\"" + printf_double("%.2f", r.fps) + "\" />\n";
  o += "  <frames>\n";
  const unsigned span = frame_span(r);
  for (unsigned i = 0; i < span; ++i) {
    if (!frame_listed(r, i)) continue;
    o += "    <frame frameNum=\"" + std::to_string(i) + "\" ";
    for (const auto& s : r.series) {
      if (!s.has(i)) continue;
      o += std::string(feature_alias(s.name)) + "=\"" + nf.format(s.values[i]) + "\" ";  // an XML name: checked
    }
    o += "/>\n";
    o.piece();
  }
  o += "  </frames>\n";
  o += "  <pooled_metrics>\n";
  for (const auto& s : r.series) {
    o += "    <metric name=\"" + xml_escape(feature_alias(s.name)) + "\" ";
    for (PoolMethod m : kPoolMethods)
      if (auto v = pooled(r, s, m)) o += std::string(to_string(m)) + "=\"" + nf.format(*v) + "\" ";
    o += "/>\n";
  }
  o += "  </pooled_metrics>\n";
  o += "  <aggregate_metrics ";
  for (const auto& [name, v] : r.aggregates) o += name + "=\"" + nf.format(v) + "\" ";
  o += "/>\n";
  o += xml_inputs(inputs);
  o += "</VMAF>\n";
}

std::string json_number(const NumberFormat& nf, double v) { return finite_or_subnormal(v) ? nf.format(v) : "null"; }

// ,"input": {"distorted": {"scaledFrom": "960x540", ...}}: a key libvmaf does not
// write, after all of libvmaf's, so readers of libvmaf's JSON pass over it.
std::string json_inputs(const std::vector<InputRecord>& inputs) {
  if (inputs.empty()) return {};
  std::string o = ",\n  \"input\": {";
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    o += i ? ",\n" : "\n";
    o += "    \"" + json_escape(inputs[i].role) + "\": {";
    const auto& a = inputs[i].attributes;
    for (std::size_t k = 0; k < a.size(); ++k)
      o += (k ? ", \"" : "\"") + json_escape(a[k].first) + "\": \"" + json_escape(a[k].second) + "\"";
    o += "}";
  }
  return o + "\n  }";
}

void render_json(const Result& r, const NumberFormat& nf, const std::string& version,
                 const std::vector<InputRecord>& inputs, Document& o) {
  o += "{\n";
  o += "  \"version\": \"" + json_escape(version) + "\",\n";
  o += finite_or_subnormal(r.fps) ? "  \"fps\": " + printf_double("%.2f", r.fps) + ",\n" : "  \"fps\": null,\n";
  o += "  \"frames\": [";
  const unsigned span = frame_span(r);
  bool first_frame = true;
  for (unsigned i = 0; i < span; ++i) {
    if (!frame_listed(r, i)) continue;
    o += first_frame ? "\n" : ",\n";
    first_frame = false;
    o += "    {\n";
    o += "      \"frameNum\": " + std::to_string(i) + ",\n";
    o += "      \"metrics\": {\n";
    std::vector<const Result::Series*> present;
    for (const auto& s : r.series)
      if (s.has(i)) present.push_back(&s);
    for (std::size_t k = 0; k < present.size(); ++k) {
      o += "        \"" + json_escape(feature_alias(present[k]->name)) + "\": " + json_number(nf, present[k]->values[i]);
      o += k + 1 < present.size() ? ",\n" : "\n";
    }
    o += "      }\n";
    o += "    }";
    o.piece();
  }
  o += "\n  ],\n";
  o += "  \"pooled_metrics\": {";
  for (std::size_t k = 0; k < r.series.size(); ++k) {
    const auto& s = r.series[k];
    o += k > 0 ? ",\n" : "\n";
    o += "    \"" + json_escape(feature_alias(s.name)) + "\": {";
    bool first = true;
    for (PoolMethod m : kPoolMethods) {
      auto v = pooled(r, s, m);
      if (!v) continue;
      o += first ? "\n" : ",\n";
      first = false;
      o += std::string("      \"") + to_string(m) + "\": " + json_number(nf, *v);
    }
    o += "\n";
    o += "    }";
  }
  o += "\n  },\n";
  o += "  \"aggregate_metrics\": {";
  for (std::size_t k = 0; k < r.aggregates.size(); ++k) {
    o += "\n    \"" + json_escape(r.aggregates[k].first) + "\": " + json_number(nf, r.aggregates[k].second);
    if (k + 1 < r.aggregates.size()) o += ",";
  }
  o += "\n  }";
  o += json_inputs(inputs);
  o += "\n}\n";
}

void render_csv(const Result& r, const NumberFormat& nf, Document& o) {
  o += "Frame,";
  for (const auto& s : r.series) o += csv_field(feature_alias(s.name)) + ",";
  o += "\n";
  const unsigned span = frame_span(r);
  for (unsigned i = 0; i < span; ++i) {
    if (!frame_listed(r, i)) continue;
    o += std::to_string(i) + ",";
    // libvmaf skips missing values, which shifts the columns; we leave the field
    // empty so every column stays under its header.
    for (const auto& s : r.series) o += (s.has(i) ? nf.format(s.values[i]) : std::string()) + ",";
    o += "\n";
    o.piece();
  }
}

void render_sub(const Result& r, const NumberFormat& nf, Document& o) {
  const unsigned span = frame_span(r);
  for (unsigned i = 0; i < span; ++i) {
    if (!frame_listed(r, i)) continue;
    o += fmt::format("{{{}}}{{{}}}frame: {}|", i, i + 1, i);
    for (const auto& s : r.series)
      if (s.has(i)) o += std::string(feature_alias(s.name)) + ": " + nf.format(s.values[i]) + "|";
    o += "\n";
    o.piece();
  }
}

}  // namespace

std::string NumberFormat::format(double v) const {
  switch (kind) {
    case Kind::Max: return printf_double("%.17g", v);
    case Kind::Fixed: {
      char f[16];
      std::snprintf(f, sizeof f, "%%.%df", digits);
      return printf_double(f, v);
    }
    case Kind::Libvmaf: break;
  }
  return printf_double(leading_zeros(v) <= 6 ? "%.6f" : "%.16f", v);
}

const char* to_string(OutputFormat f) {
  switch (f) {
    case OutputFormat::Xml: return "XML";
    case OutputFormat::Json: return "JSON";
    case OutputFormat::Csv: return "CSV";
    case OutputFormat::Sub: return "subtitles";
  }
  return "?";
}

std::optional<std::string> name_problem(std::string_view name, OutputFormat fmt) {
  switch (fmt) {
    case OutputFormat::Xml:
      // Per-frame values are attributes named after the feature: no escaping exists.
      if (!is_xml_name(name))
        return "an XML attribute name starts with a letter or '_' and holds only letters, digits, '_', '-' and '.'";
      return std::nullopt;
    case OutputFormat::Json:
      if (!valid_utf8(name)) return "it is not valid UTF-8, which JSON requires";
      return std::nullopt;
    case OutputFormat::Csv: return std::nullopt;  // quoted where needed
    case OutputFormat::Sub:
      if (name.find_first_of("|\r\n") != std::string_view::npos)
        return "'|' separates the values of a subtitle and a line break ends it";
      return std::nullopt;
  }
  return std::nullopt;
}

namespace {

void render_into(const Result& r, OutputFormat fmt, const NumberFormat& nf, const std::string& version,
                 const std::vector<InputRecord>& inputs, Document& doc) {
  auto check = [&](std::string_view name) {
    if (auto why = name_problem(name, fmt))
      throw std::invalid_argument(
          fmt::format("output name \"{}\" cannot be written as {}: {}", printable(name), to_string(fmt), *why));
  };
  for (const auto& s : r.series) check(feature_alias(s.name));
  if (fmt == OutputFormat::Xml || fmt == OutputFormat::Json)  // the formats that print aggregates
    for (const auto& a : r.aggregates) check(a.first);
  switch (fmt) {
    case OutputFormat::Xml: render_xml(r, nf, version, inputs, doc); break;
    case OutputFormat::Json: render_json(r, nf, version, inputs, doc); break;
    case OutputFormat::Csv: render_csv(r, nf, doc); break;
    case OutputFormat::Sub: render_sub(r, nf, doc); break;
  }
  doc.end();
}

}  // namespace

void render_output(const Result& r, OutputFormat fmt, const NumberFormat& nf, const std::string& version,
                   const std::vector<InputRecord>& inputs, const OutputChunks& out) {
  Document doc;
  doc.out = &out;
  render_into(r, fmt, nf, version, inputs, doc);
}

std::string render_output(const Result& r, OutputFormat fmt, const NumberFormat& nf, const std::string& version,
                          const std::vector<InputRecord>& inputs) {
  Document doc;
  render_into(r, fmt, nf, version, inputs, doc);
  return std::move(doc.text);
}

namespace {

[[noreturn]] void write_error(const std::string& path, int err) {
  throw std::runtime_error("cannot write output file \"" + path + "\": " + std::strerror(err));
}

// The temporary files that exist now, for remove_temporary_outputs, which a signal
// handler calls: fixed slots holding copies of the names, so that the handler reads no
// memory a writer may free. A slot is claimed before its file is created and released
// after the file is renamed or removed (unlinking a name that is not there is harmless).
// Without a free slot (more than kSlots outputs at once) a write goes on unregistered.
struct TemporarySlot {
  std::atomic<int> state{0};  // 0 free, 1 being filled, 2 names a temporary file
  char name[4096];
};
constexpr int kSlots = 128;
TemporarySlot g_temporaries[kSlots];
// Set by remove_temporary_outputs: from then on no temporary is created. g_creating
// counts the threads inside create_temporary, which the handler waits for, so that a
// file whose open() raced with the handler's scan is removed by its own creator before
// the process dies (a batch writes several outputs at once).
std::atomic<bool> g_terminating{false};
std::atomic<int> g_creating{0};

int claim_slot(const std::string& name) {
  if (name.size() >= sizeof g_temporaries[0].name) return -1;
  for (int i = 0; i < kSlots; ++i) {
    int expected = 0;
    if (!g_temporaries[i].state.compare_exchange_strong(expected, 1)) continue;
    std::memcpy(g_temporaries[i].name, name.c_str(), name.size() + 1);
    g_temporaries[i].state.store(2);
    return i;
  }
  return -1;
}

void release_slot(int slot) {
  if (slot >= 0) g_temporaries[slot].state.store(0);
}

// Creates `<path>.tmp.XXXXXX` beside the output, exclusively (O_EXCL: never an existing
// file, never through a symlink planted under that name), mode 0666 less the umask as
// fopen would. Returns the descriptor; `tmp` gets the name and `slot` its registration
// (release_slot once the name is gone).
int create_temporary_unguarded(const std::string& path, std::string& tmp, int& slot) {
  static const char kChars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::random_device entropy;
  for (int attempt = 0; attempt < 64; ++attempt) {
    tmp = path + ".tmp.";
    for (int i = 0; i < 8; ++i) tmp += kChars[entropy() % (sizeof kChars - 1)];
    slot = claim_slot(tmp);
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd >= 0) return fd;
    const int e = errno;
    release_slot(slot);
    slot = -1;
    errno = e;
    if (e != EEXIST) return -1;
  }
  errno = EEXIST;
  return -1;
}

// create_temporary_unguarded() unless the process is being interrupted (errno EINTR).
// The flag is read after g_creating is raised: a thread that saw it clear is waited for
// by the handler, and if the handler began while the file was being opened, the
// creator removes the file itself.
int create_temporary(const std::string& path, std::string& tmp, int& slot) {
  g_creating.fetch_add(1);
  int fd = -1;
  if (!g_terminating.load()) {
    fd = create_temporary_unguarded(path, tmp, slot);
    if (fd >= 0 && g_terminating.load()) {
      ::close(fd);
      ::unlink(tmp.c_str());
      release_slot(slot);
      slot = -1;
      fd = -1;
      errno = EINTR;
    }
  } else {
    errno = EINTR;
  }
  const int e = errno;
  g_creating.fetch_sub(1);
  errno = e;
  return fd;
}

// A test hook (tests/contract/cli_signal_test.cpp): FASTVMAF_TEST_HOLD_OUTPUT_MS holds a
// finished temporary file that long before it is renamed, so that a test can interrupt
// the run while it exists. Read once.
void hold_for_test() {
  static const long ms = [] {
    const char* v = std::getenv("FASTVMAF_TEST_HOLD_OUTPUT_MS");
    return v ? std::strtol(v, nullptr, 10) : 0L;
  }();
  if (ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

bool write_all(int fd, std::string_view contents) {
  std::size_t done = 0;
  while (done < contents.size()) {
    const ssize_t n = ::write(fd, contents.data() + done, contents.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

// True when `st` is the file that descriptor `fd` writes to.
bool same_file(const struct stat& st, int fd) {
  struct stat f {};
  return ::fstat(fd, &f) == 0 && f.st_dev == st.st_dev && f.st_ino == st.st_ino;
}

}  // namespace

void check_output_path(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode))
      throw std::runtime_error("cannot write output file \"" + path + "\": it is a directory");
    if (!S_ISREG(st.st_mode) || same_file(st, 1) || same_file(st, 2)) {  // written in place
      if (::access(path.c_str(), W_OK) != 0) write_error(path, errno);
      return;
    }
  } else if (errno != ENOENT) {
    write_error(path, errno);  // a component is not a directory, cannot be searched, ...
  }
  // What the write will need: a new file in the output's folder. Make the temporary
  // file the write would make, and remove it.
  std::string tmp;
  int slot = -1;
  const int fd = create_temporary(path, tmp, slot);
  if (fd < 0) {
    const int e = errno;
    if (e == ENOENT) {
      std::string folder = std::filesystem::path(path).parent_path().string();
      throw std::runtime_error("cannot write output file \"" + path + "\": folder \"" +
                               (folder.empty() ? "." : folder) + "\" does not exist");
    }
    write_error(path, e);
  }
  ::close(fd);
  ::unlink(tmp.c_str());
  release_slot(slot);
}

void remove_temporary_outputs() noexcept {
  g_terminating.store(true);
  // Waits, at most about 200 ms (the handler may have interrupted a creator itself), for
  // the threads creating a temporary: each either registered its file before this scan
  // or removes it itself.
  for (int i = 0; i < 2000 && g_creating.load() > 0; ++i) {
    const timespec pause{0, 100'000};
    ::nanosleep(&pause, nullptr);
  }
  for (auto& t : g_temporaries)
    if (t.state.load() == 2) ::unlink(t.name);
}

void write_file_atomically(const std::string& path, const std::function<void(const OutputChunks&)>& produce) {
  struct stat st {};
  const bool exists = ::stat(path.c_str(), &st) == 0;
  // /dev/stdout of a run redirected to a file is that regular file, but replacing it
  // would replace the /dev/stdout link itself: stdout's and stderr's files are written
  // in place, like devices and pipes (/dev/null, a FIFO).
  if (exists && (!S_ISREG(st.st_mode) || same_file(st, 1) || same_file(st, 2))) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) write_error(path, errno);
    bool ok_write = true;
    int e = 0;
    try {
      produce([&](std::string_view piece) {
        if (ok_write && std::fwrite(piece.data(), 1, piece.size(), f) != piece.size()) {
          ok_write = false;
          e = errno;
        }
      });
    } catch (...) {
      std::fclose(f);
      throw;
    }
    if (std::fclose(f) != 0 || !ok_write) write_error(path, ok_write ? errno : e);
    return;
  }
  std::string tmp;
  int slot = -1;
  const int fd = create_temporary(path, tmp, slot);
  if (fd < 0) write_error(path, errno);
  // An existing output keeps its permission bits (the temporary has the umask's).
  bool ok = !exists || ::fchmod(fd, st.st_mode & 0777) == 0;
  int e = ok ? 0 : errno;
  try {
    produce([&](std::string_view piece) {
      if (ok && !write_all(fd, piece)) {
        ok = false;
        e = errno;
      }
    });
  } catch (...) {  // nothing was renamed: the document is whole or absent
    ::close(fd);
    ::unlink(tmp.c_str());
    release_slot(slot);
    throw;
  }
  if (::close(fd) != 0 && ok) {
    ok = false;
    e = errno;
  }
  if (ok) hold_for_test();
  if (ok && ::rename(tmp.c_str(), path.c_str()) != 0) {
    ok = false;
    e = errno;
  }
  if (!ok) ::unlink(tmp.c_str());
  release_slot(slot);
  if (!ok) write_error(path, e);
}

void write_file_atomically(const std::string& path, const std::string& contents) {
  write_file_atomically(path, [&](const OutputChunks& out) { out(contents); });
}

void write_output(const std::string& path, const Result& r, OutputFormat fmt, const NumberFormat& nf,
                  const std::string& version, const std::vector<InputRecord>& inputs) {
  write_file_atomically(path, [&](const OutputChunks& out) { render_output(r, fmt, nf, version, inputs, out); });
}

}  // namespace fastvmaf::io
