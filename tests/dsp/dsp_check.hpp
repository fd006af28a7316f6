// A checkasm-like harness for the features' DSP tables (core/cpu.hpp, <name>_dsp.hpp).
//
// For each entry of each table and each SIMD level (avx2, avx512, avx512vnni), the table filled for
// that level is compared with the table of the level below: an entry the level does not
// override is not tested again. An overriding entry runs, when this CPU has the level's
// flags, on random sizes (odd widths, tails), bit depths and contents, and its outputs,
// and the canaries around every buffer, must equal the C entry's bit for bit. Where the
// CPU lacks the level, the entry is reported as skipped, by name. With one level chosen
// (--level), only that level's table is checked, each entry that is not the C entry
// against the C entry. Every table must have its overriding entries checked: a table
// whose overridden slots outnumber the entries the test names is a failure.
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <algorithm>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "core/cpu.hpp"

namespace fastvmaf::dsp_test {

using Rng = std::mt19937_64;

// A buffer of n elements with kGuard canary elements on each side. Two buffers made with
// the same seed hold the same contents, canaries included.
template <class T>
class Guarded {
 public:
  static constexpr std::size_t kGuard = 64;
  Guarded() = default;
  explicit Guarded(std::size_t n) : n_(n), mem_(n + 2 * kGuard) {
    for (std::size_t i = 0; i < mem_.size(); ++i) mem_[i] = canary(i);
  }
  T* data() { return mem_.data() + kGuard; }
  const T* data() const { return mem_.data() + kGuard; }
  T& operator[](std::size_t i) { return data()[i]; }
  const T& operator[](std::size_t i) const { return data()[i]; }
  std::size_t size() const { return n_; }
  bool canaries_intact() const {
    for (std::size_t i = 0; i < kGuard; ++i)
      if (!same(mem_[i], canary(i)) || !same(mem_[kGuard + n_ + i], canary(kGuard + n_ + i))) return false;
    return true;
  }
  // Bitwise equality of the whole allocation (contents and canaries).
  bool operator==(const Guarded& o) const {
    return n_ == o.n_ && std::memcmp(mem_.data(), o.mem_.data(), mem_.size() * sizeof(T)) == 0;
  }
  // The first element (of the data) that differs from o's, or -1.
  long first_difference(const Guarded& o) const {
    for (std::size_t i = 0; i < n_; ++i)
      if (!same(data()[i], o.data()[i])) return static_cast<long>(i);
    return -1;
  }

 private:
  static T canary(std::size_t i) {
    std::uint64_t b = 0xA5C3F00DBEEF1234ull ^ (i * 0x9E3779B97F4A7C15ull);
    T t;
    std::memcpy(&t, &b, sizeof(T) < 8 ? sizeof(T) : 8);
    return t;
  }
  static bool same(const T& a, const T& b) { return std::memcmp(&a, &b, sizeof(T)) == 0; }
  std::size_t n_ = 0;
  std::vector<T> mem_;
};

// Random contents with the shapes video has: anything in range, small ranges (flat
// areas, where SIMD shortcuts are taken), and the extremes.
template <class T>
void fill_samples(Rng& rng, T* p, std::size_t n, std::uint32_t max) {
  const int shape = static_cast<int>(rng() % 6);
  const std::uint32_t base = static_cast<std::uint32_t>(rng() % (max + 1u));
  // Samples with their low bits clear make filter sums land on rounding boundaries.
  const std::uint32_t low = (1u << (rng() % 8)) - 1;
  for (std::size_t i = 0; i < n; ++i) {
    std::uint32_t v;
    switch (shape) {
      case 0: v = static_cast<std::uint32_t>(rng() % (max + 1u)); break;
      case 1: v = std::min<std::uint32_t>(max, base + static_cast<std::uint32_t>(rng() % 4)); break;
      case 2: v = (rng() & 1) ? max : 0; break;
      case 3: v = rng() % 8 ? base : static_cast<std::uint32_t>(rng() % (max + 1u)); break;
      case 4: v = static_cast<std::uint32_t>((base + i * 3) % (max + 1u)); break;
      default: v = static_cast<std::uint32_t>(rng() % (max + 1u)) & ~low; break;
    }
    p[i] = static_cast<T>(v);
  }
}

// A width for a row test: mostly small and odd (tails), sometimes long.
inline unsigned random_width(Rng& rng, unsigned max = 700) {
  switch (rng() % 4) {
    case 0: return 1 + static_cast<unsigned>(rng() % 40);
    case 1: return 1 + static_cast<unsigned>(rng() % 130);
    default: return 1 + static_cast<unsigned>(rng() % max);
  }
}

class Suite {
 public:
  // `only`: check that level's entries (each one that is not the C entry) and no other.
  explicit Suite(std::uint64_t seed, unsigned runs, const std::string& filter,
                 std::optional<cpu::Level> only = std::nullopt)
      : seed_(seed), runs_(runs), filter_(filter), only_(only) {}

