// The DSP tables' check (ctest label dsp): every SIMD entry against its C entry.
//
// usage: fastvmaf_dsp_test [--seed N] [--runs N] [--filter TEXT] [--level avx2|avx512|avx512vnni]
//   --runs   random cases per entry and level (default 200)
//   --filter only the entries whose name ("vif.stat_u8") contains TEXT
//   --level  only that level: every entry of its table that is not the C entry, against
//            the C entry, and the whole extractors under it; exit 77 (skipped) when this
//            CPU (or FASTVMAF_CPU_MASK) lacks the level
// Exit 0 when every runnable entry equals its C entry (skipped ones are listed), 1 on a
// mismatch, 2 on bad arguments, 77 for a --level this CPU cannot run. FASTVMAF_CPU_MASK
// switches levels off here too.
#include <cstdlib>
#include <cstring>
#include <exception>
#include <optional>
#include <string>

#include "dsp_check.hpp"

namespace fastvmaf::dsp_test {
void check_psnr(Suite& s);
void check_motion(Suite& s);
void check_vif(Suite& s);
void check_adm(Suite& s);
void check_cambi(Suite& s);
void check_speed(Suite& s);
void check_ssim(Suite& s);
void check_psnr_hvs(Suite& s);
void check_float_filter(Suite& s);
void check_float_vif(Suite& s);
void check_float_adm(Suite& s);
void check_extractors(Suite& s);
}  // namespace fastvmaf::dsp_test

namespace {
std::optional<fastvmaf::cpu::Level> level_named(const std::string& name) {
  using fastvmaf::cpu::Level;
  for (Level l : {Level::Avx2, Level::Avx512, Level::Avx512Vnni})
    if (name == fastvmaf::cpu::to_string(l)) return l;
  return std::nullopt;
}
}  // namespace

int main(int argc, char** argv) {
  using namespace fastvmaf;
  std::uint64_t seed = 20261201;
  unsigned runs = 200;
  std::string filter;
  std::optional<cpu::Level> only;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 < argc && a == "--seed") {
      seed = std::strtoull(argv[++i], nullptr, 0);
    } else if (i + 1 < argc && a == "--runs") {
      runs = static_cast<unsigned>(std::strtoul(argv[++i], nullptr, 0));
    } else if (i + 1 < argc && a == "--filter") {
      filter = argv[++i];
    } else if (i + 1 < argc && a == "--level" && level_named(argv[i + 1])) {
      only = level_named(argv[++i]);
    } else {
      fmt::print(stderr, "usage: {} [--seed N] [--runs N] [--filter TEXT] [--level avx2|avx512|avx512vnni]\n",
                 argv[0]);
      return 2;
    }
  }
  try {
    fmt::print("cpu: {}; switched off by FASTVMAF_CPU_MASK: {}\n\n", cpu::describe(cpu::detected()),
               cpu::describe(cpu::masked() & cpu::detected()));
    dsp_test::Suite s(seed, runs, filter, only);
    if (only && !s.runnable(*only)) {
      const cpu::Flags missing = cpu::flags_of(*only) & ~cpu::active();
      fmt::print("SKIP every {} entry: this CPU (or FASTVMAF_CPU_MASK) lacks {}\n", cpu::to_string(*only),
                 cpu::describe(missing));
      return 77;
    }
    dsp_test::check_psnr(s);
    dsp_test::check_motion(s);
    dsp_test::check_vif(s);
    dsp_test::check_adm(s);
    dsp_test::check_cambi(s);
    dsp_test::check_speed(s);
    dsp_test::check_ssim(s);
    dsp_test::check_psnr_hvs(s);
    dsp_test::check_float_filter(s);
    dsp_test::check_float_vif(s);
    dsp_test::check_float_adm(s);
    dsp_test::check_extractors(s);
    return s.summary();
  } catch (const std::exception& e) {
    fmt::print(stderr, "fastvmaf_dsp_test: error: {}\n", e.what());
    return 2;
  }
}
