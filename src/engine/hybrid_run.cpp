#include "engine/hybrid_run.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "core/collector.hpp"
#include "engine/env_count.hpp"
#include "engine/run.hpp"
#include "engine/segment_assembler.hpp"
#include "engine/segment_dispatcher.hpp"
#include "engine/series.hpp"
#include "gpu/runtime.hpp"
#include "io/pair_reader.hpp"

namespace fastvmaf {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point a) { return std::chrono::duration<double>(Clock::now() - a).count(); }

// When the first frame of the piece a device pipeline scores was final: its Run's progress
// hook marks it, on the worker's own thread (make_room and the drain replay the frames).
struct FirstFinal {
  std::optional<Clock::time_point> at;
  void mark() {
    if (!at) at = Clock::now();
  }
};

// --backend auto starts a device only when the CPU, at the rate of its first segment, would
// need longer than this for the rest: a CUDA process's start-up on the H200 (~350 ms before
// its first frame) and a margin. A device started is waited for at the end (its runtime's
// initialisation cannot be abandoned), so a run the CPU would finish before the device is
// ready must not start one. $FASTVMAF_AUTO_DEVICE_AFTER_S overrides it, for measurements.
double device_worth_s() {
  if (const char* e = std::getenv("FASTVMAF_AUTO_DEVICE_AFTER_S"); e && *e) {
    char* end = nullptr;
    const double v = std::strtod(e, &end);
    if (end == e || *end != 0 || !(v >= 0) || v > 1e6)
      throw std::invalid_argument(
          fmt::format("FASTVMAF_AUTO_DEVICE_AFTER_S=\"{}\": expected seconds, a number from 0 to 1e6", e));
    return v;
  }
  return 0.4;
}
// When the CPU's first segment (its threads' worth of frames) is still running this long
// after it began (large frames: 16 4K frames take ~0.3 s), its rate is known to be below
// frames / this, which bounds the time it needs for the rest from below: auto decides then
// instead of waiting for the segment's end.
constexpr double kDecideAfterS = 0.1;
// A device worker's scheduler threads: its strand and the twins' finish (every extractor
// of a hybrid run has a twin); the CPU engine keeps the cores.
constexpr unsigned kDeviceThreads = 2;
// A device worker's first segment and its smallest: each segment drains the pipeline and
// scores its warm-up again, a few frames' time on a device.
constexpr unsigned kDeviceFirst = 64, kDeviceMin = 32;

// Threads the CPU worker leaves to each device pipeline once it has started: its scheduler
// threads and its readers (the pread copies into the pinned slabs are memory copies, a core
// each at 4K). Without them the CPU's extractors and the pipeline's host threads share the
// cores and the device starves (H200 host, 16 threads: cpu+cuda below cuda alone at 4K,
// bench/results/h200-2026-12-03-hybrid.md). $FASTVMAF_HYBRID_CPU_RESERVE overrides it, for
// measurements.
unsigned cpu_reserve_per_pipeline(unsigned readers_per_file) {
  return env_count("FASTVMAF_HYBRID_CPU_RESERVE", 0, 1024).value_or(kDeviceThreads + readers_per_file);
}

unsigned frames_of(const io::VideoSource& s, unsigned skip) {
  const unsigned n = s.indexed_frames();
  return n > skip ? n - skip : 0;
}

// The devices of the pipelines: --gpus, or one pipeline on every device.
std::vector<unsigned> pipelines(const EngineImpl& e, const gpu::Runtime* rt) {
  if (!e.options.gpus.empty()) return e.options.gpus;
  unsigned n = rt && rt->device_count ? rt->device_count() : 1;
  std::vector<unsigned> all;
  for (unsigned d = 0; d < std::max(1u, n); ++d) all.push_back(d);
  return all;
}

// "cuda:0", and "cuda:0#2" for the second pipeline on device 0.
std::string pipeline_name(Backend b, const std::vector<unsigned>& list, std::size_t k) {
  const auto nth = std::count(list.begin(), list.begin() + static_cast<std::ptrdiff_t>(k) + 1, list[k]);
  return nth > 1 ? fmt::format("{}:{}#{}", to_string(b), list[k], nth) : fmt::format("{}:{}", to_string(b), list[k]);
}

