// Row kernels of the CPU VIF: per scale, the vertical then horizontal filters of
// libvmaf's vif_statistic_8/16 and subsample_rd_8/16, one output row at a time.
//
// The code is written once as templates on an instruction-set tag: vif.cpp
// instantiates it for the baseline target, vif_avx2.cpp compiles the same source
// with AVX2 enabled (distinct tags keep the two instantiations apart). All filter
// arithmetic is integer, so both give the same bits; the per-pixel statistic is
// the shared vif_math.hpp code.
//
// Differences from libvmaf's layout, none of which changes a value:
//  - mirrored rows are read through row pointers instead of copied padding;
//  - the low-pass filter that feeds the next scale is evaluated only at the even
//    rows and columns that the decimation keeps.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "fastvmaf/picture.hpp"
#include "features/vif/vif_math.hpp"
#include "features/vif/vif_params.hpp"

namespace fastvmaf::vif {

// Spare elements on each side of a row buffer, for the horizontal mirror.
inline constexpr unsigned kRowPad = 8;

// Buffers of one extractor instance, planned at init for the picture size.
struct Workspace {
  unsigned width = 0;
  unsigned height = 0;
  std::vector<std::uint16_t> scaled[kScales][2];  // decimated ref / dis of scales 1..3
  std::vector<std::uint32_t> rows;                // 5 row buffers of width + 2 * kRowPad
  std::vector<std::int32_t> sigmas;               // 3 rows of width

  void plan(unsigned w, unsigned h) {
    width = w;
    height = h;
    for (int s = 1; s < kScales; ++s)
      for (auto& img : scaled[s]) img.assign(static_cast<std::size_t>(w >> s) * (h >> s), 0);
    rows.assign(5 * (static_cast<std::size_t>(w) + 2 * kRowPad), 0);
    sigmas.assign(3 * static_cast<std::size_t>(w), 0);
  }
  std::uint32_t* row(int k) { return rows.data() + k * (width + 2 * kRowPad) + kRowPad; }
};

struct FrameArgs {
  const Plane* ref = nullptr;
  const Plane* dis = nullptr;
  unsigned bpc = 8;
  bool skip_scale0 = false;
  double gain_limit = 100.0;
  const std::uint16_t* log2 = nullptr;
};

// Fills acc[s] for every computed scale (acc[0] stays zero with skip_scale0).
using FrameFn = void (*)(const FrameArgs&, Workspace&, VifAccum (&acc)[kScales]);
FrameFn frame_fn_scalar();
// nullptr when this build has no AVX2 path.
FrameFn frame_fn_avx2();

template <class T>
struct View {
  const T* data;
  std::ptrdiff_t stride;  // in samples
  unsigned w, h;
  const T* row(int y) const { return data + static_cast<std::ptrdiff_t>(y) * stride; }
};

template <int S>
constexpr const auto& taps() {
  if constexpr (S == 0)
    return kFilter0;
  else if constexpr (S == 1)
    return kFilter1;
  else if constexpr (S == 2)
    return kFilter2;
  else
    return kFilter3;
}

// p[-f] = p[f] and p[w-1+f] = p[w-1-f] for f in 1..r (libvmaf's PADDING_SQ_DATA).
inline void mirror_row(std::uint32_t* p, unsigned w, int r) {
  for (int f = 1; f <= r; ++f) {
    p[-f] = p[f];
    p[static_cast<int>(w) - 1 + f] = p[static_cast<int>(w) - 1 - f];
  }
}

template <class Isa>
struct Kernels {
  // Vertical pass of the statistic on one row: the rounded means and second
  // moments of every column (tmp.mu1 ... tmp.ref_dis in libvmaf).
  template <int S, class T>
  static void stat_vertical(const T* const* rr, const T* const* dr, unsigned w, VerticalRounding rnd,
                            std::uint32_t* __restrict mu1, std::uint32_t* __restrict mu2,
                            std::uint32_t* __restrict xx, std::uint32_t* __restrict yy,
                            std::uint32_t* __restrict xy) {
    constexpr auto& f = taps<S>();
    constexpr int W = static_cast<int>(f.size());
    for (unsigned j = 0; j < w; ++j) {
      std::uint32_t m1 = 0, m2 = 0;
      std::uint64_t a = 0, b = 0, c = 0;
      for (int k = 0; k < W; ++k) {
        const std::uint32_t r = rr[k][j], d = dr[k][j];
        const std::uint32_t cr = f[k] * r, cd = f[k] * d;
        m1 += cr;
        m2 += cd;
        a += static_cast<std::uint64_t>(cr) * r;
        b += static_cast<std::uint64_t>(cd) * d;
        c += static_cast<std::uint64_t>(cr) * d;
      }
      mu1[j] = static_cast<std::uint16_t>((m1 + rnd.mu_round) >> rnd.mu_shift);
      mu2[j] = static_cast<std::uint16_t>((m2 + rnd.mu_round) >> rnd.mu_shift);
      xx[j] = static_cast<std::uint32_t>((a + rnd.sq_round) >> rnd.sq_shift);
      yy[j] = static_cast<std::uint32_t>((b + rnd.sq_round) >> rnd.sq_shift);
      xy[j] = static_cast<std::uint32_t>((c + rnd.sq_round) >> rnd.sq_shift);
    }
  }

