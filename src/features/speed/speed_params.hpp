// Constants and option-derived plans of SpEED (libvmaf's speed.c and the helpers it
// takes from vif_tools.c): block geometry, plane dimensions and the minimum size, when
// the prescale resamples, the antialias and local-mean taps. One copy for the CPU extractor and any device twin;
// what speed.c shares with float VIF (the Gaussian taps, the kernel-scale whitelist, the
// prescale's methods and tables) is src/common's.
#pragma once

#include <cstdint>
#include <vector>

#include "core/hd.hpp"

namespace fastvmaf::speed {

inline constexpr int kBlock = 5;                        // DEFAULT_BLOCK_SIZE
inline constexpr int kBlockElements = kBlock * kBlock;  // the covariance matrix is 25x25
inline constexpr int kScales = 4;                       // NUM_SCALES
inline constexpr int kDecimation = 1 << kScales;        // vif_dec16_s keeps every 16th sample
// A plane must keep at least one 5x5 block after the 16x decimation.
inline constexpr unsigned kMinScaledSize = static_cast<unsigned>(kBlock * kDecimation);
inline constexpr double kEigenEps = 1e-6;  // EIGENVALUE_EPS: a double, so comparisons promote
inline constexpr int kEigenMaxIterations = 500;
inline constexpr int kSampleOffset = -128;  // picture_copy's offset for SpEED

// libvmaf resamples only when the prescale is not ALMOST_EQUAL to 1 (|p - 1| >= 1e-3).
bool prescale_resamples(double prescale);

// speed_init_dimensions: (int)(n * prescale + 0.5).
unsigned scaled_size(unsigned n, double prescale);

// The smallest plane dimension n whose scaled size keeps one block: scaled_size(n) >= 80.
unsigned min_plane_size(double prescale);

// libvmaf's SpeedDimensions for one plane.
struct SpeedDims {
  unsigned width = 0, height = 0;                // the plane as read
  unsigned scaled_width = 0, scaled_height = 0;  // after the prescale
  unsigned down_width = 0, down_height = 0;      // after the 16x decimation ("operating")
  unsigned blocks_x = 0, blocks_y = 0;           // whole 5x5 blocks in the operating size
  unsigned trunc_width = 0, trunc_height = 0;    // blocks * 5
  unsigned sub_width = 0, sub_height = 0;        // trunc - 4: each shifted window of the covariance
  FVMAF_HD unsigned num_blocks() const { return blocks_x * blocks_y; }
  FVMAF_HD bool usable() const { return blocks_x > 0 && blocks_y > 0; }
};
SpeedDims make_dims(unsigned width, unsigned height, double prescale);

// SpEED's two filters, from vif_tools.c's Gaussian taps (common/gaussian.hpp, which also
// holds the kernel-scale whitelist that speed_kernelscale is checked against).
// speed_get_antialias_filter(.., NUM_SCALES, ks): the blur before the 16x decimation.
std::vector<float> antialias_taps(float kernelscale);
// vif_get_filter(.., NUM_SCALES, ks): the local mean removed after the decimation.
std::vector<float> local_mean_taps(float kernelscale);

// log2(2 pi e), the differential-entropy constant of a unit Gaussian (double).
double log2_two_pi_e();

// speed_chroma's uv score: where exactly one channel's covariance could not be inverted
// (a flat plane), the other channel's score; else the mean of the two, in double.
float chroma_uv_score(float u, bool singular_u, float v, bool singular_v);
// speed_chroma's output: libvmaf's MIN(score, max_val) in double (a NaN score gives max_val).
double clip_score(float score, double max_val);

}  // namespace fastvmaf::speed
