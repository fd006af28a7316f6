// Row kernels of the CPU VIF: per scale, the vertical then horizontal filters of
// libvmaf's vif_statistic_8/16 and subsample_rd_8/16, one output row at a time.
//
// The code is written once as templates on an instruction-set tag: vif.cpp
// instantiates it for the baseline target, vif_avx2.cpp compiles the same source
// with AVX2 enabled (distinct tags keep the two instantiations apart) and
// specialises StatScale, SubsampleScale and Accumulate with hand-written vector
// code that gives the same bits.
//
// libvmaf sums filter taps in uint32 (means) and uint64 (second moments). Here every
// sum is a uint32 lane so that it vectorises, with exactly the same results:
//  - a tap pair with equal coefficients is folded, f[k] * (x[k] + x[W-1-k]);
//  - a second moment below 2^32 per sample is split into 16-bit halves H and L;
//    sum(f * H) and sum(f * L) each stay below 2^32 (the taps sum to 65536), and
//    (sum(f * (H << 16 | L)) + round) >> s == (sum(f * H) << (16 - s)) +
//    ((sum(f * L) + round) >> s) for s <= 16, modulo 2^32 as libvmaf's cast;
//  - 8-bit samples at scale 0 need no split: libvmaf's own sums fit 32 bits there.
// Integer sums do not depend on their order, so none of this changes a value.
//
// Other differences from libvmaf's layout, none of which changes a value either:
//  - mirrored rows are read through row pointers instead of copied padding, and
//    the squares and products of an input row are computed once, kept in a ring
//    of W rows, and reused by the W output rows that read it;
//  - the low-pass filter that feeds the next scale is evaluated only at the even
//    rows and columns that the decimation keeps.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "fastvmaf/picture.hpp"
#include "features/vif/vif_math.hpp"
#include "features/vif/vif_params.hpp"

namespace fastvmaf::vif {

// Spare elements on each side of a row buffer: the horizontal mirror needs 8, the
// AVX2 horizontal pass reads up to 9 past the end.
inline constexpr unsigned kRowPad = 16;
inline constexpr int kMaxTaps = 17;
// Output rows the AVX2 vertical pass computes together; the ring then holds the
// kMaxTaps + kRowBlock - 1 input rows they read.
inline constexpr int kRowBlock = 4;
inline constexpr int kRingSlots = kMaxTaps + kRowBlock - 1;
// Rows kept per input row in the ring: the generic kernels keep r*r, d*d, r*d as
// H and L halves (6); the AVX2 kernels also keep r and d (8).
inline constexpr int kRingRows = 8;
inline constexpr int kGenericProducts = 6;
// Vertically filtered rows: mu1, mu2, then H and L of xx, yy, xy.
inline constexpr int kVertical = 8;

// Buffers of one extractor instance, planned at init for the picture size.
struct Workspace {
  unsigned width = 0;
  unsigned height = 0;
  std::vector<std::uint16_t> scaled[kScales][2];  // decimated ref / dis of scales 1..3
  std::vector<std::uint16_t> ring;                // kRingSlots x kRingRows rows of width
  std::vector<std::uint16_t> vertical;            // kRowBlock x kVertical rows of width + 2 * kRowPad
  std::vector<std::uint32_t> sums;                // 7 rows of width: horizontal sums, scratch
  std::vector<std::int32_t> sigmas;               // 3 rows of width