  // Horizontal pass of the statistic on one (mirrored) row, down to the sigmas.
  template <int S>
  static void stat_horizontal(const std::uint32_t* mu1, const std::uint32_t* mu2, const std::uint32_t* xx,
                              const std::uint32_t* yy, const std::uint32_t* xy, unsigned w,
                              std::int32_t* __restrict s1, std::int32_t* __restrict s2,
                              std::int32_t* __restrict s12) {
    constexpr auto& f = taps<S>();
    constexpr int W = static_cast<int>(f.size());
    constexpr int R = W / 2;
    for (unsigned j = 0; j < w; ++j) {
      std::uint32_t m1 = 0, m2 = 0;
      std::uint64_t a = 0, b = 0, c = 0;
      for (int k = 0; k < W; ++k) {
        const int x = static_cast<int>(j) - R + k;
        m1 += f[k] * mu1[x];
        m2 += f[k] * mu2[x];
        a += f[k] * static_cast<std::uint64_t>(xx[x]);
        b += f[k] * static_cast<std::uint64_t>(yy[x]);
        c += f[k] * static_cast<std::uint64_t>(xy[x]);
      }
      const Sigmas s = vif_sigmas(m1, m2, static_cast<std::uint32_t>((a + 32768) >> 16),
                                  static_cast<std::uint32_t>((b + 32768) >> 16),
                                  static_cast<std::uint32_t>((c + 32768) >> 16));
      s1[j] = s.s1;
      s2[j] = s.s2;
      s12[j] = s.s12;
    }
  }

  // The statistic of one scale (vif_statistic_8/16).
  template <int S, class T>
  static VifAccum stat(View<T> ref, View<T> dis, VerticalRounding rnd, double gain_limit,
                       const std::uint16_t* table, Workspace& ws) {
    constexpr int W = static_cast<int>(taps<S>().size());
    constexpr int R = W / 2;
    const unsigned w = ref.w, h = ref.h;
    std::uint32_t* mu1 = ws.row(0);
    std::uint32_t* mu2 = ws.row(1);
    std::uint32_t* xx = ws.row(2);
    std::uint32_t* yy = ws.row(3);
    std::uint32_t* xy = ws.row(4);
    std::int32_t* s1 = ws.sigmas.data();
    std::int32_t* s2 = s1 + w;
    std::int32_t* s12 = s2 + w;
    const T* rr[W];
    const T* dr[W];
    VifAccum acc;
    for (unsigned i = 0; i < h; ++i) {
      for (int k = 0; k < W; ++k) {
        const int y = reflect(static_cast<int>(i) - R + k, static_cast<int>(h));
        rr[k] = ref.row(y);
        dr[k] = dis.row(y);
      }
      stat_vertical<S>(rr, dr, w, rnd, mu1, mu2, xx, yy, xy);
      for (std::uint32_t* p : {mu1, mu2, xx, yy, xy}) mirror_row(p, w, R);
      stat_horizontal<S>(mu1, mu2, xx, yy, xy, w, s1, s2, s12);
      for (unsigned j = 0; j < w; ++j) vif_accumulate(acc, Sigmas{s1[j], s2[j], s12[j]}, gain_limit, table);
    }
    return acc;
  }

