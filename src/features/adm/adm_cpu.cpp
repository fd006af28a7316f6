#include "features/adm/adm_cpu.hpp"

#include <algorithm>

#include "features/adm/adm_math.hpp"

namespace fastvmaf::adm {

namespace {

// Sum of two int64 products with libvmaf's (two's-complement) wrap-around.
inline std::int64_t dot2(std::int64_t a, std::int64_t b, std::int64_t c, std::int64_t d) {
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(a * b) + static_cast<std::uint64_t>(c * d));
}

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

AdmCpu::AdmCpu(const AdmConfig& config, unsigned width, unsigned height, unsigned bpc)
    : cfg_(config), width_(width), height_(height), bpc_(bpc), cos_sq_(cos_1deg_sq()), div_(div_lookup()) {
  int in_w = static_cast<int>(width), in_h = static_cast<int>(height);
  for (int s = 0; s < kScales; ++s) {
    params_[s] = make_scale_params(cfg_, s, in_w, in_h);
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
  for (MaskRow& r : ring_) {
    for (auto* v : {&r.nb_dlm, &r.centre_dlm, &r.nb_aim, &r.centre_aim}) v->assign(p0.w, 0);
    for (int b = 0; b < 3; ++b) {
      r.x_dlm[b].assign(p0.w, 0);
      r.x_aim[b].assign(p0.w, 0);
    }
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
      const Pixel* r[4];
      for (int t = 0; t < 4; ++t) r[t] = plane.row<Pixel>(static_cast<unsigned>(dwt_source_index(i, t, p.in_h)));
      std::int16_t* lo = lo16_[pic].data();
      std::int16_t* hi = hi16_[pic].data();
      for (int j = 0; j < p.in_w; ++j) lo[j + 1] = dwt0_vertical_lo(r[0][j], r[1][j], r[2][j], r[3][j], bpc);
      pad_row(lo, p.in_w);
      if (detail) {
        for (int j = 0; j < p.in_w; ++j) hi[j + 1] = dwt0_vertical_hi(r[0][j], r[1][j], r[2][j], r[3][j], bpc);
        pad_row(hi, p.in_w);
      }
      std::int32_t* a = (pic ? dis_a_ : ref_a_).data() + static_cast<std::ptrdiff_t>(i) * a_stride_;
      for (int n = 0; n < p.w; ++n) a[n] = dwt0_horizontal_lo(lo[2 * n], lo[2 * n + 1], lo[2 * n + 2], lo[2 * n + 3]);
      if (detail) {
        BandRows<std::int16_t>& b = band16_[pic];
        for (int n = p.masker.left; n < p.masker.right; ++n) {
          const std::int16_t* l = lo + 2 * n;
          const std::int16_t* h = hi + 2 * n;
          b.v[n] = dwt0_horizontal_hi(l[0], l[1], l[2], l[3]);
          b.h[n] = dwt0_horizontal_lo(h[0], h[1], h[2], h[3]);
          b.d[n] = dwt0_horizontal_hi(h[0], h[1], h[2], h[3]);
        }
      }
    }
    if (!detail) continue;
    if (in_rows(p.measure, i)) {
      const BandRows<std::int16_t>& o = band16_[0];
      std::uint64_t acc[3] = {0, 0, 0};
      for (int j = p.measure.left; j < p.measure.right; ++j) {
        acc[0] += den_cube0(o.h[j]);
        acc[1] += den_cube0(o.v[j]);
        acc[2] += den_cube0(o.d[j]);
      }
      for (int b = 0; b < 3; ++b) sums.den[b] += row_total(acc[b], p.den_row_add, p.den_row_shift);
    }
    decouple0_row(p, i);
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
      phantom_ref_row_[j] = static_cast<std::int32_t>(static_cast<std::uint16_t>(phantom_csf_row_[2 * j]) |
                                                      (static_cast<std::uint32_t>(static_cast<std::uint16_t>(
                                                           phantom_csf_row_[2 * j + 1]))
                                                       << 16));
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
      std::int32_t* hi = hi32_[pic].data();
      for (int j = 0; j < p.in_w; ++j) lo[j + 1] = dwt123_lo(r[0][j], r[1][j], r[2][j], r[3][j], rd.v_add, rd.v_shift);
      pad_row(lo, p.in_w);
      if (detail) {
        for (int j = 0; j < p.in_w; ++j)
          hi[j + 1] = dwt123_hi(r[0][j], r[1][j], r[2][j], r[3][j], rd.v_add, rd.v_shift);
        pad_row(hi, p.in_w);
      }
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
      const std::int32_t* lo = lo32_[pic].data();
      const std::int32_t* hi = hi32_[pic].data();
      if (keep_a) {
        std::int32_t* a = (pic ? dis_a_ : ref_a_).data() + static_cast<std::ptrdiff_t>(i) * a_stride_;
        for (int n = 0; n < p.w; ++n)
          a[n] = dwt123_lo(lo[2 * n], lo[2 * n + 1], lo[2 * n + 2], lo[2 * n + 3], rd.h_add, rd.h_shift);
      }
      if (detail) {
        BandRows<std::int32_t>& b = band32_[pic];
        for (int n = p.masker.left; n < p.masker.right; ++n) {
          const std::int32_t* l = lo + 2 * n;
          const std::int32_t* h = hi + 2 * n;
          b.v[n] = dwt123_hi(l[0], l[1], l[2], l[3], rd.h_add, rd.h_shift);
          b.h[n] = dwt123_lo(h[0], h[1], h[2], h[3], rd.h_add, rd.h_shift);
          b.d[n] = dwt123_hi(h[0], h[1], h[2], h[3], rd.h_add, rd.h_shift);
        }
      }
    }
    if (!detail) continue;
    if (in_rows(p.measure, i)) {
      const BandRows<std::int32_t>& o = band32_[0];
      std::uint64_t acc[3] = {0, 0, 0};
      for (int j = p.measure.left; j < p.measure.right; ++j) {
        acc[0] += den_cube123(o.h[j], scale, p.den_cub_add, p.den_cub_shift);
        acc[1] += den_cube123(o.v[j], scale, p.den_cub_add, p.den_cub_shift);
        acc[2] += den_cube123(o.d[j], scale, p.den_cub_add, p.den_cub_shift);
      }
      for (int b = 0; b < 3; ++b) sums.den[b] += row_total(acc[b], p.den_row_add, p.den_row_shift);
    }
    decouple123_row(p, i);
    if (i > 0 && in_rows(p.measure, i - 1)) measure_row(p, i - 1, sums);
  }
  if (p.measure.bottom == p.h) measure_row(p, p.h - 1, sums);
}