class Workers {
 public:
  Workers(const EngineImpl& engine, io::VideoSource& ref, io::VideoSource& dis, const RunLimits& limits,
          unsigned frames)
      : engine_(engine),
        ref_(ref),
        dis_(dis),
        limits_(limits),
        dispatcher_(frames, engine.options.segment_frames),
        assembler_(engine, ref.geometry()),
        frames_(frames),
        // auto falls back to the CPU when its device fails; cpu+X and --gpus asked for theirs.
        fallback_(engine.options.backend == BackendChoice::Auto) {}

  ~Workers() {
    dispatcher_.cancel();
    stop_decider();
    join_all();
  }

  Result run(const std::function<void(unsigned)>& progress, const std::function<void(const std::string&)>& warn);

 private:
  SegmentScores score_one(Run& run, unsigned w, const SegmentRange& s);
  // Worker `w` scores segments until none is left for it; false when it failed (and gave
  // its segment back, or cancelled the run).
  // `after_each(frames, seconds)` after each segment scored. `first_final`: a device
  // pipeline's, set by its Run's progress hook when a frame is final (the dispatcher rates
  // its first piece from the frames after the first).
  bool score_segments(Run& run, unsigned w, const std::function<void(unsigned, double)>& after_each = {},
                      FirstFinal* first_final = nullptr);
  void start_devices();
  void stop_decider() {
    {
      std::lock_guard lock(decide_mu_);
      decided_ = true;
    }
    decide_cv_.notify_all();
    if (decider_.joinable()) decider_.join();
  }
  void launch_devices(unsigned first_w);
  void device_worker(const EngineImpl::DevicePlan& plan, const gpu::Runtime* rt, unsigned device, unsigned w);
  void failed(unsigned w, const std::optional<SegmentRange>& held, std::exception_ptr e);
  void spawn(std::function<void()> body);
  // The first worker's --feature extractors that refused the input, for warn (under mu_).
  void note_left_out(const Run& run) {
    if (left_out_noted_) return;
    left_out_noted_ = true;
    for (const auto& why : run.left_out()) warnings_.push_back(fmt::format("{}; it is left out of this run", why));
  }
  void join_all();
  // The CPU worker's threads: all but those reserved for running pipelines (under mu_).
  void limit_cpu() {
    if (cpu_run_) cpu_run_->limit_threads(engine_.threads > cpu_reserve_ ? engine_.threads - cpu_reserve_ : 1);
  }
  // The devices' start is over (a pipeline runs, or none will): its reserve goes back, under mu_.
  void end_start_reserve() {
    cpu_reserve_ -= starting_reserve_;
    starting_reserve_ = 0;
    limit_cpu();
  }

  const EngineImpl& engine_;
  io::VideoSource& ref_;
  io::VideoSource& dis_;
  RunLimits limits_;
  SegmentDispatcher dispatcher_;
  Clock::time_point t0_ = Clock::now();

  std::mutex mu_;
  std::condition_variable cv_;  // a segment was assembled, or a worker thread ended
  SegmentAssembler assembler_;  // guarded by mu_, with collector_
  FeatureCollector collector_;
  unsigned frames_;
  bool fallback_;
  bool devices_started_ = false;    // guarded by decide_mu_ once the decider runs
  std::mutex decide_mu_;
  std::condition_variable decide_cv_;
  bool decided_ = false;             // auto: whether to start a device was decided
  bool first_done_ = false;          // auto: the CPU's first segment was scored
  std::thread decider_;
  bool left_out_noted_ = false;
  Run* cpu_run_ = nullptr;          // the CPU worker's run while it scores (under mu_)
  unsigned cpu_reserve_ = 0;        // threads left to running device pipelines (under mu_)
  unsigned starting_reserve_ = 0;   // the part of it left to devices still starting (under mu_)
  std::exception_ptr error_;        // the first failure that ends the run
  std::vector<std::string> warnings_;
  std::vector<Result::Piece> pieces_;  // the segments scored, as they ended (under mu_)
  std::vector<std::thread> threads_;
  unsigned running_ = 0;            // worker threads not yet ended
  double device_ready_s_ = -1;      // when the first device worker was ready
  Backend device_backend_ = Backend::Cpu;
  std::string device_name_;
  std::optional<DeviceStats> device_stats_;  // of the device worker that scored most
  unsigned device_stats_frames_ = 0;
};

