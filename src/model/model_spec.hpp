// One libvmaf model as its JSON file describes it (libvmaf's VmafModel), after the
// -m request's flags and overloads are applied.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/extractor.hpp"
#include "core/options.hpp"
#include "model/score_transform.hpp"
#include "model/svm_predict.hpp"

namespace fastvmaf::model {

enum class ModelType { Unspecified, Svr, BootstrapSvr, ResidueBootstrapSvr };
enum class Normalization { None, LinearRescale };

struct ModelFeature {
  std::string name;                           // libvmaf's feature name, as feature_names lists it
  const ExtractorInfo* extractor = nullptr;   // the registry's extractor providing `name`
  OptionDict options;                         // its feature_opts_dicts entry, -m overloads merged in
  std::string key;                            // collector key: feature_name(name, parsed options)
  double slope = 0.0, intercept = 0.0;        // linear_rescale: x' = slope * x + intercept
};

struct ModelSpec {
  std::string source;  // the file (and the collection entry), for messages
  std::string name;    // the output name ("vmaf", "vmaf_b_0001")
  ModelType type = ModelType::Unspecified;
  Normalization norm = Normalization::None;
  double slope = 1.0, intercept = 0.0;  // the prediction's: score = (svm - intercept) / slope
  std::vector<ModelFeature> features;
  ScoreClip clip;
  ScoreTransform transform;
  // chroma_correction_parameter (v1.0.16 models): when the speed_chroma feature is
  // exactly 0 at a frame, it is replaced by p - p * adm3 (libvmaf's
  // post_process_feature_from_another). The indices are those two features.
  std::optional<double> chroma_correction;
  std::size_t chroma_guiding = 0;  // the feature whose name contains "adm3"
  std::size_t chroma_guided = 0;   // the feature whose name contains "speed_chroma"
  SvrRbfModel svm;
};

}  // namespace fastvmaf::model
