/* libvmaf's C API, as implemented by fastvmaf: feature option dictionaries.
 * Names, types and values are those of libvmaf 3.x (ABI compatible); see
 * docs/c-api.md for what fastvmaf does behind each call. */
#ifndef FASTVMAF_LIBVMAF_FEATURE_H
#define FASTVMAF_LIBVMAF_FEATURE_H

#ifdef __cplusplus
extern "C" {
#endif

/* Options of one feature extractor: key/value strings. */
typedef struct VmafFeatureDictionary VmafFeatureDictionary;

/* Sets `key` to `val` in *dict, allocating the dictionary when *dict is NULL. A number
 * is stored as libvmaf stores it (read as a float, printed with %g). 0 or -EINVAL. */
int vmaf_feature_dictionary_set(VmafFeatureDictionary **dict, const char *key, const char *val);

/* Frees *dict and sets it to NULL. 0 or -EINVAL. */
int vmaf_feature_dictionary_free(VmafFeatureDictionary **dict);

#ifdef __cplusplus
}
#endif

#endif
