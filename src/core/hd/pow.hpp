// pow with the bits of glibc's pow (glibc 2.28 and later on x86-64 with FMA: the routine
// its ifunc selects on every CPU with FMA and AVX2, __pow_fma), for host and device.
//
// libvmaf's CIEDE2000 calls libm's pow in double (the sRGB linearisation's x^2.4, the
// CIELAB cube root x^(1/3), the chroma's c^7 and 25^7), and the device has no glibc: its
// twin calls this routine, and so does the CPU reference. It is glibc's algorithm (from
// Arm's optimized-routines, MIT licence): x^y = exp(y log(x)) with log(x) as hi + lo, well
// beyond double precision, and y hi split into a double and its rounding error (a fused
// multiply-add's exact remainder). log: x = 2^k z with z in [0x1.69555p-1, 0x1.69555p0)
// split into 128 intervals of centre c, log(x) = k ln2 + log(c) + log1p(r) with r = z/c - 1
// exact (1/c has few bits), log(c) and ln2 in two parts each, and log1p(r) - r + r^2/2 a
// polynomial of degree 8; the parts are summed with their rounding errors. exp:
// core/hd/exp.hpp's table and steps, with the low part added to r and the result's sign
// (a negative x to an odd integer y) carried in the scale's bits. The operations are those
// of the x86-64 FMA build of that source as glibc 2.36 ships it, read from its disassembly
// (the compiler fused k ln2 + log(c) and its low part, the polynomial's Horner steps, the
// last term into the sum of the low parts, and the exact remainders): the same constants
// and tables (their numbers read out of libm.so.6's __pow_log_data and __exp_data), the
// same operations, each one IEEE-rounded (hd::dfma_rn, hd::dmul_rn, ...).
// Special inputs follow glibc's branches and give its bits: zeros, infinities and NaNs of
// either argument (1 for pow(x, +-0) and pow(1, y) unless the other is a signalling NaN;
// otherwise a NaN operand's result is the first NaN operand quieted, as x86's addsd gives
// x + y, and a NaN x to an odd integer y has its sign flipped, as glibc's -(x * x)), a
// negative x to a non-integer y (x86's default NaN 0xfff8000000000000), |y| < 2^-65
// (1 +- y), |y| >= 2^63 and results beyond the double range (+-inf, +-0), subnormal x and
// results. NaNs are built from bits: a device's arithmetic need not keep their payloads.
// The routine is written over its real type: glibc_pow(SoftF64, SoftF64) computes the same
// operations in integer arithmetic (core/hd/f64.hpp) for devices without fp64, with the
// same bits.
//
// tests/unit/hd_pow_test.cpp compares it with glibc's pow over CIEDE's domain: every float
// x in [0, 400] to the power 7; for x^2.4 and x^(1/3), every argument 8-bit and 10-bit
// samples give and 2^30 consecutive doubles in blocks over each range (x in [0x1.6p-4,
// 2.5] and [0x1.2p-7, 8]); and every path's boundaries, the special values, and random
// (x, y) pairs of every kind.
#pragma once

#include <cstdint>

#include "core/hd.hpp"
#include "core/hd/bits.hpp"
#include "core/hd/exp.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/rounding.hpp"

