#include "features/adm/adm_cpu.hpp"

#include <algorithm>
#include <memory>
#include <utility>

#include "common/adm_csf.hpp"
#include "core/sample.hpp"
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

// Bands of at least this many band rows, at most kMaxBands a scale: a band also
// transforms and decouples the row on each side of it.
constexpr unsigned kMinBandRows = 64, kMaxBands = 16;

}  // namespace

// The rows one band works on (per thread, reused across frames and instances).
struct AdmCpu::Scratch {
  // One row of the three detail bands of both pictures at the current scale.
  template <typename T>
  struct BandRows {
    std::vector<T> h, v, d;
  };
  // Storage of one ring row (MaskRow points into it).
  struct MaskStore {
    std::vector<std::int32_t> data;
    MaskRow row;
  };

  // Vertical-pass rows with one sample of padding before and two after, so the
  // horizontal taps of output n are elements 2n .. 2n+3.
  std::vector<std::int16_t> lo16[2], hi16[2];
  std::vector<std::int32_t> lo32[2], hi32[2];
  BandRows<std::int16_t> band16[2];
  BandRows<std::int32_t> band32[2];
  MaskStore ring[3];
  unsigned width = 0, w0 = 0, w1 = 0;

  void plan(unsigned in_width, unsigned p0w, unsigned p1w) {
    if (width == in_width && w0 == p0w && w1 == p1w) return;
    width = in_width;
    w0 = p0w;
    w1 = p1w;
    for (int pic = 0; pic < 2; ++pic) {
      lo16[pic].assign(in_width + 3, 0);
      hi16[pic].assign(in_width + 3, 0);
      lo32[pic].assign(p0w + 3, 0);
      hi32[pic].assign(p0w + 3, 0);
      for (auto* rows : {&band16[pic].h, &band16[pic].v, &band16[pic].d}) rows->assign(p0w, 0);
      for (auto* rows : {&band32[pic].h, &band32[pic].v, &band32[pic].d}) rows->assign(p1w, 0);
    }
    for (MaskStore& r : ring) {
      r.data.assign(static_cast<std::size_t>(p0w) * 10, 0);
      std::int32_t* d = r.data.data();
      r.row = {d, d + p0w, d + 2 * p0w, d + 3 * p0w, {d + 4 * p0w, d + 5 * p0w, d + 6 * p0w},
               {d + 7 * p0w, d + 8 * p0w, d + 9 * p0w}};
    }
  }
};

AdmCpu::AdmCpu(const AdmConfig& config, unsigned width, unsigned height, unsigned bpc)
    : AdmCpu(config, width, height, bpc, make_dsp(cpu::active())) {}

AdmCpu::AdmCpu(const AdmConfig& config, unsigned width, unsigned height, unsigned bpc, const Dsp& dsp)
    : cfg_(config), bpc_(bpc), k_(dsp) {
  int in_w = static_cast<int>(width), in_h = static_cast<int>(height);
  for (int s = 0; s < kScales; ++s) {
    params_[s] = make_scale_params(cfg_, s, in_w, in_h);
    decouple_[s] = {params_[s].i_rfactor, cfg_.enhn_gain_limit, common::cos_1deg_sq(), div_lookup(), !cfg_.skip_aim};
    in_w = params_[s].w;
    in_h = params_[s].h;
  }
  const ScaleParams& p0 = params_[0];
  const ScaleParams& p1 = params_[1];
  approx_stride_[0] = p0.w;
  approx_stride_[1] = p1.w;
  for (int pic = 0; pic < 2; ++pic) {
    approx_[0][pic].assign(static_cast<std::size_t>(p0.w) * p0.h, 0);
    approx_[1][pic].assign(static_cast<std::size_t>(p1.w) * p1.h, 0);
  }
  const ScaleParams& p3 = params_[3];
  phantom_rows_ = (p3.in_h + 1) / 2 == 2;
  phantom_cols_ = (p3.in_w + 1) / 2 == 2;
  if (phantom_rows_) {
    phantom_csf_row_.assign(p0.w, 0);
    phantom_ref_row_.assign(p3.in_w, 0);
    zero_row_.assign(p3.in_w, 0);
  }
  // The rows and columns libvmaf reads outside its buffers at these small sizes are
  // reproduced from state of the whole previous scale: one band.
  for (int s = 0; s < kScales; ++s)
    bands_[s] = phantom_rows_ || phantom_cols_ ? 1u
                                               : band_count(static_cast<unsigned>(params_[s].h), kMinBandRows, kMaxBands, height);
}

