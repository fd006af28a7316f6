// The dense float linear algebra of SpEED's est_params on the N x N (25 x 25)
// covariance matrix, in libvmaf's exact operation order (speed.c):
//  - symmetric_eigenvalues: Householder tridiagonalisation (after GSL's symmtd) and
//    implicit symmetric QR steps with Wilkinson shifts (after GSL's eigen/symm);
//  - solve_by_qr: A X = B through a Householder QR built from full N x N products,
//    then back substitution.
// Square roots are taken in double from float arguments and rounded back, as
// libvmaf's sqrt() calls on floats do. Row-major storage throughout. The QR iteration
// on the tridiagonal form (tridiagonal_eigenvalues and what it calls) and the norms are
// written with explicitly rounded operations (core/hd/rounding.hpp): the device twin
// runs them as they are; its tridiagonalisation and QR decomposition are the block-wide
// versions of the ones here (gpu/speed_work.hpp). Those that take a step in double are
// written over the real type F: double on the CPU and on devices with fp64, hd::SoftF64
// (core/hd/f64.hpp: the same bits in integer arithmetic) in units built with FVMAF_SOFT_F64.
#pragma once

#include <cmath>

#include "core/hd.hpp"
#include "features/speed/speed_params.hpp"
#include "core/hd/bits.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/rounding.hpp"