// Scores piece `s` of worker `w`, each of its frames claimed first: a frame another worker
// took (the end of the piece, SegmentDispatcher::take_tail) ends the segment there.
SegmentScores Workers::score_one(Run& run, unsigned w, const SegmentRange& s) {
  run.begin_segment(s.first);
  const unsigned from = run.next_index();  // the warm-up's first frame
  io::PairReader reader(ref_, dis_, limits_.frame_skip_ref + from, limits_.frame_skip_dist + from, s.end - from,
                        {.ahead = run.read_ahead(),
                         .storage = run.pair_storage(),
                         .readers = run.readers(),
                         .random_access = true,
                         .planes = run.planes_read()});
  for (run.make_room(); auto pair = reader.next(); run.make_room()) {
    pair->index += from;
    if (pair->index >= s.first && !dispatcher_.claim(w, pair->index)) break;
    run.submit(std::move(*pair));
  }
  return run.finish_segment();
}

bool Workers::score_segments(Run& run, unsigned w, const std::function<void(unsigned, double)>& after_each,
                             FirstFinal* first_final) {
  while (auto s = dispatcher_.next(w)) {
    const auto t = Clock::now();
    if (first_final) first_final->at.reset();
    SegmentScores scores;
    try {
      scores = score_one(run, w, *s);
    } catch (...) {
      failed(w, s, std::current_exception());
      return false;
    }
    const double took = since(t);
    const unsigned scored = scores.end - scores.first;
    const double first_s =
        first_final && first_final->at ? std::chrono::duration<double>(*first_final->at - t).count() : -1.0;
    dispatcher_.done(w, SegmentRange{scores.first, scores.end}, took, first_s);
    {
      std::lock_guard lock(mu_);
      pieces_.push_back({dispatcher_.name_of(w), scores.first, scores.end, std::chrono::duration<double>(t - t0_).count(),
                         since(t0_)});
      try {
        assembler_.add(std::move(scores), collector_);
      } catch (...) {
        if (!error_) error_ = std::current_exception();
        dispatcher_.cancel();
      }
    }
    cv_.notify_all();
    if (after_each) after_each(scored, took);
  }
  return true;
}

// Worker `w` failed, holding `held`: on auto a device's segment goes back to the others
// (the CPU), with a warning; else the run ends with the error.
void Workers::failed(unsigned w, const std::optional<SegmentRange>& held, std::exception_ptr e) {
  std::string what = "unknown error";
  try {
    std::rethrow_exception(e);
  } catch (const std::exception& x) {
    what = x.what();
  } catch (...) {
  }
  std::lock_guard lock(mu_);
  const bool device = dispatcher_.name_of(w) != "cpu";
  if (fallback_ && device) {
    if (held)
      dispatcher_.give_back(w, *held);
    else
      dispatcher_.retire(w);
    warnings_.push_back(fmt::format("--backend auto: {} failed ({}); the CPU scores its frames", dispatcher_.name_of(w),
                                    what));
    return;
  }
  if (held) dispatcher_.give_back(w, *held);
  if (!error_) error_ = e;
  dispatcher_.cancel();
}

void Workers::spawn(std::function<void()> body) {
  std::lock_guard lock(mu_);
  ++running_;
  threads_.emplace_back([this, body = std::move(body)] {
    body();
    {
      std::lock_guard done(mu_);
      --running_;
    }
    cv_.notify_all();
  });
}

void Workers::join_all() {
  for (;;) {
    std::vector<std::thread> ts;
    {
      std::lock_guard lock(mu_);
      ts.swap(threads_);
    }
    if (ts.empty()) return;
    for (auto& t : ts) t.join();
  }
}

