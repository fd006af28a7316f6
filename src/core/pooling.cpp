#include "core/pooling.hpp"

namespace fastvmaf {

const char* to_string(PoolMethod m) {
  switch (m) {
    case PoolMethod::Min: return "min";
    case PoolMethod::Max: return "max";
    case PoolMethod::Mean: return "mean";
    case PoolMethod::HarmonicMean: return "harmonic_mean";
  }
  return "?";
}

std::optional<double> pool(const std::vector<double>& values, const std::vector<char>& written, PoolMethod method,
                           unsigned lo, unsigned hi, unsigned subsample) {
  if (lo > hi) return std::nullopt;
  unsigned n = 0;
  double min = 0., max = 0., sum = 0., isum = 0.;
  for (unsigned i = lo; i <= hi; ++i) {
    if (subsample > 1 && (i % subsample)) continue;
    if (i >= written.size() || !written[i]) return std::nullopt;
    const double s = values[i];
    ++n;
    sum += s;
    isum += 1. / (s + 1.);
    // libvmaf compares against index_low, not "first counted frame".
    if (i == lo || s < min) min = s;
    if (i == lo || s > max) max = s;
  }
  switch (method) {
    case PoolMethod::Mean: return sum / n;
    case PoolMethod::Min: return min;
    case PoolMethod::Max: return max;
    case PoolMethod::HarmonicMean: return n / isum - 1.0;
  }
  return std::nullopt;
}

}  // namespace fastvmaf
