#include "fastvmaf/picture.hpp"

#include <cstdint>
#include <cstring>
#include <new>
#include <stdexcept>

#include <sys/mman.h>

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

// Pictures of at least 2 MiB are mapped from the kernel starting on a 2 MiB boundary and
// marked for transparent huge pages (madvise): every whole 2 MiB of the block is then one
// page fault instead of 512 (a 4K picture: 6 and a tail, against 3 000), and the kernel's
// pages arrive zeroed, so there is no memset. The block ends at the picture's last 4 KiB
// page: a huge page is never more than the picture needs. Smaller pictures come from
// operator new, zeroed here.
// Under AddressSanitizer every picture comes from operator new, so that reads past a
// picture stay reports rather than faults or silence.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kMapPictures = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kMapPictures = false;
#else
constexpr bool kMapPictures = true;
#endif
#else
constexpr bool kMapPictures = true;
#endif
constexpr std::size_t kHugePage = std::size_t{2} << 20;
constexpr std::size_t kSmallPage = 4096;

std::size_t mapped_size(std::size_t bytes) { return (bytes + kSmallPage - 1) / kSmallPage * kSmallPage; }

// A zeroed block of mapped_size(bytes) on a 2 MiB boundary, or null when the kernel
// refuses (the caller falls back to operator new). Released with munmap.
void* map_picture(std::size_t bytes) {
  const std::size_t size = mapped_size(bytes);
  void* raw = ::mmap(nullptr, size + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return nullptr;
  // Keep the `size` bytes from the first 2 MiB boundary, hand the rest back.
  const auto begin = reinterpret_cast<std::uintptr_t>(raw);
  const std::uintptr_t aligned = (begin + kHugePage - 1) / kHugePage * kHugePage;
  const std::uintptr_t end = begin + size + kHugePage;
  if (aligned > begin) ::munmap(raw, aligned - begin);
  if (end > aligned + size) ::munmap(reinterpret_cast<void*>(aligned + size), end - (aligned + size));
  void* block = reinterpret_cast<void*>(aligned);
#ifdef MADV_HUGEPAGE
  ::madvise(block, size, MADV_HUGEPAGE);  // advice: where the kernel declines, 4 KiB pages
#endif
  return block;
}

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
  // One zeroed, 64-byte aligned block for all planes.
  std::uint8_t* raw = nullptr;
  if (kMapPictures && total >= kHugePage) raw = static_cast<std::uint8_t*>(map_picture(total));
  if (raw != nullptr) {
    p.storage_ = std::shared_ptr<void>(raw, [size = mapped_size(total)](void* q) { ::munmap(q, size); });
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
