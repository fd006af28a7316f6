#include "model/builtin_models.hpp"

namespace fastvmaf::model {

const BuiltinModel* find_builtin_model(std::string_view version) {
  for (const auto& m : builtin_models())
    if (version == m.version) return &m;
  return nullptr;
}

std::string builtin_model_list() {
  std::string out;
  for (const auto& m : builtin_models()) out += (out.empty() ? "" : ", ") + std::string(m.version);
  return out;
}

}  // namespace fastvmaf::model