namespace fastvmaf::speed::linalg {

template <class F = hd::f64>
FVMAF_HD inline float sqrt_f(float v) {
  return hd::double_to_float_rn(hd::dsqrt_rn(hd::float_to_double<F>(v)));
}
template <class F = hd::f64>
FVMAF_HD inline float hypot_f(float x, float y) {
  return sqrt_f<F>(hd::fadd_rn(hd::fmul_rn(x, x), hd::fmul_rn(y, y)));
}
FVMAF_HD inline int sign_of(float x) { return x >= 0 ? 1 : -1; }
FVMAF_HD inline float abs_f(float x) { return hd::bits_float(hd::float_bits(x) & 0x7fffffffu); }  // fabsf

// (float)(1.0 / sqrt((double)u)), the scale of a Givens rotation, for u = 1 + t * t with
// |t| <= 1: u is a float of [1, 2] (or NaN). There it is the correctly rounded float
// 1 / sqrt(u) (tests/unit/speed_linalg_test.cpp checks all 2^23 + 1 of them), so CUDA
// devices take their correctly rounded __frsqrt_rn instead of two double operations.
template <class F = hd::f64>
FVMAF_HD inline float givens_scale(float u) {
#if defined(FVMAF_DEVICE_PASS) && defined(__CUDA_ARCH__)
  return __frsqrt_rn(u);
#else
  return hd::double_to_float_rn(hd::ddiv_rn(F(1.0), hd::dsqrt_rn(hd::float_to_double<F>(u))));
#endif
}

// dst (N x cols) = x (N x N) * y (N x cols): each element sums k = 0..N-1 in order,
// starting from +0 (libvmaf's matrix_mul, i-k-j).
template <int N>
FVMAF_HD inline void multiply(float* __restrict dst, const float* __restrict x, const float* __restrict y, int cols) {
  for (int i = 0; i < N; ++i) {
    float* d = dst + i * cols;
    for (int j = 0; j < cols; ++j) d[j] = 0.0f;
    for (int k = 0; k < N; ++k) {
      const float a = x[i * N + k];
      const float* yr = y + k * cols;
      for (int j = 0; j < cols; ++j) d[j] += a * yr[j];
    }
  }
}

// No infinity or NaN among m[0..count): none has an all-ones exponent. Counted in
// integers, which vectorises (the float test x - x == 0 kept the loop scalar, an eighth
// of the QR's time).
FVMAF_HD inline bool all_finite(const float* m, int count) {
  std::uint32_t special = 0;
  for (int i = 0; i < count; ++i) special |= (hd::float_bits(m[i]) & 0x7F800000u) == 0x7F800000u;
  return special == 0;
}

// The product h * y of multiply<N> where h = I - 2 v v' and v[0..k) = 0, for the
// elements [i][j] with i >= row0 and j >= col0, without its zero terms. Requires v and
// rows 0..k-1 of y finite: then h[i][m] for m < k (and i != m) is a signed zero times a
// finite number, and adding a signed zero to a sum that starts at +0 never changes it
// (round to nearest gives -0 only for -0 + -0). So row i < k is 0 + y[i][j], and row
// i >= k sums only m = k..N-1, bit for bit as the full product.
//
// Rows from k on go four at a time: each row of y read feeds four rows of dst, whose
// sums are four independent chains of additions instead of one (a single row's sum
// waits on its previous addition). Every element still adds its terms m = k..N-1 in
// order, so the bits are those of one row at a time.
template <int N>
FVMAF_HD inline void apply_reflector(float* __restrict dst, const float* __restrict h, const float* __restrict y, int k,
                                     int row0, int col0) {
  int i = row0;
  for (; i < k && i < N; ++i)
    for (int j = col0; j < N; ++j) dst[i * N + j] = 0.0f + y[i * N + j];
  for (; i + 4 <= N; i += 4) {
    float* d0 = dst + i * N;
    float* d1 = d0 + N;
    float* d2 = d1 + N;
    float* d3 = d2 + N;
    for (int j = col0; j < N; ++j) d0[j] = d1[j] = d2[j] = d3[j] = 0.0f;
    for (int m = k; m < N; ++m) {
      const float a0 = h[i * N + m], a1 = h[(i + 1) * N + m], a2 = h[(i + 2) * N + m], a3 = h[(i + 3) * N + m];
      const float* yr = y + m * N;
      for (int j = col0; j < N; ++j) {
        d0[j] += a0 * yr[j];
        d1[j] += a1 * yr[j];
        d2[j] += a2 * yr[j];
        d3[j] += a3 * yr[j];
      }
    }
  }
  for (; i < N; ++i) {
    float* d = dst + i * N;
    for (int j = col0; j < N; ++j) d[j] = 0.0f;
    for (int m = k; m < N; ++m) {
      const float a = h[i * N + m];
      const float* yr = y + m * N;
      for (int j = col0; j < N; ++j) d[j] += a * yr[j];
    }
  }
}

// ---- eigenvalues ---------------------------------------------------------------

// Reduces the symmetric `a` (destroyed) to tridiagonal form: diagonal `d`, subdiagonal `e`.
template <int N>
FVMAF_HD inline void tridiagonalize(float* a, float* d, float* e) {
  float v[N], w[N];
  for (int i = 0; i + 2 < N; ++i) {
    const int top = i + 1;  // the reflector acts on rows/columns top..N-1
    // Reflector that zeroes a[top+1.., i] (compute_householder_transform).
    float tau = 0.0f;
    float tail = 0.0f;
    for (int r = top + 1; r < N; ++r) tail += a[r * N + i] * a[r * N + i];
    const float tail_norm = sqrt_f(tail);
    if (tail_norm != 0.0f) {
      const float alpha = a[top * N + i];
      const float beta = static_cast<float>(-sign_of(alpha)) * hypot_f(alpha, tail_norm);
      tau = (beta - alpha) / beta;
      const float s = alpha - beta;
      if (s != 0.0f) {
        for (int r = top; r < N; ++r) a[r * N + i] /= s;
        a[top * N + i] = beta;
      }
    }
    if (tau == 0.0f) continue;
    for (int r = top; r < N; ++r) v[r] = a[r * N + i];
    v[top] = 1.0f;
    // w = tau A v; w -= (tau/2)(w.v) v; A -= w v' + v w'  (on rows/columns top..N-1)
    for (int r = top; r < N; ++r) {
      w[r] = 0.0f;
      for (int c = top; c < N; ++c) w[r] += tau * a[r * N + c] * v[c];
    }
    float wv = 0.0f;
    for (int r = top; r < N; ++r) wv += w[r] * v[r];
    const float shift = static_cast<float>(-0.5 * tau * wv);
    for (int r = top; r < N; ++r) w[r] += shift * v[r];
    for (int r = top; r < N; ++r)
      for (int c = top; c < N; ++c) a[r * N + c] -= w[r] * v[c] + v[r] * w[c];
  }
  for (int i = 0; i < N; ++i) d[i] = a[i * N + i];
  for (int i = 0; i + 1 < N; ++i) e[i] = a[(i + 1) * N + i];
}

// Sets negligible subdiagonal entries to 0 (chop_small_elements): |e| < 1e-6 (|d0| + |d1|),
// the float sum scaled in double.
template <class F = hd::f64>
FVMAF_HD inline void deflate(const float* d, float* e, int n) {
  for (int i = 0; i + 1 < n; ++i) {
    const F bound = hd::dmul_rn(F(kEigenEps), hd::float_to_double<F>(hd::fadd_rn(abs_f(d[i]), abs_f(d[i + 1]))));
    if (hd::float_to_double<F>(abs_f(e[i])) < bound) e[i] = 0.0f;
  }
}

// The eigenvalue of the trailing 2x2 block closest to its last entry (trailing_eigenvalue).
template <class F = hd::f64>
FVMAF_HD inline float wilkinson_shift(const float* d, const float* e, int n) {
  const float ta = d[n - 2], tb = d[n - 1], tab = e[n - 2];
  const float dt = hd::double_to_float_rn(hd::ddiv_rn(hd::float_to_double<F>(hd::fsub_rn(ta, tb)), F(2.0)));
  if (dt > 0) return hd::fsub_rn(tb, hd::fmul_rn(tab, hd::fdiv_rn(tab, hd::fadd_rn(dt, hypot_f<F>(dt, tab)))));
  if (dt == 0) return hd::fsub_rn(tb, abs_f(tab));
  return hd::fadd_rn(tb, hd::fmul_rn(tab, hd::fdiv_rn(tab, hd::fadd_rn(-dt, hypot_f<F>(dt, tab)))));
}

// Rotation (c, s) with [c s; -s c]' [a; b] = [*; 0] (create_givens).
template <class F = hd::f64>
FVMAF_HD inline void givens(float a, float b, float& c, float& s) {
  if (b == 0) {
    c = 1;
    s = 0;
  } else if (abs_f(b) > abs_f(a)) {
    const float t = hd::fdiv_rn(-a, b);
    const float s1 = givens_scale<F>(hd::fadd_rn(1.0f, hd::fmul_rn(t, t)));
    s = s1;
    c = hd::fmul_rn(s1, t);
  } else {
    const float t = hd::fdiv_rn(-b, a);
    const float c1 = givens_scale<F>(hd::fadd_rn(1.0f, hd::fmul_rn(t, t)));
    c = c1;
    s = hd::fmul_rn(c1, t);
  }
}

// c * (c * p - s * q) + s * (s * r - c * q) and its relatives: the rotated entries of qr_step.
FVMAF_HD inline float rot_sum(float a, float b, float c, float d) { return hd::fadd_rn(hd::fmul_rn(a, b), hd::fmul_rn(c, d)); }
FVMAF_HD inline float rot_diff(float a, float b, float c, float d) { return hd::fsub_rn(hd::fmul_rn(a, b), hd::fmul_rn(c, d)); }

// One implicit shifted QR sweep over the unreduced block d[0..n), e[0..n-1) (qr_step).
template <class F = hd::f64>
FVMAF_HD inline void qr_sweep(float* d, float* e, int n) {
  using hd::fmul_rn;
  float mu = wilkinson_shift<F>(d, e, n);
  if (hd::dmul_rn(F(kEigenEps), hd::float_to_double<F>(abs_f(mu))) >
      hd::float_to_double<F>(hd::fadd_rn(abs_f(d[0]), abs_f(e[0]))))
    mu = 0;
  float x = hd::fsub_rn(d[0], mu), z = e[0];
  float ap = d[0], bp = e[0], aq = d[1];
  if (n == 2) {
    float c, s;
    givens<F>(x, z, c, s);
    const float ap1 = rot_sum(c, rot_diff(c, ap, s, bp), s, rot_diff(s, aq, c, bp));
    const float bp1 = rot_diff(c, rot_sum(s, ap, c, bp), s, rot_sum(s, bp, c, aq));
    const float aq1 = rot_sum(s, rot_sum(s, ap, c, bp), c, rot_sum(s, bp, c, aq));
    d[0] = ap1;
    e[0] = bp1;
    d[1] = aq1;
    return;
  }
  float bq = e[1];
  float bk = 0, zk = 0;
  for (int k = 0; k < n - 1; ++k) {
    float c, s;
    givens<F>(x, z, c, s);
    const float bk1 = rot_diff(c, bk, s, zk);
    const float ap1 = rot_sum(c, rot_diff(c, ap, s, bp), s, rot_diff(s, aq, c, bp));
    const float bp1 = rot_diff(c, rot_sum(s, ap, c, bp), s, rot_sum(s, bp, c, aq));
    const float zp1 = fmul_rn(-s, bq);
    const float aq1 = rot_sum(s, rot_sum(s, ap, c, bp), c, rot_sum(s, bp, c, aq));
    const float bq1 = fmul_rn(c, bq);
    bk = bp1;
    zk = zp1;
    ap = aq1;
    bp = bq1;
    if (k < n - 2) aq = d[k + 2];
    if (k < n - 3) bq = e[k + 2];
    d[k] = ap1;
    if (k > 0) e[k - 1] = bk1;
    if (k < n - 2) e[k + 1] = bp;
    x = bk;
    z = zk;
  }
  d[n - 1] = ap;
  e[n - 2] = bk;
}

// The QR iteration on the tridiagonal matrix (diagonal d[0..n), subdiagonal e[0..n-1)),
// in place: d ends as the eigenvalues, in the order the iteration leaves them
// (compute_eigenvalues_tridiagonal). At most 500 sweeps, as libvmaf.
template <class F = hd::f64>
FVMAF_HD inline void tridiagonal_eigenvalues(float* d, float* e, int n) {
  deflate<F>(d, e, n);
  int b = n - 1;
  int sweeps = 0;
  while (b > 0 && sweeps < kEigenMaxIterations) {
    if (e[b - 1] == 0.0f) {
      --b;
      continue;
    }
    int top = b - 1;  // the largest unreduced block ending at b starts at top
    while (top > 0 && e[top - 1] != 0.0f) --top;
    const int m = b - top + 1;
    qr_sweep<F>(d + top, e + top, m);
    deflate<F>(d + top, e + top, m);
    ++sweeps;
  }
}

// Eigenvalues of the symmetric N x N `a` (unchanged), in the order the QR iteration
// leaves them on the diagonal (compute_eigenvalues).
template <int N>
FVMAF_HD inline void symmetric_eigenvalues(const float* a, float* eigenvalues) {
  if (N == 1) {
    eigenvalues[0] = a[0];
    return;
  }
  float work[N * N], d[N], e[N];
  for (int i = 0; i < N * N; ++i) work[i] = a[i];
  tridiagonalize<N>(work, d, e);
  tridiagonal_eigenvalues(d, e, N);
  for (int i = 0; i < N; ++i) eigenvalues[i] = d[i];
}

// ---- linear system -------------------------------------------------------------

template <class F = hd::f64>
FVMAF_HD inline float norm_f(const float* v, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i) s = hd::fadd_rn(s, hd::fmul_rn(v[i], v[i]));
  return sqrt_f<F>(s);
}

