// The SpEED twins' work-items (src/features/speed/gpu/): what one work-item of each
// kernel does, and the data the kernels read and write, written once for the kernels
// (speed_kernels_*.cu) and the host replay (tests/replay/speed_replay_test.cpp); the plan
// (tables, scratch, grids) is speed_plan.hpp. The arithmetic of one element is the CPU
// reference's own (speed_math.hpp, speed_linalg.hpp, common/mirror.hpp's reflection);
// docs/adr/0205-speed-gpu-twin.md gives the plan and why each sum equals the CPU's.
//
// One frame of speed_chroma analyses 4 images (ref U, dis U, ref V, dis V), one of
// speed_temporal 2 (the previous minus the current luma of ref and of dis); every kernel
// handles all images of the frame at once:
//   1 blur     the antialias blur at the samples the 16x decimation keeps (from the
//              picture's samples, prescaled on the fly when speed_prescale resamples)
//   2 mean     the local mean removed from the decimated plane
//   3 cov      the 25 window means (float sums in raster order, one work-item each) and
//              the 325 covariance sums (double sums in raster order, one work-item each)
//   4 solve    per image, one block: the eigenvalues (Householder tridiagonalisation with
//              the block's work-items, then the QR iteration on one), and another block:
//              the Householder QR of the covariance, the linear system of every 5x5
//              block and its variance
//   5 score    per 5x5 block: entropies and get_speed_score's term; the last block of a
//              channel adds the terms in block order and divides, as the CPU does
// speed_temporal adds `keep`: the current luma planes into a ring of two, for the next
// frame's differences. Every sum is taken in the CPU's order by one work-item, so every
// value is the CPU's; the parallelism is across pixels, pairs, blocks and images.
//
// The work-items that compute in double (cov, solve, score) are templates over the real
// type F, hd::f64 unless told: double, or hd::SoftF64 (core/hd/f64.hpp, the same bits in
// integer arithmetic) in units built with FVMAF_SOFT_F64, where Plan's log2_2pie is one too.
#pragma once

#include <cstddef>
#include <cstdint>

#include "common/float_picture.hpp"
#include "common/mirror.hpp"
#include "common/resample.hpp"
#include "common/resample_math.hpp"
#include "core/hd.hpp"
#include "core/hd/atomics.hpp"
#include "core/hd/bits.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/rounding.hpp"
#include "features/speed/speed_linalg.hpp"
#include "features/speed/speed_math.hpp"
#include "features/speed/speed_params.hpp"
#include "features/speed/speed_plane.hpp"