std::unique_ptr<AdmCpu::RefStage> AdmCpu::make_stage() const {
  auto st = std::make_unique<RefStage>();
  auto size = [&](int s) { return static_cast<std::size_t>(params_[s].w) * params_[s].h; };
  for (auto& b : st->band0) b.resize(size(0));
  for (int s = 1; s < kScales; ++s)
    for (auto& b : st->band[s - 1]) b.resize(size(s));
  for (int s = 0; s + 1 < kScales; ++s) st->approx[s].resize(size(s));
  return st;
}

void AdmCpu::compute_reference(const Plane& ref, RefStage& stage, const ParallelFor* parallel) {
  ScaleSums den[kScales];
  run_scales(ref, ref, den, parallel, Part::Ref, StageIo<RefStage>::writing(stage));
  for (int s = 0; s < kScales; ++s)
    for (int k = 0; k < 3; ++k) stage.den[s][k] = den[s].den[k];
}

void AdmCpu::compute(const Plane& ref, const Plane& dis, ScaleSums (&sums)[kScales], const ParallelFor* parallel,
                     const RefStage* stage) {
  run_scales(ref, dis, sums, parallel, stage ? Part::Dis : Part::Both, StageIo<RefStage>::reading(stage));
  if (stage)
    for (int s = 0; s < kScales; ++s)
      for (int k = 0; k < 3; ++k) sums[s].den[k] = stage->den[s][k];
}

void AdmCpu::run_scales(const Plane& ref, const Plane& dis, ScaleSums (&sums)[kScales], const ParallelFor* parallel,
                        Part part, StageIo<RefStage> stage) {
  for (int s = 0; s < kScales; ++s) {
    const unsigned n = bands_[s];
    const unsigned h = static_cast<unsigned>(params_[s].h);
    ScaleSums band[kMaxBands];
    parallel_for(parallel, n, [&](unsigned b) {
      thread_local Scratch scratch;
      scratch.plan(ref.width, static_cast<unsigned>(params_[0].w), static_cast<unsigned>(params_[1].w));
      const int r0 = static_cast<int>(band_begin(h, n, b)), r1 = static_cast<int>(band_begin(h, n, b + 1));
      if (s == 0)
        with_sample_type(bpc_, [&]<class T>() { scale0_rows<T>(ref, dis, r0, r1, band[b], scratch, part, stage); });
      else
        scale123_rows(s, r0, r1, band[b], scratch, part, stage);
    });
    // Integer sums (int64 wrapping as libvmaf's, uint64): any order gives libvmaf's.
    ScaleSums& t = sums[s];
    t = ScaleSums{};
    for (unsigned b = 0; b < n; ++b)
      for (int k = 0; k < 3; ++k) {
        t.dlm[k] = add64(t.dlm[k], band[b].dlm[k]);
        t.aim[k] = add64(t.aim[k], band[b].aim[k]);
        t.den[k] += band[b].den[k];
      }
  }
}

