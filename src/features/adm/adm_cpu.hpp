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
#include <memory>
#include <vector>

#include "core/parallel.hpp"
#include "core/reference_memo.hpp"
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

  // The reference's part of one frame, computed once for all the encodes of a ladder
  // (docs/adr/0014-encoding-ladder.md): every scale's detail bands over the masker region
  // and approximation band (the next scale's input), as the DWT gives them, and the
  // denominator sums. They depend on the reference, the geometry and the configuration
  // alone, except on frames whose scale 3 reads libvmaf's phantom row or column (17 to 32
  // samples high or wide: it comes from the distorted picture's decoupling too): there
  // `shares_reference()` is false.
  struct RefStage {
    std::vector<std::int16_t> band0[3];     // scale 0: h, v, d, params(0).w per row
    std::vector<std::int32_t> band[3][3];   // scales 1..3: [scale - 1][h, v, d]
    std::vector<std::int32_t> approx[3];    // the approximation bands scales 0..2 give
    std::uint64_t den[kScales][3] = {};
  };
  bool shares_reference() const { return !phantom_rows_ && !phantom_cols_; }
  // A stage of this geometry (then filled by compute_reference, any number of times).
  std::unique_ptr<RefStage> make_stage() const;
  void compute_reference(const Plane& ref, RefStage& stage, const ParallelFor* parallel = nullptr);

  // The integer totals of every scale for one frame pair (luma planes); bands on
  // `parallel`'s threads, or in order here when it is null. With `stage` (of this frame's
  // reference, from compute_reference) the reference's part is taken from it, not computed.
  void compute(const Plane& ref, const Plane& dis, ScaleSums (&sums)[kScales], const ParallelFor* parallel = nullptr,
               const RefStage* stage = nullptr);

  const ScaleParams (&params() const)[kScales] { return params_; }
  // The bands of scale s (depends on the size only).
  unsigned bands(int scale) const { return bands_[scale]; }

 private:
  struct Scratch;

  // What a pass over a band's rows computes: both pictures; the reference's part into a
  // stage (its own rows only: no decoupling); the rest, with the stage's reference rows.
  // (core/reference_memo.hpp's StageIo: Part::Ref writes the stage, Part::Dis reads it.)
  enum class Part { Both, Ref, Dis };
  template <typename Pixel>
  void scale0_rows(const Plane& ref, const Plane& dis, int r0, int r1, ScaleSums& sums, Scratch& s, Part part,
                   StageIo<RefStage> stage);
  void scale123_rows(int scale, int r0, int r1, ScaleSums& sums, Scratch& s, Part part, StageIo<RefStage> stage);
  void run_scales(const Plane& ref, const Plane& dis, ScaleSums (&sums)[kScales], const ParallelFor* parallel,
                  Part part, StageIo<RefStage> stage);
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
