#include "core/parallel.hpp"

#include <algorithm>

namespace fastvmaf {

void parallel_for(const ParallelFor* pool, unsigned n, const std::function<void(unsigned)>& body) {
  if (pool && n > 1) {
    pool->run(n, body);
    return;
  }
  for (unsigned i = 0; i < n; ++i) body(i);
}

unsigned band_count(unsigned rows, unsigned min_rows, unsigned max_bands, unsigned frame_rows) {
  if (frame_rows < kBandedFrameRows) return 1;
  const unsigned fit = min_rows ? rows / min_rows : rows;
  return std::max(1u, std::min(fit, max_bands));
}

}  // namespace fastvmaf
