// The SpEED twins' plan, on the host (src/features/speed/gpu/): the Plan of a run (as
// SpeedPlane plans it), its scratch and resample tables, and the grid of every kernel.
// The twin (speed_twin.cpp), its kernels' launchers and the host replay use it; the
// work-items are speed_work.hpp.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "common/resample.hpp"
#include "features/speed/gpu/speed_work.hpp"
#include "features/speed/speed_math.hpp"
#include "features/speed/speed_params.hpp"
#include "features/speed/speed_plane.hpp"

namespace fastvmaf::speed::twin {

// ---- the plan -------------------------------------------------------------------------------

// The host tables a plan points at when the prescale resamples (make_resample_axis).
struct PlanTables {
  common::ResampleAxis x, y;
};

// The plan of a run of `images` images (4: speed_chroma, 2: speed_temporal) of planes
// `d`, as SpeedPlane plans it; the scratch and table pointers are set by place_scratch and
// by the caller (device buffers in the twin, host ones in the replay).
inline Plan make_plan(const SpeedSettings& st, const SpeedDims& d, unsigned images, unsigned bpc, PlanTables& tables) {
  Plan p;
  p.dims = d;
  p.images = images;
  p.channels = images / 2;
  p.bpc = bpc;
  p.divisor = common::depth_divisor(bpc);
  // SpeedPlane: libvmaf's scalers copy the frame when the prescale changes neither size.
  p.resample = prescale_resamples(st.prescale) && (d.scaled_width != d.width || d.scaled_height != d.height);
  p.method = st.method;
  const std::vector<float> aa = antialias_taps(st.kernelscale), mean = local_mean_taps(st.kernelscale);
  if (aa.size() > static_cast<std::size_t>(kMaxAntialiasTaps) || mean.size() > static_cast<std::size_t>(kMaxMeanTaps))
    throw std::logic_error("speed twin: a kernel scale's filter is wider than the twin plans for");
  p.aa_taps = static_cast<int>(aa.size());
  p.mean_taps = static_cast<int>(mean.size());
  std::copy(aa.begin(), aa.end(), p.aa);
  std::copy(mean.begin(), mean.end(), p.mean);
  p.sigma_nn = st.sigma_nn;
  p.log2_2pie = hd::host_to_f64(log2_two_pi_e());
  p.base_entropy = math::base_entropy(st.sigma_nn, st.nn_floor, log2_two_pi_e());  // on the host, in double
  p.weight_var_mode = st.weight_var_mode;
  p.plane = static_cast<std::size_t>(d.down_width) * d.down_height;
  if (p.resample) {
    tables.x = common::make_resample_axis(st.method, static_cast<int>(d.width), static_cast<int>(d.scaled_width));
    tables.y = common::make_resample_axis(st.method, static_cast<int>(d.height), static_cast<int>(d.scaled_height));
    p.taps_x = tables.x.taps;
    p.taps_y = tables.y.taps;
  }
  return p;
}

// The floats of the plan's scratch (Scratch, in its order).
inline std::size_t scratch_floats(const Plan& p) {
  const std::size_t blocks = p.dims.num_blocks();
  return 2 * p.images * p.plane + p.images * (kN * kN + kN + blocks) + p.channels * blocks;
}

// Points the plan's scratch into `floats` (scratch_floats(p) long) and `flags` (p.images).
inline void place_scratch(Plan& p, float* floats, ImageFlags* flags) {
  const std::size_t blocks = p.dims.num_blocks();
  auto take = [&floats](std::size_t n) {
    float* r = floats;
    floats += n;
    return r;
  };
  p.s.down = take(p.images * p.plane);
  p.s.centred = take(p.images * p.plane);
  p.s.cov = take(p.images * kN * kN);
  p.s.eig = take(p.images * kN);
  p.s.variance = take(p.images * blocks);
  p.s.terms = take(p.channels * blocks);
  p.s.flags = flags;
}

// The tables as one block of 32-bit words (x index, x weight, y index, y weight) and where
// each starts in it.
struct PackedTables {
  std::vector<std::uint32_t> words;
  std::size_t xi = 0, xw = 0, yi = 0, yw = 0;
};
inline PackedTables pack_tables(const PlanTables& t) {
  PackedTables r;
  auto put = [&r](const auto& v) {
    const std::size_t at = r.words.size();
    for (const auto& e : v) {
      std::uint32_t w;
      static_assert(sizeof(e) == sizeof(w));
      std::memcpy(&w, &e, sizeof w);
      r.words.push_back(w);
    }
    return at;
  };
  r.xi = put(t.x.index);
  r.xw = put(t.x.weight);
  r.yi = put(t.y.index);
  r.yw = put(t.y.weight);
  return r;
}
// Points the plan's tables into `base`, a copy of pack_tables' words.
inline void place_tables(Plan& p, const PackedTables& t, const std::uint32_t* base) {
  p.xi = reinterpret_cast<const int*>(base + t.xi);
  p.xw = reinterpret_cast<const float*>(base + t.xw);
  p.yi = reinterpret_cast<const int*>(base + t.yi);
  p.yw = reinterpret_cast<const float*>(base + t.yw);
}

// ---- grids ----------------------------------------------------------------------------------

struct Dim {
  unsigned x = 1, y = 1, z = 1;
};

// Blocks: (decimated columns in groups of kBlurOutputs, decimated rows, images).
inline Dim blur_grid(const Plan& p) { return {ceil_div(p.dims.down_width, kBlurOutputs), p.dims.down_height, p.images}; }

inline Dim mean_grid(const Plan& p) { return {ceil_div(static_cast<unsigned>(p.plane), kMeanThreads), p.images, 1}; }

inline Dim cov_grid(const Plan& p) { return {kCovBlocks, p.images, 1}; }

inline Dim solve_grid(const Plan& p) { return {2 * p.images, 1, 1}; }

inline Dim score_grid(const Plan& p) { return {ceil_div(p.dims.num_blocks(), kScoreThreads), p.channels, 1}; }

inline Dim keep_grid(const KeepArgs& a) { return {ceil_div(static_cast<unsigned>(a.pitch / 16), kKeepThreads), a.rows, 2}; }

}  // namespace fastvmaf::speed::twin
