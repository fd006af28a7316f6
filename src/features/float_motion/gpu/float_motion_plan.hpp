// The float motion twin's plan, on the host: the planes it reads, its device state (the
// vertical pass, the ring of the last three frames' blurs and halvings, the row sums), the
// bilinear tables, the grids of its launches and the arguments of frame i (the work-items:
// float_motion_work.hpp). The twin and the host replay both build their arguments here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "common/float_picture.hpp"
#include "common/resample.hpp"
#include "features/float_motion/float_motion_params.hpp"
#include "features/float_motion/gpu/float_motion_work.hpp"
#include "gpu/frame_layout.hpp"

namespace fastvmaf::float_motion::twin {

// The ring's depth: frame i's blur, and frames i - 1's and i - 2's (libvmaf's three).
inline constexpr unsigned kRing = 3;

// The reference planes the twin reads (none with motion_force_zero).
inline gpu::PlaneMask planes_of(const Params& p) {
  if (p.force_zero) return 0;
  gpu::PlaneMask m = gpu::plane_bit(gpu::Side::Ref, 0);
  if (p.add_uv) m |= gpu::plane_bit(gpu::Side::Ref, 1) | gpu::plane_bit(gpu::Side::Ref, 2);
  return m;
}

struct Plan {
  std::vector<PlaneSize> sizes;
  // Offsets in floats into the state buffer, per plane.
  struct Offsets {
    std::size_t tmp, blur, scaled, rows;
  };
  std::vector<Offsets> at;
  std::size_t state_floats = 0;
  // The bilinear tables, packed as 32-bit words (ints and float bits), and their offsets.
  struct Tables {
    std::size_t xi, xw, yi, yw;
  };
  std::vector<Tables> table_at;
  std::vector<std::uint32_t> tables;
  float taps[kMaxTaps] = {};
  int ntaps = 0;
  bool scale1 = false;
  unsigned bpc = 8;
};

inline Plan make_plan(const VideoGeometry& g, const Params& p) {
  Plan plan;
  plan.sizes = plane_sizes(g, p);  // the CPU extractor's checks
  plan.bpc = g.bpc;
  plan.scale1 = p.add_scale1;
  const common::FilterTaps taps = blur_taps(p.filter_size);
  plan.ntaps = taps.size();
  for (int k = 0; k < plan.ntaps; ++k) plan.taps[k] = taps.taps[static_cast<std::size_t>(k)];
  std::size_t floats = 0;
  for (const PlaneSize& s : plan.sizes) {
    const std::size_t n = static_cast<std::size_t>(s.w) * s.h, sn = static_cast<std::size_t>(s.sw) * s.sh;
    Plan::Offsets o{};
    o.tmp = floats;
    o.blur = o.tmp + n;
    o.scaled = o.blur + kRing * n;
    o.rows = o.scaled + kRing * sn;
    floats = o.rows + s.h + s.sh;
    plan.at.push_back(o);
    Plan::Tables t{};
    if (p.add_scale1) {
      const auto put_ints = [&](const std::vector<int>& v) {
        const std::size_t off = plan.tables.size();
        for (int i : v) plan.tables.push_back(static_cast<std::uint32_t>(i));
        return off;
      };
      const auto put_floats = [&](const std::vector<float>& v) {
        const std::size_t off = plan.tables.size();
        for (float f : v) {
          std::uint32_t w;
          std::memcpy(&w, &f, sizeof w);
          plan.tables.push_back(w);
        }
        return off;
      };
      const common::ResampleAxis ax = common::make_resample_axis(common::PrescaleMethod::Bilinear,
                                                                 static_cast<int>(s.w), static_cast<int>(s.sw));
      const common::ResampleAxis ay = common::make_resample_axis(common::PrescaleMethod::Bilinear,
                                                                 static_cast<int>(s.h), static_cast<int>(s.sh));
      t.xi = put_ints(ax.index);
      t.xw = put_floats(ax.weight);
      t.yi = put_ints(ay.index);
      t.yw = put_floats(ay.weight);
    }
    plan.table_at.push_back(t);
  }
  plan.state_floats = floats;
  return plan;
}

// The arguments of frame `frame` laid out by `layout` at `base` (a device frame, or a host
// copy of one in the replay), with the twin's state buffer (plan.state_floats), its tables
// (a device copy of plan.tables) and the frame's slot.
inline Args plan_args(const Plan& plan, const gpu::FrameLayout& layout, const std::uint8_t* base, float* state,
                      const std::uint32_t* tables, unsigned frame, Results* slot) {
  Args a{};
  a.planes = static_cast<unsigned>(plan.sizes.size());
  a.bpc = plan.bpc;
  a.divisor = common::depth_divisor(plan.bpc);
  for (int k = 0; k < plan.ntaps; ++k) a.taps[k] = plan.taps[k];
  a.ntaps = plan.ntaps;
  a.scale1 = plan.scale1;
  a.slot = slot;
  const unsigned cur = frame % kRing, prev = (frame + kRing - 1) % kRing;
  for (unsigned c = 0; c < a.planes; ++c) {
    const PlaneSize& s = plan.sizes[c];
    const Plan::Offsets& o = plan.at[c];
    const gpu::PlaneSlot& ps = layout.slot(gpu::Side::Ref, static_cast<int>(c));
    PlaneArgs& p = a.plane[c];
    p.src = base + ps.offset;
    p.pitch = static_cast<unsigned>(ps.pitch);
    p.w = s.w;
    p.h = s.h;
    p.sw = s.sw;
    p.sh = s.sh;
    const std::size_t n = static_cast<std::size_t>(s.w) * s.h, sn = static_cast<std::size_t>(s.sw) * s.sh;
    p.tmp = state + o.tmp;
    p.blur = state + o.blur + cur * n;
    p.prev_blur = state + o.blur + prev * n;
    p.scaled = state + o.scaled + cur * sn;
    p.prev_scaled = state + o.scaled + prev * sn;
    p.rows = state + o.rows;
    if (plan.scale1) {
      const Plan::Tables& t = plan.table_at[c];
      p.xi = reinterpret_cast<const int*>(tables + t.xi);
      p.xw = reinterpret_cast<const float*>(tables + t.xw);
      p.yi = reinterpret_cast<const int*>(tables + t.yi);
      p.yw = reinterpret_cast<const float*>(tables + t.yw);
    }
  }
  return a;
}

// The grids of a frame's launches: blocks of kThreads along x; blocks_y as the work-items
// split it (float_motion_work.hpp: plane_row, row_block).
struct LaunchShape {
  unsigned blocks_x, blocks_y, threads;
};
inline LaunchShape filter_launch(const Args& a) {
  return {(a.plane[0].w + kThreads - 1) / kThreads, a.planes * a.plane[0].h, kThreads};
}
inline LaunchShape scale_launch(const Args& a) {
  return {(a.plane[0].sw + kThreads - 1) / kThreads, a.planes * a.plane[0].sh, kThreads};
}
inline LaunchShape rows_launch(const Args& a) {
  return {(a.plane[0].h + kThreads - 1) / kThreads, a.planes * 2, kThreads};
}
inline LaunchShape total_launch(const Args& a) { return {1, 1, a.planes * 2}; }

// Launches of frame `frame`: the blur (2), the halving (motion_add_scale1), and from frame 1
// on the rows' and the planes' sums (2).
inline unsigned launches_of(const Params& p, unsigned frame) {
  if (p.force_zero) return 0;
  return 2 + (p.add_scale1 ? 1 : 0) + (frame >= 1 ? 2 : 0);
}

// The frame's score against the one before, from the slot: each plane's means (the CPU's
// mean_of), its scales added (channel_score), the planes added in double as the CPU does.
inline double score_of(const Plan& plan, const Results& r) {
  double s = 0;
  for (std::size_t c = 0; c < plan.sizes.size(); ++c) {
    const PlaneSize& z = plan.sizes[c];
    const float s0 = mean_of(r.sum[c][0], z.w, z.h);
    const float s1 = plan.scale1 ? mean_of(r.sum[c][1], z.sw, z.sh) : 0.0f;
    const float cs = channel_score(s0, s1, plan.scale1);
    s = c == 0 ? cs : s + cs;
  }
  return s;
}

// The twin's finish of frame `index` from its slot: the frame's score (from frame 1 on),
// frame i - 1's score against i - 2 from the previous finish (the same bits as the CPU's
// recomputation: |a - b| and |b - a| are the same float), and the CPU's Series.
inline void finish_frame(const Plan& plan, const Params& p, const FeatureNames& names, Series& series, unsigned index,
                         const Results& slot, std::vector<Series::Entry>& out) {
  double s = 0., s2 = 0.;
  if (!p.force_zero && index >= 1) {
    s = score_of(plan, slot);
    if (series.seen() && series.last_index() + 1 == index) s2 = series.last_score();
  }
  series.frame(index, s, s2, p, names, out);
}

}  // namespace fastvmaf::float_motion::twin
