// A run over two opened video sources: the readers (io/pair_reader.hpp) read both files on
// threads of their own, ahead of the extractors, straight into the run's frame storage
// (a GPU run's pinned slabs), and the frames go to a Run (engine/run.hpp). The CLI's path
// (it opens, scales and describes the sources itself) and Engine::run's.
#pragma once

#include <functional>
#include <string>

#include "fastvmaf/engine.hpp"
#include "fastvmaf/segment.hpp"
#include "io/video_source.hpp"

namespace fastvmaf {

// Throws InputError naming both when the sources differ in size, chroma format or bit
// depth (or one is monochrome and the other not): they cannot be scored as a pair.
void check_compatible(const io::VideoSource& ref, const io::VideoSource& dis);

// Throws InputError when the sources differ in geometry or hold no common frame.
Result run_sources(const Engine& engine, io::VideoSource& ref, io::VideoSource& dis, const RunLimits& limits,
                   const std::function<void(unsigned)>& progress = {},
                   const std::function<void(const std::string&)>& warn = {});

// Frames [first, end) of the run that run_sources(engine, ref, dis, limits) scores (end 0:
// to its end), reading from first - min(first, history) on (Engine::score_segment).
// Throws InputError when the sources hold no frame at `first`.
SegmentScores score_segment_sources(const Engine& engine, io::VideoSource& ref, io::VideoSource& dis, unsigned first,
                                    unsigned end, const RunLimits& limits);

}  // namespace fastvmaf
