// libvmaf's SSIM map and the image steps around it, on the CPU: a picture's luma to
// float (picture_copy.c), the decimations (iqa/decimate.c: float_ssim's box low-pass,
// MS-SSIM's 9x9 low-pass), and the means of the map's l, c, s and l*c*s over the
// window positions (_iqa_ssim with its default arguments).
//
// The map runs row by row: each input row's horizontal 11-tap pass for the five
// quantities (ref, dis, ref^2, dis^2, ref*dis) goes into a ring of 11 rows, the
// vertical pass then gives one output row, whose pixels are summed in raster order
// as libvmaf sums them. Each output value sees the operations libvmaf's whole-plane
// passes give it, so the means are libvmaf's bits.
#pragma once

#include <vector>

#include "fastvmaf/picture.hpp"
#include "features/ssim/ssim_dsp.hpp"
#include "features/ssim/ssim_math.hpp"
#include "features/ssim/ssim_params.hpp"

namespace fastvmaf::ssim {

// The means libvmaf's _iqa_ssim returns, each rounded to float.
struct SsimMeans {
  float ssim = 0, l = 0, c = 0, s = 0;
};

// The map's four double sums (of l*c*s, l, c and s), each over the window positions in
// raster order from 0, as libvmaf adds them.
struct SsimSums {
  double ssim = 0, l = 0, c = 0, s = 0;
};

// The means of a map of ow x oh window positions (w - 10 by h - 10) from its sums: each
// sum divided by the double of ow * oh and rounded to float. A frame narrower or shorter
// than the window sums nothing: libvmaf divides the zero sums by (w-10)(h-10) all the
// same (0, -0 or NaN). The CPU map and the twin's finish both end here.
SsimMeans means_of(const SsimSums& sums, int ow, int oh);

// The map through the row functions of `dsp` (ssim_dsp.hpp); extractors pass
// make_dsp(cpu::active()), made when they are.
class SsimMap {
 public:
  explicit SsimMap(const Dsp& dsp) : dsp_(dsp) {}
  const Dsp& dsp() const { return dsp_; }
  // ref and dis: w x h floats, row-major without padding.
  SsimMeans compute(const float* ref, const float* dis, int w, int h) {
    return means_of(sums(ref, dis, w, h), w - (kWindow - 1), h - (kWindow - 1));
  }
  // The map's four sums (what compute divides).
  SsimSums sums(const float* ref, const float* dis, int w, int h);

 private:
  Dsp dsp_;
  std::vector<float> sq_;    // one input row's ref^2, dis^2, ref*dis (3 x w)
  std::vector<float> ring_;  // 11 rows x 5 quantities x (w - 10): the horizontal pass
  std::vector<float> out_;   // 5 quantities x (w - 10): one row of the vertical pass
  std::vector<double> terms_;  // l, c, s, l*c*s of one output row (4 x (w - 10))
};

// Luma (plane 0) as libvmaf's picture_copy converts it: 8-bit samples as they are,
// 10, 12 and 16-bit ones divided by 4, 16 and 256. `dst` holds width x height floats.
void luma_to_float(const Plane& luma, unsigned bpc, float* dst);

// float_ssim's decimation by `factor` with its factor x factor box low-pass (taps
// 1/factor^2), sampled at every factor-th pixel, of the luma as luma_to_float converts
// it (read from the plane, so the full-size float picture is never written); returns
// the new size. libvmaf decimates its float picture in place, but never reads a sample
// it overwrote.
void decimate_box(const Plane& luma, unsigned bpc, int factor, float* dst, int& out_w, int& out_h);

// MS-SSIM's decimation by 2 with its 9x9 low-pass; dsp.lpf_run computes the interior.
void decimate_lpf(const float* src, int w, int h, float* dst, int& out_w, int& out_h, const Dsp& dsp);

}  // namespace fastvmaf::ssim
