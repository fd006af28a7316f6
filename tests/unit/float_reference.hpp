// Plain transcriptions of libvmaf's float building blocks for the float extractors'
// tests: whole-image filters written one output at a time, random float images and
// pictures. The production code streams rows and vectorises; these do neither, with the
// same float operations per output. Also the run of an extractor with the C entries of
// its DSP tables, then with the SIMD ones.
#pragma once

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "common/float_picture.hpp"
#include "common/mirror.hpp"
#include "core/cpu.hpp"
#include "core/extractor.hpp"
#include "fastvmaf/picture.hpp"
#include "picture_samples.hpp"

namespace fastvmaf::test {

// vif_filter1d_s / convolution_f32_c_s: the vertical sum of every column of a row, then
// the horizontal sums, each from 0 in tap order; `b` multiplies (products), `squares`
// squares the samples of the vertical pass.
inline common::FloatImage naive_filter(const std::vector<float>& f, const common::FloatImage& a,
                                       const common::FloatImage* b = nullptr, bool squares = false) {
  const int n = static_cast<int>(f.size()), r = n / 2, w = static_cast<int>(a.width), h = static_cast<int>(a.height);
  common::FloatImage out;
  out.resize(a.width, a.height);
  std::vector<float> tmp(a.width);
  for (int i = 0; i < h; ++i) {
    for (int j = 0; j < w; ++j) {
      float acc = 0;
      for (int k = 0; k < n; ++k) {
        const unsigned ii = static_cast<unsigned>(common::reflect(i - r + k, h));
        const float x = a.row(ii)[j];
        const float v = b ? x * b->row(ii)[j] : squares ? x * x : x;
        acc += f[k] * v;
      }
      tmp[j] = acc;
    }
    for (int j = 0; j < w; ++j) {
      float acc = 0;
      for (int k = 0; k < n; ++k) acc += f[k] * tmp[common::reflect(j - r + k, w)];
      out.row(static_cast<unsigned>(i))[j] = acc;
    }
  }
  return out;
}

inline common::FloatImage random_image(unsigned w, unsigned h, std::mt19937& rng, float lo = -128.0f,
                                       float hi = 128.0f) {
  std::uniform_real_distribution<float> u(lo, hi);
  common::FloatImage img;
  img.resize(w, h);
  for (float& v : img.data) v = u(rng);
  return img;
}

// A picture of smooth texture plus noise (so that filters, gains and masking all have
// work), the distorted one a blurred / noisier copy when `base` is given.
inline Picture textured_picture(PixelFormat fmt, unsigned w, unsigned h, unsigned bpc, std::mt19937& rng,
                                const Picture* base = nullptr, int noise = 6) {
  Picture p = Picture::allocate(fmt, bpc, w, h);
  const int max = (1 << bpc) - 1;
  const double scale = max / 255.0;
  const double phase = (rng() % 1000) / 100.0;
  for (int c = 0; c < 3; ++c) {
    const Plane& pl = p.plane(c);
    for (unsigned y = 0; y < pl.height; ++y)
      for (unsigned x = 0; x < pl.width; ++x) {
        int v;
        if (base) {
          const Plane& bp = base->plane(c);
          v = static_cast<int>(test::sample_at(bp, bpc, x, y));
          v += static_cast<int>((static_cast<int>(rng() % (2 * noise + 1)) - noise) * scale);
        } else {
          v = static_cast<int>((128 + 60 * std::sin(x * 0.21 + phase) * std::cos(y * 0.17 + c) +
                                static_cast<int>(rng() % 40) - 20) * scale);
        }
        v = v < 0 ? 0 : (v > max ? max : v);
        test::set_sample(pl, bpc, x, y, v);
      }
  }
  return p;
}

// libvmaf's float picture of the luma (picture_copy: 8-bit scale, minus 128).
inline common::FloatImage float_luma(const Picture& p) {
  common::FloatImage img;
  common::convert_plane(p.plane(0), p.bpc(), -128, p.width(), p.height(), img);
  return img;
}

// A float extractor's DSP tables are filled when it is made (core/cpu.hpp): an Extractor
// made from `o` with the C entries, then one with this CPU's SIMD entries, each set up
// for ref's size and given (ref, dis) `frames` times; check(e, where) after each frame,
// `where` naming the size, depth and flags for the failure messages.
template <class Extractor, class Check>
void run_c_then_simd(const OptionSet& o, const Picture& ref, const Picture& dis, int frames, const Check& check) {
  for (cpu::Flags keep : {cpu::Flags{0}, cpu::kAllFlags}) {
    const cpu::ScopedFlags flags(keep);
    Extractor e(o);
    e.init({ref.width(), ref.height(), ref.format(), ref.bpc()});
    FrameInput in;
    in.ref = &ref;
    in.dis = &dis;
    const std::string where =
        fmt::format("{}x{} bpc {}, flags {}", ref.width(), ref.height(), ref.bpc(), cpu::describe(cpu::active()));
    for (int frame = 0; frame < frames; ++frame) {
      e.submit(in);
      check(e, where);
    }
  }
}

}  // namespace fastvmaf::test