void AdmCpu::decouple0_row(const ScaleParams& p, int row) {
  const BandRows<std::int16_t>& o = band16_[0];
  const BandRows<std::int16_t>& t = band16_[1];
  MaskRow& m = ring_[row % 3];
  const bool aim = !cfg_.skip_aim;
  const double egl = cfg_.enhn_gain_limit;
  for (int j = p.masker.left; j < p.masker.right; ++j) {
    const bool angle_ok = within_1deg(dot2(o.h[j], t.h[j], o.v[j], t.v[j]), dot2(o.h[j], o.h[j], o.v[j], o.v[j]),
                                      dot2(t.h[j], t.h[j], t.v[j], t.v[j]), cos_sq_);
    const Decoupled dc[3] = {decouple0(o.h[j], t.h[j], angle_ok, egl, div_),
                             decouple0(o.v[j], t.v[j], angle_ok, egl, div_),
                             decouple0(o.d[j], t.d[j], angle_ok, egl, div_)};
    std::uint32_t nb_dlm = 0, ce_dlm = 0, nb_aim = 0, ce_aim = 0;
    for (int b = 0; b < 3; ++b) {
      const std::int32_t w = static_cast<std::int32_t>(p.i_rfactor[b]);
      m.x_dlm[b][j] = dc[b].r * w;  // DLM measures the restored part
      m.x_aim[b][j] = dc[b].a * w;  // AIM measures the additive impairment
      const std::int16_t ca = csf0(dc[b].a, p.i_rfactor[b], b);
      nb_dlm += static_cast<std::uint32_t>(masking0_neighbour(ca));
      ce_dlm += static_cast<std::uint32_t>(masking0_centre(ca));
      if (aim) {
        const std::int16_t cr = csf0(dc[b].r, p.i_rfactor[b], b);
        nb_aim += static_cast<std::uint32_t>(masking0_neighbour(cr));
        ce_aim += static_cast<std::uint32_t>(masking0_centre(cr));
      }
    }
    m.nb_dlm[j] = static_cast<std::int32_t>(nb_dlm);
    m.centre_dlm[j] = static_cast<std::int32_t>(ce_dlm);
    m.nb_aim[j] = static_cast<std::int32_t>(nb_aim);
    m.centre_aim[j] = static_cast<std::int32_t>(ce_aim);
  }
}

