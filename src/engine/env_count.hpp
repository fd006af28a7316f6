#pragma once

#include <optional>

namespace fastvmaf {

// The engine's measurement knobs that take a count from the environment
// ($FASTVMAF_GPU_LANES, $FASTVMAF_TWIN_COPIES, $FASTVMAF_HYBRID_CPU_RESERVE): unset or
// empty is nullopt; a value that is not plain decimal digits within [lo, hi] (a sign, a
// space, a unit, a number too large) throws std::invalid_argument naming the variable, so a
// typo is never read as the default, and "-1" never wraps round to a huge count.
std::optional<unsigned> env_count(const char* name, unsigned lo, unsigned hi);

}  // namespace fastvmaf
