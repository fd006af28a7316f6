#include "gpu/runtime.hpp"

#include <stdexcept>
#include <vector>

namespace fastvmaf::gpu {

namespace {
std::vector<Runtime>& runtimes() {
  static std::vector<Runtime> r;
  return r;
}
}  // namespace

void register_runtime(const Runtime& runtime) {
  if (find_runtime(runtime.backend))
    throw std::logic_error(std::string("GPU runtime registered twice: ") + to_string(runtime.backend));
  runtimes().push_back(runtime);
}

const Runtime* find_runtime(Backend backend) {
  for (const auto& r : runtimes())
    if (r.backend == backend) return &r;
  return nullptr;
}

}  // namespace fastvmaf::gpu