// auto and cpu+X: the device worker starts now, counted by the dispatcher from now on
// (the CPU's segments shrink to leave it its share), and initialises on its own thread.
void Workers::start_devices() {
  if (devices_started_) return;
  devices_started_ = true;
  const unsigned w = dispatcher_.add_worker("device", kDeviceFirst, kDeviceMin);
  {
    // The device's start is host work too (the runtime's initialisation, the pipeline's
    // pinned buffers and threads): the CPU worker leaves it a pipeline's scheduler threads
    // from now on, not only once the pipeline runs. Busy with every core, it had an auto
    // run's device ready 0.35-0.54 s in at 4K where alone it is ready in 0.18 s (H100
    // host, 16 threads, bench/results/h100-2026-12-06-tiles-auto-segments.md).
    std::lock_guard lock(mu_);
    starting_reserve_ = cpu_reserve_per_pipeline(0);  // its readers start once it runs
    cpu_reserve_ += starting_reserve_;
    limit_cpu();
  }
  spawn([this, w] { launch_devices(w); });
}

// On the device thread: probes the device (auto: the first GPU found), then opens one
// pipeline per --gpus entry, the first on this thread, the others on threads of their own.
void Workers::launch_devices(unsigned first_w) {
  // However the launch ends (a pipeline ready has ended it before), the start's reserve goes.
  struct EndStart {
    Workers& w;
    ~EndStart() {
      std::lock_guard lock(w.mu_);
      w.end_start_reserve();
    }
  } end_start{*this};
  try {
    const EngineImpl::DevicePlan& plan = engine_.device_plan();
    if (plan.backend == Backend::Cpu || !plan.every_slot) {
      // No GPU, or an extractor without a twin there: the CPU scores this run alone (the
      // engine's notes say which).
      dispatcher_.rename(first_w, plan.backend == Backend::Cpu ? std::string("no-gpu")
                                                                : fmt::format("{}-no-twin", to_string(plan.backend)));
      dispatcher_.retire(first_w);
      return;
    }
    const gpu::Runtime* rt = gpu::find_runtime(plan.backend);
    const std::vector<unsigned> list = pipelines(engine_, rt);
    {
      std::lock_guard lock(mu_);
      device_backend_ = plan.backend;
      device_name_ = plan.device;
    }
    dispatcher_.rename(first_w, pipeline_name(plan.backend, list, 0));
    for (std::size_t k = 1; k < list.size(); ++k) {
      const unsigned w = dispatcher_.add_worker(pipeline_name(plan.backend, list, k), kDeviceFirst, kDeviceMin);
      const unsigned d = list[k];
      spawn([this, &plan, rt, d, w] { device_worker(plan, rt, d, w); });
    }
    device_worker(plan, rt, list[0], first_w);
  } catch (...) {
    failed(first_w, std::nullopt, std::current_exception());
  }
}

void Workers::device_worker(const EngineImpl::DevicePlan& plan, const gpu::Runtime* rt, unsigned device,
                            unsigned w) {
  try {
    if (rt->use_device) rt->use_device(device);
    auto use = rt->use_device;
    unsigned reserved = 0;
    struct GiveBack {
      Workers& w;
      unsigned& n;
      ~GiveBack() {
        std::lock_guard lock(w.mu_);
        w.cpu_reserve_ -= n;
        w.limit_cpu();
      }
    } give_back{*this, reserved};
    FirstFinal first_final;
    Run run(engine_, ref_.geometry(), Run::Hooks{[&first_final](unsigned) { first_final.mark(); }, {}},
            Run::Setup{&plan.slots, kDeviceThreads, [use, device] {
                         if (use) use(device);
                       }});
    {
      std::lock_guard lock(mu_);
      if (device_ready_s_ < 0) device_ready_s_ = since(t0_);
      note_left_out(run);
      // The CPU worker makes room for this pipeline's host threads while it runs (the
      // start's reserve, if this is the first pipeline ready, becomes part of it).
      reserved = cpu_reserve_per_pipeline(run.readers());
      cpu_reserve_ += reserved;
      end_start_reserve();
    }
    if (!score_segments(run, w, {}, &first_final)) return;
    std::optional<DeviceStats> stats = run.device_stats();
    std::lock_guard lock(mu_);
    const unsigned n = dispatcher_.frames_of(w);
    if (stats && n > device_stats_frames_) {
      stats->device = plan.device;
      device_stats_ = std::move(stats);
      device_stats_frames_ = n;
    }
  } catch (...) {
    failed(w, std::nullopt, std::current_exception());
  }
}

