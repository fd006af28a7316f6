// CAMBI constants and helpers shared by the CPU reference and every GPU twin (one copy).
//
// Everything here is host code that runs once per run (planning) or once per scale
// (pooling and weighting). The per-pixel arithmetic lives in cambi_math.hpp.
//
// What each helper guarantees:
//  - adjusted_window(), pixels_in_window(), mask_index(), effective_high_res_speedup():
//    libvmaf's integer formulas (cambi.c adjust_window_size, get_pixels_in_window,
//    get_mask_index, the speed-up thresholds of init), same widths and truncations.
//  - resize_source_indices(): the nearest-neighbour source index of every output column
//    (or row) exactly as libvmaf's float accumulation produces it, clamped to the input
//    (libvmaf never exceeds it for the sizes we test; see the unit test).
//  - kReciprocalLut: libvmaf's literal table (42 entries differ by one ulp from 1.0f / i).
//  - make_contrast_tables(): num_diffs, contrast weights, TVI thresholds (in the "raw +
//    num_diffs" space libvmaf uses), the visibility luma and the value band outside which
//    a pixel neither contributes to nor receives a c-value. libvmaf init's double math.
//  - check_window(): the window guard. The adjusted window at the encode and at the source
//    resolution (after the high-res speed-up) must satisfy window^2 < 4226, the size of the
//    reciprocal table; otherwise error -EINVAL and "cambi: window_size N too large for
//    reciprocal LUT: ..." (libvmaf's words, then the size that made the window grow and
//    the largest window_size that fits there). make_plan() calls it before anything is
//    allocated.
//  - topk_count(), weight_scores(): libvmaf's spatial_pooling count and
//    weight_scores_per_scale, in its double order.
//  - topk_fixed_sum(), fixed_topk_mean(): the exact top-K sum. Every c-value is 0 or a
//    float in [0.5, 2^14), hence a multiple of 2^-24; the sum of the K largest is an
//    integer in units of 2^-24 (held in 128 bits), independent of order. The mean is that
//    integer rounded once to double, scaled by 2^-24 and divided once by K. It equals
//    libvmaf's double mean whenever TopKSum::exact_in_double() holds: the K values are
//    multiples of 2^(e - 23), e the exponent of the smallest non-zero one, so while their
//    sum stays below 2^53 such steps every partial sum of libvmaf's loop is exact,
//    whatever its order.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "fastvmaf/picture.hpp"
#include "features/cambi/cambi_math.hpp"

namespace fastvmaf {
class OptionSet;
}

