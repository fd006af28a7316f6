// io/av_source.hpp in a build with compressed input: the engine's side of the
// compressed-input module (io/av_module.hpp). Nothing of FFmpeg is linked here; the
// module, libfastvmaf_av.so, is loaded the first time a compressed file is opened or
// --scale needs libswscale (core/module_loader.hpp: $FASTVMAF_AV_MODULE, else beside the
// engine's binary or library, or its lib/fastvmaf/), so a run on .y4m or raw .yuv loads
// none of FFmpeg's libraries (docs/adr/0012-lazy-compressed-input.md).
#include <atomic>
#include <cstring>
#include <mutex>

#include <fmt/format.h>

#include "core/error.hpp"
#include "core/module_loader.hpp"
#include "core/registration.hpp"
#include "fastvmaf/version.hpp"
#include "io/av_module.hpp"
#include "io/av_source.hpp"

// FASTVMAF_AV_MODULE: the module's file name; FASTVMAF_AV_LIBRARIES: the FFmpeg
// libraries it was linked with, for the message when it cannot be loaded (src/CMakeLists.txt).
#if !defined(FASTVMAF_AV_MODULE) || !defined(FASTVMAF_AV_LIBRARIES)
#error "FASTVMAF_AV_MODULE and FASTVMAF_AV_LIBRARIES are not defined"
#endif

namespace fastvmaf::io {

namespace {

// What the module registered (from its static initialiser: constant-initialised, so
// registering before this unit's own initialisers run is fine), and the same once the
// loader has checked that it is of this build: only then is it used.
std::atomic<const AvModule*> g_registered{nullptr};
std::atomic<const AvModule*> g_usable{nullptr};

// The module, loading it on the first call; nullptr and *why when it cannot be used.
const AvModule* av_module(std::string& why) {
  if (const AvModule* m = g_usable.load(std::memory_order_acquire)) return m;
  static std::mutex mu;
  static bool tried = false;
  static std::string error;
  std::lock_guard lock(mu);
  if (!tried) {
    tried = true;
    std::string path = "linked in";
    if (!g_registered.load()) {
      const ModuleLoad load = load_module(FASTVMAF_AV_MODULE, "FASTVMAF_AV_MODULE");
      path = load.path;
      if (!load.found)
        error = fmt::format("the compressed-input module {} was not found ({}); set FASTVMAF_AV_MODULE to its path",
                            FASTVMAF_AV_MODULE, load.error);
      else if (!load.refused.empty())
        error = fmt::format("the compressed-input module ({}) was loaded, but it registered what is registered "
                            "already ({}): it is not the compressed-input module of this build",
                            path, load.refused);
      else if (!load.handle)
        error = fmt::format("the compressed-input module ({}) could not be loaded: {}; it needs FFmpeg's {}", path,
                            load.error, FASTVMAF_AV_LIBRARIES);
      else if (!g_registered.load())
        error = fmt::format("the compressed-input module ({}) registered nothing", path);
    }
    if (error.empty()) {
      const AvModule* m = g_registered.load();
      if (m->abi != kAvModuleAbi || std::strcmp(m->version, kVersion) != 0)
        error = fmt::format("the compressed-input module ({}) is from another build of fastvmaf (version {}, "
                            "interface {}; this is {}, interface {})",
                            path, m->abi == kAvModuleAbi ? m->version : "?", m->abi, kVersion, kAvModuleAbi);
      else
        g_usable.store(m, std::memory_order_release);
    }
  }
  why = error;
  return g_usable.load(std::memory_order_acquire);
}

}  // namespace

// From the module's static initialiser, inside dlopen: a second table (another library
// holding the module's code) is recorded, never thrown (core/registration.hpp).
void register_av_module(const AvModule& module) {
  const AvModule* none = nullptr;
  if (!g_registered.compare_exchange_strong(none, &module) && none != &module)
    record_registration_error("the compressed-input table registered twice");
}

bool compressed_input_supported() {
  std::string why;
  return av_module(why) != nullptr;
}

std::unique_ptr<VideoSource> open_compressed(const std::string& path, const DecodeOptions& options) {
  std::string why;
  const AvModule* m = av_module(why);
  if (!m) throw InputError(fmt::format("{}: not a YUV4MPEG2 file, and compressed input is unavailable: {}", path, why));
  return m->open_compressed(path, options);
}

const std::vector<std::string>& scale_filters() {
  std::string why;
  const AvModule* m = av_module(why);
  if (!m) throw InputError(fmt::format("scaling is unavailable: {}", why));
  return m->scale_filters();
}

std::unique_ptr<VideoSource> scale_video(std::unique_ptr<VideoSource> source, unsigned width, unsigned height,
                                         const std::string& filter) {
  std::string why;
  const AvModule* m = av_module(why);
  if (!m) throw InputError(fmt::format("--scale: scaling is unavailable: {}", why));
  return m->scale_video(std::move(source), width, height, filter);
}

// A source that did not come from the module is described by nothing: without a module
// in use no source did, and nothing is loaded to say so.
std::string describe(const VideoSource& source) {
  const AvModule* m = g_usable.load(std::memory_order_acquire);
  return m ? m->describe(source) : std::string();
}

std::vector<std::pair<std::string, std::string>> conversions(const VideoSource& source) {
  const AvModule* m = g_usable.load(std::memory_order_acquire);
  return m ? m->conversions(source) : std::vector<std::pair<std::string, std::string>>();
}

}  // namespace fastvmaf::io
