// What an Engine holds once constructed (engine.cpp): the resolved extractor slots, the
// loaded models, the backend of the twins. The library's own layers above it reach it
// through EngineInternals: a run (engine/run.hpp), the C API (src/capi).
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
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
  // The run's extractors, in order. With --backend cuda, hip or sycl the twins; with auto
  // and cpu+X the CPU's (the device's set is device_plan()'s, resolved when first needed).
  std::vector<SlotSpec> slots;
  unsigned threads = 1;
  Backend gpu = Backend::Cpu;  // the backend of `slots`' twins, or Cpu
  std::string device_name;
  std::vector<std::string> notes;
  // --backend auto or cpu+X: file runs are scored by the CPU and a device together.
  bool hybrid = false;

  // The device a run's twins use and their slots (the engine's slots with every extractor
  // that has a twin there on it, the others on the CPU): for cuda, hip and sycl the
  // engine's own; for auto and cpu+X resolved on the first call (probing the devices,
  // loading a backend's module: hundreds of milliseconds on a GPU host), from any thread.
  struct DevicePlan {
    Backend backend = Backend::Cpu;  // Cpu: no usable device
    std::vector<SlotSpec> slots;
    std::string device;              // its name
    bool every_slot = false;         // every extractor has a twin there
    std::vector<std::string> notes;  // what was decided, for the run's notes
  };
  const DevicePlan& device_plan() const;
  bool plan_resolved() const { return plan_done_.load(); }
  // The slots of a run of one scheduler (a Session, a compressed input, a segment): the
  // engine's slots, or for auto and cpu+X the device plan's.
  const std::vector<SlotSpec>& single_slots() const;

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

 private:
  mutable std::once_flag plan_once_;
  mutable DevicePlan plan_;
  mutable std::atomic<bool> plan_done_{false};
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
