// Constants and host arithmetic of libvmaf's float ANSNR (float_ansnr.c, ansnr.c,
// ansnr_tools.c): the reference is smoothed by a 3x3 filter, the distorted picture by
// a 5x5 one (both 2-D, not separable), borders mirrored (-1 -> 1 at the start, but
// n -> n - 1 at the end: the last sample repeats); then the signal is the float sum of the smoothed reference's
// squares and the noise that of the squared differences, each row summed apart.
#pragma once

#include <array>

#include "common/float_picture.hpp"
#include "features/float_ansnr/float_ansnr_math.hpp"

namespace fastvmaf::float_ansnr {

// ansnr_filter2d_ref_s and ansnr_filter2d_dis_s: double quotients stored as float.
inline constexpr int kRefWidth = 3;
inline constexpr int kDisWidth = 5;
inline constexpr std::array<float, 9> kRefFilter = {
    static_cast<float>(1.0 / 16.0), static_cast<float>(2.0 / 16.0), static_cast<float>(1.0 / 16.0),
    static_cast<float>(2.0 / 16.0), static_cast<float>(4.0 / 16.0), static_cast<float>(2.0 / 16.0),
    static_cast<float>(1.0 / 16.0), static_cast<float>(2.0 / 16.0), static_cast<float>(1.0 / 16.0)};
inline constexpr std::array<float, 25> kDisFilter = {
    static_cast<float>(2.0 / 571.0),  static_cast<float>(7.0 / 571.0),   static_cast<float>(12.0 / 571.0),
    static_cast<float>(7.0 / 571.0),  static_cast<float>(2.0 / 571.0),   static_cast<float>(7.0 / 571.0),
    static_cast<float>(31.0 / 571.0), static_cast<float>(52.0 / 571.0),  static_cast<float>(31.0 / 571.0),
    static_cast<float>(7.0 / 571.0),  static_cast<float>(12.0 / 571.0),  static_cast<float>(52.0 / 571.0),
    static_cast<float>(127.0 / 571.0), static_cast<float>(52.0 / 571.0), static_cast<float>(12.0 / 571.0),
    static_cast<float>(7.0 / 571.0),  static_cast<float>(31.0 / 571.0),  static_cast<float>(52.0 / 571.0),
    static_cast<float>(31.0 / 571.0), static_cast<float>(7.0 / 571.0),   static_cast<float>(2.0 / 571.0),
    static_cast<float>(7.0 / 571.0),  static_cast<float>(12.0 / 571.0),  static_cast<float>(7.0 / 571.0),
    static_cast<float>(2.0 / 571.0)};

// The 5x5 mirror stays inside the picture from 3x3 on (libvmaf reads outside below).
inline constexpr unsigned kMinSize = 3;
// Throws std::invalid_argument when a w x h picture is smaller than that.
void check_size(unsigned w, unsigned h);

// The signal and noise sums of one frame (ansnr_mse_s).
struct SignalNoise {
  float signal = 0, noise = 0;
};

// Filters both pictures and sums, row by row as libvmaf.
SignalNoise signal_noise(const common::FloatImage& ref, const common::FloatImage& dis);

// float_ansnr and float_anpsnr from the sums (end of compute_ansnr).
struct Scores {
  double ansnr = 0, anpsnr = 0;
};
Scores scores(const SignalNoise& s, unsigned w, unsigned h, const common::FloatPeak& peak);

}  // namespace fastvmaf::float_ansnr