namespace fastvmaf::speed::twin {

inline constexpr int kN = kBlockElements;                  // 25: the covariance is 25 x 25
inline constexpr int kPairs = kN * (kN + 1) / 2;           // 325 covariance sums
inline constexpr int kMaxAntialiasTaps = 35;               // filter_width(1, 360/97), the widest kernel scale
inline constexpr int kMaxMeanTaps = 9;                     // filter_width(4, 360/97)
inline constexpr unsigned kMaxImages = 4;
inline constexpr unsigned kRing = 2;                       // speed_temporal's luma planes kept on the device

// ---- launch shapes ---------------------------------------------------------------------
inline constexpr unsigned kBlurOutputs = 32;   // decimated columns per blur block
inline constexpr unsigned kBlurThreads = 256;
inline constexpr unsigned kMeanThreads = 256;
inline constexpr unsigned kCovThreads = 128;   // one warp per scheduler: the sums are latency-bound chains
inline constexpr unsigned kCovBlocks = (kPairs + kCovThreads - 1) / kCovThreads;
inline constexpr unsigned kSolveThreads = 256;
inline constexpr unsigned kScoreThreads = 128;
inline constexpr unsigned kKeepThreads = 256;
inline constexpr unsigned kChromaLaunches = 5;     // blur, mean, cov, solve, score
inline constexpr unsigned kTemporalLaunches = 6;   // the same and keep (frame 0: keep only)

// ---- what the kernels read and write -------------------------------------------------------

// One image as stage 1 reads it: picture_copy of `a` (offset -128, high bit depths
// divided), minus picture_copy of `b` when `b` is set (speed_temporal's differences).
struct ImageSource {
  const std::uint8_t* a = nullptr;
  std::size_t a_pitch = 0;
  const std::uint8_t* b = nullptr;
  std::size_t b_pitch = 0;
};

// Per image: whether its eigenvalues are all >= 1e-6 (is_matrix_regular) and whether its
// QR decomposition's pivots are (solve_triangular_system); solved when both.
struct ImageFlags {
  std::uint32_t regular;
  std::uint32_t pivots_ok;
};

// The device scratch of one run (reused by every frame, in stream order).
struct Scratch {
  float* down = nullptr;      // images x plane: the decimated plane
  float* centred = nullptr;   // images x plane: the decimated plane minus its local mean
  float* cov = nullptr;       // images x 625
  float* eig = nullptr;       // images x 25
  ImageFlags* flags = nullptr;  // images
  float* variance = nullptr;  // images x blocks (when solved)
  float* terms = nullptr;     // channels x blocks: get_speed_score's terms
};

// Everything a frame's kernels need besides the frame's planes (fixed for the run).
struct Plan {
  SpeedDims dims;
  unsigned images = 0, channels = 0;
  unsigned bpc = 8;
  float divisor = 256.0f;  // picture_copy's, above 8 bits
  bool resample = false;
  common::PrescaleMethod method = common::PrescaleMethod::Nearest;
  int taps_x = 0, taps_y = 0;  // of the resample axes
  const int* xi = nullptr;     // resample tables (device): make_resample_axis
  const float* xw = nullptr;
  const int* yi = nullptr;
  const float* yw = nullptr;
  int aa_taps = 0, mean_taps = 0;
  float aa[kMaxAntialiasTaps] = {};
  float mean[kMaxMeanTaps] = {};
  float sigma_nn = 0.0f;
  float base_entropy = 0.0f;
  hd::f64 log2_2pie = hd::f64(0.0);
  int weight_var_mode = 0;
  std::size_t plane = 0;  // floats of one decimated plane: down_width * down_height
  Scratch s;
};

// The twin's slot of the frame's results block (zero when the frame's work starts).
struct ChannelResult {
  float score;              // SpeedPlane::score of the channel's ref and dis images
  std::uint32_t singular;   // bit 0: the ref image's covariance could not be inverted, bit 1: dis
  std::uint32_t terms_done; // score blocks that have written their terms (the last one adds them)
  std::uint32_t spare;
};
struct Results {
  ChannelResult channel[2];  // speed_chroma: U, V; speed_temporal: channel 0
};

struct Frame {
  Plan plan;
  ImageSource src[kMaxImages];
  Results* results = nullptr;
};

// The images of channel c: speed_chroma's (2c, 2c + 1) = (ref, dis); speed_temporal's (0, 1).
FVMAF_HD inline unsigned image_of(unsigned channel, unsigned side) { return 2 * channel + side; }

FVMAF_HD inline unsigned ceil_div(unsigned a, unsigned b) { return (a + b - 1) / b; }

// ---- 1 blur ------------------------------------------------------------------------------

// picture_copy of one sample.
template <typename T>
FVMAF_HD inline float picture_value(const std::uint8_t* plane, std::size_t pitch, int y, int x, float divisor) {
  const T v = reinterpret_cast<const T*>(plane + static_cast<std::size_t>(y) * pitch)[x];
  if constexpr (sizeof(T) == 1)
    return common::to_float(v, kSampleOffset);
  else
    return common::to_float(v, divisor, kSampleOffset);
}

// The image at (y, x) inside the plane: the CPU's PictureRows, or FloatRows of the
// difference subtract_image leaves.
template <typename T>
FVMAF_HD inline float image_at(const Plan& p, const ImageSource& s, int y, int x) {
  const float a = picture_value<T>(s.a, s.a_pitch, y, x, p.divisor);
  if (!s.b) return a;
  return hd::fsub_rn(a, picture_value<T>(s.b, s.b_pitch, y, x, p.divisor));
}

template <typename T>
struct ImageAt {
  const Plan* p;
  const ImageSource* s;
  FVMAF_HD float operator()(int y, int x) const { return image_at<T>(*p, *s, y, x); }
};

// Row y, column x of the prescaled image (SpeedPlane::scaled_row): the image itself
// (0 past its edges) without resampling, else the method's interpolation from the tables.
template <typename T>
FVMAF_HD inline float scaled_at(const Plan& p, const ImageSource& s, int y, int x) {
  const SpeedDims& d = p.dims;
  if (!p.resample) {
    const unsigned inside = static_cast<unsigned>(y) < d.height ? (d.width < d.scaled_width ? d.width : d.scaled_width) : 0u;
    return static_cast<unsigned>(x) < inside ? image_at<T>(p, s, y, x) : 0.0f;
  }
  const ImageAt<T> at{&p, &s};
  switch (p.method) {
    case common::PrescaleMethod::Nearest:
      return at(p.yi[y], p.xi[x]);
    case common::PrescaleMethod::Bilinear: {
      const int r1 = p.yi[2 * y], r2 = p.yi[2 * y + 1], c1 = p.xi[2 * x], c2 = p.xi[2 * x + 1];
      return common::bilinear_blend(at(r1, c1), at(r1, c2), at(r2, c1), at(r2, c2), p.xw[x], p.yw[y]);
    }
    case common::PrescaleMethod::Bicubic:
      return common::bicubic_sample_at(at, p.xi + 4 * x, p.xw + 4 * x, p.yi + 4 * y, p.yw + 4 * y);
    default:
      return common::lanczos4_sample_at(at, p.xi + 9 * x, p.xw + 9 * x, p.yi + 9 * y, p.yw + 9 * y);
  }
}

// Phase 1, work-item t of n in block (tile, row i, image): the vertical pass at the
// columns the block's outputs read: vals[o * taps + u] is the CPU's acc at column
// reflect(16 jo - half + u) of kept row i, jo = tile * kBlurOutputs + o.
template <typename T>
FVMAF_HD inline void blur_vertical(const Plan& p, const ImageSource& s, unsigned tile, unsigned i, unsigned t, unsigned n,
                                   float* vals) {
  const int taps = p.aa_taps, half = taps / 2;
  const int sw = static_cast<int>(p.dims.scaled_width), sh = static_cast<int>(p.dims.scaled_height);
  const unsigned items = kBlurOutputs * static_cast<unsigned>(taps);
  for (unsigned w = t; w < items; w += n) {
    const unsigned o = w / static_cast<unsigned>(taps), u = w % static_cast<unsigned>(taps);
    const unsigned jo = tile * kBlurOutputs + o;
    if (jo >= p.dims.down_width) continue;
    const int col = common::reflect(static_cast<int>(jo) * kDecimation - half + static_cast<int>(u), sw);
    float acc = 0.0f;
    for (int k = 0; k < taps; ++k) {
      const int y = common::reflect(static_cast<int>(i) * kDecimation - half + k, sh);
      acc = math::tap(acc, p.aa[k], scaled_at<T>(p, s, y, col));
    }
    vals[w] = acc;
  }
}

// Phase 2, work-item o: the horizontal pass of output jo = tile * kBlurOutputs + o.
FVMAF_HD inline void blur_horizontal(const Plan& p, unsigned image, unsigned tile, unsigned i, unsigned o,
                                     const float* vals) {
  const unsigned jo = tile * kBlurOutputs + o;
  if (o >= kBlurOutputs || jo >= p.dims.down_width) return;
  const int taps = p.aa_taps;
  float acc = 0.0f;
  for (int u = 0; u < taps; ++u) acc = math::tap(acc, p.aa[u], vals[o * static_cast<unsigned>(taps) + u]);
  p.s.down[image * p.plane + static_cast<std::size_t>(i) * p.dims.down_width + jo] = acc;
}

// ---- 2 mean -----------------------------------------------------------------------------

// Work-item k of image `image` (k = i * down_width + j): the CPU's remove_local_mean at
// (i, j), its vertical values at the columns the horizontal pass reads computed in place.
FVMAF_HD inline void local_mean(const Plan& p, unsigned image, unsigned k) {
  if (k >= p.plane) return;
  const int w = static_cast<int>(p.dims.down_width), h = static_cast<int>(p.dims.down_height);
  const int i = static_cast<int>(k) / w, j = static_cast<int>(k) % w;
  const int taps = p.mean_taps, half = taps / 2;
  const float* down = p.s.down + image * p.plane;
  float mean = 0.0f;
  for (int u = 0; u < taps; ++u) {
    const int c = common::reflect(j - half + u, w);
    float tmp = 0.0f;
    for (int v = 0; v < taps; ++v) tmp = math::tap(tmp, p.mean[v], down[common::reflect(i - half + v, h) * w + c]);
    mean = math::tap(mean, p.mean[u], tmp);
  }
  p.s.centred[image * p.plane + k] = hd::fsub_rn(down[k], mean);
}

// ---- 3 cov --------------------------------------------------------------------------------

// Phase 1, work-item o < 25 (window offset (o / 5, o % 5)): compute_mean, the float sum
// of the shifted window in raster order divided by the number of positions.
FVMAF_HD inline void window_mean(const Plan& p, unsigned image, unsigned o, float* means) {
  if (o >= static_cast<unsigned>(kN)) return;
  const SpeedDims& d = p.dims;
  const float* plane = p.s.centred + image * p.plane + (o / kBlock) * d.down_width + o % kBlock;
  float s = 0.0f;
  for (unsigned i = 0; i < d.sub_height; ++i) {
    const float* row = plane + static_cast<std::size_t>(i) * d.down_width;
    for (unsigned j = 0; j < d.sub_width; ++j) s = hd::fadd_rn(s, row[j]);
  }
  means[o] = hd::fdiv_rn(s, hd::uint_to_float_rn(d.sub_width * d.sub_height));
}

// The pair (x, y), y <= x, of covariance sum q < 325 (x-major).
FVMAF_HD inline void pair_of(unsigned q, int& x, int& y) {
  x = 0;
  while (q > static_cast<unsigned>(x)) q -= static_cast<unsigned>(++x);
  y = static_cast<int>(q);
}

// Phase 2, work-item q < 325 of the image (q = block * kCovThreads + t):
// compute_covariance for its pair, the double sum over the window positions in raster
// order of (x - mean_x) (y - mean_y), divided by their number; both mirrored entries.
template <class F = hd::f64>
FVMAF_HD inline void covariance_sum(const Plan& p, unsigned image, unsigned q, const float* means) {
  if (q >= static_cast<unsigned>(kPairs)) return;
  int x, y;
  pair_of(q, x, y);
  const SpeedDims& d = p.dims;
  const float* plane = p.s.centred + image * p.plane;
  const float* px = plane + (x / kBlock) * d.down_width + x % kBlock;
  const float* py = plane + (y / kBlock) * d.down_width + y % kBlock;
  const float mx = means[x], my = means[y];
  F acc = F(0.0);
  for (unsigned i = 0; i < d.sub_height; ++i) {
    const float* rx = px + static_cast<std::size_t>(i) * d.down_width;
    const float* ry = py + static_cast<std::size_t>(i) * d.down_width;
    for (unsigned j = 0; j < d.sub_width; ++j)
      acc = hd::dadd_rn(acc, hd::dmul_rn(math::centred<F>(rx[j], mx), math::centred<F>(ry[j], my)));
  }
  const float c = hd::double_to_float_rn(hd::ddiv_rn(acc, hd::uint_to_double<F>(d.sub_width * d.sub_height)));
  float* cov = p.s.cov + image * kN * kN;
  cov[x * kN + y] = c;
  cov[y * kN + x] = c;
}

// ---- 4 solve: the eigenvalues ---------------------------------------------------------------
// Blocks 0 .. images-1 of the solve launch: linalg::tridiagonalize with the rows spread
// over work-items, then linalg::tridiagonal_eigenvalues on work-item 0. Shared memory:
// EigenShared. Every phase is one call below for every work-item, then a barrier.

struct EigenShared {
  float a[kN * kN];
  float v[kN], w[kN];
  float d[kN], e[kN];
  float tau, beta, s, shift;
  std::uint32_t skip;  // this step has no reflector (tau == 0)
};

FVMAF_HD inline void eigen_load(const Plan& p, unsigned image, unsigned t, unsigned n, EigenShared& sh) {
  const float* cov = p.s.cov + image * kN * kN;
  for (unsigned k = t; k < static_cast<unsigned>(kN * kN); k += n) sh.a[k] = cov[k];
}

// Step i (0 .. kN - 3), phase 1, work-item 0: the reflector that zeroes a[i+2.., i]
// (compute_householder_transform).
template <class F = hd::f64>
FVMAF_HD inline void eigen_reflector(int i, unsigned t, EigenShared& sh) {
  if (t != 0) return;
  const int top = i + 1;
  float tail = 0.0f;
  for (int r = top + 1; r < kN; ++r) tail = hd::fadd_rn(tail, hd::fmul_rn(sh.a[r * kN + i], sh.a[r * kN + i]));
  const float tail_norm = linalg::sqrt_f<F>(tail);
  sh.tau = 0.0f;
  sh.s = 0.0f;
  if (tail_norm != 0.0f) {
    const float alpha = sh.a[top * kN + i];
    sh.beta = hd::fmul_rn(static_cast<float>(-linalg::sign_of(alpha)), linalg::hypot_f<F>(alpha, tail_norm));
    sh.tau = hd::fdiv_rn(hd::fsub_rn(sh.beta, alpha), sh.beta);
    sh.s = hd::fsub_rn(alpha, sh.beta);
  }
  sh.skip = sh.tau == 0.0f ? 1u : 0u;
}

// Phase 2, work-items over rows r >= i + 1: the column divided by s, its top set to beta.
FVMAF_HD inline void eigen_scale_column(int i, unsigned t, unsigned n, EigenShared& sh) {
  if (sh.s == 0.0f) return;  // no reflector, or s == 0: the column stays (as the CPU's)
  const int top = i + 1;
  for (int r = top + static_cast<int>(t); r < kN; r += static_cast<int>(n))
    sh.a[r * kN + i] = r == top ? sh.beta : hd::fdiv_rn(sh.a[r * kN + i], sh.s);
}

// Phase 3 (when !skip): v = the column with v[top] = 1.
FVMAF_HD inline void eigen_take_v(int i, unsigned t, unsigned n, EigenShared& sh) {
  const int top = i + 1;
  for (int r = top + static_cast<int>(t); r < kN; r += static_cast<int>(n)) sh.v[r] = r == top ? 1.0f : sh.a[r * kN + i];
}

// Phase 4: w[r] = sum over c of tau a[r][c] v[c], in c order (tridiagonal_multiply).
FVMAF_HD inline void eigen_w(int i, unsigned t, unsigned n, EigenShared& sh) {
  const int top = i + 1;
  for (int r = top + static_cast<int>(t); r < kN; r += static_cast<int>(n)) {
    float acc = 0.0f;
    for (int c = top; c < kN; ++c) acc = hd::fadd_rn(acc, hd::fmul_rn(hd::fmul_rn(sh.tau, sh.a[r * kN + c]), sh.v[c]));
    sh.w[r] = acc;
  }
}

// Phase 5, work-item 0: (float)(-0.5 * tau * (w . v)), the dot product in r order.
template <class F = hd::f64>
FVMAF_HD inline void eigen_shift(int i, unsigned t, EigenShared& sh) {
  if (t != 0) return;
  float wv = 0.0f;
  for (int r = i + 1; r < kN; ++r) wv = hd::fadd_rn(wv, hd::fmul_rn(sh.w[r], sh.v[r]));
  sh.shift = hd::double_to_float_rn(
      hd::dmul_rn(hd::dmul_rn(F(-0.5), hd::float_to_double<F>(sh.tau)), hd::float_to_double<F>(wv)));
}

// Phase 6: w += shift v.
FVMAF_HD inline void eigen_axpy(int i, unsigned t, unsigned n, EigenShared& sh) {
  for (int r = i + 1 + static_cast<int>(t); r < kN; r += static_cast<int>(n))
    sh.w[r] = hd::fadd_rn(sh.w[r], hd::fmul_rn(sh.shift, sh.v[r]));
}

// Phase 7: A -= w v' + v w' on rows and columns >= i + 1 (tridiagonal_syr2).
FVMAF_HD inline void eigen_update(int i, unsigned t, unsigned n, EigenShared& sh) {
  const int top = i + 1, m = kN - top;
  for (int k = static_cast<int>(t); k < m * m; k += static_cast<int>(n)) {
    const int r = top + k / m, c = top + k % m;
    const float sum = hd::fadd_rn(hd::fmul_rn(sh.w[r], sh.v[c]), hd::fmul_rn(sh.v[r], sh.w[c]));
    sh.a[r * kN + c] = hd::fsub_rn(sh.a[r * kN + c], sum);
  }
}

// After the last step: the diagonal and subdiagonal.
FVMAF_HD inline void eigen_take_tridiagonal(unsigned t, unsigned n, EigenShared& sh) {
  for (int r = static_cast<int>(t); r < kN; r += static_cast<int>(n)) {
    sh.d[r] = sh.a[r * kN + r];
    if (r + 1 < kN) sh.e[r] = sh.a[(r + 1) * kN + r];
  }
}

// Then work-item 0: the QR iteration, the eigenvalues and is_matrix_regular.
template <class F = hd::f64>
FVMAF_HD inline void eigen_iterate(const Plan& p, unsigned image, unsigned t, EigenShared& sh) {
  if (t != 0) return;
  linalg::tridiagonal_eigenvalues<F>(sh.d, sh.e, kN);
  float* eig = p.s.eig + image * kN;
  bool regular = true;
  for (int k = 0; k < kN; ++k) {
    eig[k] = sh.d[k];
    if (hd::float_to_double<F>(sh.d[k]) < F(kEigenEps)) regular = false;
  }
  p.s.flags[image].regular = regular ? 1u : 0u;
}

// ---- 4 solve: the linear system ---------------------------------------------------------------
// Blocks images .. 2 images - 1: linalg::householder_qr with the matrix elements spread
// over work-items (each element's sum in the CPU's order), then per 5x5 block (one
// work-item each) the right-hand side qt y, the back substitution and the variance.

struct QrShared {
  float a[kN * kN], z[kN * kN], qt[kN * kN], t[kN * kN], h[kN * kN];
  float v[kN];
  float vnorm;
  std::uint32_t v_finite, z_finite, qt_finite, pivots_ok;
};

FVMAF_HD inline bool finite(float x) { return hd::fsub_rn(x, x) == 0.0f; }

FVMAF_HD inline void qr_load(const Plan& p, unsigned image, unsigned t, unsigned n, QrShared& sh) {
  const float* cov = p.s.cov + image * kN * kN;
  for (unsigned k = t; k < static_cast<unsigned>(kN * kN); k += n) {
    sh.a[k] = cov[k];
    sh.z[k] = cov[k];
    sh.qt[k] = k / kN == k % kN ? 1.0f : 0.0f;
  }
}

// Step k, phase 1: matrix_minor of z (rows and columns before k become the identity),
// and the finiteness flags start true.
FVMAF_HD inline void qr_minor(int k, unsigned t, unsigned n, QrShared& sh) {
  for (int q = static_cast<int>(t); q < kN * kN; q += static_cast<int>(n)) {
    const int i = q / kN, j = q % kN;
    if (i < k)
      sh.z[q] = i == j ? 1.0f : 0.0f;
    else if (j < k)
      sh.z[q] = 0.0f;
  }
  if (t == 0) sh.v_finite = sh.z_finite = sh.qt_finite = 1u;
}

// Phase 2, work-item 0: v = column k of z, v[k] += sign(a[k][k]) |v|, then |v|.
template <class F = hd::f64>
FVMAF_HD inline void qr_vector(int k, unsigned t, QrShared& sh) {
  if (t != 0) return;
  for (int i = 0; i < kN; ++i) sh.v[i] = sh.z[i * kN + k];
  const float norm = linalg::norm_f<F>(sh.v, kN);
  sh.v[k] = hd::fadd_rn(sh.v[k], hd::fmul_rn(static_cast<float>(linalg::sign_of(sh.a[k * kN + k])), norm));
  sh.vnorm = linalg::norm_f<F>(sh.v, kN);
}

// Phase 3: v /= |v|.
FVMAF_HD inline void qr_normalise(unsigned t, unsigned n, QrShared& sh) {
  for (int i = static_cast<int>(t); i < kN; i += static_cast<int>(n)) sh.v[i] = hd::fdiv_rn(sh.v[i], sh.vnorm);
}

// Phase 4: h = I - 2 v v', and the flags all_finite(v), all_finite(rows < k of z and qt).
FVMAF_HD inline void qr_reflector(int k, unsigned t, unsigned n, QrShared& sh) {
  for (int q = static_cast<int>(t); q < kN * kN; q += static_cast<int>(n)) {
    const int i = q / kN, j = q % kN;
    const float h = hd::fmul_rn(hd::fmul_rn(-2.0f, sh.v[i]), sh.v[j]);
    sh.h[q] = i == j ? hd::fadd_rn(h, 1.0f) : h;
    if (i < k && !finite(sh.z[q])) hd::atomic_and(&sh.z_finite, 0u);
    if (i < k && !finite(sh.qt[q])) hd::atomic_and(&sh.qt_finite, 0u);
    if (q < kN && !finite(sh.v[q])) hd::atomic_and(&sh.v_finite, 0u);
  }
}

// Element (i, j) of h * y as householder_qr forms it: apply_reflector's sum over
// m = k .. N-1 (rows i < k: 0 + y[i][j]) when v and rows < k of y are finite, else
// multiply's full sum; each from +0 in m order.
FVMAF_HD inline float reflected(const QrShared& sh, const float* y, int k, bool exact_zeros, int i, int j) {
  if (exact_zeros && i < k) return hd::fadd_rn(0.0f, y[i * kN + j]);
  float acc = 0.0f;
  for (int m = exact_zeros ? k : 0; m < kN; ++m) acc = hd::fadd_rn(acc, hd::fmul_rn(sh.h[i * kN + m], y[m * kN + j]));
  return acc;
}

// Phase 5 (k + 2 < N): t = h z on rows and columns > k.
FVMAF_HD inline void qr_apply_z(int k, unsigned t, unsigned n, QrShared& sh) {
  const int m = kN - (k + 1);
  const bool exact = sh.v_finite && sh.z_finite;
  for (int q = static_cast<int>(t); q < m * m; q += static_cast<int>(n)) {
    const int i = k + 1 + q / m, j = k + 1 + q % m;
    sh.t[i * kN + j] = reflected(sh, sh.z, k, exact, i, j);
  }
}

// Phase 6: z = t there; phase 7: t = h qt everywhere.
FVMAF_HD inline void qr_copy_z(int k, unsigned t, unsigned n, QrShared& sh) {
  const int m = kN - (k + 1);
  for (int q = static_cast<int>(t); q < m * m; q += static_cast<int>(n)) {
    const int i = k + 1 + q / m, j = k + 1 + q % m;
    sh.z[i * kN + j] = sh.t[i * kN + j];
  }
}
FVMAF_HD inline void qr_apply_qt(int k, unsigned t, unsigned n, QrShared& sh) {
  const bool exact = sh.v_finite && sh.qt_finite;
  for (int q = static_cast<int>(t); q < kN * kN; q += static_cast<int>(n)) sh.t[q] = reflected(sh, sh.qt, k, exact, q / kN, q % kN);
}
// Phase 8: qt = t.
FVMAF_HD inline void qr_copy_qt(unsigned t, unsigned n, QrShared& sh) {
  for (int q = static_cast<int>(t); q < kN * kN; q += static_cast<int>(n)) sh.qt[q] = sh.t[q];
}

// After the steps: r = qt a (into h), each element's sum from +0 in order.
FVMAF_HD inline void qr_r(unsigned t, unsigned n, QrShared& sh) {
  for (int q = static_cast<int>(t); q < kN * kN; q += static_cast<int>(n)) {
    const int i = q / kN, j = q % kN;
    float acc = 0.0f;
    for (int m = 0; m < kN; ++m) acc = hd::fadd_rn(acc, hd::fmul_rn(sh.qt[i * kN + m], sh.a[m * kN + j]));
    sh.h[q] = acc;
  }
}

// Then work-item 0: are the pivots >= 1e-6 (solve_triangular_system)?
template <class F = hd::f64>
FVMAF_HD inline void qr_pivots(const Plan& p, unsigned image, unsigned t, QrShared& sh) {
  if (t != 0) return;
  bool ok = true;
  for (int i = 0; i < kN; ++i)
    if (hd::float_to_double<F>(linalg::abs_f(sh.h[i * kN + i])) < F(kEigenEps)) ok = false;
  sh.pivots_ok = ok ? 1u : 0u;
  p.s.flags[image].pivots_ok = sh.pivots_ok;
}

// compute_independent_term for 5x5 block b: its 25 samples of the centred plane.
FVMAF_HD inline void block_samples(const Plan& p, unsigned image, unsigned b, float* y) {
  const SpeedDims& d = p.dims;
  const float* plane = p.s.centred + image * p.plane;
  const unsigned row = (b / d.blocks_x) * kBlock, col = (b % d.blocks_x) * kBlock;
  for (int k = 0; k < kN; ++k) y[k] = plane[static_cast<std::size_t>(row + k / kBlock) * d.down_width + col + k % kBlock];
}

// Then work-items over the 5x5 blocks (when the pivots allow): qt y, the back
// substitution r x = qt y and the block's variance.
FVMAF_HD inline void qr_solve_blocks(const Plan& p, unsigned image, unsigned t, unsigned n, const QrShared& sh) {
  if (!sh.pivots_ok) return;
  const unsigned blocks = p.dims.num_blocks();
  for (unsigned b = t; b < blocks; b += n) {
    float y[kN], rhs[kN], x[kN];
    block_samples(p, image, b, y);
    for (int i = 0; i < kN; ++i) {
      float acc = 0.0f;
      for (int k = 0; k < kN; ++k) acc = hd::fadd_rn(acc, hd::fmul_rn(sh.qt[i * kN + k], y[k]));
      rhs[i] = acc;
    }
    for (int i = kN - 1; i >= 0; --i) {
      float row = rhs[i];
      for (int k = i + 1; k < kN; ++k) row = hd::fsub_rn(row, hd::fmul_rn(x[k], sh.h[i * kN + k]));
      x[i] = hd::fdiv_rn(row, sh.h[i * kN + i]);
    }
    p.s.variance[image * blocks + b] = math::block_variance(x, y, 1);
  }
}

// ---- 5 score ------------------------------------------------------------------------------------

struct ScoreShared {
  float eig[2][kN];
  std::uint32_t solved[2];
  std::uint32_t last;  // this block is the channel's last to finish its terms
};

FVMAF_HD inline void score_load(const Plan& p, unsigned channel, unsigned t, unsigned n, ScoreShared& sh) {
  for (unsigned k = t; k < 2u * kN; k += n) sh.eig[k / kN][k % kN] = p.s.eig[image_of(channel, k / kN) * kN + k % kN];
  if (t < 2) {
    const ImageFlags f = p.s.flags[image_of(channel, t)];
    sh.solved[t] = f.regular && f.pivots_ok ? 1u : 0u;
  }
  if (t == 0) sh.last = 0u;
}

// Work-item t of block `tile`: the term of 5x5 block b = tile * kScoreThreads + t: the
// variances (0 x y when the system was not solved), the entropies, get_speed_score's term.
template <class F = hd::f64>
FVMAF_HD inline void score_term(const Plan& p, unsigned channel, unsigned tile, unsigned t, const ScoreShared& sh) {
  const unsigned blocks = p.dims.num_blocks(), b = tile * kScoreThreads + t;
  if (b >= blocks) return;
  float v[2], h[2];
  for (unsigned side = 0; side < 2; ++side) {
    const unsigned image = image_of(channel, side);
    if (sh.solved[side]) {
      v[side] = p.s.variance[image * blocks + b];
    } else {
      float y[kN], zero[kN];
      block_samples(p, image, b, y);
      for (int k = 0; k < kN; ++k) zero[k] = 0.0f;
      v[side] = math::block_variance(zero, y, 1);
    }
    h[side] = math::block_entropy(sh.eig[side], v[side], p.sigma_nn, hd::f64_as<F>(p.log2_2pie));
  }
  p.s.terms[channel * blocks + b] = math::block_score<F>(h[0], h[1], v[0], v[1], p.base_entropy, p.weight_var_mode);
  hd::thread_fence();  // the term before the block's count (score_arrive)
}

// Then work-item 0 counts the block done (after a fence, so its terms are visible to
// the block that sees the count complete).
FVMAF_HD inline void score_arrive(const Plan& p, unsigned channel, unsigned t, ScoreShared& sh, unsigned tiles,
                                  Results* r) {
  if (t != 0) return;
  hd::thread_fence();
  if (hd::arrive(&r->channel[channel].terms_done) == tiles - 1) sh.last = 1u;
}

// Then, in the last block, work-item 0: SpeedPlane::score (the float sum in block order,
// 0 when exactly one image is singular), and the flags. A NaN score is stored as the
// CPU's: its NaNs come from invalid operations (x86's default NaN, sign cleared by the
// terms' fabs), where the device's operations give their own NaN bits.
FVMAF_HD inline void score_total(const Plan& p, unsigned channel, unsigned t, const ScoreShared& sh, Results* r) {
  if (t != 0 || !sh.last) return;
  hd::thread_fence();
  const unsigned blocks = p.dims.num_blocks();
  const float* terms = p.s.terms + channel * blocks;
  float score = 0.0f;
  if (sh.solved[0] == sh.solved[1]) {
    float sum = 0.0f;
    for (unsigned b = 0; b < blocks; ++b) sum = hd::fadd_rn(sum, hd::load_coherent(terms + b));
    score = hd::fdiv_rn(sum, hd::uint_to_float_rn(blocks));
    if (score != score) score = hd::bits_float(0x7fc00000u);
  }
  ChannelResult& c = r->channel[channel];
  c.score = score;
  c.singular = (sh.solved[0] ? 0u : 1u) | (sh.solved[1] ? 0u : 2u);
}

// ---- keep (speed_temporal) ------------------------------------------------------------------------

struct KeepArgs {
  const std::uint8_t* src[2] = {};  // the frame's ref and dis luma
  std::uint8_t* dst[2] = {};        // their ring planes
  std::size_t pitch = 0;            // bytes per row of both (the frame layout's pitch)
  unsigned rows = 0;
};

// Work-item t of block (x, row, side): 16 bytes of the row (pitches are multiples of 32
// bytes and planes start on 256-byte boundaries).
FVMAF_HD inline void keep_chunk(const KeepArgs& a, unsigned x, unsigned row, unsigned side, unsigned t) {
  const std::size_t chunk = static_cast<std::size_t>(x) * kKeepThreads + t;
  if (chunk * 16 >= a.pitch) return;
  const std::size_t at = static_cast<std::size_t>(row) * a.pitch + chunk * 16;
  const std::uint64_t* s = reinterpret_cast<const std::uint64_t*>(a.src[side] + at);
  std::uint64_t* d = reinterpret_cast<std::uint64_t*>(a.dst[side] + at);
  d[0] = s[0];
  d[1] = s[1];
}

}  // namespace fastvmaf::speed::twin
