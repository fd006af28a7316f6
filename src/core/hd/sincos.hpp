// sin and cos with the bits of glibc's sin and cos (glibc 2.36 on x86-64 with FMA:
// __sin_fma and __cos_fma, the routines its ifunc selects on every CPU with FMA and AVX2),
// for host and device.
//
// libvmaf's CIEDE2000 calls libm's sin and cos in double (ciede_math.hpp), and the device
// has no glibc: a twin that must reproduce those values calls these routines, and so does
// the CPU reference, so both compute one function. The algorithm is IBM's Accurate
// Mathematical Library's as glibc ships it (sysdeps/ieee754/dbl-64/s_sin.c, branred.c),
// by |x|'s high 32 bits:
//  - |x| < 2^-26 (sin) or 2^-27 (cos): x, or 1;
//  - |x| < 0.85546875: x = x_i + r, x_i = i/128 the nearest point of a 110-entry table
//    of sin(x_i) and cos(x_i), each as a double and a correction (__sincostab), and
//    short polynomials in r combined with the table's values by the addition formulas;
//    sin of |x| < 0.126 takes a degree-11 Taylor polynomial instead;
//  - |x| < 0x1.368fdp+1 = 2.4262638: the same with pi/2 - |x| (its rounding error
//    carried as a second word), sin through cos and cos through sin;
//  - |x| < 0x1.921fbp+26 = 105414336 (glibc's comments round it to 105414350):
//    x - n pi/2 in two words (pi/2 in four pieces, the products fused), then the table
//    path of sin or cos by n mod 4;
//  - finite |x| above: the same after __branred, a reduction against 2/pi held as 75
//    pieces of 24 bits, in plain (unfused) double operations;
//  - inf and NaN: x / x (x86's default NaN for inf, the quieted NaN for a NaN).
// The operations are those of the x86-64 FMA build of that source as glibc 2.36 ships it,
// read from its disassembly (Debian 12's libm.so.6, with libc6-dbg's symbols): which
// multiply-adds its compiler fused, in which order, with which constants; each one is
// IEEE-rounded here (hd::dfma_rn, hd::dmul_rn, ...), so the bits are the same on any
// device. The constants and both tables are the binary's, read from its .rodata
// (__sincostab, toverp) with gdb. glibc runs in round-to-nearest whatever the caller's
// mode (it sets and restores MXCSR); these routines assume that mode, as every device
// kernel and the host reference run in it.
// The routines are written over their real type: glibc_sin(SoftF64) and glibc_cos(SoftF64)
// compute the same operations in integer arithmetic (core/hd/f64.hpp) for devices without
// fp64, with the same bits.
//
// tests/unit/hd_sincos_test.cpp compares them with glibc's sin and cos bit for bit: every
// float in [-(2 pi + 1), 2 pi + 1] as the argument of each, CIEDE's hue arguments from
// every float hue (h - pi/6, 2h, 3h + pi/30, 4h - 7 pi/20 for h in [0, 3 pi]), every
// boundary between the paths and between the table's points, random doubles over the
// whole range including __branred's, the special values, the clone without FMA
// instructions, and SoftF64 against double (FASTVMAF_EXHAUSTIVE=1 runs the full sweeps;
// ctest a stride of them).
#pragma once

#include <cstdint>

#include "core/hd.hpp"
#include "core/hd/bits.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/rounding.hpp"