void AdmCpu::decouple123_row(const ScaleParams& p, int row) {
  const BandRows<std::int32_t>& o = band32_[0];
  const BandRows<std::int32_t>& t = band32_[1];
  MaskRow& m = ring_[row % 3];
  const bool aim = !cfg_.skip_aim;
  const double egl = cfg_.enhn_gain_limit;
  for (int j = p.masker.left; j < p.masker.right; ++j) {
    const bool angle_ok = within_1deg(dot2(o.h[j], t.h[j], o.v[j], t.v[j]), dot2(o.h[j], o.h[j], o.v[j], o.v[j]),
                                      dot2(t.h[j], t.h[j], t.v[j], t.v[j]), cos_sq_);
    const Decoupled dc[3] = {decouple123(o.h[j], t.h[j], angle_ok, egl, div_),
                             decouple123(o.v[j], t.v[j], angle_ok, egl, div_),
                             decouple123(o.d[j], t.d[j], angle_ok, egl, div_)};
    std::uint32_t nb_dlm = 0, ce_dlm = 0, nb_aim = 0, ce_aim = 0;
    for (int b = 0; b < 3; ++b) {
      // At these scales the measured signal is the CSF-weighted band itself.
      const std::int32_t cr = csf123(dc[b].r, p.i_rfactor[b]);
      const std::int32_t ca = csf123(dc[b].a, p.i_rfactor[b]);
      m.x_dlm[b][j] = cr;
      m.x_aim[b][j] = ca;
      nb_dlm += static_cast<std::uint32_t>(masking123_neighbour(ca));
      ce_dlm += static_cast<std::uint32_t>(masking123_centre(ca));
      if (aim) {
        nb_aim += static_cast<std::uint32_t>(masking123_neighbour(cr));
        ce_aim += static_cast<std::uint32_t>(masking123_centre(cr));
      }
    }
    m.nb_dlm[j] = static_cast<std::int32_t>(nb_dlm);
    m.centre_dlm[j] = static_cast<std::int32_t>(ce_dlm);
    m.nb_aim[j] = static_cast<std::int32_t>(nb_aim);
    m.centre_aim[j] = static_cast<std::int32_t>(ce_aim);
  }
}

void AdmCpu::measure_row(const ScaleParams& p, int row, ScaleSums& sums) const {
  // Neighbour rows mirror as libvmaf's ADM_CM_THRESH_* macros: 1 above row 0, the
  // row itself below the last.
  const int above = row == 0 ? 1 : row - 1;
  const int below = row == p.h - 1 ? p.h - 1 : row + 1;
  const MaskRow& a = ring_[above % 3];
  const MaskRow& m = ring_[row % 3];
  const MaskRow& b = ring_[below % 3];
  CubeRounding rounding[3];
  for (int k = 0; k < 3; ++k)
    rounding[k] = p.scale == 0 ? cube_rounding0(k, p.cm_cub_shift[k], p.cm_cub_add[k])
                               : cube_rounding123(p.cm_cub_shift[k], p.cm_cub_add[k]);
  {
    const std::int32_t* x[3] = {m.x_dlm[0].data(), m.x_dlm[1].data(), m.x_dlm[2].data()};
    std::int64_t acc[3] = {0, 0, 0};
    contrast_row_sums(a.nb_dlm.data(), m.nb_dlm.data(), b.nb_dlm.data(), m.centre_dlm.data(), x, p.measure.left,
                      p.measure.right, p.w, rounding, acc);
    for (int k = 0; k < 3; ++k) sums.dlm[k] += row_total(acc[k], p.cm_row_add, p.cm_row_shift);
  }
  if (!cfg_.skip_aim) {
    const std::int32_t* x[3] = {m.x_aim[0].data(), m.x_aim[1].data(), m.x_aim[2].data()};
    std::int64_t acc[3] = {0, 0, 0};
    contrast_row_sums(a.nb_aim.data(), m.nb_aim.data(), b.nb_aim.data(), m.centre_aim.data(), x, p.measure.left,
                      p.measure.right, p.w, rounding, acc);
    for (int k = 0; k < 3; ++k) sums.aim[k] += row_total(acc[k], p.cm_row_add, p.cm_row_shift);
  }
}

void AdmCpu::capture_phantom_row(const ScaleParams& p, int row) {
  // What libvmaf's last scale-0 CSF call leaves in csf_f band d: the AIM pass's CSF of
  // the restored part, or with AIM skipped the DLM pass's |CSF(impairment)| / 30.
  // Columns outside the CSF region were never written (zero).
  const MaskRow& m = ring_[row % 3];
  std::fill(phantom_csf_row_.begin(), phantom_csf_row_.end(), std::int16_t{0});
  const int end = std::min(p.masker.right, 2 * params_[3].in_w);
  for (int j = p.masker.left; j < end; ++j) {
    const std::int32_t x = cfg_.skip_aim ? m.x_aim[2][j] : m.x_dlm[2][j];
    const std::int16_t c = wrap16((x + 65535) >> 17);  // csf0 of the d band from its product
    phantom_csf_row_[j] = cfg_.skip_aim ? masking0_neighbour(c) : c;
  }
}

}  // namespace fastvmaf::adm
