// The float SSIM twin's plan, on the host: the CPU's plan (plan_ssim: the factor, the
// map's size, the dB ceiling and their refusals), the twin's device state (the map's
// input, the map's scratch: ssim_map_plan.hpp), the grids of its launches, the arguments
// of a frame and the host's reading of its slot (the work-items: float_ssim_work.hpp).
// The twin and the host replay both build them here.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "common/float_picture.hpp"
#include "core/extractor.hpp"
#include "core/options.hpp"
#include "features/ssim/gpu/float_ssim_work.hpp"
#include "features/ssim/gpu/ssim_map_plan.hpp"
#include "features/ssim/ssim.hpp"
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
  MapShape shape;
  // Offsets in floats into the state buffer.
  std::size_t img[2] = {}, h5 = 0;
  std::size_t state_floats = 0, terms_words = 0;
};

inline TwinPlan make_twin_plan(const Options& o, const VideoGeometry& g) {
  TwinPlan t;
  t.cpu = plan_ssim(o.scale, o.clip_db, g.width, g.height, g.bpc);
  t.bpc = g.bpc;
  t.in_w = g.width;
  t.in_h = g.height;
  t.shape = map_shape(t.cpu.w, t.cpu.h);
  const std::size_t n = static_cast<std::size_t>(t.cpu.w) * static_cast<std::size_t>(t.cpu.h);
  t.img[0] = 0;
  t.img[1] = n;
  t.h5 = 2 * n;
  t.state_floats = 2 * n + t.shape.h5_floats();
  t.terms_words = std::max<std::size_t>(t.shape.terms_words(), 1);  // a frame narrower than the window has none
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
  a.img[0] = state + t.img[0];
  a.img[1] = state + t.img[1];
  a.map = map_args(t.shape, a.img[0], a.img[1], state + t.h5, terms, slot);
  return a;
}

// Both images' rows of the map's input (load).
inline LaunchShape load_launch(const Args& a) { return {blocks_for(a.map.w), 2 * rows_of(a.map.h), kThreads}; }

// The frame's values from the slot: the CPU extractor's means_of and ssim_values.
inline SsimValues values_of(const TwinPlan& t, const Options& o, const Results& r) {
  return ssim_values(means_of(sums_of(r), t.shape.ow, t.shape.oh), o.enable_db, t.cpu.max_db);
}

}  // namespace fastvmaf::ssim::twin
