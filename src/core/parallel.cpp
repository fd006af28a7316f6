#include "core/parallel.hpp"

#include <algorithm>
#include <exception>

namespace fastvmaf {

void parallel_for(const ParallelFor* pool, unsigned n, const std::function<void(unsigned)>& body, Helpers helpers) {
  if (pool && n > 1) {
    if (helpers == Helpers::Idle)
      pool->run_on_idle(n, body);
    else
      pool->run(n, body);
    return;
  }
  run_in_order(n, body);
}

void run_in_order(unsigned n, const std::function<void(unsigned)>& body) {
  std::exception_ptr first;
  for (unsigned i = 0; i < n; ++i) {
    try {
      body(i);
    } catch (...) {
      if (!first) first = std::current_exception();
    }
  }
  if (first) std::rethrow_exception(first);
}

unsigned band_count(unsigned rows, unsigned min_rows, unsigned max_bands, unsigned frame_rows) {
  if (frame_rows < kBandedFrameRows) return 1;
  const unsigned fit = min_rows ? rows / min_rows : rows;
  return std::max(1u, std::min(fit, max_bands));
}

}  // namespace fastvmaf