  // Scale S + 1 from scale S: the low-pass filter of scale S + 1 (subsample_rd_8/16)
  // at the even rows and columns, which is all decimate_and_pad keeps.
  template <int S, class T>
  static void subsample(View<T> ref, View<T> dis, VerticalRounding rnd, std::uint16_t* out_ref,
                        std::uint16_t* out_dis, Workspace& ws) {
    constexpr auto& f = taps<S + 1>();
    constexpr int W = static_cast<int>(f.size());
    constexpr int R = W / 2;
    const unsigned w = ref.w, h = ref.h;
    const unsigned ow = w / 2, oh = h / 2;
    std::uint32_t* vr = ws.row(0);
    std::uint32_t* vd = ws.row(1);
    const T* rr[W];
    const T* dr[W];
    for (unsigned oi = 0; oi < oh; ++oi) {
      const int i = static_cast<int>(2 * oi);
      for (int k = 0; k < W; ++k) {
        const int y = reflect(i - R + k, static_cast<int>(h));
        rr[k] = ref.row(y);
        dr[k] = dis.row(y);
      }
      for (unsigned j = 0; j < w; ++j) {
        std::uint32_t ar = 0, ad = 0;
        for (int k = 0; k < W; ++k) {
          ar += f[k] * static_cast<std::uint32_t>(rr[k][j]);
          ad += f[k] * static_cast<std::uint32_t>(dr[k][j]);
        }
        vr[j] = static_cast<std::uint16_t>((ar + rnd.mu_round) >> rnd.mu_shift);
        vd[j] = static_cast<std::uint16_t>((ad + rnd.mu_round) >> rnd.mu_shift);
      }
      mirror_row(vr, w, R);
      mirror_row(vd, w, R);
      std::uint16_t* orow = out_ref + static_cast<std::size_t>(oi) * ow;
      std::uint16_t* drow = out_dis + static_cast<std::size_t>(oi) * ow;
      for (unsigned oj = 0; oj < ow; ++oj) {
        const int j = static_cast<int>(2 * oj);
        std::uint32_t ar = 0, ad = 0;
        for (int k = 0; k < W; ++k) {
          ar += f[k] * vr[j - R + k];
          ad += f[k] * vd[j - R + k];
        }
        orow[oj] = static_cast<std::uint16_t>((ar + 32768) >> 16);
        drow[oj] = static_cast<std::uint16_t>((ad + 32768) >> 16);
      }
    }
  }

  template <class T>
  static void run(const FrameArgs& a, Workspace& ws, VifAccum (&acc)[kScales]) {
    const unsigned w = ws.width, h = ws.height;
    const View<T> r0{reinterpret_cast<const T*>(a.ref->data), a.ref->stride / static_cast<std::ptrdiff_t>(sizeof(T)),
                     w, h};
    const View<T> d0{reinterpret_cast<const T*>(a.dis->data), a.dis->stride / static_cast<std::ptrdiff_t>(sizeof(T)),
                     w, h};
    acc[0] = VifAccum{};
    if (!a.skip_scale0) acc[0] = stat<0>(r0, d0, stat_rounding(0, a.bpc), a.gain_limit, a.log2, ws);

    auto view = [&](int s, int which) {
      return View<std::uint16_t>{ws.scaled[s][which].data(), w >> s, w >> s, h >> s};
    };
    subsample<0>(r0, d0, subsample_rounding(0, a.bpc), ws.scaled[1][0].data(), ws.scaled[1][1].data(), ws);
    acc[1] = stat<1>(view(1, 0), view(1, 1), stat_rounding(1, a.bpc), a.gain_limit, a.log2, ws);
    subsample<1>(view(1, 0), view(1, 1), subsample_rounding(1, a.bpc), ws.scaled[2][0].data(),
                 ws.scaled[2][1].data(), ws);
    acc[2] = stat<2>(view(2, 0), view(2, 1), stat_rounding(2, a.bpc), a.gain_limit, a.log2, ws);
    subsample<2>(view(2, 0), view(2, 1), subsample_rounding(2, a.bpc), ws.scaled[3][0].data(),
                 ws.scaled[3][1].data(), ws);
    acc[3] = stat<3>(view(3, 0), view(3, 1), stat_rounding(3, a.bpc), a.gain_limit, a.log2, ws);
  }

  static void frame(const FrameArgs& a, Workspace& ws, VifAccum (&acc)[kScales]) {
    if (a.bpc == 8)
      run<std::uint8_t>(a, ws, acc);
    else
      run<std::uint16_t>(a, ws, acc);
  }
};

}  // namespace fastvmaf::vif
