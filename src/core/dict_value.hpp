// How libvmaf stores a numeric option value in a feature dictionary (dict.c).
//
// libvmaf does not keep the text of a number it puts in a feature's option
// dictionary: vmaf_dictionary_set with VMAF_DICT_NORMALIZE_NUMERICAL_VALUES reads it
// with strtof (single precision) and stores "%g" of that float. The extractor later
// parses the stored text. So 0.7 stays "0.7", 17.0 becomes "17", and 0.123456789
// becomes "0.123457": the option takes that value and the feature name shows it.
// Models' feature_opts_dicts numbers always go through this (read_json_model.c);
// the CLI's -m overloads and --feature options only when the value is a number and
// nothing else (vmaf_feature_dictionary_set / isnumeric). The engine applies it to
// --feature options, the model loader to models and overloads.
#pragma once

#include <string>

namespace fastvmaf {

// The stored text for `text`: "%g" of strtof(text) when strtof reads a number from
// its start, else `text` unchanged.
std::string normalize_numeric_value(const std::string& text);

// libvmaf's isnumeric(): sscanf("%f %c") finds a float and nothing after it but
// white space.
bool is_numeric_value(const std::string& text);

// What the CLI stores for a -m overload or --feature value (vmaf_feature_dictionary_set).
std::string cli_dictionary_value(const std::string& text);

}  // namespace fastvmaf
