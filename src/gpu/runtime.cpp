#include "gpu/runtime.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <vector>

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
// Where the HIP module may be: $FASTVMAF_HIP_MODULE alone when set; else beside the
// binary or library holding this code (the build tree; an installed lib/), in its
// fastvmaf/ folder (installed lib/fastvmaf/), and in the library folder of an installed
// bin/ (FASTVMAF_HIP_MODULE_FROM_BINDIR: bin -> lib/fastvmaf, relative).
std::vector<std::string> hip_module_candidates() {
  if (const char* env = std::getenv("FASTVMAF_HIP_MODULE"); env && *env) return {env};
  std::vector<std::string> out;
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&hip_module_candidates), &info) && info.dli_fname && *info.dli_fname) {
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::canonical(info.dli_fname, ec);
    if (!ec) {
      const std::filesystem::path dir = self.parent_path();
      out.push_back((dir / FASTVMAF_HIP_MODULE).string());
      out.push_back((dir / "fastvmaf" / FASTVMAF_HIP_MODULE).string());
      out.push_back((dir / FASTVMAF_HIP_MODULE_FROM_BINDIR / FASTVMAF_HIP_MODULE).lexically_normal().string());
    }
  }
  return out;
}

// Loads the HIP module once; its static initialisers register the HIP Runtime and the
// HIP twins here. The module's undefined symbols (the registries, the core) resolve
// against this library or executable, so this one is made global first: a program that
// loaded it with RTLD_LOCAL (a binding's dlopen of libvmaf.so.3) would not offer its
// symbols otherwise. The module stays loaded: the registries hold its code.
std::string load_hip_module() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&load_hip_module), &info) && info.dli_fname)
    (void)dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL);
  std::string errors;
  for (const auto& path : hip_module_candidates()) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
      errors += (errors.empty() ? "" : "; ") + path + ": not found";
      continue;
    }
    if (dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)) return {};
    const char* e = dlerror();
    return "the HIP backend (" + path + ") could not be loaded: " + (e ? e : "unknown error") +
           "; it needs ROCm's HIP runtime, libamdhip64.so (Debian: libamdhip64-5)";
  }
  return "the HIP backend module " FASTVMAF_HIP_MODULE " was not found (" + errors +
         "); set FASTVMAF_HIP_MODULE to its path";
}
#endif

}  // namespace

void register_runtime(const Runtime& runtime) {
  // Called from static initialisers (of this library, or of a module being loaded while
  // find_runtime holds the mutex): no lock here.
  if (registered(runtime.backend))
    throw std::logic_error(std::string("GPU runtime registered twice: ") + to_string(runtime.backend));
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
