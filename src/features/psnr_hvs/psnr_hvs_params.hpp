// The tables of libvmaf's PSNR-HVS (Xiph's psnr_hvs.c): the contrast sensitivity
// matrices for an 8x8 DCT (luma, and the 4:2:0 Cb and Cr ones, which libvmaf uses for
// every chroma format), the masking tables derived from them, and the block grid.
#pragma once

namespace fastvmaf::psnr_hvs {

inline constexpr int kBlock = 8;
// Blocks start every 7 samples (they overlap by one), while x < width - 7.
inline constexpr int kStep = 7;
// libvmaf refuses more than 12 bits (its integer DCT's squares would overflow).
inline constexpr unsigned kMaxBpc = 12;

struct PlaneTables {
  float csf[kBlock][kBlock];
  // (csf * 0.3885746225901003)^2 in double, rounded to float (the PSNR-HVS-M masking).
  float mask[kBlock][kBlock];
};

// Plane 0 (Y), 1 (Cb), 2 (Cr).
const PlaneTables& plane_tables(int plane);

// libvmaf's convert_score_db: 10 * (-1 * log10(score)).
double to_db(double score);

// The combined score before the dB conversion: 0.8 Y + 0.1 (Cb + Cr).
double combine(const double score[3]);

}  // namespace fastvmaf::psnr_hvs
