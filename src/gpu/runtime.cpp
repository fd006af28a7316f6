#include "gpu/runtime.hpp"

#include <cstdlib>
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

// The module of a backend that has one, as this build names it (nullptr: none).
const char* module_of(Backend backend) {
#if defined(FASTVMAF_HIP_MODULE)
  if (backend == Backend::Hip) return FASTVMAF_HIP_MODULE;
#endif
#if defined(FASTVMAF_SYCL_MODULE)
  if (backend == Backend::Sycl) return FASTVMAF_SYCL_MODULE;
#endif
  (void)backend;
  return nullptr;
}

// What each module needs at run time, for the message when it does not load.
const char* needs_of(Backend backend) {
  return backend == Backend::Hip ? "ROCm's HIP runtime, libamdhip64.so (Debian: libamdhip64-5)"
                                 : "the SYCL runtime it was built with (AdaptiveCpp's lib/, on the library path)";
}

// Loads a backend's module once (core/module_loader.hpp: $FASTVMAF_<HIP|SYCL>_MODULE, else
// beside the engine's binary or library, or its lib/fastvmaf/); its static initialisers
// register the backend's Runtime and twins here. The module stays loaded: the registries
// hold its code.
std::string load_backend_module(Backend backend, const char* file) {
  const std::string name = to_string(backend);
  std::string upper = name;
  for (char& c : upper) c = static_cast<char>(c - 'a' + 'A');
  const std::string env = "FASTVMAF_" + upper + "_MODULE";
#if defined(FASTVMAF_SYCL_MODULE)
  // AdaptiveCpp's runtime reads its settings as the module loads.
  // - It prints a warning on stdout for every backend it cannot load (its CUDA backend
  //   where NVIDIA's driver is absent): errors only, unless the user asks for more.
  // - Its JIT specialises kernels on the values it sees at their first launches and keeps
  //   them in its on-disk cache; on the H200 a later process with other buffer addresses
  //   then ran kernels specialised for the first one's (illegal address, CUDA error 700:
  //   every CLI run after the first failed, 2026-12-02). Level 0 compiles each kernel
  //   generically, once: equal in every value on every run, and no slower in the twins'
  //   bench (docs/adr/0208-sycl-backend.md).
  if (backend == Backend::Sycl) {
    setenv("ACPP_DEBUG_LEVEL", "1", 0);
    setenv("ACPP_ADAPTIVITY_LEVEL", "0", 0);
  }
#endif
  const ModuleLoad load = load_module(file, env.c_str());
  if (load.handle) return {};
  if (!load.refused.empty())
    return "the " + name + " backend (" + load.path + ") was loaded, but it registered what is registered already (" +
           load.refused + "): it is not the " + name + " module of this build";
  if (load.found)
    return "the " + name + " backend (" + load.path + ") could not be loaded: " + load.error + "; it needs " +
           needs_of(backend);
  return std::string("the ") + name + " backend module " + file + " was not found (" + load.error + "); set " + env +
         " to its path";
}

std::string& selector_of(Backend backend) {
  static std::string selectors[4];
  return selectors[static_cast<int>(backend) & 3];
}

}  // namespace

void set_device_selector(Backend backend, const std::string& selector) {
  std::lock_guard lock(mutex());
  selector_of(backend) = selector;
}

std::string device_selector(Backend backend) {
  std::lock_guard lock(mutex());
  return selector_of(backend);
}

void register_runtime(const Runtime& runtime) {
  // Called from static initialisers (of this library, or of a module being loaded while
  // find_runtime holds the mutex): no lock here, and a second registration is recorded,
  // never thrown (core/registration.hpp).
  if (registered(runtime.backend))
    return record_registration_error(std::string("GPU runtime registered twice: ") + to_string(runtime.backend));
  runtimes().push_back(runtime);
}

bool backend_built(Backend backend) {
  std::lock_guard lock(mutex());
  return registered(backend) != nullptr || module_of(backend) != nullptr;
}

const Runtime* find_runtime(Backend backend, std::string* why) {
  std::lock_guard lock(mutex());
  if (const Runtime* r = registered(backend)) return r;
  if (const char* file = module_of(backend)) {
    static std::string error[4];
    static bool tried[4] = {false, false, false, false};
    const int k = static_cast<int>(backend) & 3;
    if (!tried[k]) {
      tried[k] = true;
      error[k] = load_backend_module(backend, file);
      if (error[k].empty() && !registered(backend))
        error[k] = std::string("the ") + to_string(backend) + " backend module registered no runtime";
    }
    if (const Runtime* r = registered(backend)) return r;
    if (why) *why = error[k];
    return nullptr;
  }
  if (why) why->clear();
  return nullptr;
}

}  // namespace fastvmaf::gpu
