// fastvmaf — one -m: which model to score with, and how. A header of its own so that the
// model loader (src/model) needs only this, not the whole engine API.
#pragma once

#include <string>
#include <vector>

namespace fastvmaf {

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

}  // namespace fastvmaf