  // The levels above C, each with whether this CPU can run it.
  struct LevelInfo {
    cpu::Level level, below;
  };
  static constexpr int kCount = 3;
  static constexpr LevelInfo kLevels[kCount] = {{cpu::Level::Avx2, cpu::Level::C},
                                                {cpu::Level::Avx512, cpu::Level::Avx2},
                                                {cpu::Level::Avx512Vnni, cpu::Level::Avx512}};

  bool runnable(cpu::Level l) const {
    const cpu::Flags need = cpu::flags_of(l);
    return (cpu::active() & need) == need;
  }
  bool selected(const std::string& name) const { return filter_.empty() || name.find(filter_) != std::string::npos; }
  bool filtered() const { return !filter_.empty(); }
  // Whether level i of kLevels is checked in this run, and the level its entries are
  // compared with to find the ones it overrides (C when one level is chosen).
  bool checks(cpu::Level l) const { return !only_ || *only_ == l; }
  cpu::Level baseline(int i) const { return only_ ? cpu::Level::C : kLevels[i].below; }
  unsigned runs() const { return runs_; }
  Rng rng_for(const std::string& name, cpu::Level l) const {
    return Rng(seed_ ^ std::hash<std::string>{}(name) ^ (static_cast<std::uint64_t>(l) << 56));
  }

  void skip(const std::string& name, cpu::Level l) {
    const cpu::Flags missing = cpu::flags_of(l) & ~cpu::active();
    fmt::print("SKIP {:<40} {:<7} this CPU (or FASTVMAF_CPU_MASK) lacks {}\n", name, cpu::to_string(l),
               cpu::describe(missing));
    ++skipped_;
  }
  void result(const std::string& name, cpu::Level l, unsigned cases, const std::string& failure) {
    if (failure.empty()) {
      fmt::print("ok   {:<40} {:<7} {} cases\n", name, cpu::to_string(l), cases);
      ++passed_;
    } else {
      fmt::print("FAIL {:<40} {:<7} {}\n", name, cpu::to_string(l), failure);
      ++failed_;
    }
  }
  // A check outside the tables (whole extractors under each level).
  void checked(const std::string& name, const std::string& what, const std::string& failure) {
    if (failure.empty()) {
      fmt::print("ok   {:<40} {}\n", name, what);
      ++passed_;
    } else {
      fmt::print("FAIL {:<40} {}\n", name, failure);
      ++failed_;
    }
  }
  int summary() const {
    fmt::print("\n{} passed, {} failed, {} skipped (seed {}, flags of this CPU: {})\n", passed_, failed_, skipped_,
               seed_, cpu::describe(cpu::detected()));
    return failed_ ? 1 : 0;
  }
  std::uint64_t seed() const { return seed_; }

 private:
  std::uint64_t seed_;
  unsigned runs_;
  std::string filter_;
  std::optional<cpu::Level> only_;
  unsigned passed_ = 0, failed_ = 0, skipped_ = 0;
};

// The entries of one table type. `make` is the feature's make_dsp. A table holds
// function pointers only, so its slots can be compared one by one: when the check ends,
// the slots a level overrides must all have been named by entry() calls.
template <class Dsp>
class TableCheck {
  using Slot = void (*)();
  static_assert(std::is_trivially_copyable_v<Dsp> && sizeof(Dsp) % sizeof(Slot) == 0,
                "a DSP table holds function pointers only");
  static constexpr std::size_t kSlots = sizeof(Dsp) / sizeof(Slot);