// libvmaf's matrix_qr_decomposition, whose Q is transposed twice on the way to the
// solver: `qt` = H_{N-2} ... H_0 (so a = qt' r) and `r` = qt * a, bit for bit as with
// libvmaf's full N x N products. Each step forms only what is read later: of H_k z the
// rows and columns from k+1 on (the next matrix_minor overwrites the others, and the
// last z is never read), and the zero terms of H_k are skipped where that is exact
// (apply_reflector). `z` and `t` are N x N scratch.
template <int N>
FVMAF_HD inline void householder_qr(const float* a, float* qt, float* r, float* z, float* t) {
  float v[N];
  float h[N * N];
  for (int i = 0; i < N * N; ++i) z[i] = a[i];
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) qt[i * N + j] = (i == j ? 1.0f : 0.0f);
  for (int k = 0; k + 1 < N; ++k) {
    // matrix_minor: rows and columns before k become the identity.
    for (int i = 0; i < N; ++i) {
      if (i < k)
        for (int j = 0; j < N; ++j) z[i * N + j] = (i == j ? 1.0f : 0.0f);
      else
        for (int j = 0; j < k; ++j) z[i * N + j] = 0.0f;
    }
    for (int i = 0; i < N; ++i) v[i] = z[i * N + k];
    const float norm = norm_f(v, N);
    v[k] += static_cast<float>(sign_of(a[k * N + k])) * norm;  // the sign of the input's diagonal
    const float vnorm = norm_f(v, N);
    for (int i = 0; i < N; ++i) v[i] = v[i] / vnorm;
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < N; ++j) h[i * N + j] = -2 * v[i] * v[j];
    for (int i = 0; i < N; ++i) h[i * N + i] += 1;
    const bool v_finite = all_finite(v, N);
    if (k + 2 < N) {
      if (v_finite && all_finite(z, k * N))
        apply_reflector<N>(t, h, z, k, k + 1, k + 1);
      else
        multiply<N>(t, h, z, N);
      for (int i = k + 1; i < N; ++i)
        for (int j = k + 1; j < N; ++j) z[i * N + j] = t[i * N + j];
    }
    if (v_finite && all_finite(qt, k * N))
      apply_reflector<N>(t, h, qt, k, 0, 0);
    else
      multiply<N>(t, h, qt, N);
    for (int i = 0; i < N * N; ++i) qt[i] = t[i];
  }
  multiply<N>(r, qt, a, N);
}

// Solves r x = rhs (n x cols) by back substitution on the upper triangle of r, each
// x[i][j] = (rhs[i][j] - sum_{k>i} x[k][j] r[i][k]) / r[i][i] with k ascending. `row`
// is `cols` floats of scratch. False (x unspecified) when a pivot is below 1e-6 in
// magnitude (solve_triangular_system).
template <int N>
FVMAF_HD inline bool back_substitute(const float* r, const float* rhs, float* x, int cols, float* row) {
  for (int i = 0; i < N; ++i)
    if (std::fabs(r[i * N + i]) < kEigenEps) return false;
  for (int i = N - 1; i >= 0; --i) {
    const float* b = rhs + i * cols;
    for (int j = 0; j < cols; ++j) row[j] = b[j];
    for (int k = i + 1; k < N; ++k) {
      const float rik = r[i * N + k];
      const float* xk = x + k * cols;
      for (int j = 0; j < cols; ++j) row[j] -= xk[j] * rik;
    }
    const float pivot = r[i * N + i];
    float* xi = x + i * cols;
    for (int j = 0; j < cols; ++j) xi[j] = row[j] / pivot;
  }
  return true;
}

}  // namespace fastvmaf::speed::linalg