  void plan(unsigned w, unsigned h) {
    width = w;
    height = h;
    for (int s = 1; s < kScales; ++s)
      for (auto& img : scaled[s]) img.assign(static_cast<std::size_t>(w >> s) * (h >> s), 0);
    ring.assign(static_cast<std::size_t>(kRingSlots) * kRingRows * w, 0);
    vertical.assign(kRowBlock * kVertical * (static_cast<std::size_t>(w) + 2 * kRowPad), 0);
    sums.assign(7 * static_cast<std::size_t>(w), 0);
    sigmas.assign(3 * static_cast<std::size_t>(w), 0);
  }
  std::uint16_t* ring_row(int slot, int q) {
    return ring.data() + (static_cast<std::size_t>(slot) * kRingRows + q) * width;
  }
  std::uint16_t* vrow(int q, int block_row = 0) {
    return vertical.data() + (block_row * kVertical + q) * (width + 2 * kRowPad) + kRowPad;
  }
  std::uint32_t* sum(int q) { return sums.data() + static_cast<std::size_t>(q) * width; }
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
// nullptr when this build or CPU has no AVX2 path.
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

// out[j] = sum_k f[k] * x[k][j] in uint32, tap pairs folded (the filters are
// symmetric). Every product and partial sum here stays below 2^32.
template <std::size_t W, class In>
inline void filter_columns(const std::array<std::uint16_t, W>& f, const In* const* x, unsigned n,
                           std::uint32_t* __restrict out) {
  constexpr int R = static_cast<int>(W) / 2;
  const In* p[W];
  for (std::size_t k = 0; k < W; ++k) p[k] = x[k];
  for (unsigned j = 0; j < n; ++j) {
    std::uint32_t acc = f[R] * static_cast<std::uint32_t>(p[R][j]);
    for (int k = 0; k < R; ++k)
      acc += f[k] * (static_cast<std::uint32_t>(p[k][j]) + static_cast<std::uint32_t>(p[W - 1 - k][j]));
    out[j] = acc;
  }
}

// The same along a row: out[j] = sum_k f[k] * x[j - R + k].
template <std::size_t W, class In>
inline void filter_row(const std::array<std::uint16_t, W>& f, const In* x, unsigned n,
                       std::uint32_t* __restrict out) {
  constexpr int R = static_cast<int>(W) / 2;
  const In* p[W];
  for (std::size_t k = 0; k < W; ++k) p[k] = x - R + static_cast<int>(k);
  filter_columns(f, p, n, out);
}

// p[-f] = p[f] and p[w-1+f] = p[w-1-f] for f in 1..r (libvmaf's PADDING_SQ_DATA).
template <class E>
inline void mirror_row(E* p, unsigned w, int r) {
  for (int f = 1; f <= r; ++f) {
    p[-f] = p[f];
    p[static_cast<int>(w) - 1 + f] = p[static_cast<int>(w) - 1 - f];
  }
}

// Adds one row of sigmas (in any column order) to the scale's sums. vif_avx2.cpp
// specialises it.
template <class Isa>
struct Accumulate {
  static void row(VifAccum& acc, const std::int32_t* s1, const std::int32_t* s2, const std::int32_t* s12,
                  unsigned w, double gain_limit, const std::uint16_t* table) {
    for (unsigned j = 0; j < w; ++j) vif_accumulate(acc, Sigmas{s1[j], s2[j], s12[j]}, gain_limit, table);
  }
};

template <class Isa>
struct Kernels;

// The statistic of scale S on T samples; vif_avx2.cpp specialises it.
template <class Isa, int S, class T>
struct StatScale {
  static VifAccum run(View<T> ref, View<T> dis, VerticalRounding rnd, double gain_limit, const std::uint16_t* table,
                      Workspace& ws) {
    return Kernels<Isa>::template stat<S>(ref, dis, rnd, gain_limit, table, ws);
  }
};

// Scale S + 1 from scale S on T samples; vif_avx2.cpp specialises it.
template <class Isa, int S, class T>
struct SubsampleScale {
  static void run(View<T> ref, View<T> dis, VerticalRounding rnd, std::uint16_t* out_ref, std::uint16_t* out_dis,
                  Workspace& ws) {
    Kernels<Isa>::template subsample<S>(ref, dis, rnd, out_ref, out_dis, ws);
  }
};

template <class Isa>
struct Kernels {
  // The squares and products of one input row, as H / L halves (or, unsplit,
  // whole in the L slots).
  template <bool Split, class T>
  static void row_products(const T* r, const T* d, unsigned w, std::uint16_t* const* out) {
    for (unsigned j = 0; j < w; ++j) {
      const std::uint32_t a = r[j], b = d[j];
      const std::uint32_t rr = a * a, dd = b * b, rd = a * b;
      if constexpr (Split) {
        out[0][j] = static_cast<std::uint16_t>(rr >> 16);
        out[2][j] = static_cast<std::uint16_t>(dd >> 16);
        out[4][j] = static_cast<std::uint16_t>(rd >> 16);
      }
      out[1][j] = static_cast<std::uint16_t>(rr);
      out[3][j] = static_cast<std::uint16_t>(dd);
      out[5][j] = static_cast<std::uint16_t>(rd);
    }
  }

