// fastvmaf — one decoded picture: three planes of 8-bit or 16-bit samples.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace fastvmaf {

// Monochrome input (y4m "mono") is read as 4:2:0 with neutral chroma, as libvmaf's
// y4m reader used to convert it, so every feature and model works on it; it is scored
// only against another monochrome input (the chroma would be made up).
enum class PixelFormat { YUV420, YUV422, YUV444 };

// "420", "422", "444": the spelling libvmaf's CLI uses (-p).
std::string to_string(PixelFormat f);
// The inverse: the format spelled "420", "422" or "444"; false (and `f` untouched) for
// anything else, which the caller reports in its own words.
bool pixel_format_from(std::string_view spelling, PixelFormat& f);

// Horizontal / vertical chroma subsampling shift of a format (0 or 1).
int chroma_shift_x(PixelFormat f);
int chroma_shift_y(PixelFormat f);

// One plane. Samples are uint8_t when bpc == 8, uint16_t (native endian) otherwise.
// `stride` is in bytes. Rows are padded to a multiple of 32 samples and the padding is
// zero, as in libvmaf's pictures, so any code that reads past the width inside the
// stride sees what libvmaf's code sees.
struct Plane {
  std::uint8_t* data = nullptr;
  std::ptrdiff_t stride = 0;
  unsigned width = 0;
  unsigned height = 0;

  template <typename T>
  T* row(unsigned y) const {
    return reinterpret_cast<T*>(data + static_cast<std::ptrdiff_t>(y) * stride);
  }
};

class Picture {
 public:
  Picture() = default;

  // Allocates zeroed planes. Chroma planes are ceil(w/2) (and ceil(h/2) for 4:2:0),
  // the layout ffmpeg writes.
  static Picture allocate(PixelFormat fmt, unsigned bpc, unsigned width, unsigned height);
  // What allocate() would take, without allocating.
  static std::size_t bytes_for(PixelFormat fmt, unsigned bpc, unsigned width, unsigned height);
  // A picture whose planes lie in memory someone else owns: `planes` gives each plane's
  // data and stride (their width and height follow from the format), `owner` keeps the
  // memory alive as long as the picture or a copy of it lives, `bytes` is what it holds
  // (for memory budgets). The rows must be padded to a multiple of 32 samples with zeros,
  // as allocate() pads them. Used where a frame's memory is laid out for a device (the
  // GPU frame pipeline's pinned slabs); throws std::invalid_argument on a bad geometry.
  static Picture wrap(PixelFormat fmt, unsigned bpc, unsigned width, unsigned height, const Plane planes[3],
                      std::shared_ptr<void> owner, std::size_t bytes);
  // The stride allocate() gives a plane `width` samples wide: 32-sample aligned rows.
  static std::size_t padded_stride(unsigned width, unsigned bpc);

  PixelFormat format() const { return fmt_; }
  unsigned bpc() const { return bpc_; }
  unsigned width() const { return planes_[0].width; }
  unsigned height() const { return planes_[0].height; }
  unsigned bytes_per_sample() const;  // 1 at 8 bits, else 2
  const Plane& plane(int i) const { return planes_[i]; }
  Plane& plane(int i) { return planes_[i]; }
  bool empty() const { return !storage_; }
  // Total bytes held by the planes (stride * height summed), for memory budgeting.
  std::size_t byte_size() const { return size_; }

 private:
  PixelFormat fmt_ = PixelFormat::YUV420;
  unsigned bpc_ = 8;
  Plane planes_[3];
  std::shared_ptr<void> storage_;
  std::size_t size_ = 0;
};

// A picture whose planes are already in the device memory of a GPU run's backend (a CUDA
// device address on a cuda run): a hardware decoder's surface, or the pictures libvmaf's
// CUDA API hands out. Each plane gives its address, pitch in bytes and size in samples:
// the session's layout (chroma ceil(width / 2) wide for 4:2:0 and 4:2:2, ceil(height / 2)
// high for 4:2:0), or libvmaf's odd chroma one sample short, whose last column (row) is
// repeated on the device as libvmaf's CPU path reads it.
struct DevicePlaneView {
  const void* data = nullptr;
  std::size_t pitch = 0;
  unsigned width = 0, height = 0;
};

// A hardware decoder's surfaces are often semi-planar (NV12, P010, P016): then
// `interleaved_chroma` is set, planes[1] holds Cb and Cr sample pairs (its width still in
// samples of one chroma plane, its pitch in bytes) and planes[2] is unused. 10- and
// 12-bit surfaces (P010, P012) keep each sample in the high bits of its 16: `msb_shift`
// (6 or 4) says how far they are shifted up. The pipeline takes them apart on the device.
struct DeviceFrameView {
  DevicePlaneView planes[3];
  bool interleaved_chroma = false;
  unsigned msb_shift = 0;
};

// The geometry every picture of a run shares; extractors are initialised with it.
struct VideoGeometry {
  unsigned width = 0;
  unsigned height = 0;
  PixelFormat format = PixelFormat::YUV420;
  unsigned bpc = 8;
};

}  // namespace fastvmaf
