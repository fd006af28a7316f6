// Which reciprocal estimate this CPU's `rcpss` gives.
//
// libvmaf's float ADM divides by refining `rcpss` (_mm_rcp_ss) with one Newton step, and
// so does ours (features/float_adm/float_adm_math.hpp). The instruction's estimate is not
// specified to the bit: Intel and AMD processors return different values for some
// mantissas, so float_adm's values (and the vmaf_float_* models) depend on the processor,
// for libvmaf and for us alike. What depends on it: which of libvmaf's stored outputs a
// test compares with (../shared/golden/<set>/<pair>/<run>.intel.json on Intel's estimate,
// <run>.json, made on an AMD EPYC, otherwise), and what `fastvmaf --version` reports.
//
// The signature is a 64-bit FNV-1a hash of rcpss's result bytes over every float in
// [1, 2): the estimate depends only on the mantissa, so this is the instruction's whole
// behaviour (the same hash ../shared/golden/rcpss/rcpss_signature.c prints).
#pragma once

#include <cstdint>
#include <vector>

namespace fastvmaf::cpu {

enum class RcpFamily { Intel, Amd, Other };

// The signature Intel processors give (measured on Xeons: ../shared/golden/rcpss/).
inline constexpr std::uint64_t kIntelRcpssSignature = 0x3ee9dd80a98a4383ull;

// This CPU's signature, computed on the first call (2^23 estimates, some tens of ms).
std::uint64_t rcpss_signature();

// Intel when the signature is Intel's. Otherwise Amd on a processor whose vendor is AMD
// (AMD's signature is not recorded yet: no AMD host has printed it for us), else Other.
RcpFamily rcpss_family();
// The family a signature on a CPU of this vendor stands for (the rule above).
RcpFamily rcpss_family_of(std::uint64_t signature, bool vendor_is_amd);

// This CPU's rcpss as a table for core/hd/rcp_estimate.hpp: rcpss(1.m) (float bits) for
// every value of the mantissa's top 23 - shift bits, with the largest shift that loses
// nothing (every mantissa's estimate equals its entry's: checked while building). Built on
// the first call. Empty where the CPU has no rcpss (float ADM then divides).
struct RcpssTable {
  std::vector<std::uint32_t> estimate;
  int shift = 0;
};
const RcpssTable& rcpss_table();

// "intel", "amd", "other".
const char* to_string(RcpFamily f);

}  // namespace fastvmaf::cpu
