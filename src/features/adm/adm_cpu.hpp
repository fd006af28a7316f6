// The CPU reference of libvmaf's integer ADM: four DWT scales of the luma plane, each
// decoupled into restored and additive parts, CSF-weighted and measured against a
// contrast-masking threshold twice (DLM: restored part masked by the impairment; AIM:
// impairment masked by the restored part), plus the CSF-weighted reference energy
// (the denominator).
//
// A scale is cut into bands of band rows (core/parallel.hpp), which may run on several
// threads. Within a band, a row is produced by the DWT, decoupled and CSF-filtered into a
// ring of three rows, and the measure of the row above runs as soon as its lower
// neighbour exists; a band also decouples the row before and after it, which the
// measure of its edge rows reads. Every row's sums are rounded once and added as
// integers, so the bands' totals add up to libvmaf's whatever the split. The
// approximation band of a scale, the next scale's input, is kept whole, in one of two
// buffers (a scale reads one and writes the other, so bands never race).
#pragma once

#include <cstdint>
#include <vector>

#include "core/parallel.hpp"
#include "fastvmaf/picture.hpp"
#include "features/adm/adm_dsp.hpp"
#include "features/adm/adm_params.hpp"

namespace fastvmaf::adm {

class AdmCpu {
 public:
  // `width` x `height` at least kMinSize; `bpc` 8..16. The row functions are those of
  // `dsp` (by default the table of cpu::active()).
  AdmCpu(const AdmConfig& config, unsigned width, unsigned height, unsigned bpc);
  AdmCpu(const AdmConfig& config, unsigned width, unsigned height, unsigned bpc, const Dsp& dsp);

  // The integer totals of every scale for one frame pair (luma planes); bands on
  // `parallel`'s threads, or in order here when it is null.
  void compute(const Plane& ref, const Plane& dis, ScaleSums (&sums)[kScales], const ParallelFor* parallel = nullptr);

  const ScaleParams (&params() const)[kScales] { return params_; }
  // The bands of scale s (depends on the size only).
  unsigned bands(int scale) const { return bands_[scale]; }

 private:
  struct Scratch;

  template <typename Pixel>
  void scale0_rows(const Plane& ref, const Plane& dis, int r0, int r1, ScaleSums& sums, Scratch& s);
  void scale123_rows(int scale, int r0, int r1, ScaleSums& sums, Scratch& s);
  void measure_row(const ScaleParams& p, int row, ScaleSums& sums, const Scratch& s) const;
  // Scale 3 of a frame 17..32 samples high or wide reads one row or column before
  // its input in libvmaf; these supply the values libvmaf finds there.
  void capture_phantom_row(const ScaleParams& p, int row, const Scratch& s);

  AdmConfig cfg_;
  unsigned bpc_;
  Dsp k_;
  DecoupleParams decouple_[kScales];
  ScaleParams params_[kScales];
  unsigned bands_[kScales];

  // Approximation bands (int32), the output of scales 0 and 2 in approx_[0], of scale 1
  // in approx_[1] (per picture), `approx_stride_[i]` samples per row.
  std::vector<std::int32_t> approx_[2][2];
  int approx_stride_[2] = {0, 0};

  std::vector<std::int16_t> phantom_csf_row_;  // scale 0: csf_f band d, row h0-2
  std::vector<std::int32_t> phantom_ref_row_, zero_row_;
  bool phantom_rows_ = false, phantom_cols_ = false;
};

}  // namespace fastvmaf::adm
