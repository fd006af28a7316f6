// The float image libvmaf's float extractors work on (picture_copy.c): 8-bit samples
// as they are, 10, 12 and 16-bit samples divided by 4, 16 or 256 in float (so every
// depth lands on the 8-bit scale), then an integer offset (0 or -128) added in float.
// Shared by float_psnr, float_ansnr, float_moment, float_vif, float_adm, float_motion.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/hd.hpp"
#include "core/hd/rounding.hpp"
#include "fastvmaf/picture.hpp"

namespace fastvmaf::common {

// A float image, rows `stride` floats apart.
struct FloatImage {
  unsigned width = 0, height = 0;
  std::size_t stride = 0;
  std::vector<float> data;

  void resize(unsigned w, unsigned h) {
    width = w;
    height = h;
    stride = w;
    data.assign(static_cast<std::size_t>(w) * h, 0.0f);
  }
  // The same buffer as a w x h image (rows w apart), growing it only when it is too
  // small; the samples are left as they were.
  void reshape(unsigned w, unsigned h) {
    width = w;
    height = h;
    stride = w;
    if (data.size() < static_cast<std::size_t>(w) * h) data.resize(static_cast<std::size_t>(w) * h);
  }
  float* row(unsigned y) { return data.data() + static_cast<std::size_t>(y) * stride; }
  const float* row(unsigned y) const { return data.data() + static_cast<std::size_t>(y) * stride; }
};

// picture_copy knows 8, 10, 12 and 16 bits. At any other depth it takes the 8-bit
// branch and reads the 16-bit samples as bytes, so the float extractors refuse those
// depths; float_psnr and float_ansnr refuse them in libvmaf too (their init fails).
bool float_depth_supported(unsigned bpc);
// Throws std::invalid_argument naming `feature` when the depth is not supported.
void require_float_depth(std::string_view feature, unsigned bpc);

// The divisor of a depth: 1 at 8 bits, 4 at 10, 16 at 12, 256 at 16. SpEED (which
// accepts every depth) also divides by 256 at the depths the float extractors refuse.
FVMAF_HD inline float depth_divisor(unsigned bpc) {
  return bpc == 8 ? 1.0f : bpc == 10 ? 4.0f : bpc == 12 ? 16.0f : 256.0f;
}

// One sample, as picture_copy converts it. Spelled with core/hd's rounded operations, so
// a twin's kernels compute it as the CPU does (on the host they are the plain C ones).
FVMAF_HD inline float to_float(std::uint8_t v, int offset) {
  return hd::fadd_rn(hd::int_to_float_rn(v), hd::int_to_float_rn(offset));
}
FVMAF_HD inline float to_float(std::uint16_t v, float divisor, int offset) {
  return hd::fadd_rn(hd::fdiv_rn(hd::int_to_float_rn(v), divisor), hd::int_to_float_rn(offset));
}
// The same with a divisor for either sample type (with_sample_type's loops): 8-bit
// samples are not divided (their divisor is 1).
FVMAF_HD inline float to_float(std::uint8_t v, float /*divisor*/, int offset) { return to_float(v, offset); }

// Samples [x0, x1) of row y of `plane` (of depth `bpc`) into out[x0 .. x1).
void convert_row(const Plane& plane, unsigned bpc, int offset, unsigned y, unsigned x0, unsigned x1, float* out);

// The top-left width x height samples of `plane` into `dst` (resized to that size).
void convert_plane(const Plane& plane, unsigned bpc, int offset, unsigned width, unsigned height, FloatImage& dst);

// The peak of the converted range and the PSNR ceiling of float_psnr and float_ansnr
// (their init): 255 / 60 dB at 8 bits, (2^bpc - 1) / divisor and 6 * bpc + 12 dB above.
struct FloatPeak {
  double peak = 255.0;
  double psnr_max = 60.0;
};
FloatPeak float_peak(unsigned bpc);

}  // namespace fastvmaf::common
