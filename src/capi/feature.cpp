// vmaf_feature_dictionary_*: option dictionaries, values stored as libvmaf's
// vmaf_feature_dictionary_set stores them (a number through float and %g).
#include "capi/capi.hpp"
#include "core/dict_value.hpp"

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
