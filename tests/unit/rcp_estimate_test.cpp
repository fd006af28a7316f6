// core/hd/rcp_estimate.hpp against this CPU's rcpss: the table cpu::rcpss_table builds,
// looked up as a twin's kernel does, gives the instruction's bits on every mantissa at
// every class of exponent (the smallest and largest normals, around 1, where the result
// becomes subnormal and is flushed), on every subnormal input, on every exponent for
// spread mantissas, and on zeros, infinities and NaNs, of both signs.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

#include "core/hd/rcp_estimate.hpp"
#include "core/rcpss.hpp"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace fastvmaf {
namespace {

#if defined(__x86_64__) || defined(__i386__)

std::uint32_t hardware(std::uint32_t x) {
  float f;
  std::memcpy(&f, &x, 4);
  const float r = _mm_cvtss_f32(_mm_rcp_ss(_mm_set_ss(f)));
  std::uint32_t b;
  std::memcpy(&b, &r, 4);
  return b;
}

std::uint32_t table(const hd::RcpTable& t, std::uint32_t x) {
  float f;
  std::memcpy(&f, &x, 4);
  const float r = hd::rcp_estimate(t, f);
  std::uint32_t b;
  std::memcpy(&b, &r, 4);
  return b;
}

// Every mantissa of exponent e, both signs; the number of mismatches.
unsigned mismatches_at(const hd::RcpTable& t, unsigned e) {
  unsigned bad = 0;
  for (std::uint32_t sign : {0u, 0x80000000u})
    for (std::uint32_t m = 0; m < (1u << 23); ++m) {
      const std::uint32_t x = sign | (e << 23) | m;
      if (table(t, x) != hardware(x) && ++bad <= 3)
        ADD_FAILURE() << std::hex << "x " << x << ": table " << table(t, x) << ", rcpss " << hardware(x);
    }
  return bad;
}

TEST(RcpEstimate, TableIsThisCpusRcpssOnEveryMantissa) {
  const cpu::RcpssTable& host = cpu::rcpss_table();
  ASSERT_FALSE(host.estimate.empty());
  EXPECT_EQ(host.estimate.size(), std::size_t{1} << (23 - host.shift));
  const hd::RcpTable t{host.estimate.data(), host.shift};
  // 0: subnormals and zeros; 1: the smallest normals; 126, 127, 128: around 1; 252-254:
  // where 1 / x falls below the smallest normal (flushed); 255: infinities and NaNs.
  for (unsigned e : {0u, 1u, 2u, 100u, 126u, 127u, 128u, 200u, 252u, 253u, 254u, 255u})
    EXPECT_EQ(mismatches_at(t, e), 0u) << "exponent " << e;
  // Every exponent, mantissas spread over the range (and its ends).
  unsigned bad = 0;
  for (std::uint32_t sign : {0u, 0x80000000u})
    for (std::uint32_t e = 0; e < 256; ++e)
      for (std::uint32_t m = 0; m < (1u << 23); m += (m < 16 || m > (1u << 23) - 16) ? 1 : 997) {
        const std::uint32_t x = sign | (e << 23) | m;
        if (table(t, x) != hardware(x)) ++bad;
      }
  EXPECT_EQ(bad, 0u);
}

#else

TEST(RcpEstimate, NoRcpssNoTable) { EXPECT_TRUE(cpu::rcpss_table().estimate.empty()); }

#endif

}  // namespace
}  // namespace fastvmaf
