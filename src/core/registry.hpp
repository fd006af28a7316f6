// Extractors register themselves from their own .cpp (FASTVMAF_REGISTER_EXTRACTOR), so a
// feature folder plugs in without editing a central list. The core is built as an
// object library so those registrations are always linked.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/extractor.hpp"

namespace fastvmaf {

class Registry {
 public:
  static Registry& instance();

  void add(ExtractorInfo info);
  // A GPU twin for an extractor registered (possibly later) under `name`.
  void add_twin(const std::string& name, Backend backend, ExtractorFactory factory);

  const ExtractorInfo* by_name(std::string_view name) const;
  // The extractor providing a libvmaf feature name ("VMAF_integer_feature_adm2_score").
  const ExtractorInfo* by_provided_feature(std::string_view feature) const;
  const ExtractorFactory* twin(std::string_view name, Backend backend) const;
  // Sorted by name.
  std::vector<const ExtractorInfo*> all() const;

 private:
  std::vector<ExtractorInfo> extractors_;
  std::map<std::pair<std::string, Backend>, ExtractorFactory> twins_;
};

}  // namespace fastvmaf

#define FASTVMAF_CONCAT_INNER(a, b) a##b
#define FASTVMAF_CONCAT(a, b) FASTVMAF_CONCAT_INNER(a, b)
// Usage, at namespace scope in the feature's .cpp:  FASTVMAF_REGISTER_EXTRACTOR(make_psnr_info());
#define FASTVMAF_REGISTER_EXTRACTOR(expr)                                                        \
  [[maybe_unused]] static const bool FASTVMAF_CONCAT(fastvmaf_registered_, __LINE__) =          \
      (::fastvmaf::Registry::instance().add(expr), true)
// Usage: FASTVMAF_REGISTER_TWIN("cambi", ::fastvmaf::Backend::Cuda, factory);
#define FASTVMAF_REGISTER_TWIN(name, backend, factory)                                           \
  [[maybe_unused]] static const bool FASTVMAF_CONCAT(fastvmaf_twin_registered_, __LINE__) =     \
      (::fastvmaf::Registry::instance().add_twin(name, backend, factory), true)
