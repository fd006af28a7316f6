// libvmaf's frame scalers (vif_scale_frame_s, vif_tools.c): nearest, bilinear, bicubic
// and lanczos4, as per-axis tables of source coordinates and weights. Float VIF
// prescales with them, float motion's scale 1 is a bilinear halving, SpEED prescales.
#pragma once

#include <string>
#include <vector>

#include "common/float_picture.hpp"

namespace fastvmaf::common {

enum class PrescaleMethod { Nearest, Bilinear, Bicubic, Lanczos4 };

// "nearest", "bilinear", "bicubic", "lanczos4" (vif_get_scaling_method). Throws
// std::invalid_argument naming `option` otherwise.
PrescaleMethod parse_prescale_method(const std::string& name, const std::string& option);
const char* to_string(PrescaleMethod method);

// The widest output libvmaf's bilinear scaler takes (VIF_BILINEAR_MAX_WIDTH): its column
// tables live on the stack.
inline constexpr unsigned kBilinearMaxWidth = 7680;

// How one output coordinate reads its axis of the source. For output o:
// `index[o * taps .. + taps)` are source coordinates (already mirrored); bicubic and
// lanczos4 keep `taps` weights per output in `weight`; bilinear keeps one fraction per
// output in `weight`; nearest keeps none. `in_bounds` is false when a mirrored
// coordinate falls outside the source (libvmaf would read outside its buffer; the
// table holds the coordinate clamped).
struct ResampleAxis {
  int taps = 0;
  std::vector<int> index;
  std::vector<float> weight;
  bool in_bounds = true;
};
// The table for an axis of `src` samples resampled to `dst`.
ResampleAxis make_resample_axis(PrescaleMethod method, int src, int dst);

// vif_scale_frame_s of a whole image: `dst` (already sized) from `src` through the two
// axes' tables. libvmaf copies the frame when both sizes are equal; callers do that.
void resample_image(PrescaleMethod method, const ResampleAxis& x, const ResampleAxis& y, const FloatImage& src,
                    FloatImage& dst);

// One output row y of that resampling into out[0 .. dst width).
void resample_row(PrescaleMethod method, const ResampleAxis& x, const ResampleAxis& y, const FloatImage& src,
                  unsigned y_out, unsigned dst_width, float* out);

}  // namespace fastvmaf::common
