#include "fastvmaf/picture.hpp"

#include <cstring>
#include <new>
#include <stdexcept>

#include "core/huge_pages.hpp"
#include "core/plane_size.hpp"
#include "core/sample.hpp"

namespace fastvmaf {

std::string to_string(PixelFormat f) {
  switch (f) {
    case PixelFormat::YUV420: return "420";
    case PixelFormat::YUV422: return "422";
    case PixelFormat::YUV444: return "444";
  }
  return "?";
}

bool pixel_format_from(std::string_view spelling, PixelFormat& f) {
  for (PixelFormat p : {PixelFormat::YUV420, PixelFormat::YUV422, PixelFormat::YUV444})
    if (spelling == to_string(p)) {
      f = p;
      return true;
    }
  return false;
}

int chroma_shift_x(PixelFormat f) { return (f == PixelFormat::YUV420 || f == PixelFormat::YUV422) ? 1 : 0; }
int chroma_shift_y(PixelFormat f) { return f == PixelFormat::YUV420 ? 1 : 0; }

namespace {
constexpr unsigned kAlignSamples = 32;  // libvmaf's DATA_ALIGN, counted in samples
constexpr std::size_t kAlignBytes = 64;

std::size_t aligned_stride(unsigned width, unsigned bytes) {
  const std::size_t w = (static_cast<std::size_t>(width) + kAlignSamples - 1) / kAlignSamples * kAlignSamples;
  return w * bytes;
}
}  // namespace

unsigned Picture::bytes_per_sample() const { return fastvmaf::bytes_per_sample(bpc_); }

std::size_t Picture::bytes_for(PixelFormat fmt, unsigned bpc, unsigned width, unsigned height) {
  const unsigned bytes = fastvmaf::bytes_per_sample(bpc);
  const unsigned cw = plane_width(fmt, width, 1), ch = plane_height(fmt, height, 1);
  std::size_t total = 0;
  for (int i = 0; i < 3; ++i) {
    total += aligned_stride(i == 0 ? width : cw, bytes) * (i == 0 ? height : ch);
    total = (total + kAlignBytes - 1) / kAlignBytes * kAlignBytes;
  }
  return total;
}

std::size_t Picture::padded_stride(unsigned width, unsigned bpc) { return aligned_stride(width, fastvmaf::bytes_per_sample(bpc)); }

namespace {
void check_geometry(unsigned bpc, unsigned width, unsigned height) {
  if (bpc < 8 || bpc > 16) throw std::invalid_argument("unsupported bit depth " + std::to_string(bpc));
  if (width == 0 || height == 0) throw std::invalid_argument("picture width and height must be positive");
}
}  // namespace

Picture Picture::wrap(PixelFormat fmt, unsigned bpc, unsigned width, unsigned height, const Plane planes[3],
                      std::shared_ptr<void> owner, std::size_t bytes) {
  check_geometry(bpc, width, height);
  Picture p;
  p.fmt_ = fmt;
  p.bpc_ = bpc;
  for (int i = 0; i < 3; ++i) {
    Plane& pl = p.planes_[i];
    pl = planes[i];
    pl.width = plane_width(fmt, width, i);
    pl.height = plane_height(fmt, height, i);
    if (!pl.data || pl.stride < static_cast<std::ptrdiff_t>(padded_stride(pl.width, bpc)))
      throw std::invalid_argument("wrapped picture: a plane has no data or a stride below its padded width");
  }
  p.storage_ = std::move(owner);
  p.size_ = bytes;
  return p;
}

Picture Picture::allocate(PixelFormat fmt, unsigned bpc, unsigned width, unsigned height) {
  check_geometry(bpc, width, height);
  Picture p;
  p.fmt_ = fmt;
  p.bpc_ = bpc;
  const unsigned bytes = fastvmaf::bytes_per_sample(bpc);
  const unsigned cw = plane_width(fmt, width, 1), ch = plane_height(fmt, height, 1);

  std::size_t offsets[3] = {0, 0, 0};
  std::size_t total = 0;
  for (int i = 0; i < 3; ++i) {
    Plane& pl = p.planes_[i];
    pl.width = i == 0 ? width : cw;
    pl.height = i == 0 ? height : ch;
    pl.stride = static_cast<std::ptrdiff_t>(aligned_stride(pl.width, bytes));
    offsets[i] = total;
    total += static_cast<std::size_t>(pl.stride) * pl.height;
    total = (total + kAlignBytes - 1) / kAlignBytes * kAlignBytes;
  }
  // One zeroed, 64-byte aligned block for all planes: on huge pages from 2 MiB
  // (core/huge_pages.hpp), else from operator new.
  std::uint8_t* raw;
  if (huge_pages::maps(total)) {
    raw = static_cast<std::uint8_t*>(huge_pages::map_zeroed(total));
    p.storage_ = std::shared_ptr<void>(raw, [total](void* q) { huge_pages::unmap(q, total); });
  } else {
    raw = static_cast<std::uint8_t*>(::operator new[](total, std::align_val_t{kAlignBytes}));
    std::memset(raw, 0, total);
    p.storage_ = std::shared_ptr<void>(
        raw, [](void* q) { ::operator delete[](q, std::align_val_t{kAlignBytes}); });
  }
  p.size_ = total;
  for (int i = 0; i < 3; ++i) {
    p.planes_[i].data = raw + offsets[i];
  }
  return p;
}

}  // namespace fastvmaf
