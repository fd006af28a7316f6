// SpEED's 25x25 float linear algebra: eigenvalues against a double Jacobi reference,
// the structured Householder QR against libvmaf's literal algorithm (bit for bit), and
// the solve against the system it solves.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "features/speed/speed_covariance.hpp"
#include "features/speed/speed_dsp.hpp"
#include "features/speed/speed_linalg.hpp"
#include "speed_reference.hpp"

namespace fastvmaf::speed {
namespace {

constexpr int N = kBlockElements;

// A random symmetric positive definite matrix: the covariance of `samples` random
// vectors, with an optional spread of scales across the coordinates.
std::vector<float> random_spd(std::mt19937& g, int n, int samples, float spread) {
  std::normal_distribution<double> d;
  std::vector<double> m(static_cast<std::size_t>(n) * samples);
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < samples; ++k) m[i * samples + k] = d(g) * std::pow(spread, static_cast<double>(i) / n);
  std::vector<float> a(static_cast<std::size_t>(n) * n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      double s = 0;
      for (int k = 0; k < samples; ++k) s += m[i * samples + k] * m[j * samples + k];
      a[i * n + j] = static_cast<float>(s / samples);
    }
  return a;
}

// Cyclic Jacobi in double: the eigenvalues of a symmetric matrix, sorted.
std::vector<double> jacobi_eigenvalues(const std::vector<float>& af, int n) {
  std::vector<double> a(af.begin(), af.end());
  for (int sweep = 0; sweep < 100; ++sweep) {
    double off = 0;
    for (int p = 0; p < n; ++p)
      for (int q = p + 1; q < n; ++q) off += a[p * n + q] * a[p * n + q];
    if (off < 1e-30) break;
    for (int p = 0; p < n; ++p) {
      for (int q = p + 1; q < n; ++q) {
        if (a[p * n + q] == 0) continue;
        const double theta = (a[q * n + q] - a[p * n + p]) / (2 * a[p * n + q]);
        const double t = (theta >= 0 ? 1 : -1) / (std::fabs(theta) + std::sqrt(theta * theta + 1));
        const double c = 1 / std::sqrt(t * t + 1), s = t * c;
        for (int k = 0; k < n; ++k) {
          const double akp = a[k * n + p], akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (int k = 0; k < n; ++k) {
          const double apk = a[p * n + k], aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
      }
    }
  }
  std::vector<double> e(n);
  for (int i = 0; i < n; ++i) e[i] = a[i * n + i];
  std::sort(e.begin(), e.end());
  return e;
}

template <int M>
void expect_eigenvalues_match_jacobi(const std::vector<float>& a) {
  float e[M];
  linalg::symmetric_eigenvalues<M>(a.data(), e);
  std::vector<float> got(e, e + M);
  std::sort(got.begin(), got.end());
  const auto want = jacobi_eigenvalues(a, M);
  for (int i = 0; i < M; ++i) EXPECT_NEAR(got[i], want[i], 2e-5 * std::fabs(want.back()) + 1e-7) << "eigenvalue " << i;
}

TEST(SpeedLinalg, EigenvaluesOfRandomCovariancesMatchJacobi) {
  std::mt19937 g(11);
  for (int trial = 0; trial < 20; ++trial) {
    expect_eigenvalues_match_jacobi<N>(random_spd(g, N, 40 + trial * 10, trial % 2 ? 1.0f : 100.0f));
  }
  expect_eigenvalues_match_jacobi<2>(random_spd(g, 2, 5, 1.0f));
  expect_eigenvalues_match_jacobi<3>(random_spd(g, 3, 7, 10.0f));
}

TEST(SpeedLinalg, EigenvaluesOfDiagonalAndRankDeficientMatrices) {
  std::vector<float> a(N * N, 0.0f);
  for (int i = 0; i < N; ++i) a[i * N + i] = static_cast<float>(i + 1);
  float e[N];
  linalg::symmetric_eigenvalues<N>(a.data(), e);
  std::sort(e, e + N);
  for (int i = 0; i < N; ++i) EXPECT_EQ(e[i], static_cast<float>(i + 1));
  // 24 samples of 25-vectors: rank 24, one eigenvalue ~0, which est_params treats as singular.
  std::mt19937 g(3);
  expect_eigenvalues_match_jacobi<N>(random_spd(g, N, 24, 1.0f));
  linalg::symmetric_eigenvalues<N>(random_spd(g, N, 24, 1.0f).data(), e);
  EXPECT_LT(*std::min_element(e, e + N), kEigenEps * 100);
}

TEST(SpeedLinalg, StructuredQrEqualsLiteralQrBitForBit) {
  std::mt19937 g(5);
  std::uniform_real_distribution<float> u(-3, 3);
  for (int trial = 0; trial < 30; ++trial) {
    std::vector<float> a = trial < 15 ? random_spd(g, N, 30 + trial, 1.0f + trial) : std::vector<float>(N * N);
    if (trial >= 15)
      for (auto& v : a) v = u(g);  // not symmetric
    if (trial == 20)
      for (int j = 0; j < N; ++j) a[j * N + 3] = 0.0f;  // a zero column
    if (trial == 21) a[7 * N + 2] = std::numeric_limits<float>::infinity();
    if (trial == 22) a[0] = std::numeric_limits<float>::quiet_NaN();
    float qt[N * N], r[N * N], z[N * N], t[N * N], qt_ref[N * N], r_ref[N * N];
    linalg::householder_qr<N>(a.data(), qt, r, z, t);
    reference::literal_qr<N>(a.data(), qt_ref, r_ref);
    for (int i = 0; i < N * N; ++i) {
      if (std::isnan(qt_ref[i])) {
        EXPECT_TRUE(std::isnan(qt[i])) << "trial " << trial << " qt " << i;
      } else {
        EXPECT_EQ(std::memcmp(&qt[i], &qt_ref[i], sizeof(float)), 0) << "trial " << trial << " qt " << i;
      }
      if (std::isnan(r_ref[i])) {
        EXPECT_TRUE(std::isnan(r[i])) << "trial " << trial << " r " << i;
      } else {
        EXPECT_EQ(std::memcmp(&r[i], &r_ref[i], sizeof(float)), 0) << "trial " << trial << " r " << i;
      }
    }
  }
}

TEST(SpeedLinalg, QrFactorsAnOrthogonalTimesUpperTriangular) {
  std::mt19937 g(8);
  const auto a = random_spd(g, N, 60, 5.0f);
  float qt[N * N], r[N * N], z[N * N], t[N * N];
  linalg::householder_qr<N>(a.data(), qt, r, z, t);
  double scale = 0;
  for (float v : a) scale = std::max(scale, std::fabs(static_cast<double>(v)));
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < N; ++j) {
      double qq = 0, qr = 0;
      for (int k = 0; k < N; ++k) {
        qq += static_cast<double>(qt[i * N + k]) * qt[j * N + k];
        qr += static_cast<double>(qt[k * N + i]) * r[k * N + j];  // qt' r
      }
      EXPECT_NEAR(qq, i == j ? 1.0 : 0.0, 1e-5);
      EXPECT_NEAR(qr, a[i * N + j], 1e-5 * scale);
      if (i > j) {
        EXPECT_NEAR(r[i * N + j], 0.0, 1e-5 * scale);
      }
    }
  }
}

TEST(SpeedLinalg, BackSubstitutionSolvesAndRejectsSmallPivots) {
  std::mt19937 g(9);
  std::uniform_real_distribution<float> u(-1, 1);
  const int cols = 7;
  std::vector<float> r(N * N, 0.0f), b(N * cols), x(N * cols), row(cols);
  for (int i = 0; i < N; ++i)
    for (int j = i; j < N; ++j) r[i * N + j] = i == j ? 1.0f + std::fabs(u(g)) : u(g) * 0.2f;
  for (auto& v : b) v = u(g);
  ASSERT_TRUE(linalg::back_substitute<N>(r.data(), b.data(), x.data(), cols, row.data()));
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < cols; ++j) {
      double s = 0;
      for (int k = i; k < N; ++k) s += static_cast<double>(r[i * N + k]) * x[k * cols + j];
      EXPECT_NEAR(s, b[i * cols + j], 1e-4);
    }
  r[12 * N + 12] = 5e-7f;
  EXPECT_FALSE(linalg::back_substitute<N>(r.data(), b.data(), x.data(), cols, row.data()));
}

