// libvmaf's integer ADM extractor ("adm", integer_adm.c) on the CPU: adm2 (DLM), aim,
// adm3, adm_scale0..3 and, with debug, the numerators and denominators, under the
// option-dependent names libvmaf gives them. On an encoding ladder the reference's part
// is computed once a frame for every encode (AdmCpu::RefStage).
#pragma once

#include <array>
#include <memory>
#include <string>

#include "core/extractor.hpp"
#include "features/adm/adm_cpu.hpp"
#include "features/adm/adm_outputs.hpp"
#include "features/adm/adm_params.hpp"

namespace fastvmaf::adm {

// The options as the computation uses them; throws std::invalid_argument for a
// combination libvmaf cannot compute.
AdmConfig config_from_options(const OptionSet& options);

class AdmExtractor final : public FeatureExtractor {
 public:
  explicit AdmExtractor(const OptionSet& options);
  void init(const VideoGeometry& geometry) override;
  void submit(const FrameInput& frame) override;
  void collect(unsigned index, FeatureSink& sink) override;

 private:
  AdmConfig cfg_;
  bool debug_;
  OutputNames names_;  // collector keys, in provided_features order
  VideoGeometry geometry_;
  std::unique_ptr<AdmCpu> cpu_;
  AdmScores scores_;  // this frame's, between submit and collect
  std::string stage_key_;  // the reference's part in an encoding ladder's memo
};

}  // namespace fastvmaf::adm
