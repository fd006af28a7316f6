#include "features/speed/speed_plane.hpp"

#include <algorithm>

#include "common/mirror.hpp"
#include "common/resample_math.hpp"
#include "features/speed/speed_covariance.hpp"
#include "features/speed/speed_linalg.hpp"
#include "features/speed/speed_math.hpp"

namespace fastvmaf::speed {

namespace {
constexpr int kN = kBlockElements;
constexpr int kPad = kPairStride;
constexpr std::size_t kCovChunk = 96;  // window positions per chunk: 96 x 28 doubles stay in L1
}

SpeedPlane::SpeedPlane(const SpeedSettings& settings, const SpeedDims& dims)
    : settings_(settings),
      dims_(dims),
      // libvmaf's scalers copy the frame when the prescale leaves both sizes unchanged.
      resample_(prescale_resamples(settings.prescale) &&
                (dims.scaled_width != dims.width || dims.scaled_height != dims.height)),
      aa_taps_(antialias_taps(settings.kernelscale)),
      mean_taps_(local_mean_taps(settings.kernelscale)),
      log2_2pie_(log2_two_pi_e()),
      base_entropy_(math::base_entropy(settings.sigma_nn, settings.nn_floor, log2_2pie_)),
      dsp_(make_dsp(cpu::active())) {
  if (resample_) {
    // Every plane SpEED accepts (at least min_plane_size samples) keeps the mirrored
    // coordinates inside it (ResampleAxis::in_bounds): unlike float VIF, no size to refuse.
    axis_x_ = common::make_resample_axis(settings.method, static_cast<int>(dims.width),
                                         static_cast<int>(dims.scaled_width));
    axis_y_ = common::make_resample_axis(settings.method, static_cast<int>(dims.height),
                                         static_cast<int>(dims.scaled_height));
    original_.resize(static_cast<std::size_t>(dims.width) * dims.height);
  }
  row_.resize(std::max(dims.width, dims.scaled_width));
  acc_.resize(dims.scaled_width);
  const std::size_t down = static_cast<std::size_t>(dims.down_width) * dims.down_height;
  down_.resize(down);
  mean_.resize(down);
  tmp_.resize(dims.down_width);
  centred_.assign(kCovChunk * kPad, 0.0);
  cov_acc_.resize(kPad * kPad);
  for (auto* m : {&cov_, &qt_, &r_, &z_, &t_}) m->resize(kN * kN);
  eig_.resize(kN);
  const std::size_t rect = static_cast<std::size_t>(kN) * dims.num_blocks();
  for (auto* m : {&y_, &rhs_, &x_}) m->resize(rect);
  solve_row_.resize(dims.num_blocks());
}

// Row y of the prescaled plane (vif_scale_frame_s / the bilinear column tables).
// Without resampling it is the plane's own row; a prescale within 1e-3 of 1 may still
// round the operating size one sample past the plane, and that margin reads as 0 (as
// libvmaf's freshly allocated buffer does; libvmaf never writes it).
const float* SpeedPlane::scaled_row(const PlaneRows& rows, unsigned y) {
  float* out = row_.data();
  const unsigned sw = dims_.scaled_width;
  if (!resample_) {
    const unsigned inside = y < dims_.height ? std::min(dims_.width, sw) : 0;
    if (inside > 0) rows.row(y, 0, inside, out);
    std::fill(out + inside, out + sw, 0.0f);
    return out;
  }
  const float* src = original_.data();
  const long stride = static_cast<long>(dims_.width);
  const int* xi = axis_x_.index.data();
  const float* xw = axis_x_.weight.data();
  switch (settings_.method) {
    case common::PrescaleMethod::Nearest: {
      const float* s = src + axis_y_.index[y] * stride;
      for (unsigned x = 0; x < sw; ++x) out[x] = s[xi[x]];
      break;
    }
    case common::PrescaleMethod::Bilinear: {
      const float* r1 = src + axis_y_.index[2 * y] * stride;
      const float* r2 = src + axis_y_.index[2 * y + 1] * stride;
      const float dy = axis_y_.weight[y];
      for (unsigned x = 0; x < sw; ++x) {
        const int a = xi[2 * x], b = xi[2 * x + 1];
        out[x] = common::bilinear_blend(r1[a], r1[b], r2[a], r2[b], xw[x], dy);
      }
      break;
    }
    case common::PrescaleMethod::Bicubic: {
      const int* yi = &axis_y_.index[4 * y];
      const float* yw = &axis_y_.weight[4 * y];
      for (unsigned x = 0; x < sw; ++x) out[x] = common::bicubic_sample(src, stride, xi + 4 * x, xw + 4 * x, yi, yw);
      break;
    }
    case common::PrescaleMethod::Lanczos4: {
      const int* yi = &axis_y_.index[9 * y];
      const float* yw = &axis_y_.weight[9 * y];
      for (unsigned x = 0; x < sw; ++x) out[x] = common::lanczos4_sample(src, stride, xi + 9 * x, xw + 9 * x, yi, yw);
      break;
    }
  }
  return out;
}

// vif_filter1d_s with the antialias taps over the whole prescaled plane, then
// vif_dec16_s: here only the samples that the decimation keeps, from the rows they read.
void SpeedPlane::blur_and_decimate(const PlaneRows& rows) {
  if (resample_)
    for (unsigned y = 0; y < dims_.height; ++y)
      rows.row(y, 0, dims_.width, original_.data() + static_cast<std::size_t>(y) * dims_.width);
  const int taps = static_cast<int>(aa_taps_.size());
  const int half = taps / 2;
  const int sw = static_cast<int>(dims_.scaled_width);
  const int sh = static_cast<int>(dims_.scaled_height);
  float* acc = acc_.data();
  for (unsigned i = 0; i < dims_.down_height; ++i) {
    std::fill(acc, acc + sw, 0.0f);
    for (int t = 0; t < taps; ++t) {
      const int y = common::reflect(static_cast<int>(i) * kDecimation - half + t, sh);
      const float* src = scaled_row(rows, static_cast<unsigned>(y));
      const float f = aa_taps_[t];
      dsp_.tap_row(acc, src, f, static_cast<unsigned>(sw));
    }
    float* out = down_.data() + static_cast<std::size_t>(i) * dims_.down_width;
    for (unsigned jo = 0; jo < dims_.down_width; ++jo) {
      const int c = static_cast<int>(jo) * kDecimation - half;
      float s = 0.0f;
      for (int t = 0; t < taps; ++t) s = math::tap(s, aa_taps_[t], acc[common::reflect(c + t, sw)]);
      out[jo] = s;
    }
  }
}

// vif_filter1d_s with the scale-4 taps on the decimated plane, then subtract_image.
void SpeedPlane::remove_local_mean() {
  const int taps = static_cast<int>(mean_taps_.size());
  const int half = taps / 2;
  const int w = static_cast<int>(dims_.down_width);
  const int h = static_cast<int>(dims_.down_height);
  float* tmp = tmp_.data();
  for (int i = 0; i < h; ++i) {
    std::fill(tmp, tmp + w, 0.0f);
    for (int t = 0; t < taps; ++t) {
      const float* src = down_.data() + static_cast<std::size_t>(common::reflect(i - half + t, h)) * w;
      const float f = mean_taps_[t];
      for (int j = 0; j < w; ++j) tmp[j] = math::tap(tmp[j], f, src[j]);
    }
    float* out = mean_.data() + static_cast<std::size_t>(i) * w;
    for (int j = 0; j < w; ++j) {
      float s = 0.0f;
      for (int t = 0; t < taps; ++t) s = math::tap(s, mean_taps_[t], tmp[common::reflect(j - half + t, w)]);
      out[j] = s;
    }
  }
  for (std::size_t k = 0; k < down_.size(); ++k) down_[k] -= mean_[k];
}

// compute_covariance_matrix: the 25 window means in float, then for each pair of
// window offsets the double sum, in raster order, of the centred products
// (speed_covariance.hpp), divided by the number of positions.
void SpeedPlane::covariance() {
  const unsigned sw = dims_.sub_width, sh = dims_.sub_height, stride = dims_.down_width;
  const std::size_t n = static_cast<std::size_t>(sw) * sh;
  const float count = static_cast<float>(n);
  float means[kN];
  for (int r0 = 0; r0 < kBlock; ++r0) {
    float s[kBlock] = {0, 0, 0, 0, 0};  // one float sum per column offset, raster order each
    for (unsigned i = 0; i < sh; ++i) {
      const float* row = down_.data() + static_cast<std::size_t>(r0 + i) * stride;
      for (unsigned j = 0; j < sw; ++j)
        for (int c0 = 0; c0 < kBlock; ++c0) s[c0] += row[j + c0];
    }
    for (int c0 = 0; c0 < kBlock; ++c0) means[r0 * kBlock + c0] = s[c0] / count;
  }
  // Chunk by chunk of window positions p (raster order): the centred samples
  // centred_[q * kPad + o] of position p0 + q and offset o (offsets 25..27 stay 0),
  // then their products added to every pair's accumulator.
  std::fill(cov_acc_.begin(), cov_acc_.end(), 0.0);
  std::size_t p0 = 0;
  while (p0 < n) {
    const std::size_t chunk = std::min(kCovChunk, n - p0);
    for (std::size_t q = 0; q < chunk; ++q) {
      const std::size_t i = (p0 + q) / sw, j = (p0 + q) % sw;
      double* dst = centred_.data() + q * kPad;
      for (int r0 = 0; r0 < kBlock; ++r0) {
        const float* src = down_.data() + (i + r0) * stride + j;
        for (int c0 = 0; c0 < kBlock; ++c0) dst[r0 * kBlock + c0] = math::centred(src[c0], means[r0 * kBlock + c0]);
      }
    }
    dsp_.pair_sums(centred_.data(), chunk, cov_acc_.data());
    p0 += chunk;
  }
  const double* acc = cov_acc_.data();
  const double dn = static_cast<double>(n);
  for (int x = 0; x < kN; ++x)
    for (int y = 0; y <= x; ++y) cov_[x * kN + y] = cov_[y * kN + x] = static_cast<float>(acc[x * kPad + y] / dn);
}

// est_params after the covariance: eigenvalues, the linear system K X = Y with Y the
// blocks' samples, each block's variance sum_k X[k] Y[k] / 25 and its entropy.
void SpeedPlane::estimate(BlockStats& out) {
  covariance();
  linalg::symmetric_eigenvalues<kN>(cov_.data(), eig_.data());

  const unsigned blocks = dims_.num_blocks(), bx = dims_.blocks_x, stride = dims_.down_width;
  // compute_independent_term: row k = (dy, dx) offset inside the block, column = block.
  for (int k = 0; k < kN; ++k) {
    const int dy = k / kBlock, dx = k % kBlock;
    float* yk = y_.data() + static_cast<std::size_t>(k) * blocks;
    for (unsigned b = 0; b < blocks; ++b) {
      const unsigned row = (b / bx) * kBlock + dy, col = (b % bx) * kBlock + dx;
      yk[b] = down_[static_cast<std::size_t>(row) * stride + col];
    }
  }

  bool regular = true;
  for (int k = 0; k < kN; ++k)
    if (static_cast<double>(eig_[k]) < kEigenEps) regular = false;
  bool solved = false;
  if (regular) {
    dsp_.qr(cov_.data(), qt_.data(), r_.data(), z_.data(), t_.data());
    linalg::multiply<kN>(rhs_.data(), qt_.data(), y_.data(), static_cast<int>(blocks));
    solved = linalg::back_substitute<kN>(r_.data(), rhs_.data(), x_.data(), static_cast<int>(blocks),
                                         solve_row_.data());
  }
  out.singular = !solved;
  if (!solved) std::fill(x_.begin(), x_.end(), 0.0f);

  out.variance.resize(blocks);
  out.entropy.resize(blocks);
  for (unsigned b = 0; b < blocks; ++b) {
    out.variance[b] = math::block_variance(x_.data() + b, y_.data() + b, blocks);
    out.entropy[b] = math::block_entropy(eig_.data(), out.variance[b], settings_.sigma_nn, log2_2pie_);
  }
}

void SpeedPlane::analyze(const PlaneRows& rows, BlockStats& out) {
  blur_and_decimate(rows);
  remove_local_mean();
  estimate(out);
}

float SpeedPlane::score(const BlockStats& ref, const BlockStats& dis) const {
  if (ref.singular != dis.singular) return 0.0f;
  const unsigned blocks = dims_.num_blocks();
  float sum = 0;
  for (unsigned b = 0; b < blocks; ++b)
    sum += math::block_score(ref.entropy[b], dis.entropy[b], ref.variance[b], dis.variance[b], base_entropy_,
                             settings_.weight_var_mode);
  return sum / static_cast<float>(blocks);
}

}  // namespace fastvmaf::speed
