// The contrast-sensitivity models libvmaf's two ADMs share (adm_tools.h,
// barten_csf_tools.h, adm_csf_tools.h), evaluated in float as libvmaf does, and the
// angle test constant of their decouple step. Integer ADM (adm) and float ADM
// (float_adm) build their per-scale CSF weights from these.
#pragma once

namespace fastvmaf::common {

// cos(1 degree)^2 as the float both decouple steps compare with.
float cos_1deg_sq();

// dwt_quant_step with the luma (Y) parameters: Watson et al. 1997's quantisation step
// of DWT level `lambda` (0..3) and orientation `theta` (1 vertical, 2 diagonal).
float watson_quant_step(int lambda, int theta, double norm_view_dist, int ref_display_height);

// barten_csf at the default luminance of 100 cd/m2, times `csf_scale`.
float barten_csf(int lambda, double norm_view_dist, int ref_display_height, double csf_scale);

// adm_native_csf: the CSF of the DLM paper (Li et al. 2011); `theta` 0 or 45 (degrees,
// the oblique effect).
float native_csf(int lambda, double norm_view_dist, int ref_display_height, int theta);

}  // namespace fastvmaf::common
