// The ADM twin's plan, on the host (src/features/adm/gpu/): the stages of a frame, its
// buffers and every launch's arguments, a pure function of options and geometry. The twin
// (adm_twin.cpp), its kernels' launcher and the host replay use it; the work-items are
// adm_work.hpp.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "common/adm_csf.hpp"
#include "features/adm/adm_params.hpp"
#include "features/adm/gpu/adm_work.hpp"

namespace fastvmaf::adm::twin {

struct Plan {
  AdmConfig cfg;
  unsigned width = 0, height = 0, bpc = 8;
  ScaleParams p[kScales];
  bool phantom_rows = false, phantom_cols = false;  // scale 3 reads row / column -1
  std::size_t a_elems[2] = {0, 0};     // approximation buffer k (scales k and k + 2), per picture
  std::size_t mask_elems[2] = {0, 0};  // one plane of mask set k (scales k and k + 2)
  std::size_t leftover_elems = 0;
};

inline Plan make_plan(const AdmConfig& cfg, unsigned width, unsigned height, unsigned bpc) {
  Plan pl;
  pl.cfg = cfg;
  pl.width = width;
  pl.height = height;
  pl.bpc = bpc;
  int in_w = static_cast<int>(width), in_h = static_cast<int>(height);
  for (int s = 0; s < kScales; ++s) {
    pl.p[s] = make_scale_params(cfg, s, in_w, in_h);
    in_w = pl.p[s].w;
    in_h = pl.p[s].h;
  }
  const ScaleParams& p3 = pl.p[3];
  pl.phantom_rows = (p3.in_h + 1) / 2 == 2;
  pl.phantom_cols = (p3.in_w + 1) / 2 == 2;
  for (int s = 0; s < kScales; ++s) {
    const ScaleParams& p = pl.p[s];
    const std::size_t band = static_cast<std::size_t>(p.w) * p.h;
    const std::size_t mask = static_cast<std::size_t>(p.w) * p.masker.rows();
    if (s < kScales - 1) pl.a_elems[s % 2] = std::max(pl.a_elems[s % 2], band);
    pl.mask_elems[s % 2] = std::max(pl.mask_elems[s % 2], mask);
  }
  pl.leftover_elems = pl.phantom_rows ? 2 * static_cast<std::size_t>(p3.in_w) : 0;
  return pl;
}

// The twin's buffers (device addresses; host buffers in the replay).
struct Buffers {
  std::int32_t* a[2][2] = {{nullptr, nullptr}, {nullptr, nullptr}};  // [buffer][picture], a_elems
  std::int32_t* mask[2] = {nullptr, nullptr};                          // [set], kMaskPlanes * mask_elems
  std::int16_t* leftover = nullptr;                                    // leftover_elems
  const std::int32_t* div_lookup = nullptr;
};

// The frame's input: the two luma planes in the shared device frame.
struct FrameInput {
  const std::uint8_t* luma[2] = {nullptr, nullptr};  // ref, dis
  std::size_t pitch[2] = {0, 0};
  Results* results = nullptr;
};

inline ScaleArgs scale_args(const Plan& pl, const Buffers& b, int s) {
  const ScaleParams& p = pl.p[s];
  ScaleArgs a;
  a.scale = s;
  a.in_w = p.in_w;
  a.in_h = p.in_h;
  a.w = p.w;
  a.h = p.h;
  a.measure_top = p.measure.top;
  a.measure_bottom = p.measure.bottom;
  a.measure_left = p.measure.left;
  a.measure_right = p.measure.right;
  a.masker_top = p.masker.top;
  a.masker_bottom = p.masker.bottom;
  a.masker_left = p.masker.left;
  a.masker_right = p.masker.right;
  for (int k = 0; k < 3; ++k) {
    a.i_rfactor[k] = p.i_rfactor[k];
    a.rounding[k] = s == 0 ? cube_rounding0(k, p.cm_cub_shift[k], p.cm_cub_add[k])
                           : cube_rounding123(p.cm_cub_shift[k], p.cm_cub_add[k]);
  }
  if (s > 0) {
    const DwtRounding& rd = kDwtS123[s - 1];
    a.v_add = rd.v_add;
    a.v_shift = rd.v_shift;
    a.h_add = rd.h_add;
    a.h_shift = rd.h_shift;
    for (int pic = 0; pic < 2; ++pic) a.in[pic] = b.a[(s - 1) % 2][pic];
  }
  a.cm_row_add = p.cm_row_add;
  a.cm_row_shift = p.cm_row_shift;
  a.den_cub_add = p.den_cub_add;
  a.den_cub_shift = p.den_cub_shift;
  a.den_row_add = p.den_row_add;
  a.den_row_shift = p.den_row_shift;
  a.detail = !(s == 0 && pl.cfg.skip_scale0);
  a.keep_a = s < kScales - 1;
  if (a.keep_a)
    for (int pic = 0; pic < 2; ++pic) a.out[pic] = b.a[s % 2][pic];
  a.mask = b.mask[s % 2];
  a.mask_plane = pl.mask_elems[s % 2];
  return a;
}

// Stage k: the band rows of scale k (k < kScales; at the last scale only the rows the
// masking needs, its approximation band being unused) and the measured rows of scale
// k - 1 (none for a skipped scale 0).
inline StageArgs stage_args(const Plan& pl, const Buffers& b, const FrameInput& f, int stage) {
  StageArgs a;
  if (stage < kScales) {
    a.band = scale_args(pl, b, stage);
    const ScaleParams& p = pl.p[stage];
    const bool last = stage == kScales - 1;
    a.band_row0 = last ? p.masker.top : 0;
    a.band_blocks = static_cast<unsigned>(last ? p.masker.rows() : p.h);
  }
  if (stage > 0 && !(stage == 1 && pl.cfg.skip_scale0)) {
    a.meas = scale_args(pl, b, stage - 1);
    a.measure_blocks = static_cast<unsigned>(pl.p[stage - 1].measure.rows());
  }
  for (int pic = 0; pic < 2; ++pic) {
    a.luma[pic] = f.luma[pic];
    a.pitch[pic] = f.pitch[pic];
  }
  a.bpc = static_cast<int>(pl.bpc);
  if (pl.phantom_rows) {
    a.leftover = b.leftover;
    a.leftover_row = pl.p[0].h - 2;
    a.leftover_cols = static_cast<int>(pl.leftover_elems);
  }
  a.div_lookup = b.div_lookup;
  a.gain_limit = hd::host_to_f64(pl.cfg.enhn_gain_limit);
  a.cos_sq = common::cos_1deg_sq();
  a.aim = !pl.cfg.skip_aim;
  a.results = f.results;
  return a;
}

// The slot as the CPU's ScaleSums, for finish_frame.
inline void scale_sums(const Results& r, ScaleSums (&sums)[kScales]) {
  for (int s = 0; s < kScales; ++s)
    for (int b = 0; b < 3; ++b) {
      sums[s].dlm[b] = r.dlm[s][b];
      sums[s].aim[b] = r.aim[s][b];
      sums[s].den[b] = r.den[s][b];
    }
}

}  // namespace fastvmaf::adm::twin
