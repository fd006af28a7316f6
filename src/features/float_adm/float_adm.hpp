// Float ADM (libvmaf's float_adm.c): adm2, aim, adm3 and adm_scale0..3, and with
// debug=true the totals and every scale's num / den, on picture_copy's floats (offset
// -128). Non-temporal: each instance owns its band buffers.
//
// Per scale, as compute_adm: the db2 DWT of both pictures; the CSF denominator of the
// reference bands; the decouple into restored (r) and additive (a) bands; the contrast
// measure of r masked by a (DLM) and of a masked by r (AIM). The decouple writes r and
// a over the bands it reads (libvmaf keeps separate buffers; every value is the same).
#pragma once

#include <vector>

#include "common/float_picture.hpp"
#include "core/extractor.hpp"
#include "features/float_adm/float_adm_dsp.hpp"
#include "features/float_adm/float_adm_params.hpp"

namespace fastvmaf::float_adm {

class FloatAdmExtractor final : public FeatureExtractor {
 public:
  // The row functions are the table's for cpu::active() at this point (core/cpu.hpp).
  explicit FloatAdmExtractor(const OptionSet& options);
  void init(const VideoGeometry& geometry) override;
  void submit(const FrameInput& frame) override;
  void collect(unsigned index, FeatureSink& sink) override;

  // This frame's per-scale sums, between submit and collect.
  const ScaleSums (&sums() const)[kScales] { return sums_; }

 private:
  // One picture's DWT bands; `a` alternates between two buffers so that a scale reads
  // the previous scale's approximation while writing its own.
  struct Bands {
    common::FloatImage a[2], band[3];  // band: h, v, d
  };

  void dwt(const common::FloatImage& src, const ScaleParams& p, Bands& dst, int slot, bool lo_only);
  float den_scale(const ScaleParams& p, const Bands& ref) const;
  float contrast_measure(const ScaleParams& p, const common::FloatImage (&src)[3],
                         const common::FloatImage (&masker)[3], const common::FloatImage (&masker_weight)[3],
                         double noise_weight) const;

  Config cfg_;
  FeatureNames names_;
  Dsp dsp_;
  ScaleParams params_[kScales];
  unsigned w_ = 0, h_ = 0, bpc_ = 8;
  common::FloatImage ref_, dis_;
  Bands ref_b_, dis_b_;
  common::FloatImage weight_a_[3], weight_r_[3];  // masking weights of the a and r bands
  std::vector<float> lo_, hi_;
  mutable std::vector<float> values_[3];  // one row of the contrast measure's per-sample values
  ScaleSums sums_[kScales];
};

}  // namespace fastvmaf::float_adm
