// The one check of a picture in device memory (DeviceFrameView) against a run's geometry,
// made where such pictures enter: Session::push_device, the compressed-input readers and
// the frame pipeline's guard. Accepts libvmaf's odd chroma (one sample short: the pipeline
// repeats the last column and row), semi-planar chroma (NV12, P010: Cb and Cr pairs in
// planes[1]) and samples kept in the high bits (P010's msb_shift of 6).
#pragma once

#include "core/plane_size.hpp"
#include "fastvmaf/picture.hpp"

namespace fastvmaf {

// Throws std::invalid_argument naming frame `frame` and `role` ("reference") when `v`
// is not a picture of geometry `g`: a plane missing, of another size or with a pitch
// shorter than its rows, or a shift the bit depth does not allow.
void check_device_frame(const DeviceFrameView& v, const VideoGeometry& g, const char* role, unsigned frame);

}  // namespace fastvmaf
