#include "core/rcpss.hpp"

#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>
#endif

namespace fastvmaf::cpu {

namespace {

std::uint64_t compute_signature() {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a 64 offset basis
#if defined(__x86_64__) || defined(__i386__)
  for (std::uint32_t m = 0; m < (1u << 23); ++m) {
    const std::uint32_t bits = 0x3f800000u | m;  // 1.m, every mantissa once
    float x;
    std::memcpy(&x, &bits, 4);
    const float r = _mm_cvtss_f32(_mm_rcp_ss(_mm_set_ss(x)));
    std::uint32_t rb;
    std::memcpy(&rb, &r, 4);
    for (int i = 0; i < 4; ++i) {  // the result's bytes, little-endian, as the C program hashes them
      h ^= (rb >> (8 * i)) & 0xffu;
      h *= 1099511628211ull;  // FNV prime
    }
  }
#endif
  return h;
}

bool vendor_is_amd() {
#if defined(__x86_64__) || defined(__i386__)
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__get_cpuid(0, &a, &b, &c, &d)) return false;
  char v[13];
  std::memcpy(v, &b, 4);
  std::memcpy(v + 4, &d, 4);
  std::memcpy(v + 8, &c, 4);
  v[12] = '\0';
  return std::strcmp(v, "AuthenticAMD") == 0;
#else
  return false;
#endif
}

RcpssTable build_table() {
  RcpssTable t;
#if defined(__x86_64__) || defined(__i386__)
  std::vector<std::uint32_t> all(1u << 23);
  for (std::uint32_t m = 0; m < (1u << 23); ++m) {
    const std::uint32_t bits = 0x3f800000u | m;
    float x;
    std::memcpy(&x, &bits, 4);
    const float r = _mm_cvtss_f32(_mm_rcp_ss(_mm_set_ss(x)));
    std::memcpy(&all[m], &r, 4);
  }
  // The largest shift at which every mantissa's estimate is its block's first one.
  int shift = 23;
  for (; shift > 0; --shift) {
    bool lossless = true;
    for (std::uint32_t m = 0; m < (1u << 23) && lossless; ++m) lossless = all[m] == all[(m >> shift) << shift];
    if (lossless) break;
  }
  t.shift = shift;
  t.estimate.resize(std::size_t{1} << (23 - shift));
  for (std::size_t i = 0; i < t.estimate.size(); ++i) t.estimate[i] = all[i << shift];
#endif
  return t;
}

}  // namespace

const RcpssTable& rcpss_table() {
  static const RcpssTable t = build_table();
  return t;
}

std::uint64_t rcpss_signature() {
  static const std::uint64_t s = compute_signature();
  return s;
}

RcpFamily rcpss_family_of(std::uint64_t signature, bool amd_vendor) {
  if (signature == kIntelRcpssSignature) return RcpFamily::Intel;
  return amd_vendor ? RcpFamily::Amd : RcpFamily::Other;
}

RcpFamily rcpss_family() { return rcpss_family_of(rcpss_signature(), vendor_is_amd()); }

const char* to_string(RcpFamily f) {
  switch (f) {
    case RcpFamily::Intel: return "intel";
    case RcpFamily::Amd: return "amd";
    default: return "other";
  }
}

}  // namespace fastvmaf::cpu
