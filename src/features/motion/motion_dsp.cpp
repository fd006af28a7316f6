#include "features/motion/motion_dsp.hpp"

#include <algorithm>
#include <cstdlib>

#include "core/sample.hpp"

namespace fastvmaf::motion {

namespace {

template <class T>
void diff_row_c(const T* prev, const T* cur, unsigned w, std::int16_t* d) {
  for (unsigned j = 0; j < w; ++j) d[j] = static_cast<std::int16_t>(static_cast<int>(prev[j]) - static_cast<int>(cur[j]));
}

// vertical_diff (motion_math.hpp) on the differences: the same int32 products and sum.
bool vertical_c(const std::int16_t* const d[kTaps], unsigned w, unsigned bpc, std::int32_t* y) {
  std::int32_t any = 0;
  const std::int32_t round = std::int32_t{1} << (bpc - 1);
  for (unsigned j = 0; j < w; ++j) {
    std::int32_t acc = 0;
    for (int k = 0; k < kTaps; ++k) acc += kFilter[k] * d[k][j];
    y[j] = (acc + round) >> bpc;
    any |= y[j];
  }
  return any != 0;
}

bool vertical_16bit_c(const std::uint16_t* const prev[kTaps], const std::uint16_t* const cur[kTaps], unsigned w,
                      std::int32_t* y) {
  std::int32_t any = 0;
  for (unsigned j = 0; j < w; ++j) {
    y[j] = vertical_diff<std::int64_t>(prev, cur, j, 16);
    any |= y[j];
  }
  return any != 0;
}

std::uint32_t horizontal_sad_c(const std::int32_t* y, unsigned w, std::int16_t*) {
  const int n = static_cast<int>(w);
  std::uint32_t sad = 0;
  const int edge = n < 2 * kRadius ? n : kRadius;
  for (int j = 0; j < edge; ++j) sad += static_cast<std::uint32_t>(std::abs(horizontal_value(y, j, n)));
  for (int j = edge; j < n - kRadius; ++j) sad += static_cast<std::uint32_t>(std::abs(horizontal_value_inner(y, j)));
  for (int j = n - kRadius > edge ? n - kRadius : edge; j < n; ++j)
    sad += static_cast<std::uint32_t>(std::abs(horizontal_value(y, j, n)));
  return sad;
}

}  // namespace

Dsp make_dsp(cpu::Flags flags) {
  Dsp d{&diff_row_c<std::uint8_t>, &diff_row_c<std::uint16_t>, &vertical_c, &vertical_16bit_c, &horizontal_sad_c};
  const cpu::Level level = cpu::level_of(flags);
  if (level >= cpu::Level::Avx2) fill_dsp_avx2(d);
  if (level >= cpu::Level::Avx512) fill_dsp_avx512(d);
  return d;
}

void SadScratch::plan(unsigned w) {
  const std::size_t row = static_cast<std::size_t>(w) + kRowPad;
  if (y.size() >= row) return;
  diffs.assign(kTaps * row, 0);
  y.assign(row, 0);
  horizontal.assign(2 * row, 0);
}

std::uint64_t sad_rows(const Plane& prev, const Plane& cur, unsigned bpc, unsigned r0, unsigned r1, const Dsp& dsp,
                       SadScratch& s) {
  const unsigned w = prev.width;
  const int h = static_cast<int>(prev.height);
  s.plan(w);
  const std::size_t row = static_cast<std::size_t>(w) + kRowPad;
  std::uint64_t sad = 0;
  auto add_row = [&](bool nonzero) {
    if (nonzero) sad += dsp.horizontal_sad(s.y.data(), w, s.horizontal.data());
  };
  if (bpc == 16) {
    const std::uint16_t* p[kTaps];
    const std::uint16_t* c[kTaps];
    for (unsigned i = r0; i < r1; ++i) {
      for (int k = 0; k < kTaps; ++k) {
        const unsigned y = static_cast<unsigned>(mirror(static_cast<int>(i) - kRadius + k, h));
        p[k] = prev.row<const std::uint16_t>(y);
        c[k] = cur.row<const std::uint16_t>(y);
      }
      add_row(dsp.vertical_16bit(p, c, w, s.y.data()));
    }
    return sad;
  }
  // Each input row's difference once, in a ring of kTaps rows (input row y in slot y % kTaps).
  auto slot = [&](int y) { return s.diffs.data() + static_cast<std::size_t>(y % kTaps) * row; };
  int next = r0 > static_cast<unsigned>(kRadius) ? static_cast<int>(r0) - kRadius : 0;
  const std::int16_t* d[kTaps];
  with_sample_type(bpc, [&]<class T>() {
    for (unsigned i = r0; i < r1; ++i) {
      const int last = std::min(static_cast<int>(i) + kRadius, h - 1);
      for (; next <= last; ++next) {
        const unsigned y = static_cast<unsigned>(next);
        if constexpr (sizeof(T) == 1)
          dsp.diff_row_8(prev.row<const T>(y), cur.row<const T>(y), w, slot(next));
        else
          dsp.diff_row_16(prev.row<const T>(y), cur.row<const T>(y), w, slot(next));
      }
      for (int k = 0; k < kTaps; ++k) d[k] = slot(mirror(static_cast<int>(i) - kRadius + k, h));
      add_row(dsp.vertical(d, w, bpc, s.y.data()));
    }
  });
  return sad;
}

}  // namespace fastvmaf::motion
