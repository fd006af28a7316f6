// Whole extractors under each SIMD level (core/cpu.hpp): every value collected over a
// few frames with the level's table equals the value with the C entries, bands of the
// frames running in reverse order. Checks the drivers and the tables together.
#include <string>
#include <vector>

#include "dsp_check.hpp"
#include "extractor_values.hpp"

namespace fastvmaf::dsp_test {

namespace {

// Every value the extractor collects over the frames with the table of the flags in
// force, the bands of each frame in reverse order.
test::ValueBits run(const std::string& name, const std::vector<Picture>& refs, const std::vector<Picture>& diss) {
  const test::ReversedBands reversed;
  return test::collect_value_bits(name, refs, diss, &reversed);
}

// The smallest width and height an extractor takes (MS-SSIM's five scales need 176).
unsigned min_size(const std::string& name) { return name == "float_ms_ssim" ? 176 : 1; }

}  // namespace

void check_extractors(Suite& s) {
  const char* names[] = {"psnr", "motion", "vif", "adm", "cambi", "speed_chroma", "speed_temporal",
                         "float_ssim", "float_ms_ssim", "psnr_hvs", "float_vif", "float_adm", "float_motion"};
  struct Size {
    unsigned w, h, bpc;
  };
  const Size sizes[] = {{337, 276, 8}, {240, 760, 10}, {1920, 160, 8}};  // 760 rows: in bands
  for (const char* name : names) {
    const std::string label = std::string("extractor.") + name;
    if (!s.selected(label)) continue;
    for (const auto& level : Suite::kLevels) {
      if (!s.checks(level.level)) continue;
      if (!s.runnable(level.level)) {
        s.skip(label, level.level);
        continue;
      }
      std::string failure;
      unsigned ran = 0;
      for (const Size& z : sizes) {
        if (z.h < min_size(name)) continue;
        ++ran;
        Rng rng = s.rng_for(label, level.level);
        std::vector<Picture> refs, diss;
        for (unsigned k = 0; k < 3; ++k) {
          refs.push_back(test::textured_frame(rng, z.w, z.h, z.bpc, 2 * k));
          diss.push_back(test::textured_frame(rng, z.w, z.h, z.bpc, 2 * k + 1));
        }
        test::ValueBits want, got;
        {
          cpu::ScopedFlags c(0);
          want = run(name, refs, diss);
        }
        {
          cpu::ScopedFlags l(cpu::flags_of(level.level));
          got = run(name, refs, diss);
        }
        if (want.empty()) {
          failure = "no values collected";
        } else if (want != got) {
          failure = fmt::format("values differ from the C entries' at {}x{} {}-bit", z.w, z.h, z.bpc);
        }
        if (!failure.empty()) break;
      }
      if (ran == 0) failure = "no size it takes";
      s.checked(label + " " + cpu::to_string(level.level), fmt::format("equals C on {} sizes", ran), failure);
    }
  }
}

}  // namespace fastvmaf::dsp_test
