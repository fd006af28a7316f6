// Compressed input: any container and codec the system's libavformat and libavcodec
// read (.mp4, .mkv, .webm, .mov, .ivf, ...), decoded on libavcodec's threads, frames in
// presentation order, mapped exactly onto the engine's planes (io/av_frame_map.hpp).
// And scaling a source to another size through libswscale (--scale).
//
// In a build with FFmpeg's libraries these functions are the engine's side
// (av_source_loader.cpp) of the compressed-input module, libfastvmaf_av.so
// (io/av_module.hpp), the only code linking them: the first call that needs it loads it,
// so a run on .y4m or raw .yuv loads none of FFmpeg (docs/adr/0012). A module that cannot
// be loaded is an InputError naming it and why. describe() and conversions() never load it.
//
// A build without FFmpeg's libraries has the same functions (av_source_none.cpp):
// compressed_input_supported() is false and opening or scaling says so.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "io/video_source.hpp"

namespace fastvmaf::io {

// True when this build reads compressed video: it was built with libavformat/libavcodec
// and its module loads (this loads it).
bool compressed_input_supported();

// Opens a compressed file. Decodes its first frame at once, so an unreadable file, one
// without a video stream, without frames or of a pixel format that cannot be scored
// exactly fails here with a message naming the file.
std::unique_ptr<VideoSource> open_compressed(const std::string& path, const DecodeOptions& options);

// The scaling filters --scale accepts (libswscale's, named as ffmpeg's scale filter
// names them); bicubic, the first, is the default.
const std::vector<std::string>& scale_filters();

// `source` scaled to width x height with the named filter, as ffmpeg's scale filter does.
// A compressed source scales each decoded frame directly; others are wrapped.
std::unique_ptr<VideoSource> scale_video(std::unique_ptr<VideoSource> source, unsigned width, unsigned height,
                                         const std::string& filter);

// For a compressed or scaled source, a note for stderr: its codec, size, pixel format and
// decoder threads, and what was done ("h264 960x540 yuv420p, decoded on 3 threads;
// scaled to 1920x1080 (bicubic)"); empty for a y4m or raw source read as stored.
std::string describe(const VideoSource& source);

// What was done to a source's frames before scoring, as (key, value) pairs for the
// output's record of the inputs: scaledFrom, scaledTo, scaler, convertedFrom,
// convertedTo. Empty when the samples are scored as stored.
std::vector<std::pair<std::string, std::string>> conversions(const VideoSource& source);

}  // namespace fastvmaf::io
