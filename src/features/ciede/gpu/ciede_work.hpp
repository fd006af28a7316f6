// The CIEDE2000 twin's work-items (its plan is ciede_plan.hpp; the kernels
// ciede_kernels.cu and ciede_sycl.cpp and the host replay call these).
//
// libvmaf converts every pixel of both pictures to Lab, takes the CIEDE2000 difference of
// the two colours as a float and adds it to ONE double, pixel after pixel in raster order;
// the frame's score is 45 - 20 log10(sum / pixels). A double sum's rounding depends on
// its order, so the twin keeps it (docs/adr/0210-float-family-twins.md, "CIEDE"):
//
//   kernel 1 "ciede_diff"   one work-item per pixel: both triples (chroma read where
//                           libvmaf's upsampling reads it, chroma_flat_index), both Lab
//                           colours and their difference with the CPU's own arithmetic
//                           (ciede_math.hpp) and core/hd's transcriptions of glibc's pow,
//                           exp, sin, cos, atan2 and powf (the CPU calls glibc itself: the
//                           same bits), into the terms buffer at the pixel's raster index;
//                           equal triples give +0 without the arithmetic, as on the CPU
//   kernel 2 "ciede_scan"   the smallest exponent of a nonzero term, and whether any term
//                           is negative, NaN or infinite (work-groups reduce, then one
//                           atomic update each)
//   kernel 3 "ciede_units"  the terms' integer sum in units of that exponent's last bit
//   kernel 4 "ciede_sum"    one work-group: the sum into the slot. When every term is a
//                           whole number of units u and the total stays below 2^53 units,
//                           every partial sum of libvmaf's loop is a whole number of units
//                           below 2^53 u, so exact in double: its additions round nothing,
//                           in any order, and the sum is units * u (nearly every frame: the
//                           differences of real pictures are rarely below 1/64 beside a
//                           total that large). Otherwise the terms are added in raster
//                           order by one work-item, as the CPU adds them.
//
// fp64: ciede_diff and ciede_sum (tests/contract/fp64_kernels.txt) on CUDA and HIP; the SYCL
// unit computes them in hd::SoftF64 (docs/adr/0210-float-family-twins.md, "ciede").
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/hd.hpp"
#include "core/hd/atan2.hpp"
#include "core/hd/atomics.hpp"
#include "core/hd/bits.hpp"
#include "core/hd/exp.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/chain_sum.hpp"
#include "core/hd/pow.hpp"
#include "core/hd/powf.hpp"
#include "core/hd/reduce.hpp"
#include "core/hd/rounding.hpp"
#include "core/hd/sincos.hpp"
#include "features/ciede/ciede_math.hpp"

