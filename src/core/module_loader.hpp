// The engine's modules: parts built as shared objects of their own (CMake MODULE) and
// loaded only when first needed, so that what they link is neither needed nor loaded
// by a run that does not use them (docs/adr/0007-install-and-apis.md, 0012):
//
//   libfastvmaf_hip.so   the HIP backend (ROCm's runtime)        gpu/runtime.cpp
//   libfastvmaf_av.so    compressed input (libavformat, ...)     io/av_source_loader.cpp
//
// A module's undefined symbols (the registries, the core) resolve against the binary or
// library holding the engine, and a module registers what it brings from its static
// initialisers as it loads. It must come from the same build as that binary or library
// (it is installed beside it). This file says where a module is looked for and loads it;
// each caller says what a failure means to the user.
#pragma once

#include <string>
#include <vector>

namespace fastvmaf {

// Where module `file` may be: the value of the environment variable `env` alone when it
// is set; else beside the binary or library holding the engine (the build tree; an
// installed lib/), in its fastvmaf/ folder (installed: lib/fastvmaf/), and in the
// library folder of an installed bin/ (bin -> lib/fastvmaf).
std::vector<std::string> module_candidates(const char* file, const char* env);

struct ModuleLoad {
  void* handle = nullptr;  // dlopen's handle when loaded; the module stays loaded
  bool found = false;      // a candidate exists (then `path` is it)
  std::string path;        // the candidate loaded, or the one that failed to load
  std::string error;       // why not: the dynamic loader's message for `path`, or, when no
                           // candidate exists, each one with "not found" ("a: not found; b: ...")
  std::string refused;     // registrations its initialisers made that were refused (a second
                           // registration: it is not the module, e.g. the engine's own library):
                           // the first, and how many more; then `handle` is null (the file stays loaded)
};

// Loads `file` from the first of module_candidates(file, env) that exists (RTLD_NOW,
// RTLD_LOCAL). The binary or library holding the engine is made global first: a program
// that dlopened it with RTLD_LOCAL (a binding's dlopen of libvmaf.so.3) would otherwise
// hide the symbols the module needs. Each caller loads its module once: loading it again
// would find it loaded and register nothing. Registrations refused during its dlopen
// (core/registration.hpp) fail the load, in `refused`.
ModuleLoad load_module(const char* file, const char* env);

}  // namespace fastvmaf
