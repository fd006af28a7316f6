// Constants and small helpers of libvmaf's float SSIM and MS-SSIM (float_ssim.c,
// float_ms_ssim.c, ssim.c, ms_ssim.c, iqa/*), one copy for both extractors: the
// filter taps, the per-scale exponents, the decimation factor and sizes, the size
// limits, and the dB conversion.
#pragma once

#include <string>

namespace fastvmaf::ssim {

// The 11-tap Gaussian window (sigma 1.5), applied as two 1-D passes: libvmaf builds
// its iqa convolution with IQA_CONVOLVE_1D, so the 2-D table is never used.
inline constexpr int kWindow = 11;
inline constexpr int kWindowHalf = kWindow / 2;
extern const float kGaussian[kWindow];

// MS-SSIM's down-sampling low-pass (9/7 biorthogonal), used as the 2-D table: the
// decimation filters pixel by pixel, never with the separable taps.
inline constexpr int kLpf = 9;
inline constexpr int kLpfHalf = kLpf / 2;
extern const float kLpf2d[kLpf][kLpf];

// MS-SSIM: five scales (Wang's weights); float, as libvmaf stores them.
inline constexpr int kScales = 5;
extern const float kAlpha[kScales];
extern const float kBeta[kScales];
extern const float kGamma[kScales];

// float_ssim's automatic decimation factor: max(1, round(min(w, h) / 256)), rounded
// as libvmaf's iqa _round does it (in float, halves away from zero).
int auto_scale(int width, int height);

// The size of one dimension after decimating by `factor` (libvmaf adds one for every
// odd size, whatever the factor).
int decimated_size(int n, int factor);

// Whether float_ssim's factor x factor box low-pass stays inside a frame of `n`
// samples once libvmaf mirrors its taps at the edges (it mirrors once; a kernel wider
// than that reads outside the picture). Only a tiny frame with a large explicit
// `scale` fails.
bool box_filter_fits(int n, int factor);

// MS-SSIM needs every one of its 5 scales (each half the previous, rounded down in
// libvmaf's check) to hold the 11-tap window: 176 = 11 << 4 in both dimensions.
inline constexpr int kMsSsimMinSize = kWindow << (kScales - 1);
bool ms_ssim_fits(int width, int height);

// The dB ceiling of clip_db: ceil(10 log10(peak^2 / (0.5 / (w h)))); +inf without
// clip_db.
double max_db(bool clip_db, unsigned bpc, unsigned width, unsigned height);

// libvmaf's convert_to_db: min(-10 log10(1 - score), max_db), with its MIN macro (a
// NaN score gives max_db).
double to_db(double score, double max_db);

// float_ssim's map input of a w x h luma: the decimation factor (the automatic one for
// scale 0, else the given one; 1: none), the size the map reads (decimated_size of
// each dimension when factor > 1) and the dB ceiling. Throws std::invalid_argument
// for an unsupported depth or a box low-pass that would reach past the mirrored edge.
// The CPU extractor and its twin both plan with it.
struct SsimPlan {
  int factor = 1;
  int w = 0, h = 0;
  double max_db = 0;
};
SsimPlan plan_ssim(int scale_override, bool clip_db, unsigned width, unsigned height, unsigned bpc);

// The bit depths libvmaf's picture_copy converts to float (8, 10, 12, 16; any other
// depth it would read as 8-bit samples). Empty when supported, else the message.
std::string unsupported_depth(const char* feature, unsigned bpc);

}  // namespace fastvmaf::ssim
