// The one check of a picture in device memory (DeviceFrameView) against a run's geometry,
// made where such pictures enter: Session::push_device, the compressed-input readers and
// the frame pipeline's guard. Accepts libvmaf's odd chroma (one sample short: the pipeline
// repeats the last column and row), semi-planar chroma (NV12, P010: Cb and Cr pairs in
// planes[1]) and samples kept in the high bits (P010's msb_shift of 6).
#pragma once

#include "fastvmaf/picture.hpp"

namespace fastvmaf {

// The size of plane `p` (0: luma) of pictures of geometry `g`: chroma ceil(w / 2) wide
// for 4:2:0 and 4:2:2, ceil(h / 2) high for 4:2:0, as Picture::allocate lays them out.
unsigned plane_width(const VideoGeometry& g, int p);
unsigned plane_height(const VideoGeometry& g, int p);

// Throws std::invalid_argument naming frame `frame` and `role` ("reference") when `v`
// is not a picture of geometry `g`: a plane missing, of another size or with a pitch
// shorter than its rows, or a shift the bit depth does not allow.
void check_device_frame(const DeviceFrameView& v, const VideoGeometry& g, const char* role, unsigned frame);

}  // namespace fastvmaf