Result Workers::run(const std::function<void(unsigned)>& progress,
                    const std::function<void(const std::string&)>& warn) {
  const VideoGeometry& geometry = ref_.geometry();
  std::optional<Run> cpu;
  std::optional<unsigned> cpu_w;
  double setup_s = 0;
  unsigned reported = 0;
  auto report = [&] {
    unsigned n;
    {
      std::lock_guard lock(mu_);
      n = assembler_.assembled();
    }
    if (progress && n != reported) progress(reported = n);
  };

  if (engine_.hybrid) {
    // The measurement variables are read here first: a bad value is refused before any
    // thread starts (the decider and the device workers read them again).
    (void)device_worth_s();
    (void)cpu_reserve_per_pipeline(0);
    // The CPU's segments cover the threads once at least: a drain leaves cores idle.
    const unsigned per = std::max(4u, engine_.threads);
    cpu_w = dispatcher_.add_worker("cpu", per, per);
    const bool now = engine_.options.backend != BackendChoice::Auto;
    if (now) start_devices();
    const auto t = Clock::now();
    cpu.emplace(engine_, geometry, Run::Hooks{}, Run::Setup{&engine_.slots, engine_.threads, {}});
    setup_s = since(t);
    {
      std::lock_guard lock(mu_);
      note_left_out(*cpu);
      cpu_run_ = &*cpu;
      limit_cpu();  // cpu+X: a pipeline may be running already
    }
    // auto: after the CPU's first segment (before it takes another), a device only when the
    // rest would take the CPU longer than a device's start-up; or earlier, when that segment
    // alone shows it (the decider). The first segment runs slower than the rest (threads
    // start, pictures are touched for the first time: at 1080p about half the run's rate
    // on a 16-core host), so a rest below twice the threshold at its rate waits for the
    // second segment's rate: a started device slows the CPU (its reserve, its start on a
    // core, the wait for it at the end), which costs a run the CPU would finish alone. (A
    // lone CPU worker's second segment is the rest of the run: then the run is the CPU's.)
    const auto began = Clock::now();
    if (!now)
      decider_ = std::thread([this, began, per] {
        std::unique_lock lock(decide_mu_);
        if (decide_cv_.wait_for(lock, std::chrono::duration<double>(kDecideAfterS),
                                [this] { return decided_ || first_done_; }))
          return;
        decided_ = true;
        const double at_least = (frames_ > per ? frames_ - per : 0) * since(began) / per;
        if (at_least > device_worth_s()) start_devices();
      });
    score_segments(*cpu, *cpu_w, [&](unsigned scored, double took) {
      report();
      {
        std::lock_guard lock(decide_mu_);
        if (decided_) return;
        const bool first = !first_done_;
        first_done_ = true;
        const double worth = device_worth_s();
        const double left = took > 0 && scored > 0 ? dispatcher_.frames_left() * took / scored : 0.0;
        if (left > (first ? 2 * worth : worth)) {
          decided_ = true;
          start_devices();
        } else if (!first || left <= worth) {
          decided_ = true;
        }
      }
      decide_cv_.notify_all();
    });
    stop_decider();
  } else {
    // --gpus with cuda, hip or sycl: the devices alone, each pipeline on a thread of its own.
    const EngineImpl::DevicePlan& plan = engine_.device_plan();
    const gpu::Runtime* rt = gpu::find_runtime(plan.backend);
    const std::vector<unsigned> list = pipelines(engine_, rt);
    device_backend_ = plan.backend;
    device_name_ = plan.device;
    for (std::size_t k = 0; k < list.size(); ++k) {
      const unsigned w = dispatcher_.add_worker(pipeline_name(plan.backend, list, k), kDeviceFirst, kDeviceMin);
      const unsigned d = list[k];
      spawn([this, &plan, rt, d, w] { device_worker(plan, rt, d, w); });
    }
  }
  {
    std::unique_lock lock(mu_);
    while (running_ > 0) {
      const unsigned n = assembler_.assembled();
      if (progress && n != reported) {
        lock.unlock();
        progress(reported = n);
        lock.lock();
        continue;
      }
      cv_.wait(lock);
    }
  }
  join_all();
  // A device that failed after the CPU had stopped taking segments gave them back: the
  // CPU scores them now (every pipeline has ended: with every thread).
  if (cpu && !error_ && !dispatcher_.handed_out()) score_segments(*cpu, *cpu_w, [&](unsigned, double) { report(); });
  {
    std::lock_guard lock(mu_);
    cpu_run_ = nullptr;
  }
  if (error_) std::rethrow_exception(error_);
  if (assembler_.assembled() != frames_)
    throw std::logic_error(fmt::format("the workers scored {} of {} frames", assembler_.assembled(), frames_));
  report();
  if (warn)
    for (const auto& w : warnings_) warn(w);

  // As a single run's profile: "frames" after "setup" (t0_ is before the CPU worker's
  // setup; counting it twice made a one-frame auto run look twice as slow as cpu).
  const double frames_s = since(t0_) - setup_s;
  const auto t = Clock::now();
  assembler_.finish(collector_);
  std::vector<Result::ModelScore> scores = predict_series(engine_, collector_, frames_);
  Result r = series_result(engine_, std::move(collector_), std::move(scores), frames_, geometry);
  std::string backends;
  for (unsigned w = 0; w < dispatcher_.workers(); ++w) {
    r.workers.emplace_back(dispatcher_.name_of(w), dispatcher_.frames_of(w));
    if (dispatcher_.frames_of(w) == 0) continue;
    const std::string b = w == cpu_w ? "cpu" : to_string(device_backend_);
    if (backends.find(b) == std::string::npos) backends += (backends.empty() ? "" : "+") + b;
  }
  r.backend = backends.empty() ? "cpu" : backends;
  r.device = std::move(device_stats_);
  r.pieces = std::move(pieces_);
  r.profile.emplace_back("setup", setup_s);
  if (device_ready_s_ >= 0) r.profile.emplace_back("device ready", device_ready_s_);
  r.profile.emplace_back("frames", frames_s);
  r.profile.emplace_back("finish", since(t));
  const double secs = since(t0_);
  r.fps = secs > 0 ? frames_ / secs : 0.0;
  return r;
}

}  // namespace

