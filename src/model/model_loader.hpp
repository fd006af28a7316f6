// Reading libvmaf's JSON models (libvmaf's read_json_model.c and model.c): one model
// ({"model_dict": {...}}) or a bootstrap collection ({"0": {"model_dict": ...},
// "1": ..., ...}), with the -m request's name, flags and feature overloads applied.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "fastvmaf/engine.hpp"
#include "model/model_spec.hpp"

namespace fastvmaf::model {

struct ModelFile {
  // The model, or the collection's entry "0" (named as requested: libvmaf's CLI scores
  // it like any single model).
  ModelSpec model;
  // A collection's bootstrap models "1", "2", ..., named NAME_0001, NAME_0002, ...;
  // empty for a single model.
  std::vector<ModelSpec> collection;
};

// Parses `text`; `source` names it in messages. Throws InputError naming the source
// and the problem: bad JSON, a duplicated key, a missing or mistyped key, an unknown
// model_type or norm_type, an SVM that is not an RBF regression, a feature no
// extractor provides, an option its extractor rejects, an overload naming an
// extractor the model does not use.
ModelFile read_model_json(std::string_view text, const ModelRequest& req, const std::string& source);

// req.path, or <model_dir>/<req.version>.json (where read_model_file looks first for a version).
std::string model_path(const ModelRequest& req, const std::string& model_dir);

// Reads and parses req.path; for req.version, <model_dir>/<version>.json when model_dir is
// set and holds that file, else the built-in model of that version (builtin_models.hpp).
// Throws InputError naming the model when it is in neither.
ModelFile read_model_file(const ModelRequest& req, const std::string& model_dir);

}  // namespace fastvmaf::model
