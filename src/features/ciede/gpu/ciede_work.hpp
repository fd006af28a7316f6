// The CIEDE2000 twin's work-items (its plan is ciede_plan.hpp; the kernels
// ciede_kernels.cu and ciede_sycl.cpp and the host replay call these).
//
// libvmaf converts every pixel of both pictures to Lab, takes the CIEDE2000 difference of
// the two colours as a float and adds it to ONE double, pixel after pixel in raster order;
// the frame's score is 45 - 20 log10(sum / pixels). A double sum's rounding depends on
// its order, so the twin keeps it (docs/adr/0210-float-family-twins.md, "CIEDE"):
//
//   kernel 1 "ciede_diff"  one work-item per pixel: both triples (chroma read where
//                          libvmaf's upsampling reads it, chroma_flat_index), both Lab
//                          colours and their difference with the CPU's own arithmetic
//                          (ciede_math.hpp) and core/hd's transcriptions of glibc's pow,
//                          exp, sin, cos, atan2 and powf (the CPU calls glibc itself: the
//                          same bits), into the terms buffer at the pixel's raster index;
//                          equal triples give +0 without the arithmetic, as on the CPU
//   kernel 2 "ciede_sum"   one work-group: the double sum of the terms in that order,
//                          added by one work-item, into the slot
//
// fp64: both kernels (tests/contract/fp64_kernels.txt). CUDA and HIP only: no SYCL unit
// instantiates these (docs/adr/0210-float-family-twins.md, "ciede").
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/hd.hpp"
#include "core/hd/atan2.hpp"
#include "core/hd/exp.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/pow.hpp"
#include "core/hd/powf.hpp"
#include "core/hd/rounding.hpp"
#include "core/hd/sincos.hpp"
#include "features/ciede/ciede_math.hpp"

