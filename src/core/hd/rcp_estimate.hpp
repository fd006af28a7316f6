// The host CPU's reciprocal estimate (rcpss), reproduced on a device from a table.
//
// libvmaf's float ADM divides by refining `rcpss` with one Newton step (DIVS), and the
// instruction's estimate differs between processors (core/rcpss.hpp), so a twin must give
// the estimate of the CPU that the run's CPU reference runs on. The estimate of
// x = +-1.m * 2^(e - 127) is +-rcpss(1.m) * 2^(127 - e): it depends only on the mantissa
// (core/rcpss.hpp's signature relies on the same fact), and on the processors measured only
// on its top bits (12 on an AMD EPYC). So the host builds, once, the table of its own
// rcpss over the mantissa's top k bits, with the smallest k that loses nothing
// (cpu::rcpss_table, checked against every mantissa as it is built), and the device looks
// the mantissa up and scales by the exponent, with the instruction's special cases: a zero
// or subnormal input is read as a zero of its sign (an infinity of that sign comes back),
// an infinity gives a zero of its sign, a NaN comes back quieted, and a result below the
// smallest normal is flushed to a zero of the input's sign. tests/unit/rcp_estimate_test.cpp
// compares this routine with the host's rcpss on every mantissa at every exponent class and
// on every subnormal.
#pragma once

#include <cstdint>

#include "core/hd.hpp"
#include "core/hd/bits.hpp"

namespace fastvmaf::hd {

// A table of rcpss(1.m) as float bits, indexed by m >> shift (device or host memory).
struct RcpTable {
  const std::uint32_t* estimate = nullptr;
  int shift = 0;
};

FVMAF_HD inline float rcp_estimate(const RcpTable& t, float x) {
  const std::uint32_t u = float_bits(x);
  const std::uint32_t sign = u & 0x80000000u;
  const int e = static_cast<int>((u >> 23) & 0xffu);
  const std::uint32_t m = u & 0x7fffffu;
  if (e == 0) return bits_float(sign | 0x7f800000u);                  // zero, subnormal: +-inf
  if (e == 0xff) return bits_float(m != 0 ? (u | 0x400000u) : sign);  // NaN quieted; +-inf: +-0
  const std::uint32_t r = t.estimate[m >> t.shift];                   // in (0.5, 1]
  const int re = static_cast<int>((r >> 23) & 0xffu) + 127 - e;
  if (re <= 0) return bits_float(sign);  // below the smallest normal: flushed
  return bits_float(sign | (static_cast<std::uint32_t>(re) << 23) | (r & 0x7fffffu));
}

}  // namespace fastvmaf::hd
