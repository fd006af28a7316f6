// How deep a run's pipeline is: the pairs its readers read ahead, the frames it keeps in
// flight, and the threads that read each file. Pictures alive at once (read ahead plus in
// flight) stay within ~256 MiB and frames in flight within threads + 2, so memory does not
// grow with the video's length (engine/run.cpp takes it at its start).
#pragma once

#include <cstddef>

namespace fastvmaf {

struct PipelineDepth {
  unsigned ahead = 1;      // pairs read ahead of the run
  unsigned in_flight = 2;  // frames submitted and not yet replayed
  unsigned readers = 1;    // reading threads per file
};

// pair_bytes: one frame's two pictures; threads: the run's workers; device: the frames go
// to a device pipeline of device_depth frames (its pinned pair storage); cores: the host's
// hardware threads.
PipelineDepth pipeline_depth(std::size_t pair_bytes, unsigned threads, bool device, unsigned device_depth,
                             unsigned cores);

}  // namespace fastvmaf