  // The statistic of one scale (vif_statistic_8/16).
  template <int S, class T>
  static VifAccum stat(View<T> ref, View<T> dis, VerticalRounding rnd, double gain_limit,
                       const std::uint16_t* table, Workspace& ws) {
    constexpr auto& f = taps<S>();
    constexpr int W = static_cast<int>(f.size());
    constexpr int R = W / 2;
    // 8-bit samples at scale 0: r * r < 2^16 and the vertical sums fit 32 bits.
    constexpr bool kSplit = !(S == 0 && std::is_same_v<T, std::uint8_t>);
    const unsigned w = ref.w, h = ref.h;
    const int hs = static_cast<int>(h);

    std::uint16_t* v[kVertical];
    for (int q = 0; q < kVertical; ++q) v[q] = ws.vrow(q);
    std::uint32_t* hsum[5];  // horizontal: mu1, mu2, xx, yy, xy
    for (int q = 0; q < 5; ++q) hsum[q] = ws.sum(q);
    std::uint32_t* acc_h = ws.sum(5);
    std::uint32_t* acc_l = ws.sum(6);
    std::int32_t* s1 = ws.sigmas.data();
    std::int32_t* s2 = s1 + w;
    std::int32_t* s12 = s2 + w;

    const T* rr[W];
    const T* dr[W];
    const std::uint16_t* pr[kGenericProducts][W];
    VifAccum acc;
    int next_row = 0;  // the next input row whose products enter the ring
    for (int i = 0; i < hs; ++i) {
      const int last = i + R < hs ? i + R : hs - 1;
      for (; next_row <= last; ++next_row) {
        std::uint16_t* out[kGenericProducts];
        for (int q = 0; q < kGenericProducts; ++q) out[q] = ws.ring_row(next_row % W, q);
        row_products<kSplit>(ref.row(next_row), dis.row(next_row), w, out);
      }
      for (int k = 0; k < W; ++k) {
        const int y = reflect(i - R + k, hs);
        rr[k] = ref.row(y);
        dr[k] = dis.row(y);
        for (int q = 0; q < kGenericProducts; ++q) pr[q][k] = ws.ring_row(y % W, q);
      }

      // Vertical: rounded means, and the second moments split for the horizontal pass.
      filter_columns(f, rr, w, acc_l);
      for (unsigned j = 0; j < w; ++j) v[0][j] = static_cast<std::uint16_t>((acc_l[j] + rnd.mu_round) >> rnd.mu_shift);
      filter_columns(f, dr, w, acc_l);
      for (unsigned j = 0; j < w; ++j) v[1][j] = static_cast<std::uint16_t>((acc_l[j] + rnd.mu_round) >> rnd.mu_shift);
      for (int m = 0; m < 3; ++m) {
        std::uint16_t* vh = v[2 + 2 * m];
        std::uint16_t* vl = v[3 + 2 * m];
        filter_columns(f, pr[2 * m + 1], w, acc_l);
        if constexpr (kSplit) {
          filter_columns(f, pr[2 * m], w, acc_h);
          const int up = 16 - rnd.sq_shift;
          for (unsigned j = 0; j < w; ++j) {
            const std::uint32_t x = (acc_h[j] << up) + ((acc_l[j] + rnd.sq_round) >> rnd.sq_shift);
            vh[j] = static_cast<std::uint16_t>(x >> 16);
            vl[j] = static_cast<std::uint16_t>(x);
          }
        } else {
          for (unsigned j = 0; j < w; ++j) {
            vh[j] = static_cast<std::uint16_t>(acc_l[j] >> 16);
            vl[j] = static_cast<std::uint16_t>(acc_l[j]);
          }
        }
      }
      for (int q = 0; q < kVertical; ++q) mirror_row(v[q], w, R);

      // Horizontal: the unshifted means and the rounded second moments.
      filter_row(f, v[0], w, hsum[0]);
      filter_row(f, v[1], w, hsum[1]);
      for (int m = 0; m < 3; ++m) {
        filter_row(f, v[2 + 2 * m], w, acc_h);
        filter_row(f, v[3 + 2 * m], w, acc_l);
        std::uint32_t* out = hsum[2 + m];
        for (unsigned j = 0; j < w; ++j) out[j] = acc_h[j] + ((acc_l[j] + 32768) >> 16);
      }
      for (unsigned j = 0; j < w; ++j) {
        const Sigmas s = vif_sigmas(hsum[0][j], hsum[1][j], hsum[2][j], hsum[3][j], hsum[4][j]);
        s1[j] = s.s1;
        s2[j] = s.s2;
        s12[j] = s.s12;
      }
      Accumulate<Isa>::row(acc, s1, s2, s12, w, gain_limit, table);
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
    std::uint16_t* vr = ws.vrow(0);
    std::uint16_t* vd = ws.vrow(1);
    std::uint32_t* acc = ws.sum(0);
    const T* rr[W];
    const T* dr[W];
    for (unsigned oi = 0; oi < oh; ++oi) {
      const int i = static_cast<int>(2 * oi);
      for (int k = 0; k < W; ++k) {
        const int y = reflect(i - R + k, static_cast<int>(h));
        rr[k] = ref.row(y);
        dr[k] = dis.row(y);
      }
      filter_columns(f, rr, w, acc);
      for (unsigned j = 0; j < w; ++j) vr[j] = static_cast<std::uint16_t>((acc[j] + rnd.mu_round) >> rnd.mu_shift);
      filter_columns(f, dr, w, acc);
      for (unsigned j = 0; j < w; ++j) vd[j] = static_cast<std::uint16_t>((acc[j] + rnd.mu_round) >> rnd.mu_shift);
      mirror_row(vr, w, R);
      mirror_row(vd, w, R);
      decimate_row(f, vr, ow, out_ref + static_cast<std::size_t>(oi) * ow);
      decimate_row(f, vd, ow, out_dis + static_cast<std::size_t>(oi) * ow);
    }
  }

  // out[o] = the horizontal filter at column 2o, rounded to 16 bits.
  template <std::size_t W>
  static void decimate_row(const std::array<std::uint16_t, W>& f, const std::uint16_t* v, unsigned n,
                           std::uint16_t* __restrict out) {
    constexpr int R = static_cast<int>(W) / 2;
    for (unsigned o = 0; o < n; ++o) {
      const std::uint16_t* c = v + 2 * o;
      std::uint32_t a = f[R] * static_cast<std::uint32_t>(c[0]);
      for (int k = 0; k < R; ++k)
        a += f[k] * (static_cast<std::uint32_t>(c[k - R]) + static_cast<std::uint32_t>(c[R - k]));
      out[o] = static_cast<std::uint16_t>((a + 32768) >> 16);
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
    if (!a.skip_scale0) acc[0] = StatScale<Isa, 0, T>::run(r0, d0, stat_rounding(0, a.bpc), a.gain_limit, a.log2, ws);

    auto view = [&](int s, int which) {
      return View<std::uint16_t>{ws.scaled[s][which].data(), w >> s, w >> s, h >> s};
    };
    SubsampleScale<Isa, 0, T>::run(r0, d0, subsample_rounding(0, a.bpc), ws.scaled[1][0].data(),
                                   ws.scaled[1][1].data(), ws);
    acc[1] = StatScale<Isa, 1, std::uint16_t>::run(view(1, 0), view(1, 1), stat_rounding(1, a.bpc),
                                                      a.gain_limit, a.log2, ws);
    SubsampleScale<Isa, 1, std::uint16_t>::run(view(1, 0), view(1, 1), subsample_rounding(1, a.bpc),
                                               ws.scaled[2][0].data(), ws.scaled[2][1].data(), ws);
    acc[2] = StatScale<Isa, 2, std::uint16_t>::run(view(2, 0), view(2, 1), stat_rounding(2, a.bpc),
                                                      a.gain_limit, a.log2, ws);
    SubsampleScale<Isa, 2, std::uint16_t>::run(view(2, 0), view(2, 1), subsample_rounding(2, a.bpc),
                                               ws.scaled[3][0].data(), ws.scaled[3][1].data(), ws);
    acc[3] = StatScale<Isa, 3, std::uint16_t>::run(view(3, 0), view(3, 1), stat_rounding(3, a.bpc),
                                                      a.gain_limit, a.log2, ws);
  }

  static void frame(const FrameArgs& a, Workspace& ws, VifAccum (&acc)[kScales]) {
    if (a.bpc == 8)
      run<std::uint8_t>(a, ws, acc);
    else
      run<std::uint16_t>(a, ws, acc);
  }
};

}  // namespace fastvmaf::vif
