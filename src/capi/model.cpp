// vmaf_model_* and vmaf_model_collection_*: libvmaf's models on fastvmaf's model layer.
// A version names a built-in model (as in libvmaf, no model directory is searched); an
// overload is kept in the model's request and the model is read again with it.
#include <cstdio>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "capi/capi.hpp"
#include "model/builtin_models.hpp"
#include "model/model_loader.hpp"
#include "model/scoring_models.hpp"

namespace fastvmaf::capi {

namespace {

ModelRequest request_of(const VmafModelConfig* cfg) {
  ModelRequest r;
  r.name = cfg && cfg->name ? cfg->name : "vmaf";
  // libvmaf's loader reads these two flags; DISABLE_TRANSFORM is only used inside its
  // bootstrap prediction.
  r.disable_clip = cfg && (cfg->flags & VMAF_MODEL_FLAG_DISABLE_CLIP);
  r.enable_transform = cfg && (cfg->flags & VMAF_MODEL_FLAG_ENABLE_TRANSFORM);
  return r;
}

struct Text {
  std::string text, source;
};

Text builtin_text(const char* version) {
  const model::BuiltinModel* b = model::find_builtin_model(version);
  if (!b) throw std::invalid_argument(fmt::format("no such built-in model: \"{}\"", version));
  return {std::string(b->text()), fmt::format("built-in model {}", version)};
}

Text file_text(const char* path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::invalid_argument(fmt::format("could not read model from path: \"{}\"", path));
  std::stringstream ss;
  ss << f.rdbuf();
  return {ss.str(), path};
}

int load_model(VmafModel** out, const VmafModelConfig* cfg, const Text& t, const std::string& label) {
  if (!out) return -EINVAL;
  *out = nullptr;
  auto m = std::make_unique<VmafModel>();
  m->request = request_of(cfg);
  m->request.path = label;
  model::ModelFile f = model::read_model_json(t.text, m->request, t.source);
  if (!f.collection.empty())
    throw std::invalid_argument(
        fmt::format("\"{}\" is a model collection: load it with vmaf_model_collection_load", label));
  m->scorer = model::make_single_model(std::move(f.model));
  m->text = t.text;
  m->source = t.source;
  *out = m.release();
  return 0;
}

int load_collection(VmafModel** model, VmafModelCollection** mc, const VmafModelConfig* cfg, const Text& t,
                    const std::string& label) {
  if (!model || !mc) return -EINVAL;
  *model = nullptr;
  *mc = nullptr;
  ModelRequest req = request_of(cfg);
  req.path = label;
  model::ModelFile f = model::read_model_json(t.text, req, t.source);
  if (f.collection.empty())
    throw std::invalid_argument(fmt::format("\"{}\" is a single model, not a model collection", label));
  auto c = std::make_unique<VmafModelCollection>();
  const std::string& first = f.collection.front().name;  // NAME_0001
  c->name = first.substr(0, first.size() - 5);
  c->request = req;
  c->text = t.text;
  c->source = t.source;
  auto m = std::make_unique<VmafModel>();
  m->request = req;
  m->text = t.text;
  m->source = t.source;
  m->scorer = model::make_single_model(f.model);
  c->scorer = model::make_bootstrap_collection(std::move(f.model), std::move(f.collection));
  *model = m.release();
  *mc = c.release();
  return 0;
}

// The extractors a model's features use, by registry name.
bool uses_extractor(const model::ScoringModel& m, const std::string& extractor) {
  for (const auto& u : m.feature_uses())
    if (u.extractor == extractor) return true;
  return false;
}

void add_overloads(ModelRequest& r, const std::string& extractor, const VmafFeatureDictionary& d) {
  const OptionDict known = known_options(extractor, d.dict);
  for (const auto& [k, v] : known.entries()) r.overloads.push_back({extractor, k, v});
}

// Reads the model again with its request's overloads.
void reread(VmafModel& m) {
  model::ModelFile f = model::read_model_json(m.text, m.request, m.source);
  m.scorer = model::make_single_model(std::move(f.model));
}

void reread(VmafModelCollection& c) {
  model::ModelFile f = model::read_model_json(c.text, c.request, c.source);
  c.scorer = model::make_bootstrap_collection(std::move(f.model), std::move(f.collection));
}

}  // namespace

}  // namespace fastvmaf::capi

