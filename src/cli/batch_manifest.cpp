#include "cli/batch_manifest.hpp"

#include <sys/stat.h>

#include <exception>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "cli/output_guard.hpp"

namespace fastvmaf::cli {

namespace fs = std::filesystem;

namespace {

std::string resolve(const fs::path& base, const std::string& p) {
  const fs::path path(p);
  return path.is_absolute() || base.empty() ? p : (base / path).lexically_normal().string();
}

unsigned parse_field(const std::string& what, const std::string& v, unsigned lo, unsigned hi) {
  std::size_t used = 0;
  unsigned long n = 0;
  try {
    n = std::stoul(v, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != v.size() || n < lo || n > hi)
    throw std::invalid_argument(fmt::format("{} \"{}\" is not a number from {} to {}", what, v, lo, hi));
  return static_cast<unsigned>(n);
}

}  // namespace

fs::path manifest_base(const std::string& path) {
  struct stat st {};
  if (path == "-" || ::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return {};
  const fs::path parent = fs::path(path).parent_path();
  std::error_code ec;
  const fs::path real = fs::canonical(parent.empty() ? fs::path(".") : parent, ec);
  if (!ec && (real == "/dev" || (real.string().rfind("/proc/", 0) == 0 && real.filename() == "fd"))) return {};
  return parent;
}

std::vector<ManifestLine> parse_manifest(std::istream& in, const fs::path& base) {
  std::vector<ManifestLine> lines;
  std::string text;
  for (unsigned number = 1; std::getline(in, text); ++number) {
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.find_first_not_of(" \t") == std::string::npos || text[0] == '#') continue;
    ManifestLine line;
    line.number = number;
    std::vector<std::string> f;
    std::stringstream ss(text);
    for (std::string cell; std::getline(ss, cell, '\t');) f.push_back(cell);
    try {
      if (f.size() != 3 && f.size() != 7)
        throw std::invalid_argument(fmt::format("{} fields; a line has 3 (reference, distorted, output) or 7 "
                                                "(then width, height, pixel format, bit depth), tab-separated",
                                                f.size()));
      for (std::size_t k = 0; k < 3; ++k)
        if (f[k].empty()) throw std::invalid_argument(fmt::format("field {} is empty", k + 1));
      line.job.ref_path = resolve(base, f[0]);
      line.job.dis_path = resolve(base, f[1]);
      line.job.output_path = resolve(base, f[2]);
      if (f.size() == 7) {
        line.job.raw = true;
        VideoGeometry& g = line.job.raw_geometry;
        g.width = parse_field("width", f[3], 1, 16384);
        g.height = parse_field("height", f[4], 1, 16384);
        if (!pixel_format_from(f[5], g.format))
          throw std::invalid_argument(fmt::format("pixel format \"{}\" is not 420, 422 or 444", f[5]));
        g.bpc = parse_field("bit depth", f[6], 8, 16);
        if (g.bpc != 8 && g.bpc != 10 && g.bpc != 12 && g.bpc != 16)
          throw std::invalid_argument(fmt::format("bit depth \"{}\" is not 8, 10, 12 or 16", f[6]));
      }
    } catch (const std::exception& e) {
      line.error = e.what();
    }
    lines.push_back(std::move(line));
  }
  return lines;
}

std::vector<ManifestLine> read_manifest(const std::string& path) {
  std::vector<ManifestLine> lines;
  if (path == "-") {
    lines = parse_manifest(std::cin, {});
  } else {
    std::ifstream in(path);
    if (!in) throw std::invalid_argument(fmt::format("cannot read the batch manifest \"{}\"", path));
    lines = parse_manifest(in, manifest_base(path));
  }
  if (lines.empty())
    throw std::invalid_argument(
        fmt::format("the batch manifest \"{}\" lists no pair", path == "-" ? "(standard input)" : path));
  return lines;
}

std::vector<std::vector<std::size_t>> group_by_reference(const std::vector<ManifestLine>& lines) {
  std::vector<std::vector<std::size_t>> groups;
  std::map<std::string, std::size_t> by_key;  // reference and geometry -> group
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const ManifestLine& l = lines[k];
    std::optional<std::string> id;
    if (l.error.empty()) id = output_identity(l.job.ref_path);
    if (!id || id->rfind("new:", 0) == 0) {
      groups.push_back({k});
      continue;
    }
    const VideoGeometry& g = l.job.raw_geometry;
    const std::string key = l.job.raw ? fmt::format("{} raw {}x{} {} {}", *id, g.width, g.height,
                                                    static_cast<int>(g.format), g.bpc)
                                      : *id;
    if (auto [it, added] = by_key.emplace(key, groups.size()); added)
      groups.push_back({k});
    else
      groups[it->second].push_back(k);
  }
  return groups;
}

void check_manifest_outputs(const std::vector<ManifestLine>& lines) {
  std::map<std::string, const ManifestLine*> outputs, inputs;
  for (const auto& l : lines) {
    if (!l.error.empty()) continue;
    for (const std::string* in : {&l.job.ref_path, &l.job.dis_path})
      if (auto id = output_identity(*in); id && id->rfind("new:", 0) != 0) inputs.emplace(*id, &l);
  }
  for (const auto& l : lines) {
    if (!l.error.empty()) continue;
    const auto id = output_identity(l.job.output_path);
    if (!id) continue;  // a device or pipe (/dev/null): written in place, nothing replaced
    if (auto [it, added] = outputs.emplace(*id, &l); !added)
      throw std::invalid_argument(fmt::format(
          "the batch manifest's lines {} and {} write the same output file (\"{}\" and \"{}\"): one result would "
          "be lost",
          it->second->number, l.number, it->second->job.output_path, l.job.output_path));
    if (auto it = inputs.find(*id); it != inputs.end()) {
      const PairJob& j = it->second->job;
      const std::string& input = output_identity(j.ref_path) == id ? j.ref_path : j.dis_path;
      throw std::invalid_argument(fmt::format(
          "the batch manifest's line {} writes its output to \"{}\", which is the input \"{}\" of line {}: writing "
          "it would overwrite the video",
          l.number, l.job.output_path, input, it->second->number));
    }
  }
}

}  // namespace fastvmaf::cli
