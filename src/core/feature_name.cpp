#include "core/feature_name.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace fastvmaf {

std::string_view feature_alias(std::string_view name) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 29> kAliases{{
      {"VMAF_feature_adm2_score", "adm2"},
      {"VMAF_feature_aim_score", "aim"},
      {"VMAF_feature_adm3_score", "adm3"},
      {"VMAF_feature_adm_scale0_score", "adm_scale0"},
      {"VMAF_feature_adm_scale1_score", "adm_scale1"},
      {"VMAF_feature_adm_scale2_score", "adm_scale2"},
      {"VMAF_feature_adm_scale3_score", "adm_scale3"},
      {"VMAF_feature_motion_score", "motion"},
      {"VMAF_feature_motion2_score", "motion2"},
      {"VMAF_feature_motion3_score", "motion3"},
      {"VMAF_feature_vif_scale0_score", "vif_scale0"},
      {"VMAF_feature_vif_scale1_score", "vif_scale1"},
      {"VMAF_feature_vif_scale2_score", "vif_scale2"},
      {"VMAF_feature_vif_scale3_score", "vif_scale3"},
      {"VMAF_integer_feature_adm2_score", "integer_adm2"},
      {"VMAF_integer_feature_aim_score", "integer_aim"},
      {"VMAF_integer_feature_adm3_score", "integer_adm3"},
      {"VMAF_integer_feature_motion_score", "integer_motion"},
      {"VMAF_integer_feature_motion2_score", "integer_motion2"},
      {"VMAF_integer_feature_motion3_score", "integer_motion3"},
      {"VMAF_integer_feature_vif_scale0_score", "integer_vif_scale0"},
      {"VMAF_integer_feature_vif_scale1_score", "integer_vif_scale1"},
      {"VMAF_integer_feature_vif_scale2_score", "integer_vif_scale2"},
      {"VMAF_integer_feature_vif_scale3_score", "integer_vif_scale3"},
      {"Cambi_feature_cambi_score", "cambi"},
      {"Speed_chroma_feature_speed_chroma_u_score", "speed_chroma_u"},
      {"Speed_chroma_feature_speed_chroma_v_score", "speed_chroma_v"},
      {"Speed_chroma_feature_speed_chroma_uv_score", "speed_chroma_uv"},
      {"Speed_temporal_feature_speed_temporal_score", "speed_temporal"},
  }};
  for (const auto& [n, a] : kAliases)
    if (n == name) return a;
  return name;
}

namespace {

// libvmaf builds names in a 256-byte buffer with snprintf; longer names are cut.
constexpr std::size_t kMaxName = 256 - 1;

std::string build(std::string_view provided, const std::vector<OptionSpec>& specs,
                  std::vector<std::pair<std::string, std::string>> entries) {
  if (entries.empty()) return std::string(provided);
  std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::string out(feature_alias(provided));
  for (const auto& [key, val] : entries) {
    for (const auto& s : specs) {
      if (s.name != key || !s.feature_param) continue;
      const std::string& k = s.alias.empty() ? s.name : s.alias;
      out += "_" + k;
      if (s.type != OptType::Bool) out += "_" + val;
    }
  }
  if (out.size() > kMaxName) out.resize(kMaxName);
  return out;
}

}  // namespace

std::string feature_name(std::string_view provided, const OptionSet& options) {
  std::vector<std::pair<std::string, std::string>> entries;
  const auto& specs = options.specs();
  for (std::size_t i = 0; i < specs.size(); ++i) {
    if (!specs[i].feature_param || options.is_default(i)) continue;
    entries.emplace_back(specs[i].name, format_option_value(options.value(i)));
  }
  return build(provided, specs, std::move(entries));
}

}  // namespace fastvmaf
