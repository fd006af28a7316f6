// Fuzz target for --feature option strings ("cambi=window_size=33:topk=0.2"): the
// first byte chooses a picture shape, the rest is the argument. It is parsed as the
// CLI parses it, stored as libvmaf's dictionary stores it, checked against the
// extractor's option table, named, and the extractor is initialised and run on one
// frame. Every step may refuse with std::invalid_argument or a runtime_error (an
// InputError); anything else (a crash, UB, a leak, another exception) is a finding.
#include <cstdint>
#include <stdexcept>
#include <string>

#include "core/collector.hpp"
#include "core/dict_value.hpp"
#include "core/feature_name.hpp"
#include "core/options.hpp"
#include "core/registry.hpp"
#include "fuzz_input.hpp"

namespace {

using namespace fastvmaf;

struct Shape {
  VideoGeometry geometry;
  Picture ref, dis;
};

// Small pictures with some texture, one per shape (CAMBI needs 216 in one dimension).
Shape& shape(unsigned i) {
  static Shape shapes[4] = {{{216, 24, PixelFormat::YUV420, 8}, {}, {}},
                            {{48, 48, PixelFormat::YUV444, 10}, {}, {}},
                            {{64, 40, PixelFormat::YUV422, 12}, {}, {}},
                            {{32, 32, PixelFormat::YUV420, 16}, {}, {}}};
  Shape& s = shapes[i % 4];
  if (s.ref.empty()) {
    const VideoGeometry& g = s.geometry;
    s.ref = Picture::allocate(g.format, g.bpc, g.width, g.height);
    s.dis = Picture::allocate(g.format, g.bpc, g.width, g.height);
    const unsigned maxv = (1u << g.bpc) - 1;
    for (int p = 0; p < 3; ++p)
      for (unsigned y = 0; y < s.ref.plane(p).height; ++y)
        for (unsigned x = 0; x < s.ref.plane(p).width; ++x) {
          const unsigned a = (x * 37 + y * 11 + p * 5) % (maxv + 1), b = (a + x % 3) % (maxv + 1);
          if (g.bpc == 8) {
            s.ref.plane(p).row<std::uint8_t>(y)[x] = static_cast<std::uint8_t>(a);
            s.dis.plane(p).row<std::uint8_t>(y)[x] = static_cast<std::uint8_t>(b);
          } else {
            s.ref.plane(p).row<std::uint16_t>(y)[x] = static_cast<std::uint16_t>(a);
            s.dis.plane(p).row<std::uint16_t>(y)[x] = static_cast<std::uint16_t>(b);
          }
        }
  }
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::FuzzInput in(data, size);
  Shape& s = shape(in.byte());
  const std::string arg = in.rest();
  try {
    auto [name, given] = parse_feature_argument(arg);
    const Registry& reg = Registry::instance();
    const ExtractorInfo* info = reg.by_name(name);
    if (!info) return 0;
    OptionDict dict;
    for (const auto& [k, v] : given.entries()) {
      if (k == "heatmaps_path") return 0;  // cambi would write files wherever it says
      dict.set(k, cli_dictionary_value(v));
    }
    const OptionSet options(info->name, info->options, dict);
    for (const auto& f : info->provided_features) (void)feature_name(f, options);
    const ExtractorFactory* factory = reg.factory(info->name, Backend::Cpu);
    if (!factory) return 0;
    auto extractor = (*factory)(options);
    extractor->init(s.geometry);
    FrameInput frame;
    frame.ref = &s.ref;
    frame.dis = &s.dis;
    extractor->submit(frame);
    FeatureCollector collector;
    extractor->collect(0, collector);
    extractor->flush(collector);
  } catch (const std::invalid_argument&) {
  } catch (const std::runtime_error&) {
  }
  return 0;
}
