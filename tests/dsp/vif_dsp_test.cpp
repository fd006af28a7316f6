// vif_dsp: the statistic of a band of rows per scale, the subsampling to the next scale,
// and the accumulation of a row of sigmas.
#include <algorithm>
#include <tuple>
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

// A random statistic case: a pair of planes of scale `scale`, a band of its rows, a gain.
template <class T>
struct StatCase {
  unsigned w, h;
  Pair<T> p;
  unsigned y0, y1;
  double gain;
  Band<T> band;
  std::string where;

  StatCase(Rng& rng, int scale, unsigned bpc)
      : w(static_cast<unsigned>(kFilterWidth[scale] / 2) + 1 + static_cast<unsigned>(random_width(rng, 320))),
        h(static_cast<unsigned>(kFilterWidth[scale] / 2) + 1 + static_cast<unsigned>(rng() % 40)),
        p(rng, w, h, scale == 0 ? (1u << bpc) - 1 : 65535u) {
    std::tie(y0, y1) = band_of(rng, h);
    gain = rng() % 2 ? 100.0 : std::vector<double>{1.0, 1.3}[rng() % 2];
    band = Band<T>{p.ref_view(), p.dis_view(), y0, y1, stat_rounding(scale, bpc), gain, log2_table()};
    where = fmt::format("scale {} {}x{} rows {}..{} bpc {} gain {}", scale, w, h, y0, y1, bpc, gain);
  }
};

template <class T, class Fn>
std::string stat_case(Fn ref, Fn got, Rng& rng, int scale, unsigned bpc) {
  const StatCase<T> c(rng, scale, bpc);
  RowScratch sa, sb;
  sa.plan(c.w);
  sb.plan(c.w);
  return compare_accum(ref(c.band, sa), got(c.band, sb), c.where);
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
  // Both sides, or one (a null output is not computed: an encoding ladder's encode takes
  // the reference's from the run that computed it); the C entry with the same nulls too.
  const int sides = static_cast<int>(rng() % 3);  // 0 both, 1 the reference's, 2 the distorted one's
  std::uint16_t* out_r = sides == 2 ? nullptr : rb.data();
  std::uint16_t* out_d = sides == 1 ? nullptr : db.data();
  const std::string where = fmt::format("scale {} {}x{} rows {}..{} bpc {} sides {}", scale, w, h, y0, y1, bpc, sides);
  for (int t = 0; t < 2; ++t) {
    (t ? got : ref)(b, out_r, out_d, sb);
    std::string f = out_r ? compare("ref", ra, rb, where) : "";
    if (f.empty() && out_d) f = compare("dis", da, db, where);
    if (!f.empty()) return f + (t ? " (SIMD)" : " (C with the same outputs)");
  }
  return "";
}

