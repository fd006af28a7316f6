// Extractors register themselves from their own folder, so a feature plugs in without
// editing a central list: <name>_options.cpp declares the extractor
// (FASTVMAF_REGISTER_EXTRACTOR: name, provided features, option specs), <name>.cpp
// registers the CPU implementation and gpu/<name>_twin.cpp the twins
// (FASTVMAF_REGISTER_BACKEND). The core is an object library, so every registration
// is linked.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/extractor.hpp"

namespace fastvmaf {

// What an extractor declares besides its name, features and options (ExtractorInfo).
struct ExtractorFlags {
  bool temporal = false;
  bool needs_prev_ref = false;
  bool values_at_flush = false;
  bool flushes = false;         // ExtractorInfo::flushes
  HistoryFn history = nullptr;  // segments: ExtractorInfo::history
  PlanesReadFn planes_read = nullptr;  // ExtractorInfo::planes_read
};

// The declaration every <name>_options.cpp registers:
//   FASTVMAF_REGISTER_EXTRACTOR(extractor_info("psnr", {"psnr_y", ...}, option_specs(), {.temporal = true}));
inline ExtractorInfo extractor_info(std::string name, std::vector<std::string> provided_features,
                                    const std::vector<OptionSpec>& options, ExtractorFlags flags = {}) {
  ExtractorInfo info;
  info.name = std::move(name);
  info.provided_features = std::move(provided_features);
  info.options = &options;
  info.temporal = flags.temporal;
  info.needs_prev_ref = flags.needs_prev_ref;
  info.values_at_flush = flags.values_at_flush;
  info.flushes = flags.flushes;
  info.history = flags.history;
  info.planes_read = flags.planes_read;
  return info;
}

class Registry {
 public:
  static Registry& instance();

  // Both refuse a second registration of a name (or name and backend) by recording it
  // (core/registration.hpp), keeping the first.
  void add(ExtractorInfo info);
  // An implementation of the extractor declared (possibly later) under `name`.
  // `experimental`: a twin that is exact but slower than the CPU it would replace (the
  // serial sums of MS-SSIM and PSNR-HVS, docs/performance.md), or exact by its host replay
  // but not yet run on a GPU (CIEDE's): factory() offers it only when
  // $FASTVMAF_EXPERIMENTAL_TWINS names it (a comma-separated list of extractors, or
  // "all"), so no run becomes slower, or trusts an unrun kernel, by choosing it unasked.
  void add_backend(const std::string& name, Backend backend, ExtractorFactory factory, bool experimental = false);

  const ExtractorInfo* by_name(std::string_view name) const;
  // The extractor providing a libvmaf feature name ("VMAF_integer_feature_adm2_score").
  const ExtractorInfo* by_provided_feature(std::string_view feature) const;
  // nullptr when `name` has no implementation on `backend` (or only an experimental one
  // that $FASTVMAF_EXPERIMENTAL_TWINS does not name).
  const ExtractorFactory* factory(std::string_view name, Backend backend) const;
  // An experimental implementation that factory() withholds ($FASTVMAF_EXPERIMENTAL_TWINS
  // does not name it): --list-features shows it as such.
  bool withheld(std::string_view name, Backend backend) const;
  // $FASTVMAF_EXPERIMENTAL_TWINS names only extractors (or "all"): a misspelt name would
  // silently leave its twin unused. Throws std::invalid_argument naming the variable.
  void check_experimental_request() const;
  // Sorted by name.
  std::vector<const ExtractorInfo*> all() const;

 private:
  std::vector<ExtractorInfo> extractors_;
  struct Entry {
    ExtractorFactory factory;
    bool experimental = false;
  };
  std::map<std::pair<std::string, Backend>, Entry> backends_;
};

}  // namespace fastvmaf

#define FASTVMAF_CONCAT_INNER(a, b) a##b
#define FASTVMAF_CONCAT(a, b) FASTVMAF_CONCAT_INNER(a, b)
// Usage, at namespace scope:  FASTVMAF_REGISTER_EXTRACTOR(make_info());
#define FASTVMAF_REGISTER_EXTRACTOR(expr)                                                        \
  [[maybe_unused]] static const bool FASTVMAF_CONCAT(fastvmaf_registered_, __LINE__) =          \
      (::fastvmaf::Registry::instance().add(expr), true)
// Usage: FASTVMAF_REGISTER_BACKEND("cambi", ::fastvmaf::Backend::Cpu, factory);
#define FASTVMAF_REGISTER_BACKEND(name, backend, factory)                                        \
  [[maybe_unused]] static const bool FASTVMAF_CONCAT(fastvmaf_backend_registered_, __LINE__) =  \
      (::fastvmaf::Registry::instance().add_backend(name, backend, factory), true)
// The same for a twin used only when $FASTVMAF_EXPERIMENTAL_TWINS names it (add_backend).
#define FASTVMAF_REGISTER_EXPERIMENTAL_BACKEND(name, backend, factory)                           \
  [[maybe_unused]] static const bool FASTVMAF_CONCAT(fastvmaf_backend_registered_, __LINE__) =  \
      (::fastvmaf::Registry::instance().add_backend(name, backend, factory, true), true)