void check_hybrid_environment() {
  (void)device_worth_s();
  (void)cpu_reserve_per_pipeline(0);
}

unsigned workers_frames(const EngineImpl& engine, const io::VideoSource& ref, const io::VideoSource& dis,
                        const RunLimits& limits) {
  if (!ref.indexed() || !dis.indexed()) return 0;
  if (engine.segment_history() == kUnboundedHistory) return 0;
  // auto in a build without any GPU backend: the CPU's plain run.
  if (engine.options.backend == BackendChoice::Auto &&
      !(gpu::backend_built(Backend::Cuda) || gpu::backend_built(Backend::Hip) || gpu::backend_built(Backend::Sycl)))
    return 0;
  if (!engine.hybrid) {
    // cuda, hip or sycl: workers only for several pipelines, or one on another device.
    if (engine.gpu == Backend::Cpu) return 0;
    const auto& g = engine.options.gpus;
    const bool several = g.empty() ? [&] {
      const gpu::Runtime* rt = gpu::find_runtime(engine.gpu);
      return rt && rt->device_count && rt->device_count() > 1;
    }()
                                   : (g.size() > 1 || g[0] != 0);
    if (!several) return 0;
  }
  unsigned n = std::min(frames_of(ref, limits.frame_skip_ref), frames_of(dis, limits.frame_skip_dist));
  if (limits.frame_cnt) n = std::min(n, limits.frame_cnt);
  return n;
}

Result run_workers(const EngineImpl& engine, io::VideoSource& ref, io::VideoSource& dis, const RunLimits& limits,
                   unsigned frames, const std::function<void(unsigned)>& progress,
                   const std::function<void(const std::string&)>& warn) {
  Result r;
  {
    Workers workers(engine, ref, dis, limits, frames);
    r = workers.run(progress, warn);
  }
  // The shorter file ends the run, as io::PairReader says it.
  const unsigned nr = frames_of(ref, limits.frame_skip_ref), nd = frames_of(dis, limits.frame_skip_dist);
  if (warn && nr != nd && (limits.frame_cnt == 0 || limits.frame_cnt > frames)) {
    const io::VideoSource& ended = nr < nd ? ref : dis;
    const io::VideoSource& other = nr < nd ? dis : ref;
    warn(fmt::format("\"{}\" ended before \"{}\"; scored the first {} frames", ended.path(), other.path(), frames));
  }
  return r;
}

}  // namespace fastvmaf