// The statistic in two parts (vif_dsp.hpp, Part): the reference's part of the whole
// scale, in bands cut at the band's rows and at a random row, then the rest over the band,
// by the C table and by a SIMD table (the one whose entry is tested), against the C
// table's whole statistic of that band: the reference part's sums over the band's rows
// plus the rest's must equal it, and each row's (sigma1_sq, mu1) pairs be the same in both
// tables (as multisets: a SIMD entry keeps its own column order).
template <class T>
std::string part_case(const Dsp& c, const Dsp& simd, Rng& rng, int scale, unsigned bpc) {
  const StatCase<T> sc(rng, scale, bpc);
  const unsigned w = sc.w, h = sc.h, y0 = sc.y0, y1 = sc.y1;
  const std::string& where = sc.where;
  auto pick = [&](const Dsp& d, int part) {
    if constexpr (sizeof(T) == 1)
      return d.stat_part_u8[part];
    else
      return d.stat_part[part][scale];
  };
  const Band<T>& whole = sc.band;
  RowScratch ws;
  ws.plan(w);
  VifAccum expected;
  if constexpr (sizeof(T) == 1)
    expected = c.stat_u8(whole, ws);
  else
    expected = c.stat[scale](whole, ws);
  const std::size_t n = static_cast<std::size_t>(w) * h;
  std::vector<std::int32_t> s1[2] = {std::vector<std::int32_t>(n), std::vector<std::int32_t>(n)};
  std::vector<std::uint32_t> mu1[2] = {std::vector<std::uint32_t>(n), std::vector<std::uint32_t>(n)};
  const Dsp* tables[2] = {&c, &simd};
  const unsigned cut = static_cast<unsigned>(rng() % (h + 1));
  for (int t = 0; t < 2; ++t) {
    // The reference's part over the whole scale; its sums over the band's rows.
    VifAccum got;
    for (const auto [a, e] : {std::pair{0u, y0}, std::pair{y0, y1}, std::pair{y1, h}}) {
      if (a == e) continue;
      for (const auto [a2, e2] : {std::pair{a, std::clamp(cut, a, e)}, std::pair{std::clamp(cut, a, e), e}}) {
        if (a2 == e2) continue;
        Band<T> b = whole;
        b.dis = b.ref;  // not read by the reference's part
        b.y0 = a2;
        b.y1 = e2;
        b.ref_s1_out = s1[t].data();
        b.ref_mu1_out = mu1[t].data();
        const VifAccum den = pick(*tables[t], 0)(b, ws);
        if (den.num_log || den.num_non_log) return "the reference's part added to num_log or num_non_log (" + where + ")";
        if (a == y0) got += den;
      }
    }
    Band<T> b = whole;
    b.ref_s1 = s1[t].data();
    b.ref_mu1 = mu1[t].data();
    const VifAccum num = pick(*tables[t], 1)(b, ws);
    if (num.den_log || num.den_non_log) return "the distorted part added to den_log or den_non_log (" + where + ")";
    got += num;
    const std::string f = compare_accum(expected, got, where + (t ? ", SIMD parts" : ", C parts"));
    if (!f.empty()) return f;
  }
  for (unsigned y = 0; y < h; ++y) {
    std::vector<std::pair<std::int32_t, std::uint32_t>> row[2];
    for (int t = 0; t < 2; ++t) {
      for (unsigned j = 0; j < w; ++j) row[t].emplace_back(s1[t][y * w + j], mu1[t][y * w + j]);
      std::sort(row[t].begin(), row[t].end());
    }
    if (row[0] != row[1]) return fmt::format("row {} of sigma1_sq / mu1 differs ({})", y, where);
  }
  return "";
}

// The SIMD table (AVX2, AVX-512 or AVX-512 VNNI) holding `fn` in the slot `slot` picks:
// the lowest level whose table has it.
template <class Fn, class Slot>
const Dsp& table_holding(Fn fn, Slot slot) {
  static const Dsp tables[3] = {make_dsp(cpu::flags_of(cpu::Level::Avx2)), make_dsp(cpu::flags_of(cpu::Level::Avx512)),
                                make_dsp(cpu::flags_of(cpu::Level::Avx512Vnni))};
  for (const Dsp& t : tables)
    if (slot(t) == fn) return t;
  return tables[0];
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
  // The two parts: either slot's test runs both parts of the table that holds the entry.
  static const vif::Dsp c_table = vif::make_dsp(0);
  for (int part = 0; part < 2; ++part) {
    const char* part_name = part ? "dis" : "ref";
    t.entry(
        fmt::format("stat_part_u8[{}]", part_name), [part](const vif::Dsp& d) { return d.stat_part_u8[part]; },
        [part](auto, auto got, Rng& rng) {
          const Dsp& simd = table_holding(got, [part](const Dsp& d) { return d.stat_part_u8[part]; });
          return part_case<std::uint8_t>(c_table, simd, rng, 0, 8);
        },
        0.5);
    for (int scale = 0; scale < kScales; ++scale) {
      t.entry(
          fmt::format("stat_part[{}][{}]", part_name, scale),
          [part, scale](const vif::Dsp& d) { return d.stat_part[part][scale]; },
          [part, scale](auto, auto got, Rng& rng) {
            const Dsp& simd = table_holding(got, [part, scale](const Dsp& d) { return d.stat_part[part][scale]; });
            const unsigned bpc =
                scale == 0 ? 9 + static_cast<unsigned>(rng() % 8) : 8 + static_cast<unsigned>(rng() % 9);
            return part_case<std::uint16_t>(c_table, simd, rng, scale, bpc);
          },
          0.5);
    }
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