// Rows [r0, r1) of scale 0; rows r0 - 1 and r1 are decoupled too (for the measure).
// Part::Ref transforms the reference's own rows into the stage and adds their
// denominator; Part::Dis transforms the distorted picture's and reads the reference's
// detail rows from the stage.
template <typename Pixel>
void AdmCpu::scale0_rows(const Plane& ref, const Plane& dis, int r0, int r1, ScaleSums& sums, Scratch& s, Part part,
                         StageIo<RefStage> stage) {
  const ScaleParams& p = params_[0];
  const bool bands = !cfg_.skip_scale0;  // skipping scale 0 keeps only its low-pass band
  const int bpc = static_cast<int>(bpc_);
  const bool ref_only = part == Part::Ref;
  const int d0 = ref_only ? r0 : std::max(0, r0 - 1), d1 = ref_only ? r1 : std::min(p.h, r1 + 1);
  const int pic0 = part == Part::Dis ? 1 : 0, pic1 = ref_only ? 1 : 2;
  // Row i of the stage's detail bands, written by Part::Ref or read.
  auto stage_row = [&p](auto& st, int i) {
    const std::ptrdiff_t at = static_cast<std::ptrdiff_t>(i) * p.w;
    return BandRow{st.band0[0].data() + at, st.band0[1].data() + at, st.band0[2].data() + at};
  };
  for (int i = d0; i < d1; ++i) {
    const bool own = i >= r0 && i < r1;
    const bool detail = bands && in_rows(p.masker, i);
    if (!own && !detail) continue;
    for (int pic = pic0; pic < pic1; ++pic) {
      const Plane& plane = pic ? dis : ref;
      const Pixel* src[4];
      for (int t = 0; t < 4; ++t) src[t] = plane.row<Pixel>(static_cast<unsigned>(dwt_source_index(i, t, p.in_h)));
      std::int16_t* lo = s.lo16[pic].data();
      std::int16_t* hi = detail ? s.hi16[pic].data() : nullptr;
      if constexpr (sizeof(Pixel) == 1)
        k_.dwt0_vertical_u8(src, p.in_w, bpc, lo + 1, hi ? hi + 1 : nullptr);
      else
        k_.dwt0_vertical_u16(src, p.in_w, bpc, lo + 1, hi ? hi + 1 : nullptr);
      pad_row(lo, p.in_w);
      if (hi) pad_row(hi, p.in_w);
      std::int32_t* a = !own ? nullptr
                        : ref_only ? stage.out->approx[0].data() + static_cast<std::ptrdiff_t>(i) * p.w
                                   : approx_[0][pic].data() + static_cast<std::ptrdiff_t>(i) * approx_stride_[0];
      Scratch::BandRows<std::int16_t>& b = s.band16[pic];
      const BandRow<std::int16_t> out = ref_only && detail ? stage_row(*stage.out, i)
                                                           : BandRow<std::int16_t>{b.h.data(), b.v.data(), b.d.data()};
      k_.dwt0_horizontal(lo, hi, own ? p.w : 0, a, p.masker.left, p.masker.right, out);
    }
    if (!detail) continue;
    BandRow<const std::int16_t> o = {s.band16[0].h.data(), s.band16[0].v.data(), s.band16[0].d.data()};
    if (part != Part::Both) o = stage_row(*stage.in, i);
    if (part != Part::Dis && own && in_rows(p.measure, i)) {
      std::uint64_t acc[3] = {0, 0, 0};
      k_.den0(o, p.measure.left, p.measure.right, acc);
      for (int b = 0; b < 3; ++b) sums.den[b] += row_total(acc[b], p.den_row_add, p.den_row_shift);
    }
    if (ref_only) continue;
    const BandRow<const std::int16_t> t = {s.band16[1].h.data(), s.band16[1].v.data(), s.band16[1].d.data()};
    k_.decouple0(o, t, p.masker.left, p.masker.right, decouple_[0], s.ring[i % 3].row);
    if (phantom_rows_ && own && i == p.h - 2) capture_phantom_row(p, i, s);
    if (i - 1 >= r0 && i - 1 < r1 && in_rows(p.measure, i - 1)) measure_row(p, i - 1, sums, s);
  }
  if (!ref_only && bands && r1 == p.h && p.measure.bottom == p.h) measure_row(p, p.h - 1, sums, s);
}

