#include "core/module_loader.hpp"

#include <dlfcn.h>
#include <link.h>

#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "core/registration.hpp"

// FASTVMAF_MODULE_FROM_BINDIR: the relative path from an installed bin/ to the folder of
// the modules, lib/fastvmaf (src/CMakeLists.txt, from GNUInstallDirs).
#ifndef FASTVMAF_MODULE_FROM_BINDIR
#error "FASTVMAF_MODULE_FROM_BINDIR is not defined"
#endif

namespace fastvmaf {

namespace {

// The file of the binary or library holding this code, which holds the whole engine, and
// whether it is the program itself. A program's name as dladdr gives it is its argv[0],
// which need not name a file ("fastvmaf" found on PATH): the kernel's name is used.
struct EngineObject {
  std::string file;
  bool program = false;
};

EngineObject engine_object() {
  Dl_info info{};
  link_map* map = nullptr;
  if (!dladdr1(reinterpret_cast<void*>(&engine_object), &info, reinterpret_cast<void**>(&map), RTLD_DL_LINKMAP))
    return {};
  if (map && map->l_name && *map->l_name) return {map->l_name, false};
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) return {exe.string(), true};
  return {info.dli_fname ? info.dli_fname : "", true};
}

}  // namespace

std::vector<std::string> module_candidates(const char* file, const char* env) {
  if (const char* value = std::getenv(env); value && *value) return {value};
  std::vector<std::string> out;
  const std::string self = engine_object().file;
  if (self.empty()) return out;
  std::error_code ec;
  const std::filesystem::path canonical = std::filesystem::canonical(self, ec);
  if (ec) return out;
  const std::filesystem::path dir = canonical.parent_path();
  out.push_back((dir / file).string());
  out.push_back((dir / "fastvmaf" / file).string());
  out.push_back((dir / FASTVMAF_MODULE_FROM_BINDIR / file).lexically_normal().string());
  return out;
}

ModuleLoad load_module(const char* file, const char* env) {
  // (A program's symbols are global already.)
  if (const EngineObject self = engine_object(); !self.program && !self.file.empty())
    (void)dlopen(self.file.c_str(), RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL);
  ModuleLoad load;
  for (const auto& path : module_candidates(file, env)) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
      load.error += (load.error.empty() ? "" : "; ") + path + ": not found";
      continue;
    }
    load.found = true;
    load.path = path;
    (void)take_registration_errors();  // only what this dlopen's initialisers record counts
    load.handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (const auto refused = take_registration_errors(); !refused.empty())  // the first says enough
      load.refused = refused.front() +
                     (refused.size() > 1 ? " and " + std::to_string(refused.size() - 1) + " more" : std::string());
    if (load.handle && !load.refused.empty()) {
      load.handle = nullptr;  // never dlclose: what it did register points into its code
      load.error = "it registered what is registered already: " + load.refused;
    } else if (load.handle) {
      load.error.clear();
    } else {
      const char* e = dlerror();
      load.error = e ? e : "unknown error";
    }
    return load;
  }
  if (load.error.empty()) load.error = "nowhere to look: the engine's own file is unknown";
  return load;
}

}  // namespace fastvmaf
