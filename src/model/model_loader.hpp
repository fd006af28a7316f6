// Reading libvmaf's JSON models (libvmaf's read_json_model.c and model.c): one model
// ({"model_dict": {...}}) or a bootstrap collection ({"0": {"model_dict": ...},
// "1": ..., ...}), with the -m request's name, flags and feature overloads applied.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "fastvmaf/model_request.hpp"
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

// The largest model file read: 8 MiB, 20 times libvmaf's largest model (the bootstrap
// vmaf_b_v0.6.3, 400 KB). Parsing takes memory proportional to the size: at worst
// (an object of a million short keys) about 40 bytes per byte of the file.
inline constexpr std::size_t kMaxModelFileBytes = std::size_t{8} << 20;

// Reads and parses req.path; for req.version, <model_dir>/<version>.json when model_dir is
// set and holds that file, else the built-in model of that version (builtin_models.hpp).
// A file must be a regular file (not a device, a pipe or a directory) of at most
// kMaxModelFileBytes. Throws InputError naming the model or path otherwise, or when the
// version is in neither place.
ModelFile read_model_file(const ModelRequest& req, const std::string& model_dir);

}  // namespace fastvmaf::model
