// The float VIF twin's plan, on the host: the CPU's plan (sizes, taps, prescale tables and
// their refusals), the twin's device state (the scale images, the decimation's and the
// filter's scratch, the statistic planes and the row sums), its tables (taps and resample
// axes, uploaded once), the grids of its launches and the arguments of a frame (the
// work-items: float_vif_work.hpp). The twin and the host replay both build them here.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "common/float_picture.hpp"
#include "common/resample.hpp"
#include "core/hd/f64.hpp"
#include "features/float_vif/float_vif_params.hpp"
#include "features/float_vif/gpu/float_vif_work.hpp"
#include "gpu/frame_layout.hpp"

namespace fastvmaf::float_vif::twin {

static_assert(kScales == static_cast<unsigned>(float_vif::kScales));

// The twin reads both lumas.
inline constexpr gpu::PlaneMask kPlanes = gpu::kLuma;

struct TwinPlan {
  float_vif::Plan cpu;  // make_plan: the CPU extractor's sizes, taps and checks
  unsigned bpc = 8;
  unsigned first_scale = 0;
  // Offsets in floats into the state buffer.
  std::size_t img[kScales][2] = {}, dec[2] = {}, v5[5] = {}, num[kScales] = {}, den[kScales] = {},
              row_num[kScales] = {}, row_den[kScales] = {};
  std::size_t state_floats = 0;
  // The tables as 32-bit words (ints and float bits), and their offsets.
  std::vector<std::uint32_t> tables;
  std::size_t taps[kScales] = {}, xi = 0, xw = 0, yi = 0, yw = 0;
  float gain_limit = 0;
  double sigma_nsq = 0;
  float sigma_max_inv = 0;
};

inline TwinPlan make_twin_plan(const Config& c, const VideoGeometry& g) {
  common::require_float_depth("float_vif", g.bpc);  // the CPU extractor's checks
  TwinPlan t;
  t.cpu = make_plan(c, g.width, g.height);
  t.bpc = g.bpc;
  t.first_scale = static_cast<unsigned>(c.first_scale());
  const StatParams sp = c.stat_params();
  t.gain_limit = sp.gain_limit;
  t.sigma_nsq = sp.sigma_nsq;
  t.sigma_max_inv = sp.sigma_max_inv;
  const float_vif::Plan& p = t.cpu;
  std::size_t at = 0;
  const auto take = [&](std::size_t n) {
    const std::size_t o = at;
    at += n;
    return o;
  };
  std::size_t dec = 0;
  for (unsigned s = 0; s < kScales; ++s) {
    const std::size_t n = static_cast<std::size_t>(p.w[s]) * p.h[s];
    t.img[s][0] = take(n);
    t.img[s][1] = take(n);
    t.num[s] = take(n);
    t.den[s] = take(n);
    t.row_num[s] = take(p.h[s]);
    t.row_den[s] = take(p.h[s]);
    if (s > 0) dec = std::max(dec, static_cast<std::size_t>(p.w[s - 1]) * p.h[s]);
  }
  t.dec[0] = take(dec);
  t.dec[1] = take(dec);
  for (auto& v : t.v5) v = take(static_cast<std::size_t>(p.w[0]) * p.h[0]);
  t.state_floats = at;

  const auto put_floats = [&](const std::vector<float>& v) {
    const std::size_t off = t.tables.size();
    for (float f : v) {
      std::uint32_t w;
      std::memcpy(&w, &f, sizeof w);
      t.tables.push_back(w);
    }
    return off;
  };
  const auto put_ints = [&](const std::vector<int>& v) {
    const std::size_t off = t.tables.size();
    for (int i : v) t.tables.push_back(static_cast<std::uint32_t>(i));
    return off;
  };
  for (unsigned s = 0; s < kScales; ++s) t.taps[s] = put_floats(p.taps[s].taps);
  if (p.resample) {
    t.xi = put_ints(p.axis_x.index);
    t.xw = put_floats(p.axis_x.weight);
    t.yi = put_ints(p.axis_y.index);
    t.yw = put_floats(p.axis_y.weight);
  }
  return t;
}

// The arguments of a frame laid out by `layout` at `base` (a device frame, or a host copy
// of one in the replay), with the twin's state (state_floats), its tables (a device copy
// of plan.tables) and the frame's slot.
inline Args plan_args(const TwinPlan& t, const Config& c, const gpu::FrameLayout& layout, const std::uint8_t* base,
                      float* state, const std::uint32_t* tables, Results* slot) {
  const float_vif::Plan& p = t.cpu;
  Args a{};
  const gpu::PlaneSlot& r = layout.slot(gpu::Side::Ref, 0);
  const gpu::PlaneSlot& d = layout.slot(gpu::Side::Dis, 0);
  a.src[0] = base + r.offset;
  a.src[1] = base + d.offset;
  a.pitch = static_cast<unsigned>(r.pitch);
  a.bpc = t.bpc;
  a.divisor = common::depth_divisor(t.bpc);
  a.in_w = p.width;
  a.in_h = p.height;
  a.resample = p.resample;
  a.method = c.method;
  const auto ints = [&](std::size_t off) { return reinterpret_cast<const int*>(tables + off); };
  const auto floats = [&](std::size_t off) { return reinterpret_cast<const float*>(tables + off); };
  if (p.resample) {
    a.xi = ints(t.xi);
    a.xw = floats(t.xw);
    a.yi = ints(t.yi);
    a.yw = floats(t.yw);
  }
  for (unsigned s = 0; s < kScales; ++s) {
    a.w[s] = p.w[s];
    a.h[s] = p.h[s];
    a.taps[s] = floats(t.taps[s]);
    a.ntaps[s] = p.taps[s].size();
    a.img[s][0] = state + t.img[s][0];
    a.img[s][1] = state + t.img[s][1];
    a.num[s] = state + t.num[s];
    a.den[s] = state + t.den[s];
    a.row_num[s] = state + t.row_num[s];
    a.row_den[s] = state + t.row_den[s];
  }
  a.dec[0] = state + t.dec[0];
  a.dec[1] = state + t.dec[1];
  for (int k = 0; k < 5; ++k) a.v5[k] = state + t.v5[k];
  a.first_scale = t.first_scale;
  a.gain_limit = t.gain_limit;
  a.sigma_nsq = hd::host_to_f64(t.sigma_nsq);
  a.sigma_max_inv = t.sigma_max_inv;
  a.slot = slot;
  return a;
}

// The grids of a frame's launches: blocks of kThreads along x.
struct LaunchShape {
  unsigned blocks_x, blocks_y, threads;
};
inline unsigned blocks_for(unsigned n) { return (n + kThreads - 1) / kThreads; }
// Both images' rows of scale 0 (load).
inline LaunchShape load_launch(const Args& a) { return {blocks_for(a.w[0]), 2 * a.h[0], kThreads}; }
// Both images' kept rows of scale s, over scale s - 1's columns (decimate_v).
inline LaunchShape decimate_v_launch(const Args& a, unsigned s) { return {blocks_for(a.w[s - 1]), 2 * a.h[s], kThreads}; }
// Both images' samples of scale s (decimate_h).
inline LaunchShape decimate_h_launch(const Args& a, unsigned s) { return {blocks_for(a.w[s]), 2 * a.h[s], kThreads}; }
// Scale s's samples (vertical, statistic): blockIdx.y the row.
inline LaunchShape scale_launch(const Args& a, unsigned s) { return {blocks_for(a.w[s]), a.h[s], kThreads}; }
// Every scale's rows: blockIdx.y the scale.
inline LaunchShape rows_launch(const Args& a) { return {blocks_for(a.h[0]), kScales, kThreads}; }
inline LaunchShape total_launch() { return {1, 1, kScales}; }

// A frame's launches: load, two per decimation, two per scale computed, rows and total.
inline unsigned launches_per_frame(const Config& c) {
  return 1 + 2 * (kScales - 1) + 2 * (kScales - static_cast<unsigned>(c.first_scale())) + 2;
}

// The slot as the CPU's per-scale sums (emit_scores turns them into the values).
inline void sums_of(const Results& r, ScaleSums (&sums)[float_vif::kScales]) {
  for (unsigned s = 0; s < kScales; ++s) sums[s] = {r.num[s], r.den[s]};
}

}  // namespace fastvmaf::float_vif::twin
