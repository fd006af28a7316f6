// The CPU's SIMD flags, read once, and the one place that decides which instruction-set
// level the features' DSP tables are filled for (../shared/DESIGN.md, "Numerics").
//
// Every feature keeps its row and block functions in one table (<name>_dsp.hpp), filled C
// first, then with the AVX2 entries, then with the AVX-512 ones, for the flags of
// active(). Every entry of every level gives the C entry's bits (tests/dsp checks it).
//
// FASTVMAF_CPU_MASK switches flags off, for users and tests: a list of flag names,
// separated by commas or spaces, case-insensitive:
//   avx2 fma bmi2 avx512f avx512bw avx512vl avx512dq    one flag
//   avx512vnni
//   avx512                                              every AVX-512 flag (the five)
//   all                                                 every flag (the C entries only)
// e.g. FASTVMAF_CPU_MASK=avx512 runs the AVX2 entries on an AVX-512 machine, and
// FASTVMAF_CPU_MASK=avx2 the C entries anywhere. A level is used only when every flag it
// needs is on (kLevelAvx2, kLevelAvx512, kLevelAvx512Vnni): switching off fma also switches off the AVX2 and
// AVX-512 entries. An unknown name is an error (std::invalid_argument naming it).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace fastvmaf::cpu {

enum Flag : std::uint32_t {
  kAvx2 = 1u << 0,
  kFma = 1u << 1,
  kBmi2 = 1u << 2,
  kAvx512F = 1u << 3,
  kAvx512BW = 1u << 4,
  kAvx512VL = 1u << 5,
  kAvx512DQ = 1u << 6,
  kAvx512Vnni = 1u << 7,
};
using Flags = std::uint32_t;
inline constexpr Flags kAllFlags = 0xff;

// What the entries of a level may execute: the _avx2.cpp units are compiled with
// -mavx2 -mfma -mbmi2, the _avx512.cpp units with those and -mavx512f -mavx512bw
// -mavx512vl -mavx512dq, the _avx512vnni.cpp units with those and -mavx512vnni
// (src/CMakeLists.txt). The VNNI level is for the few entries whose inner loops are chains
// of madd and add (VIF's filters); a feature without such entries fills nothing there.
inline constexpr Flags kLevelAvx2 = kAvx2 | kFma | kBmi2;
inline constexpr Flags kLevelAvx512 = kLevelAvx2 | kAvx512F | kAvx512BW | kAvx512VL | kAvx512DQ;
inline constexpr Flags kLevelAvx512Vnni = kLevelAvx512 | kAvx512Vnni;

enum class Level { C, Avx2, Avx512, Avx512Vnni };
// The highest level whose flags are all in `f`.
Level level_of(Flags f);
// "c", "avx2", "avx512", "avx512vnni".
const char* to_string(Level level);
// The flags a level needs (0 for C).
Flags flags_of(Level level);

// What this CPU and its operating system support (cpuid, and xgetbv for the register
// state the OS saves), read on the first call.
Flags detected();
// The flags named by a FASTVMAF_CPU_MASK value (see the top of this file). Throws
// std::invalid_argument naming an unknown flag.
Flags parse_mask(std::string_view spec);
// The flags FASTVMAF_CPU_MASK switches off (0 when unset), read on the first call.
// Throws std::invalid_argument for a bad value, on every call.
Flags masked();
// detected() without masked(), and within a ScopedFlags while one is alive. The DSP
// tables are filled for this.
Flags active();
// Names of the flags in `f`, in the order of Flag, separated by spaces ("-" for none).
std::string describe(Flags f);

// The table fill functions of SIMD units (fill_dsp_avx2, fill_dsp_avx512) only store
// function addresses; this keeps them baseline x86-64 code, so that a table can be built
// for a level the CPU lacks (tests/dsp lists that level's entries as skipped) without
// executing one of its instructions. Template helpers they call need it too.
#define FVMAF_DSP_FILL __attribute__((target("no-sse3,no-bmi,no-bmi2")))

// For tests: while alive, active() is detected() & keep & ~masked() (nested scopes
// restore the outer one). Tests pick the C or AVX2 paths of an extractor this way.
class ScopedFlags {
 public:
  explicit ScopedFlags(Flags keep);
  ~ScopedFlags();
  ScopedFlags(const ScopedFlags&) = delete;
  ScopedFlags& operator=(const ScopedFlags&) = delete;

 private:
  Flags previous_;
};

}  // namespace fastvmaf::cpu
