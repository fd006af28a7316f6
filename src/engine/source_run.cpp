#include "engine/source_run.hpp"

#include <chrono>
#include <stdexcept>

#include <fmt/format.h>

#include "core/error.hpp"
#include "engine/engine_impl.hpp"
#include "engine/hybrid_run.hpp"
#include "engine/run.hpp"
#include "io/pair_reader.hpp"

namespace fastvmaf {

void check_compatible(const io::VideoSource& ref, const io::VideoSource& dis) {
  const VideoGeometry& a = ref.geometry();
  const VideoGeometry& b = dis.geometry();
  // Mono against colour would score made-up grey chroma: refused like any other format.
  if (a.width != b.width || a.height != b.height || a.format != b.format || a.bpc != b.bpc ||
      ref.monochrome() != dis.monochrome()) {
    throw InputError(fmt::format(
        "reference and distorted videos differ: \"{}\" is {}x{} {} {}-bit, \"{}\" is {}x{} {} {}-bit; "
        "they must have the same size, chroma format and bit depth",
        ref.path(), a.width, a.height, ref.format_name(), a.bpc, dis.path(), b.width, b.height,
        dis.format_name(), b.bpc));
  }
}

Result run_sources(const Engine& engine, io::VideoSource& ref, io::VideoSource& dis, const RunLimits& limits,
                   const std::function<void(unsigned)>& progress,
                   const std::function<void(const std::string&)>& warn) {
  check_compatible(ref, dis);
  // --backend auto, cpu+X, several pipelines: workers scoring segments side by side.
  const EngineImpl& impl = EngineInternals::of(engine);
  if (const unsigned frames = workers_frames(impl, ref, dis, limits))
    return run_workers(impl, ref, dis, limits, frames, progress, warn);
  const auto& gpus = impl.options.gpus;
  if (warn && (gpus.size() > 1 || (gpus.size() == 1 && gpus[0] != 0)) && (!ref.indexed() || !dis.indexed()))
    warn("--gpus: the inputs are read in order (compressed, piped or with frame parameters), not at random as "
         "several pipelines need: one pipeline, on device 0, scores this run");
  using Clock = std::chrono::steady_clock;
  auto since = [](Clock::time_point a) { return std::chrono::duration<double>(Clock::now() - a).count(); };

  Run run(EngineInternals::of(engine), ref.geometry(), Run::Hooks{progress, {}});
  // Frames decoded into device memory reach twins only (file_run.cpp asks for NVDEC only then).
  if ((ref.on_device() || dis.on_device()) && !run.takes_device_frames())
    throw std::logic_error("a source decoded into device memory feeds a run whose extractors do not all run there");
  if (warn)
    for (const auto& why : run.left_out()) warn(fmt::format("{}; it is left out of this run", why));
  // On a GPU run the readers fill the device pipeline's pinned slabs: one host copy per frame.
  io::PairReader reader(ref, dis, limits.frame_skip_ref, limits.frame_skip_dist, limits.frame_cnt,
                        {.ahead = run.read_ahead(),
                         .storage = run.pair_storage(),
                         .readers = run.readers(),
                         .planes = run.planes_read()});
  double reader_wait = 0;
  const auto t = Clock::now();
  for (;;) {
    run.make_room();
    const auto tr = Clock::now();
    auto pair = reader.next();
    reader_wait += since(tr);
    if (run.frames() == 0) run.note_first_frame(since(t));
    if (!pair) break;
    run.submit(std::move(*pair));
  }
  run.note_reader_wait(reader_wait);
  if (run.frames() == 0)
    throw InputError(fmt::format("no frames to score: \"{}\" or \"{}\" is empty", ref.path(), dis.path()));
  Result r = run.finish();
  if (!reader.mismatch().empty() && warn) warn(reader.mismatch());
  return r;
}

SegmentScores score_segment_sources(const Engine& engine, io::VideoSource& ref, io::VideoSource& dis, unsigned first,
                                    unsigned end, const RunLimits& limits) {
  check_compatible(ref, dis);
  const unsigned cnt = limits.frame_cnt;
  if (cnt != 0 && (end == 0 || end > cnt)) end = cnt;  // the run ends at --frame_cnt
  if (end != 0 && end <= first)
    throw InputError(fmt::format("no frame {} to score: the run has {} frames (--frame_cnt)", first, cnt));
  Run run(EngineInternals::of(engine), ref.geometry(), Run::Hooks{});
  run.begin_segment(first);
  const unsigned from = run.next_index();  // the warm-up's first frame
  io::PairReader reader(ref, dis, limits.frame_skip_ref + from, limits.frame_skip_dist + from,
                        end == 0 ? 0 : end - from,
                        {.ahead = run.read_ahead(),
                         .storage = run.pair_storage(),
                         .readers = run.readers(),
                         .planes = run.planes_read()});
  for (run.make_room(); auto pair = reader.next(); run.make_room()) {
    pair->index += from;
    run.submit(std::move(*pair));
  }
  if (run.frames() == 0)
    throw InputError(fmt::format("no frame {} to score: \"{}\" or \"{}\" ends before it", first, ref.path(),
                                 dis.path()));
  return run.finish_segment();
}

}  // namespace fastvmaf
