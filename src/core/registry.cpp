#include "core/registry.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/registration.hpp"

namespace fastvmaf {

Registry& Registry::instance() {
  static Registry r;
  return r;
}

// Called from static initialisers, a module's among them: refusals are recorded, never
// thrown (core/registration.hpp).
void Registry::add(ExtractorInfo info) {
  if (by_name(info.name)) return record_registration_error("extractor registered twice: " + info.name);
  if (!info.options) return record_registration_error("extractor without option specs: " + info.name);
  extractors_.push_back(std::move(info));
}

void Registry::add_backend(const std::string& name, Backend backend, ExtractorFactory factory) {
  if (!backends_.emplace(std::make_pair(name, backend), std::move(factory)).second)
    record_registration_error(std::string("extractor backend registered twice: ") + name + " (" + to_string(backend) +
                              ")");
}

const ExtractorInfo* Registry::by_name(std::string_view name) const {
  for (const auto& e : extractors_)
    if (e.name == name) return &e;
  return nullptr;
}

const ExtractorInfo* Registry::by_provided_feature(std::string_view feature) const {
  for (const auto& e : extractors_)
    for (const auto& f : e.provided_features)
      if (f == feature) return &e;
  return nullptr;
}

const ExtractorFactory* Registry::factory(std::string_view name, Backend backend) const {
  auto it = backends_.find({std::string(name), backend});
  return it == backends_.end() ? nullptr : &it->second;
}

std::vector<const ExtractorInfo*> Registry::all() const {
  std::vector<const ExtractorInfo*> out;
  for (const auto& e : extractors_) out.push_back(&e);
  std::sort(out.begin(), out.end(), [](auto* a, auto* b) { return a->name < b->name; });
  return out;
}

}  // namespace fastvmaf
