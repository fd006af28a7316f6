// The float MS-SSIM twin's plan, on the host: the CPU's plan (plan_ms_ssim: the five scales'
// sizes, the dB ceiling and the refusals), the twin's device state (each scale's images, the
// horizontal sums reused from scale to scale, each scale's terms), the grids of its launches,
// the arguments of a frame and the host's reading of its slot (the work-items:
// float_ms_ssim_work.hpp, ssim_map_work.hpp). The twin and the host replay both build them.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

#include "common/float_picture.hpp"
#include "core/extractor.hpp"
#include "core/options.hpp"
#include "features/ssim/gpu/float_ms_ssim_work.hpp"
#include "features/ssim/gpu/ssim_map_plan.hpp"
#include "features/ssim/ms_ssim.hpp"
#include "features/ssim/ssim_map.hpp"
#include "features/ssim/ssim_params.hpp"
#include "gpu/frame_layout.hpp"

namespace fastvmaf::ssim::ms_twin {

// The twin reads both lumas.
inline constexpr gpu::PlaneMask kPlanes = gpu::kLuma;

// float_ms_ssim's options (ms_ssim_option_specs), as the CPU extractor reads them.
struct Options {
  bool enable_lcs = false, enable_db = false, clip_db = false;
  static Options from(const OptionSet& o) {
    return {o.get_bool("enable_lcs"), o.get_bool("enable_db"), o.get_bool("clip_db")};
  }
};

struct TwinPlan {
  MsSsimPlan cpu;  // plan_ms_ssim: the CPU extractor's sizes, dB ceiling and checks
  unsigned bpc = 8;
  twin::MapShape shape[kScales];
  // Offsets in floats into the state buffer, in words into the terms buffer.
  std::size_t img[kScales][2] = {}, h5 = 0, terms[kScales] = {};
  std::size_t state_floats = 0, terms_words = 0;
};

inline TwinPlan make_twin_plan(const Options& o, const VideoGeometry& g) {
  TwinPlan t;
  t.cpu = plan_ms_ssim(o.clip_db, g.width, g.height, g.bpc);
  t.bpc = g.bpc;
  std::size_t at = 0, h5 = 0, words = 0;
  for (int s = 0; s < kScales; ++s) {
    t.shape[s] = twin::map_shape(t.cpu.w[s], t.cpu.h[s]);
    const std::size_t n = static_cast<std::size_t>(t.cpu.w[s]) * static_cast<std::size_t>(t.cpu.h[s]);
    t.img[s][0] = at;
    t.img[s][1] = at + n;
    at += 2 * n;
    h5 = std::max(h5, t.shape[s].h5_floats());
    t.terms[s] = words;
    words += t.shape[s].terms_words();
  }
  t.h5 = at;
  t.state_floats = at + h5;
  t.terms_words = std::max<std::size_t>(words, 1);
  return t;
}

// The arguments of a frame laid out by `layout` at `base` (a device frame, or a host copy
// of one in the replay), with the twin's state (state_floats), its terms (terms_words) and
// the frame's slot.
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
  for (int i = 0; i < kLpf * kLpf; ++i) a.lpf[i] = kLpf2d[i / kLpf][i % kLpf];
  for (int s = 0; s < kScales; ++s) {
    a.w[s] = t.cpu.w[s];
    a.h[s] = t.cpu.h[s];
    a.img[s][0] = state + t.img[s][0];
    a.img[s][1] = state + t.img[s][1];
    a.map[s] = twin::map_args(t.shape[s], a.img[s][0], a.img[s][1], state + t.h5, terms + t.terms[s], &slot->scale[s]);
  }
  return a;
}

using twin::blocks_for;
using twin::LaunchShape;
// Both images' rows of scale s (load for scale 0, decimate for the others).
inline LaunchShape scale_launch(const Args& a, unsigned s) {
  return {blocks_for(a.w[s]), 2 * static_cast<unsigned>(a.h[s]), kThreads};
}

// The frame's scores from the slot: the CPU extractor's means_of and ms_ssim_scores (which
// throws where the CPU throws).
inline MsSsimScores scores_of(const TwinPlan& t, const Options& o, const Results& r, unsigned frame) {
  std::array<SsimMeans, kScales> means;
  for (int s = 0; s < kScales; ++s) means[s] = means_of(twin::sums_of(r.scale[s]), t.shape[s].ow, t.shape[s].oh);
  return ms_ssim_scores(means, o.enable_db, t.cpu.max_db, frame);
}

}  // namespace fastvmaf::ssim::ms_twin
