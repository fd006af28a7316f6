// Per-element arithmetic of libvmaf's float motion (vmaf_image_sad_c), host and device:
// the CPU's mean_abs_diff and the twin's row work-items (gpu/float_motion_work.hpp) call it.
#pragma once

#include "core/hd.hpp"
#include "core/hd/bits.hpp"
#include "core/hd/rounding.hpp"

namespace fastvmaf::float_motion {

// fabs(a - b) of two floats: the float difference with its sign bit cleared. libvmaf adds
// these in double and stores the row sum as float; a double sum of two floats rounded to
// float is their float sum (53 >= 2 * 24 + 2 bits), so a float addition gives the same bits.
FVMAF_HD inline float abs_diff(float a, float b) { return hd::bits_float(hd::float_bits(hd::fsub_rn(a, b)) & 0x7fffffffu); }

// The next row sum: line + fabs(a - b).
FVMAF_HD inline float add_abs_diff(float line, float a, float b) { return hd::fadd_rn(line, abs_diff(a, b)); }

}  // namespace fastvmaf::float_motion
