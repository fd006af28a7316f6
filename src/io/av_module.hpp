// The boundary between the engine and its compressed-input module, libfastvmaf_av.so
// (docs/adr/0012-lazy-compressed-input.md): the module (av_source.cpp, av_frame_map.cpp,
// the only code that links libavformat, libavcodec, libswscale and libavutil) registers
// this table of its implementation of io/av_source.hpp from a static initialiser as it
// loads; the engine's side (av_source_loader.cpp) loads it the first time a compressed
// file is opened or --scale asks for libswscale, and forwards to it. Where the module's
// code is linked in (libfastvmaf.a, the unit tests) it registers at start-up and nothing
// is loaded.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "io/video_source.hpp"

namespace fastvmaf::io {

// Changes whenever AvModule changes; the engine refuses a module of another interface or
// another version of fastvmaf (it must come from the same build, installed beside it).
inline constexpr unsigned kAvModuleAbi = 3;  // 2: VideoSource::frame_rate; 3: read_device, DecodeOptions::hwdec

struct AvModule {
  unsigned abi = 0;             // kAvModuleAbi of the module's build (first: read before anything else)
  const char* version = "";     // fastvmaf::kVersion of the module's build
  std::unique_ptr<VideoSource> (*open_compressed)(const std::string& path, const DecodeOptions& options) = nullptr;
  const std::vector<std::string>& (*scale_filters)() = nullptr;
  std::unique_ptr<VideoSource> (*scale_video)(std::unique_ptr<VideoSource> source, unsigned width, unsigned height,
                                              const std::string& filter) = nullptr;
  std::string (*describe)(const VideoSource& source) = nullptr;
  std::vector<std::pair<std::string, std::string>> (*conversions)(const VideoSource& source) = nullptr;
};

// Called once by the module's static initialiser; `module` lives as long as the program.
void register_av_module(const AvModule& module);

}  // namespace fastvmaf::io
