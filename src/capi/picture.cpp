// vmaf_picture_*: libvmaf's picture layout (chroma w >> 1 and h >> 1 as it subsamples,
// rows aligned to 32 samples, one zeroed block for the three planes), reference counted.
// The block is host memory, or device memory from a CUDA context's picture pool
// (cuda.cpp), which the last reference gives back instead of freeing.
#include <cstdlib>
#include <cstring>

#include "capi/capi.hpp"

namespace fastvmaf::capi {

namespace {
constexpr std::size_t kAlign = 32;  // libvmaf's DATA_ALIGN, in samples and bytes
}

std::size_t lay_out(VmafPicture& pic, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h) {
  std::memset(&pic, 0, sizeof pic);
  pic.pix_fmt = pix_fmt;
  pic.bpc = bpc;
  const unsigned ss_hor = pix_fmt != VMAF_PIX_FMT_YUV444P, ss_ver = pix_fmt == VMAF_PIX_FMT_YUV420P;
  pic.w[0] = w;
  pic.h[0] = h;
  pic.w[1] = pic.w[2] = w >> ss_hor;
  pic.h[1] = pic.h[2] = h >> ss_ver;
  if (pix_fmt == VMAF_PIX_FMT_YUV400P) pic.w[1] = pic.w[2] = pic.h[1] = pic.h[2] = 0;
  const unsigned hbd = bpc > 8;
  const std::size_t stride_y = ((static_cast<std::size_t>(w) + kAlign - 1) & ~(kAlign - 1)) << hbd;
  const std::size_t stride_c = ((static_cast<std::size_t>(pic.w[1]) + kAlign - 1) & ~(kAlign - 1)) << hbd;
  pic.stride[0] = static_cast<std::ptrdiff_t>(stride_y);
  pic.stride[1] = pic.stride[2] = static_cast<std::ptrdiff_t>(stride_c);
  const std::size_t y_bytes = stride_y * h, c_bytes = stride_c * pic.h[1];
  return (y_bytes + 2 * c_bytes + kAlign - 1) & ~(kAlign - 1);
}

void point_planes(VmafPicture& pic, void* block) {
  auto* data = static_cast<std::uint8_t*>(block);
  const std::size_t y_bytes = static_cast<std::size_t>(pic.stride[0]) * pic.h[0];
  const std::size_t c_bytes = static_cast<std::size_t>(pic.stride[1]) * pic.h[1];
  pic.data[0] = data;
  if (pic.pix_fmt != VMAF_PIX_FMT_YUV400P) {
    pic.data[1] = data + y_bytes;
    pic.data[2] = data + y_bytes + c_bytes;
  }
}

bool valid_params(enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h) {
  return pix_fmt > VMAF_PIX_FMT_UNKNOWN && pix_fmt <= VMAF_PIX_FMT_YUV400P && bpc >= 8 && bpc <= 16 && w && h;
}

void release(VmafRef* ref) noexcept {
  if (ref->count.fetch_sub(1) != 1) return;
  if (ref->give_back)
    ref->give_back(ref->block);
  else
    std::free(ref->block);
  delete ref;
}

}  // namespace fastvmaf::capi

namespace capi = fastvmaf::capi;

extern "C" {

int vmaf_picture_alloc(VmafPicture* pic, enum VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h) {
  if (!pic) return -EINVAL;
  if (!capi::valid_params(pix_fmt, bpc, w, h)) return -EINVAL;
  const std::size_t total = capi::lay_out(*pic, pix_fmt, bpc, w, h);
  void* block = std::aligned_alloc(32, total);
  VmafRef* ref = block ? new (std::nothrow) VmafRef : nullptr;
  if (!ref) {
    std::free(block);
    std::memset(pic, 0, sizeof *pic);
    return -ENOMEM;
  }
  std::memset(block, 0, total);
  ref->block = block;
  capi::point_planes(*pic, block);
  pic->ref = ref;
  return 0;
}

int vmaf_picture_unref(VmafPicture* pic) {
  if (!pic || !pic->ref) return -EINVAL;
  capi::release(pic->ref);
  std::memset(pic, 0, sizeof *pic);
  return 0;
}

}  // extern "C"