namespace fastvmaf::hd {

namespace pow_detail {

using exp_detail::kPosInf;
using exp_detail::kQuietBit;
using exp_detail::kSignBit;
inline constexpr std::uint64_t kOne = 0x3ff0000000000000ull;

// ln2 as a high part (with trailing zeros) and the rest, and log1p(r) - r ~
// A0 r^2 + ar3 (A1 + r A2 + ar2 (A3 + r A4 + ar2 (A5 + r A6))) with ar2 = A0 r^2,
// ar3 = A0 r^3 and A0 = -1/2 (so that A0 r is exact): the other A's are the series'
// coefficients divided by the powers of -1/2 that ar2 and ar3 carry.
inline constexpr double kLn2Hi = 0x1.62e42fefa3800p-1;
inline constexpr double kLn2Lo = 0x1.ef35793c76730p-45;
inline constexpr double kA0 = -0x1.0000000000000p-1, kA1 = -0x1.5555555555560p-1, kA2 = 0x1.0000000000006p-1,
                        kA3 = 0x1.999999959554ep-1, kA4 = -0x1.555555529a47ap-1, kA5 = -0x1.2495b9b4845e9p+0,
                        kA6 = 0x1.0002b8b263fc3p+0;
// z's interval starts here: x - kOff has the interval's index in bits 45..51 and k above.
inline constexpr std::uint64_t kOff = 0x3fe6955500000000ull;

// Interval i: 1/c, log(c) rounded and its rounding error (glibc's __pow_log_data.tab,
// as read out of libm.so.6 (2.36), less its padding). Read only while compiling
// (make_log_intervals): the routine reads its own copy in its type.
inline constexpr double kLogIntervals[128][3] = {
    {0x1.6a00000000000p+0, -0x1.62c82f2b9c800p-2, 0x1.ab42428375680p-48},
    {0x1.6800000000000p+0, -0x1.5d1bdbf580800p-2, -0x1.ca508d8e0f720p-46},
    {0x1.6600000000000p+0, -0x1.5767717455800p-2, -0x1.362a4d5b6506dp-45},
    {0x1.6400000000000p+0, -0x1.51aad872df800p-2, -0x1.684e49eb067d5p-49},
    {0x1.6200000000000p+0, -0x1.4be5f95777800p-2, -0x1.41b6993293ee0p-47},
    {0x1.6000000000000p+0, -0x1.4618bc21c6000p-2, 0x1.3d82f484c84ccp-46},
    {0x1.5e00000000000p+0, -0x1.404308686a800p-2, 0x1.c42f3ed820b3ap-50},
    {0x1.5c00000000000p+0, -0x1.3a64c55694800p-2, 0x1.0b1c686519460p-45},
    {0x1.5a00000000000p+0, -0x1.347dd9a988000p-2, 0x1.5594dd4c58092p-45},
    {0x1.5800000000000p+0, -0x1.2e8e2bae12000p-2, 0x1.67b1e99b72bd8p-45},
    {0x1.5600000000000p+0, -0x1.2895a13de8800p-2, 0x1.5ca14b6cfb03fp-46},
    {0x1.5600000000000p+0, -0x1.2895a13de8800p-2, 0x1.5ca14b6cfb03fp-46},
    {0x1.5400000000000p+0, -0x1.22941fbcf7800p-2, -0x1.65a242853da76p-46},
    {0x1.5200000000000p+0, -0x1.1c898c1699800p-2, -0x1.fafbc68e75404p-46},
    {0x1.5000000000000p+0, -0x1.1675cababa800p-2, 0x1.f1fc63382a8f0p-46},
    {0x1.4e00000000000p+0, -0x1.1058bf9ae4800p-2, -0x1.6a8c4fd055a66p-45},
    {0x1.4c00000000000p+0, -0x1.0a324e2739000p-2, -0x1.c6bee7ef4030ep-47},
    {0x1.4a00000000000p+0, -0x1.0402594b4d000p-2, -0x1.036b89ef42d7fp-48},
    {0x1.4a00000000000p+0, -0x1.0402594b4d000p-2, -0x1.036b89ef42d7fp-48},
    {0x1.4800000000000p+0, -0x1.fb9186d5e4000p-3, 0x1.d572aab993c87p-47},
    {0x1.4600000000000p+0, -0x1.ef0adcbdc6000p-3, 0x1.b26b79c86af24p-45},
    {0x1.4400000000000p+0, -0x1.e27076e2af000p-3, -0x1.72f4f543fff10p-46},
    {0x1.4200000000000p+0, -0x1.d5c216b4fc000p-3, 0x1.1ba91bbca681bp-45},
    {0x1.4000000000000p+0, -0x1.c8ff7c79aa000p-3, 0x1.7794f689f8434p-45},
    {0x1.4000000000000p+0, -0x1.c8ff7c79aa000p-3, 0x1.7794f689f8434p-45},
    {0x1.3e00000000000p+0, -0x1.bc286742d9000p-3, 0x1.94eb0318bb78fp-46},
    {0x1.3c00000000000p+0, -0x1.af3c94e80c000p-3, 0x1.a4e633fcd9066p-52},
    {0x1.3a00000000000p+0, -0x1.a23bc1fe2b000p-3, -0x1.58c64dc46c1eap-45},
    {0x1.3a00000000000p+0, -0x1.a23bc1fe2b000p-3, -0x1.58c64dc46c1eap-45},
    {0x1.3800000000000p+0, -0x1.9525a9cf45000p-3, -0x1.ad1d904c1d4e3p-45},
    {0x1.3600000000000p+0, -0x1.87fa06520d000p-3, 0x1.bbdbf7fdbfa09p-45},
    {0x1.3400000000000p+0, -0x1.7ab890210e000p-3, 0x1.bdb9072534a58p-45},
    {0x1.3400000000000p+0, -0x1.7ab890210e000p-3, 0x1.bdb9072534a58p-45},
    {0x1.3200000000000p+0, -0x1.6d60fe719d000p-3, -0x1.0e46aa3b2e266p-46},
    {0x1.3000000000000p+0, -0x1.5ff3070a79000p-3, -0x1.e9e439f105039p-46},
    {0x1.3000000000000p+0, -0x1.5ff3070a79000p-3, -0x1.e9e439f105039p-46},
    {0x1.2e00000000000p+0, -0x1.526e5e3a1b000p-3, -0x1.0de8b90075b8fp-45},
    {0x1.2c00000000000p+0, -0x1.44d2b6ccb8000p-3, 0x1.70cc16135783cp-46},
    {0x1.2c00000000000p+0, -0x1.44d2b6ccb8000p-3, 0x1.70cc16135783cp-46},
    {0x1.2a00000000000p+0, -0x1.371fc201e9000p-3, 0x1.178864d27543ap-48},
    {0x1.2800000000000p+0, -0x1.29552f81ff000p-3, -0x1.48d301771c408p-45},
    {0x1.2600000000000p+0, -0x1.1b72ad52f6000p-3, -0x1.e80a41811a396p-45},
    {0x1.2600000000000p+0, -0x1.1b72ad52f6000p-3, -0x1.e80a41811a396p-45},
    {0x1.2400000000000p+0, -0x1.0d77e7cd09000p-3, 0x1.a699688e85bf4p-47},
    {0x1.2400000000000p+0, -0x1.0d77e7cd09000p-3, 0x1.a699688e85bf4p-47},
    {0x1.2200000000000p+0, -0x1.fec9131dbe000p-4, -0x1.575545ca333f2p-45},
    {0x1.2000000000000p+0, -0x1.e27076e2b0000p-4, 0x1.a342c2af0003cp-45},
    {0x1.2000000000000p+0, -0x1.e27076e2b0000p-4, 0x1.a342c2af0003cp-45},
    {0x1.1e00000000000p+0, -0x1.c5e548f5bc000p-4, -0x1.d0c57585fbe06p-46},
    {0x1.1c00000000000p+0, -0x1.a926d3a4ae000p-4, 0x1.53935e85baac8p-45},
    {0x1.1c00000000000p+0, -0x1.a926d3a4ae000p-4, 0x1.53935e85baac8p-45},
    {0x1.1a00000000000p+0, -0x1.8c345d631a000p-4, 0x1.37c294d2f5668p-46},
    {0x1.1a00000000000p+0, -0x1.8c345d631a000p-4, 0x1.37c294d2f5668p-46},
    {0x1.1800000000000p+0, -0x1.6f0d28ae56000p-4, -0x1.69737c93373dap-45},
    {0x1.1600000000000p+0, -0x1.51b073f062000p-4, 0x1.f025b61c65e57p-46},
    {0x1.1600000000000p+0, -0x1.51b073f062000p-4, 0x1.f025b61c65e57p-46},
    {0x1.1400000000000p+0, -0x1.341d7961be000p-4, 0x1.c5edaccf913dfp-45},
    {0x1.1400000000000p+0, -0x1.341d7961be000p-4, 0x1.c5edaccf913dfp-45},
    {0x1.1200000000000p+0, -0x1.16536eea38000p-4, 0x1.47c5e768fa309p-46},
    {0x1.1000000000000p+0, -0x1.f0a30c0118000p-5, 0x1.d599e83368e91p-45},
    {0x1.1000000000000p+0, -0x1.f0a30c0118000p-5, 0x1.d599e83368e91p-45},
    {0x1.0e00000000000p+0, -0x1.b42dd71198000p-5, 0x1.c827ae5d6704cp-46},
    {0x1.0e00000000000p+0, -0x1.b42dd71198000p-5, 0x1.c827ae5d6704cp-46},
    {0x1.0c00000000000p+0, -0x1.77458f632c000p-5, -0x1.cfc4634f2a1eep-45},
    {0x1.0c00000000000p+0, -0x1.77458f632c000p-5, -0x1.cfc4634f2a1eep-45},
    {0x1.0a00000000000p+0, -0x1.39e87b9fec000p-5, 0x1.502b7f526feaap-48},
    {0x1.0a00000000000p+0, -0x1.39e87b9fec000p-5, 0x1.502b7f526feaap-48},
    {0x1.0800000000000p+0, -0x1.f829b0e780000p-6, -0x1.980267c7e09e4p-45},
    {0x1.0800000000000p+0, -0x1.f829b0e780000p-6, -0x1.980267c7e09e4p-45},
    {0x1.0600000000000p+0, -0x1.7b91b07d58000p-6, -0x1.88d5493faa639p-45},
    {0x1.0400000000000p+0, -0x1.fc0a8b0fc0000p-7, -0x1.f1e7cf6d3a69cp-50},
    {0x1.0400000000000p+0, -0x1.fc0a8b0fc0000p-7, -0x1.f1e7cf6d3a69cp-50},
    {0x1.0200000000000p+0, -0x1.fe02a6b100000p-8, -0x1.9e23f0dda40e4p-46},
    {0x1.0200000000000p+0, -0x1.fe02a6b100000p-8, -0x1.9e23f0dda40e4p-46},
    {0x1.0000000000000p+0, 0x0.0p+0, 0x0.0p+0},
    {0x1.0000000000000p+0, 0x0.0p+0, 0x0.0p+0},
    {0x1.fc00000000000p-1, 0x1.0101575890000p-7, -0x1.0c76b999d2be8p-46},
    {0x1.f800000000000p-1, 0x1.0205658938000p-6, -0x1.3dc5b06e2f7d2p-45},
    {0x1.f400000000000p-1, 0x1.8492528c90000p-6, -0x1.aa0ba325a0c34p-45},
    {0x1.f000000000000p-1, 0x1.0415d89e74000p-5, 0x1.111c05cf1d753p-47},
    {0x1.ec00000000000p-1, 0x1.466aed42e0000p-5, -0x1.c167375bdfd28p-45},
    {0x1.e800000000000p-1, 0x1.894aa149fc000p-5, -0x1.97995d05a267dp-46},
    {0x1.e400000000000p-1, 0x1.ccb73cdddc000p-5, -0x1.a68f247d82807p-46},
    {0x1.e200000000000p-1, 0x1.eea31c006c000p-5, -0x1.e113e4fc93b7bp-47},
    {0x1.de00000000000p-1, 0x1.1973bd1466000p-4, -0x1.5325d560d9e9bp-45},
    {0x1.da00000000000p-1, 0x1.3bdf5a7d1e000p-4, 0x1.cc85ea5db4ed7p-45},
    {0x1.d600000000000p-1, 0x1.5e95a4d97a000p-4, -0x1.c69063c5d1d1ep-45},
    {0x1.d400000000000p-1, 0x1.700d30aeac000p-4, 0x1.c1e8da99ded32p-49},
    {0x1.d000000000000p-1, 0x1.9335e5d594000p-4, 0x1.3115c3abd47dap-45},
    {0x1.cc00000000000p-1, 0x1.b6ac88dad6000p-4, -0x1.390802bf768e5p-46},
    {0x1.ca00000000000p-1, 0x1.c885801bc4000p-4, 0x1.646d1c65aacd3p-45},
    {0x1.c600000000000p-1, 0x1.ec739830a2000p-4, -0x1.dc068afe645e0p-45},
    {0x1.c400000000000p-1, 0x1.fe89139dbe000p-4, -0x1.534d64fa10afdp-45},
    {0x1.c000000000000p-1, 0x1.1178e8227e000p-3, 0x1.1ef78ce2d07f2p-45},
    {0x1.be00000000000p-1, 0x1.1aa2b7e23f000p-3, 0x1.ca78e44389934p-45},
    {0x1.ba00000000000p-1, 0x1.2d1610c868000p-3, 0x1.39d6ccb81b4a1p-47},
    {0x1.b800000000000p-1, 0x1.365fcb0159000p-3, 0x1.62fa8234b7289p-51},
    {0x1.b400000000000p-1, 0x1.4913d8333b000p-3, 0x1.5837954fdb678p-45},
    {0x1.b200000000000p-1, 0x1.527e5e4a1b000p-3, 0x1.633e8e5697dc7p-45},
    {0x1.ae00000000000p-1, 0x1.6574ebe8c1000p-3, 0x1.9cf8b2c3c2e78p-46},
    {0x1.ac00000000000p-1, 0x1.6f0128b757000p-3, -0x1.5118de59c21e1p-45},
    {0x1.aa00000000000p-1, 0x1.7898d85445000p-3, -0x1.c661070914305p-46},
    {0x1.a600000000000p-1, 0x1.8beafeb390000p-3, -0x1.73d54aae92cd1p-47},
    {0x1.a400000000000p-1, 0x1.95a5adcf70000p-3, 0x1.7f22858a0ff6fp-47},
    {0x1.a000000000000p-1, 0x1.a93ed3c8ae000p-3, -0x1.8724350562169p-45},
    {0x1.9e00000000000p-1, 0x1.b31d8575bd000p-3, -0x1.c358d4eace1aap-47},
    {0x1.9c00000000000p-1, 0x1.bd087383be000p-3, -0x1.d4bc4595412b6p-45},
    {0x1.9a00000000000p-1, 0x1.c6ffbc6f01000p-3, -0x1.1ec72c5962bd2p-48},
    {0x1.9600000000000p-1, 0x1.db13db0d49000p-3, -0x1.aff2af715b035p-45},
    {0x1.9400000000000p-1, 0x1.e530effe71000p-3, 0x1.212276041f430p-51},
    {0x1.9200000000000p-1, 0x1.ef5ade4dd0000p-3, -0x1.a211565bb8e11p-51},
    {0x1.9000000000000p-1, 0x1.f991c6cb3b000p-3, 0x1.bcbecca0cdf30p-46},
    {0x1.8c00000000000p-1, 0x1.07138604d5800p-2, 0x1.89cdb16ed4e91p-48},
    {0x1.8a00000000000p-1, 0x1.0c42d67616000p-2, 0x1.7188b163ceae9p-45},
    {0x1.8800000000000p-1, 0x1.1178e8227e800p-2, -0x1.c210e63a5f01cp-45},
    {0x1.8600000000000p-1, 0x1.16b5ccbacf800p-2, 0x1.b9acdf7a51681p-45},
    {0x1.8400000000000p-1, 0x1.1bf99635a6800p-2, 0x1.ca6ed5147bdb7p-45},
    {0x1.8200000000000p-1, 0x1.214456d0eb800p-2, 0x1.a87deba46baeap-47},
    {0x1.7e00000000000p-1, 0x1.2bef07cdc9000p-2, 0x1.a9cfa4a5004f4p-45},
    {0x1.7c00000000000p-1, 0x1.314f1e1d36000p-2, -0x1.8e27ad3213cb8p-45},
    {0x1.7a00000000000p-1, 0x1.36b6776be1000p-2, 0x1.16ecdb0f177c8p-46},
    {0x1.7800000000000p-1, 0x1.3c25277333000p-2, 0x1.83b54b606bd5cp-46},
    {0x1.7600000000000p-1, 0x1.419b423d5e800p-2, 0x1.8e436ec90e09dp-47},
    {0x1.7400000000000p-1, 0x1.4718dc271c800p-2, -0x1.f27ce0967d675p-45},
    {0x1.7200000000000p-1, 0x1.4c9e09e173000p-2, -0x1.e20891b0ad8a4p-45},
    {0x1.7000000000000p-1, 0x1.522ae0738a000p-2, 0x1.ebe708164c759p-45},
    {0x1.6e00000000000p-1, 0x1.57bf753c8d000p-2, 0x1.fadedee5d40efp-46},
    {0x1.6c00000000000p-1, 0x1.5d5bddf596000p-2, -0x1.a0b2a08a465dcp-47},
};

template <class F>
struct LogIntervals {
  F v[128][3];
};
template <class F>
FVMAF_HD consteval LogIntervals<F> make_log_intervals() {
  LogIntervals<F> t{};
  for (int i = 0; i < 128; ++i)
    for (int j = 0; j < 3; ++j) t.v[i][j] = F(kLogIntervals[i][j]);
  return t;
}

template <class F>
FVMAF_HD inline void log_interval(int i, F& invc, F& logc, F& logctail) {
  // A function-local table: host and device code both read it (device code from its
  // global memory), and it needs no symbol shared between translation units.
  static constexpr LogIntervals<F> kTable = make_log_intervals<F>();
  invc = kTable.v[i][0];
  logc = kTable.v[i][1];
  logctail = kTable.v[i][2];
}

// log(x) = hi + tail for ix the bits of a positive normal x (a subnormal one normalised,
// its exponent field below 1).
template <class F>
FVMAF_HD inline F log_with_tail(std::uint64_t ix, F& tail) {
  const std::uint64_t tmp = ix - kOff;
  const int i = static_cast<int>((tmp >> 45) & 127);
  const int k = static_cast<int>(static_cast<std::int64_t>(tmp) >> 52);
  const F z = f64_from_bits<F>(ix - (tmp & (0xfffull << 52)));
  const F kd = int_to_double<F>(k);
  F invc, logc, logctail;
  log_interval(i, invc, logc, logctail);
  const F r = dfma_rn(z, invc, F(-1.0));  // exact
  // k ln2 + log(c) + r, and the rounding errors.
  const F t1 = dfma_rn(kd, F(kLn2Hi), logc);
  const F t2 = dadd_rn(t1, r);
  const F lo1 = dfma_rn(kd, F(kLn2Lo), logctail);
  const F lo2 = dadd_rn(dsub_rn(t1, t2), r);
  // + A0 r^2, and its rounding errors.
  const F ar = dmul_rn(r, F(kA0));
  const F ar2 = dmul_rn(r, ar);
  const F ar3 = dmul_rn(r, ar2);
  const F hi = dadd_rn(t2, ar2);
  const F lo3 = dfma_rn(ar, r, -ar2);
  const F lo4 = dadd_rn(dsub_rn(t2, hi), ar2);
  // + the rest of log1p(r): ar3 (A1 + r A2 + ar2 (A3 + r A4 + ar2 (A5 + r A6))).
  const F q = dfma_rn(ar2, dfma_rn(ar2, dfma_rn(r, F(kA6), F(kA5)), dfma_rn(r, F(kA4), F(kA3))),
                      dfma_rn(r, F(kA2), F(kA1)));
  const F lo = dfma_rn(ar3, q, dadd_rn(dadd_rn(dadd_rn(lo1, lo2), lo3), lo4));
  const F y = dadd_rn(hi, lo);
  tail = dadd_rn(dsub_rn(hi, y), lo);
  return y;
}

// exp(x + xtail) with |xtail| tiny against x, negated where sign_bias is 0x40000 (bit 63
// once shifted into the scale's bits): exp_detail::evaluate's steps.
template <class F>
FVMAF_HD inline F exp_with_tail(F x, F xtail, std::uint32_t sign_bias) {
  using namespace exp_detail;
  const std::uint64_t ix = f64_bits(x);
  std::uint32_t abstop = static_cast<std::uint32_t>(ix >> 52) & 0x7ffu;
  if (abstop - kTopTiny >= kTopLarge - kTopTiny) {
    if (abstop < kTopTiny) {  // |x| < 2^-54: +-(1 + x)
      const F one = dadd_rn(F(1.0), x);
      return sign_bias ? -one : one;
    }
    if (abstop >= kTopHuge)  // x is finite here: under- or overflow, with the result's sign
      return f64_from_bits<F>((sign_bias ? kSignBit : 0) | (ix & kSignBit ? 0 : kPosInf));
    abstop = 0;  // 512 <= |x| < 1024: special_case
  }
  std::uint64_t ki;
  const F r = dadd_rn(xtail, reduce(x, ki));
  std::uint64_t tail_bits, sbits;
  scale_and_tail(ki & 127, tail_bits, sbits);
  sbits += (ki + sign_bias) << 45;
  const F tmp = polynomial(r, f64_from_bits<F>(tail_bits));
  if (abstop == 0) return special_case(tmp, sbits, ki);
  const F scale = f64_from_bits<F>(sbits);
  return dfma_rn(scale, tmp, scale);
}

// y (its bits) is: 0 not an integer, 1 an odd integer, 2 an even integer.
FVMAF_HD inline int integer_kind(std::uint64_t iy) {
  const int e = static_cast<int>((iy >> 52) & 0x7ff);
  if (e < 0x3ff) return 0;
  if (e > 0x3ff + 52) return 2;
  const std::uint64_t unit = 1ull << (0x3ff + 52 - e);  // the bit of 1 in y's significand
  if (iy & (unit - 1)) return 0;
  return iy & unit ? 1 : 2;
}
// +-0, +-inf or NaN.
FVMAF_HD inline bool zero_inf_nan(std::uint64_t i) { return 2 * i - 1 >= 2 * kPosInf - 1; }
FVMAF_HD inline bool is_nan(std::uint64_t i) { return 2 * i > 2 * kPosInf; }
FVMAF_HD inline bool is_signaling(std::uint64_t i) { return 2 * (i ^ kQuietBit) > 2 * (kPosInf | kQuietBit); }
// x + y where x or y is a NaN, as x86's addsd computes it: the first NaN operand, quieted.
// As bits: a device's addition need not keep a NaN's payload.
template <class F>
FVMAF_HD inline F nan_sum(std::uint64_t ix, std::uint64_t iy) {
  return f64_from_bits<F>((is_nan(ix) ? ix : iy) | kQuietBit);
}

// In F = double or SoftF64: the same operations, the same bits.
template <class F>
FVMAF_HD inline F evaluate(F x, F y) {
  std::uint32_t sign_bias = 0;
  std::uint64_t ix = f64_bits(x);
  const std::uint64_t iy = f64_bits(y);
  std::uint32_t topx = static_cast<std::uint32_t>(ix >> 52);  // with the sign
  const std::uint32_t topy = static_cast<std::uint32_t>(iy >> 52);
  const std::uint32_t ey = topy & 0x7ffu;
  // x negative, subnormal, zero, inf or NaN, or |y| outside [2^-65, 2^63) or NaN.
  if (topx - 0x001u >= 0x7ffu - 0x001u || ey - 0x3beu >= 0x43eu - 0x3beu) {
    if (zero_inf_nan(iy)) {
      if (2 * iy == 0) return is_signaling(ix) ? nan_sum<F>(ix, iy) : F(1.0);
      if (ix == kOne) return is_signaling(iy) ? nan_sum<F>(ix, iy) : F(1.0);
      if (is_nan(ix) || is_nan(iy)) return nan_sum<F>(ix, iy);
      if (2 * ix == 2 * kOne) return F(1.0);                              // (-1)^+-inf
      if ((2 * ix < 2 * kOne) == !(iy >> 63)) return F(0.0);              // |x| < 1 to +inf, > 1 to -inf
      return f64_from_bits<F>(kPosInf);                                   // glibc's y * y
    }
    if (zero_inf_nan(ix)) {
      const bool odd_negative = (ix >> 63) && integer_kind(iy) == 1;
      if (is_nan(ix)) return f64_from_bits<F>((ix | kQuietBit) ^ (odd_negative ? kSignBit : 0));
      F x2 = dmul_rn(x, x);  // +0 or +inf
      if (odd_negative) x2 = -x2;
      // +-0 to y < 0: glibc's division by zero, +-inf (from bits: the sanitizer build traps
      // on a division by zero).
      if (2 * ix == 0 && (iy >> 63)) return f64_from_bits<F>((f64_bits(x2) & kSignBit) | kPosInf);
      return iy >> 63 ? ddiv_rn(F(1.0), x2) : x2;  // +-inf to y < 0: +-0
    }
    // x and y finite and non-zero.
    if (ix >> 63) {
      const int yint = integer_kind(iy);
      if (yint == 0) return f64_from_bits<F>(0xfff8000000000000ull);  // (x - x) / (x - x)
      if (yint == 1) sign_bias = 0x40000;
      ix &= ~kSignBit;
      topx &= 0x7ffu;
    }
    if (ey - 0x3beu >= 0x43eu - 0x3beu) {  // sign_bias is 0: such a y is even, or x > 0
      if (ix == kOne) return F(1.0);
      if (ey < 0x3beu) return ix > kOne ? dadd_rn(F(1.0), y) : dsub_rn(F(1.0), y);  // ~1 + y log(x)
      return (ix > kOne) == (topy < 0x800u) ? f64_from_bits<F>(kPosInf) : F(0.0);
    }
    if (topx == 0) {  // subnormal x: normalised, its exponent field below 1
      ix = f64_bits(dmul_rn(x, F(0x1p52))) & ~kSignBit;
      ix -= 52ull << 52;
    }
  }
  F lo;
  const F hi = log_with_tail<F>(ix, lo);
  const F ehi = dmul_rn(y, hi);
  const F elo = dfma_rn(y, lo, dfma_rn(y, hi, -ehi));
  return exp_with_tail(ehi, elo, sign_bias);
}

}  // namespace pow_detail

#ifndef FVMAF_DEVICE_PASS
// The host's copy (pow.cpp): built twice, with and without FMA instructions, and the
// loader picks the one the CPU runs (libm's fma() where it has none): the same bits.
double glibc_pow_host(double x, double y);
#endif

// glibc's pow(x, y), bit for bit.
FVMAF_HD inline double glibc_pow(double x, double y) {
#ifdef FVMAF_DEVICE_PASS
  return pow_detail::evaluate(x, y);
#else
  return glibc_pow_host(x, y);
#endif
}
// The same in integer arithmetic (core/hd/f64.hpp), on the host too.
FVMAF_HD inline SoftF64 glibc_pow(SoftF64 x, SoftF64 y) { return pow_detail::evaluate(x, y); }

}  // namespace fastvmaf::hd
