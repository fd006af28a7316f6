// The float SSIM twin's plan, on the host: the CPU's plan (plan_ssim: the factor, the
// map's size, the dB ceiling and their refusals), the twin's device state (the map's
// input, the horizontal sums, the terms of every window position), the grids of its
// launches, the arguments of a frame and the host's reading of its slot (the work-items:
// float_ssim_work.hpp). The twin and the host replay both build them here.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "common/float_picture.hpp"
#include "core/extractor.hpp"
#include "core/options.hpp"
#include "features/ssim/gpu/float_ssim_work.hpp"
#include "features/ssim/ssim.hpp"
#include "features/ssim/ssim_dsp.hpp"
#include "features/ssim/ssim_map.hpp"
#include "features/ssim/ssim_params.hpp"
#include "gpu/frame_layout.hpp"

namespace fastvmaf::ssim::twin {

// The twin reads both lumas.
inline constexpr gpu::PlaneMask kPlanes = gpu::kLuma;

// float_ssim's options (ssim_option_specs), as the CPU extractor reads them.
struct Options {
  bool enable_lcs = false, enable_db = false, clip_db = false;
  int scale = 0;
  static Options from(const OptionSet& o) {
    return {o.get_bool("enable_lcs"), o.get_bool("enable_db"), o.get_bool("clip_db"), o.get_int("scale")};
  }
};

struct TwinPlan {
  SsimPlan cpu;  // plan_ssim: the CPU extractor's factor, sizes, dB ceiling and checks
  unsigned bpc = 8;
  unsigned in_w = 0, in_h = 0;
  int ow = 0, oh = 0;
  // Offsets in floats into the state buffer, and the terms' words.
  std::size_t img[2] = {}, h5[5] = {};
  std::size_t state_floats = 0, terms_words = 0;
};

inline TwinPlan make_twin_plan(const Options& o, const VideoGeometry& g) {
  TwinPlan t;
  t.cpu = plan_ssim(o.scale, o.clip_db, g.width, g.height, g.bpc);
  t.bpc = g.bpc;
  t.in_w = g.width;
  t.in_h = g.height;
  t.ow = t.cpu.w - (kWindow - 1);
  t.oh = t.cpu.h - (kWindow - 1);
  const std::size_t n = static_cast<std::size_t>(t.cpu.w) * static_cast<std::size_t>(t.cpu.h);
  const std::size_t ow = static_cast<std::size_t>(std::max(t.ow, 0));
  const std::size_t oh = static_cast<std::size_t>(std::max(t.oh, 0));
  std::size_t at = 0;
  const auto take = [&](std::size_t k) {
    const std::size_t off = at;
    at += k;
    return off;
  };
  t.img[0] = take(n);
  t.img[1] = take(n);
  for (auto& q : t.h5) q = take(ow * static_cast<std::size_t>(t.cpu.h));
  t.state_floats = at;
  t.terms_words = std::max<std::size_t>(4 * ow * oh, 1);  // a frame narrower than the window has none
  return t;
}

// The arguments of a frame laid out by `layout` at `base` (a device frame, or a host copy
// of one in the replay), with the twin's state (state_floats), its terms (terms_words)
// and the frame's slot.
inline Args plan_args(const TwinPlan& t, const gpu::FrameLayout& layout, const std::uint8_t* base, float* state,
                      std::uint64_t* terms, Results* slot) {
  Args a{};
  const gpu::PlaneSlot& r = layout.slot(gpu::Side::Ref, 0);
  const gpu::PlaneSlot& d = layout.slot(gpu::Side::Dis, 0);
  a.src[0] = base + r.offset;
  a.src[1] = base + d.offset;
  a.pitch = static_cast<unsigned>(r.pitch);
  a.bpc = t.bpc;
  a.divisor = common::depth_divisor(t.bpc);
  a.in_w = static_cast<int>(t.in_w);
  a.in_h = static_cast<int>(t.in_h);
  a.factor = t.cpu.factor;
  a.tap = 1.0f / static_cast<float>(t.cpu.factor * t.cpu.factor);  // decimate_box's
  a.w = t.cpu.w;
  a.h = t.cpu.h;
  a.ow = t.ow;
  a.oh = t.oh;
  for (int i = 0; i < kWindow; ++i) a.gauss[i] = kGaussian[i];
  a.k = map_constants();
  a.img[0] = state + t.img[0];
  a.img[1] = state + t.img[1];
  for (int q = 0; q < 5; ++q) a.h5[q] = state + t.h5[q];
  const std::size_t plane = static_cast<std::size_t>(std::max(t.ow, 0)) * static_cast<std::size_t>(std::max(t.oh, 0));
  for (int q = 0; q < 4; ++q) a.terms[q] = terms + q * plane;
  a.slot = slot;
  return a;
}

// The grids of a frame's launches: blocks of kThreads along x (at least one block: a
// frame narrower or shorter than the window has no positions, and its items do nothing).
struct LaunchShape {
  unsigned blocks_x, blocks_y, threads;
};
inline unsigned blocks_for(int n) { return n <= 0 ? 1u : (static_cast<unsigned>(n) + kThreads - 1) / kThreads; }
inline unsigned rows_of(int n) { return n <= 0 ? 1u : static_cast<unsigned>(n); }
// Both images' rows of the map's input (load).
inline LaunchShape load_launch(const Args& a) { return {blocks_for(a.w), 2 * rows_of(a.h), kThreads}; }
// The map's columns over every input row (hpass).
inline LaunchShape hpass_launch(const Args& a) { return {blocks_for(a.ow), rows_of(a.h), kThreads}; }
// The window positions (terms): blockIdx.y the row.
inline LaunchShape terms_launch(const Args& a) { return {blocks_for(a.ow), rows_of(a.oh), kThreads}; }
inline LaunchShape sum_launch() { return {1, 1, 1}; }

// The slot as the CPU's sums (SsimMap::compute's, before means_of).
inline SsimSums sums_of(const Results& r) {
  return {std::bit_cast<double>(r.ssim), std::bit_cast<double>(r.l), std::bit_cast<double>(r.c),
          std::bit_cast<double>(r.s)};
}

// The frame's values from the slot: the CPU extractor's means_of and ssim_values.
inline SsimValues values_of(const TwinPlan& t, const Options& o, const Results& r) {
  return ssim_values(means_of(sums_of(r), t.ow, t.oh), o.enable_db, t.cpu.max_db);
}

}  // namespace fastvmaf::ssim::twin
