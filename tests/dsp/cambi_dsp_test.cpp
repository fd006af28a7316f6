// cambi_dsp: preprocessing (conversion, resize, anti-dithering), the spatial mask,
// decimation, the mode filter, band keys and c-values, on bands of rows of random
// pictures of odd sizes.
#include <algorithm>
#include <vector>

#include "dsp_check.hpp"
#include "features/cambi/cambi_dsp.hpp"
#include "features/cambi/cambi_params.hpp"

namespace fastvmaf::dsp_test {

namespace {

using namespace fastvmaf::cambi;

// Smooth ramps with plateaus and noise: flat regions for the mask, steps for contrast.
void smooth(Rng& rng, std::uint16_t* p, unsigned w, unsigned h, std::ptrdiff_t stride, int lo, int hi) {
  const int base = lo + static_cast<int>(rng() % static_cast<unsigned>(hi - lo + 1));
  const int slope = static_cast<int>(rng() % 5);
  for (unsigned i = 0; i < h; ++i)
    for (unsigned j = 0; j < w; ++j) {
      int v = base + slope * static_cast<int>((i + j) / 7);
      if (rng() % 100 < 8) v += static_cast<int>(rng() % 5) - 2;
      p[static_cast<std::ptrdiff_t>(i) * stride + j] = static_cast<std::uint16_t>(std::clamp(v, lo, hi));
    }
}

std::pair<unsigned, unsigned> band_of(Rng& rng, unsigned rows) {
  if (rng() % 3 == 0) return {0, rows};
  const unsigned r0 = static_cast<unsigned>(rng() % rows);
  return {r0, r0 + 1 + static_cast<unsigned>(rng() % (rows - r0))};
}

unsigned small_size(Rng& rng) { return 1 + static_cast<unsigned>(rng() % 3 ? rng() % 70 : rng() % 400); }

}  // namespace

void check_cambi(Suite& s) {
  TableCheck<cambi::Dsp> t(s, "cambi", cambi::make_dsp);

  t.entry("preprocess", &cambi::Dsp::preprocess, [](auto ref, auto got, Rng& rng) {
    const unsigned bpc = std::vector<unsigned>{8, 10, 12, 16}[rng() % 4];
    const unsigned w = small_size(rng), h = small_size(rng);
    Picture pic = Picture::allocate(PixelFormat::YUV420, bpc, w, h);
    const Plane& y = pic.plane(0);
    for (unsigned i = 0; i < h; ++i) {
      if (bpc == 8)
        fill_samples(rng, y.row<std::uint8_t>(i), w, 255);
      else
        fill_samples(rng, y.row<std::uint16_t>(i), w, (1u << bpc) - 1);
    }
    SidePlan side;
    const bool resize = rng() % 2;
    side.width = resize ? std::max(1u, w * 2 / 3) : w;
    side.height = resize ? std::max(1u, h * (1 + static_cast<unsigned>(rng() % 3)) / 2) : h;
    side.source_x = resize_source_indices(w, side.width);
    side.source_y = resize_source_indices(h, side.height);
    const bool dither = rng() % 2;
    const auto [r0, r1] = band_of(rng, side.height);
    const std::ptrdiff_t stride = side.width + static_cast<unsigned>(rng() % 5);
    Guarded<std::uint16_t> a(static_cast<std::size_t>(stride) * side.height), b(a.size());
    ref(y, bpc, side, dither, View<std::uint16_t>{a.data(), stride, side.width, side.height}, r0, r1);
    got(y, bpc, side, dither, View<std::uint16_t>{b.data(), stride, side.width, side.height}, r0, r1);
    return compare("out", a, b,
                   fmt::format("{}x{} -> {}x{} bpc {} dither {} rows {}..{}", w, h, side.width, side.height, bpc,
                               dither, r0, r1));
  });

  t.entry("spatial_mask", &cambi::Dsp::spatial_mask, [](auto ref, auto got, Rng& rng) {
    const unsigned w = small_size(rng), h = small_size(rng);
    std::vector<std::uint16_t> img(static_cast<std::size_t>(w) * h);
    smooth(rng, img.data(), w, h, w, 500, 520);
    const int index = static_cast<int>(rng() % 30);
    const auto [r0, r1] = band_of(rng, h);
    Guarded<std::uint8_t> a(img.size()), b(img.size());
    std::vector<std::uint8_t> flat(7 * w), column(w + 6);
    const View<const std::uint16_t> v{img.data(), static_cast<std::ptrdiff_t>(w), w, h};
    ref(v, index, View<std::uint8_t>{a.data(), static_cast<std::ptrdiff_t>(w), w, h}, r0, r1, flat.data(),
        column.data());
    got(v, index, View<std::uint8_t>{b.data(), static_cast<std::ptrdiff_t>(w), w, h}, r0, r1, flat.data(),
        column.data());
    return compare("mask", a, b, fmt::format("{}x{} rows {}..{} index {}", w, h, r0, r1, index));
  });

  auto decimate = [](auto ref, auto got, Rng& rng, auto sample) {
    using T = decltype(sample);
    const unsigned w = small_size(rng), h = small_size(rng);
    const unsigned ow = (w + 1) / 2, oh = (h + 1) / 2;
    Guarded<T> src(static_cast<std::size_t>(w) * h);
    fill_samples(rng, src.data(), src.size(), sizeof(T) == 1 ? 1 : 1023);
    const auto [r0, r1] = band_of(rng, oh);
    Guarded<T> a(static_cast<std::size_t>(ow) * oh), b(a.size());
    const View<const T> in{src.data(), static_cast<std::ptrdiff_t>(w), w, h};
    ref(in, View<T>{a.data(), static_cast<std::ptrdiff_t>(ow), ow, oh}, r0, r1);
    got(in, View<T>{b.data(), static_cast<std::ptrdiff_t>(ow), ow, oh}, r0, r1);
    return compare("out", a, b, fmt::format("{}x{} rows {}..{}", w, h, r0, r1));
  };
  t.entry("decimate", &cambi::Dsp::decimate,
          [&](auto ref, auto got, Rng& rng) { return decimate(ref, got, rng, std::uint16_t{}); });
  t.entry("decimate_mask", &cambi::Dsp::decimate_mask,
          [&](auto ref, auto got, Rng& rng) { return decimate(ref, got, rng, std::uint8_t{}); });

  t.entry("mode_filter", &cambi::Dsp::mode_filter, [](auto ref, auto got, Rng& rng) {
    const unsigned w = small_size(rng), h = small_size(rng);
    Guarded<std::uint16_t> a(static_cast<std::size_t>(w) * h);
    smooth(rng, a.data(), w, h, w, 100, 104 + static_cast<int>(rng() % 8));
    Guarded<std::uint16_t> b = a;
    const auto [r0, r1] = band_of(rng, h);
    // The rows around the band as they were before filtering.
    std::vector<std::uint16_t> above(w, 0), below(w, 0);
    if (r0 > 0) std::copy_n(a.data() + static_cast<std::size_t>(r0 - 1) * w, w, above.data());
    if (r1 < h) std::copy_n(a.data() + static_cast<std::size_t>(r1) * w, w, below.data());
    std::vector<std::uint16_t> modes(3 * w);
    ref(View<std::uint16_t>{a.data(), static_cast<std::ptrdiff_t>(w), w, h}, r0, r1, above.data(), below.data(),
        modes.data());
    got(View<std::uint16_t>{b.data(), static_cast<std::ptrdiff_t>(w), w, h}, r0, r1, above.data(), below.data(),
        modes.data());
    return compare("img", a, b, fmt::format("{}x{} rows {}..{}", w, h, r0, r1));
  });

  t.entry("band_keys", &cambi::Dsp::band_keys, [](auto ref, auto got, Rng& rng) {
    const unsigned w = small_size(rng), h = small_size(rng);
    const CValueTables tables = make_contrast_tables(static_cast<int>(rng() % 4), 0.019, 0.0, Eotf::Bt1886);
    std::vector<std::uint16_t> img(static_cast<std::size_t>(w) * h);
    smooth(rng, img.data(), w, h, w, 0, 1023);
    std::vector<std::uint8_t> mask(img.size());
    for (auto& m : mask) m = rng() % 4 != 0;
    const auto [r0, r1] = band_of(rng, h);
    Guarded<std::int16_t> a(img.size()), b(img.size());
    const auto sw = static_cast<std::ptrdiff_t>(w);
    ref(View<const std::uint16_t>{img.data(), sw, w, h}, View<const std::uint8_t>{mask.data(), sw, w, h}, tables,
        View<std::int16_t>{a.data(), sw, w, h}, r0, r1);
    got(View<const std::uint16_t>{img.data(), sw, w, h}, View<const std::uint8_t>{mask.data(), sw, w, h}, tables,
        View<std::int16_t>{b.data(), sw, w, h}, r0, r1);
    return compare("keys", a, b, fmt::format("{}x{} rows {}..{}", w, h, r0, r1));
  });

  t.entry(
      "c_values", &cambi::Dsp::c_values,
      [](auto ref, auto got, Rng& rng) {
        const unsigned w = small_size(rng), h = small_size(rng);
        const int window = std::vector<int>{5, 9, 23, 33, 65}[rng() % 5];
        const CValueTables tables =
            make_contrast_tables(1 + static_cast<int>(rng() % 3), 0.019, rng() % 2 ? 0.0 : 0.06, Eotf::Bt1886);
        std::vector<std::uint16_t> img(static_cast<std::size_t>(w) * h);
        smooth(rng, img.data(), w, h, w, 60, 200);
        std::vector<std::int16_t> keys(img.size());
        for (std::size_t i = 0; i < img.size(); ++i) {
          const int k = img[i] - tables.band_base;
          keys[i] = rng() % 6 != 0 && k >= 0 && k < tables.band_size ? static_cast<std::int16_t>(k) : std::int16_t{-1};
        }
        const auto [r0, r1] = band_of(rng, h);
        const auto sw = static_cast<std::ptrdiff_t>(w);
        Histograms ha, hb;
        ha.plan(tables.band_size, w);
        hb.plan(tables.band_size, w);
        std::vector<float> va, vb;
        std::vector<std::uint32_t> pa, pb;
        for (int round = 0; round < 2; ++round) {  // the second reuses (and must clear) the histograms
          va.clear();
          vb.clear();
          pa.clear();
          pb.clear();
          ref(View<const std::uint16_t>{img.data(), sw, w, h}, View<const std::int16_t>{keys.data(), sw, w, h}, window,
              tables, r0, r1, ha, va, pa);
          got(View<const std::uint16_t>{img.data(), sw, w, h}, View<const std::int16_t>{keys.data(), sw, w, h}, window,
              tables, r0, r1, hb, vb, pb);
          const std::string where = fmt::format("{}x{} rows {}..{} window {} round {}", w, h, r0, r1, window, round);
          if (pa != pb) return fmt::format("positions differ ({} and {} values, {})", pa.size(), pb.size(), where);
          if (std::memcmp(va.data(), vb.data(), va.size() * sizeof(float)) != 0)
            return fmt::format("c-values differ ({})", where);
        }
        return std::string();
      },
      0.5);
}

}  // namespace fastvmaf::dsp_test
