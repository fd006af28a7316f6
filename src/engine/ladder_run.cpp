#include "engine/ladder_run.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string>
#include <memory>
#include <utility>

#include <fmt/format.h>

#include "core/error.hpp"
#include "core/reference_memo.hpp"
#include "engine/context_scope.hpp"
#include "engine/engine_impl.hpp"
#include "engine/run.hpp"
#include "engine/source_run.hpp"
#include "engine/thread_pool.hpp"
#include "gpu/runtime.hpp"
#include "io/frame_reader.hpp"

namespace fastvmaf {

namespace {

using Frame = io::FrameReader::Frame;

// Frames kept in the shared memo beyond a run's frames in flight: a cut run's warm-up
// (the history of its extractors, at most 2) submitted again, and some slack.
constexpr unsigned kMemoMargin = 4;

// One encode while it is being scored.
struct Lane {
  std::size_t k = 0;  // the encode's index
  std::unique_ptr<Run> run;
  std::unique_ptr<io::FrameReader> reader;
  bool open() const { return run != nullptr; }
};

}  // namespace

unsigned ladder_threads_per_encode(unsigned threads, std::size_t encodes) {
  const unsigned n = static_cast<unsigned>(std::max<std::size_t>(1, encodes));
  return std::max(1u, (threads + n - 1) / n);
}

std::vector<LadderOutcome> run_ladder_sources(const Engine& engine, io::VideoSource& ref,
                                              const std::vector<LadderEncode>& encodes, const RunLimits& limits,
                                              unsigned threads_per_encode,
                                              const std::function<void(unsigned)>& progress, LadderStats* stats) {
  const EngineImpl& impl = EngineInternals::of(engine);
  if (threads_per_encode == 0) threads_per_encode = ladder_threads_per_encode(impl.threads, encodes.size());
  std::vector<LadderOutcome> out(encodes.size());
  // On the CPU the encodes' runs take their work to one pool of the engine's threads, so
  // that --threads bounds the pass as it bounds a single pair (a pool per run would start
  // encodes x threads_per_encode workers: six for --threads 2 and six encodes), and a
  // core that one encode leaves idle works for another. A GPU run's device strand keeps
  // its own threads. Declared before the lanes: it outlives their runs.
  std::unique_ptr<ThreadPool> pool;
  if (impl.gpu == Backend::Cpu && encodes.size() > 1)
    pool = std::make_unique<ThreadPool>(impl.threads, context_thread_init(impl, {}));
  // Values of the reference alone (motion's SAD, VIF's reference part), computed by one
  // run for all; with one encode there is nothing to share. Declared before the lanes, so
  // that it outlives their runs on every path out of here.
  ReferenceMemo memo;
  ReferenceMemo* shared = encodes.size() > 1 ? &memo : nullptr;
  std::vector<Lane> lanes;
  unsigned ahead = 1;
  unsigned lag = 0;  // how far behind its last submitted frame a run may still be working
  for (std::size_t k = 0; k < encodes.size(); ++k) {
    const LadderEncode& e = encodes[k];
    try {
      check_compatible(ref, *e.distorted);
      Lane lane;
      lane.k = k;
      Run::Setup setup;
      setup.threads = threads_per_encode;
      setup.memo = shared;
      setup.pool = pool.get();
      lane.run = std::make_unique<Run>(impl, ref.geometry(), Run::Hooks{}, std::move(setup));
      // A cut run (segments) submits its last frames again as the next segment's warm-up.
      lag = std::max(lag, lane.run->in_flight() + kMemoMargin);
      if (e.warn)
        for (const auto& why : lane.run->left_out()) e.warn(fmt::format("{}; it is left out of this run", why));
      ahead = std::max(ahead, lane.run->read_ahead());
      lanes.push_back(std::move(lane));
    } catch (...) {
      out[k].error = std::current_exception();
    }
  }
  if (lanes.empty()) return out;
  // A block of the reference (VIF's filtering) is dropped once every open encode had it.
  memo.set_sharers(static_cast<unsigned>(lanes.size()));
  // Each reader keeps in memory only the planes its runs read (Run::planes_read).
  PlanesRead planes{kNoPlanes, kNoPlanes};
  for (Lane& lane : lanes) {
    lane.reader = std::make_unique<io::FrameReader>(*encodes[lane.k].distorted, limits.frame_skip_dist,
                                                    limits.frame_cnt, lane.run->read_ahead(),
                                                    lane.run->planes_read().dis);
    planes |= lane.run->planes_read();
  }
  // The reference's reader keeps as far ahead as the most eager encode's run reads ahead.
  io::FrameReader ref_reader(ref, limits.frame_skip_ref, limits.frame_cnt, ahead, planes.ref);
  // On a GPU whose runs are all twins, each reference frame is uploaded once and every
  // encode's pipeline copies it on the device (a mixed frame: the encode's own picture is
  // uploaded by its pipeline): the same bytes in the same device frame, one upload.
  // FASTVMAF_LADDER_SHARED_UPLOAD=0 uploads it per encode, for measuring the two in one binary.
  const gpu::Runtime* rt = impl.gpu != Backend::Cpu ? gpu::find_runtime(impl.gpu) : nullptr;
  const char* knob = std::getenv("FASTVMAF_LADDER_SHARED_UPLOAD");
  bool share_upload = lanes.size() > 1 && rt && rt->upload_picture && !(knob && std::string(knob) == "0") &&
                      std::all_of(lanes.begin(), lanes.end(), [](const Lane& l) { return l.run->takes_device_frames(); });
  std::uint64_t uploads = 0;

  auto close = [&](Lane& lane) {
    lane.run.reset();
    lane.reader.reset();
    memo.set_sharers(
        static_cast<unsigned>(std::count_if(lanes.begin(), lanes.end(), [](const Lane& l) { return l.open(); })));
  };
  auto fail = [&](Lane& lane, std::exception_ptr error) {
    out[lane.k].error = std::move(error);
    close(lane);
  };
  // The clean end of an encode at frame n: as run_sources ends a pair.
  auto end = [&](Lane& lane, unsigned n, bool ref_more, bool dis_more) {
    const LadderEncode& e = encodes[lane.k];
    try {
      if (lane.run->frames() == 0)
        throw InputError(
            fmt::format("no frames to score: \"{}\" or \"{}\" is empty", ref.path(), e.distorted->path()));
      Result r = lane.run->finish();
      if (ref_more != dis_more && e.warn) {
        const io::VideoSource& ended = ref_more ? *e.distorted : ref;
        const io::VideoSource& other = ref_more ? ref : *e.distorted;
        e.warn(fmt::format("\"{}\" ended before \"{}\"; scored the first {} frames", ended.path(), other.path(), n));
      }
      out[lane.k].result = std::move(r);
      close(lane);
    } catch (...) {
      fail(lane, std::current_exception());
    }
  };

  const auto t0 = std::chrono::steady_clock::now();
  for (unsigned n = 0;; ++n) {
    if (std::none_of(lanes.begin(), lanes.end(), [](const Lane& l) { return l.open(); })) break;
    const Frame r = ref_reader.next();
    if (n == 0) {
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      for (Lane& lane : lanes)
        if (lane.open()) lane.run->note_first_frame(s);
    }
    std::shared_ptr<const DeviceFrameView> ref_on_device;
    if (share_upload && r.state == Frame::State::Have) {
      try {
        ref_on_device = rt->upload_picture(*r.picture);
        ++uploads;
      } catch (...) {
        share_upload = false;  // each pipeline uploads the reference itself, as without sharing
      }
    }
    for (Lane& lane : lanes) {
      if (!lane.open()) continue;
      const Frame d = lane.reader->next();
      if (r.state == Frame::State::Have && d.state == Frame::State::Have) {
        try {
          FramePair pair{n, r.picture, d.picture, nullptr};
          if (ref_on_device) {
            pair.ref = nullptr;
            pair.device = std::make_shared<const FramePair::OnDevice>(
                FramePair::OnDevice{*ref_on_device, DeviceFrameView{}, std::const_pointer_cast<DeviceFrameView>(ref_on_device)});
          }
          lane.run->submit(std::move(pair));
        } catch (...) {
          fail(lane, std::current_exception());
        }
        continue;
      }
      // One side stopped at frame n: an error there is the encode's error (reference
      // first, as io::PairReader decides), else the encode ends cleanly.
      if (r.state == Frame::State::Error)
        fail(lane, r.error);
      else if (d.state == Frame::State::Error)
        fail(lane, d.error);
      else
        end(lane, n, r.state == Frame::State::Have, d.state == Frame::State::Have);
    }
    if (r.state != Frame::State::Have) break;  // every lane has ended above
    // Every run has scored the frames below n + 1 - in_flight: their shared values are
    // not asked for again (were one asked, it would be computed again, the same).
    if (n + 1 > lag) memo.forget_below(n + 1 - lag);
    if (progress) progress(n + 1);
  }
  // Every run has ended (its Run destroyed): nothing asks the memo any more.
  if (stats) *stats = {memo.computed(), memo.shared(), uploads};
  return out;
}

}  // namespace fastvmaf
