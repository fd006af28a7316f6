#include "features/adm/adm_cpu.hpp"

#include <algorithm>

#include "common/adm_csf.hpp"
#include "features/adm/adm_math.hpp"

namespace fastvmaf::adm {

namespace {

// Fills the padding of a vertical-pass row: element 0 mirrors source 1, the two after
// the data mirror the last two samples (dwt2_src_indices_filt).
template <typename T>
void pad_row(T* ext, int n) {
  ext[0] = ext[2];
  ext[n + 1] = ext[n];
  ext[n + 2] = ext[n - 1];
}

bool in_rows(const Rect& r, int i) { return i >= r.top && i < r.bottom; }

}  // namespace

AdmCpu::AdmCpu(const AdmConfig& config, unsigned width, unsigned height, unsigned bpc, bool simd)
    : cfg_(config), bpc_(bpc), k_(&scalar_row_kernels()) {
  if (simd && avx2_row_kernels()) k_ = avx2_row_kernels();
  int in_w = static_cast<int>(width), in_h = static_cast<int>(height);
  for (int s = 0; s < kScales; ++s) {
    params_[s] = make_scale_params(cfg_, s, in_w, in_h);
    decouple_[s] = {params_[s].i_rfactor, cfg_.enhn_gain_limit, common::cos_1deg_sq(), div_lookup(), !cfg_.skip_aim};
    in_w = params_[s].w;
    in_h = params_[s].h;
  }
  const ScaleParams& p0 = params_[0];
  a_stride_ = p0.w;
  ref_a_.assign(static_cast<std::size_t>(p0.w) * p0.h, 0);
  dis_a_.assign(ref_a_.size(), 0);
  for (int pic = 0; pic < 2; ++pic) {
    lo16_[pic].assign(width + 3, 0);
    hi16_[pic].assign(width + 3, 0);
    lo32_[pic].assign(p0.w + 3, 0);
    hi32_[pic].assign(p0.w + 3, 0);
    for (auto* rows : {&band16_[pic].h, &band16_[pic].v, &band16_[pic].d}) rows->assign(p0.w, 0);
    for (auto* rows : {&band32_[pic].h, &band32_[pic].v, &band32_[pic].d}) rows->assign(params_[1].w, 0);
  }
  for (MaskStore& r : ring_) {
    r.data.assign(static_cast<std::size_t>(p0.w) * 10, 0);
    std::int32_t* d = r.data.data();
    r.row = {d, d + p0.w, d + 2 * p0.w, d + 3 * p0.w, {d + 4 * p0.w, d + 5 * p0.w, d + 6 * p0.w},
             {d + 7 * p0.w, d + 8 * p0.w, d + 9 * p0.w}};
  }
  const ScaleParams& p3 = params_[3];
  phantom_rows_ = (p3.in_h + 1) / 2 == 2;
  phantom_cols_ = (p3.in_w + 1) / 2 == 2;
  if (phantom_rows_) {
    phantom_csf_row_.assign(p0.w, 0);
    phantom_ref_row_.assign(p3.in_w, 0);
    zero_row_.assign(p3.in_w, 0);
  }
}

void AdmCpu::compute(const Plane& ref, const Plane& dis, ScaleSums (&sums)[kScales]) {
  for (ScaleSums& s : sums) s = ScaleSums{};
  if (bpc_ == 8)
    scale0<std::uint8_t>(ref, dis, sums[0]);
  else
    scale0<std::uint16_t>(ref, dis, sums[0]);
  for (int s = 1; s < kScales; ++s) scale123(s, sums[s]);
}

template <typename Pixel>
void AdmCpu::scale0(const Plane& ref, const Plane& dis, ScaleSums& sums) {
  const ScaleParams& p = params_[0];
  const bool bands = !cfg_.skip_scale0;  // skipping scale 0 keeps only its low-pass band
  const int bpc = static_cast<int>(bpc_);
  for (int i = 0; i < p.h; ++i) {
    const bool detail = bands && in_rows(p.masker, i);
    for (int pic = 0; pic < 2; ++pic) {
      const Plane& plane = pic ? dis : ref;
      const Pixel* src[4];
      for (int t = 0; t < 4; ++t) src[t] = plane.row<Pixel>(static_cast<unsigned>(dwt_source_index(i, t, p.in_h)));
      std::int16_t* lo = lo16_[pic].data();
      std::int16_t* hi = detail ? hi16_[pic].data() : nullptr;
      if constexpr (sizeof(Pixel) == 1)
        k_->dwt0_vertical_u8(src, p.in_w, bpc, lo + 1, hi ? hi + 1 : nullptr);
      else
        k_->dwt0_vertical_u16(src, p.in_w, bpc, lo + 1, hi ? hi + 1 : nullptr);
      pad_row(lo, p.in_w);
      if (hi) pad_row(hi, p.in_w);
      std::int32_t* a = (pic ? dis_a_ : ref_a_).data() + static_cast<std::ptrdiff_t>(i) * a_stride_;
      BandRows<std::int16_t>& b = band16_[pic];
      k_->dwt0_horizontal(lo, hi, p.w, a, p.masker.left, p.masker.right, {b.h.data(), b.v.data(), b.d.data()});
    }
    if (!detail) continue;
    const BandRow<const std::int16_t> o = {band16_[0].h.data(), band16_[0].v.data(), band16_[0].d.data()};
    const BandRow<const std::int16_t> t = {band16_[1].h.data(), band16_[1].v.data(), band16_[1].d.data()};
    if (in_rows(p.measure, i)) {
      std::uint64_t acc[3] = {0, 0, 0};
      k_->den0(o, p.measure.left, p.measure.right, acc);
      for (int b = 0; b < 3; ++b) sums.den[b] += row_total(acc[b], p.den_row_add, p.den_row_shift);
    }
    k_->decouple0(o, t, p.masker.left, p.masker.right, decouple_[0], ring_[i % 3].row);
    if (phantom_rows_ && i == p.h - 2) capture_phantom_row(p, i);
    if (i > 0 && in_rows(p.measure, i - 1)) measure_row(p, i - 1, sums);
  }
  if (bands && p.measure.bottom == p.h) measure_row(p, p.h - 1, sums);
}

void AdmCpu::scale123(int scale, ScaleSums& sums) {
  const ScaleParams& p = params_[scale];
  const DwtRounding& rd = kDwtS123[scale - 1];
  const bool keep_a = scale < kScales - 1;  // the last scale's low-pass band is not used
  if (scale == 3 && phantom_rows_) {
    // libvmaf's row -1 of the reference's band a: the last int16 row but one of the
    // scale-0 csf_f band d, read as int32 pairs; for the distorted picture an
    // untouched (zero) row.
    for (int j = 0; j < p.in_w; ++j)
      phantom_ref_row_[j] = static_cast<std::int32_t>(
          static_cast<std::uint16_t>(phantom_csf_row_[2 * j]) |
          (static_cast<std::uint32_t>(static_cast<std::uint16_t>(phantom_csf_row_[2 * j + 1])) << 16));
  }
  for (int i = 0; i < p.h; ++i) {
    const bool detail = in_rows(p.masker, i);
    if (!detail && !keep_a) continue;
    for (int pic = 0; pic < 2; ++pic) {
      const std::int32_t* src = (pic ? dis_a_ : ref_a_).data();
      const std::int32_t* r[4];
      for (int t = 0; t < 4; ++t) {
        const int k = dwt_source_index(i, t, p.in_h);
        r[t] = k >= 0 ? src + static_cast<std::ptrdiff_t>(k) * a_stride_
                      : (pic ? zero_row_.data() : phantom_ref_row_.data());
      }
      std::int32_t* lo = lo32_[pic].data();
      std::int32_t* hi = detail ? hi32_[pic].data() : nullptr;
      k_->dwt123_vertical(r, p.in_w, rd.v_add, rd.v_shift, lo + 1, hi ? hi + 1 : nullptr);
      pad_row(lo, p.in_w);
      if (hi) pad_row(hi, p.in_w);
    }
    if (scale == 3 && phantom_cols_) {
      // libvmaf's column -1 of its four vertical-pass rows, laid out back to back
      // after the heap block header (zero): each is the previous row's last sample.
      lo32_[0][0] = 0;
      hi32_[0][0] = lo32_[0][p.in_w];
      lo32_[1][0] = hi32_[0][p.in_w];
      hi32_[1][0] = lo32_[1][p.in_w];
    }
    for (int pic = 0; pic < 2; ++pic) {
      std::int32_t* a = keep_a ? (pic ? dis_a_ : ref_a_).data() + static_cast<std::ptrdiff_t>(i) * a_stride_ : nullptr;
      BandRows<std::int32_t>& b = band32_[pic];
      k_->dwt123_horizontal(lo32_[pic].data(), detail ? hi32_[pic].data() : nullptr, keep_a ? p.w : 0, a,
                            p.masker.left, p.masker.right, rd.h_add, rd.h_shift, {b.h.data(), b.v.data(), b.d.data()});
    }
    if (!detail) continue;
    const BandRow<const std::int32_t> o = {band32_[0].h.data(), band32_[0].v.data(), band32_[0].d.data()};
    const BandRow<const std::int32_t> t = {band32_[1].h.data(), band32_[1].v.data(), band32_[1].d.data()};
    if (in_rows(p.measure, i)) {
      std::uint64_t acc[3] = {0, 0, 0};
      k_->den123(o, p.measure.left, p.measure.right, scale, p.den_cub_add, p.den_cub_shift, acc);
      for (int b = 0; b < 3; ++b) sums.den[b] += row_total(acc[b], p.den_row_add, p.den_row_shift);
    }
    k_->decouple123(o, t, p.masker.left, p.masker.right, decouple_[scale], ring_[i % 3].row);
    if (i > 0 && in_rows(p.measure, i - 1)) measure_row(p, i - 1, sums);
  }
  if (p.measure.bottom == p.h) measure_row(p, p.h - 1, sums);
}

void AdmCpu::measure_row(const ScaleParams& p, int row, ScaleSums& sums) const {
  // Neighbour rows mirror as libvmaf's ADM_CM_THRESH_* macros: 1 above row 0, the
  // row itself below the last.
  const MaskRow& a = ring_[(row == 0 ? 1 : row - 1) % 3].row;
  const MaskRow& m = ring_[row % 3].row;
  const MaskRow& b = ring_[(row == p.h - 1 ? p.h - 1 : row + 1) % 3].row;
  CubeRounding rounding[3];
  for (int k = 0; k < 3; ++k)
    rounding[k] = p.scale == 0 ? cube_rounding0(k, p.cm_cub_shift[k], p.cm_cub_add[k])
                               : cube_rounding123(p.cm_cub_shift[k], p.cm_cub_add[k]);
  {
    const MeasureRow dlm = {a.nb_dlm, m.nb_dlm, b.nb_dlm, m.centre_dlm, {m.x_dlm[0], m.x_dlm[1], m.x_dlm[2]}};
    std::int64_t acc[3] = {0, 0, 0};
    k_->measure(dlm, p.measure.left, p.measure.right, p.w, rounding, acc);
    for (int k = 0; k < 3; ++k) sums.dlm[k] = add64(sums.dlm[k], row_total(acc[k], p.cm_row_add, p.cm_row_shift));
  }
  if (!cfg_.skip_aim) {
    const MeasureRow aim = {a.nb_aim, m.nb_aim, b.nb_aim, m.centre_aim, {m.x_aim[0], m.x_aim[1], m.x_aim[2]}};
    std::int64_t acc[3] = {0, 0, 0};
    k_->measure(aim, p.measure.left, p.measure.right, p.w, rounding, acc);
    for (int k = 0; k < 3; ++k) sums.aim[k] = add64(sums.aim[k], row_total(acc[k], p.cm_row_add, p.cm_row_shift));
  }
}

void AdmCpu::capture_phantom_row(const ScaleParams& p, int row) {
  // What libvmaf's last scale-0 CSF call leaves in csf_f band d: the AIM pass's CSF of
  // the restored part, or with AIM skipped the DLM pass's |CSF(impairment)| / 30.
  // Columns outside the CSF region were never written (zero).
  const MaskRow& m = ring_[row % 3].row;
  std::fill(phantom_csf_row_.begin(), phantom_csf_row_.end(), std::int16_t{0});
  const int end = std::min(p.masker.right, 2 * params_[3].in_w);
  for (int j = p.masker.left; j < end; ++j) {
    const std::int32_t x = cfg_.skip_aim ? m.x_aim[2][j] : m.x_dlm[2][j];
    const std::int16_t c = wrap16((x + 65535) >> 17);  // csf0 of the d band from its product
    phantom_csf_row_[j] = cfg_.skip_aim ? masking0_neighbour(c) : c;
  }
}

}  // namespace fastvmaf::adm
