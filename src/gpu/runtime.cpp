#include "gpu/runtime.hpp"

#include <mutex>
#include <stdexcept>
#include <vector>

#include "core/module_loader.hpp"
#include "core/registration.hpp"

namespace fastvmaf::gpu {

namespace {

std::mutex& mutex() {
  static std::mutex m;
  return m;
}

std::vector<Runtime>& runtimes() {
  static std::vector<Runtime> r;
  return r;
}

const Runtime* registered(Backend backend) {
  for (const auto& r : runtimes())
    if (r.backend == backend) return &r;
  return nullptr;
}

#if defined(FASTVMAF_HIP_MODULE)
// Loads the HIP module once (core/module_loader.hpp: $FASTVMAF_HIP_MODULE, else beside
// the engine's binary or library, or its lib/fastvmaf/); its static initialisers register
// the HIP Runtime and the HIP twins here. The module stays loaded: the registries hold its
// code.
std::string load_hip_module() {
  const ModuleLoad load = load_module(FASTVMAF_HIP_MODULE, "FASTVMAF_HIP_MODULE");
  if (load.handle) return {};
  if (!load.refused.empty())
    return "the HIP backend (" + load.path + ") was loaded, but it registered what is registered already (" +
           load.refused + "): it is not the HIP module of this build";
  if (load.found)
    return "the HIP backend (" + load.path + ") could not be loaded: " + load.error +
           "; it needs ROCm's HIP runtime, libamdhip64.so (Debian: libamdhip64-5)";
  return "the HIP backend module " FASTVMAF_HIP_MODULE " was not found (" + load.error +
         "); set FASTVMAF_HIP_MODULE to its path";
}
#endif

}  // namespace

void register_runtime(const Runtime& runtime) {
  // Called from static initialisers (of this library, or of a module being loaded while
  // find_runtime holds the mutex): no lock here, and a second registration is recorded,
  // never thrown (core/registration.hpp).
  if (registered(runtime.backend))
    return record_registration_error(std::string("GPU runtime registered twice: ") + to_string(runtime.backend));
  runtimes().push_back(runtime);
}

const Runtime* find_runtime(Backend backend, std::string* why) {
  std::lock_guard lock(mutex());
  if (const Runtime* r = registered(backend)) return r;
#if defined(FASTVMAF_HIP_MODULE)
  if (backend == Backend::Hip) {
    static std::string error;
    static bool tried = false;
    if (!tried) {
      tried = true;
      error = load_hip_module();
      if (error.empty() && !registered(backend)) error = "the HIP backend module registered no HIP runtime";
    }
    if (const Runtime* r = registered(backend)) return r;
    if (why) *why = error;
    return nullptr;
  }
#endif
  if (why) why->clear();
  return nullptr;
}

}  // namespace fastvmaf::gpu
