// Placeholder until the model loader lands (issue: models). Replaced by model.cpp.
#include "core/error.hpp"
#include "model/model.hpp"

namespace fastvmaf::model {

std::unique_ptr<ScoringModel> load_model(const ModelRequest& req, const std::string&) {
  throw InputError("model " + req.label() + ": model loading is not implemented yet");
}

}  // namespace fastvmaf::model
