#include "core/cpu.hpp"

#include <atomic>
#include <cctype>
#include <cstdlib>
#include <stdexcept>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include <fmt/format.h>

namespace fastvmaf::cpu {

namespace {

struct Name {
  const char* name;
  Flags flags;
};
// Single flags in the order of Flag, then the groups.
constexpr Name kNames[] = {
    {"avx2", kAvx2},         {"fma", kFma},           {"bmi2", kBmi2},         {"avx512f", kAvx512F},
    {"avx512bw", kAvx512BW}, {"avx512vl", kAvx512VL}, {"avx512dq", kAvx512DQ}, {"avx512vnni", kAvx512Vnni},
    {"avx512", kAvx512F | kAvx512BW | kAvx512VL | kAvx512DQ | kAvx512Vnni}, {"all", kAllFlags},
};
constexpr int kSingleFlags = 8;

Flags read_cpu() {
  Flags f = 0;
#if defined(__x86_64__) || defined(__i386__)
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
  const bool fma = c & (1u << 12), osxsave = c & (1u << 27), avx = c & (1u << 28);
  if (!osxsave || !avx) return 0;
  // XCR0: the OS saves the SSE and AVX state (bits 1, 2), and for AVX-512 the opmask and
  // both halves of the ZMM registers (bits 5, 6, 7).
  unsigned xcr0_lo = 0, xcr0_hi = 0;
  __asm__("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
  if ((xcr0_lo & 0x6) != 0x6) return 0;
  const bool zmm_state = (xcr0_lo & 0xe0) == 0xe0;
  if (fma) f |= kFma;
  if (__get_cpuid_count(7, 0, &a, &b, &c, &d)) {
    if (b & (1u << 5)) f |= kAvx2;
    if (b & (1u << 8)) f |= kBmi2;
    if (zmm_state) {
      if (b & (1u << 16)) f |= kAvx512F;
      if (b & (1u << 17)) f |= kAvx512DQ;
      if (b & (1u << 30)) f |= kAvx512BW;
      if (b & (1u << 31)) f |= kAvx512VL;
      if (c & (1u << 11)) f |= kAvx512Vnni;
    }
  }
#endif
  return f;
}

// A ScopedFlags' restriction; kAllFlags when none is alive.
std::atomic<Flags> g_keep{kAllFlags};

struct EnvMask {
  Flags flags = 0;
  std::string error;  // set when FASTVMAF_CPU_MASK is malformed
};

const EnvMask& env_mask() {
  static const EnvMask m = [] {
    EnvMask r;
    if (const char* v = std::getenv("FASTVMAF_CPU_MASK")) {
      try {
        r.flags = parse_mask(v);
      } catch (const std::invalid_argument& e) {
        r.error = e.what();
      }
    }
    return r;
  }();
  return m;
}

}  // namespace

Level level_of(Flags f) {
  if ((f & kLevelAvx512Vnni) == kLevelAvx512Vnni) return Level::Avx512Vnni;
  if ((f & kLevelAvx512) == kLevelAvx512) return Level::Avx512;
  if ((f & kLevelAvx2) == kLevelAvx2) return Level::Avx2;
  return Level::C;
}

const char* to_string(Level level) {
  switch (level) {
    case Level::Avx2: return "avx2";
    case Level::Avx512: return "avx512";
    case Level::Avx512Vnni: return "avx512vnni";
    default: return "c";
  }
}

Flags flags_of(Level level) {
  switch (level) {
    case Level::Avx2: return kLevelAvx2;
    case Level::Avx512: return kLevelAvx512;
    case Level::Avx512Vnni: return kLevelAvx512Vnni;
    default: return 0;
  }
}

Flags detected() {
  static const Flags f = read_cpu();
  return f;
}

Flags parse_mask(std::string_view spec) {
  Flags f = 0;
  std::size_t i = 0;
  while (i < spec.size()) {
    if (spec[i] == ',' || std::isspace(static_cast<unsigned char>(spec[i]))) {
      ++i;
      continue;
    }
    std::size_t j = i;
    std::string word;
    while (j < spec.size() && spec[j] != ',' && !std::isspace(static_cast<unsigned char>(spec[j])))
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(spec[j++])));
    bool known = false;
    for (const Name& n : kNames)
      if (word == n.name) {
        f |= n.flags;
        known = true;
      }
    if (!known) {
      std::string names;
      for (const Name& n : kNames) {
        if (!names.empty()) names += ", ";
        names += n.name;
      }
      throw std::invalid_argument(fmt::format(
          "FASTVMAF_CPU_MASK: unknown flag \"{}\" (it lists the flags to switch off, separated by commas: {})", word,
          names));
    }
    i = j;
  }
  return f;
}

Flags masked() {
  const EnvMask& m = env_mask();
  if (!m.error.empty()) throw std::invalid_argument(m.error);
  return m.flags;
}

Flags active() { return detected() & ~masked() & g_keep.load(std::memory_order_relaxed); }

std::string describe(Flags f) {
  std::string s;
  for (int i = 0; i < kSingleFlags; ++i) {
    if (!(f & kNames[i].flags)) continue;
    if (!s.empty()) s += ' ';
    s += kNames[i].name;
  }
  return s.empty() ? "-" : s;
}

ScopedFlags::ScopedFlags(Flags keep) : previous_(g_keep.exchange(keep)) {}
ScopedFlags::~ScopedFlags() { g_keep.store(previous_); }

}  // namespace fastvmaf::cpu
