// What an Engine holds once constructed (engine.cpp): the resolved extractor slots, the
// loaded models, the backend of the twins. The library's own layers above it reach it
// through EngineInternals: a run (engine/run.hpp), the C API (src/capi).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/backend.hpp"
#include "core/options.hpp"
#include "engine/scheduler.hpp"
#include "fastvmaf/engine.hpp"
#include "model/model.hpp"

namespace fastvmaf {

struct Engine::Impl {
  EngineOptions options;
  std::vector<std::unique_ptr<model::ScoringModel>> models;
  std::vector<SlotSpec> slots;
  unsigned threads = 1;
  Backend gpu = Backend::Cpu;  // the backend of the twins, or Cpu
  std::string device_name;
  std::vector<std::string> notes;

  // Threads, subsample and the GPU backend from `options` (models and features not yet).
  explicit Impl(EngineOptions options);
  // One extractor instance, as libvmaf registers it: a second request with the same
  // (name, feature-param options) is dropped. `origin` names who asked, for messages.
  // `optional`: asked for by --feature only, left out when it refuses the input
  // (SlotSpec::optional).
  void add_slot(const ExtractorInfo* info, const OptionDict& dict, const std::string& origin, bool optional = false);
  // add_slot() by registry name; throws std::invalid_argument naming unknown extractors.
  void add_extractor(const std::string& name, const OptionDict& dict, const std::string& origin,
                     bool optional = false);
  // Segments: the longest history of the slots (ExtractorInfo::history), or
  // kUnboundedHistory, and then `unbounded` gets the first such extractor's name.
  unsigned segment_history(std::string* unbounded = nullptr) const;
};

// One extractor a run needs, in registration order (the C API's vmaf_use_feature and
// vmaf_use_features_from_model calls). `optional`: left out when it refuses the input
// (SlotSpec::optional).
struct SlotRequest {
  std::string extractor;
  OptionDict options;
  std::string origin;
  bool optional = false;
};

struct EngineInternals {
  using Impl = Engine::Impl;
  static const Impl& of(const Engine& e) { return *e.impl_; }
  // An engine of exactly these extractors, in this order, that predicts no model (its
  // caller predicts: the C API). `options` gives threads, subsample and the backend.
  static std::unique_ptr<Engine> make(EngineOptions options, const std::vector<SlotRequest>& slots);
};

// The engine's internals, as the rest of the library names them.
using EngineImpl = EngineInternals::Impl;

}  // namespace fastvmaf
