// Device-only timing of GPU twins: the first frames of a .y4m pair are uploaded once into
// device frames laid out as the frame pipeline lays them out, then the twins run over
// many iterations as the device strand drives them (enqueue of several frames before the
// finish of the oldest), so the time per frame is the twins' alone: no reading, no frame
// upload. Per frame the results slots are zeroed by a small upload (as the pipeline's
// frame upload zeroes them) and copied back by one download, with one host wait. The
// twins run on compute lanes as the pipeline runs them (twin k on lane k % lanes, every
// lane after the upload, the download after every lane; docs/adr/0206-compute-lanes.md);
// one lane is the single stream of before the lanes.
// Used by the bench programs (CUDA or HIP units).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/options.hpp"
#include "core/registry.hpp"
#include "gpu/backend/buffer.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/stream.hpp"
#include "gpu/frame_layout.hpp"
#include "gpu/twin.hpp"
#include "io/video_source.hpp"

namespace fastvmaf::bench {
inline namespace FVMAF_GPU_NS {

using Clock = std::chrono::steady_clock;
inline double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// Every value a twin appended, by name and frame.
struct Values final : FeatureSink {
  std::vector<std::pair<std::string, std::vector<double>>> series;
  void append(const std::string& name, unsigned index, double value) override {
    auto it = std::find_if(series.begin(), series.end(), [&](const auto& s) { return s.first == name; });
    if (it == series.end()) it = series.insert(series.end(), {name, {}});
    if (it->second.size() <= index) it->second.resize(index + 1);
    it->second[index] = value;
  }
  void aggregate(const std::string&, double) override {}
};

struct TwinTiming {
  double ms_per_frame = 0, latency_ms = 0, enqueue_ms = 0;
  DeviceCounts per_frame_total;  // over the timed iterations
  unsigned iterations = 0;
  bool repeatable = true;  // every iteration of a frame gave that frame's values
};

class TwinDriver {
 public:
  // The twins of `features` ("name" or "name=k=v:k=v") on the pair's first `frames` frames,
  // on `lanes` compute lanes (0: one per twin).
  TwinDriver(const std::string& ref_path, const std::string& dis_path, const std::vector<std::string>& features,
             unsigned frames = 4, unsigned lanes = 0)
      : stream_(counters_, "bench") {
    auto ref = io::open_video(ref_path, false, {});
    auto dis = io::open_video(dis_path, false, {});
    g_ = ref->geometry();
    for (unsigned k = 0; k < frames; ++k) {
      Picture r = Picture::allocate(g_.format, g_.bpc, g_.width, g_.height);
      Picture d = Picture::allocate(g_.format, g_.bpc, g_.width, g_.height);
      if (!ref->read(r) || !dis->read(d)) break;
      pictures_.push_back({std::move(r), std::move(d)});
    }
    if (pictures_.empty()) throw std::runtime_error(ref_path + ": no frames");
    gpu::PlaneMask planes = 0;
    for (const std::string& f : features) {
      const std::size_t eq = f.find('=');
      const std::string name = f.substr(0, eq);
      OptionDict dict;
      if (eq != std::string::npos) {
        std::string rest = f.substr(eq + 1);
        for (std::size_t at = 0; at <= rest.size();) {
          const std::size_t colon = std::min(rest.find(':', at), rest.size());
          const std::string kv = rest.substr(at, colon - at);
          const std::size_t e = kv.find('=');
          if (e != std::string::npos) dict.set(kv.substr(0, e), kv.substr(e + 1));
          at = colon + 1;
        }
      }
      const ExtractorInfo* info = Registry::instance().by_name(name);
      const ExtractorFactory* factory = Registry::instance().factory(name, gpu::kBackend);
      if (!info || !factory) throw std::runtime_error("no " + name + " twin for this backend");
      auto e = (*factory)(OptionSet(name, info->options, dict));
      e->init(g_);
      auto* twin = dynamic_cast<gpu::Twin*>(e.get());
      if (!twin) throw std::logic_error(name + " is not a twin");
      offsets_.push_back(results_);
      results_ += gpu::align_results(twin->results_bytes());
      planes |= twin->planes();
      owned_.push_back(std::move(e));
      twins_.push_back(twin);
    }
    layout_ = gpu::FrameLayout(g_, planes, results_);
    const std::size_t n_lanes = lanes ? std::min<std::size_t>(lanes, twins_.size()) : twins_.size();
    for (std::size_t j = 0; j < n_lanes; ++j) lanes_.push_back(std::make_unique<gpu::Stream>(counters_, "bench"));
    gpu::PinnedBuffer<std::uint8_t> staging(layout_.upload_bytes(), "bench");
    for (const auto& [r, d] : pictures_) {
      layout_.pack(r, d, staging.data());
      frames_.emplace_back(layout_.upload_bytes(), "bench");
      stream_.ref().upload(frames_.back().get(), staging.data(), layout_.upload_bytes());
      gpu::Event done("bench");
      done.record(stream_.ref());
      done.wait_host();
    }
    zeros_ = gpu::PinnedBuffer<std::uint8_t>(std::max<std::size_t>(results_, 16), "bench");
    std::memset(zeros_.data(), 0, zeros_.bytes());
    for (unsigned k = 0; k < kRing; ++k) {
      ring_.push_back({gpu::DeviceBuffer<std::uint8_t>(zeros_.bytes(), "bench"),
                       gpu::PinnedBuffer<std::uint8_t>(zeros_.bytes(), "bench"), gpu::Event("bench"),
                       gpu::Event("bench"), {}, 0});
      for (std::size_t j = 0; j < lanes_.size(); ++j) ring_.back().lane_done.emplace_back("bench");
    }
  }

  const VideoGeometry& geometry() const { return g_; }
  unsigned lanes() const { return static_cast<unsigned>(lanes_.size()); }
  unsigned frames() const { return static_cast<unsigned>(pictures_.size()); }

  // `iterations` frames (cycling over the loaded ones) after a warm-up; `values` gets the
  // values of every iteration.
  TwinTiming run(unsigned iterations, Values& values) {
    TwinTiming t;
    const unsigned warm = 8;
    // Latency: one frame at a time.
    double latency = 1e30;
    for (unsigned i = 0; i < warm; ++i) {
      const auto t0 = Clock::now();
      enqueue(i);
      finish(i, values);
      latency = std::min(latency, ms_since(t0));
    }
    const DeviceCounts before = counters_.snapshot();
    std::vector<unsigned> pending;
    const auto t0 = Clock::now();
    for (unsigned i = warm; i < warm + iterations; ++i) {
      if (pending.size() == kRing) {
        finish(pending.front(), values);
        pending.erase(pending.begin());
      }
      const auto ts = Clock::now();
      enqueue(i);
      t.enqueue_ms += ms_since(ts);
      pending.push_back(i);
    }
    for (unsigned i : pending) finish(i, values);
    t.ms_per_frame = ms_since(t0) / iterations;
    t.enqueue_ms /= iterations;
    t.latency_ms = latency;
    t.per_frame_total = counters_.snapshot() - before;
    t.iterations = iterations;
    // Iterations i and i + n show the same pair (and, from the second cycle on, the same
    // previous frames): their values must agree.
    const unsigned n = frames();
    for (const auto& [name, v] : values.series)
      for (std::size_t i = n; i + n < v.size(); ++i)
        if (std::memcmp(&v[i], &v[i + n], sizeof(double)) != 0) t.repeatable = false;
    return t;
  }

 private:
  static constexpr unsigned kRing = 3;
  struct Slot {
    gpu::DeviceBuffer<std::uint8_t> device;
    gpu::PinnedBuffer<std::uint8_t> host;
    gpu::Event uploaded, done;
    std::vector<gpu::Event> lane_done;
    unsigned index;
  };

  void enqueue(unsigned i) {
    Slot& s = ring_[i % kRing];
    const gpu::StreamRef st = stream_.ref();
    st.upload(s.device.get(), zeros_.data(), zeros_.bytes());
    s.uploaded.record(st);
    for (const auto& lane : lanes_) lane->ref().wait(s.uploaded);
    for (std::size_t k = 0; k < twins_.size(); ++k) {
      const gpu::Stream& lane = *lanes_[k % lanes_.size()];
      const gpu::DeviceFrame f(gpu::kBackend, i, &layout_, frames_[i % frames()].get(), lane.native(), &counters_);
      twins_[k]->enqueue(f, s.device.get() + offsets_[k]);
    }
    for (std::size_t j = 0; j < lanes_.size(); ++j) {
      s.lane_done[j].record(lanes_[j]->ref());
      st.wait(s.lane_done[j]);
    }
    st.download(s.host.data(), s.device.get(), zeros_.bytes());
    s.done.record(st);
    s.index = i;
  }

  void finish(unsigned i, Values& values) {
    Slot& s = ring_[i % kRing];
    s.done.wait_host();
    for (std::size_t k = 0; k < twins_.size(); ++k) twins_[k]->finish(i, s.host.data() + offsets_[k], values);
  }

  VideoGeometry g_;
  std::vector<std::pair<Picture, Picture>> pictures_;
  std::vector<std::unique_ptr<FeatureExtractor>> owned_;
  std::vector<gpu::Twin*> twins_;
  std::vector<std::size_t> offsets_;
  std::size_t results_ = 0;
  gpu::FrameLayout layout_;
  gpu::Counters counters_;
  gpu::Stream stream_;                             // the uploads and downloads
  std::vector<std::unique_ptr<gpu::Stream>> lanes_;  // the twins' kernels
  std::vector<gpu::DeviceBuffer<std::uint8_t>> frames_;
  gpu::PinnedBuffer<std::uint8_t> zeros_;
  std::vector<Slot> ring_;
};

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::bench
