// The libsvm RBF regression and the score transform / clip against straightforward
// reference formulas.
#include <gtest/gtest.h>

#include <sys/resource.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "model/score_transform.hpp"
#include "model/svm_predict.hpp"

namespace fastvmaf::model {
namespace {

struct Node {
  int index;
  double value;
};

// libsvm's own evaluation: the RBF kernel as a merge of two sparse, index-sorted
// vectors (svm.cpp, Kernel::k_function), accumulated over support vectors in order.
double libsvm_reference(const std::vector<std::vector<Node>>& svs, const std::vector<double>& coef, double gamma,
                        double rho, const std::vector<Node>& x) {
  double sum = 0;
  for (std::size_t i = 0; i < svs.size(); ++i) {
    const auto& y = svs[i];
    std::size_t a = 0, b = 0;
    double d2 = 0;
    while (a < x.size() && b < y.size()) {
      if (x[a].index == y[b].index) {
        const double d = x[a].value - y[b].value;
        d2 += d * d;
        ++a;
        ++b;
      } else if (x[a].index > y[b].index) {
        d2 += y[b].value * y[b].value;
        ++b;
      } else {
        d2 += x[a].value * x[a].value;
        ++a;
      }
    }
    for (; a < x.size(); ++a) d2 += x[a].value * x[a].value;
    for (; b < y.size(); ++b) d2 += y[b].value * y[b].value;
    sum += coef[i] * std::exp(-gamma * d2);
  }
  sum -= rho;
  return sum;
}

std::string g17(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

TEST(SvrRbfModel, MatchesLibsvmSparseEvaluationBitForBit) {
  std::mt19937_64 rng(12345);
  std::uniform_real_distribution<double> val(-1.0, 2.0);
  std::bernoulli_distribution present(0.7);
  for (int trial = 0; trial < 20; ++trial) {
    const int dim = 1 + trial % 7;
    const double gamma = 0.01 + 0.1 * (trial % 5);
    const double rho = val(rng);
    std::vector<std::vector<Node>> svs;
    std::vector<double> coef;
    std::string text = "svm_type nu_svr\nkernel_type rbf\ngamma " + g17(gamma) + "\nnr_class 2\ntotal_sv 40\nrho " +
                       g17(rho) + "\nSV\n";
    for (int i = 0; i < 40; ++i) {
      coef.push_back(val(rng) * 4);
      text += g17(coef.back()) + " ";
      std::vector<Node> sv;
      // Sparse support vectors, sometimes reaching past the input's dimension.
      for (int j = 1; j <= dim + 2; ++j)
        if (present(rng) && (j <= dim || trial % 3 == 0)) {
          sv.push_back({j, val(rng)});
          text += std::to_string(j);
          text += ':';
          text += g17(sv.back().value);
          text += ' ';
        }
      text += "\n";
      svs.push_back(sv);
    }
    const SvrRbfModel m = SvrRbfModel::parse(text);
    EXPECT_EQ(m.support_vector_count(), 40u);
    for (int k = 0; k < 50; ++k) {
      std::vector<double> x(dim);
      std::vector<Node> nodes;
      for (int j = 0; j < dim; ++j) {
        x[j] = val(rng);
        nodes.push_back({j + 1, x[j]});
      }
      const double expected = libsvm_reference(svs, coef, gamma, rho, nodes);
      EXPECT_EQ(m.predict(x), expected) << "trial " << trial << " input " << k;
    }
  }
}

TEST(SvrRbfModel, ReadsHeaderValuesExactly) {
  const SvrRbfModel m = SvrRbfModel::parse(
      "svm_type nu_svr\nkernel_type rbf\ngamma 0.035000000000000003\nnr_class 2\ntotal_sv 1\n"
      "rho -1.2801585513962348\nSV\n-4 1:0.91956722 2:0.022816409 \n");
  EXPECT_EQ(m.gamma(), 0.035000000000000003);
  EXPECT_EQ(m.rho(), -1.2801585513962348);
  EXPECT_EQ(m.dimension(), 2u);
  // One support vector: -4 * exp(-gamma * |x - sv|^2) - rho.
  const double d0 = 0.5 - 0.91956722, d1 = 0.25 - 0.022816409;
  EXPECT_EQ(m.predict({0.5, 0.25}), -4 * std::exp(-0.035000000000000003 * (d0 * d0 + d1 * d1)) - -1.2801585513962348);
}

TEST(SvrRbfModel, RejectsWhatItCannotEvaluate) {
  const std::string tail = "nr_class 2\ntotal_sv 1\nrho 0.5\nSV\n1 1:0.5 \n";
  auto message = [](const std::string& text) {
    try {
      SvrRbfModel::parse(text);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message("svm_type nu_svr\nkernel_type linear\ngamma 0.1\n" + tail).find("kernel_type \"linear\""),
            std::string::npos);
  EXPECT_NE(message("svm_type c_svc\nkernel_type rbf\ngamma 0.1\n" + tail).find("svm_type \"c_svc\""),
            std::string::npos);
  EXPECT_NE(message("svm_type nu_svr\nkernel_type rbf\n" + tail).find("no gamma"), std::string::npos);
  EXPECT_NE(message("svm_type nu_svr\nkernel_type rbf\ngamma 0.1\nfoo 1\n" + tail).find("unknown text \"foo\""),
            std::string::npos);
  EXPECT_NE(message("svm_type nu_svr\nkernel_type rbf\ngamma 0.1\nnr_class 2\ntotal_sv 3\nrho 0.5\nSV\n1 1:0.5\n")
                .find("lists 1 support vectors, total_sv says 3"),
            std::string::npos);
  EXPECT_NE(message("svm_type nu_svr\nkernel_type rbf\ngamma 0.1\nnr_class 2\ntotal_sv 1\nrho 0.5\nSV\n1 2:0.5 1:0.3\n")
                .find("increasing"),
            std::string::npos);
  EXPECT_NE(message("svm_type nu_svr\nkernel_type rbf\ngamma 0.1\nnr_class 2\ntotal_sv 1\nrho 0.5\nSV\n1 1-0.5\n")
                .find("index:value"),
            std::string::npos);
  EXPECT_NE(message("svm_type nu_svr\nkernel_type rbf\ngamma x\n" + tail).find("bad gamma"), std::string::npos);
  EXPECT_EQ(message("svm_type epsilon_svr\nkernel_type rbf\ngamma 0.1\n" + tail), "no error");
}

TEST(ScoreTransform, DisabledIsIdentity) {
  ScoreTransform t;
  t.p0 = 1.0;
  t.p1 = 2.0;
  EXPECT_EQ(transform_score(t, 3.5), 3.5);
}

TEST(ScoreTransform, PolynomialInLibvmafOrder) {
  ScoreTransform t;
  t.enabled = true;
  t.p0 = 1.70674692;
  t.p1 = 1.72643844;
  t.p2 = -0.00705305;
  for (double x : {0.0, 12.345678901234, 57.3, 99.99, 140.0}) {
    double expected = 0.;
    expected += 1.70674692;
    expected += 1.72643844 * x;
    expected += -0.00705305 * x * x;
    EXPECT_EQ(transform_score(t, x), expected) << x;
  }
  // Only the terms given.
  ScoreTransform lin;
  lin.enabled = true;
  lin.p1 = 0.5;
  EXPECT_EQ(transform_score(lin, 3.0), 1.5);
}

TEST(ScoreTransform, RectificationKeepsOutputOnOneSideOfInput) {
  ScoreTransform t;
  t.enabled = true;
  t.p0 = 10.0;
  t.p1 = 0.5;  // y = 10 + x/2: above x below 20, under x above 20
  t.out_gte_in = true;
  EXPECT_EQ(transform_score(t, 4.0), 12.0);
  EXPECT_EQ(transform_score(t, 40.0), 40.0);
  t.out_gte_in = false;
  t.out_lte_in = true;
  EXPECT_EQ(transform_score(t, 4.0), 4.0);
  EXPECT_EQ(transform_score(t, 40.0), 30.0);
}

TEST(ScoreTransform, PiecewiseLinearKnots) {
  const std::vector<ScoreTransform::Knot> k = {{0.0, 0.0}, {20.0, 10.0}, {40.0, 10.0}, {100.0, 100.0}};
  EXPECT_FALSE(knots_problem(k));
  // Inside segments: the line through the segment's knots.
  EXPECT_EQ(piecewise_linear(k, 10.0), (10.0 - 0.0) / 20.0 * 10.0 + 0.0);
  EXPECT_EQ(piecewise_linear(k, 30.0), 10.0);  // horizontal segment
  const double slope = (100.0 - 10.0) / (100.0 - 40.0), offset = 10.0 - 40.0 * slope;
  EXPECT_EQ(piecewise_linear(k, 70.0), slope * 70.0 + offset);
  // Beyond the ends: the first and last segments extended.
  EXPECT_EQ(piecewise_linear(k, -10.0), 0.5 * -10.0);
  EXPECT_EQ(piecewise_linear(k, 120.0), slope * 120.0 + offset);
  // On a knot.
  EXPECT_EQ(piecewise_linear(k, 20.0), 10.0);
  EXPECT_EQ(piecewise_linear(k, 40.0), slope * 40.0 + offset);
  // Fewer than two knots map nothing.
  EXPECT_EQ(piecewise_linear({{1.0, 2.0}}, 7.0), 7.0);
  // Through the transform, after the polynomial.
  ScoreTransform t;
  t.enabled = true;
  t.p1 = 2.0;
  t.knots = k;
  EXPECT_EQ(transform_score(t, 5.0), piecewise_linear(k, 10.0));
}

TEST(ScoreTransform, RejectsNonMonotoneKnots) {
  EXPECT_TRUE(knots_problem({{0.0, 0.0}, {0.0, 1.0}}));
  EXPECT_TRUE(knots_problem({{0.0, 5.0}, {1.0, 4.0}}));
  EXPECT_FALSE(knots_problem({}));
}

TEST(ScoreClip, ClampsOnlyWhenEnabled) {
  ScoreClip c{.enabled = true, .min = 0.0, .max = 100.0};
  EXPECT_EQ(clip_score(c, -3.0), 0.0);
  EXPECT_EQ(clip_score(c, 103.0), 100.0);
  EXPECT_EQ(clip_score(c, 42.5), 42.5);
  c.enabled = false;
  EXPECT_EQ(clip_score(c, 103.0), 103.0);
}

long peak_rss_kb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

// Memory follows the model's text, not (support vectors x highest index): 30000 lines
// "1 4096:1" (240 KB) stored dense would take 30000 * 4096 doubles, 983 MB.
TEST(SvrRbfModel, SupportVectorsAreStoredSparse) {
  const int n = 30000;
  std::string text = "svm_type nu_svr\nkernel_type rbf\ngamma 0.5\nnr_class 2\ntotal_sv " + std::to_string(n) +
                     "\nrho 0.25\nSV\n";
  for (int i = 0; i < n; ++i) text += "1 4096:1\n";
  const long before = peak_rss_kb();
  const SvrRbfModel m = SvrRbfModel::parse(text);
  EXPECT_LT(peak_rss_kb() - before, 64 * 1024) << "kB of peak memory for a " << text.size() << "-byte model";
  EXPECT_EQ(m.support_vector_count(), static_cast<std::size_t>(n));
  EXPECT_EQ(m.dimension(), 4096u);
  // Every support vector is e_4096: |x - sv|^2 = x1^2 + x2^2 + 1 for a 2-feature input.
  const std::vector<double> x{0.5, 0.25};
  std::vector<std::vector<Node>> svs(n, std::vector<Node>{{4096, 1.0}});
  const double expected = libsvm_reference(svs, std::vector<double>(n, 1.0), 0.5, 0.25, {{1, 0.5}, {2, 0.25}});
  EXPECT_EQ(m.predict(x), expected);
}

// libsvm reads indices as int; beyond the features of the input they add sv^2.
TEST(SvrRbfModel, IndicesUpToIntMaxAreAccepted) {
  const std::string head = "svm_type nu_svr\nkernel_type rbf\ngamma 0.125\nnr_class 2\ntotal_sv 2\nrho 0.5\nSV\n";
  const SvrRbfModel m = SvrRbfModel::parse(head + "2 1:0.5 100000:0.75\n-1 2:0.5 2147483647:0.125\n");
  EXPECT_EQ(m.dimension(), 2147483647u);
  const double expected = libsvm_reference({{{1, 0.5}, {100000, 0.75}}, {{2, 0.5}, {2147483647, 0.125}}}, {2, -1},
                                           0.125, 0.5, {{1, 0.25}, {2, 1.5}, {3, -2}});
  EXPECT_EQ(m.predict({0.25, 1.5, -2}), expected);
  try {
    SvrRbfModel::parse(head + "2 1:0.5 2147483648:0.75\n-1 2:0.5\n");
    FAIL() << "index above INT_MAX accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("2147483648"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace fastvmaf::model
