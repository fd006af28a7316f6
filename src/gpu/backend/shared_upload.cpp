#include "gpu/backend/shared_upload.hpp"

#include <cstdint>
#include <cstring>

#include "gpu/backend/buffer.hpp"
#include "gpu/backend/stream.hpp"
#include "gpu/counters.hpp"

// SYCL takes no device pictures (FramePipeline::begin_frame): nothing here for it.
#if !defined(FASTVMAF_GPU_SYCL)

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {

namespace {

constexpr const char* kWho = "shared upload";
constexpr std::size_t kPlaneAlign = 256;

// The uploaded picture: its view, and the memory behind it.
struct Uploaded {
  DeviceFrameView view;
  DeviceBuffer<std::uint8_t> device;
  PinnedBuffer<std::uint8_t> staging;
  Event uploaded{kWho};
  // Released buffers are reused at once (buffer.hpp): not while the upload may still read
  // the staging or write the device copy (a frame no pipeline took, a failed run).
  ~Uploaded() {
    try {
      uploaded.wait_host();
    } catch (...) {  // the device failed; the run reports that error
    }
  }
};

}  // namespace

std::shared_ptr<const DeviceFrameView> upload_picture(const Picture& picture) {
  // The planes as the picture lays them out (its strides), each from an aligned offset.
  std::size_t offset[3] = {}, total = 0;
  for (int p = 0; p < 3; ++p) {
    offset[p] = total;
    const Plane& pl = picture.plane(p);
    total += (static_cast<std::size_t>(pl.stride) * pl.height + kPlaneAlign - 1) / kPlaneAlign * kPlaneAlign;
  }
  auto u = std::make_shared<Uploaded>();
  u->device = DeviceBuffer<std::uint8_t>(total, kWho);
  u->staging = PinnedBuffer<std::uint8_t>(total, kWho);
  for (int p = 0; p < 3; ++p) {
    const Plane& pl = picture.plane(p);
    std::memcpy(u->staging.data() + offset[p], pl.data, static_cast<std::size_t>(pl.stride) * pl.height);
    u->view.planes[p] = DevicePlaneView{u->device.get() + offset[p], static_cast<std::size_t>(pl.stride), pl.width,
                                        pl.height};
  }
  static Counters counters;  // not a run's: the pipelines count their own copies of it
  const StreamRef legacy(rt::legacy_stream(), counters, kWho);
  legacy.upload(u->device.get(), u->staging.data(), total);
  u->uploaded.record(legacy);
  return std::shared_ptr<const DeviceFrameView>(u, &u->view);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu

#endif
