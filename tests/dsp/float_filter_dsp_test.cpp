// float_filter_dsp (common): the separable float filter's vertical passes (of samples,
// squares, products) and its horizontal pass with reflected borders.
#include <vector>

#include "common/float_filter_dsp.hpp"
#include "dsp_check.hpp"
#include "float_rows.hpp"

namespace fastvmaf::dsp_test {

namespace {

// n guarded rows of w floats, and their pointers.
struct Rows {
  std::vector<Guarded<float>> rows;
  std::vector<const float*> ptr;
  Rows(Rng& rng, int n, unsigned w) {
    for (int k = 0; k < n; ++k) {
      rows.emplace_back(w);
      fill_floats(rng, rows.back().data(), w);
    }
    for (const auto& r : rows) ptr.push_back(r.data());
  }
};

enum class Vertical { Plain, Squares, Products };

template <Vertical K, class Fn>
std::string vertical_case(Fn ref, Fn got, Rng& rng) {
  const std::vector<float> taps = random_taps(rng);
  const int n = static_cast<int>(taps.size());
  const unsigned w = random_width(rng, 2100);
  const Rows a(rng, n, w), b(rng, n, w);
  Guarded<float> oa(w), ob(w);
  if constexpr (K == Vertical::Products) {
    ref(taps.data(), n, a.ptr.data(), b.ptr.data(), w, oa.data());
    got(taps.data(), n, a.ptr.data(), b.ptr.data(), w, ob.data());
  } else {
    ref(taps.data(), n, a.ptr.data(), w, oa.data());
    got(taps.data(), n, a.ptr.data(), w, ob.data());
  }
  return compare("out", oa, ob, fmt::format("{} taps, w {}", n, w));
}

}  // namespace

void check_float_filter(Suite& s) {
  using common::FloatFilterDsp;
  TableCheck<FloatFilterDsp> t(s, "float_filter", common::make_float_filter_dsp);
  t.entry("vertical", &FloatFilterDsp::vertical,
          [](auto ref, auto got, Rng& rng) { return vertical_case<Vertical::Plain>(ref, got, rng); });
  t.entry("vertical_squares", &FloatFilterDsp::vertical_squares,
          [](auto ref, auto got, Rng& rng) { return vertical_case<Vertical::Squares>(ref, got, rng); });
  t.entry("vertical_products", &FloatFilterDsp::vertical_products,
          [](auto ref, auto got, Rng& rng) { return vertical_case<Vertical::Products>(ref, got, rng); });
  t.entry("horizontal", &FloatFilterDsp::horizontal, [](auto ref, auto got, Rng& rng) {
    const std::vector<float> taps = random_taps(rng);
    const int n = static_cast<int>(taps.size());
    // From the smallest width the reflection stays inside (every output reflects) up.
    const unsigned min = static_cast<unsigned>(n / 2) + 1;
    const unsigned w = rng() % 5 == 0 ? min + static_cast<unsigned>(rng() % (n + 1)) : min - 1 + random_width(rng, 2100);
    Guarded<float> in(w), oa(w), ob(w);
    fill_floats(rng, in.data(), w);
    ref(taps.data(), n, in.data(), w, oa.data());
    got(taps.data(), n, in.data(), w, ob.data());
    return compare("out", oa, ob, fmt::format("{} taps, w {}", n, w));
  });
}

}  // namespace fastvmaf::dsp_test
