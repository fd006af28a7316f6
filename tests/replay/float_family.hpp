// What the float family's replays share (float_psnr, float_moment, float_ansnr):
// the pictures they replay on (random, extreme, equal and textured content at every depth
// and chroma format) and the values a CPU extractor collects on one frame, as bits.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "core/collector.hpp"
#include "core/extractor.hpp"
#include "core/options.hpp"
#include "fastvmaf/picture.hpp"
#include "picture_samples.hpp"

namespace fastvmaf::replay {

enum class Fill { Random, Extremes, Equal, Textured, Narrow };

inline const char* fill_name(Fill f) {
  switch (f) {
    case Fill::Random: return "random";
    case Fill::Extremes: return "extremes";
    case Fill::Equal: return "equal";
    case Fill::Textured: return "textured";
    case Fill::Narrow: return "narrow";
  }
  return "?";
}

// One picture of a pair: Random (every sample uniform), Extremes (ref at the maximum,
// dis at 0), Equal (the same pattern in both), Textured (a smooth pattern plus a little
// noise, as video has), Narrow (ref near the top of the range, dis near the bottom).
inline Picture make_picture(PixelFormat fmt, unsigned bpc, unsigned w, unsigned h, std::mt19937& rng, Fill fill,
                            bool is_ref) {
  Picture p = Picture::allocate(fmt, bpc, w, h);
  const unsigned max = (1u << bpc) - 1;
  std::uniform_int_distribution<unsigned> dist(0, max);
  std::uniform_int_distribution<unsigned> low(0, max / 12), high(max - max / 12, max);
  for (int i = 0; i < 3; ++i) {
    Plane& pl = p.plane(i);
    for (unsigned y = 0; y < pl.height; ++y)
      for (unsigned x = 0; x < pl.width; ++x) {
        unsigned v = 0;
        switch (fill) {
          case Fill::Random: v = dist(rng); break;
          case Fill::Extremes: v = is_ref ? max : 0; break;
          case Fill::Equal: v = (x * 7 + y * 3) & max; break;
          case Fill::Textured:
            v = ((y * 7 + x * 3) / 5 + ((y / 9 + x / 13) % 3) * 40) % 220 + (rng() % 6);
            v = std::min(max, v << (bpc - 8));
            break;
          case Fill::Narrow: v = is_ref ? high(rng) : low(rng); break;
        }
        test::set_sample(pl, bpc, x, y, v);
      }
  }
  return p;
}

// A 16-bit w x h picture whose first `bright_rows` rows hold `bright` and the rest `dim`
// (every plane): large squares first, so that a double sum passes 2^53 units of 2^-16,
// then small ones that a sum that large rounds away.
inline Picture stepped_picture(unsigned w, unsigned h, unsigned bright_rows, unsigned bright, unsigned dim) {
  Picture p = Picture::allocate(PixelFormat::YUV420, 16, w, h);
  for (int i = 0; i < 3; ++i) {
    Plane& pl = p.plane(i);
    const unsigned rows = i == 0 ? bright_rows : bright_rows / 2;
    for (unsigned y = 0; y < pl.height; ++y)
      for (unsigned x = 0; x < pl.width; ++x) test::set_sample(pl, 16, x, y, y < rows ? bright : dim);
  }
  return p;
}

// Every value a sink is given, in order, as (name, bits): what the CPU extractor's collect
// and the twin's finish write for a frame, compared whole.
struct Recorded final : FeatureSink {
  std::vector<std::pair<std::string, std::uint64_t>> values;
  void append(const std::string& name, unsigned, double v) override {
    values.emplace_back(name, std::bit_cast<std::uint64_t>(v));
  }
  void aggregate(const std::string&, double) override {}
};

// A float's bits, so that a mismatch prints as two different words and -0 differs from 0.
inline std::uint32_t fbits(float v) { return std::bit_cast<std::uint32_t>(v); }

// Name -> bits of every value the CPU extractor E (constructed with its default options
// from `specs`) collects for the one frame (ref, dis).
template <class E>
std::map<std::string, std::uint64_t> cpu_values(const std::string& feature, const std::vector<OptionSpec>& specs,
                                                const Picture& ref, const Picture& dis) {
  E e(OptionSet(feature, &specs, OptionDict{}));
  e.init({ref.width(), ref.height(), ref.format(), ref.bpc()});
  FrameInput in;
  in.ref = &ref;
  in.dis = &dis;
  e.submit(in);
  RecordingSink sink;
  e.collect(0, sink);
  std::map<std::string, std::uint64_t> out;
  for (const auto& entry : sink.entries()) out[entry.name] = std::bit_cast<std::uint64_t>(entry.value);
  return out;
}

// The pair a fixture names (format, depth, size, content, seed), handed to check(ref,
// dis) under a trace that names it.
template <class Check>
void check_fixture(PixelFormat fmt, unsigned bpc, unsigned w, unsigned h, Fill fill, unsigned seed, Check check) {
  SCOPED_TRACE(::testing::Message() << to_string(fmt) << " " << bpc << "-bit " << w << "x" << h << " "
                                    << fill_name(fill) << " seed " << seed);
  std::mt19937 rng(seed);
  const Picture ref = make_picture(fmt, bpc, w, h, rng, fill, true);
  const Picture dis = make_picture(fmt, bpc, w, h, rng, fill, false);
  check(ref, dis);
}

struct Size {
  unsigned w, h;
};

// Every depth, 4:2:0 and 4:4:4, at each of `sizes`, random and textured content.
template <class Check>
void check_sizes_every_depth(std::initializer_list<Size> sizes, Check check) {
  unsigned seed = 1;
  for (PixelFormat fmt : {PixelFormat::YUV420, PixelFormat::YUV444})
    for (unsigned bpc : {8u, 10u, 12u, 16u})
      for (const Size& s : sizes)
        for (Fill fill : {Fill::Random, Fill::Textured}) check_fixture(fmt, bpc, s.w, s.h, fill, seed++, check);
}

// Every depth: extreme content (4:2:0), equal pictures (4:2:2), narrow ranges (4:4:4).
template <class Check>
void check_extreme_equal_narrow(Check check) {
  for (unsigned bpc : {8u, 10u, 12u, 16u}) {
    check_fixture(PixelFormat::YUV420, bpc, 301, 11, Fill::Extremes, 7, check);
    check_fixture(PixelFormat::YUV422, bpc, 64, 9, Fill::Equal, 8, check);
    check_fixture(PixelFormat::YUV444, bpc, 129, 13, Fill::Narrow, 9, check);
  }
}

}  // namespace fastvmaf::replay
