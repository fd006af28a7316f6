// VIF's C entries (see vif_dsp.hpp for the arithmetic) and make_dsp.
#include "features/vif/vif_dsp.hpp"

#include <type_traits>

namespace fastvmaf::vif {

namespace {

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
inline void filter_row(const std::array<std::uint16_t, W>& f, const In* x, unsigned n, std::uint32_t* __restrict out) {
  constexpr int R = static_cast<int>(W) / 2;
  const In* p[W];
  for (std::size_t k = 0; k < W; ++k) p[k] = x - R + static_cast<int>(k);
  filter_columns(f, p, n, out);
}

void accumulate_c(VifAccum& acc, const std::int32_t* s1, const std::int32_t* s2, const std::int32_t* s12, unsigned w,
                  double gain_limit, const std::uint16_t* table) {
  for (unsigned j = 0; j < w; ++j) vif_accumulate(acc, Sigmas{s1[j], s2[j], s12[j]}, gain_limit, table);
}

// Part P's sums (vif_dsp.hpp): the reference's den_log and den_non_log read sigma1_sq
// alone (with sigma2_sq = sigma12 = 0 the other two add nothing); the rest, num_log and
// num_non_log. Each pixel goes through vif_accumulate whole, so the parts add up to it.
template <Part P>
void accumulate_part_c(VifAccum& acc, const std::int32_t* s1, const std::int32_t* s2, const std::int32_t* s12,
                       unsigned w, double gain_limit, const std::uint16_t* table) {
  VifAccum one;
  for (unsigned j = 0; j < w; ++j)
    vif_accumulate(one, P == Part::Ref ? Sigmas{s1[j], 0, 0} : Sigmas{s1[j], s2[j], s12[j]}, gain_limit, table);
  acc += P == Part::Ref ? VifAccum{0, one.den_log, 0, one.den_non_log} : VifAccum{one.num_log, 0, one.num_non_log, 0};
}

// The squares and products of one input row, as H / L halves (or, unsplit, whole in
// the L slots): r*r in slots 0/1, d*d in 2/3, r*d in 4/5; Part::Ref makes only r*r,
// Part::Dis the other two.
template <bool Split, Part P, class T>
void row_products(const T* r, const T* d, unsigned w, std::uint16_t* const* out) {
  auto put = [&](int m, unsigned j, std::uint32_t x) {
    if constexpr (Split) out[2 * m][j] = static_cast<std::uint16_t>(x >> 16);
    out[2 * m + 1][j] = static_cast<std::uint16_t>(x);
  };
  for (unsigned j = 0; j < w; ++j) {
    const std::uint32_t a = r[j];
    if constexpr (P != Part::Dis) put(0, j, a * a);
    if constexpr (P != Part::Ref) {
      const std::uint32_t b = d[j];
      put(1, j, b * b);
      put(2, j, a * b);
    }
  }
}

// The statistic of scale S over output rows [y0, y1) (vif_statistic_8/16), or its part P.
template <int S, class T, Part P = Part::Both>
VifAccum stat(const Band<T>& b, RowScratch& ws) {
  constexpr auto& f = taps<S>();
  constexpr int W = static_cast<int>(f.size());
  constexpr int R = W / 2;
  // 8-bit samples at scale 0: r * r < 2^16 and the vertical sums fit 32 bits.
  constexpr bool kSplit = !(S == 0 && std::is_same_v<T, std::uint8_t>);
  // The second moments each part filters: xx (m = 0) the reference's, yy and xy the rest.
  constexpr int m0 = P == Part::Dis ? 1 : 0, m1 = P == Part::Ref ? 1 : 3;
  const View<T>& ref = b.ref;
  const View<T>& dis = b.dis;
  const VerticalRounding rnd = b.rnd;
  const unsigned w = ref.w;
  const int hs = static_cast<int>(ref.h);

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
  // The next input row whose products enter the ring (input row y in slot y % W).
  int next_row = static_cast<int>(b.y0) > R ? static_cast<int>(b.y0) - R : 0;
  for (int i = static_cast<int>(b.y0); i < static_cast<int>(b.y1); ++i) {
    const int last = i + R < hs ? i + R : hs - 1;
    for (; next_row <= last; ++next_row) {
      std::uint16_t* out[kGenericProducts];
      for (int q = 0; q < kGenericProducts; ++q) out[q] = ws.ring_row(next_row % W, q);
      row_products<kSplit, P>(ref.row(next_row), dis.row(next_row), w, out);
    }
    for (int k = 0; k < W; ++k) {
      const int y = reflect(i - R + k, hs);
      rr[k] = ref.row(y);
      dr[k] = dis.row(y);
      for (int q = 0; q < kGenericProducts; ++q) pr[q][k] = ws.ring_row(y % W, q);
    }

    // Vertical: rounded means, and the second moments split for the horizontal pass.
    if constexpr (P != Part::Dis) {
      filter_columns(f, rr, w, acc_l);
      for (unsigned j = 0; j < w; ++j) v[0][j] = static_cast<std::uint16_t>((acc_l[j] + rnd.mu_round) >> rnd.mu_shift);
    }
    if constexpr (P != Part::Ref) {
      filter_columns(f, dr, w, acc_l);
      for (unsigned j = 0; j < w; ++j) v[1][j] = static_cast<std::uint16_t>((acc_l[j] + rnd.mu_round) >> rnd.mu_shift);
    }
    for (int m = m0; m < m1; ++m) {
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
    if constexpr (P != Part::Dis) filter_row(f, v[0], w, hsum[0]);
    if constexpr (P != Part::Ref) filter_row(f, v[1], w, hsum[1]);
    for (int m = m0; m < m1; ++m) {
      filter_row(f, v[2 + 2 * m], w, acc_h);
      filter_row(f, v[3 + 2 * m], w, acc_l);
      std::uint32_t* out = hsum[2 + m];
      for (unsigned j = 0; j < w; ++j) out[j] = acc_h[j] + ((acc_l[j] + 32768) >> 16);
    }
    const std::size_t row = static_cast<std::size_t>(i) * w;
    if constexpr (P == Part::Ref) {
      for (unsigned j = 0; j < w; ++j) {
        b.ref_s1_out[row + j] = vif_sigma1(hsum[0][j], hsum[2][j]);
        b.ref_mu1_out[row + j] = hsum[0][j];
      }
      accumulate_part_c<P>(acc, b.ref_s1_out + row, nullptr, nullptr, w, b.gain_limit, b.log2);
      continue;
    }
    const std::uint32_t* mu1 = P == Part::Dis ? b.ref_mu1 + row : hsum[0];
    for (unsigned j = 0; j < w; ++j) {
      Sigmas sg{};
      if constexpr (P == Part::Both) sg.s1 = vif_sigma1(mu1[j], hsum[2][j]);
      vif_sigma2_12(mu1[j], hsum[1][j], hsum[3][j], hsum[4][j], sg);
      if constexpr (P == Part::Both) s1[j] = sg.s1;
      s2[j] = sg.s2;
      s12[j] = sg.s12;
    }
    if constexpr (P == Part::Dis)
      accumulate_part_c<P>(acc, b.ref_s1 + row, s2, s12, w, b.gain_limit, b.log2);
    else
      accumulate_c(acc, s1, s2, s12, w, b.gain_limit, b.log2);
  }
  return acc;
}

// out[o] = the horizontal filter at column 2o, rounded to 16 bits.
template <std::size_t W>
void decimate_row(const std::array<std::uint16_t, W>& f, const std::uint16_t* v, unsigned n,
                  std::uint16_t* __restrict out) {
  constexpr int R = static_cast<int>(W) / 2;
  for (unsigned o = 0; o < n; ++o) {
    const std::uint16_t* c = v + 2 * o;
    std::uint32_t a = f[R] * static_cast<std::uint32_t>(c[0]);
    for (int k = 0; k < R; ++k) a += f[k] * (static_cast<std::uint32_t>(c[k - R]) + static_cast<std::uint32_t>(c[R - k]));
    out[o] = static_cast<std::uint16_t>((a + 32768) >> 16);
  }
}

// Rows [y0, y1) of scale S + 1 from scale S: the low-pass filter of scale S + 1
// (subsample_rd_8/16) at the even rows and columns, which is all decimate_and_pad keeps.
template <int S, class T>
void subsample(const Band<T>& b, std::uint16_t* out_ref, std::uint16_t* out_dis, RowScratch& ws) {
  constexpr auto& f = taps<S + 1>();
  constexpr int W = static_cast<int>(f.size());
  constexpr int R = W / 2;
  const unsigned w = b.ref.w, h = b.ref.h;
  const unsigned ow = w / 2;
  std::uint16_t* vr = ws.vrow(0);
  std::uint16_t* vd = ws.vrow(1);
  std::uint32_t* acc = ws.sum(0);
  const T* rr[W];
  const T* dr[W];
  for (unsigned oi = b.y0; oi < b.y1; ++oi) {
    const int i = static_cast<int>(2 * oi);
    for (int k = 0; k < W; ++k) {
      const int y = reflect(i - R + k, static_cast<int>(h));
      rr[k] = b.ref.row(y);
      dr[k] = b.dis.row(y);
    }
    if (out_ref) {
      filter_columns(f, rr, w, acc);
      for (unsigned j = 0; j < w; ++j) vr[j] = static_cast<std::uint16_t>((acc[j] + b.rnd.mu_round) >> b.rnd.mu_shift);
      mirror_row(vr, w, R);
      decimate_row(f, vr, ow, out_ref + static_cast<std::size_t>(oi) * ow);
    }
    if (out_dis) {
      filter_columns(f, dr, w, acc);
      for (unsigned j = 0; j < w; ++j) vd[j] = static_cast<std::uint16_t>((acc[j] + b.rnd.mu_round) >> b.rnd.mu_shift);
      mirror_row(vd, w, R);
      decimate_row(f, vd, ow, out_dis + static_cast<std::size_t>(oi) * ow);
    }
  }
}

}  // namespace

void RowScratch::plan(unsigned w) {
  if (width == w && !ring.empty()) return;
  width = w;
  ring.assign(static_cast<std::size_t>(kRingSlots) * kRingRows * w, 0);
  vertical.assign(kRowBlock * kVertical * (static_cast<std::size_t>(w) + 2 * kRowPad), 0);
  sums.assign(7 * static_cast<std::size_t>(w), 0);
  sigmas.assign(3 * static_cast<std::size_t>(w), 0);
}

Dsp make_dsp(cpu::Flags flags) {
  Dsp d{};
  d.stat_u8 = stat<0, std::uint8_t>;
  d.stat[0] = stat<0, std::uint16_t>;
  d.stat[1] = stat<1, std::uint16_t>;
  d.stat[2] = stat<2, std::uint16_t>;
  d.stat[3] = stat<3, std::uint16_t>;
  d.stat_part_u8[0] = stat<0, std::uint8_t, Part::Ref>;
  d.stat_part_u8[1] = stat<0, std::uint8_t, Part::Dis>;
  d.stat_part[0][0] = stat<0, std::uint16_t, Part::Ref>;
  d.stat_part[1][0] = stat<0, std::uint16_t, Part::Dis>;
  d.stat_part[0][1] = stat<1, std::uint16_t, Part::Ref>;
  d.stat_part[1][1] = stat<1, std::uint16_t, Part::Dis>;
  d.stat_part[0][2] = stat<2, std::uint16_t, Part::Ref>;
  d.stat_part[1][2] = stat<2, std::uint16_t, Part::Dis>;
  d.stat_part[0][3] = stat<3, std::uint16_t, Part::Ref>;
  d.stat_part[1][3] = stat<3, std::uint16_t, Part::Dis>;
  d.subsample_u8 = subsample<0, std::uint8_t>;
  d.subsample[0] = subsample<0, std::uint16_t>;
  d.subsample[1] = subsample<1, std::uint16_t>;
  d.subsample[2] = subsample<2, std::uint16_t>;
  d.accumulate = accumulate_c;
  const cpu::Level level = cpu::level_of(flags);
  if (level >= cpu::Level::Avx2) fill_dsp_avx2(d);
  if (level >= cpu::Level::Avx512) fill_dsp_avx512(d);
  if (level >= cpu::Level::Avx512Vnni) fill_dsp_avx512vnni(d);
  return d;
}

}  // namespace fastvmaf::vif
