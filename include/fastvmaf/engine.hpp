// fastvmaf — the engine: scores a distorted video against its reference with the
// requested features and models, bit-exact with libvmaf.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "fastvmaf/result.hpp"

namespace fastvmaf {

namespace io {
class VideoSource;
}

// One --feature: an extractor name and its options ("cambi", {{"window_size","33"}}).
struct FeatureRequest {
  std::string name;
  std::vector<std::pair<std::string, std::string>> options;
};

// One -m: a model file (path), or a model by version: NAME.json in the model directory
// when EngineOptions::model_dir is set and holds it, else the built-in model NAME (every
// model libvmaf ships is built in).
struct ModelRequest {
  std::string path;
  std::string version;
  std::string name = "vmaf";
  bool disable_clip = false;
  bool enable_transform = false;
  struct Overload {
    std::string extractor;  // "adm" in -m ...:adm.adm_enhn_gain_limit=1.0
    std::string key;
    std::string value;
  };
  std::vector<Overload> overloads;
  std::string label() const { return version.empty() ? path : version; }
};

// --backend: cpu, cuda or hip (a usable device is required, and every extractor needs a
// twin there), or auto (cuda, then hip, then the CPU; extractors without a twin run on
// the CPU).
enum class BackendChoice { Cpu, Cuda, Hip, Auto };

struct EngineOptions {
  std::vector<FeatureRequest> features;
  std::vector<ModelRequest> models;
  bool no_prediction = false;   // -n: extract the models' features but do not predict
  unsigned threads = 0;         // 0: every hardware thread
  unsigned subsample = 1;
  BackendChoice backend = BackendChoice::Cpu;
  std::string model_dir;        // where version=NAME looks first for NAME.json; empty: built-in models only
};

struct RunLimits {
  unsigned frame_cnt = 0;       // 0: all frames
  unsigned frame_skip_ref = 0;
  unsigned frame_skip_dist = 0;
};

class Engine {
 public:
  // Loads models and resolves extractors; throws std::invalid_argument / InputError
  // with a clear message on a bad model, unknown feature or bad option.
  explicit Engine(EngineOptions options);
  ~Engine();
  // What the engine decided that a user may want to know: the GPU backend and device it
  // uses (--backend auto says which, or that it fell back to the CPU), and extractors that
  // run on the CPU for want of a twin. The CLI prints them on stderr.
  const std::vector<std::string>& notes() const;
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Scores the pair. `progress(frames_done)` is called from the calling thread.
  // Warnings (frame count mismatch) go to `warn`.
  Result run(io::VideoSource& ref, io::VideoSource& dis, const RunLimits& limits,
             const std::function<void(unsigned)>& progress = {},
             const std::function<void(const std::string&)>& warn = {});

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace fastvmaf
