#include "model/svm_predict.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#include <fmt/format.h>

namespace fastvmaf::model {

namespace {

constexpr long long kMaxIndex = 2147483647;  // INT_MAX

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Splits a line into whitespace-separated tokens.
std::vector<std::string_view> tokens(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !is_space(line[i])) ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

// libsvm reads numbers with istream >> double, i.e. strtod: correctly rounded, as
// from_chars is.
double to_double(std::string_view t, const char* what) {
  double v = 0.0;
  const char* end = t.data() + t.size();
  const char* first = t.data();
  if (first != end && *first == '+') ++first;  // istream accepts a leading '+'
  auto [p, ec] = std::from_chars(first, end, v);
  if (ec != std::errc() || p != end) throw std::invalid_argument(fmt::format("bad {} \"{}\"", what, t));
  return v;
}

long long to_int(std::string_view t, const char* what) {
  long long v = 0;
  auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || p != t.data() + t.size()) throw std::invalid_argument(fmt::format("bad {} \"{}\"", what, t));
  return v;
}

// The next line of `text` from `pos` (without its '\n'); false at the end.
bool next_line(std::string_view text, std::size_t& pos, std::string_view& line) {
  if (pos >= text.size()) return false;
  const std::size_t nl = text.find('\n', pos);
  const std::size_t end = nl == std::string_view::npos ? text.size() : nl;
  line = text.substr(pos, end - pos);
  pos = end + 1;
  return true;
}

}  // namespace

SvrRbfModel SvrRbfModel::parse(std::string_view text) {
  SvrRbfModel m;
  bool have_type = false, have_kernel = false, have_gamma = false, have_rho = false, have_sv_marker = false;
  long long nr_class = 2, total_sv = -1;

  std::size_t pos = 0;
  std::string_view line;
  while (next_line(text, pos, line)) {
    const auto t = tokens(line);
    if (t.empty()) continue;
    const std::string_view key = t[0];
    if (key == "SV") {
      have_sv_marker = true;
      break;
    }
    auto need = [&](std::size_t n) {
      if (t.size() < n + 1) throw std::invalid_argument(fmt::format("\"{}\" needs {} value(s)", key, n));
    };
    if (key == "svm_type") {
      need(1);
      if (t[1] != "nu_svr" && t[1] != "epsilon_svr")
        throw std::invalid_argument(
            fmt::format("svm_type \"{}\" is not supported (libvmaf models are nu_svr regressions)", t[1]));
      have_type = true;
    } else if (key == "kernel_type") {
      need(1);
      if (t[1] != "rbf") throw std::invalid_argument(fmt::format("kernel_type \"{}\" is not supported (only rbf)", t[1]));
      have_kernel = true;
    } else if (key == "gamma") {
      need(1);
      m.gamma_ = to_double(t[1], "gamma");
      have_gamma = true;
    } else if (key == "nr_class") {
      need(1);
      nr_class = to_int(t[1], "nr_class");
    } else if (key == "total_sv") {
      need(1);
      total_sv = to_int(t[1], "total_sv");
      if (total_sv < 0) throw std::invalid_argument("total_sv is negative");
    } else if (key == "rho") {
      need(1);
      m.rho_ = to_double(t[1], "rho");
      have_rho = true;
    } else if (key == "degree" || key == "coef0" || key == "label" || key == "probA" || key == "probB" ||
               key == "nr_sv") {
      // Parameters of other kernels and of classification; a regression ignores them.
    } else {
      throw std::invalid_argument(fmt::format("unknown text \"{}\" in the libsvm model header", key));
    }
  }
  if (!have_type) throw std::invalid_argument("the libsvm model has no svm_type");
  if (!have_kernel) throw std::invalid_argument("the libsvm model has no kernel_type");
  if (!have_gamma) throw std::invalid_argument("the libsvm model has no gamma");
  if (!have_rho) throw std::invalid_argument("the libsvm model has no rho");
  if (nr_class != 2) throw std::invalid_argument(fmt::format("nr_class is {}; a regression model has 2", nr_class));
  if (total_sv < 0) throw std::invalid_argument("the libsvm model has no total_sv");
  if (!have_sv_marker) throw std::invalid_argument("the libsvm model has no \"SV\" section");

  // Sparse, as libsvm keeps them: memory follows the text, not the highest index.
  m.start_.push_back(0);
  for (long long i = 0; i < total_sv; ++i) {
    if (!next_line(text, pos, line))
      throw std::invalid_argument(fmt::format("the libsvm model lists {} support vectors, total_sv says {}", i, total_sv));
    const auto t = tokens(line);
    if (t.empty()) throw std::invalid_argument(fmt::format("support vector {} is empty", i + 1));
    m.coef_.push_back(to_double(t[0], "support vector coefficient"));
    const std::size_t first = m.index_.size();
    for (std::size_t k = 1; k < t.size(); ++k) {
      const auto colon = t[k].find(':');
      if (colon == std::string_view::npos)
        throw std::invalid_argument(fmt::format("support vector {}: \"{}\" is not index:value", i + 1, t[k]));
      const long long index = to_int(t[k].substr(0, colon), "support vector index");
      if (index < 1 || (m.index_.size() > first && static_cast<std::uint32_t>(index) <= m.index_.back()))
        throw std::invalid_argument(
            fmt::format("support vector {}: indices must be positive and increasing (\"{}\")", i + 1, t[k]));
      // libsvm reads an index into an int.
      if (index > kMaxIndex)
        throw std::invalid_argument(fmt::format("support vector {}: index {} is above {}", i + 1, index, kMaxIndex));
      m.index_.push_back(static_cast<std::uint32_t>(index));
      m.value_.push_back(to_double(t[k].substr(colon + 1), "support vector value"));
      m.dim_ = std::max(m.dim_, static_cast<std::size_t>(index));
    }
    m.start_.push_back(m.index_.size());
  }
  return m;
}

double SvrRbfModel::predict(const std::vector<double>& x) const {
  const std::size_t n = x.size();
  double sum = 0.0;
  for (std::size_t i = 0; i < coef_.size(); ++i) {
    // libsvm's merge of two index-sorted sparse vectors (Kernel::k_function, RBF): the
    // input's node j has index j + 1; a node present on one side only adds its square,
    // which is what (v - 0)^2 gives, so the sum is the dense one's, term for term.
    double dist = 0.0;
    std::size_t j = 0;  // input nodes before j are summed
    for (std::size_t k = start_[i]; k < start_[i + 1]; ++k) {
      const std::size_t index = index_[k];
      for (; j + 1 < index && j < n; ++j) dist += x[j] * x[j];
      if (index <= n) {
        const double d = x[index - 1] - value_[k];
        dist += d * d;
        j = index;
      } else {
        dist += value_[k] * value_[k];
      }
    }
    for (; j < n; ++j) dist += x[j] * x[j];
    sum += coef_[i] * std::exp(-gamma_ * dist);
  }
  sum -= rho_;
  return sum;
}

}  // namespace fastvmaf::model