TEST(SpeedLinalg, QrSolveRecoversTheSystem) {
  std::mt19937 g(13);
  const auto a = random_spd(g, N, 200, 1.0f);
  const int cols = 5;
  std::uniform_real_distribution<float> u(-1, 1);
  std::vector<float> xs(N * cols), b(N * cols), rhs(N * cols), x(N * cols), row(cols);
  for (auto& v : xs) v = u(g);
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < cols; ++j) {
      double s = 0;
      for (int k = 0; k < N; ++k) s += static_cast<double>(a[i * N + k]) * xs[k * cols + j];
      b[i * cols + j] = static_cast<float>(s);
    }
  float qt[N * N], r[N * N], z[N * N], t[N * N];
  linalg::householder_qr<N>(a.data(), qt, r, z, t);
  linalg::multiply<N>(rhs.data(), qt, b.data(), cols);
  ASSERT_TRUE(linalg::back_substitute<N>(r, rhs.data(), x.data(), cols, row.data()));
  for (int i = 0; i < N * cols; ++i) EXPECT_NEAR(x[i], xs[i], 2e-3);
}

TEST(SpeedLinalg, MultiplySumsInOrderFromPositiveZero) {
  // Every element is 0 + x[i][0] y[0][j] + x[i][1] y[1][j] + ... in float.
  std::mt19937 g(17);
  std::uniform_real_distribution<float> u(-1, 1);
  const int cols = 9;
  std::vector<float> x(N * N), y(N * cols), d(N * cols);
  for (auto& v : x) v = u(g);
  for (auto& v : y) v = u(g);
  linalg::multiply<N>(d.data(), x.data(), y.data(), cols);
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < cols; ++j) {
      float s = 0.0f;
      for (int k = 0; k < N; ++k) s += x[i * N + k] * y[k * cols + j];
      EXPECT_EQ(d[i * cols + j], s);
    }
}

