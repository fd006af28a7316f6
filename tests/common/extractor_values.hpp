// Test helpers for whole CPU extractors (the unit and dsp tests): textured frames, the
// bands of a frame run in reverse order, and every value an extractor collects over a few
// frames as bit patterns, to compare runs under different SIMD flags or band orders.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/collector.hpp"
#include "core/parallel.hpp"
#include "core/registry.hpp"
#include "picture_samples.hpp"

namespace fastvmaf::test {

// Runs the bands of a frame in reverse order on this thread: results must not depend on it.
class ReversedBands final : public ParallelFor {
 public:
  void run(unsigned n, const std::function<void(unsigned)>& body) const override {
    for (unsigned i = n; i-- > 0;) body(i);
  }
};

// A textured YUV420 frame with motion (`shift` moves the texture) and noise from `rng`,
// so that every path of every feature runs.
template <class Rng>
Picture textured_frame(Rng& rng, unsigned w, unsigned h, unsigned bpc, unsigned shift) {
  Picture p = Picture::allocate(PixelFormat::YUV420, bpc, w, h);
  const unsigned max = (1u << bpc) - 1;
  for (int c = 0; c < 3; ++c) {
    const Plane& pl = p.plane(c);
    for (unsigned i = 0; i < pl.height; ++i)
      for (unsigned j = 0; j < pl.width; ++j) {
        unsigned v = ((i * 7 + (j + shift) * 3) / 5 + ((i / 9 + j / 13) % 3) * 40) % 220 + (rng() % 6);
        v = std::min(max, v << (bpc - 8));
        test::set_sample(pl, bpc, j, i, v);
      }
  }
  return p;
}

// Feature name -> the bit pattern of each value collected, in order.
using ValueBits = std::map<std::string, std::vector<std::uint64_t>>;

// Every value the CPU extractor `name`, with its default options, collects over the frames
// (refs[k], diss[k]; frame k also gets refs[k - 1] and refs[k - 2] as its previous
// references), its bands run by `parallel` (null: in order). Empty when `name` has no CPU
// implementation.
inline ValueBits collect_value_bits(const std::string& name, const std::vector<Picture>& refs,
                                    const std::vector<Picture>& diss, const ParallelFor* parallel) {
  const ExtractorInfo* info = Registry::instance().by_name(name);
  const ExtractorFactory* factory = Registry::instance().factory(name, Backend::Cpu);
  if (!info || !factory) return {};
  auto e = (*factory)(OptionSet(name, info->options, OptionDict{}));
  const Picture& p0 = refs.front();
  e->init({p0.width(), p0.height(), p0.format(), p0.bpc()});
  RecordingSink sink;
  for (unsigned k = 0; k < refs.size(); ++k) {
    FrameInput in;
    in.index = k;
    in.ref = &refs[k];
    in.dis = &diss[k];
    in.prev_ref = k > 0 ? &refs[k - 1] : nullptr;
    in.prev_prev_ref = k > 1 ? &refs[k - 2] : nullptr;
    in.parallel = parallel;
    e->submit(in);
    e->collect(k, sink);
  }
  ValueBits out;
  for (const auto& entry : sink.entries()) {
    std::uint64_t bits;
    std::memcpy(&bits, &entry.value, sizeof bits);
    out[entry.name].push_back(bits);
  }
  return out;
}

}  // namespace fastvmaf::test
