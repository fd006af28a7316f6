// The CPU reference of libvmaf's integer ADM: four DWT scales of the luma plane, each
// decoupled into restored and additive parts, CSF-weighted and measured against a
// contrast-masking threshold twice (DLM: restored part masked by the impairment; AIM:
// impairment masked by the restored part), plus the CSF-weighted reference energy
// (the denominator).
//
// Scales are processed row by row: a band row is produced by the DWT, decoupled and
// CSF-filtered into a ring of three rows, and the measure of the row above runs as
// soon as its lower neighbour exists. Only the approximation band of a scale is kept
// whole, as the next scale's input. Every buffer is planned in the constructor.
#pragma once

#include <cstdint>
#include <vector>

#include "features/adm/adm_params.hpp"
#include "features/adm/adm_rows.hpp"
#include "fastvmaf/picture.hpp"

namespace fastvmaf::adm {

class AdmCpu {
 public:
  // `width` x `height` at least kMinSize; `bpc` 8..16. `simd`: use the AVX2 row
  // kernels when the CPU has them (the results are the same).
  AdmCpu(const AdmConfig& config, unsigned width, unsigned height, unsigned bpc, bool simd = true);
  AdmCpu(const AdmCpu&) = delete;  // the ring rows point into their own storage
  AdmCpu& operator=(const AdmCpu&) = delete;

  // The integer totals of every scale for one frame pair (luma planes).
  void compute(const Plane& ref, const Plane& dis, ScaleSums (&sums)[kScales]);

  const ScaleParams (&params() const)[kScales] { return params_; }

 private:
  // One row of the three detail bands of both pictures at the current scale.
  template <typename T>
  struct BandRows {
    std::vector<T> h, v, d;
  };
  // Storage of one ring row (MaskRow points into it).
  struct MaskStore {
    std::vector<std::int32_t> data;
    MaskRow row;
  };

  template <typename Pixel>
  void scale0(const Plane& ref, const Plane& dis, ScaleSums& sums);
  void scale123(int scale, ScaleSums& sums);

  void measure_row(const ScaleParams& p, int row, ScaleSums& sums) const;
  // Scale 3 of a frame 17..32 samples high or wide reads one row or column before
  // its input in libvmaf; these supply the values libvmaf finds there.
  void capture_phantom_row(const ScaleParams& p, int row);

  AdmConfig cfg_;
  unsigned bpc_;
  const RowKernels* k_;
  DecoupleParams decouple_[kScales];
  ScaleParams params_[kScales];

  // Approximation bands of the previous scale (int32), `a_stride_` samples per row;
  // each scale overwrites them in place with its own, as libvmaf does.
  std::vector<std::int32_t> ref_a_, dis_a_;
  int a_stride_ = 0;

  // Vertical-pass rows with one sample of padding before and two after, so the
  // horizontal taps of output n are elements 2n .. 2n+3.
  std::vector<std::int16_t> lo16_[2], hi16_[2];
  std::vector<std::int32_t> lo32_[2], hi32_[2];
  BandRows<std::int16_t> band16_[2];
  BandRows<std::int32_t> band32_[2];
  MaskStore ring_[3];

  std::vector<std::int16_t> phantom_csf_row_;  // scale 0: csf_f band d, row h0-2
  std::vector<std::int32_t> phantom_ref_row_, zero_row_;
  bool phantom_rows_ = false, phantom_cols_ = false;
};

}  // namespace fastvmaf::adm
