// float_vif_dsp: the five vertical sums of a row and the per-pixel statistic, on random
// rows (plausible moments, flat and textured, correlated and anti-correlated, the gain
// limit, zeros, specials) and parameters.
#include <cmath>
#include <limits>
#include <vector>

#include "dsp_check.hpp"
#include "features/float_vif/float_vif_dsp.hpp"
#include "float_rows.hpp"

namespace fastvmaf::dsp_test {

namespace {

using float_vif::StatParams;

StatParams random_stat_params(Rng& rng) {
  const float limits[] = {100.0f, 1.0f, 1.2f, 1.7f};
  const double nsq[] = {2.0, 0.0, 0.7, 1.5, 4.0};
  StatParams p;
  p.gain_limit = limits[rng() % std::size(limits)];
  p.sigma_nsq = nsq[rng() % std::size(nsq)];
  p.sigma_max_inv = static_cast<float>(std::pow(p.sigma_nsq, 2.0) / (255.0 * 255.0));
  return p;
}

}  // namespace

void check_float_vif(Suite& s) {
  using float_vif::Dsp;
  TableCheck<Dsp> t(s, "float_vif", float_vif::make_dsp);
  t.entry("vertical5", &Dsp::vertical5, [](auto ref, auto got, Rng& rng) {
    const std::vector<float> taps = random_taps(rng);
    const int n = static_cast<int>(taps.size());
    const unsigned w = random_width(rng, 2100);
    std::vector<Guarded<float>> a, b;
    std::vector<const float*> pa, pb;
    for (int k = 0; k < n; ++k) {
      a.emplace_back(w);
      b.emplace_back(w);
      fill_floats(rng, a.back().data(), w);
      fill_floats(rng, b.back().data(), w);
      pa.push_back(a.back().data());
      pb.push_back(b.back().data());
    }
    std::vector<Guarded<float>> oa(5, Guarded<float>(w)), ob(5, Guarded<float>(w));
    float* qa[5];
    float* qb[5];
    for (int q = 0; q < 5; ++q) {
      qa[q] = oa[q].data();
      qb[q] = ob[q].data();
    }
    ref(taps.data(), n, pa.data(), pb.data(), w, qa);
    got(taps.data(), n, pa.data(), pb.data(), w, qb);
    for (int q = 0; q < 5; ++q) {
      const std::string f = compare("out", oa[q], ob[q], fmt::format("quantity {}, {} taps, w {}", q, n, w));
      if (!f.empty()) return f;
    }
    return std::string();
  });
  t.entry("statistic", &Dsp::statistic, [](auto ref, auto got, Rng& rng) {
    const unsigned w = random_width(rng, 2100);
    std::vector<Guarded<float>> in(5, Guarded<float>(w));
    for (auto& q : in) fill_floats(rng, q.data(), w);
    // Mostly plausible moments: xx >= mu1^2, yy >= mu2^2, xy near mu1 * mu2 (then
    // the distorted row sometimes a gain of the reference, or flat).
    // Variances of every size, or mostly below the noise floor (whole vectors of it).
    const bool quiet = rng() % 3 == 0;
    std::uniform_real_distribution<float> var(0.0f, quiet ? 3.0f : 300.0f), cov(-300.0f, 300.0f);
    const int mode = static_cast<int>(rng() % 4);
    for (unsigned j = 0; j < w; ++j) {
      if (mode == 3 || rng() % 4 == 0) continue;
      float* q[5] = {&in[0][j], &in[1][j], &in[2][j], &in[3][j], &in[4][j]};
      if (mode == 1) *q[1] = *q[0] * 0.8f;
      *q[2] = *q[0] * *q[0] + (rng() % 8 ? var(rng) : 0.0f);
      *q[3] = *q[1] * *q[1] + (rng() % 8 ? var(rng) : 0.0f);
      *q[4] = *q[0] * *q[1] + (mode == 1 ? 0.8f * (*q[2] - *q[0] * *q[0]) : cov(rng));
      if (mode == 2 && rng() % 3 == 0) *q[3] = *q[1] * *q[1];  // flat distorted
    }
    if (rng() % 6 == 0) {  // infinities and NaN
      const float sp[] = {std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                          std::numeric_limits<float>::quiet_NaN()};
      for (int k = 0; k < 3; ++k) in[rng() % 5][rng() % w] = sp[rng() % 3];
    }
    const StatParams p = random_stat_params(rng);
    const float* pin[5] = {in[0].data(), in[1].data(), in[2].data(), in[3].data(), in[4].data()};
    Guarded<float> na(w), da(w), nb(w), db(w);
    ref(pin, w, p, na.data(), da.data());
    got(pin, w, p, nb.data(), db.data());
    const std::string where = fmt::format("w {} gain limit {} sigma_nsq {}", w, p.gain_limit, p.sigma_nsq);
    std::string f = compare("num", na, nb, where);
    return f.empty() ? compare("den", da, db, where) : f;
  });
}

}  // namespace fastvmaf::dsp_test