// Rows [r0, r1) of scale 1, 2 or 3, from the previous scale's approximation band (the
// parts as in scale0_rows; the reference's approximation bands are the stage's).
void AdmCpu::scale123_rows(int scale, int r0, int r1, ScaleSums& sums, Scratch& s, Part part,
                           StageIo<RefStage> stage) {
  const ScaleParams& p = params_[scale];
  const DwtRounding& rd = kDwtS123[scale - 1];
  const bool keep_a = scale < kScales - 1;  // the last scale's low-pass band is not used
  const int in = scale == 2 ? 1 : 0, out = scale == 1 ? 1 : 0;  // approximation buffers
  const bool ref_only = part == Part::Ref;
  const int pic0 = part == Part::Dis ? 1 : 0, pic1 = ref_only ? 1 : 2;
  if (scale == 3 && phantom_rows_ && r0 == 0) {
    // libvmaf's row -1 of the reference's band a: the last int16 row but one of the
    // scale-0 csf_f band d, read as int32 pairs; for the distorted picture an
    // untouched (zero) row.
    for (int j = 0; j < p.in_w; ++j)
      phantom_ref_row_[j] = static_cast<std::int32_t>(
          static_cast<std::uint16_t>(phantom_csf_row_[2 * j]) |
          (static_cast<std::uint32_t>(static_cast<std::uint16_t>(phantom_csf_row_[2 * j + 1])) << 16));
  }
  // The approximation band a picture reads (the previous scale's) and writes.
  auto input = [&](int pic) -> std::pair<const std::int32_t*, int> {
    if (pic == 0 && part != Part::Both) return {stage.in->approx[scale - 1].data(), params_[scale - 1].w};
    return {approx_[in][pic].data(), approx_stride_[in]};
  };
  auto output_row = [&](int pic, int i) -> std::int32_t* {
    if (ref_only) return stage.out->approx[scale].data() + static_cast<std::ptrdiff_t>(i) * p.w;
    return approx_[out][pic].data() + static_cast<std::ptrdiff_t>(i) * approx_stride_[out];
  };
  // Row i of the stage's detail bands of this scale, written by Part::Ref or read.
  auto stage_row = [&p, scale](auto& st, int i) {
    const std::ptrdiff_t at = static_cast<std::ptrdiff_t>(i) * p.w;
    auto& b = st.band[scale - 1];
    return BandRow{b[0].data() + at, b[1].data() + at, b[2].data() + at};
  };
  const int d0 = ref_only ? r0 : std::max(0, r0 - 1), d1 = ref_only ? r1 : std::min(p.h, r1 + 1);
  for (int i = d0; i < d1; ++i) {
    const bool own = i >= r0 && i < r1;
    const bool detail = in_rows(p.masker, i);
    const bool write_a = own && keep_a;
    if (!detail && !write_a) continue;
    for (int pic = pic0; pic < pic1; ++pic) {
      const auto [src, stride] = input(pic);
      const std::int32_t* r[4];
      for (int t = 0; t < 4; ++t) {
        const int k = dwt_source_index(i, t, p.in_h);
        r[t] = k >= 0 ? src + static_cast<std::ptrdiff_t>(k) * stride
                      : (pic ? zero_row_.data() : phantom_ref_row_.data());
      }
      std::int32_t* lo = s.lo32[pic].data();
      std::int32_t* hi = detail ? s.hi32[pic].data() : nullptr;
      k_.dwt123_vertical(r, p.in_w, rd.v_add, rd.v_shift, lo + 1, hi ? hi + 1 : nullptr);
      pad_row(lo, p.in_w);
      if (hi) pad_row(hi, p.in_w);
    }
    if (scale == 3 && phantom_cols_) {
      // libvmaf's column -1 of its four vertical-pass rows, laid out back to back
      // after the heap block header (zero): each is the previous row's last sample.
      // (A frame with phantom columns never shares its reference: both pictures here.)
      s.lo32[0][0] = 0;
      s.hi32[0][0] = s.lo32[0][p.in_w];
      s.lo32[1][0] = s.hi32[0][p.in_w];
      s.hi32[1][0] = s.lo32[1][p.in_w];
    }
    for (int pic = pic0; pic < pic1; ++pic) {
      std::int32_t* a = write_a ? output_row(pic, i) : nullptr;
      Scratch::BandRows<std::int32_t>& b = s.band32[pic];
      const BandRow<std::int32_t> bands_out =
          ref_only && detail ? stage_row(*stage.out, i) : BandRow<std::int32_t>{b.h.data(), b.v.data(), b.d.data()};
      k_.dwt123_horizontal(s.lo32[pic].data(), detail ? s.hi32[pic].data() : nullptr, write_a ? p.w : 0, a,
                           p.masker.left, p.masker.right, rd.h_add, rd.h_shift, bands_out);
    }
    if (!detail) continue;
    BandRow<const std::int32_t> o = {s.band32[0].h.data(), s.band32[0].v.data(), s.band32[0].d.data()};
    if (part != Part::Both) o = stage_row(*stage.in, i);
    if (part != Part::Dis && own && in_rows(p.measure, i)) {
      std::uint64_t acc[3] = {0, 0, 0};
      k_.den123(o, p.measure.left, p.measure.right, scale, p.den_cub_add, p.den_cub_shift, acc);
      for (int b = 0; b < 3; ++b) sums.den[b] += row_total(acc[b], p.den_row_add, p.den_row_shift);
    }
    if (ref_only) continue;
    const BandRow<const std::int32_t> t = {s.band32[1].h.data(), s.band32[1].v.data(), s.band32[1].d.data()};
    k_.decouple123(o, t, p.masker.left, p.masker.right, decouple_[scale], s.ring[i % 3].row);
    if (i - 1 >= r0 && i - 1 < r1 && in_rows(p.measure, i - 1)) measure_row(p, i - 1, sums, s);
  }
  if (!ref_only && r1 == p.h && p.measure.bottom == p.h) measure_row(p, p.h - 1, sums, s);
}