namespace fastvmaf::hd {

namespace sincos_detail {

inline constexpr std::uint64_t kSignBit = 0x8000000000000000ull;

// The paths, by |x|'s high 32 bits (glibc compares those, not |x|).
inline constexpr std::uint32_t kCosTinyTop = 0x3e400000u;  // |x| < 2^-27: cos x = 1
inline constexpr std::uint32_t kSinTinyTop = 0x3e500000u;  // |x| < 2^-26: sin x = x
inline constexpr std::uint32_t kSmallTop = 0x3feb6000u;    // |x| < 0x1.b6p-1 = 0.85546875
inline constexpr std::uint32_t kMiddleTop = 0x400368fdu;   // |x| < 0x1.368fdp+1 = 2.4262638...
inline constexpr std::uint32_t kReduceTop = 0x419921fbu;   // |x| < 0x1.921fbp+26 = 105414336
inline constexpr std::uint32_t kFiniteTop = 0x7ff00000u;

// sin of |a| below this takes the Taylor polynomial (a comparison of doubles).
inline constexpr double kTaylorMax = 0x1.020c49ba5e354p-3;  // 0.126

// pi/2 = kHp0 + kHp1 (106 bits).
inline constexpr double kHp0 = 0x1.921fb54442d18p+0;
inline constexpr double kHp1 = 0x1.1a62633145c07p-54;

// |a| + kTableRound has an ulp of 2^-7: its low bits are the nearest table point's index.
inline constexpr double kTableRound = 0x1.8p+45;

// sin(x) = x + x^3 (S1 + x^2 (S2 + ... x^2 S5)) for |x| < 0.126.
inline constexpr double kS1 = -0x1.5555555555555p-3, kS2 = 0x1.1111111110ecep-7, kS3 = -0x1.a01a019db08b8p-13,
                        kS4 = 0x1.71de27b9a7ed9p-19, kS5 = -0x1.addffc2fcdf59p-26;
// sin(r) = r + r^3 (SN3 + r^2 SN5) and 1 - cos(r) = r^2 (CS2 + r^2 (CS4 + r^2 CS6)) for
// the remainder |r| <= 1/256 beside a table point.
inline constexpr double kSn3 = -0x1.5555555555515p-3, kSn5 = 0x1.11110e829872fp-7;
inline constexpr double kCs2 = 0x1p-1, kCs4 = -0x1.5555555555535p-5, kCs6 = 0x1.6c16bedd9e239p-10;

// x - n pi/2 below kReduceTop: n = round(x 2/pi) through kToInt, whose ulp is 1 (its low
// bits are n's); pi/2 = kMp1 + kMp2 + kPp3 + kPp4, each piece some 28 bits below the
// one before.
inline constexpr double kHpInv = 0x1.45f306dc9c883p-1;  // 2/pi
inline constexpr double kToInt = 0x1.8p+52;
inline constexpr double kMp1 = 0x1.921fb58p+0, kMp2 = -0x1.dde973cp-27;
inline constexpr double kPp3 = -0x1.cb3b398p-55, kPp4 = -0x1.d747f23e32ed7p-83;

// __branred's: Veltkamp's splitting factor, its scalings, the rounding constants that
// take the integer parts of its products (ulp 1) and of the quadrant count (ulp 4), and
// pi/2 split for the last product (its second piece is not the one above).
inline constexpr double kSplit = 0x1.0000002p+27;  // 2^27 + 1
inline constexpr double kTwoM600 = 0x1p-600, kTwoM24 = 0x1p-24;
inline constexpr std::uint32_t kTwo576Top = 0x63f00000u;  // the high word of 2^576
inline constexpr double kBig = 0x1.8p+52, kBig4 = 0x1.8p+54;
inline constexpr double kBrMp1 = 0x1.921fb58p+0, kBrMp2 = -0x1.dde974p-27;

// __sincostab: for x_i = i/128, i = 0..109: sin(x_i) = sn + ssn and cos(x_i) = cs + ccs,
// each a double and its correction. The binary's .rodata, read with gdb. Read only while
// compiling (make_tables): the routines read their own copy in their type.
inline constexpr double kSinCosTable[110][4] = {
    {0x0p+0, 0x0p+0, 0x1p+0, 0x0p+0},
    {0x1.fffeaaaaeeeefp-8, -0x1.e45e2ec67b77cp-62, 0x1.fffc000155552p-1, 0x1.f4a01a0196daep-55},
    {0x1.fffaaaaeeeed5p-7, -0x1.2ab639a9f0777p-63, 0x1.fff000155549fp-1, 0x1.28a28a03a5ef3p-55},
    {0x1.7ff7001033255p-6, 0x1.efe2b51527336p-64, 0x1.ffdc006bff7e6p-1, 0x1.ae6dae86977bdp-55},
    {0x1.ffeaaaeeee86fp-6, -0x1.cd406fb224ae2p-60, 0x1.ffc00155527d3p-1, -0x1.3b54492d89b5bp-55},
    {0x1.3feb2b12d45d5p-5, 0x1.4ec54203d1c11p-60, 0x1.ff9c03414a7bap-1, 0x1.991f4be6c59bfp-57},
    {0x1.7fdc01032fba9p-5, -0x1.599bdf46e997ap-59, 0x1.ff7006bfdf99fp-1, -0x1.8b3b560648d5fp-56},
    {0x1.bfc6d78586dacp-5, 0x1.8e4fd03dbf236p-62, 0x1.ff3c0c8103a31p-1, 0x1.4856dbddc0e66p-56},
    {0x1.ffaaaeeed4edbp-5, -0x1.2d16d32684b69p-59, 0x1.ff0015549f4d3p-1, 0x1.328387b99426fp-55},
    {0x1.1fc343d808befp-4, -0x1.f3d32e6f3be4fp-58, 0x1.febc222a8ef9fp-1, 0x1.7934934f54c77p-58},
    {0x1.3facb12d1755bp-4, -0x1.921915299468cp-58, 0x1.fe7034129ef6fp-1, -0x1.cbf4337c96f97p-57},
    {0x1.5f911fd10b737p-4, -0x1.0184f02be9102p-58, 0x1.fe1c4c3c873ebp-1, -0x1.5a9c9057c4a02p-60},
    {0x1.7f701032550e4p-4, 0x1.afc2d1800501ap-60, 0x1.fdc06bf7e6b9bp-1, 0x1.31902b535f8dbp-55},
    {0x1.9f4902d55d1f9p-4, 0x1.2696d7eac1dc1p-58, 0x1.fd5c94b43ep-1, -0x1.2e768cb4f92f9p-57},
    {0x1.bf1b78568391dp-4, 0x1.e91841dea4cc8p-58, 0x1.fcf0c800e99b1p-1, 0x1.ea3d786d186acp-57},
    {0x1.dee6f16c1cce6p-4, -0x1.50f8e2fb71673p-59, 0x1.fc7d078d1bc88p-1, 0x1.075d2447db685p-55},
    {0x1.feaaeee86ee36p-4, -0x1.afcb2bcc6f03bp-59, 0x1.fc015527d5bd3p-1, 0x1.b68f35094efb8p-55},
    {0x1.0f3378ddd71d1p-3, 0x1.d8468724f0f9ep-57, 0x1.fb7db2bfe0695p-1, 0x1.21dadf4f65ab1p-55},
    {0x1.1f0d3d7afceafp-3, -0x1.6ef95099769a5p-57, 0x1.faf22263c4bd3p-1, -0x1.52ace133a2769p-58},
    {0x1.2ee285e4ab88fp-3, -0x1.e4d0f05dee058p-57, 0x1.fa5ea641c36f2p-1, 0x1.04da6ed17cc7cp-59},
    {0x1.3eb312c5d66cbp-3, 0x1.47d666b66cb91p-57, 0x1.f9c340a7cc428p-1, 0x1.c5b6b063b7462p-55},
    {0x1.4e7ea4dc5f27bp-3, 0x1.949db2ac072fcp-58, 0x1.f91ff40374d01p-1, -0x1.7d03f4d3a9e4cp-57},
    {0x1.5e44fcfa126f3p-3, -0x1.6f443063f89b6p-57, 0x1.f874c2e1eecf6p-1, -0x1.c6514e1332b16p-55},
    {0x1.6e05dc05a4d4cp-3, -0x1.32c5c8b81c94p-66, 0x1.f7c1afeffde24p-1, -0x1.8f55bc47540b1p-56},
    {0x1.7dc102fbaf2b5p-3, 0x1.5ab50e23c97c3p-59, 0x1.f706bdf9ece1cp-1, -0x1.698c80c36dcb4p-55},
    {0x1.8d7632efaa944p-3, -0x1.20fa262cbb953p-57, 0x1.f643efeb82acdp-1, 0x1.6b00ac1fe28acp-56},
    {0x1.9d252d0cec312p-3, 0x1.9c43d80b1137dp-58, 0x1.f57948cff6797p-1, 0x1.e3a0d3e03b1d5p-57},
    {0x1.accdb297a0765p-3, -0x1.9883b57d6cdebp-58, 0x1.f4a6cbd1e3a79p-1, 0x1.13df0edaebb57p-55},
    {0x1.bc6f84edc6199p-3, 0x1.9c1a56a7b0cabp-57, 0x1.f3cc7c3b3d16ep-1, -0x1.21a3ad28a3494p-57},
    {0x1.cc0a6588289a3p-3, -0x1.868d09bc87c6bp-57, 0x1.f2ea5d753ffedp-1, 0x1.cc4215f56d583p-55},
    {0x1.db9e15fb5a5dp-3, -0x1.32e20d6cc6fc2p-57, 0x1.f20073086649fp-1, 0x1.b940416c1984bp-56},
    {0x1.eb2a57f8ae5a3p-3, -0x1.0be06af572cebp-57, 0x1.f10ec09c5873bp-1, 0x1.d9072762c1283p-55},
    {0x1.faaeed4f31577p-3, -0x1.15d88508e32b8p-57, 0x1.f01549f7deea1p-1, 0x1.d3c1e99e5cafdp-55},
    {0x1.0515cbf65155cp-2, -0x1.9b8c29dfd8ec8p-56, 0x1.ef141300d2f26p-1, -0x1.2aa1b08ded372p-55},
    {0x1.0cd00cef36436p-2, -0x1.9fb0a0c93e2b5p-56, 0x1.ee0b1fbc0f11cp-1, -0x1.bfd2380bbc3b1p-59},
    {0x1.14861aa94ddebp-2, -0x1.be881b5b615a4p-57, 0x1.ecfa744d5efa1p-1, -0x1.56d0a4af541dp-58},
    {0x1.1c37d64c6b876p-2, 0x1.46076fe0dcff5p-56, 0x1.ebe214f76efa8p-1, -0x1.02f9f12ba543ep-55},
    {0x1.23e52111aaf36p-2, -0x1.4f080334eff18p-56, 0x1.eac2061bbaf4fp-1, 0x1.2c1d53e94658dp-57},
    {0x1.2b8ddc43eb49fp-2, 0x1.1553899f2d807p-57, 0x1.e99a4c3a7cd83p-1, -0x1.2264b1bc53ce8p-55},
    {0x1.3331e94049f87p-2, 0x1.e0cb6b40c302cp-56, 0x1.e86aebf29a9edp-1, 0x1.9397afdbb58a7p-55},
    {0x1.3ad129769d3d8p-2, 0x1.03d5504878398p-63, 0x1.e733ea0193d4p-1, -0x1.6428b3546ce13p-55},
    {0x1.426b7e69ee697p-2, -0x1.f09c75705c59fp-56, 0x1.e5f54b436e9dp-1, 0x1.7eb0fd02fc8bcp-55},
    {0x1.4a00c9b0f3d2p-2, 0x1.823ba6bb08eadp-56, 0x1.e4af14b2a449cp-1, -0x1.68ca02e8a6833p-55},
    {0x1.5190ecf68a77ap-2, 0x1.b357155eef0f3p-56, 0x1.e3614b680d6a5p-1, -0x1.27793aa015237p-56},
    {0x1.591bc9fa2f597p-2, 0x1.7c74bac3fe0cbp-57, 0x1.e20bf49acd6c1p-1, -0x1.660aec7ef636cp-58},
    {0x1.60a1429078775p-2, 0x1.b1fd80ba89133p-58, 0x1.e0af15a03dbcep-1, 0x1.fe8e702771ae6p-58},
    {0x1.682138a38d7f7p-2, -0x1.d889202444aadp-56, 0x1.df4ab3ebd875ep-1, -0x1.e2d8a7e6736c4p-55},
    {0x1.6f9b8e33a0255p-2, 0x1.42bc14ee9da0dp-56, 0x1.ddded50f228d6p-1, -0x1.e80c8d42ba2bfp-57},
    {0x1.7710255764214p-2, -0x1.6ead7314bb6cep-57, 0x1.dc6b7eb995912p-1, 0x1.4b364776dcd35p-58},
    {0x1.7e7ee03c86d4ep-2, -0x1.b63bcdabf5af2p-56, 0x1.daf0b6b888e83p-1, 0x1.a249e2b5e5ceap-55},
    {0x1.85e7a12826949p-2, 0x1.8a40e9b5facep-56, 0x1.d96e82f71a9dcp-1, 0x1.ff61bd5d2039dp-55},
    {0x1.8d4a4a774992fp-2, 0x1.44a02ea766326p-56, 0x1.d7e4e97e17b4ap-1, -0x1.3b770352bed94p-57},
    {0x1.94a6be9f546c5p-2, -0x1.69ce13e683f58p-56, 0x1.d653f073e404p-1, -0x1.76236434bec37p-55},
    {0x1.9bfce02e8051p-2, 0x1.09e39a320b0a4p-56, 0x1.d4bb9e1c619ep-1, 0x1.f34bb77858f61p-55},
    {0x1.a34c91cc50ccap-2, -0x1.a310e3b50cecdp-58, 0x1.d31bf8d8d7c06p-1, 0x1.e60dd3089cbddp-56},
    {0x1.aa95b63a09277p-2, -0x1.6293eb13c0381p-57, 0x1.d1750727d94fp-1, 0x1.0d52b1ec1a48ep-55},
    {0x1.b1d8305321617p-2, -0x1.ae242cb99f519p-56, 0x1.cfc6cfa52ad9fp-1, 0x1.8b5b5508f2a0dp-55},
    {0x1.b913e30dbac43p-2, -0x1.e38ad2f6c3ff1p-56, 0x1.ce115909a82e5p-1, 0x1.1f139bb31109ap-55},
    {0x1.c048b17b140a3p-2, 0x1.19fe6757e9fa7p-57, 0x1.cc54aa2b2972ep-1, 0x1.4ee162ba83a98p-57},
    {0x1.c7767ec7fd19ep-2, -0x1.eb14d1a3d5826p-58, 0x1.ca90c9fc67d0bp-1, -0x1.46a81485e3462p-57},
    {0x1.ce9d2e3d4a51fp-2, -0x1.2fc8a12dae298p-57, 0x1.c8c5bf8ce1a84p-1, 0x1.ab3d1a1590123p-56},
    {0x1.d5bca34047661p-2, 0x1.28a44a75fc29cp-56, 0x1.c6f39208be53bp-1, -0x1.741dbfbaadb42p-55},
    {0x1.dcd4c15329c9ap-2, 0x1.0d4c6e171fd9ap-56, 0x1.c51a48b8b175ep-1, -0x1.1bbb43b9aa88p-57},
    {0x1.e3e56c1582a69p-2, -0x1.0a4821099f88fp-58, 0x1.c339eb01ddd81p-1, -0x1.caaf5ee82c5cp-55},
    {0x1.eaee8744b05fp-2, -0x1.789b43c9b027dp-58, 0x1.c1528065b7d5p-1, -0x1.892111312e828p-55},
    {0x1.f1eff6bc4f97bp-2, 0x1.17212f8a7525cp-56, 0x1.bf641081e7536p-1, 0x1.b7bd71628a9a1p-55},
    {0x1.f8e99e76abc97p-2, 0x1.9d950af2d00a3p-58, 0x1.bd6ea310294f5p-1, 0x1.31bbcc88c109dp-56},
    {0x1.ffdb628d2f57ap-2, 0x1.f4a992e905b6ap-57, 0x1.bb723fe630f32p-1, 0x1.72bd2452d0a39p-56},
    {0x1.0362939c69955p-1, -0x1.2d8cd78397b01p-55, 0x1.b96eeef58840ep-1, 0x1.45a3cc78fadep-58},
    {0x1.06d3686946e5bp-1, 0x1.3f5ae4538ff1bp-55, 0x1.b764b84b704c2p-1, -0x1.f5848c21b389bp-55},
    {0x1.0a4021e9e1001p-1, -0x1.6f643a13914f6p-55, 0x1.b553a410c104ep-1, 0x1.8ff7947027a16p-58},
    {0x1.0da8b26b5672ep-1, -0x1.a58def0bee909p-55, 0x1.b33bba89c8948p-1, 0x1.ea6a51d1f6ca9p-55},
    {0x1.110d0c4b69c3bp-1, 0x1.d918998809981p-55, 0x1.b11d04162a4c6p-1, 0x1.1dd561efbc0c2p-56},
    {0x1.146d21f8b7f82p-1, 0x1.bf9535e2739a8p-56, 0x1.aef78930bd275p-1, -0x1.f836279746f94p-56},
    {0x1.17c8e5f2eedbp-1, 0x1.35e57102e2488p-57, 0x1.accb526f69de5p-1, 0x1.8fb6a8dd6b6ccp-55},
    {0x1.1b204acb02fddp-1, -0x1.f190c70cbb5ffp-58, 0x1.aa98688308913p-1, -0x1.b83d607cd507p-63},
    {0x1.1e7343236574cp-1, 0x1.22a3fa4f41d5ap-56, 0x1.a85ed4373e02dp-1, 0x1.9be06385ec792p-57},
    {0x1.21c1c1b0394cfp-1, 0x1.e5b324b23aa31p-58, 0x1.a61e9e72586afp-1, 0x1.58330e2fd453fp-55},
    {0x1.250bb93788bbbp-1, 0x1.ea3d02457bccep-56, 0x1.a3d7d0352bdcfp-1, -0x1.68dbaeca19669p-55},
    {0x1.28511c917a067p-1, -0x1.01df1d9a16b7p-55, 0x1.a18a729aee445p-1, 0x1.95e25736c0358p-60},
    {0x1.2b91dea88421ep-1, -0x1.fa371db216abp-55, 0x1.9f368ed912f85p-1, -0x1.1d200c5791606p-55},
    {0x1.2ecdf279a3082p-1, 0x1.d3557e0e7e37ep-55, 0x1.9cdc2e3f25e5cp-1, 0x1.3f99112993f62p-55},
    {0x1.32054b148bc4fp-1, 0x1.f6b42095a135bp-55, 0x1.9a7b5a36a6514p-1, 0x1.722cfcc9fa7a9p-55},
    {0x1.3537db9be0367p-1, 0x1.b327e7af040fp-57, 0x1.98141c42e131p-1, 0x1.d1ff80488f08dp-55},
    {0x1.386597456282bp-1, -0x1.10fada93b07a8p-56, 0x1.95a67e00cb1fdp-1, -0x1.0befda21f862dp-55},
    {0x1.3b8e715a2840ap-1, -0x1.97653a7d2f07bp-56, 0x1.93328926d9e92p-1, -0x1.bb77003600cdap-55},
    {0x1.3eb25d36cd53ap-1, -0x1.be570e1570fcp-58, 0x1.90b84784ddaf7p-1, -0x1.0feb10ab93b87p-56},
    {0x1.41d14e4ba679p-1, 0x1.4608fd287ecf5p-55, 0x1.8e37c303d9ad1p-1, -0x1.463a4b53d4bf8p-57},
    {0x1.44eb381cf386bp-1, -0x1.3ed6c1e6a5505p-55, 0x1.8bb105a5dc9p-1, 0x1.863e03e9474c1p-55},
    {0x1.48000e431159fp-1, -0x1.b194a7463ed1p-55, 0x1.89241985d871fp-1, 0x1.c48d9c413ed84p-55},
    {0x1.4b0fc46aab761p-1, 0x1.0da05738cc59ap-61, 0x1.869108d77a6c6p-1, 0x1.338ffe2bfe9ddp-56},
    {0x1.4e1a4e54ed51bp-1, -0x1.a492f89b7c76ap-55, 0x1.83f7dde701cap-1, -0x1.152cf609bc6e8p-59},
    {0x1.511f9fd7b351cp-1, -0x1.5c0e861c48831p-55, 0x1.8158a31916d5dp-1, -0x1.de8b90b8228dep-57},
    {0x1.541facddbb724p-1, 0x1.232c28520d391p-56, 0x1.7eb362eaa1488p-1, 0x1.a1d65a4a5959fp-58},
    {0x1.571a6966d59b3p-1, 0x1.c843b4d0fb198p-58, 0x1.7c0827f09e54fp-1, -0x1.c73d6d72aee68p-57},
    {0x1.5a0fc98813a12p-1, -0x1.d82e2b7d4227bp-55, 0x1.7956fcd7f6543p-1, -0x1.ab276e9d45ae4p-55},
    {0x1.5cffc16bf8f0dp-1, 0x1.96cb370eb578ap-55, 0x1.769fec655211fp-1, -0x1.827d5cf8c68c5p-57},
    {0x1.5fea4552a9e57p-1, 0x1.0b6cef7ee20b7p-55, 0x1.73e30174efba1p-1, -0x1.5d3ae3d94ad5fp-57},
    {0x1.62cf49921ac79p-1, -0x1.edd9855b6241ap-55, 0x1.712046fa77678p-1, 0x1.425b0a5029c81p-55},
    {0x1.65aec2963e755p-1, 0x1.126f96b71053cp-55, 0x1.6e57c800cf55ep-1, 0x1.60286dedbd0a6p-55},
    {0x1.6888a4e134b2fp-1, -0x1.6b7d37644d5e6p-55, 0x1.6b898fa9efb5dp-1, 0x1.15ac786ccf4b2p-56},
    {0x1.6b5ce50b7821ap-1, -0x1.5d5158f702e0fp-57, 0x1.68b5a92eb6253p-1, -0x1.9a91ad985f89cp-55},
    {0x1.6e2b77c40bde1p-1, -0x1.0e729857fad53p-56, 0x1.65dc1fdeb8cbap-1, -0x1.97c1b47337c77p-58},
    {0x1.70f451d0a8c4p-1, 0x1.97ede3885770dp-57, 0x1.62fcff20191c7p-1, 0x1.d9143895756efp-57},
    {0x1.73b7680dea578p-1, -0x1.2248306dc12a2p-56, 0x1.6018526f563dfp-1, 0x1.46ca5e0e432dp-55},
    {0x1.7674af6f7b524p-1, 0x1.e9d3f94ac84a8p-56, 0x1.5d2e255f1f17ap-1, 0x1.0314104c8892bp-55},
    {0x1.792c1d0041d52p-1, -0x1.abf05eeb354ebp-55, 0x1.5a3e839824077p-1, 0x1.428aa2759be62p-55},
    {0x1.7bdda5e28b3c2p-1, 0x1.ad1197ccd0393p-59, 0x1.574978d8e83f2p-1, 0x1.f4714af282d23p-55},
    {0x1.7e893f5037959p-1, 0x1.0eefbaa650c4cp-55, 0x1.544f10f592ca5p-1, -0x1.e7ae8e6c7a62fp-55},
    {0x1.812ede9ae4ba4p-1, -0x1.7830adf402ddap-55, 0x1.514f57d7bf3dap-1, 0x1.47a108073c259p-56},
};

// 2/pi in base 2^24, most significant digit first (2/pi = sum d_i 2^(-24 (i + 1))): the
// binary's toverp, read with gdb.
inline constexpr double kTwoOverPiDigits[75] = {
    10680707.0, 7228996.0, 1387004.0, 2578385.0, 16069853.0, 12639074.0, 9804092.0, 4427841.0,
    16666979.0, 11263675.0, 12935607.0, 2387514.0, 4345298.0, 14681673.0, 3074569.0, 13734428.0,
    16653803.0, 1880361.0, 10960616.0, 8533493.0, 3062596.0, 8710556.0, 7349940.0, 6258241.0,
    3772886.0, 3769171.0, 3798172.0, 8675211.0, 12450088.0, 3874808.0, 9961438.0, 366607.0,
    15675153.0, 9132554.0, 7151469.0, 3571407.0, 2607881.0, 12013382.0, 4155038.0, 6285869.0,
    7677882.0, 13102053.0, 15825725.0, 473591.0, 9065106.0, 15363067.0, 6271263.0, 9264392.0,
    5636912.0, 4652155.0, 7056368.0, 13614112.0, 10155062.0, 1944035.0, 9527646.0, 15080200.0,
    6658437.0, 6231200.0, 6832269.0, 16767104.0, 5075751.0, 3212806.0, 1398474.0, 7579849.0,
    6349435.0, 12618859.0, 4703257.0, 12806093.0, 14477321.0, 2786137.0, 12875403.0, 9837734.0,
    14528324.0, 13719321.0, 343717.0,
};

template <class F>
struct Tables {
  F sincos[110][4];
  F digits[75];
};
template <class F>
FVMAF_HD consteval Tables<F> make_tables() {
  Tables<F> t{};
  for (int i = 0; i < 110; ++i)
    for (int j = 0; j < 4; ++j) t.sincos[i][j] = F(kSinCosTable[i][j]);
  for (int i = 0; i < 75; ++i) t.digits[i] = F(kTwoOverPiDigits[i]);
  return t;
}
template <class F>
FVMAF_HD inline const Tables<F>& tables() {
  // Function-local: host and device code both read it (device code from its global
  // memory), and it needs no symbol shared between translation units.
  static constexpr Tables<F> kTables = make_tables<F>();
  return kTables;
}

// |x|, -x and copysign(m, s) as x86's andpd / xorpd / andnpd-orpd: the sign bit alone.
template <class F>
FVMAF_HD inline F abs_of(F x) {
  return f64_from_bits<F>(f64_bits(x) & ~kSignBit);
}
template <class F>
FVMAF_HD inline F neg(F x) {
  return f64_from_bits<F>(f64_bits(x) ^ kSignBit);
}
template <class F>
FVMAF_HD inline F with_sign_of(F m, F s) {
  return f64_from_bits<F>((f64_bits(m) & ~kSignBit) | (f64_bits(s) & kSignBit));
}

// |a| = x_i + r, x_i = i/128 the table point nearest |a| (every caller's |a| < 0.8555,
// so i <= 109): returns r (exact) and i.
template <class F>
FVMAF_HD inline F table_remainder(F abs_a, int& i) {
  const F u = dadd_rn(abs_a, F(kTableRound));
  i = static_cast<int>(f64_bits(u) & 0xffffffffu);
  return dsub_rn(abs_a, dsub_rn(u, F(kTableRound)));
}

// sin(a + da) for |a| < 0.126 (da is 0 or a's rounding error, |da| < ulp(a)).
template <class F>
FVMAF_HD inline F sin_taylor(F a, F da) {
  const F xx = dmul_rn(a, a);
  F p = dfma_rn(xx, F(kS5), F(kS4));
  p = dfma_rn(xx, p, F(kS3));
  p = dfma_rn(xx, p, F(kS2));
  p = dfma_rn(xx, p, F(kS1));
  // a^3 p - a^2 da / 2 + da, then + a: glibc's (p a - da/2) xx + da, two fused steps.
  const F t = dfma_rn(xx, dfma_rn(p, a, neg(dmul_rn(da, F(0.5)))), da);
  return dadd_rn(a, t);
}

// sin(a + da) for 0.126 <= |a| < 0.8555 through the table: sin(x_i + r) = sn + (ssn +
// s ccs - c sn + s cs) with s = sin r and c = 1 - cos r, the remainder carrying da.
template <class F>
FVMAF_HD inline F sin_by_table(F a, F da) {
  if (!(a > F(0.0))) da = neg(da);  // the table is read at |a|
  int i;
  const F x = table_remainder(abs_of(a), i);
  const F xx = dmul_rn(x, x);
  const F s = dadd_rn(x, dfma_rn(dmul_rn(x, xx), dfma_rn(xx, F(kSn5), F(kSn3)), da));
  const F c = dfma_rn(x, da, dmul_rn(xx, dfma_rn(xx, dfma_rn(xx, F(kCs6), F(kCs4)), F(kCs2))));
  const auto& row = tables<F>().sincos[i];
  const F sn = row[0], ssn = row[1], cs = row[2], ccs = row[3];
  const F cor = dfma_rn(s, cs, dfma_rn(neg(c), sn, dfma_rn(s, ccs, ssn)));
  return with_sign_of(dadd_rn(sn, cor), a);
}

// cos(a + da) for |a| < 0.8555 through the table: cos(x_i + r) = cs + (ccs - s ssn -
// c cs - s sn), the remainder r + da (the table read at |a|, da's sign following).
template <class F>
FVMAF_HD inline F cos_by_table(F a, F da) {
  if (a < F(0.0)) da = neg(da);
  int i;
  const F x = dadd_rn(table_remainder(abs_of(a), i), da);
  const F xx = dmul_rn(x, x);
  const F s = dfma_rn(dmul_rn(x, xx), dfma_rn(xx, F(kSn5), F(kSn3)), x);
  const F c = dmul_rn(xx, dfma_rn(xx, dfma_rn(xx, F(kCs6), F(kCs4)), F(kCs2)));
  const auto& row = tables<F>().sincos[i];
  const F sn = row[0], ssn = row[1], cs = row[2], ccs = row[3];
  const F cor = dfma_rn(neg(s), sn, dfma_rn(neg(c), cs, dfma_rn(neg(s), ssn, ccs)));
  return dadd_rn(cs, cor);
}

// sin(a + da) rotated by n quarter turns: sin, cos, -sin, -cos.
template <class F>
FVMAF_HD inline F quadrant(F a, F da, int n) {
  F r;
  if (n & 1)
    r = cos_by_table(a, da);
  else
    r = abs_of(a) < F(kTaylorMax) ? sin_taylor(a, da) : sin_by_table(a, da);
  return (n & 2) ? neg(r) : r;
}

// x = n pi/2 + a + da for 2.4 < |x| < 105414336 (|a| <= pi/4 + a little); returns n mod 4.
template <class F>
FVMAF_HD inline int reduce(F x, F& a, F& da) {
  const F t = dfma_rn(x, F(kHpInv), F(kToInt));
  const F xn = dsub_rn(t, F(kToInt));
  const int n = static_cast<int>(f64_bits(t) & 3);
  const F mxn = neg(xn);
  const F y = dfma_rn(mxn, F(kMp2), dfma_rn(mxn, F(kMp1), x));
  // y - xn kPp3 - xn kPp4 as a + da (the fused steps recompute each product exactly).
  const F t2 = dfma_rn(mxn, F(kPp3), y);
  const F db = dfma_rn(mxn, F(kPp3), dsub_rn(y, t2));
  a = dfma_rn(mxn, F(kPp4), t2);
  da = dadd_rn(db, dfma_rn(mxn, F(kPp4), dsub_rn(t2, a)));
  return n;
}

// One of __branred's two halves: p 2/pi (p the high or low half of x 2^-600) as
// sum + b + bb, sum a small integer (the quadrant count mod 4, +-2 at most) and b + bb the
// fraction in two words. Each product p d_i (26 by 24 bits) is exact; the digits whose
// products with this p are whole multiples of 4 are skipped.
template <class F>
FVMAF_HD inline void branred_half(F p, F& sum, F& b, F& bb) {
  const int e = static_cast<int>((f64_bits(p) >> 52) & 0x7ff);
  const int k = e < 450 ? 0 : (e - 450) / 24;
  const auto& digits = tables<F>().digits;
  F scale = f64_from_bits<F>(static_cast<std::uint64_t>(kTwo576Top - (static_cast<std::uint32_t>(k * 24) << 20)) << 32);
  F r[6];
  for (int i = 0; i < 6; ++i) {
    r[i] = dmul_rn(dmul_rn(p, digits[k + i]), scale);
    scale = dmul_rn(scale, F(kTwoM24));
  }
  sum = F(0.0);
  for (int i = 0; i < 3; ++i) {  // the integer parts of the three largest
    const F s = dsub_rn(dadd_rn(r[i], F(kBig)), F(kBig));
    r[i] = dsub_rn(r[i], s);
    sum = dadd_rn(sum, s);
  }
  F t = F(0.0);
  for (int i = 5; i >= 0; --i) t = dadd_rn(t, r[i]);
  bb = dsub_rn(r[0], t);
  for (int i = 1; i < 6; ++i) bb = dadd_rn(bb, r[i]);
  const F s = dsub_rn(dadd_rn(t, F(kBig)), F(kBig));
  sum = dadd_rn(sum, s);
  t = dsub_rn(t, s);
  b = dadd_rn(t, bb);
  bb = dadd_rn(dsub_rn(t, b), bb);
  sum = dsub_rn(sum, dsub_rn(dadd_rn(sum, F(kBig4)), F(kBig4)));  // mod 4
}

// glibc's __branred: x = n pi/2 + a + da for finite |x| >= 105414336; returns n mod 4.
// Plain double operations (glibc builds branred.c once, without FMA).
template <class F>
FVMAF_HD inline int reduce_large(F x, F& a, F& da) {
  x = dmul_rn(x, F(kTwoM600));
  const F t = dmul_rn(x, F(kSplit));
  const F x1 = dsub_rn(t, dsub_rn(t, x));  // x's high 26 bits
  const F x2 = dsub_rn(x, x1);
  F sum1, b1, bb1, sum2, b2, bb2;
  branred_half(x1, sum1, b1, bb1);
  branred_half(x2, sum2, b2, bb2);
  F sum = dadd_rn(sum1, sum2);
  F b = dadd_rn(b1, b2);
  F bb = abs_of(b1) > abs_of(b2) ? dadd_rn(dsub_rn(b1, b), b2) : dadd_rn(dsub_rn(b2, b), b1);
  if (b > F(0.5)) {
    b = dsub_rn(b, F(1.0));
    sum = dadd_rn(sum, F(1.0));
  } else if (b < F(-0.5)) {
    b = dadd_rn(b, F(1.0));
    sum = dsub_rn(sum, F(1.0));
  }
  // The fraction s + t (in quarter turns) times pi/2, s split in halves by Veltkamp.
  F s = dadd_rn(b, dadd_rn(dadd_rn(bb, bb1), bb2));
  const F st = dadd_rn(dadd_rn(dsub_rn(b, s), bb), dadd_rn(bb1, bb2));
  const F bs = dmul_rn(s, F(kSplit));
  const F t1 = dsub_rn(bs, dsub_rn(bs, s));
  const F t2 = dsub_rn(s, t1);
  b = dmul_rn(s, F(kHp0));
  bb = dadd_rn(dadd_rn(dadd_rn(dsub_rn(dmul_rn(t1, F(kBrMp1)), b), dmul_rn(t1, F(kBrMp2))), dmul_rn(t2, F(kBrMp1))),
               dadd_rn(dadd_rn(dmul_rn(t2, F(kBrMp2)), dmul_rn(s, F(kHp1))), dmul_rn(st, F(kHp0))));
  s = dadd_rn(b, bb);
  a = s;
  da = dadd_rn(dsub_rn(b, s), bb);
  return double_to_int_rz(sum) & 3;
}

template <class F>
FVMAF_HD inline std::uint32_t abs_top(F x) {
  return static_cast<std::uint32_t>(f64_bits(x) >> 32) & 0x7fffffffu;
}

// In F = double or SoftF64: the same operations, the same bits.
template <class F>
FVMAF_HD inline F evaluate_sin(F x) {
  const std::uint32_t top = abs_top(x);
  if (top < kSinTinyTop) return x;  // glibc's x * x there only raises underflow
  if (top < kSmallTop) return abs_of(x) < F(kTaylorMax) ? sin_taylor(x, F(0.0)) : sin_by_table(x, F(0.0));
  if (top < kMiddleTop) return with_sign_of(cos_by_table(dsub_rn(F(kHp0), abs_of(x)), F(kHp1)), x);
  if (top < kFiniteTop) {
    F a, da;
    const int n = top < kReduceTop ? reduce(x, a, da) : reduce_large(x, a, da);
    return quadrant(a, da, n);
  }
  return ddiv_rn(x, x);  // inf: the default NaN; NaN: quieted
}

template <class F>
FVMAF_HD inline F evaluate_cos(F x) {
  const std::uint32_t top = abs_top(x);
  if (top < kCosTinyTop) return F(1.0);
  if (top < kSmallTop) return cos_by_table(x, F(0.0));
  if (top < kMiddleTop) {  // sin(pi/2 - |x|), pi/2 - |x| in two words
    const F y = dsub_rn(F(kHp0), abs_of(x));
    const F a = dadd_rn(y, F(kHp1));
    const F da = dadd_rn(dsub_rn(y, a), F(kHp1));
    return abs_of(a) < F(kTaylorMax) ? sin_taylor(a, da) : sin_by_table(a, da);
  }
  if (top < kFiniteTop) {
    F a, da;
    const int n = top < kReduceTop ? reduce(x, a, da) : reduce_large(x, a, da);
    return quadrant(a, da, n + 1);
  }
  return ddiv_rn(x, x);
}

}  // namespace sincos_detail

#ifndef FVMAF_DEVICE_PASS
// The host's copies (sincos.cpp): built twice, with and without FMA instructions, and the
// loader picks the one the CPU runs (libm's fma() where it has none): the same bits.
double glibc_sin_host(double x);
double glibc_cos_host(double x);
#endif

// glibc's sin(x) and cos(x), bit for bit.
FVMAF_HD inline double glibc_sin(double x) {
#ifdef FVMAF_DEVICE_PASS
  return sincos_detail::evaluate_sin(x);
#else
  return glibc_sin_host(x);
#endif
}
FVMAF_HD inline double glibc_cos(double x) {
#ifdef FVMAF_DEVICE_PASS
  return sincos_detail::evaluate_cos(x);
#else
  return glibc_cos_host(x);
#endif
}
// The same in integer arithmetic (core/hd/f64.hpp), on the host too.
FVMAF_HD inline SoftF64 glibc_sin(SoftF64 x) { return sincos_detail::evaluate_sin(x); }
FVMAF_HD inline SoftF64 glibc_cos(SoftF64 x) { return sincos_detail::evaluate_cos(x); }

}  // namespace fastvmaf::hd