namespace fastvmaf::cambi {

inline constexpr int kNumScales = 5;
inline constexpr int kScaleWeights[kNumScales] = {16, 8, 4, 2, 1};
// Suprathreshold contrast response, indexed by diff - 1 (libvmaf g_contrast_weights).
inline constexpr int kContrastWeights[kMaxNumDiffs] = {1, 2, 3, 4, 4, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8,
                                                       8, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9};
inline constexpr int kMaskFilterSize = 7;
// libvmaf rejects a frame (or source size) only when both sides are below this.
inline constexpr unsigned kMinWidthHeight = 216;
inline constexpr int kReciprocalLutSize = 4226;
extern const float kReciprocalLut[kReciprocalLutSize];
// The speed-up thresholds of libvmaf's init (pixels at the encode resolution).
inline constexpr long kSpeedupPixels1080p = 1920L * 1080;
inline constexpr long kSpeedupPixels1440p = 2560L * 1440;
inline constexpr long kSpeedupPixels2160p = 3840L * 2160;

enum class Eotf { Bt1886, Pq };

// ---- geometry -------------------------------------------------------------------

// libvmaf adjust_window_size: window * (w + h) / 375 >> 4, halved (rounding up) with the
// speed-up, then made odd.
int adjusted_window(int window_size, unsigned width, unsigned height, bool high_res_speedup);
// (2 * (window / 2) + 1)^2, as a uint16 like libvmaf's get_pixels_in_window.
int pixels_in_window(int window);
// libvmaf ceil_log2 of a uint32 (0 for 0).
int ceil_log2(std::uint32_t n);
// libvmaf get_mask_index for the 7x7 zero-derivative filter at this (full) resolution:
// a pixel is in the mask when more than this many of its 49 neighbours are flat.
int mask_index(unsigned width, unsigned height);
// The option value when the encode resolution reaches its threshold (1080, 1440, 2160),
// else 0; any other value is 0 (libvmaf's switch in init).
int effective_high_res_speedup(int option, unsigned enc_width, unsigned enc_height);
// Source index of each of `out` samples when `in` samples are resized to `out`
// (libvmaf decimate_generic_*_and_convert_to_10b; identity when in == out).
std::vector<std::uint32_t> resize_source_indices(unsigned in, unsigned out);
// True when window^2 indexes inside the reciprocal table.
constexpr bool window_fits_lut(int window) { return window * window < kReciprocalLutSize; }

struct WindowCheck {
  int error = 0;        // 0, or -EINVAL (libvmaf init's return)
  int window = 0;       // the larger of the two adjusted windows
  std::string message;  // set when error != 0
};
// The window guard (see the top of this file).
WindowCheck check_window(int window_size, unsigned enc_width, unsigned enc_height, unsigned src_width,
                         unsigned src_height, bool high_res_speedup);

// ---- luminance, thresholds ------------------------------------------------------------

// Luminance (cd/m^2) of a 10-bit limited-range luma sample (libvmaf luminance_tools.c).
double luminance(int sample10, Eotf eotf);
// libvmaf get_tvi_for_diff: the largest 10-bit sample at which a step of `diff` levels is
// still below tvi_threshold * L (0 when none is, 1023 when all are).
int tvi_for_diff(int diff, double tvi_threshold, Eotf eotf);
// libvmaf get_vlt_luma: the smallest sample whose luminance reaches the threshold (0 when
// the foot does). Throws std::invalid_argument when no limited-range sample reaches it.
int vlt_luma(double vis_lum_threshold, Eotf eotf);
// num_diffs = 2^max_log_contrast and the tables c_value_pixel reads.
CValueTables make_contrast_tables(int max_log_contrast, double tvi_threshold, double vis_lum_threshold, Eotf eotf);

// ---- options and plan -------------------------------------------------------------

// The option values as libvmaf's CambiState holds them after parsing.
struct Settings {
  int enc_width = 0, enc_height = 0, enc_bitdepth = 0;
  int src_width = 0, src_height = 0;
  int window_size = 65;
  double topk = 0.6;  // effective: topk when it is not the default, else cambi_topk
  double tvi_threshold = 0.019;
  double vis_lum_threshold = 0.0;
  int max_log_contrast = 2;
  Eotf eotf = Eotf::Bt1886;  // effective: cambi_eotf when it is not the default, else eotf
  int high_res_speedup = 0;
  bool full_ref = false;
  double max_val = 1000.0;
  std::string heatmaps_path;
};
Settings settings_from_options(const OptionSet& options);

struct ScaleSize {
  unsigned width = 0, height = 0;
};

// One side of the computation: the distorted picture at the encode resolution, or the
// reference at the source resolution.
struct SidePlan {
  unsigned width = 0, height = 0;       // after the resize, before any scale
  int window = 0;                       // adjusted window, used at every scale
  int mask_index = 0;                   // of the full resolution
  std::array<ScaleSize, kNumScales> scales{};  // size at which each scale is computed
  std::vector<std::uint32_t> source_x;  // picture column of each column (width entries)
  std::vector<std::uint32_t> source_y;  // picture row of each row (height entries)
};

struct Plan {
  Settings settings;
  unsigned enc_bitdepth = 8;
  bool high_res_speedup = false;
  bool anti_dither = false;  // enc_bitdepth < 10
  CValueTables tables{};
  SidePlan dis;               // encode resolution
  SidePlan ref;               // source resolution (planned always, used with full_ref)
  unsigned alloc_width = 0, alloc_height = 0;  // largest plane a run needs
};

// libvmaf's init: defaults from the geometry, the size checks (clear messages naming the
// minimum), the speed-up, the windows and the window guard, the tables. Throws
// std::invalid_argument; allocates nothing large before the guard has passed.
Plan make_plan(const Settings& settings, const VideoGeometry& geometry);

// The message of the InputError for a sample above the bit depth (validate_samples; the
// GPU twins report the same).
std::string sample_range_message(unsigned bpc);

// ---- pooling and score --------------------------------------------------------------

// libvmaf spatial_pooling's count: clip((int)(topk * n), 1, n).
int topk_count(double topk, int n);
// libvmaf weight_scores_per_scale: sum of scores[s] * kScaleWeights[s], in scale order,
// divided by the pixels in the window.
double weight_scores(const double (&scores)[kNumScales], int window);

__extension__ typedef unsigned __int128 Fixed128;  // GCC/Clang extension
inline constexpr int kFixedFractionBits = 24;
// c * 2^24 as an integer; exact for every c-value (0, or a float in [0.5, 2^14)).
inline std::uint64_t to_fixed(float c) { return static_cast<std::uint64_t>(c * 16777216.0f); }
// The exact sum of the k largest c-values and what decides whether a double sum of them
// is exact (see the top of this file).
struct TopKSum {
  Fixed128 sum = 0;      // units of 2^-24
  int min_exponent = 0;  // floor(log2) of the smallest non-zero value among them (sum > 0)
  // True when every double partial sum of these values, in any order, is exact.
  bool exact_in_double() const { return sum < (Fixed128(1) << (54 + min_exponent)); }
};

// Exact top-K sums by radix selection: non-zero c-values are binned by the top 16 bits of
// their float (one bin per 2^-7 relative step from 0.5 to 2^14), the bins give the k-th
// largest, and the sum is taken in 128-bit units of 2^-24. Reused across calls.
class TopKSelector {
 public:
  static constexpr std::uint32_t kFirstHigh = 0x3F00;  // 0.5f >> 16
  static constexpr std::uint32_t kEndHigh = 0x4680;    // 16384.0f >> 16
  static constexpr std::size_t kBins = kEndHigh - kFirstHigh;

  // Forgets the values added so far.
  void clear();
  // Records a non-zero c-value. Throws std::domain_error if c is not a c-value.
  void add(float c) {
    if (!(c >= 0.5f && c < 16384.0f)) throw_not_c_value(c);
    std::uint32_t b;
    std::memcpy(&b, &c, sizeof b);
    ++count_[(b >> 16) - kFirstHigh];
    values_.push_back(c);
  }
  // The exact sum of the k largest of the values added and any number (at least k minus
  // the count added) of zeros.
  TopKSum sum_of_largest(std::size_t k);
  // The values added, in order.
  const std::vector<float>& values() const { return values_; }

 private:
  [[noreturn]] static void throw_not_c_value(float c);
  std::array<std::uint32_t, kBins> count_{};
  std::vector<float> values_;
  std::vector<float> boundary_;
};

// The exact sum of the k largest of c[0..n) (k <= n).
TopKSum topk_fixed_sum(const float* c, std::size_t n, std::size_t k, TopKSelector& selector);
// (double)sum * 2^-24 / k.
double fixed_topk_mean(Fixed128 sum, std::size_t k);

}  // namespace fastvmaf::cambi