using fastvmaf::capi::guarded;

extern "C" {

int vmaf_model_load(VmafModel** model, VmafModelConfig* cfg, const char* version) {
  if (!model || !cfg || !version) return -EINVAL;
  return guarded("vmaf_model_load", [&] {
    return fastvmaf::capi::load_model(model, cfg, fastvmaf::capi::builtin_text(version), version);
  });
}

int vmaf_model_load_from_path(VmafModel** model, VmafModelConfig* cfg, const char* path) {
  if (!model || !cfg || !path) return -EINVAL;
  return guarded("vmaf_model_load_from_path", [&] {
    return fastvmaf::capi::load_model(model, cfg, fastvmaf::capi::file_text(path), path);
  });
}

int vmaf_model_feature_overload(VmafModel* model, const char* feature_name, VmafFeatureDictionary* opts_dict) {
  if (!model || !feature_name || !opts_dict) return -EINVAL;
  const int err = guarded("vmaf_model_feature_overload", [&] {
    // libvmaf merges the options into the features of that extractor, if any.
    if (!fastvmaf::capi::uses_extractor(*model->scorer, feature_name)) return 0;
    fastvmaf::ModelRequest before = model->request;
    fastvmaf::capi::add_overloads(model->request, feature_name, *opts_dict);
    try {
      fastvmaf::capi::reread(*model);
    } catch (...) {
      model->request = std::move(before);
      throw;
    }
    return 0;
  });
  vmaf_feature_dictionary_free(&opts_dict);
  return err;
}

void vmaf_model_destroy(VmafModel* model) { delete model; }

int vmaf_model_collection_load(VmafModel** model, VmafModelCollection** model_collection, VmafModelConfig* cfg,
                               const char* version) {
  if (!cfg || !version) return -EINVAL;
  return guarded("vmaf_model_collection_load", [&] {
    return fastvmaf::capi::load_collection(model, model_collection, cfg, fastvmaf::capi::builtin_text(version),
                                           version);
  });
}

int vmaf_model_collection_load_from_path(VmafModel** model, VmafModelCollection** model_collection,
                                         VmafModelConfig* cfg, const char* path) {
  if (!cfg || !path) return -EINVAL;
  return guarded("vmaf_model_collection_load_from_path", [&] {
    return fastvmaf::capi::load_collection(model, model_collection, cfg, fastvmaf::capi::file_text(path), path);
  });
}

int vmaf_model_collection_feature_overload(VmafModel* model, VmafModelCollection** model_collection,
                                           const char* feature_name, VmafFeatureDictionary* opts_dict) {
  if (!model_collection || !*model_collection || !feature_name || !opts_dict) {
    if (opts_dict) vmaf_feature_dictionary_free(&opts_dict);
    return -EINVAL;
  }
  VmafModelCollection& c = **model_collection;
  int err = guarded("vmaf_model_collection_feature_overload", [&] {
    if (!fastvmaf::capi::uses_extractor(*c.scorer, feature_name)) return 0;
    fastvmaf::ModelRequest before = c.request;
    fastvmaf::capi::add_overloads(c.request, feature_name, *opts_dict);
    try {
      fastvmaf::capi::reread(c);
    } catch (...) {
      c.request = std::move(before);
      throw;
    }
    return 0;
  });
  // ... and the collection's main model, which takes the dictionary.
  if (model)
    err |= vmaf_model_feature_overload(model, feature_name, opts_dict);
  else
    vmaf_feature_dictionary_free(&opts_dict);
  return err;
}

void vmaf_model_collection_destroy(VmafModelCollection* model_collection) { delete model_collection; }

}  // extern "C"
