// CAMBI's per-scale heatmaps (libvmaf cambi.c, heatmaps_path): one raw 16-bit gray file
// per scale, named cambi_heatmap_scale_<s>_<w>x<h>_16b.gray after the encode size halved
// per scale, holding each frame's c-values scaled to 16 bits at offset frame * plane size.
//
// libvmaf opens the files with "w" in init. Our engine may start another instance of the
// extractor while frames are being written, so instances open without truncating, write
// their frames with pwrite, and the flushing instance cuts the files to the frame count.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "features/cambi/cambi_params.hpp"

namespace fastvmaf::cambi {

class HeatmapWriter {
 public:
  // Creates the folder and opens the five files. Throws std::invalid_argument naming the
  // path that cannot be created or opened.
  HeatmapWriter(const std::string& folder, const Plan& plan);
  ~HeatmapWriter();
  HeatmapWriter(const HeatmapWriter&) = delete;
  HeatmapWriter& operator=(const HeatmapWriter&) = delete;

  // Writes frame `frame` of scale `scale` (libvmaf dump_c_values). Throws on a write error.
  void write(int scale, const float* c_values, unsigned width, unsigned height, unsigned frame);
  // Cuts every file to `frames` frames.
  void truncate(unsigned frames);

 private:
  std::array<int, kNumScales> fd_{};
  std::array<std::string, kNumScales> path_{};
  std::array<std::uint64_t, kNumScales> frame_bytes_{};
  double scaling_ = 0.0;
  std::vector<std::uint16_t> row_;
};

}  // namespace fastvmaf::cambi
