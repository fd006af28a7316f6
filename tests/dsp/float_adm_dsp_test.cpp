// float_adm_dsp: the DWT's two passes (every column range, with and without the
// high-pass bands), the decouple (in place, with the masking weights), the contrast
// measure of a row (every column range, with and without the masking threshold, cubes
// and other p-norms) and the reciprocal estimate, on random bands: scaled copies (angle
// below 1 degree, gains above and below 1), independent noise, zeros and tiny values.
#include <bit>
#include <cmath>
#include <vector>

#include "common/adm_csf.hpp"
#include "dsp_check.hpp"
#include "features/float_adm/float_adm_dsp.hpp"
#include "float_rows.hpp"

namespace fastvmaf::dsp_test {

namespace {

using float_adm::DecoupleParams;
using float_adm::MeasureRow;

// Three bands of w samples (one guarded buffer each) and their pointers.
struct Bands {
  Guarded<float> b[3];
  explicit Bands(unsigned w) : b{Guarded<float>(w), Guarded<float>(w), Guarded<float>(w)} {}
  float* p[3] = {nullptr, nullptr, nullptr};
  float* const* ptr() {
    for (int k = 0; k < 3; ++k) p[k] = b[k].data();
    return p;
  }
};

std::string compare_bands(const char* what, const Bands& x, const Bands& y, const std::string& where) {
  for (int k = 0; k < 3; ++k) {
    const std::string f = compare(what, x.b[k], y.b[k], fmt::format("band {}, {}", k, where));
    if (!f.empty()) return f;
  }
  return "";
}

// [j0, j1) within a row of w: often all of it, the ADM regions' trims, or anything.
std::pair<int, int> random_range(Rng& rng, int w) {
  switch (rng() % 3) {
    case 0: return {0, w};
    case 1: {
      const int j0 = std::min(w - 1, static_cast<int>(rng() % 3));
      return {j0, std::max(j0 + 1, w - static_cast<int>(rng() % 3))};
    }
    default: {
      const int j0 = static_cast<int>(rng() % static_cast<unsigned>(w));
      return {j0, j0 + 1 + static_cast<int>(rng() % static_cast<unsigned>(w - j0))};
    }
  }
}

}  // namespace

void check_float_adm(Suite& s) {
  using float_adm::Dsp;
  TableCheck<Dsp> t(s, "float_adm", float_adm::make_dsp);
  t.entry("dwt_vertical", &Dsp::dwt_vertical, [](auto ref, auto got, Rng& rng) {
    const int n = static_cast<int>(random_width(rng, 2100));
    const unsigned un = static_cast<unsigned>(n);
    Bands in(un);
    Guarded<float> r3(un), la(un), ha(un), lb(un), hb(un);
    for (auto& g : in.b) fill_floats(rng, g.data(), un);
    fill_floats(rng, r3.data(), un);
    const float* rows[4] = {in.b[0].data(), in.b[1].data(), in.b[2].data(), r3.data()};
    if (rng() % 3 == 0) rows[rng() % 4] = rows[rng() % 4];  // a reflected row repeats one
    const bool lo_only = rng() % 4 == 0;
    ref(rows, n, la.data(), lo_only ? nullptr : ha.data());
    got(rows, n, lb.data(), lo_only ? nullptr : hb.data());
    const std::string where = fmt::format("n {} lo only {}", n, lo_only);
    const std::string f = compare("lo", la, lb, where);
    return f.empty() ? compare("hi", ha, hb, where) : f;
  });
  t.entry("dwt_horizontal", &Dsp::dwt_horizontal, [](auto ref, auto got, Rng& rng) {
    const int in_w = static_cast<int>(random_width(rng, 2100));
    const int w = (in_w + 1) / 2;
    const unsigned uin = static_cast<unsigned>(in_w), uw = static_cast<unsigned>(w);
    Guarded<float> lo(uin), hi(uin);
    fill_floats(rng, lo.data(), uin);
    fill_floats(rng, hi.data(), uin);
    const bool lo_only = rng() % 4 == 0;
    const auto [j0, j1] = random_range(rng, w);
    Bands oa(uw), ob(uw);
    Guarded<float> aa(uw), ab(uw);
    float* const* pa = oa.ptr();
    float* const* pb = ob.ptr();
    ref(lo.data(), lo_only ? nullptr : hi.data(), in_w, j0, j1, aa.data(), pa[0], pa[1], pa[2]);
    got(lo.data(), lo_only ? nullptr : hi.data(), in_w, j0, j1, ab.data(), pb[0], pb[1], pb[2]);
    const std::string where = fmt::format("in_w {} cols {}..{} lo only {}", in_w, j0, j1, lo_only);
    const std::string f = compare("a", aa, ab, where);
    return f.empty() ? compare_bands("h v d", oa, ob, where) : f;
  });
  t.entry("decouple", &Dsp::decouple, [](auto ref, auto got, Rng& rng) {
    const int w = static_cast<int>(random_width(rng, 1100));
    DecoupleParams dp;
    const double gains[] = {1.0, 100.0, 1.37, 1.2};
    dp.gain_limit = gains[rng() % std::size(gains)];
    dp.cos_sq = common::cos_1deg_sq();
    for (float& f : dp.rfactor) f = 0.01f + static_cast<float>(rng() % 100) / 100.0f;
    const unsigned uw = static_cast<unsigned>(w);
    Bands o(uw), tt(uw);
    for (int b = 0; b < 3; ++b) fill_floats(rng, o.b[b].data(), uw);
    for (int j = 0; j < w; ++j) {
      // Whole pixels collinear sometimes: the angle test reads h and v together.
      const unsigned kind = rng() % 6;
      const float gain = kind == 0 ? 1.3f : kind == 1 ? 0.6f : kind == 2 ? 1.25f : -0.7f;
      for (int b = 0; b < 3; ++b) {
        float& x = tt.b[b][static_cast<std::size_t>(j)];
        const float ov = o.b[b][static_cast<std::size_t>(j)];
        x = kind < 4 ? ov * gain : kind == 4 ? draw_float(rng, static_cast<int>(rng() % 6), true) : 0.0f;
        if (rng() % 11 == 0) o.b[b][static_cast<std::size_t>(j)] = 0.0f;
      }
    }
    Bands o2 = o, t2 = tt, wa(uw), wr(uw), wa2(uw), wr2(uw);
    const auto [j0, j1] = random_range(rng, w);
    ref(o.ptr(), tt.ptr(), j0, j1, dp, wa.ptr(), wr.ptr());
    got(o2.ptr(), t2.ptr(), j0, j1, dp, wa2.ptr(), wr2.ptr());
    const std::string where = fmt::format("w {} cols {}..{} gain limit {}", w, j0, j1, dp.gain_limit);
    for (auto f : {compare_bands("r", o, o2, where), compare_bands("a", tt, t2, where),
                   compare_bands("weight a", wa, wa2, where), compare_bands("weight r", wr, wr2, where)})
      if (!f.empty()) return f;
    return std::string();
  });
  t.entry("measure", &Dsp::measure, [](auto ref, auto got, Rng& rng) {
    const int w = 2 + static_cast<int>(random_width(rng, 1100));
    const unsigned uw = static_cast<unsigned>(w);
    // Masker weights (non-negative, as 1/30 of magnitudes), centres and measured bands.
    Bands up(uw), mid(uw), down(uw), centre(uw), x(uw);
    for (Bands* b : {&up, &mid, &down})
      for (auto& g : b->b) {
        fill_floats(rng, g.data(), uw);
        for (std::size_t j = 0; j < uw; ++j) g[j] = std::fabs(g[j]) / 30.0f;
      }
    for (Bands* b : {&centre, &x})
      for (auto& g : b->b) fill_floats(rng, g.data(), uw);
    MeasureRow row;
    for (int b = 0; b < 3; ++b) {
      row.up[b] = up.b[b].data();
      row.mid[b] = mid.b[b].data();
      row.down[b] = down.b[b].data();
      row.centre[b] = centre.b[b].data();
      row.x[b] = x.b[b].data();
      row.rfactor[b] = 0.01f + static_cast<float>(rng() % 100) / 100.0f;
    }
    row.w = w;
    const int variant = static_cast<int>(rng() % 6);
    row.bypass_cm = variant == 1;
    row.cube = variant != 2;
    row.p = variant == 2 ? 2.5f : 3.0f;
    const auto [j0, j1] = random_range(rng, w);
    const unsigned n = static_cast<unsigned>(j1 - j0);
    Bands va(n), vb(n);
    ref(row, j0, j1, va.ptr());
    got(row, j0, j1, vb.ptr());
    return compare_bands("value", va, vb,
                         fmt::format("w {} cols {}..{} bypass_cm {} p {}", w, j0, j1, row.bypass_cm, row.p));
  });
  t.entry("reciprocal", &Dsp::reciprocal, [](auto ref, auto got, Rng& rng) {
    // Any float: random bit patterns (every exponent, denormals, infinities, NaN) and
    // random values of every shape.
    const std::size_t n = random_width(rng, 3000);
    Guarded<float> in(n), a(n), b(n);
    const bool bits = rng() % 2;
    for (std::size_t i = 0; i < n; ++i)
      in[i] = bits ? std::bit_cast<float>(static_cast<std::uint32_t>(rng())) : draw_float(rng, static_cast<int>(rng() % 6), true);
    ref(in.data(), n, a.data());
    got(in.data(), n, b.data());
    return compare("estimate", a, b, fmt::format("n {}", n));
  });
}

}  // namespace fastvmaf::dsp_test