void AdmCpu::measure_row(const ScaleParams& p, int row, ScaleSums& sums, const Scratch& s) const {
  // Neighbour rows mirror as libvmaf's ADM_CM_THRESH_* macros: 1 above row 0, the
  // row itself below the last.
  const MaskRow& a = s.ring[(row == 0 ? 1 : row - 1) % 3].row;
  const MaskRow& m = s.ring[row % 3].row;
  const MaskRow& b = s.ring[(row == p.h - 1 ? p.h - 1 : row + 1) % 3].row;
  CubeRounding rounding[3];
  for (int k = 0; k < 3; ++k)
    rounding[k] = p.scale == 0 ? cube_rounding0(k, p.cm_cub_shift[k], p.cm_cub_add[k])
                               : cube_rounding123(p.cm_cub_shift[k], p.cm_cub_add[k]);
  {
    const MeasureRow dlm = {a.nb_dlm, m.nb_dlm, b.nb_dlm, m.centre_dlm, {m.x_dlm[0], m.x_dlm[1], m.x_dlm[2]}};
    std::int64_t acc[3] = {0, 0, 0};
    k_.measure(dlm, p.measure.left, p.measure.right, p.w, rounding, acc);
    for (int k = 0; k < 3; ++k) sums.dlm[k] = add64(sums.dlm[k], row_total(acc[k], p.cm_row_add, p.cm_row_shift));
  }
  if (!cfg_.skip_aim) {
    const MeasureRow aim = {a.nb_aim, m.nb_aim, b.nb_aim, m.centre_aim, {m.x_aim[0], m.x_aim[1], m.x_aim[2]}};
    std::int64_t acc[3] = {0, 0, 0};
    k_.measure(aim, p.measure.left, p.measure.right, p.w, rounding, acc);
    for (int k = 0; k < 3; ++k) sums.aim[k] = add64(sums.aim[k], row_total(acc[k], p.cm_row_add, p.cm_row_shift));
  }
}

void AdmCpu::capture_phantom_row(const ScaleParams& p, int row, const Scratch& s) {
  // What libvmaf's last scale-0 CSF call leaves in csf_f band d: the AIM pass's CSF of
  // the restored part, or with AIM skipped the DLM pass's |CSF(impairment)| / 30.
  // Columns outside the CSF region were never written (zero).
  const MaskRow& m = s.ring[row % 3].row;
  std::fill(phantom_csf_row_.begin(), phantom_csf_row_.end(), std::int16_t{0});
  const int end = std::min(p.masker.right, 2 * params_[3].in_w);
  for (int j = p.masker.left; j < end; ++j) {
    const std::int32_t x = cfg_.skip_aim ? m.x_aim[2][j] : m.x_dlm[2][j];
    const std::int16_t c = wrap16((x + 65535) >> 17);  // csf0 of the d band from its product
    phantom_csf_row_[j] = cfg_.skip_aim ? masking0_neighbour(c) : c;
  }
}

}  // namespace fastvmaf::adm