// givens_scale's two doubles ((float)(1.0 / sqrt((double)u))) give the correctly rounded
// float 1 / sqrt(u) on every float u of [1, 2], the values 1 + t * t takes with |t| <= 1:
// so CUDA devices may take __frsqrt_rn (correctly rounded) for them. The rounding is
// checked exactly: with c = M 2^-24 and u = U 2^-23, 1 / sqrt(u) lies strictly between
// the midpoints (2M -+ 1) 2^-25 around c iff (2M - 1)^2 U < 2^73 < (2M + 1)^2 U.
TEST(SpeedLinalg, GivensScaleIsTheCorrectlyRoundedReciprocalSquareRootOnOneToTwo) {
  __extension__ typedef unsigned __int128 u128;
  const u128 two73 = u128{1} << 73;
  unsigned checked = 0;
  for (float u = 1.0f; u <= 2.0f; u = std::nextafter(u, 3.0f)) {
    const float c = linalg::givens_scale(u);
    ++checked;
    if (u == 1.0f) {
      ASSERT_EQ(c, 1.0f);
      continue;
    }
    ASSERT_TRUE(c >= 0.5f && c < 1.0f) << u;
    const u128 m = static_cast<u128>(std::ldexp(c, 24)), big_u = static_cast<u128>(std::ldexp(u, 23));
    const u128 below = (2 * m - 1) * (2 * m - 1) * big_u, above = (2 * m + 1) * (2 * m + 1) * big_u;
    ASSERT_TRUE(below < two73 && two73 < above) << std::hexfloat << "u " << u << " gives " << c;
  }
  EXPECT_EQ(checked, (1u << 23) + 1);
}

TEST(SpeedCovariance, PairSumsAreSequentialPerPairInEveryTable) {
  std::mt19937 g(21);
  std::normal_distribution<double> d(0, 30);
  for (std::size_t n : {1u, 95u, 96u, 97u, 1000u}) {
    std::vector<double> c(n * kPairStride, 0.0);
    for (std::size_t p = 0; p < n; ++p)
      for (int o = 0; o < kBlockElements; ++o) c[p * kPairStride + o] = d(g);
    std::vector<double> base(kPairStride * kPairStride, 0.0), simd(base);
    const Dsp dsp = make_dsp(0);
    dsp.pair_sums(c.data(), n / 2, base.data());  // in two chunks
    dsp.pair_sums(c.data() + n / 2 * kPairStride, n - n / 2, base.data());
    for (int x = 0; x < kBlockElements; ++x)
      for (int y = 0; y <= x; ++y) {
        double s = 0;  // libvmaf's compute_cov_kernel_scalar order
        for (std::size_t p = 0; p < n; ++p) s += c[p * kPairStride + x] * c[p * kPairStride + y];
        ASSERT_EQ(base[x * kPairStride + y], s) << n << " " << x << " " << y;
      }
    make_dsp(cpu::active()).pair_sums(c.data(), n, simd.data());
    EXPECT_EQ(std::memcmp(base.data(), simd.data(), base.size() * sizeof(double)), 0) << n;
  }
}

}  // namespace
}  // namespace fastvmaf::speed