namespace fastvmaf::ciede::twin {

inline constexpr unsigned kDiffThreads = 128;
inline constexpr unsigned kLaunchesPerFrame = 4;

// The libm of the device and of the replay: glibc's x86-64 routines, transcribed.
struct GlibcLibm {
  // Each call out of line in SYCL units (FVMAF_HD_OUTLINED, core/hd.hpp); not templates,
  // since clang 16 crashes on that attribute over a dependent call.
  FVMAF_HD static hd::f64 pow(hd::f64 x, hd::f64 y) {
    hd::f64 r;
    FVMAF_HD_OUTLINED r = hd::glibc_pow(x, y);
    return r;
  }
  FVMAF_HD static hd::f64 exp(hd::f64 x) {
    hd::f64 r;
    FVMAF_HD_OUTLINED r = hd::glibc_exp(x);
    return r;
  }
  FVMAF_HD static hd::f64 sin(hd::f64 x) {
    hd::f64 r;
    FVMAF_HD_OUTLINED r = hd::glibc_sin(x);
    return r;
  }
  FVMAF_HD static hd::f64 cos(hd::f64 x) {
    hd::f64 r;
    FVMAF_HD_OUTLINED r = hd::glibc_cos(x);
    return r;
  }
  FVMAF_HD static hd::f64 atan2(hd::f64 y, hd::f64 x) {
    hd::f64 r;
    FVMAF_HD_OUTLINED r = hd::glibc_atan2(y, x);
    return r;
  }
  FVMAF_HD static float powf(float x, float y) {
    float r;
    FVMAF_HD_OUTLINED r = hd::glibc_powf_f64(x, y);
    return r;
  }
};

// The twin's slot of the frame's results block (zero when the frame's upload leaves it).
struct Results {
  hd::f64 sum;            // the frame's sum (kernel 4)
  std::uint64_t units;    // the terms' sum in units (kernel 3)
  std::uint32_t exp_key;  // 256 - the smallest effective exponent of a nonzero term; 0: none
  std::uint32_t inexact;  // 1: a term negative, NaN or infinite, or 2^53 units or more
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

// A float term t >= 0 as m * 2^(e - 150) with m < 2^24 an integer and e >= 1 its
// effective biased exponent (1 for subnormals, whose exponent field is 0).
struct TermParts {
  std::uint32_t m, e;
};
FVMAF_HD inline TermParts term_parts(float t) {
  const std::uint32_t b = hd::float_bits(t), field = (b >> 23) & 0xffu, frac = b & 0x7fffffu;
  return field == 0 ? TermParts{frac, 1u} : TermParts{frac | 0x800000u, field};
}
FVMAF_HD inline bool term_is_unusual(float t) {  // negative (-0 too), NaN or infinite
  const std::uint32_t b = hd::float_bits(t);
  return (b >> 31) != 0 || ((b >> 23) & 0xffu) == 0xffu;
}

// Kernels 2 and 3: work-groups of kReduceThreads, as many as give each work-item about
// kTermsPerItem terms (at most kMaxReduceBlocks); work-item g reads every
// reduce_items()-th term from its index (neighbours read neighbours). A work-group
// combines its work-items' parts in local memory (hd::tree_absorb_step) and its first
// work-item updates the slot once. The parts are a maximum, flags and an integer sum:
// the same whatever the grid and the order. (A fixed grid of 64 work-groups, one atomic
// update a work-item, left most of an H100 idle: 0.35 ms of a 4K frame.)
inline constexpr unsigned kReduceThreads = 256;
inline constexpr unsigned kTermsPerItem = 32;
inline constexpr unsigned kMaxReduceBlocks = 1024;
inline constexpr unsigned long long kExactUnits = 1ull << 53;

FVMAF_HD inline unsigned reduce_blocks(unsigned width, unsigned height) {
  const unsigned long long per_block = static_cast<unsigned long long>(kReduceThreads) * kTermsPerItem;
  const unsigned long long n = (static_cast<unsigned long long>(width) * height + per_block - 1) / per_block;
  return n < 1 ? 1u : n > kMaxReduceBlocks ? kMaxReduceBlocks : static_cast<unsigned>(n);
}
FVMAF_HD inline unsigned reduce_items(const Args& a) { return reduce_blocks(a.width, a.height) * kReduceThreads; }

// Kernel 2's part: the largest exponent key (256 - the smallest exponent) of a nonzero
// term, and whether a term is unusual. No initialisers: it lives in __shared__ memory.
struct ScanPart {
  std::uint32_t key;
  std::uint32_t unusual;
  FVMAF_HD void absorb(const ScanPart& o) {
    key = o.key > key ? o.key : key;
    unusual |= o.unusual;
  }
};

// Kernel 2: work-item g's part.
FVMAF_HD inline ScanPart scan_part(const Args& a, unsigned g) {
  ScanPart part{0, 0};
  const unsigned long long n = static_cast<unsigned long long>(a.width) * a.height, step = reduce_items(a);
  for (unsigned long long i = g; i < n; i += step) {
    const float t = a.terms[i];
    if (term_is_unusual(t)) {
      part.unusual = 1;
    } else if (hd::float_bits(t) != 0) {
      const std::uint32_t k = 256u - term_parts(t).e;
      part.key = k > part.key ? k : part.key;
    }
  }
  return part;
}

// Kernel 2: a work-group's part into the slot.
FVMAF_HD inline void scan_store(const Args& a, const ScanPart& part) {
  if (part.key != 0) hd::atomic_max(&a.slot->exp_key, part.key);
  if (part.unusual) hd::atomic_or(&a.slot->inexact, 1u);
}

// Kernel 3 runs only when kernel 2 found the sum possibly exact: the same answer for
// every work-item of the grid (a whole-grid return, no barrier skipped by some only).
FVMAF_HD inline bool units_needed(const Args& a) { return a.slot->inexact == 0 && a.slot->exp_key != 0; }

// Kernel 3's part: terms in units of 2^(e - 150), e the smallest exponent, and whether a
// term or the sum reached 2^53 units. Each part's units stay below 2^54 (a work-item stops
// adding at 2^53), so a work-group's 256 sum without wrapping.
struct UnitsPart {
  unsigned long long units;
  std::uint32_t over;
  FVMAF_HD void absorb(const UnitsPart& o) {
    units += o.units;
    over |= o.over;
  }
};

// Kernel 3: work-item g's part.
FVMAF_HD inline UnitsPart units_part(const Args& a, unsigned g) {
  const std::uint32_t e0 = 256u - a.slot->exp_key;
  UnitsPart part{0, 0};
  const unsigned long long n = static_cast<unsigned long long>(a.width) * a.height, step = reduce_items(a);
  for (unsigned long long i = g; i < n; i += step) {
    const float t = a.terms[i];
    if (hd::float_bits(t) == 0 || term_is_unusual(t)) continue;  // unusual ones: kernel 2 marked
    const TermParts p = term_parts(t);
    const std::uint32_t shift = p.e - e0;
    if (shift >= 30) {  // m << shift reaches 2^53
      part.over = 1;
      break;
    }
    part.units += static_cast<unsigned long long>(p.m) << shift;  // each below 2^53: no wrap
    if (part.units >= kExactUnits) {
      part.over = 1;
      break;
    }
  }
  return part;
}

// Kernel 3: a work-group's part into the slot; a part or a total of 2^53 units or more
// marks the sum inexact.
FVMAF_HD inline void units_store(const Args& a, const UnitsPart& part) {
  bool over = part.over != 0;
  if (!over && part.units != 0) {
    const unsigned long long before = hd::atomic_add(&a.slot->units, static_cast<std::uint64_t>(part.units));
    // Below 2^53 before, a part below 2^62: the addition that reaches 2^53 sees it (later
    // ones may wrap past 2^64, once the sum is marked inexact anyway).
    over = before + part.units >= kExactUnits;
  }
  if (over) hd::atomic_or(&a.slot->inexact, 1u);
}

// Kernel 4, exact: units * 2^(e - 150), every factor exact (units below 2^53).
FVMAF_HD inline hd::f64 exact_sum(const Results& r) {
  if (r.exp_key == 0) return hd::int_to_double<hd::f64>(0);  // every term +0
  const std::uint32_t e0 = 256u - r.exp_key;
  const hd::f64 unit = hd::f64_from_bits<hd::f64>(static_cast<std::uint64_t>(1023 + e0 - 150) << 52);
  return hd::dmul_rn(hd::ull_to_double_rn<hd::f64>(r.units), unit);
}

// Kernel 4, otherwise: the frame's double sum, from +0, one term after the other (two
// million for a 1080p frame): the value of that chain of additions, computed by one
// work-group (core/hd/chain_sum.hpp: integer additions inside a binade of the sum, the real
// addition where it leaves one). The work-group reads the slot's flag alike, so all its
// work-items take the same branch.
inline constexpr unsigned kSumThreads = 1024;
using SumChain = hd::ChainSum<hd::Binary64, kSumThreads>;

FVMAF_HD inline unsigned long long pixels(const Args& a) { return static_cast<unsigned long long>(a.width) * a.height; }

// The CPU's double addition of a float term, on the sum's bits.
struct AddTerm {
  FVMAF_HD std::uint64_t operator()(std::uint64_t s, float v) const {
    return hd::f64_bits(hd::dadd_rn(hd::f64_from_bits<hd::f64>(s), hd::float_to_double<hd::f64>(v)));
  }
};

// Phase p (SumChain::drive) of work-item t: no term to add for an exact sum.
FVMAF_HD inline void sum_item(const Args& a, SumChain::Shared& sh, SumChain::Regs& r, unsigned p, unsigned t) {
  SumChain::item(sh, r, p, t, static_cast<const float*>(a.terms), a.slot->inexact == 0 ? 0 : pixels(a), AddTerm{});
}

// After the last round: work-item 0 stores the sum (the exact one when nothing was added).
FVMAF_HD inline void sum_store_item(const Args& a, const SumChain::Shared& sh, unsigned t) {
  if (t == 0) a.slot->sum = a.slot->inexact == 0 ? exact_sum(*a.slot) : hd::f64_from_bits<hd::f64>(sh.acc);
}

}  // namespace fastvmaf::ciede::twin
