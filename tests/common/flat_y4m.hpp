// Test helper: a .y4m of flat 8-bit 4:2:0 frames, the smallest input an engine run takes.
#pragma once

#include <cstddef>
#include <fstream>
#include <functional>
#include <stdexcept>
#include <string>

namespace fastvmaf::test {

// Writes `frames` frames of w x h (even sizes) to `path`, every sample of frame k equal to
// `value(k)`.
inline void write_flat_y4m(const std::string& path, unsigned w, unsigned h, unsigned frames,
                           const std::function<unsigned char(unsigned)>& value) {
  std::ofstream f(path, std::ios::binary);
  f << "YUV4MPEG2 W" << w << " H" << h << " F25:1 Ip A1:1 C420jpeg\n";
  const std::size_t bytes = std::size_t{w} * h * 3 / 2;
  for (unsigned k = 0; k < frames; ++k) f << "FRAME\n" << std::string(bytes, static_cast<char>(value(k)));
  if (!f.flush()) throw std::runtime_error("cannot write " + path);
}

}  // namespace fastvmaf::test
