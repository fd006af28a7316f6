// fastvmaf — what a run produces: every feature's per-frame values (in libvmaf's
// collector order), the whole-run aggregates, and each model's pooled score.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fastvmaf {

// Device work of a GPU run, counted by the GPU wrappers (src/gpu): kernel launches,
// host-to-device and device-to-host copies, and the waits that block the host.
struct DeviceCounts {
  std::uint64_t launches = 0;
  std::uint64_t h2d_copies = 0, h2d_bytes = 0;
  std::uint64_t d2h_copies = 0, d2h_bytes = 0;
  std::uint64_t host_waits = 0;
  friend bool operator==(const DeviceCounts&, const DeviceCounts&) = default;
};

// The device side of a run whose extractors ran (partly) on a GPU. Per-frame counts are
// over the frames that had device work: the upload, every twin's submit and collect.
struct DeviceStats {
  std::string backend;  // "cuda", "hip"
  std::string device;   // the device's name
  unsigned frames = 0;
  unsigned lanes = 0;   // the compute streams the twins' kernels ran on, side by side
  unsigned instances = 0;  // the twins' instances (one twin may run several, on successive frames)
  unsigned depth = 0;      // frames the pipeline keeps in flight
  DeviceCounts total, per_frame_min, per_frame_max;
  // Host time of the device strand, seconds over the run: the frames' uploads (with any
  // pack copy), the twins' enqueues, the host waits, the twins' finish.
  double upload_s = 0, enqueue_s = 0, wait_s = 0, finish_s = 0;
};

struct Result {
  struct Series {
    std::string name;            // collector key; printed through feature_alias()
    std::vector<double> values;  // by frame index
    std::vector<char> written;   // 1 where a value exists
    bool has(unsigned i) const { return i < written.size() && written[i]; }
  };
  struct ModelScore {
    std::string label;      // what the user named: the version or the path
    std::string name;       // the model's output name ("vmaf")
    double mean = 0.0;      // pooled mean over the scored frames
    bool bootstrap = false; // a model collection: the fields below are set
    double bagging = 0.0, stddev = 0.0, ci_lo = 0.0, ci_hi = 0.0;
  };

  std::vector<Series> series;
  std::vector<std::pair<std::string, double>> aggregates;
  std::vector<ModelScore> models;
  unsigned frame_count = 0;  // frames read and scored
  unsigned width = 0, height = 0;
  unsigned subsample = 1;
  double fps = 0.0;          // frames per second of the whole run
  std::string backend = "cpu";
  std::optional<DeviceStats> device;  // set when an extractor ran on a GPU
  // Where the run's time went, seconds, in order: "setup" (extractors' init, device
  // buffers), "first frame" (until both readers had one), "frames" (until the last frame
  // was replayed), "finish" (flush and predictions); then, overlapping those,
  // "waiting for readers" and "waiting for extractors" (the engine's thread blocked).
  std::vector<std::pair<std::string, double>> profile;
  // Who scored how many frames, on a run of several workers (--backend auto, --gpus):
  // "cpu", "cuda:0", "cuda:0#2" (the second pipeline on device 0); empty otherwise.
  std::vector<std::pair<std::string, unsigned>> workers;
  // The segments of such a run as they were scored, in the order they ended: who scored
  // frames [first, end), from `start_s` to `end_s` seconds after the run began (a segment
  // taken while its worker was still starting begins when it could; one whose end another
  // worker took ends before its range did).
  struct Piece {
    std::string worker;
    unsigned first = 0, end = 0;
    double start_s = 0, end_s = 0;
  };
  std::vector<Piece> pieces;

  const Series* find(const std::string& name) const {
    for (const auto& s : series)
      if (s.name == name) return &s;
    return nullptr;
  }
};

}  // namespace fastvmaf
