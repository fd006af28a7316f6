// The float ADM twin's plan, on the host: the CPU's per-scale parameters (sizes, regions,
// CSF weights, refusals), the twin's device state (every scale's bands, the DWT's vertical
// pass, the masking weights, the per-sample values and row sums), the table of this CPU's
// rcpss (core/rcpss.hpp, uploaded once), the grids of its launches and the arguments of a
// frame (the work-items: float_adm_work.hpp). The twin and the host replay both build them
// here.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "common/adm_csf.hpp"
#include "common/float_picture.hpp"
#include "core/hd/f64.hpp"
#include "core/rcpss.hpp"
#include "features/float_adm/float_adm_math.hpp"
#include "features/float_adm/float_adm_params.hpp"
#include "features/float_adm/gpu/float_adm_work.hpp"
#include "gpu/frame_layout.hpp"

namespace fastvmaf::float_adm::twin {

static_assert(kScales == static_cast<unsigned>(float_adm::kScales));

// The twin reads both lumas.
inline constexpr gpu::PlaneMask kPlanes = gpu::kLuma;

struct TwinPlan {
  ScaleParams scale[kScales];
  unsigned width = 0, height = 0, bpc = 8;
  // Offsets in floats into the state buffer.
  std::size_t band[kScales][2][4] = {}, values[kScales] = {}, rows[kScales] = {}, lo[2] = {}, hi[2] = {},
              weight_a[3] = {}, weight_r[3] = {};
  std::size_t state_floats = 0;
  // This CPU's rcpss, as core/hd/rcp_estimate.hpp reads it (empty: libvmaf divides).
  std::vector<std::uint32_t> rcp;
  int rcp_shift = 0;
};

// The CPU extractor's checks, and the twin's own: libvmaf raises the contrast measure's
// values to adm_p_norm with powf, which has no device routine proven equal to glibc's
// (../shared/DESIGN.md, "Numerics"): the twin computes the default p = 3 (a cube) only.
inline TwinPlan make_twin_plan(const Config& c, const VideoGeometry& g) {
  check_input(g);  // the CPU extractor's
  if (c.p_norm != 3.0) {
    std::ostringstream m;  // not fmt: nvcc compiles this header too
    m << "float_adm: adm_p_norm=" << c.p_norm
      << " has no GPU twin: libvmaf raises every value to it with powf, which no device routine reproduces yet; "
         "the twin computes the default adm_p_norm=3 (use --backend cpu)";
    throw std::invalid_argument(m.str());
  }
  TwinPlan t;
  t.width = g.width;
  t.height = g.height;
  t.bpc = g.bpc;
  int in_w = static_cast<int>(g.width), in_h = static_cast<int>(g.height);
  std::size_t at = 0;
  const auto take = [&](std::size_t n) {
    const std::size_t o = at;
    at += n;
    return o;
  };
  for (unsigned s = 0; s < kScales; ++s) {
    t.scale[s] = make_scale_params(c, static_cast<int>(s), in_w, in_h);
    const ScaleParams& p = t.scale[s];
    in_w = p.w;
    in_h = p.h;
    const std::size_t n = static_cast<std::size_t>(p.w) * p.h;
    for (auto& side : t.band[s])
      for (auto& b : side) b = take(n);
    t.values[s] = take(kSums * static_cast<std::size_t>(p.measure.rows()) * p.measure.cols());
    t.rows[s] = take(kSums * static_cast<std::size_t>(p.measure.rows()));
  }
  const ScaleParams& p0 = t.scale[0];
  const std::size_t vertical = static_cast<std::size_t>(p0.in_w) * p0.h, plane = static_cast<std::size_t>(p0.w) * p0.h;
  for (int side = 0; side < 2; ++side) {
    t.lo[side] = take(vertical);
    t.hi[side] = take(vertical);
  }
  for (int b = 0; b < 3; ++b) {
    t.weight_a[b] = take(plane);
    t.weight_r[b] = take(plane);
  }
  t.state_floats = at;
  if constexpr (kRecipDivision) {
    const cpu::RcpssTable& host = cpu::rcpss_table();
    t.rcp = host.estimate;
    t.rcp_shift = host.shift;
  }
  return t;
}

// The arguments of a frame laid out by `layout` at `base` (a device frame, or a host copy
// of one in the replay), with the twin's state (state_floats), its rcpss table (a device
// copy of plan.rcp) and the frame's slot.
inline Args plan_args(const TwinPlan& t, const Config& c, const gpu::FrameLayout& layout, const std::uint8_t* base,
                      float* state, const std::uint32_t* rcp, Results* slot) {
  Args a{};
  const gpu::PlaneSlot& r = layout.slot(gpu::Side::Ref, 0);
  const gpu::PlaneSlot& d = layout.slot(gpu::Side::Dis, 0);
  a.src[0] = base + r.offset;
  a.src[1] = base + d.offset;
  a.pitch = static_cast<unsigned>(r.pitch);
  a.bpc = t.bpc;
  a.divisor = common::depth_divisor(t.bpc);
  for (unsigned s = 0; s < kScales; ++s) {
    const ScaleParams& p = t.scale[s];
    ScaleArgs& x = a.sc[s];
    x.in_w = p.in_w;
    x.in_h = p.in_h;
    x.w = p.w;
    x.h = p.h;
    x.m_top = p.measure.top;
    x.m_bottom = p.measure.bottom;
    x.m_left = p.measure.left;
    x.m_right = p.measure.right;
    x.d_top = p.decouple.top;
    x.d_bottom = p.decouple.bottom;
    x.d_left = p.decouple.left;
    x.d_right = p.decouple.right;
    for (int b = 0; b < 3; ++b) x.rfactor[b] = p.rfactor[static_cast<std::size_t>(b)];
    for (int side = 0; side < 2; ++side)
      for (int b = 0; b < 4; ++b) x.band[side][b] = state + t.band[s][side][b];
    x.values = state + t.values[s];
    x.rows = state + t.rows[s];
  }
  for (int side = 0; side < 2; ++side) {
    a.lo[side] = state + t.lo[side];
    a.hi[side] = state + t.hi[side];
  }
  for (int b = 0; b < 3; ++b) {
    a.weight_a[b] = state + t.weight_a[b];
    a.weight_r[b] = state + t.weight_r[b];
  }
  a.first_scale = c.skip_scale0 ? 1u : 0u;
  a.bypass_cm = c.bypass_cm;
  a.recip_division = !t.rcp.empty();
  a.rcp = hd::RcpTable{rcp, t.rcp_shift};
  a.gain_limit = hd::host_to_f64(c.enhn_gain_limit);
  a.cos_sq = common::cos_1deg_sq();
  a.slot = slot;
  return a;
}

// The grids of a frame's launches: blocks of kThreads along x.
struct LaunchShape {
  unsigned blocks_x, blocks_y, threads;
};
inline unsigned blocks_for(int n) { return (static_cast<unsigned>(n) + kThreads - 1) / kThreads; }
// Both images' output rows of scale s, over its input's columns (dwt_v).
inline LaunchShape dwt_v_launch(const Args& a, unsigned s) {
  return {blocks_for(a.sc[s].in_w), 2 * static_cast<unsigned>(a.sc[s].h), kThreads};
}
// Both images' band samples of scale s (dwt_h).
inline LaunchShape dwt_h_launch(const Args& a, unsigned s) {
  return {blocks_for(a.sc[s].w), 2 * static_cast<unsigned>(a.sc[s].h), kThreads};
}
// The decouple region of scale s: blockIdx.y its row.
inline LaunchShape decouple_launch(const Args& a, unsigned s) {
  const ScaleArgs& p = a.sc[s];
  return {blocks_for(p.d_right - p.d_left), static_cast<unsigned>(p.d_bottom - p.d_top), kThreads};
}
// The measure region of scale s: blockIdx.y its row.
inline LaunchShape measure_launch(const Args& a, unsigned s) {
  const ScaleArgs& p = a.sc[s];
  return {blocks_for(p.m_right - p.m_left), static_cast<unsigned>(p.m_bottom - p.m_top), kThreads};
}
// Every scale's measure rows: blockIdx.y the scale.
inline LaunchShape rows_launch(const Args& a) { return {blocks_for(a.sc[0].m_bottom - a.sc[0].m_top), kScales, kThreads}; }
inline LaunchShape total_launch() { return {1, 1, kScales}; }

// A frame's launches: two DWT passes per scale, decouple and measure per computed scale,
// rows and total.
inline unsigned launches_per_frame(const Config& c) {
  return 2 * kScales + 2 * (kScales - (c.skip_scale0 ? 1u : 0u)) + 2;
}

// The slot as the CPU's per-scale sums: each quantity's three band totals through the
// CPU's scale_total (powf and the noise constant, on the host), as den_scale and
// contrast_measure end; a skipped scale 0 as the CPU sets it.
inline void sums_of(const TwinPlan& t, const Config& c, const Results& r, ScaleSums (&sums)[float_adm::kScales]) {
  for (unsigned s = 0; s < kScales; ++s) {
    if (s == 0 && c.skip_scale0) {
      sums[s] = skipped_scale_sums();
      continue;
    }
    const Rect& m = t.scale[s].measure;
    const float den[3] = {r.sum[s][kDen], r.sum[s][kDen + 1], r.sum[s][kDen + 2]};
    const float num[3] = {r.sum[s][kNum], r.sum[s][kNum + 1], r.sum[s][kNum + 2]};
    const float aim[3] = {r.sum[s][kAim], r.sum[s][kAim + 1], r.sum[s][kAim + 2]};
    sums[s].den = scale_total(den, m, c.noise_weight, c.p_norm);
    sums[s].num = scale_total(num, m, c.noise_weight, c.p_norm);
    sums[s].aim_num = scale_total(aim, m, 0.0, c.p_norm);
  }
}

}  // namespace fastvmaf::float_adm::twin
