// Constants and per-scale parameters of libvmaf's integer ADM (integer_adm.c,
// integer_adm.h, barten_csf_tools.h): the db2 filter, the reciprocal table, the CSF
// weights of every mode (the Watson and Barten CSFs come from common/adm_csf.hpp),
// the border regions and the fixed-point shifts of each scale.
// One copy, used by the CPU reference and the GPU twins.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace fastvmaf::adm {

inline constexpr int kScales = 4;

// Smallest luma size libvmaf's integer ADM runs on: its DWT index tables underflow
// (and it crashes) when a scale's input has fewer than 3 rows or columns, which
// happens at scale 3 below 17.
inline constexpr unsigned kMinSize = 17;

// db2 analysis filters in Q15 (integer_adm.h dwt2_db2_coeffs_lo / _hi).
inline constexpr std::int32_t kDwtLo[4] = {15826, 27411, 7345, -4240};
inline constexpr std::int32_t kDwtHi[4] = {-4240, -7345, 27411, -15826};
inline constexpr std::int32_t kDwtLoSum = 46342;

// Rounding of the vertical and horizontal DWT passes at scales 1..3 (index scale-1),
// as adm_dwt2_s123_combined.
struct DwtRounding {
  std::int32_t v_add;
  int v_shift;
  std::int32_t h_add;
  int h_shift;
};
inline constexpr DwtRounding kDwtS123[3] = {{0, 0, 16384, 15}, {32768, 16, 32768, 16}, {32768, 16, 16384, 15}};

// The decouple's reciprocal table (integer_adm.h div_lookup): entry 32768 + i holds
// 2^30 / i and entry 32768 - i its negation, for i in 1..32768; entry 32768 is 0.
inline constexpr int kDivLookupSize = 65537;
const std::int32_t* div_lookup();

// libvmaf's ADM_CSF_MODE.
enum class CsfMode { Watson97 = 0, Barten = 1, BartenWatsonBlend = 2, BartenWatsonBlendMae = 3 };

// The options that shape the computation (libvmaf's AdmState).
struct AdmConfig {
  double enhn_gain_limit = 100.0;
  double norm_view_dist = 3.0;
  int ref_display_height = 1080;
  CsfMode csf_mode = CsfMode::Watson97;
  double csf_scale = 1.0;
  double csf_diag_scale = 1.0;
  double noise_weight = 0.03125;
  double dlm_weight = 0.5;
  double min_val = 0.0;
  bool skip_aim = false;
  bool skip_scale0 = false;
};

// Empty when libvmaf computes the configuration; otherwise why it cannot (libvmaf's
// extract fails below 1080p at 3H; the blended CSF modes know a few displays only).
std::string config_error(const AdmConfig& c);

// CSF weights of one scale for the h, v and d bands (libvmaf's rfactor: h and v share
// the first factor, d uses the second). `scale` is 0..3.
std::array<float, 3> csf_weights(const AdmConfig& c, int scale);

// The Watson and Barten CSFs are common/adm_csf.hpp's (float ADM uses them too).
// Blended tables: theta 0 (h, v) or 1 (d); returns -22 (libvmaf's -EINVAL) when the
// display is not tabulated.
float blended_csf(bool mae, int scale, int theta, double norm_view_dist, int ref_display_height);

// A half-open rectangle of band samples.
struct Rect {
  int top = 0, bottom = 0, left = 0, right = 0;
  int rows() const { return bottom - top; }
  int cols() const { return right - left; }
};

// Everything one scale needs that does not depend on pixels.
struct ScaleParams {
  int scale = 0;
  int in_w = 0, in_h = 0;  // this scale's DWT input
  int w = 0, h = 0;        // its bands
  // libvmaf's border-trimmed region where the contrast measure and the CSF
  // denominator are summed (ADM_BORDER_FACTOR).
  Rect measure;
  // Where the decoupled and CSF-filtered bands must be known for the measure's 3x3
  // masking neighbourhood: `measure` grown by one sample, inside the band.
  Rect masker;
  std::array<float, 3> rfactor{};       // CSF weights h, v, d
  std::array<std::uint32_t, 3> i_rfactor{};  // fixed point: Q21, Q21, Q23 (uint16) at scale 0; Q32 above
  // Contrast measure rounding: per band at scale 0 (h, v, d differ), shared above.
  std::array<std::uint32_t, 3> cm_cub_shift{};
  std::array<std::uint32_t, 3> cm_cub_add{};
  std::uint32_t cm_row_shift = 0, cm_row_add = 0;
  // CSF denominator rounding.
  std::uint32_t den_cub_shift = 0, den_cub_add = 0;   // scales 1..3
  std::uint32_t den_row_shift = 0, den_row_add = 0;
};

// Index of the input sample the DWT reads for tap t (0..3) of output n, as
// dwt2_src_indices_filt: 2n-1+t, mirrored at both ends. Returns -1 where libvmaf reads
// one element before the data (an input of 3 or 4 samples; see adm.cpp).
int dwt_source_index(int n, int t, int in_size);

ScaleParams make_scale_params(const AdmConfig& c, int scale, int in_w, int in_h);

// The integer totals of one scale after each row was rounded once: contrast measure
// of the DLM and AIM passes and the CSF denominator, per band h, v, d.
struct ScaleSums {
  std::int64_t dlm[3] = {0, 0, 0};
  std::int64_t aim[3] = {0, 0, 0};
  std::uint64_t den[3] = {0, 0, 0};
};

struct AdmScores {
  double adm2 = 0, aim = 0, adm3 = 0;
  double scale[4] = {0, 0, 0, 0};  // num / den per scale
  double num = 0, den = 0;
  double num_scale[4] = {0, 0, 0, 0}, den_scale[4] = {0, 0, 0, 0};
};

// Per-scale float arithmetic and the frame scores (adm_cm / adm_csf_den_scale tails,
// integer_compute_adm, extract): the host step every backend ends with.
AdmScores finish_frame(const AdmConfig& c, const ScaleParams (&p)[kScales], const ScaleSums (&sums)[kScales],
                       unsigned width, unsigned height);

// Conversions as libvmaf's x86-64 build performs them (cvttsd2si), including values
// out of range of the target type.
std::uint16_t to_u16_like_x86(double v);
std::uint32_t to_u32_like_x86(double v);

}  // namespace fastvmaf::adm
