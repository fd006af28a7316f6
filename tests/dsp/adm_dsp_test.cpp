// adm_dsp: the DWT passes, decouple/CSF, the contrast measure, the denominators and the
// int64-to-float conversion of the angle test, on random rows: full-range, small and
// extreme values, every bit depth, many widths and column ranges.
#include <algorithm>
#include <climits>
#include <vector>

#include "common/adm_csf.hpp"
#include "dsp_check.hpp"
#include "features/adm/adm_dsp.hpp"
#include "features/adm/adm_params.hpp"

namespace fastvmaf::dsp_test {

namespace {

using namespace fastvmaf::adm;

// Values drawn from one of several distributions, so that edge cases (zeros, extremes,
// tiny values, equal neighbours) appear often.
template <typename T>
T draw(Rng& rng, std::int64_t lo, std::int64_t hi) {
  switch (rng() % 6) {
    case 0: return 0;
    case 1: return static_cast<T>(rng() % 2 ? lo : hi);
    case 2:
      return static_cast<T>(std::uniform_int_distribution<std::int64_t>(std::max<std::int64_t>(lo, -40),
                                                                         std::min<std::int64_t>(hi, 40))(rng));
    default: return static_cast<T>(std::uniform_int_distribution<std::int64_t>(lo, hi)(rng));
  }
}

template <typename T>
Guarded<T> random_row(Rng& rng, std::size_t n, std::int64_t lo, std::int64_t hi) {
  Guarded<T> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = draw<T>(rng, lo, hi);
  return v;
}

// Storage for one MaskRow of width n (one guarded block).
struct MaskBuf {
  explicit MaskBuf(int n) : data(static_cast<std::size_t>(n) * 10) {
    std::int32_t* d = data.data();
    row = {d, d + n, d + 2 * n, d + 3 * n, {d + 4 * n, d + 5 * n, d + 6 * n}, {d + 7 * n, d + 8 * n, d + 9 * n}};
  }
  Guarded<std::int32_t> data;
  MaskRow row;
};

DecoupleParams random_decouple_params(Rng& rng, bool scale0) {
  DecoupleParams p;
  for (auto& w : p.i_rfactor)
    w = scale0 ? static_cast<std::uint32_t>(rng() % 65536)
               : (rng() % 3 == 0 ? static_cast<std::uint32_t>(rng()) : static_cast<std::uint32_t>(rng() % 200000000u));
  p.gain_limit = std::vector<double>{1.0, 1.2, 1.7, 37.3, 100.0}[rng() % 5];
  p.cos_sq = common::cos_1deg_sq();
  p.div_lookup = div_lookup();
  p.aim = rng() % 4 != 0;
  return p;
}

// Distorted bands that often lie close to the reference direction, so the angle test
// and the enhancement are exercised, plus unrelated ones.
template <typename T>
Guarded<T> distorted(Rng& rng, const Guarded<T>& o, std::int64_t lo, std::int64_t hi) {
  Guarded<T> t(o.size());
  for (std::size_t i = 0; i < o.size(); ++i) {
    if (rng() % 2) {
      const double f = std::uniform_real_distribution<double>(-0.2, 1.6)(rng);
      const double v = o[i] * f + std::uniform_int_distribution<int>(-3, 3)(rng);
      t[i] = static_cast<T>(std::clamp<double>(v, static_cast<double>(lo), static_cast<double>(hi)));
    } else {
      t[i] = draw<T>(rng, lo, hi);
    }
  }
  return t;
}

std::pair<int, int> columns(Rng& rng, int n) {
  const int c0 = static_cast<int>(rng() % n);
  return {c0, c0 + static_cast<int>(rng() % (n - c0 + 1))};
}

}  // namespace

void check_adm(Suite& s) {
  TableCheck<adm::Dsp> t(s, "adm", adm::make_dsp);

  auto dwt0_vertical = [](auto ref, auto got, Rng& rng, auto sample) -> std::string {
    using P = decltype(sample);
    const int n = 1 + static_cast<int>(random_width(rng, 400));
    const int bpc = sizeof(P) == 1 ? 8 : std::vector<int>{10, 12, 16}[rng() % 3];
    // Samples beyond the bit depth too: the entries must agree on any 16-bit value.
    const std::int64_t max = sizeof(P) == 1 ? 255 : rng() % 4 == 0 ? 65535 : (1 << bpc) - 1;
    std::vector<Guarded<P>> rows;
    for (int k = 0; k < 4; ++k) rows.push_back(random_row<P>(rng, n, 0, max));
    const P* src[4] = {rows[0].data(), rows[1].data(), rows[2].data(), rows[3].data()};
    const bool with_hi = rng() % 4 != 0;
    Guarded<std::int16_t> lo_r(n), hi_r(n), lo_g(n), hi_g(n);
    ref(src, n, bpc, lo_r.data(), with_hi ? hi_r.data() : nullptr);
    got(src, n, bpc, lo_g.data(), with_hi ? hi_g.data() : nullptr);
    const std::string where = fmt::format("n {} bpc {}", n, bpc);
    std::string f = compare("lo", lo_r, lo_g, where);
    return f.empty() ? compare("hi", hi_r, hi_g, where) : f;
  };
  t.entry("dwt0_vertical_u8", &adm::Dsp::dwt0_vertical_u8,
          [&](auto ref, auto got, Rng& rng) { return dwt0_vertical(ref, got, rng, std::uint8_t{}); });
  t.entry("dwt0_vertical_u16", &adm::Dsp::dwt0_vertical_u16,
          [&](auto ref, auto got, Rng& rng) { return dwt0_vertical(ref, got, rng, std::uint16_t{}); });

  t.entry("dwt0_horizontal", &adm::Dsp::dwt0_horizontal, [](auto ref, auto got, Rng& rng) {
    const int in = 3 + static_cast<int>(random_width(rng, 400));
    const int n = (in + 1) / 2;
    const auto lo = random_row<std::int16_t>(rng, in + 3, -32768, 32767);
    const auto hi = random_row<std::int16_t>(rng, in + 3, -32768, 32767);
    const auto [c0, c1] = columns(rng, n);
    const bool with_hi = rng() % 4 != 0;
    Guarded<std::int32_t> a_r(n), a_g(n);
    Guarded<std::int16_t> b_r(3 * n), b_g(3 * n);
    ref(lo.data(), with_hi ? hi.data() : nullptr, n, a_r.data(), c0, c1,
        {b_r.data(), b_r.data() + n, b_r.data() + 2 * n});
    got(lo.data(), with_hi ? hi.data() : nullptr, n, a_g.data(), c0, c1,
        {b_g.data(), b_g.data() + n, b_g.data() + 2 * n});
    const std::string where = fmt::format("in {} cols {}..{}", in, c0, c1);
    std::string f = compare("a", a_r, a_g, where);
    return f.empty() ? compare("bands", b_r, b_g, where) : f;
  });

  t.entry("dwt123_vertical", &adm::Dsp::dwt123_vertical, [](auto ref, auto got, Rng& rng) {
    const DwtRounding& rd = kDwtS123[rng() % 3];
    const int in = 3 + static_cast<int>(random_width(rng, 300));
    const std::int64_t range = rng() % 2 ? 40000 : 2147483647;
    std::vector<Guarded<std::int32_t>> rows;
    for (int k = 0; k < 4; ++k) rows.push_back(random_row<std::int32_t>(rng, in, -range - 1, range));
    const std::int32_t* src[4] = {rows[0].data(), rows[1].data(), rows[2].data(), rows[3].data()};
    const bool with_hi = rng() % 4 != 0;
    Guarded<std::int32_t> lo_r(in), hi_r(in), lo_g(in), hi_g(in);
    ref(src, in, rd.v_add, rd.v_shift, lo_r.data(), with_hi ? hi_r.data() : nullptr);
    got(src, in, rd.v_add, rd.v_shift, lo_g.data(), with_hi ? hi_g.data() : nullptr);
    const std::string where = fmt::format("in {} range {}", in, range);
    std::string f = compare("lo", lo_r, lo_g, where);
    return f.empty() ? compare("hi", hi_r, hi_g, where) : f;
  });

  t.entry("dwt123_horizontal", &adm::Dsp::dwt123_horizontal, [](auto ref, auto got, Rng& rng) {
    const DwtRounding& rd = kDwtS123[rng() % 3];
    const int in = 3 + static_cast<int>(random_width(rng, 300));
    const int n = (in + 1) / 2;
    const std::int64_t range = rng() % 2 ? 40000 : 2147483647;
    const auto lo = random_row<std::int32_t>(rng, in + 3, -range - 1, range);
    const auto hi = random_row<std::int32_t>(rng, in + 3, -range - 1, range);
    const auto [c0, c1] = columns(rng, n);
    const bool with_hi = rng() % 4 != 0;
    Guarded<std::int32_t> a_r(n), a_g(n), b_r(3 * n), b_g(3 * n);
    ref(lo.data(), with_hi ? hi.data() : nullptr, n, a_r.data(), c0, c1, rd.h_add, rd.h_shift,
        {b_r.data(), b_r.data() + n, b_r.data() + 2 * n});
    got(lo.data(), with_hi ? hi.data() : nullptr, n, a_g.data(), c0, c1, rd.h_add, rd.h_shift,
        {b_g.data(), b_g.data() + n, b_g.data() + 2 * n});
    const std::string where = fmt::format("in {} cols {}..{} range {}", in, c0, c1, range);
    std::string f = compare("a", a_r, a_g, where);
    return f.empty() ? compare("bands", b_r, b_g, where) : f;
  });

  t.entry("decouple0", &adm::Dsp::decouple0, [](auto ref, auto got, Rng& rng) {
    const int n = 1 + static_cast<int>(random_width(rng, 200));
    const std::int64_t range = rng() % 2 ? 300 : 32767;
    std::vector<Guarded<std::int16_t>> o, d;
    for (int b = 0; b < 3; ++b) {
      o.push_back(random_row<std::int16_t>(rng, n, -range - 1, range));
      d.push_back(distorted(rng, o.back(), -range - 1, range));
    }
    const DecoupleParams p = random_decouple_params(rng, true);
    const auto [c0, c1] = columns(rng, n);
    MaskBuf r(n), g(n);
    const BandRow<const std::int16_t> ob = {o[0].data(), o[1].data(), o[2].data()};
    const BandRow<const std::int16_t> tb = {d[0].data(), d[1].data(), d[2].data()};
    ref(ob, tb, c0, c1, p, r.row);
    got(ob, tb, c0, c1, p, g.row);
    return compare("mask rows", r.data, g.data, fmt::format("n {} cols {}..{} range {}", n, c0, c1, range));
  });

  t.entry("decouple123", &adm::Dsp::decouple123, [](auto ref, auto got, Rng& rng) {
    const int n = 1 + static_cast<int>(random_width(rng, 200));
    const std::int64_t range = std::vector<std::int64_t>{300, 40000, 80000000, 2147483647}[rng() % 4];
    std::vector<Guarded<std::int32_t>> o, d;
    for (int b = 0; b < 3; ++b) {
      o.push_back(random_row<std::int32_t>(rng, n, -range - 1, range));
      d.push_back(distorted(rng, o.back(), -range - 1, range));
    }
    const DecoupleParams p = random_decouple_params(rng, false);
    const auto [c0, c1] = columns(rng, n);
    MaskBuf r(n), g(n);
    const BandRow<const std::int32_t> ob = {o[0].data(), o[1].data(), o[2].data()};
    const BandRow<const std::int32_t> tb = {d[0].data(), d[1].data(), d[2].data()};
    ref(ob, tb, c0, c1, p, r.row);
    got(ob, tb, c0, c1, p, g.row);
    return compare("mask rows", r.data, g.data, fmt::format("n {} cols {}..{} range {}", n, c0, c1, range));
  });

  t.entry("measure", &adm::Dsp::measure, [](auto ref, auto got, Rng& rng) {
    const int w = 2 + static_cast<int>(random_width(rng, 300));
    const std::int64_t range = std::vector<std::int64_t>{60, 40000, 2147483647}[rng() % 3];
    std::vector<Guarded<std::int32_t>> rows;
    for (int k = 0; k < 7; ++k) rows.push_back(random_row<std::int32_t>(rng, w, -range - 1, range));
    const MeasureRow m = {rows[0].data(), rows[1].data(), rows[2].data(), rows[3].data(),
                          {rows[4].data(), rows[5].data(), rows[6].data()}};
    CubeRounding r[3];
    const bool scale0 = rng() % 2;
    for (int b = 0; b < 3; ++b) {
      const std::uint32_t shift = static_cast<std::uint32_t>(rng() % 14);
      const std::uint32_t add = shift ? 1u << (shift - 1) : 0u;
      r[b] = scale0 ? cube_rounding0(b, shift, add) : cube_rounding123(shift, add);
    }
    const auto [c0, c1] = columns(rng, w);
    std::int64_t a[3] = {1, 2, 3}, b[3] = {1, 2, 3};
    ref(m, c0, c1, w, r, a);
    got(m, c0, c1, w, r, b);
    for (int k = 0; k < 3; ++k) {
      std::string f = compare_value("sum", a[k], b[k], fmt::format("band {} w {} cols {}..{}", k, w, c0, c1));
      if (!f.empty()) return f;
    }
    return std::string();
  });

  t.entry("den0", &adm::Dsp::den0, [](auto ref, auto got, Rng& rng) {
    const int n = 1 + static_cast<int>(random_width(rng, 300));
    const auto [c0, c1] = columns(rng, n);
    std::vector<Guarded<std::int16_t>> o;
    for (int b = 0; b < 3; ++b) o.push_back(random_row<std::int16_t>(rng, n, -32768, 32767));
    std::uint64_t a[3] = {5, 6, 7}, b[3] = {5, 6, 7};
    ref({o[0].data(), o[1].data(), o[2].data()}, c0, c1, a);
    got({o[0].data(), o[1].data(), o[2].data()}, c0, c1, b);
    for (int k = 0; k < 3; ++k) {
      std::string f = compare_value("sum", a[k], b[k], fmt::format("band {} n {} cols {}..{}", k, n, c0, c1));
      if (!f.empty()) return f;
    }
    return std::string();
  });

  t.entry("den123", &adm::Dsp::den123, [](auto ref, auto got, Rng& rng) {
    const int n = 1 + static_cast<int>(random_width(rng, 300));
    const auto [c0, c1] = columns(rng, n);
    std::vector<Guarded<std::int32_t>> o;
    for (int b = 0; b < 3; ++b) o.push_back(random_row<std::int32_t>(rng, n, -2147483648LL, 2147483647));
    const int scale = 1 + static_cast<int>(rng() % 3);
    const std::uint32_t shift = 1 + static_cast<std::uint32_t>(rng() % 12);
    std::uint64_t a[3] = {5, 6, 7}, b[3] = {5, 6, 7};
    ref({o[0].data(), o[1].data(), o[2].data()}, c0, c1, scale, 1u << (shift - 1), shift, a);
    got({o[0].data(), o[1].data(), o[2].data()}, c0, c1, scale, 1u << (shift - 1), shift, b);
    for (int k = 0; k < 3; ++k) {
      std::string f = compare_value("sum", a[k], b[k], fmt::format("band {} n {} scale {}", k, n, scale));
      if (!f.empty()) return f;
    }
    return std::string();
  });

  t.entry(
      "int64_to_float", &adm::Dsp::int64_to_float,
      [](auto ref, auto got, Rng& rng) {
        std::vector<std::int64_t> v = {0,         1, -1, INT64_MIN, INT64_MAX, INT64_MIN + 1, (1LL << 24) + 1,
                                       (1LL << 25) + 1, (1LL << 25) + 2, (1LL << 25) + 6, -((1LL << 25) + 6),
                                       (1LL << 53) + 1};
        // Exact ties and their neighbours at a few magnitudes, and random values.
        for (int k = 0; k < 8; ++k) {
          const int e = 25 + static_cast<int>(rng() % 38);
          for (std::int64_t q : {(1LL << 23), (1LL << 23) + 1, (1LL << 24) - 1}) {
            const std::int64_t base = q << (e - 23), half = 1LL << (e - 24);
            for (std::int64_t d : {-1LL, 0LL, 1LL}) {
              v.push_back(base + half + d);
              v.push_back(-(base + half + d));
            }
          }
        }
        for (int i = 0; i < 400; ++i) {
          const int bits = static_cast<int>(rng() % 64);
          const std::uint64_t r = (static_cast<std::uint64_t>(rng()) << 32) | (rng() & 0xffffffffu);
          v.push_back(static_cast<std::int64_t>(bits == 0 ? r : r >> bits));
        }
        const int n = static_cast<int>(v.size());
        Guarded<float> a(v.size()), b(v.size());
        ref(v.data(), a.data(), n);
        got(v.data(), b.data(), n);
        return compare("float", a, b, fmt::format("{} values", n));
      },
      0.25);
}

}  // namespace fastvmaf::dsp_test
