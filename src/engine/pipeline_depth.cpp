#include "engine/pipeline_depth.hpp"

#include <algorithm>

namespace fastvmaf {

PipelineDepth pipeline_depth(std::size_t pair_bytes, unsigned threads, bool device, unsigned device_depth,
                             unsigned cores) {
  PipelineDepth d;
  pair_bytes = std::max<std::size_t>(pair_bytes, 1);
  threads = std::max(threads, 1u);
  const std::size_t budget = std::size_t{256} << 20;
  const unsigned by_memory = static_cast<unsigned>(std::max<std::size_t>(3, budget / pair_bytes));
  // Read-ahead: small frames up to 16 (within 8 MiB), so the reader threads wake once per
  // several frames rather than once per frame, and at least a frame per thread.
  const unsigned small_frames = static_cast<unsigned>(std::min<std::size_t>(16, (std::size_t{8} << 20) / pair_bytes));
  d.ahead = std::max(1u, std::min(by_memory / 3, std::max(threads, small_frames)));
  // On the CPU a large pair (above 4 MiB: 1080p and up) is read at most two ahead,
  // whatever the threads: reading it is a small part of scoring it, the frames in flight
  // keep the workers busy, and each pair ahead is memory (1080p at 16 threads, H100 host:
  // v0.6.1 255 -> 188 MB, v1 385 -> 303, psnr 198 -> 47 with one ahead instead of 13, in
  // the same time). Not one: on two cores, where the reader shares them with the workers,
  // one ahead made 1080p runs 3-13 % slower (bench/results/cpu-2026-12-07-read-ahead.md).
  const bool large = pair_bytes > (std::size_t{4} << 20);
  if (large && !device) d.ahead = std::min(d.ahead, 2u);
  // A GPU run does little on the host but read: with several reading threads per file
  // (a quarter of the cores, at most 4) the pread copies into the pinned slabs keep up
  // with the device, where one thread per file bounds it (H200: 1080p and 4K). They need
  // frames to read ahead; a CPU run keeps its cores for the extractors.
  if (device) {
    d.readers = std::clamp(std::max(cores, 1u) / 4, 1u, 4u);
    if (d.readers > 1) d.ahead = std::max(d.ahead, std::min(2 * d.readers, by_memory > 2 ? by_memory - 2 : 1u));
  }
  // A GPU run keeps more frames submitted than the device pipeline holds, so it fills.
  // On the CPU, a frame per thread and two of slack for frames that finish out of order.
  // One thread finishes them in order: one frame waiting beside it is enough, and for
  // large frames (above 4 MiB a pair: 1080p and up) the second was a sixth of a 4K run's
  // peak memory and no faster (bench/results/cpu-epyc-2core-2026-12-05-make-room.md; at
  // two threads one frame of slack made v1 at 4K 3-5 % slower, so they keep two).
  const unsigned slack = threads == 1 && small_frames <= 1 ? 1 : 2;
  d.in_flight = std::max({2u, device_depth ? device_depth + 2 : 0u, std::min(threads + slack, by_memory - d.ahead)});
  return d;
}

}  // namespace fastvmaf
