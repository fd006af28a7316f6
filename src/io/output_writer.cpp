#include "io/output_writer.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "core/feature_name.hpp"
#include "core/pooling.hpp"

namespace fastvmaf::io {

namespace {

// libvmaf's count_leading_zeros_d: zeros after the decimal point before the first
// non-zero digit of the fraction.
int leading_zeros(double x) {
  if (x < 0) x = std::fabs(x);
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

std::string xml_escape(std::string_view s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      default: o += c;
    }
  }
  return o;
}

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

std::string render_xml(const Result& r, const NumberFormat& nf, const std::string& version,
                       const std::vector<InputRecord>& inputs) {
  std::string o;
  o += "<VMAF version=\"" + version + "\">\n";
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
      o += std::string(feature_alias(s.name)) + "=\"" + nf.format(s.values[i]) + "\" ";
    }
    o += "/>\n";
  }
  o += "  </frames>\n";
  o += "  <pooled_metrics>\n";
  for (const auto& s : r.series) {
    o += "    <metric name=\"" + std::string(feature_alias(s.name)) + "\" ";
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
  return o;
}

std::string json_number(const NumberFormat& nf, double v) { return finite_or_subnormal(v) ? nf.format(v) : "null"; }

std::string json_escape(std::string_view s) {
  std::string o;
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\';
    o += c;
  }
  return o;
}

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

std::string render_json(const Result& r, const NumberFormat& nf, const std::string& version,
                        const std::vector<InputRecord>& inputs) {
  std::string o;
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
  return o;
}

std::string render_csv(const Result& r, const NumberFormat& nf) {
  std::string o = "Frame,";
  for (const auto& s : r.series) o += std::string(feature_alias(s.name)) + ",";
  o += "\n";
  const unsigned span = frame_span(r);
  for (unsigned i = 0; i < span; ++i) {
    if (!frame_listed(r, i)) continue;
    o += std::to_string(i) + ",";
    // libvmaf skips missing values, which shifts the columns; we leave the field
    // empty so every column stays under its header.
    for (const auto& s : r.series) o += (s.has(i) ? nf.format(s.values[i]) : std::string()) + ",";
    o += "\n";
  }
  return o;
}

std::string render_sub(const Result& r, const NumberFormat& nf) {
  std::string o;
  const unsigned span = frame_span(r);
  for (unsigned i = 0; i < span; ++i) {
    if (!frame_listed(r, i)) continue;
    o += "{" + std::to_string(i) + "}{" + std::to_string(i + 1) + "}frame: " + std::to_string(i) + "|";
    for (const auto& s : r.series)
      if (s.has(i)) o += std::string(feature_alias(s.name)) + ": " + nf.format(s.values[i]) + "|";
    o += "\n";
  }
  return o;
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

std::string render_output(const Result& r, OutputFormat fmt, const NumberFormat& nf, const std::string& version,
                          const std::vector<InputRecord>& inputs) {
  switch (fmt) {
    case OutputFormat::Xml: return render_xml(r, nf, version, inputs);
    case OutputFormat::Json: return render_json(r, nf, version, inputs);
    case OutputFormat::Csv: return render_csv(r, nf);
    case OutputFormat::Sub: return render_sub(r, nf);
  }
  return {};
}

void write_file_atomically(const std::string& path, const std::string& contents) {
  struct stat st {};
  const bool exists = ::stat(path.c_str(), &st) == 0;
  const bool direct = exists && !S_ISREG(st.st_mode);
  const std::string target = direct ? path : path + ".tmp." + std::to_string(::getpid());
  std::FILE* f = std::fopen(target.c_str(), "wb");
  if (!f) throw std::runtime_error("cannot write output file \"" + path + "\": " + std::strerror(errno));
  const bool ok_write = std::fwrite(contents.data(), 1, contents.size(), f) == contents.size();
  const bool ok_close = std::fclose(f) == 0;
  if (!ok_write || !ok_close) {
    const int e = errno;
    if (!direct) std::remove(target.c_str());
    throw std::runtime_error("cannot write output file \"" + path + "\": " + std::strerror(e));
  }
  if (!direct && std::rename(target.c_str(), path.c_str()) != 0) {
    const int e = errno;
    std::remove(target.c_str());
    throw std::runtime_error("cannot write output file \"" + path + "\": " + std::strerror(e));
  }
}

}  // namespace fastvmaf::io
