#include "model/model.hpp"

#include "model/model_loader.hpp"
#include "model/scoring_models.hpp"

namespace fastvmaf::model {

namespace {

std::unique_ptr<ScoringModel> make(ModelFile file) {
  if (file.collection.empty()) return make_single_model(std::move(file.model));
  return make_bootstrap_collection(std::move(file.model), std::move(file.collection));
}

}  // namespace

std::unique_ptr<ScoringModel> load_model(const ModelRequest& req, const std::string& model_dir) {
  return make(read_model_file(req, model_dir));
}

std::unique_ptr<ScoringModel> load_model_text(std::string_view text, const ModelRequest& req,
                                              const std::string& source) {
  return make(read_model_json(text, req, source));
}

}  // namespace fastvmaf::model
