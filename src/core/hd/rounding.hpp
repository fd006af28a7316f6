// Explicitly rounded float and double operations, for host and device
// (../shared/DESIGN.md, "Numerics"). Where libvmaf computes in float or double, a twin
// computes the same operations in the same type and order through these: on the device
// each one is the IEEE-rounded intrinsic (__fmul_rn, __ddiv_rn, ...), so neither FMA
// contraction nor a faster approximate division or square root can change a bit; on
// the host (the CPU reference, the replay) it is the plain C operation, which the
// project compiles with -ffp-contract=off and without fast-math: the same IEEE result.
//
// Conversions are spelled as C's casts round: int -> float/double round to nearest
// (exact for double from 32 bits), float/double -> int truncate toward zero.
// No libm here: log2, pow, exp and friends come from host tables or a routine that a
// test proves equal to glibc's (DESIGN.md "Numerics").
//
// The double helpers have SoftF64 overloads (core/hd/f64.hpp: the same bits in integer
// arithmetic, for devices without fp64); the conversions into double take the type as
// a template argument, int_to_double<F>(x), double unless told.
#pragma once

#include <cstdint>

#include "core/hd.hpp"
#include "core/hd/f64.hpp"

namespace fastvmaf::hd {

// ---- float ----------------------------------------------------------------------
FVMAF_HD inline float fadd_rn(float a, float b) {
#ifdef FVMAF_DEVICE_PASS
  return __fadd_rn(a, b);
#else
  return a + b;
#endif
}
FVMAF_HD inline float fsub_rn(float a, float b) {
#ifdef FVMAF_DEVICE_PASS
  return __fsub_rn(a, b);
#else
  return a - b;
#endif
}
FVMAF_HD inline float fmul_rn(float a, float b) {
#ifdef FVMAF_DEVICE_PASS
  return __fmul_rn(a, b);
#else
  return a * b;
#endif
}
FVMAF_HD inline float fdiv_rn(float a, float b) {
#ifdef FVMAF_DEVICE_PASS
  return __fdiv_rn(a, b);
#else
  return a / b;
#endif
}
// sqrt(a) correctly rounded to float, through the double square root in integer arithmetic
// (hd::SoftF64's): rounding sqrt to double and then to float is innocuous (53 >= 2 * 24 + 2
// bits), so this is IEEE's float sqrt on any device. For SYCL, whose float sqrt need not be
// correctly rounded: AdaptiveCpp's CUDA JIT takes libdevice's approximate one (the psnr_hvs
// twin's mask differed from the CPU's in a few blocks a frame on the H200).
FVMAF_HD inline float fsqrt_via_f64(float a) {
  return bits_float(soft_detail::to_float(soft_detail::sqrt(soft_detail::from_float(float_bits(a)))));
}
FVMAF_HD inline float fsqrt_rn(float a) {
#ifdef FVMAF_DEVICE_PASS
  return __fsqrt_rn(a);
#elif defined(FVMAF_SYCL_UNIT)
  return fsqrt_via_f64(a);
#else
  return __builtin_sqrtf(a);
#endif
}
FVMAF_HD inline float int_to_float_rn(int x) {
#ifdef FVMAF_DEVICE_PASS
  return __int2float_rn(x);
#else
  return static_cast<float>(x);
#endif
}
FVMAF_HD inline float uint_to_float_rn(unsigned x) {
#ifdef FVMAF_DEVICE_PASS
  return __uint2float_rn(x);
#else
  return static_cast<float>(x);
#endif
}
FVMAF_HD inline float ll_to_float_rn(long long x) {
#ifdef FVMAF_DEVICE_PASS
  return __ll2float_rn(x);
#else
  return static_cast<float>(x);
#endif
}
FVMAF_HD inline int float_to_int_rz(float x) {
#ifdef FVMAF_DEVICE_PASS
  return __float2int_rz(x);
#else
  return static_cast<int>(x);
#endif
}

// ---- double ---------------------------------------------------------------------
FVMAF_HD inline double dadd_rn(double a, double b) {
#ifdef FVMAF_DEVICE_PASS
  return __dadd_rn(a, b);
#else
  return a + b;
#endif
}
FVMAF_HD inline double dsub_rn(double a, double b) {
#ifdef FVMAF_DEVICE_PASS
  return __dsub_rn(a, b);
#else
  return a - b;
#endif
}
FVMAF_HD inline double dmul_rn(double a, double b) {
#ifdef FVMAF_DEVICE_PASS
  return __dmul_rn(a, b);
#else
  return a * b;
#endif
}
FVMAF_HD inline double ddiv_rn(double a, double b) {
#ifdef FVMAF_DEVICE_PASS
  return __ddiv_rn(a, b);
#else
  return a / b;
#endif
}
FVMAF_HD inline double dsqrt_rn(double a) {
#ifdef FVMAF_DEVICE_PASS
  return __dsqrt_rn(a);
#else
  return __builtin_sqrt(a);
#endif
}
// a * b + c with one rounding. On the host without FMA instructions in the target this
// is libm's fma(), which is correctly rounded too: the same bits either way.
FVMAF_HD inline double dfma_rn(double a, double b, double c) {
#ifdef FVMAF_DEVICE_PASS
  return __fma_rn(a, b, c);
#else
  return __builtin_fma(a, b, c);
#endif
}
// Exact: every int32 and every float is a double.
template <class F = double>
FVMAF_HD inline F int_to_double(int x) {
  if constexpr (is_soft_f64<F>)
    return SoftF64::from_bits(soft_detail::from_i64(x));
  else
    return static_cast<double>(x);
}
template <class F = double>
FVMAF_HD inline F float_to_double(float x) {
  if constexpr (is_soft_f64<F>)
    return SoftF64::from_bits(soft_detail::from_float(float_bits(x)));
  else
    return static_cast<double>(x);
}
template <class F = double>
FVMAF_HD inline F uint_to_double(unsigned x) {
  if constexpr (is_soft_f64<F>)
    return SoftF64::from_bits(soft_detail::from_u64(0, x));
  else
    return static_cast<double>(x);
}
template <class F = double>
FVMAF_HD inline F ll_to_double_rn(long long x) {
  if constexpr (is_soft_f64<F>) {
    return SoftF64::from_bits(soft_detail::from_i64(x));
  } else {
#ifdef FVMAF_DEVICE_PASS
    return __ll2double_rn(x);
#else
    return static_cast<double>(x);
#endif
  }
}
template <class F = double>
FVMAF_HD inline F ull_to_double_rn(unsigned long long x) {
  if constexpr (is_soft_f64<F>) {
    return SoftF64::from_bits(soft_detail::from_u64(0, x));
  } else {
#ifdef FVMAF_DEVICE_PASS
    return __ull2double_rn(x);
#else
    return static_cast<double>(x);
#endif
  }
}
FVMAF_HD inline float double_to_float_rn(double x) {
#ifdef FVMAF_DEVICE_PASS
  return __double2float_rn(x);
#else
  return static_cast<float>(x);
#endif
}
FVMAF_HD inline int double_to_int_rz(double x) {
#ifdef FVMAF_DEVICE_PASS
  return __double2int_rz(x);
#else
  return static_cast<int>(x);
#endif
}
FVMAF_HD inline long long double_to_ll_rz(double x) {
#ifdef FVMAF_DEVICE_PASS
  return __double2ll_rz(x);
#else
  return static_cast<long long>(x);
#endif
}

}  // namespace fastvmaf::hd
