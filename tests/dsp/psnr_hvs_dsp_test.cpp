// psnr_hvs_dsp: the terms of a group of blocks, 8-bit and 9..12-bit, for every group
// size (whole vectors and partial ones), separate strides, and blocks of the kinds the
// masking and thresholds single out: flat (zero variance), extreme, equal or nearly
// equal reference and distorted blocks, noise and ramps.
#include <algorithm>
#include <vector>

#include "dsp_check.hpp"
#include "features/psnr_hvs/psnr_hvs_dsp.hpp"

namespace fastvmaf::dsp_test {

namespace {

using namespace fastvmaf::psnr_hvs;

// A block row of n blocks: 8 rows of at least kStep n + 1 samples, each block of one kind;
// the distorted row derived from the reference one block by block.
template <class T>
struct BlockRow {
  unsigned w;
  std::ptrdiff_t ref_stride, dis_stride;  // in samples
  Guarded<T> ref, dis;

  BlockRow(Rng& rng, int n, std::uint32_t max)
      : w(kStep * static_cast<unsigned>(n) + 1 + static_cast<unsigned>(rng() % 9)),
        ref_stride(static_cast<std::ptrdiff_t>(w + rng() % 5)),
        dis_stride(rng() % 2 ? ref_stride : static_cast<std::ptrdiff_t>(w + rng() % 40)),
        ref(static_cast<std::size_t>(ref_stride) * kBlock),
        dis(static_cast<std::size_t>(dis_stride) * kBlock) {
    fill_samples(rng, ref.data(), ref.size(), max);
    fill_samples(rng, dis.data(), dis.size(), max);
    for (int b = 0; b < n; ++b) {
      const int kind = static_cast<int>(rng() % 7);
      const std::uint32_t base = static_cast<std::uint32_t>(rng() % (max + 1));
      for (int i = 0; i < kBlock; ++i)
        for (int j = 0; j < kBlock; ++j) {
          T& r = ref[i * ref_stride + kStep * b + j];
          T& d = dis[i * dis_stride + kStep * b + j];
          switch (kind) {
            case 0: r = d = static_cast<T>(base); break;                       // flat, equal
            case 1: r = static_cast<T>(base); break;                           // flat reference
            case 2: r = static_cast<T>((i + j) % 2 ? max : 0); d = static_cast<T>(max - r); break;  // extremes
            case 3: d = r; break;                                               // equal
            case 4: d = static_cast<T>(std::min(max, static_cast<std::uint32_t>(r + rng() % 3))); break;  // near
            case 5: r = static_cast<T>((base + 9 * i + 5 * j) % (max + 1)); break;  // ramp
            default: break;                                                     // noise
          }
        }
    }
  }
};

template <class T, class Fn>
std::string terms_case(Fn ref, Fn got, Rng& rng, std::uint32_t max) {
  const int n = 1 + static_cast<int>(rng() % kGroup);
  const int plane = static_cast<int>(rng() % 3);
  const BlockRow<T> row(rng, n, max);
  const std::ptrdiff_t rs = row.ref_stride * static_cast<std::ptrdiff_t>(sizeof(T));
  const std::ptrdiff_t ds = row.dis_stride * static_cast<std::ptrdiff_t>(sizeof(T));
  Guarded<float> a(64 * kGroup), b(64 * kGroup);
  ref(row.ref.data(), rs, row.dis.data(), ds, n, plane_tables(plane), a.data());
  got(row.ref.data(), rs, row.dis.data(), ds, n, plane_tables(plane), b.data());
  return compare("terms", a, b, fmt::format("{} blocks, plane {}, max {}, width {}", n, plane, max, row.w));
}

}  // namespace

void check_psnr_hvs(Suite& s) {
  TableCheck<psnr_hvs::Dsp> t(s, "psnr_hvs", psnr_hvs::make_dsp);
  t.entry("terms_8", &psnr_hvs::Dsp::terms_8,
          [](auto ref, auto got, Rng& rng) { return terms_case<std::uint8_t>(ref, got, rng, 255); });
  t.entry("terms_16", &psnr_hvs::Dsp::terms_16, [](auto ref, auto got, Rng& rng) {
    const unsigned bpc = 9 + static_cast<unsigned>(rng() % (kMaxBpc - 8));
    return terms_case<std::uint16_t>(ref, got, rng, (1u << bpc) - 1);
  });
}

}  // namespace fastvmaf::dsp_test
