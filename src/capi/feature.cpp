// vmaf_feature_dictionary_*: option dictionaries, values stored as libvmaf's
// vmaf_feature_dictionary_set stores them (a number through float and %g); which of
// their names an extractor takes.
#include "capi/capi.hpp"
#include "core/dict_value.hpp"
#include "core/registry.hpp"

namespace fastvmaf::capi {

OptionDict known_options(const std::string& extractor, const OptionDict& d) {
  const ExtractorInfo* info = Registry::instance().by_name(extractor);
  if (!info) return d;
  OptionDict known;
  for (const auto& [key, value] : d.entries()) {
    bool found = false;
    for (const auto& spec : *info->options) found = found || spec.name == key;
    if (found)
      known.set(key, value);
    else
      log(VMAF_LOG_LEVEL_WARNING, "feature \"%s\" has no option \"%s\"; it is ignored\n", extractor.c_str(),
          key.c_str());
  }
  return known;
}

}  // namespace fastvmaf::capi

extern "C" {

int vmaf_feature_dictionary_set(VmafFeatureDictionary** dict, const char* key, const char* val) {
  if (!dict || !key || !val) return -EINVAL;
  return fastvmaf::capi::guarded("vmaf_feature_dictionary_set", [&] {
    if (!*dict) *dict = new VmafFeatureDictionary;
    (*dict)->dict.set(key, fastvmaf::cli_dictionary_value(val));
    return 0;
  });
}

int vmaf_feature_dictionary_free(VmafFeatureDictionary** dict) {
  if (!dict) return -EINVAL;
  delete *dict;
  *dict = nullptr;
  return 0;
}

}  // extern "C"
