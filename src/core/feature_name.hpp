// Feature names as libvmaf writes them.
//
// An extractor "provides" features under libvmaf's long names
// ("VMAF_integer_feature_adm2_score", "Cambi_feature_cambi_score", "psnr_y"). When any
// option flagged feature_param differs from its default, the stored name becomes the
// short alias plus one "_<alias or name>_<value>" per such option, in alphabetical
// order of option name ("integer_adm2_csf_1_egl_1.2"; a bool adds "_<key>" alone).
// Otherwise the long name is stored as is. Output writers print alias(name).
// This mirrors libvmaf's feature_name.c and alias.c.
#pragma once

#include <string>
#include <string_view>

#include "core/options.hpp"

namespace fastvmaf {

// libvmaf's alias table ("VMAF_integer_feature_adm2_score" -> "integer_adm2");
// names without an alias are returned unchanged.
std::string_view feature_alias(std::string_view name);

// The collector key for `provided` given the extractor's parsed options. A model's
// feature_opts_dicts entry names its feature the same way: parse the dict with the
// extractor's specs, then call this (libvmaf's predict.c does exactly that).
std::string feature_name(std::string_view provided, const OptionSet& options);

}  // namespace fastvmaf
