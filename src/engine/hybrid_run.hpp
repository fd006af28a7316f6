// A run of several workers (docs/adr/0015-hybrid-and-multi-gpu.md): the CPU engine and one
// pipeline per device of --gpus, each a Run (engine/run.hpp) scoring segment after segment
// of the frames a SegmentDispatcher hands it, reading its own frames from the indexed files
// with pread, its segments put back in frame order by one SegmentAssembler: the Result
// of one sequential run, value for value.
//
// --backend auto: the CPU starts at once; once its first segment shows the rest would take
// long enough to pay for a device's start-up, the device is probed, opened and initialised
// on a thread of its own and takes segments when ready (cpu+X: at once). A run of
// extractors that do not all have a twin there is the CPU's alone. --backend cuda|hip|sycl
// with several pipelines: the devices alone.
#pragma once

#include <functional>
#include <string>

#include "engine/engine_impl.hpp"
#include "fastvmaf/engine.hpp"
#include "fastvmaf/result.hpp"
#include "io/video_source.hpp"

namespace fastvmaf {

// The frames of the run when these sources and this engine are scored by workers (both
// files indexed, the engine's runs can be cut, and a hybrid backend or more than one
// pipeline), else 0: one Run scores them.
unsigned workers_frames(const EngineImpl& engine, const io::VideoSource& ref, const io::VideoSource& dis,
                        const RunLimits& limits);

// $FASTVMAF_HYBRID_CPU_RESERVE and $FASTVMAF_AUTO_DEVICE_AFTER_S, the hybrid runs'
// measurement settings: throws std::invalid_argument naming a variable whose value is
// not a number in range. An engine with a hybrid backend checks them when it is made,
// whether or not its runs end up using workers (a build without a GPU runtime does not).
void check_hybrid_environment();

// Scores `frames` frames (workers_frames) with the workers. `progress` from the calling
// thread; `warn` says when one file is longer than the other.
Result run_workers(const EngineImpl& engine, io::VideoSource& ref, io::VideoSource& dis, const RunLimits& limits,
                   unsigned frames, const std::function<void(unsigned)>& progress,
                   const std::function<void(const std::string&)>& warn);

}  // namespace fastvmaf