namespace fastvmaf::ciede::twin {

inline constexpr unsigned kDiffThreads = 128;
inline constexpr unsigned kLaunchesPerFrame = 2;

// The libm of the device and of the replay: glibc's x86-64 routines, transcribed.
struct GlibcLibm {
  template <class F>
  FVMAF_HD static F pow(F x, F y) {
    return hd::glibc_pow(x, y);
  }
  template <class F>
  FVMAF_HD static F exp(F x) {
    return hd::glibc_exp(x);
  }
  template <class F>
  FVMAF_HD static F sin(F x) {
    return hd::glibc_sin(x);
  }
  template <class F>
  FVMAF_HD static F cos(F x) {
    return hd::glibc_cos(x);
  }
  template <class F>
  FVMAF_HD static F atan2(F y, F x) {
    return hd::glibc_atan2(y, x);
  }
  FVMAF_HD static float powf(float x, float y) { return hd::glibc_powf_f64(x, y); }
};

// The twin's slot of the frame's results block: the frame's sum.
struct Results {
  hd::f64 sum;
  std::uint64_t unused;
};

// One picture's three planes as the kernels read them (device addresses). Chroma is read
// as libvmaf's flat buffer: sample `index` of the plane (its pitch in samples a row),
// 0 past the plane's last sample (a one-row 4:2:2 frame), as ciede.cpp's FlatPlane.
struct PictureArgs {
  const std::uint8_t* plane[3];
  unsigned pitch[3];  // bytes
};

struct Args {
  PictureArgs ref, dis;
  unsigned width, height;          // luma
  unsigned row_shift, col_shift;   // chroma_flat_index's, for the format
  unsigned chroma_stride;          // samples a chroma row (the pitch / sample size)
  unsigned long long chroma_size;  // samples of a chroma plane (stride * height)
  unsigned bpc;
  float* terms;  // width * height, raster order
  Results* slot;
};

template <typename Sample>
FVMAF_HD inline unsigned luma_at(const PictureArgs& p, unsigned x, unsigned y) {
  return reinterpret_cast<const Sample*>(p.plane[0] + static_cast<unsigned long long>(y) * p.pitch[0])[x];
}
template <typename Sample>
FVMAF_HD inline unsigned chroma_at(const Args& a, const PictureArgs& p, int plane, unsigned long long index) {
  return index < a.chroma_size ? reinterpret_cast<const Sample*>(p.plane[plane])[index] : 0u;
}

// Kernel 1: pixel `i` (raster index); past the picture, nothing.
template <typename Sample>
FVMAF_HD inline void diff_item(const Args& a, unsigned long long i) {
  if (i >= static_cast<unsigned long long>(a.width) * a.height) return;
  const unsigned x = static_cast<unsigned>(i % a.width), y = static_cast<unsigned>(i / a.width);
  const unsigned long long c = chroma_flat_index(a.row_shift, a.col_shift, y, x, a.chroma_stride);
  const unsigned ry = luma_at<Sample>(a.ref, x, y), ru = chroma_at<Sample>(a, a.ref, 1, c),
                 rv = chroma_at<Sample>(a, a.ref, 2, c);
  const unsigned dy = luma_at<Sample>(a.dis, x, y), du = chroma_at<Sample>(a, a.dis, 1, c),
                 dv = chroma_at<Sample>(a, a.dis, 2, c);
  float value = 0.0f;  // equal triples: equal colours, whose difference is +0
  if (ry != dy || ru != du || rv != dv)
    value = ciede2000_in<hd::f64, GlibcLibm>(lab_color_in<hd::f64, GlibcLibm>(ry, ru, rv, a.bpc),
                                             lab_color_in<hd::f64, GlibcLibm>(dy, du, dv, a.bpc));
  a.terms[i] = value;
}

// Kernel 2: the frame's double sum, from +0, one term after the other (two million for a
// 1080p frame). As PSNR-HVS's sum (psnr_hvs_work.hpp): the terms go through the
// work-group's shared memory in chunks of kSumChunk, two buffers; at step k every
// work-item fetches its share of chunk k, work-item 0 adds chunk k - 1 meanwhile; a
// barrier ends each step. The additions are the CPU's; only the loads are spread.
inline constexpr unsigned kSumThreads = 256;
inline constexpr unsigned kSumPerItem = 8;
inline constexpr unsigned kSumChunk = kSumThreads * kSumPerItem;
inline constexpr unsigned kSumSharedFloats = 2 * kSumChunk;

FVMAF_HD inline unsigned long long pixels(const Args& a) { return static_cast<unsigned long long>(a.width) * a.height; }
// One step per chunk, and one more for the last chunk's adding.
FVMAF_HD inline unsigned sum_steps(const Args& a) {
  return static_cast<unsigned>((pixels(a) + kSumChunk - 1) / kSumChunk) + 1;
}

// Step k of work-item t (work-item 0 adds into acc).
FVMAF_HD inline void sum_step_item(const Args& a, float* sh, unsigned k, unsigned t, hd::f64& acc) {
  const unsigned long long n = pixels(a);
  const unsigned long long begin = static_cast<unsigned long long>(k) * kSumChunk;
  float fetched[kSumPerItem];
  for (unsigned j = 0; j < kSumPerItem; ++j) {
    const unsigned long long at = begin + t + j * kSumThreads;
    fetched[j] = at < n ? a.terms[at] : 0.0f;
  }
  if (k > 0 && t == 0) {
    const unsigned long long prev = begin - kSumChunk;
    const unsigned count = n - prev < kSumChunk ? static_cast<unsigned>(n - prev) : kSumChunk;
    const float* buf = sh + ((k - 1) & 1u) * kSumChunk;
    for (unsigned i = 0; i < count; ++i) acc = hd::dadd_rn(acc, hd::float_to_double<hd::f64>(buf[i]));
  }
  float* buf = sh + (k & 1u) * kSumChunk;
  for (unsigned j = 0; j < kSumPerItem; ++j) buf[t + j * kSumThreads] = fetched[j];
}

// After the last step: work-item 0 stores the sum.
FVMAF_HD inline void sum_store_item(const Args& a, unsigned t, hd::f64 acc) {
  if (t == 0) a.slot->sum = acc;
}

}  // namespace fastvmaf::ciede::twin
