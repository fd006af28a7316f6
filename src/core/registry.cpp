#include "core/registry.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>

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

void Registry::add_backend(const std::string& name, Backend backend, ExtractorFactory factory, bool experimental) {
  if (!backends_.emplace(std::make_pair(name, backend), Entry{std::move(factory), experimental}).second)
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

namespace {

// Whether $FASTVMAF_EXPERIMENTAL_TWINS ("float_ssim,float_ms_ssim", "all") names `name`.
bool experimental_asked(std::string_view name) {
  const char* e = std::getenv("FASTVMAF_EXPERIMENTAL_TWINS");
  if (!e) return false;
  std::string_view list(e);
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    const std::string_view item = list.substr(0, comma);
    if (item == "all" || item == name) return true;
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return false;
}

}  // namespace

const ExtractorFactory* Registry::factory(std::string_view name, Backend backend) const {
  auto it = backends_.find({std::string(name), backend});
  if (it == backends_.end()) return nullptr;
  if (it->second.experimental && !experimental_asked(name)) return nullptr;
  return &it->second.factory;
}

bool Registry::withheld(std::string_view name, Backend backend) const {
  auto it = backends_.find({std::string(name), backend});
  return it != backends_.end() && it->second.experimental && !experimental_asked(name);
}

void Registry::check_experimental_request() const {
  const char* e = std::getenv("FASTVMAF_EXPERIMENTAL_TWINS");
  if (!e) return;
  std::string_view list(e);
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    const std::string_view item = list.substr(0, comma);
    if (!item.empty() && item != "all" && !by_name(item))
      throw std::invalid_argument(fmt::format(
          "FASTVMAF_EXPERIMENTAL_TWINS=\"{}\": \"{}\" is not an extractor (give extractor names separated by commas, "
          "as --list-features prints them, or all)",
          e, item));
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
}

std::vector<const ExtractorInfo*> Registry::all() const {
  std::vector<const ExtractorInfo*> out;
  for (const auto& e : extractors_) out.push_back(&e);
  std::sort(out.begin(), out.end(), [](auto* a, auto* b) { return a->name < b->name; });
  return out;
}

}  // namespace fastvmaf
