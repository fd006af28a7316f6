// vif_dsp: the statistic of a band of rows per scale, the subsampling to the next scale,
// and the accumulation of a row of sigmas.
#include <algorithm>
#include <vector>

#include "dsp_check.hpp"
#include "features/vif/vif_dsp.hpp"

namespace fastvmaf::dsp_test {

namespace {

using namespace fastvmaf::vif;

// A reference and a distorted plane (the distorted one mostly a noisy or scaled copy,
// so that the statistic's log paths are taken), w x h with a stride of at least w.
template <class T>
struct Pair {
  unsigned w, h;
  std::ptrdiff_t stride;
  Guarded<T> ref, dis;
  Pair(Rng& rng, unsigned w_, unsigned h_, std::uint32_t max) : w(w_), h(h_) {
    stride = static_cast<std::ptrdiff_t>(w + rng() % 9);
    const std::size_t n = static_cast<std::size_t>(stride) * h;
    ref = Guarded<T>(n);
    dis = Guarded<T>(n);
    fill_samples(rng, ref.data(), n, max);
    const int mode = static_cast<int>(rng() % 3);
    const int noise = 1 + static_cast<int>(rng() % 16);
    for (std::size_t i = 0; i < n; ++i) {
      std::int64_t v = ref[i];
      if (mode == 0) v += static_cast<int>(rng() % (2 * noise + 1)) - noise;
      if (mode == 1) v = v * 3 / 4 + static_cast<int>(rng() % 3);
      if (mode == 2) v = static_cast<std::int64_t>(rng() % (max + 1));
      dis[i] = static_cast<T>(std::clamp<std::int64_t>(v, 0, max));
    }
  }
  View<T> ref_view() const { return {ref.data(), stride, w, h}; }
  View<T> dis_view() const { return {dis.data(), stride, w, h}; }
};

std::string compare_accum(const VifAccum& a, const VifAccum& b, const std::string& where) {
  if (a.num_log == b.num_log && a.den_log == b.den_log && a.num_non_log == b.num_non_log &&
      a.den_non_log == b.den_non_log)
    return "";
  return fmt::format("sums differ: C ({} {} {} {}), SIMD ({} {} {} {}) ({})", a.num_log, a.den_log, a.num_non_log,
                     a.den_non_log, b.num_log, b.den_log, b.num_non_log, b.den_non_log, where);
}

// Rows [y0, y1) of `rows`: sometimes all of them, sometimes a band.
std::pair<unsigned, unsigned> band_of(Rng& rng, unsigned rows) {
  if (rng() % 3 == 0) return {0, rows};
  const unsigned y0 = static_cast<unsigned>(rng() % rows);
  return {y0, y0 + 1 + static_cast<unsigned>(rng() % (rows - y0))};
}

template <class T, class Fn>
std::string stat_case(Fn ref, Fn got, Rng& rng, int scale, unsigned bpc) {
  const int r = kFilterWidth[scale] / 2;
  const unsigned w = static_cast<unsigned>(r) + 1 + static_cast<unsigned>(random_width(rng, 320));
  const unsigned h = static_cast<unsigned>(r) + 1 + static_cast<unsigned>(rng() % 40);
  const std::uint32_t max = scale == 0 ? (1u << bpc) - 1 : 65535u;
  const Pair<T> p(rng, w, h, max);
  const auto [y0, y1] = band_of(rng, h);
  const double gain = rng() % 2 ? 100.0 : std::vector<double>{1.0, 1.3}[rng() % 2];
  const Band<T> b{p.ref_view(), p.dis_view(), y0, y1, stat_rounding(scale, bpc), gain, log2_table()};
  RowScratch sa, sb;
  sa.plan(w);
  sb.plan(w);
  return compare_accum(ref(b, sa), got(b, sb),
                       fmt::format("scale {} {}x{} rows {}..{} bpc {} gain {}", scale, w, h, y0, y1, bpc, gain));
}

template <class T, class Fn>
std::string subsample_case(Fn ref, Fn got, Rng& rng, int scale, unsigned bpc) {
  const int r = kFilterWidth[scale + 1] / 2;
  const unsigned w = 2 * (static_cast<unsigned>(r) + 1) + static_cast<unsigned>(random_width(rng, 320));
  const unsigned h = 2 * (static_cast<unsigned>(r) + 1) + static_cast<unsigned>(rng() % 40);
  const std::uint32_t max = scale == 0 ? (1u << bpc) - 1 : 65535u;
  const Pair<T> p(rng, w, h, max);
  const unsigned ow = w / 2, oh = h / 2;
  const auto [y0, y1] = band_of(rng, oh);
  const Band<T> b{p.ref_view(), p.dis_view(), y0, y1, subsample_rounding(scale, bpc), 100.0, log2_table()};
  RowScratch sa, sb;
  sa.plan(w);
  sb.plan(w);
  Guarded<std::uint16_t> ra(static_cast<std::size_t>(ow) * oh), da(ra.size()), rb(ra.size()), db(ra.size());
  ref(b, ra.data(), da.data(), sa);
  got(b, rb.data(), db.data(), sb);
  const std::string where = fmt::format("scale {} {}x{} rows {}..{} bpc {}", scale, w, h, y0, y1, bpc);
  std::string f = compare("ref", ra, rb, where);
  return f.empty() ? compare("dis", da, db, where) : f;
}

}  // namespace

void check_vif(Suite& s) {
  TableCheck<vif::Dsp> t(s, "vif", vif::make_dsp);
  t.entry(
      "stat_u8", &vif::Dsp::stat_u8,
      [](auto ref, auto got, Rng& rng) { return stat_case<std::uint8_t>(ref, got, rng, 0, 8); }, 0.5);
  for (int scale = 0; scale < kScales; ++scale) {
    t.entry(
        fmt::format("stat[{}]", scale), [scale](const vif::Dsp& d) { return d.stat[scale]; },
        [scale](auto ref, auto got, Rng& rng) {
          const unsigned bpc = scale == 0 ? 9 + static_cast<unsigned>(rng() % 8) : 8 + static_cast<unsigned>(rng() % 9);
          return stat_case<std::uint16_t>(ref, got, rng, scale, bpc);
        },
        0.5);
  }
  t.entry(
      "subsample_u8", &vif::Dsp::subsample_u8,
      [](auto ref, auto got, Rng& rng) { return subsample_case<std::uint8_t>(ref, got, rng, 0, 8); }, 0.5);
  for (int scale = 0; scale + 1 < kScales; ++scale) {
    t.entry(
        fmt::format("subsample[{}]", scale), [scale](const vif::Dsp& d) { return d.subsample[scale]; },
        [scale](auto ref, auto got, Rng& rng) {
          const unsigned bpc = scale == 0 ? 9 + static_cast<unsigned>(rng() % 8) : 8 + static_cast<unsigned>(rng() % 9);
          return subsample_case<std::uint16_t>(ref, got, rng, scale, bpc);
        },
        0.5);
  }
  t.entry("accumulate", &vif::Dsp::accumulate, [](auto ref, auto got, Rng& rng) {
    const unsigned w = random_width(rng, 2000);
    Guarded<std::int32_t> s1(w), s2(w), s12(w);
    // Mostly plausible variances (< 2^30), some anywhere in int32 (sigma2 is >= 0).
    const bool wide = rng() % 4 == 0;
    for (unsigned j = 0; j < w; ++j) {
      auto pick = [&] {
        return wide && rng() % 3 == 0 ? static_cast<std::int32_t>(rng())
                                      : static_cast<std::int32_t>(rng() % (1u << (10 + rng() % 20))) - (1 << 14);
      };
      s1[j] = pick();
      s2[j] = std::max(0, pick());
      s12[j] = pick();
    }
    const double gain = std::vector<double>{100.0, 1.0, 1.7}[rng() % 3];
    VifAccum a{12, -3, 7, 1}, b = a;
    ref(a, s1.data(), s2.data(), s12.data(), w, gain, log2_table());
    got(b, s1.data(), s2.data(), s12.data(), w, gain, log2_table());
    return compare_accum(a, b, fmt::format("w {} gain {}", w, gain));
  });
}

}  // namespace fastvmaf::dsp_test
