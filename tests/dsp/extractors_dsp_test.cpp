// Whole extractors under each SIMD level (core/cpu.hpp): every value collected over a
// few frames with the level's table equals the value with the C entries, bands of the
// frames running in reverse order. Checks the drivers and the tables together.
#include <cstring>
#include <map>
#include <random>

#include "core/collector.hpp"
#include "core/parallel.hpp"
#include "core/registry.hpp"
#include "dsp_check.hpp"

namespace fastvmaf::dsp_test {

namespace {

class Reversed final : public ParallelFor {
 public:
  void run(unsigned n, const std::function<void(unsigned)>& body) const override {
    for (unsigned i = n; i-- > 0;) body(i);
  }
};

Picture frame(Rng& rng, unsigned w, unsigned h, unsigned bpc, unsigned shift) {
  Picture p = Picture::allocate(PixelFormat::YUV420, bpc, w, h);
  const unsigned max = (1u << bpc) - 1;
  for (int c = 0; c < 3; ++c) {
    const Plane& pl = p.plane(c);
    for (unsigned i = 0; i < pl.height; ++i)
      for (unsigned j = 0; j < pl.width; ++j) {
        unsigned v = ((i * 7 + (j + shift) * 3) / 5 + ((i / 9 + j / 13) % 3) * 40) % 220 + (rng() % 6);
        v = std::min(max, v << (bpc - 8));
        if (bpc == 8)
          pl.row<std::uint8_t>(i)[j] = static_cast<std::uint8_t>(v);
        else
          pl.row<std::uint16_t>(i)[j] = static_cast<std::uint16_t>(v);
      }
  }
  return p;
}

using Values = std::map<std::string, std::vector<std::uint64_t>>;

Values run(const std::string& name, const std::vector<Picture>& refs, const std::vector<Picture>& diss) {
  const ExtractorInfo* info = Registry::instance().by_name(name);
  const ExtractorFactory* factory = Registry::instance().factory(name, Backend::Cpu);
  if (!info || !factory) return {};
  auto e = (*factory)(OptionSet(name, info->options, OptionDict{}));
  const Picture& p0 = refs.front();
  e->init({p0.width(), p0.height(), p0.format(), p0.bpc()});
  const Reversed reversed;
  RecordingSink sink;
  for (unsigned k = 0; k < refs.size(); ++k) {
    FrameInput in;
    in.index = k;
    in.ref = &refs[k];
    in.dis = &diss[k];
    in.prev_ref = k > 0 ? &refs[k - 1] : nullptr;
    in.prev_prev_ref = k > 1 ? &refs[k - 2] : nullptr;
    in.parallel = &reversed;
    e->submit(in);
    e->collect(k, sink);
  }
  Values out;
  for (const auto& entry : sink.entries()) {
    std::uint64_t bits;
    std::memcpy(&bits, &entry.value, sizeof bits);
    out[entry.name].push_back(bits);
  }
  return out;
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
          refs.push_back(frame(rng, z.w, z.h, z.bpc, 2 * k));
          diss.push_back(frame(rng, z.w, z.h, z.bpc, 2 * k + 1));
        }
        Values want, got;
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
