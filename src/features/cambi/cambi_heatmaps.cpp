#include "features/cambi/cambi_heatmaps.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <system_error>

namespace fastvmaf::cambi {

HeatmapWriter::HeatmapWriter(const std::string& folder, const Plan& plan) {
  fd_.fill(-1);
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec) throw std::invalid_argument(fmt::format("cambi: could not create heatmaps_path {}: {}", folder, ec.message()));
  // libvmaf names the files after the encode size halved per scale, even where the
  // high-res speed-up computes scale 0 at half that size.
  unsigned w = plan.dis.width, h = plan.dis.height;
  for (int s = 0; s < kNumScales; ++s) {
    path_[s] = fmt::format("{}/cambi_heatmap_scale_{}_{}x{}_16b.gray", folder, s, w, h);
    fd_[s] = ::open(path_[s].c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
    if (fd_[s] < 0)
      throw std::invalid_argument(
          fmt::format("cambi: could not open heatmaps_path: {}: {}", path_[s], std::strerror(errno)));
    frame_bytes_[s] = std::uint64_t{plan.dis.scales[s].width} * plan.dis.scales[s].height * sizeof(std::uint16_t);
    w = (w + 1) >> 1;
    h = (h + 1) >> 1;
  }
  // dump_c_values: 16-bit full scale is the largest c-value the weights and window allow.
  int max_weight = plan.tables.weights[0];
  for (int d = 0; d < plan.tables.num_diffs; ++d) max_weight = std::max(max_weight, plan.tables.weights[d]);
  const int max_c_value = max_weight * plan.dis.window * plan.dis.window / 4;
  scaling_ = static_cast<double>((1 << 16) - 1) / max_c_value;
  row_.resize(plan.dis.scales[0].width);
}

HeatmapWriter::~HeatmapWriter() {
  for (int fd : fd_)
    if (fd >= 0) ::close(fd);
}

void HeatmapWriter::write(int scale, const float* c, unsigned width, unsigned height, unsigned frame) {
  const auto row_bytes = static_cast<std::size_t>(width) * sizeof(std::uint16_t);
  for (unsigned i = 0; i < height; ++i) {
    // (uint16_t)(double): x86 converts through a 32-bit int and keeps the low 16 bits.
    for (unsigned j = 0; j < width; ++j)
      row_[j] = static_cast<std::uint16_t>(static_cast<int>(scaling_ * c[static_cast<std::size_t>(i) * width + j]));
    const auto offset = static_cast<off_t>((static_cast<std::uint64_t>(frame) * height + i) * row_bytes);
    if (::pwrite(fd_[scale], row_.data(), row_bytes, offset) != static_cast<ssize_t>(row_bytes))
      throw std::runtime_error(fmt::format("cambi: could not write heatmap {}: {}", path_[scale], std::strerror(errno)));
  }
}

void HeatmapWriter::truncate(unsigned frames) {
  for (int s = 0; s < kNumScales; ++s)
    if (::ftruncate(fd_[s], static_cast<off_t>(frames * frame_bytes_[s])) != 0)
      throw std::runtime_error(fmt::format("cambi: could not resize heatmap {}: {}", path_[s], std::strerror(errno)));
}

}  // namespace fastvmaf::cambi