 public:
  TableCheck(Suite& suite, std::string feature, Dsp (*make)(cpu::Flags)) : s_(suite), feature_(std::move(feature)) {
    tables_[0] = make(0);
    for (int i = 0; i < Suite::kCount; ++i) tables_[i + 1] = make(cpu::flags_of(Suite::kLevels[i].level));
  }
  TableCheck(const TableCheck&) = delete;
  TableCheck& operator=(const TableCheck&) = delete;

  // Fails when a level checked here overrides more slots than the entries named (every
  // name counted once, whether the filter selected it or not).
  ~TableCheck() {
    if (s_.filtered()) return;
    for (int i = 0; i < Suite::kCount; ++i) {
      const cpu::Level l = Suite::kLevels[i].level;
      if (!s_.checks(l)) continue;
      const std::size_t slots = overridden_slots(i), named = named_[i].size();
      if (slots != named)
        s_.checked(feature_ + " table", cpu::to_string(l),
                   fmt::format("{} slots of the {} table differ from the {} table's but {} entries are checked",
                               slots, cpu::to_string(l), cpu::to_string(s_.baseline(i)), named));
    }
  }

  // The entry `get` picks (a member pointer, or a function of the table for entries in
  // arrays). test(ref_fn, simd_fn, rng) runs one random case and returns "" or what
  // differed; it is called suite.runs() times (scaled by `weight`) per overriding level.
  template <class Get, class Test>
  void entry(const std::string& entry_name, Get get, Test test, double weight = 1.0) {
    const std::string name = feature_ + "." + entry_name;
    for (int i = 0; i < Suite::kCount; ++i) {
      const cpu::Level l = Suite::kLevels[i].level;
      if (!s_.checks(l)) continue;
      const auto mine = std::invoke(get, tables_[i + 1]);
      const auto below = std::invoke(get, table(s_.baseline(i)));
      if (mine == below) continue;  // not overridden at this level
      named_[i].insert(entry_name);
      if (!s_.selected(name)) continue;
      if (!s_.runnable(l)) {
        s_.skip(name, l);
        continue;
      }
      Rng rng = s_.rng_for(name, l);
      const unsigned n = std::max(1u, static_cast<unsigned>(s_.runs() * weight));
      std::string failure;
      unsigned k = 0;
      for (; k < n && failure.empty(); ++k) failure = test(std::invoke(get, tables_[0]), mine, rng);
      if (!failure.empty()) failure = fmt::format("case {}: {}", k - 1, failure);
      s_.result(name, l, n, failure);
    }
  }

 private:
  const Dsp& table(cpu::Level l) const { return tables_[static_cast<int>(l)]; }
  std::size_t overridden_slots(int i) const {
    Slot mine[kSlots], below[kSlots];
    std::memcpy(mine, &tables_[i + 1], sizeof(Dsp));
    std::memcpy(below, &table(s_.baseline(i)), sizeof(Dsp));
    std::size_t n = 0;
    for (std::size_t k = 0; k < kSlots; ++k) n += mine[k] != below[k];
    return n;
  }

  Suite& s_;
  std::string feature_;
  Dsp tables_[Suite::kCount + 1];  // C, AVX2, AVX-512, AVX-512 VNNI: indexed by cpu::Level
  std::set<std::string> named_[Suite::kCount];
};

// Compares two guarded outputs: "" or a message naming the first difference.
template <class T>
std::string compare(const char* what, const Guarded<T>& ref, const Guarded<T>& got, const std::string& where) {
  if (!got.canaries_intact()) return fmt::format("{}: a canary around the output was overwritten ({})", what, where);
  if (ref == got) return "";
  const long i = ref.first_difference(got);
  if (i < 0) return fmt::format("{}: the canaries differ ({})", what, where);
  return fmt::format("{}[{}] differs ({})", what, i, where);
}

template <class T>
std::string compare_value(const char* what, const T& ref, const T& got, const std::string& where) {
  if (std::memcmp(&ref, &got, sizeof(T)) == 0) return "";
  return fmt::format("{}: C {} , SIMD {} ({})", what, ref, got, where);
}

}  // namespace fastvmaf::dsp_test
