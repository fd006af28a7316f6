// Large zeroed blocks on transparent huge pages. A picture or a frame-sized buffer of
// several MiB first touched on 4 KiB pages costs a page fault per 4 KiB, a trip into the
// kernel (and in a VM, its hypervisor) each: three thousand for one 4K picture, and on a
// short clip those first touches were a fifth of a psnr run. Mapped from the kernel on a
// 2 MiB boundary and marked with madvise(MADV_HUGEPAGE), every whole 2 MiB of a block is
// one fault, and the pages arrive zeroed. A block ends at its last 4 KiB page, so a huge
// page never holds more than the block needs; where the kernel declines huge pages the
// block is still good, on 4 KiB pages. Finding a free huge page may make the kernel
// compact memory (its defrag setting "madvise"); callers map blocks they keep and reuse
// (the readers' picture pools, an extractor's buffers), so that is paid once per block.
#pragma once

#include <cstddef>
#include <new>
#include <vector>

namespace fastvmaf::huge_pages {

// Under AddressSanitizer nothing is mapped here: every block comes from operator new, so
// that reads past a buffer stay reports rather than faults or silence.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kEnabled = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kEnabled = false;
#else
inline constexpr bool kEnabled = true;
#endif
#else
inline constexpr bool kEnabled = true;
#endif

// Blocks below this size are not worth a mapping of their own.
inline constexpr std::size_t kMinBytes = std::size_t{2} << 20;

// Whether a block of `bytes` comes from map_zeroed: decided by the size alone, so whoever
// frees it knows how.
constexpr bool maps(std::size_t bytes) { return kEnabled && bytes >= kMinBytes; }

// A zeroed block of `bytes` starting on a 2 MiB boundary; std::bad_alloc when the kernel
// refuses. Released with unmap(block, bytes).
void* map_zeroed(std::size_t bytes);
void unmap(void* block, std::size_t bytes) noexcept;

// A std::allocator for frame-sized buffers (std::vector<T, Allocator<T>>): blocks that
// maps() from map_zeroed, the others from operator new. The vector still value-initialises
// its elements, now over pages that fault 2 MiB at a time.
template <class T>
struct Allocator {
  using value_type = T;
  static constexpr std::align_val_t kAlign{alignof(T) < 64 ? 64 : alignof(T)};
  Allocator() = default;
  template <class U>
  Allocator(const Allocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    return static_cast<T*>(maps(bytes) ? map_zeroed(bytes) : ::operator new(bytes, kAlign));
  }
  void deallocate(T* p, std::size_t n) noexcept {
    const std::size_t bytes = n * sizeof(T);
    if (maps(bytes))
      unmap(p, bytes);
    else
      ::operator delete(p, kAlign);
  }
  friend bool operator==(const Allocator&, const Allocator&) { return true; }
};

template <class T>
using Vector = std::vector<T, Allocator<T>>;

}  // namespace fastvmaf::huge_pages
